package mcptool

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// serverOf serves one tool "t" whose handler answers res, recording the
// arguments it receives, and returns a session with it.
func serverOf(t *testing.T, res *mcp.CallToolResult, got *[]string) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	server := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)
	server.AddTool(&mcp.Tool{Name: "t", InputSchema: json.RawMessage(`{"type":"object"}`)}, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		*got = append(*got, string(req.Params.Arguments))
		return res, nil
	})
	serverT, clientT := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverT, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v1"}, nil).Connect(ctx, clientT, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs
}

// positive accepts an object whose n is a positive number.
func positive(v any) tool.Errors {
	m, _ := v.(map[string]any)
	if n, ok := m["n"].(json.Number); ok {
		if f, _ := n.Float64(); f > 0 {
			return nil
		}
	}
	return tool.Errors{{Code: "minimum", Path: "/n", Name: "n", Expected: "> 0"}}
}

// TestCallTool checks what a generated client's method does: arguments
// checked before they are sent, the structured result checked and
// decoded, isError and a missing result as errors to inspect.
func TestCallTool(t *testing.T) {
	ctx := context.Background()
	type out struct{ N float64 }
	var sent []string

	cs := serverOf(t, &mcp.CallToolResult{StructuredContent: map[string]any{"n": 2}, Content: []mcp.Content{&mcp.TextContent{Text: `{"n":2}`}}}, &sent)
	var o out
	_, err := CallTool(ctx, cs, "t", map[string]int{"n": 1}, positive, &o, positive)
	require.NoError(t, err)
	assert.Equal(t, 2.0, o.N)
	// No arguments are an empty object; a nil result skips the result.
	_, err = CallTool(ctx, cs, "t", map[string]int(nil), nil, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{`{"n":1}`, `{}`}, sent)

	_, err = CallTool(ctx, cs, "t", map[string]int{"n": -1}, positive, &o, positive)
	var invalid *ValidationError
	require.True(t, errors.As(err, &invalid), "%T: %v", err, err)
	assert.False(t, invalid.Result)
	assert.Equal(t, []string{"minimum:n"}, invalid.Errors.Codes())
	assert.Len(t, sent, 2, "invalid arguments are not sent")

	cs = serverOf(t, &mcp.CallToolResult{StructuredContent: map[string]any{"n": -2}, Content: []mcp.Content{&mcp.TextContent{Text: "{}"}}}, &sent)
	_, err = CallTool(ctx, cs, "t", map[string]int{"n": 1}, positive, &o, positive)
	require.True(t, errors.As(err, &invalid), "%T: %v", err, err)
	assert.True(t, invalid.Result)
	var errs tool.Errors
	require.True(t, errors.As(err, &errs))
	assert.Equal(t, []string{"minimum:n"}, errs.Codes())
	assert.Contains(t, err.Error(), "calling t: invalid result: ")

	cs = serverOf(t, &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "plain"}}}, &sent)
	_, err = CallTool(ctx, cs, "t", map[string]int{"n": 1}, positive, &o, positive)
	require.True(t, errors.As(err, &invalid), "%T: %v", err, err)
	assert.Equal(t, []string{"missing:structuredContent"}, invalid.Errors.Codes())

	cs = serverOf(t, &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "no such booking"}}}, &sent)
	res, err := CallTool(ctx, cs, "t", map[string]int{"n": 1}, positive, &o, positive)
	var failed *ToolError
	require.True(t, errors.As(err, &failed), "%T: %v", err, err)
	assert.Same(t, res, failed.Result)
	assert.Equal(t, "tool t failed: no such booking", err.Error())
}
