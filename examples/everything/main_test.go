package main

import (
	"bufio"
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// connect returns a client of a new server over the SDK's in-memory
// transport; elicit answers the server's elicitation ("" declares none).
func connect(t *testing.T, elicit string) *mcp.ClientSession {
	t.Helper()
	var opts mcp.ClientOptions
	if elicit != "" {
		opts.ElicitationHandler = func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: elicit}, nil
		}
	}
	return connectWith(t, "", &opts)
}

// The protocol versions of the suite's runs.
const (
	stateful = "2025-11-25" // a server may ask the client while a call runs
	draft    = "2026-07-28" // it may not: multi round-trip requests
)

// connectWith returns a client of a new server, at protocol version (""
// for the latest), with opts, over the SDK's in-memory transport.
func connectWith(t *testing.T, version string, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	server, err := newServer(ctx, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	serverT, clientT := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverT, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, opts).Connect(ctx, clientT,
		&mcp.ClientSessionOptions{ProtocolVersion: version})
	require.NoError(t, err)
	require.Equal(t, cmp.Or(version, mcp.SupportedProtocolVersions()[0]), cs.InitializeResult().ProtocolVersion)
	t.Cleanup(func() { cs.Close() })
	return cs
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args any) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err, name)
	require.NotEmpty(t, res.Content, name)
	return res, res.Content[0].(*mcp.TextContent).Text
}

// Every tool is the generated one, listed with schemas that declare their
// dialect; the transient tool only once a call asks for it.
func TestTools(t *testing.T) {
	cs := connect(t, "")
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	listed := map[string]*mcp.Tool{}
	for _, l := range res.Tools {
		listed[l.Name] = l
	}
	for _, tl := range Tools {
		if tl.Name == TransientToolForListChangedTool.Name {
			assert.NotContains(t, listed, tl.Name)
			continue
		}
		require.Contains(t, listed, tl.Name)
		in, err := json.Marshal(listed[tl.Name].InputSchema)
		require.NoError(t, err)
		var decl struct {
			Schema string `json:"$schema"`
		}
		require.NoError(t, json.Unmarshal(in, &decl))
		assert.Equal(t, "https://json-schema.org/draft/2020-12/schema", decl.Schema, "%s: %s", tl.Name, in)
	}
	assert.Len(t, listed, len(Tools)-1)

	_, text := call(t, cs, "test_trigger_tool_change", map[string]any{})
	assert.Equal(t, "tools_list_changed published", text)
	res, err = cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	assert.Len(t, res.Tools, len(Tools))
}

// The calls the conformance scenarios make that answer text.
func TestCalls(t *testing.T) {
	cs := connect(t, "")
	res, text := call(t, cs, "test_simple_text", map[string]any{})
	assert.False(t, res.IsError)
	assert.Equal(t, "This is a simple text response for testing.", text)

	res, text = call(t, cs, "test_error_handling", map[string]any{})
	assert.True(t, res.IsError)
	assert.Contains(t, text, "this tool intentionally returns an error for testing")

	res, text = call(t, cs, "test_x_mcp_header", map[string]any{"region": "eu", "level": 2})
	assert.False(t, res.IsError)
	assert.Equal(t, "region=eu", text)

	// Arguments are checked: the model reads what to correct.
	res, text = call(t, cs, "test_sampling", map[string]any{})
	assert.True(t, res.IsError)
	assert.Contains(t, text, "prompt")
	res, text = call(t, cs, "json_schema_2020_12_tool", map[string]any{"contactMethod": "fax"})
	assert.True(t, res.IsError)
	assert.Contains(t, text, "contactMethod")
}

