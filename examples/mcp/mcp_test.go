package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/internal/testkit/node"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// connect starts the server and connects a real client to it over the
// SDK's in-memory transport, asking for protocol version.
func connect(t *testing.T, version string) *mcp.ClientSession {
	t.Helper()
	return connectWith(t, version, nil)
}

// connectWith connects a client whose person answers elicitations with
// answer (nil: a client without elicitation).
func connectWith(t *testing.T, version string, answer func(*mcp.ElicitRequest) string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	server, err := newServer(travel.NewAirline().NewSet(tool.WithLogger(slog.New(slog.DiscardHandler))))
	require.NoError(t, err)
	serverT, clientT := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverT, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	var opts mcp.ClientOptions
	if answer != nil {
		opts.ElicitationHandler = func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: answer(req)}, nil
		}
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0.0.1"}, &opts)
	cs, err := client.Connect(ctx, clientT, &mcp.ClientSessionOptions{ProtocolVersion: version})
	require.NoError(t, err, "protocol %s", version)
	t.Cleanup(func() { cs.Close() })
	return cs
}

// latest is the newest protocol version the SDK supports.
var latest = mcp.SupportedProtocolVersions()[0]

// The server speaks every protocol version the SDK supports, each client
// the version it asks for.
func TestEveryProtocolVersion(t *testing.T) {
	versions := mcp.SupportedProtocolVersions()
	require.GreaterOrEqual(t, len(versions), 4)
	for _, v := range versions {
		cs := connect(t, v)
		if init := cs.InitializeResult(); init != nil {
			assert.Equal(t, v, init.ProtocolVersion)
		}
		res, err := cs.ListTools(context.Background(), nil)
		require.NoError(t, err, v)
		assert.Len(t, res.Tools, len(travel.Tools), v)
	}
}

func TestListTools(t *testing.T) {
	cs := connect(t, latest)
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
		require.NotNil(t, listed.Annotations)
		assert.Equal(t, tl.Idempotent, listed.Annotations.IdempotentHint, tl.Name)
		assert.Equal(t, tl.Risk == tool.RiskRead, listed.Annotations.ReadOnlyHint, tl.Name)
	}
	assert.True(t, *byName["book_flight"].Annotations.DestructiveHint, "book_flight is dangerous")
	assert.False(t, byName["book_flight"].Annotations.IdempotentHint, "booking twice books twice")
	assert.True(t, byName["get_booking"].Annotations.IdempotentHint)
}

func TestCallValid(t *testing.T) {
	cs := connect(t, latest)
	args := map[string]any{"from": "CDG", "to": "JFK", "date": "2026-05-01", "passengers": 1, "nonstop": nil}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "search_flights", Arguments: args})
	require.NoError(t, err)
	assert.False(t, res.IsError)
	require.Len(t, res.Content, 1)
	const want = `{"flights":[{"id":"AFC12","depart":"2026-05-01T09:40","arrive":"2026-05-01T12:05","nonstop":true,"price":420.5},{"id":"BAJ345","depart":"2026-05-01T13:15","arrive":"2026-05-01T18:30","nonstop":false,"price":318}]}`
	assert.JSONEq(t, want, res.Content[0].(*mcp.TextContent).Text)
	structured, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	assert.JSONEq(t, want, string(structured), "a typed result is structuredContent too")
}

// Invalid arguments: a normal result with isError, whose text says what was
// wrong (MCP 2025-11-25, SEP-1303), before anyone is asked; a dangerous call
// from a client that cannot ask its person is refused with -32021.
func TestCallRefused(t *testing.T) {
	cs := connectWith(t, latest, func(*mcp.ElicitRequest) string {
		t.Error("a call with invalid arguments asked the person")
		return "decline"
	})
	args := map[string]any{"flight_id": "af12", "passengers": []any{}, "seats": 2}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "book_flight", Arguments: args})
	require.NoError(t, err, "invalid input is not a protocol error")
	assert.True(t, res.IsError)
	require.Len(t, res.Content, 1)
	assert.Equal(t, "The call to book_flight was rejected and not executed:\n"+
		"- unexpected argument 'seats'\n"+
		"- argument 'flight_id' should be a string matching the pattern ^[A-Z0-9]+$, got \"af12\"\n"+
		"- argument 'passengers' should be an array of at least 1 item, got an array of 0 items\n"+
		"Correct the arguments and call the tool again.", res.Content[0].(*mcp.TextContent).Text)

	args = map[string]any{"flight_id": "AF1234", "passengers": []any{map[string]any{"name": "Ada", "birth_year": 1990}}}
	_, err = connect(t, latest).CallTool(context.Background(), &mcp.CallToolParams{Name: "book_flight", Arguments: args})
	var rpcErr *jsonrpc.Error
	require.True(t, errors.As(err, &rpcErr), "%T: %v", err, err)
	assert.Equal(t, int64(mcp.CodeMissingRequiredClientCapabilities), rpcErr.Code)
	assert.JSONEq(t, `{"requiredCapabilities":{"elicitation":{"form":{}}}}`, string(rpcErr.Data))
}

