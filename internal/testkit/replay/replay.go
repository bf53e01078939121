// Package replay serves recorded responses of a provider's HTTP API to the
// provider's real SDK client, in the tests of the SDK adapters: each
// request is checked (its path, and its body, as the SDK wrote it) and
// answered with the next recorded response. No request leaves the machine.
package replay

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Step is one request the client must send, and the answer.
type Step struct {
	// Path is the request's path, such as /v1/chat/completions.
	Path string
	// Check checks the request's body, a JSON object.
	Check func(t *testing.T, body map[string]json.RawMessage)
	// Response is the file of the recorded response body: a JSON document,
	// or, for a file ending in .sse, a stream of server-sent events, served
	// as text/event-stream.
	Response string
}

// Server starts a server that expects the steps' requests in order. The
// test fails on a request out of order, and when a step's request never
// came.
func Server(t *testing.T, steps ...Step) *httptest.Server {
	t.Helper()
	var mu sync.Mutex
	next := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if next >= len(steps) {
			t.Errorf("replay: unexpected request %s %s", r.Method, r.URL.Path)
			http.Error(w, "unexpected request", http.StatusTeapot)
			return
		}
		step := steps[next]
		next++
		if r.URL.Path != step.Path {
			t.Errorf("replay: request %d: path %s, want %s", next, r.URL.Path, step.Path)
		}
		raw, err := io.ReadAll(r.Body)
		if err != nil {
			t.Errorf("replay: reading the request: %v", err)
		}
		var body map[string]json.RawMessage
		if err := json.Unmarshal(raw, &body); err != nil {
			t.Errorf("replay: request %d is not a JSON object: %v\n%s", next, err, raw)
		} else if step.Check != nil {
			step.Check(t, body)
		}
		resp, err := os.ReadFile(step.Response)
		if err != nil {
			t.Errorf("replay: %v", err)
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if strings.HasSuffix(step.Response, ".sse") {
			w.Header().Set("Content-Type", "text/event-stream")
		} else {
			w.Header().Set("Content-Type", "application/json")
		}
		w.Write(resp)
	}))
	t.Cleanup(func() {
		srv.Close()
		mu.Lock()
		defer mu.Unlock()
		if next < len(steps) {
			t.Errorf("replay: %d of %d requests were sent", next, len(steps))
		}
	})
	return srv
}

// File writes a response a test builds (one too large to keep in testdata,
// such as a completion of a thousand tool calls) to a file of the test, and
// returns its path, for a Step's Response.
func File(t *testing.T, response []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "response.json")
	if err := os.WriteFile(path, response, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
