package main

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/travel"
)

// connect starts the server and connects a real client to it over the
// SDK's in-memory transport.
func connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	server, err := newServer()
	require.NoError(t, err)
	serverT, clientT := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverT, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0.0.1"}, nil)
	cs, err := client.Connect(ctx, clientT, &mcp.ClientSessionOptions{ProtocolVersion: protocolVersion})
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestListTools(t *testing.T) {
	cs := connect(t)
	assert.Equal(t, protocolVersion, cs.InitializeResult().ProtocolVersion)
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	require.Len(t, res.Tools, len(travel.Tools))
	byName := map[string]*mcp.Tool{}
	for _, listed := range res.Tools {
		byName[listed.Name] = listed
	}
	for _, tl := range travel.Tools {
		listed := byName[tl.Name]
		require.NotNil(t, listed, "%s is listed", tl.Name)
		assert.Equal(t, tl.Description, listed.Description)
		schema, err := json.Marshal(listed.InputSchema)
		require.NoError(t, err)
		assert.JSONEq(t, string(tl.Dialects.MCP.Parameters), string(schema), "%s: the client sees the generated schema", tl.Name)

		var def struct {
			Annotations *mcp.ToolAnnotations `json:"annotations"`
		}
		require.NoError(t, json.Unmarshal(tl.Dialects.MCP.Tool, &def))
		require.NotNil(t, listed.Annotations)
		assert.Equal(t, def.Annotations.ReadOnlyHint, listed.Annotations.ReadOnlyHint, tl.Name)
		assert.Equal(t, def.Annotations.DestructiveHint, listed.Annotations.DestructiveHint, tl.Name)
	}
	assert.True(t, byName["search_flights"].Annotations.ReadOnlyHint, "search_flights reads")
	assert.True(t, *byName["book_flight"].Annotations.DestructiveHint, "book_flight is dangerous")
}

func TestCallValid(t *testing.T) {
	cs := connect(t)
	args := map[string]any{"from": "CDG", "to": "JFK", "date": "2026-05-01", "passengers": 1, "nonstop": nil}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "search_flights", Arguments: args})
	require.NoError(t, err)
	assert.False(t, res.IsError)
	require.Len(t, res.Content, 1)
	want, err := travel.Execute("search_flights", map[string]any{"from": "CDG", "to": "JFK", "date": "2026-05-01", "passengers": 1.0})
	require.NoError(t, err)
	assert.Equal(t, want, res.Content[0].(*mcp.TextContent).Text)
}

// Invalid arguments: a normal result with isError, whose text is the
// validator's errors as JSON (MCP 2025-11-25, SEP-1303).
func TestCallInvalid(t *testing.T) {
	cs := connect(t)
	args := map[string]any{"flight_id": "af12", "passengers": []any{}, "seats": 2}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "book_flight", Arguments: args})
	require.NoError(t, err, "invalid input is not a protocol error")
	assert.True(t, res.IsError)
	require.Len(t, res.Content, 1)
	errs := travel.BookFlightTool.Validate(map[string]any{"flight_id": "af12", "passengers": []any{}, "seats": 2.0})
	assert.Equal(t, []string{"minItems:passengers", "pattern:flight_id", "unexpected:seats"}, errs.Codes())
	assert.Equal(t, errs.JSON(), res.Content[0].(*mcp.TextContent).Text)
}

// An unknown tool is a JSON-RPC error, invalid params.
func TestCallUnknownTool(t *testing.T) {
	cs := connect(t)
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "cancel_flight", Arguments: map[string]any{}})
	require.Error(t, err)
	var rpcErr *jsonrpc.Error
	require.True(t, errors.As(err, &rpcErr), "%T: %v", err, err)
	assert.Equal(t, int64(jsonrpc.CodeInvalidParams), rpcErr.Code)
	assert.Contains(t, rpcErr.Message, `unknown tool "cancel_flight"`)
}
