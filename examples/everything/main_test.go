package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

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
	return connectWith(t, &opts, nil)
}

// connectWith returns a client with opts of a new server over the SDK's
// in-memory transport, in the session's protocol version (nil: the newest).
func connectWith(t *testing.T, opts *mcp.ClientOptions, session *mcp.ClientSessionOptions) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	server, err := newServer(ctx, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	serverT, clientT := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverT, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, opts).Connect(ctx, clientT, session)
	require.NoError(t, err)
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
		assert.True(t, strings.HasPrefix(string(in), `{"$schema":"https://json-schema.org/draft/2020-12/schema"`), "%s: %s", tl.Name, in)
	}
	assert.Len(t, listed, len(Tools)-1)

	_, text := call(t, cs, "test_trigger_tool_change", map[string]any{})
	assert.Equal(t, "tools_list_changed published", text)
	res, err = cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	assert.Len(t, res.Tools, len(Tools))
}

// The calls the conformance scenarios make, as far as a toolgen handler
// answers them today.
func TestCalls(t *testing.T) {
	cs := connect(t, "")
	res, text := call(t, cs, "test_simple_text", map[string]any{})
	assert.False(t, res.IsError)
	assert.Equal(t, "This is a simple text response for testing.", text)

	res, text = call(t, cs, "test_error_handling", map[string]any{})
	assert.True(t, res.IsError)
	assert.Contains(t, text, "this tool intentionally returns an error for testing")

	res, _ = call(t, cs, "test_image_content", map[string]any{})
	assert.False(t, res.IsError)
	assert.JSONEq(t, `{"mimeType":"image/png","data":"`+pngBase64+`"}`, string(must(json.Marshal(res.StructuredContent))))

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
	// A client that cannot ask: the call does not run.
	res, _ := call(t, connect(t, ""), "test_elicitation", map[string]any{"message": "Your name?"})
	assert.True(t, res.IsError)
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