// A booking asks the person at the client: accepting books that flight,
// declining books nothing.
func TestBookingByElicitation(t *testing.T) {
	var asked []string
	answer := "accept"
	cs := connectWith(t, latest, func(req *mcp.ElicitRequest) string {
		asked = append(asked, req.Params.Message)
		return answer
	})
	args := map[string]any{"flight_id": "AF1234", "passengers": []any{map[string]any{"name": "Ada", "birth_year": 1990}}}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "book_flight", Arguments: args})
	require.NoError(t, err)
	require.False(t, res.IsError, "%v", res.Content)
	structured, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	assert.JSONEq(t, `{"reference":"AF1007","flight_id":"AF1234","seats":1,"status":"confirmed"}`, string(structured))
	require.Len(t, asked, 1)
	assert.Equal(t, "Allow book_flight to run? Books seats on a flight that search_flights found.\n"+
		"Arguments:\n"+
		"- flight_id: \"AF1234\"\n"+
		"- passengers: an array of 1 item\n"+
		"  - [0]: an object of 2 members\n"+
		"    - birth_year: 1990\n"+
		"    - name: \"Ada\"", asked[0])

	answer = "decline"
	args["flight_id"] = "BA0117"
	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "book_flight", Arguments: args})
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Content[0].(*mcp.TextContent).Text, "The call to book_flight was declined by the user and not executed")
	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_booking", Arguments: map[string]any{"reference": "BA0007"}})
	require.NoError(t, err)
	assert.True(t, res.IsError, "nothing was booked")
}

// An unknown tool is a JSON-RPC error, invalid params.
func TestCallUnknownTool(t *testing.T) {
	cs := connect(t, latest)
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "cancel_flight", Arguments: map[string]any{}})
	require.Error(t, err)
	var rpcErr *jsonrpc.Error
	require.True(t, errors.As(err, &rpcErr), "%T: %v", err, err)
	assert.Equal(t, int64(jsonrpc.CodeInvalidParams), rpcErr.Code)
	assert.Contains(t, rpcErr.Message, `unknown tool "cancel_flight"`)
}

// Clients of the official TypeScript SDK, one version per protocol
// revision it spoke, start the server as a process, connect over standard
// input and output in the version they ask for, list the tools and call
// them.
func TestTypeScriptClients(t *testing.T) {
	modules := node.Install(t, "testdata/typescript")
	server := filepath.Join(t.TempDir(), "travel-mcp")
	if out, err := exec.Command("go", "build", "-o", server, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	calls, err := json.Marshal([]map[string]any{
		{"name": "get_booking", "arguments": map[string]any{"reference": "GJ5007"}},
		{"name": "get_booking", "arguments": map[string]any{"reference": "gj5007"}},
		{"name": "cancel_flight", "arguments": map[string]any{}},
		{"name": "book_flight", "arguments": map[string]any{"flight_id": "AF1234", "passengers": []any{map[string]any{"name": "Ada", "birth_year": 1990}}}},
	})
	require.NoError(t, err)
	for _, version := range []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"} {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			// Clients of the revisions with elicitation confirm the booking.
			elicits := version >= "2025-06-18"
			answer := ""
			if elicits {
				answer = "accept"
			}
			cmd := exec.CommandContext(ctx, node.Node(t), "testdata/typescript/client.mjs", modules, "sdk-"+version, server, string(calls), answer)
			out, err := cmd.Output()
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				t.Fatalf("client: %v\n%s", err, exit.Stderr)
			}
			require.NoError(t, err)
			var got struct {
				Requested, Negotiated string
				Tools                 []struct {
					Name        string
					InputSchema json.RawMessage
					Annotations map[string]any
				}
				Results []struct {
					IsError           bool
					Content           []struct{ Text string }
					StructuredContent json.RawMessage
					ProtocolError     any
				}
				Elicited []string
			}
			require.NoError(t, json.Unmarshal(out, &got), "%s", out)
			assert.Equal(t, version, got.Requested, "the client asks for its own version")
			assert.Equal(t, version, got.Negotiated, "and gets it")
			require.Len(t, got.Tools, len(travel.Tools))
			for _, listed := range got.Tools {
				tl, ok := travel.Tools.Lookup(listed.Name)
				require.True(t, ok, listed.Name)
				assert.JSONEq(t, string(tl.Dialects.MCP.Parameters), string(listed.InputSchema))
				var def struct{ Annotations map[string]any }
				require.NoError(t, json.Unmarshal(tl.Dialects.MCP.Tool, &def))
				assert.Equal(t, def.Annotations, listed.Annotations, tl.Name)
			}
			require.Len(t, got.Results, 4)
			const booking = `{"reference":"GJ5007","flight_id":"GJ0117","seats":1,"status":"confirmed"}`
			assert.False(t, got.Results[0].IsError)
			assert.JSONEq(t, booking, got.Results[0].Content[0].Text)
			// The SDK checks a structuredContent against the outputSchema.
			assert.JSONEq(t, booking, string(got.Results[0].StructuredContent), "a typed result is structuredContent")
			assert.True(t, got.Results[1].IsError)
			assert.Contains(t, got.Results[1].Content[0].Text, "argument 'reference' should be a string matching the pattern ^[A-Z0-9]{6}$")
			assert.EqualValues(t, jsonrpc.CodeInvalidParams, got.Results[2].ProtocolError, "an unknown tool")
			book := got.Results[3]
			if elicits {
				require.Len(t, got.Elicited, 1)
				assert.Contains(t, got.Elicited[0], "Allow book_flight to run?")
				assert.False(t, book.IsError, "%v", book.Content)
				assert.JSONEq(t, `{"reference":"AF1007","flight_id":"AF1234","seats":1,"status":"confirmed"}`, string(book.StructuredContent))
			} else {
				assert.Empty(t, got.Elicited)
				assert.EqualValues(t, mcp.CodeMissingRequiredClientCapabilities, book.ProtocolError, "a client that cannot confirm")
			}
		})
	}
}
