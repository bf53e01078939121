package client

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Asking a server for its tools at generate time: a minimal MCP client of
// the standard library, over stdio (ListCommand) or streamable HTTP
// (ListURL). It initializes, sends notifications/initialized and asks
// tools/list page by page, following nextCursor; it answers a server's
// ping and refuses its other requests. Everything it reads is bounded.

// ProtocolVersion is the MCP version toolgen asks a server for; the
// server may answer another, which toolgen then speaks (it asks only for
// tools/list, the same in every version).
const ProtocolVersion = "2025-06-18"

const (
	// MaxMessageBytes is the most bytes of one message from a server.
	MaxMessageBytes = 16 << 20
	// MaxPages is the most pages of tools/list toolgen reads.
	MaxPages = 100
	// MaxListBytes is the most bytes of all pages together.
	MaxListBytes = 64 << 20
)

// rpcResponse is a JSON-RPC message from a server: a response, a
// notification or a request.
type rpcResponse struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// roundTrip sends a request or a notification (id 0) and returns the
// result of a request.
type roundTrip func(ctx context.Context, id int, method string, params any) (json.RawMessage, error)

// listTools runs the session of a generate-time client over rt and returns
// {"tools":[...]}, every page's tools in order.
func listTools(ctx context.Context, rt roundTrip) ([]byte, error) {
	init := map[string]any{"protocolVersion": ProtocolVersion, "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "toolgen", "version": "client"}}
	res, err := rt(ctx, 1, "initialize", init)
	if err != nil {
		return nil, fmt.Errorf("initialize: %w", err)
	}
	var initRes struct {
		Capabilities struct {
			Tools *json.RawMessage `json:"tools"`
		} `json:"capabilities"`
	}
	if err := json.Unmarshal(res, &initRes); err != nil {
		return nil, fmt.Errorf("initialize: reading the result: %w", err)
	}
	if initRes.Capabilities.Tools == nil {
		return nil, errors.New("the server does not declare the tools capability: it serves no tools")
	}
	if _, err := rt(ctx, 0, "notifications/initialized", nil); err != nil {
		return nil, fmt.Errorf("notifications/initialized: %w", err)
	}
	var tools []json.RawMessage
	cursor, total := "", 0
	for page := 0; ; page++ {
		if page == MaxPages {
			return nil, fmt.Errorf("tools/list: more than %d pages", MaxPages)
		}
		var params any
		if cursor != "" {
			params = map[string]string{"cursor": cursor}
		}
		res, err := rt(ctx, 2+page, "tools/list", params)
		if err != nil {
			return nil, fmt.Errorf("tools/list: %w", err)
		}
		if total += len(res); total > MaxListBytes {
			return nil, fmt.Errorf("tools/list: more than %d MiB in all", MaxListBytes>>20)
		}
		var list struct {
			Tools      []json.RawMessage `json:"tools"`
			NextCursor string            `json:"nextCursor"`
		}
		if err := json.Unmarshal(res, &list); err != nil {
			return nil, fmt.Errorf("tools/list: reading the result: %w", err)
		}
		tools = append(tools, list.Tools...)
		if list.NextCursor == "" {
			break
		}
		if list.NextCursor == cursor {
			return nil, errors.New("tools/list: the server returned the same cursor twice")
		}
		cursor = list.NextCursor
	}
	if tools == nil {
		tools = []json.RawMessage{}
	}
	return json.Marshal(map[string]any{"tools": tools})
}

// request is the JSON-RPC message of a request (id > 0) or a
// notification.
func request(id int, method string, params any) ([]byte, error) {
	msg := map[string]any{"jsonrpc": "2.0", "method": method}
	if id > 0 {
		msg["id"] = id
	}
	if params != nil {
		msg["params"] = params
	}
	return json.Marshal(msg)
}

// answer is the reply to a server's request: a ping's empty result, any
// other's "method not found".
func answer(m rpcResponse) []byte {
	reply := map[string]any{"jsonrpc": "2.0", "id": m.ID}
	if m.Method == "ping" {
		reply["result"] = map[string]any{}
	} else {
		reply["error"] = map[string]any{"code": -32601, "message": "toolgen asks for tools/list only, and answers no request"}
	}
	out, _ := json.Marshal(reply)
	return out
}

// result is the result of the response m to request id, or nil when m is
// something else.
func result(m rpcResponse, id int) (json.RawMessage, bool, error) {
	if m.Method != "" || string(m.ID) != fmt.Sprint(id) {
		return nil, false, nil
	}
	if m.Error != nil {
		return nil, true, fmt.Errorf("the server answered error %d: %s", m.Error.Code, m.Error.Message)
	}
	if m.Result == nil {
		return nil, true, errors.New("the server answered neither a result nor an error")
	}
	return m.Result, true, nil
}

// ListCommand starts argv as an MCP server on standard input and output
// and returns its tools/list, {"tools":[...]}. The server is stopped when
// the list is read or ctx is done; an error names the command and ends
// with what the server wrote last on standard error.
func ListCommand(ctx context.Context, argv []string, dir string) ([]byte, error) {
	if len(argv) == 0 {
		return nil, errors.New("no command to run")
	}
	name := strings.Join(argv, " ")
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.WaitDelay = 2 * time.Second
	stderr := &tailBuffer{max: 4 << 10}
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("server %s: %w", name, err)
	}
	var stopOnce sync.Once
	stop := func() {
		stopOnce.Do(func() {
			// End of input ends an MCP server on stdio (and the program a
			// `go run` starts, which a kill of go run would not); one
			// that lingers is killed. Wait reads the rest of its standard
			// error.
			stdin.Close()
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(2 * time.Second):
				cancel()
				<-done
			}
		})
	}
	defer stop()
	lines := bufio.NewScanner(stdout)
	lines.Buffer(make([]byte, 64<<10), MaxMessageBytes)
	// The reads run apart, so that ctx ends a read that blocks.
	type line struct {
		data []byte
		err  error
	}
	next := make(chan line)
	go func() {
		defer close(next)
		for lines.Scan() {
			select {
			case next <- line{data: bytes.Clone(lines.Bytes())}:
			case <-ctx.Done():
				return
			}
		}
		err := lines.Err()
		if err == nil {
			err = io.EOF
		}
		select {
		case next <- line{err: err}:
		case <-ctx.Done():
		}
	}()
	rt := func(ctx context.Context, id int, method string, params any) (json.RawMessage, error) {
		msg, err := request(id, method, params)
		if err != nil {
			return nil, err
		}
		// A server that stopped reading has exited or will: what it wrote
		// says why, so a failed write is not the error reported.
		_, werr := stdin.Write(append(msg, '\n'))
		if werr != nil && id == 0 {
			return nil, fmt.Errorf("the server stopped reading its input: %w", werr)
		}
		for id > 0 {
			var l line
			select {
			case l = <-next:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			if l.err != nil {
				if errors.Is(l.err, bufio.ErrTooLong) {
					return nil, fmt.Errorf("a message longer than %d MiB", MaxMessageBytes>>20)
				}
				return nil, fmt.Errorf("the server closed its output: %w", l.err)
			}
			var m rpcResponse
			if len(bytes.TrimSpace(l.data)) == 0 {
				continue
			}
			if err := json.Unmarshal(l.data, &m); err != nil {
				return nil, fmt.Errorf("the server wrote what is not JSON-RPC on standard output: %.80q", l.data)
			}
			if m.Method != "" && m.ID != nil {
				if _, err := stdin.Write(append(answer(m), '\n')); err != nil {
					return nil, err
				}
				continue
			}
			if res, done, err := result(m, id); done {
				return res, err
			}
		}
		return nil, nil
	}
	out, err := listTools(ctx, rt)
	stop()
	if err != nil {
		err = fmt.Errorf("server %s: %w", name, err)
		if tail := strings.TrimSpace(stderr.String()); tail != "" {
			err = fmt.Errorf("%w; it wrote on standard error:\n%s", err, tail)
		}
	}
	return out, err
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = t.buf[len(t.buf)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.ToValidUTF8(string(t.buf), "\uFFFD")
}

// ListURL asks the MCP server at url, over streamable HTTP, for its
// tools/list, {"tools":[...]}: each message a POST answered with JSON or
// an event stream, the session's Mcp-Session-Id sent back, the session
// ended with DELETE. An error names the URL.
func ListURL(ctx context.Context, url string, client *http.Client) ([]byte, error) {
	if client == nil {
		client = http.DefaultClient
	}
	session, version := "", ""
	rt := func(ctx context.Context, id int, method string, params any) (json.RawMessage, error) {
		msg, err := request(id, method, params)
		if err != nil {
			return nil, err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(msg))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
		}
		if version != "" {
			req.Header.Set("Mcp-Protocol-Version", version)
		}
		resp, err := client.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if s := resp.Header.Get("Mcp-Session-Id"); s != "" {
			session = s
		}
		body := io.LimitReader(resp.Body, MaxMessageBytes+1)
		if resp.StatusCode/100 != 2 {
			text, _ := io.ReadAll(io.LimitReader(body, 512))
			return nil, fmt.Errorf("HTTP %s: %s", resp.Status, strings.TrimSpace(strings.ToValidUTF8(string(text), "\uFFFD")))
		}
		if id == 0 {
			return nil, nil // a notification: 202 Accepted
		}
		mediaType, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
		switch mediaType {
		case "application/json":
			data, err := io.ReadAll(body)
			if err != nil {
				return nil, err
			}
			if len(data) > MaxMessageBytes {
				return nil, fmt.Errorf("a message longer than %d MiB", MaxMessageBytes>>20)
			}
			var m rpcResponse
			if err := json.Unmarshal(data, &m); err != nil {
				return nil, fmt.Errorf("the response is not JSON-RPC: %.80q", data)
			}
			res, done, err := result(m, id)
			if !done {
				return nil, errors.New("the response answers another request")
			}
			if method == "initialize" && err == nil {
				version = negotiated(res)
			}
			return res, err
		case "text/event-stream":
			res, err := readEvents(body, id)
			if method == "initialize" && err == nil {
				version = negotiated(res)
			}
			return res, err
		}
		return nil, fmt.Errorf("the response is %q, neither application/json nor text/event-stream", resp.Header.Get("Content-Type"))
	}
	out, err := listTools(ctx, rt)
	if session != "" {
		if req, rerr := http.NewRequestWithContext(ctx, http.MethodDelete, url, nil); rerr == nil {
			req.Header.Set("Mcp-Session-Id", session)
			if resp, derr := client.Do(req); derr == nil {
				resp.Body.Close()
			}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("server %s: %w", url, err)
	}
	return out, nil
}

// negotiated is the protocol version of an initialize result.
func negotiated(res json.RawMessage) string {
	var r struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	json.Unmarshal(res, &r)
	return r.ProtocolVersion
}

// readEvents reads an event stream until the response to id: the data of
// each event a JSON-RPC message, at most MaxMessageBytes.
func readEvents(r io.Reader, id int) (json.RawMessage, error) {
	lines := bufio.NewScanner(r)
	lines.Buffer(make([]byte, 64<<10), MaxMessageBytes)
	var data []byte
	for lines.Scan() {
		l := lines.Text()
		switch {
		case strings.HasPrefix(l, "data:"):
			if len(data)+len(l) > MaxMessageBytes {
				return nil, fmt.Errorf("a message longer than %d MiB", MaxMessageBytes>>20)
			}
			if data != nil {
				data = append(data, '\n')
			}
			data = append(data, strings.TrimPrefix(strings.TrimPrefix(l, "data:"), " ")...)
		case l == "":
			if len(data) == 0 {
				continue
			}
			var m rpcResponse
			err := json.Unmarshal(data, &m)
			data = nil
			if err != nil {
				continue // not a message of ours
			}
			if res, done, err := result(m, id); done {
				return res, err
			}
		}
	}
	if err := lines.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("a message longer than %d MiB", MaxMessageBytes>>20)
		}
		return nil, err
	}
	return nil, errors.New("the event stream ended without the response")
}
