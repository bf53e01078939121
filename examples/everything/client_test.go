package main

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/everything/everythingclient"
	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The client `toolgen client` generated from the server's tools/list holds
// every tool the server lists, with the schemas it lists.
func TestClientSchemas(t *testing.T) {
	res, err := connect(t, "").ListTools(context.Background(), nil)
	require.NoError(t, err)
	require.Len(t, everythingclient.Tools, len(res.Tools))
	for i, l := range res.Tools {
		got := everythingclient.Tools[i]
		require.Equal(t, l.Name, got.Name)
		in, err := json.Marshal(l.InputSchema)
		require.NoError(t, err)
		assert.JSONEq(t, string(in), string(got.InputSchema.(json.RawMessage)), l.Name)
		assert.Equal(t, l.OutputSchema == nil, got.OutputSchema == nil, l.Name)
	}
}

// Typed calls reach the handlers; arguments the schema refuses (neither
// phone nor email, which its allOf requires) never leave the client.
func TestClientCalls(t *testing.T) {
	ctx := context.Background()
	c := everythingclient.NewClient(connect(t, ""))
	content, err := c.TestSimpleText(ctx, everythingclient.TestSimpleTextArgs{})
	require.NoError(t, err)
	require.Len(t, content, 1)
	assert.Equal(t, "This is a simple text response for testing.", content[0].(*mcp.TextContent).Text)

	region, level := "eu", int64(2)
	content, err = c.TestXMCPHeader(ctx, everythingclient.TestXMCPHeaderArgs{Region: &region, Level: &level})
	require.NoError(t, err)
	assert.Equal(t, "region=eu", content[0].(*mcp.TextContent).Text)

	email, phone := "ada@example.com", everythingclient.JSONSchema202012ToolArgsContactMethodEmail
	_, err = c.JSONSchema202012Tool(ctx, everythingclient.JSONSchema202012ToolArgs{ContactMethod: &phone, Email: &email,
		Address: &everythingclient.Address{City: &region}})
	require.NoError(t, err)

	_, err = c.JSONSchema202012Tool(ctx, everythingclient.JSONSchema202012ToolArgs{})
	var errs tool.Errors
	require.True(t, errors.As(err, &errs), "%T: %v", err, err)
	assert.Contains(t, errs.Codes(), "missing:email")

	_, err = c.TestErrorHandling(ctx, everythingclient.TestErrorHandlingArgs{})
	var failed *mcptool.ToolError
	require.True(t, errors.As(err, &failed), "%T: %v", err, err)
	assert.Contains(t, failed.Error(), "this tool intentionally returns an error for testing")
}