// The content tools answer MCP content items, typed, and nothing else: no
// text item before them, no structuredContent.
func TestContent(t *testing.T) {
	cs := connect(t, "")
	png, wav := must(base64.StdEncoding.DecodeString(pngBase64)), must(base64.StdEncoding.DecodeString(wavBase64))
	items := func(name string) []mcp.Content {
		t.Helper()
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
		require.NoError(t, err, name)
		assert.False(t, res.IsError, name)
		assert.Nil(t, res.StructuredContent, name)
		return res.Content
	}
	assert.Equal(t, []mcp.Content{&mcp.ImageContent{Data: png, MIMEType: "image/png"}}, items("test_image_content"))
	assert.Equal(t, []mcp.Content{&mcp.AudioContent{Data: wav, MIMEType: "audio/wav"}}, items("test_audio_content"))
	assert.Equal(t, []mcp.Content{&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
		URI: "test://embedded-resource", MIMEType: "text/plain", Text: "This is an embedded resource content."}}},
		items("test_embedded_resource"))
	assert.Equal(t, []mcp.Content{
		&mcp.TextContent{Text: "Multiple content types test:"},
		&mcp.ImageContent{Data: png, MIMEType: "image/png"},
		&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
			URI: "test://mixed-content-resource", MIMEType: "application/json", Text: `{"test":"data","value":123}`}},
	}, items("test_multiple_content_types"))
}

// notes collects the notifications a client receives, in order.
type notes struct {
	mu  sync.Mutex
	got []any // *mcp.ProgressNotificationParams, *mcp.LoggingMessageParams
}

func (n *notes) add(params any) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.got = append(n.got, params)
}

func (n *notes) options() *mcp.ClientOptions {
	return &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) { n.add(req.Params) },
		LoggingMessageHandler:       func(_ context.Context, req *mcp.LoggingMessageRequest) { n.add(req.Params) },
	}
}

// received waits until the client has p progress notifications and l log
// messages, and returns them; a short wait more shows that no others came.
func (n *notes) received(t *testing.T, p, l int) (progress []*mcp.ProgressNotificationParams, logs []*mcp.LoggingMessageParams) {
	t.Helper()
	split := func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		progress, logs = nil, nil
		for _, g := range n.got {
			switch g := g.(type) {
			case *mcp.ProgressNotificationParams:
				progress = append(progress, g)
			case *mcp.LoggingMessageParams:
				logs = append(logs, g)
			}
		}
	}
	require.Eventually(t, func() bool { split(); return len(progress) >= p && len(logs) >= l }, 5*time.Second, 5*time.Millisecond)
	time.Sleep(50 * time.Millisecond)
	split()
	return progress, logs
}

// test_tool_with_progress reports 0, 50 and 100 of 100 on the call's
// progress token, and nothing to a call without one.
func TestProgress(t *testing.T) {
	for _, version := range []string{stateful, draft} {
		var n notes
		cs := connectWith(t, version, n.options())
		params := &mcp.CallToolParams{Name: "test_tool_with_progress", Arguments: map[string]any{}}
		_, text := call(t, cs, params.Name, params.Arguments)
		assert.Equal(t, "Tool with progress executed successfully", text)
		params.SetProgressToken("progress-test-1")
		res, err := cs.CallTool(context.Background(), params)
		require.NoError(t, err)
		assert.False(t, res.IsError)
		progress, _ := n.received(t, 3, 0)
		require.Len(t, progress, 3, "%s: only the call with a token gets progress", version)
		for i, done := range []float64{0, 50, 100} {
			assert.Equal(t, "progress-test-1", progress[i].ProgressToken)
			assert.Equal(t, done, progress[i].Progress)
			assert.Equal(t, float64(100), progress[i].Total)
		}
	}
}

// test_tool_with_logging logs three messages at info, test_logging_tool
// one; a client receives them once it set a level, and at or above it.
func TestLogs(t *testing.T) {
	ctx := context.Background()
	check := func(t *testing.T, logs []*mcp.LoggingMessageParams) {
		t.Helper()
		require.Len(t, logs, 3, "only the call at level debug logs")
		for i, m := range []string{"Tool execution started", "Tool processing data", "Tool execution completed"} {
			assert.Equal(t, mcp.LoggingLevel("info"), logs[i].Level)
			assert.Equal(t, "test_tool_with_logging", logs[i].Logger)
			assert.Equal(t, m, logs[i].Data)
		}
	}
	t.Run(stateful, func(t *testing.T) {
		var n notes
		cs := connectWith(t, stateful, n.options())
		// No level set: nothing is sent.
		_, text := call(t, cs, "test_logging_tool", map[string]any{})
		assert.Equal(t, "Logged at info: a client that set no level receives nothing.", text)
		require.NoError(t, cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "warning"}))
		call(t, cs, "test_tool_with_logging", map[string]any{})
		require.NoError(t, cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "debug"}))
		_, text = call(t, cs, "test_tool_with_logging", map[string]any{})
		assert.Equal(t, "Tool with logging executed successfully", text)
		_, logs := n.received(t, 0, 3)
		check(t, logs)
	})
	// At 2026-07-28 each request carries its level in _meta.
	t.Run(draft, func(t *testing.T) {
		var n notes
		cs := connectWith(t, draft, n.options())
		call(t, cs, "test_logging_tool", map[string]any{})
		for _, level := range []string{"warning", "debug"} {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "test_tool_with_logging", Arguments: map[string]any{},
				Meta: mcp.Meta{mcp.MetaKeyLogLevel: level}})
			require.NoError(t, err)
			assert.False(t, res.IsError)
		}
		_, logs := n.received(t, 0, 3)
		check(t, logs)
	})
}

// test_sampling asks the client's model the prompt, and answers with what
// it said; a client that cannot sample gets an error the model reads.
func TestSampling(t *testing.T) {
	var asked []*mcp.CreateMessageParams
	sampling := &mcp.ClientOptions{
		CreateMessageHandler: func(_ context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			asked = append(asked, req.Params)
			return &mcp.CreateMessageResult{Role: "assistant", Model: "test-model", StopReason: "endTurn",
				Content: &mcp.TextContent{Text: "This is a test response from the client"}}, nil
		},
	}
	cs := connectWith(t, stateful, sampling)
	res, text := call(t, cs, "test_sampling", map[string]any{"prompt": "Test prompt for sampling"})
	assert.False(t, res.IsError)
	assert.Equal(t, "LLM response: This is a test response from the client", text)
	require.Len(t, asked, 1)
	assert.Equal(t, int64(100), asked[0].MaxTokens)
	require.Len(t, asked[0].Messages, 1)
	assert.Equal(t, &mcp.TextContent{Text: "Test prompt for sampling"}, asked[0].Messages[0].Content)

	res, text = call(t, connectWith(t, stateful, nil), "test_sampling", map[string]any{"prompt": "Test prompt for sampling"})
	assert.True(t, res.IsError)
	assert.Contains(t, text, "this tool needs to ask the client's model (MCP sampling), which this client did not declare")

	// At 2026-07-28 a server may not ask while a call runs: the question
	// is an input request of the result, which the SDK's client answers,
	// calling again.
	res, text = call(t, connectWith(t, draft, sampling), "test_sampling", map[string]any{"prompt": "Test prompt for sampling"})
	assert.False(t, res.IsError)
	assert.Equal(t, "LLM response: This is a test response from the client", text)
	require.Len(t, asked, 2)
	assert.Equal(t, asked[0], asked[1], "the same question either way")
}

// test_elicitation, a dangerous tool, asks the person: it runs on accept
// only.
func TestElicitation(t *testing.T) {
	for action, ran := range map[string]bool{"accept": true, "decline": false, "cancel": false} {
		res, text := call(t, connect(t, action), "test_elicitation", map[string]any{"message": "Your name?"})
		assert.Equal(t, !ran, res.IsError, action)
		if ran {
			assert.Equal(t, "Elicitation result: action=accept", text)
		}
	}
	// A client that cannot ask: -32021 names what it lacks, and the call
	// does not run.
	_, err := connect(t, "").CallTool(context.Background(), &mcp.CallToolParams{Name: "test_elicitation", Arguments: map[string]any{"message": "Your name?"}})
	requireMissingCapability(t, err, `{"elicitation":{"form":{}}}`)
}

// test_missing_capability needs sampling (needs=sampling): a client without
// it gets -32021 and the handler does not run; one with it runs the tool.
func TestMissingCapability(t *testing.T) {
	_, err := connect(t, "").CallTool(context.Background(), &mcp.CallToolParams{Name: "test_missing_capability"})
	requireMissingCapability(t, err, `{"sampling":{}}`)
	cs := connectWith(t, stateful, &mcp.ClientOptions{CreateMessageHandler: func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
		return nil, errors.New("not asked")
	}})
	_, text := call(t, cs, "test_missing_capability", map[string]any{})
	assert.Equal(t, "the client declared sampling", text)
}

// requireMissingCapability asserts the JSON-RPC error -32021 whose data
// names the capabilities the client lacks.
func requireMissingCapability(t *testing.T, err error, required string) {
	t.Helper()
	var rpcErr *jsonrpc.Error
	require.ErrorAs(t, err, &rpcErr)
	assert.Equal(t, int64(-32021), rpcErr.Code)
	var data struct {
		RequiredCapabilities json.RawMessage `json:"requiredCapabilities"`
	}
	require.NoError(t, json.Unmarshal(rpcErr.Data, &data))
	assert.JSONEq(t, required, string(data.RequiredCapabilities))
}

// Resources and prompts are the SDK's.
func TestResourcesAndPrompts(t *testing.T) {
	cs := connect(t, "")
	ctx := context.Background()
	r, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "test://template/42/data"})
	require.NoError(t, err)
	require.Len(t, r.Contents, 1)
	assert.JSONEq(t, `{"id":"42","templateTest":true,"data":"Data for ID: 42"}`, r.Contents[0].Text)
	r, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "test://static-binary"})
	require.NoError(t, err)
	assert.Equal(t, "image/png", r.Contents[0].MIMEType)
	assert.NotEmpty(t, r.Contents[0].Blob)

	p, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "test_prompt_with_arguments", Arguments: map[string]string{"arg1": "a", "arg2": "b"}})
	require.NoError(t, err)
	assert.Equal(t, "Prompt with arguments: arg1='a', arg2='b'", p.Messages[0].Content.(*mcp.TextContent).Text)

	c, err := cs.Complete(ctx, &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "test_prompt_with_arguments"},
		Argument: mcp.CompleteParamsArgument{Name: "arg1", Value: "x"}})
	require.NoError(t, err)
	assert.Empty(t, c.Completion.Values)
}

// The interface other checks rely on: the first line says where the
// server listens, and a client of the SDK's streamable HTTP transport
// talks to it there, with sessions or without.
func TestServeHTTP(t *testing.T) {
	for _, stateless := range []bool{false, true} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		server, err := newServer(ctx, slog.New(slog.DiscardHandler))
		require.NoError(t, err)
		pr, pw := io.Pipe()
		done := make(chan error, 1)
		go func() { done <- serveHTTP(ctx, server, "127.0.0.1:0", stateless, pw) }()
		line, err := bufio.NewReader(pr).ReadString('\n')
		require.NoError(t, err)
		require.Regexp(t, `^listening on http://127\.0\.0\.1:[0-9]+/mcp\n$`, line)
		url := strings.TrimSpace(strings.TrimPrefix(line, "listening on "))

		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
		require.NoError(t, err, "stateless %v", stateless)
		_, text := call(t, cs, "test_simple_text", map[string]any{})
		assert.Equal(t, "This is a simple text response for testing.", text)
		cs.Close()
		cancel()
		assert.NoError(t, <-done)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// test_input_required_result_multi_round asks one form a round; the same
// handler asks by elicitation/create on a session before 2026-07-28 and
// by input requests of its result from then on, which the SDK's client
// answers, calling again with the request state.
func TestMultiRound(t *testing.T) {
	for _, version := range []string{stateful, draft} {
		var asked []string
		cs := connectWith(t, version, &mcp.ClientOptions{
			ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				asked = append(asked, req.Params.Message)
				if strings.HasPrefix(req.Params.Message, "Step 1") {
					return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Alice"}}, nil
				}
				return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"color": "blue"}}, nil
			},
		})
		res, text := call(t, cs, "test_input_required_result_multi_round", map[string]any{})
		assert.False(t, res.IsError, version)
		assert.Equal(t, "Alice likes blue.", text, version)
		assert.Equal(t, []string{"Step 1: What is your name?", "Step 2: What is your favorite color?"}, asked, version)
	}
}
