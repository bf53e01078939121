package mcptool_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/needs"
	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// manualClient declares every capability the needs tools use, and fulfils
// no input request: the test plays the rounds of a confirmation itself, as
// a client of its own would.
func manualClient() *mcp.ClientOptions {
	return &mcp.ClientOptions{
		Capabilities: &mcp.ClientCapabilities{
			Elicitation: &mcp.ElicitationCapabilities{Form: &mcp.FormElicitationCapabilities{}},
			RootsV2:     &mcp.RootCapabilities{},
			Sampling:    &mcp.SamplingCapabilities{},
		},
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
	}
}

var (
	accept  = mcp.InputResponseMap{mcptool.ConfirmKey: &mcp.ElicitResult{Action: "accept"}}
	decline = mcp.InputResponseMap{mcptool.ConfirmKey: &mcp.ElicitResult{Action: "decline"}}
)

// clock is a set's clock that a test moves.
type clock struct{ offset atomic.Int64 }

func (c *clock) now() time.Time          { return time.Now().Add(time.Duration(c.offset.Load())) }
func (c *clock) advance(d time.Duration) { c.offset.Add(int64(d)) }

// A request state that fails verification is the JSON-RPC error -32602,
// as the protocol requires, never a tool result: forged, altered (as the
// conformance suite alters one), another call's (other arguments, another
// tool, another application's key), used, expired, or without its answer.
// An accept or a decline with it runs nothing, and the message says why.
func TestRefusedRequestState(t *testing.T) {
	for _, v := range versions {
		t.Run(v, func(t *testing.T) {
			ctx := context.Background()
			runs := &needs.Runs{}
			clk := &clock{}
			set := needs.NewSet(runs, tool.WithClock(clk.now))
			cs := serve(t, v, set, manualClient())
			issue := func(name, args string) string {
				t.Helper()
				res := set.Call(ctx, name, []byte(args))
				require.Equal(t, tool.StatusNeedsConfirmation, res.Status)
				return res.Approval
			}
			eraseA := map[string]any{"path": "/tmp/a"}
			state := issue("erase", `{"path":"/tmp/a"}`)

			// A state used once, by the call it approves.
			used := issue("erase", `{"path":"/tmp/a"}`)
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "erase", Arguments: eraseA, RequestState: used, InputResponses: accept})
			require.NoError(t, err)
			require.False(t, res.IsError, "%v", res.Content)
			require.Equal(t, 1, runs.Of("erase"))

			// A state of the same call by another application (another key).
			foreign := needs.NewSet(&needs.Runs{}).Call(ctx, "erase", []byte(`{"path":"/tmp/a"}`)).Approval
			// A state of another tool's call.
			purge := issue("purge_workspace", `{"reason":"done"}`)
			// A state that expires.
			old := issue("erase", `{"path":"/tmp/a"}`)

			cases := []struct {
				name      string
				tool      string
				args      map[string]any
				state     string
				responses mcp.InputResponseMap
				reason    string // in the message
			}{
				{"altered", "erase", eraseA, state + "-TAMPERED", accept, "issued for another call"},
				{"forged", "erase", eraseA, strings.Repeat("A", len(state)), accept, "issued for another call"},
				{"not base64", "erase", eraseA, "<script>" + strings.Repeat("\u202e", 300), accept, "issued for another call"},
				{"a megabyte", "erase", eraseA, strings.Repeat(state, (1<<20)/len(state)), accept, "issued for another call"},
				{"other arguments", "erase", map[string]any{"path": "/etc/passwd"}, state, accept, "issued for another call"},
				{"another tool's", "erase", eraseA, purge, accept, "issued for another call"},
				{"another application's", "erase", eraseA, foreign, accept, "issued for another call"},
				{"used", "erase", eraseA, used, accept, "used already"},
				{"used, declined", "erase", eraseA, used, decline, "used already"},
				{"forged, declined", "erase", eraseA, strings.Repeat("A", len(state)), decline, "issued for another call"},
				{"no answer", "erase", eraseA, state, nil, "without the answer to the confirmation"},
				{"an answer under another key", "erase", eraseA, state, mcp.InputResponseMap{"other": &mcp.ElicitResult{Action: "accept"}}, "without the answer"},
			}
			for _, c := range cases {
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args, RequestState: c.state, InputResponses: c.responses})
				require.Nil(t, res, c.name)
				rpcErr := requireRPCError(t, err, jsonrpc.CodeInvalidParams)
				assert.Contains(t, rpcErr.Message, "the requestState of this call of erase failed verification", c.name)
				assert.Contains(t, rpcErr.Message, c.reason, c.name)
				assert.Contains(t, rpcErr.Message, "so the call did not run", c.name)
			}

			clk.advance(16 * time.Minute) // past the approval lifetime, 15 minutes
			_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "erase", Arguments: eraseA, RequestState: old, InputResponses: accept})
			rpcErr := requireRPCError(t, err, jsonrpc.CodeInvalidParams)
			assert.Contains(t, rpcErr.Message, "expired")

			assert.Equal(t, 1, runs.Of("erase"), "only the approved call ran")
			assert.Zero(t, runs.Of("purge_workspace"))

			// The state of the altered case stays good for its own call:
			// a refused state uses nothing.
			fresh := issue("erase", `{"path":"/tmp/b"}`)
			res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "erase", Arguments: map[string]any{"path": "/tmp/b"}, RequestState: fresh, InputResponses: decline})
			require.NoError(t, err)
			assert.True(t, res.IsError)
			assert.Contains(t, res.Content[0].(*mcp.TextContent).Text, "declined by the user")
			assert.Equal(t, 1, runs.Of("erase"), "a valid decline runs nothing, and is a tool result")
		})
	}
}

// The rounds of a confirmation as a client of protocol 2026-07-28 plays
// them: the first call is answered with the question and the state; the
// state answers for that call once, and a replay of the second round is
// -32602.
func TestConfirmationRounds(t *testing.T) {
	ctx := context.Background()
	runs := &needs.Runs{}
	cs := serve(t, versions[0], needs.NewSet(runs), manualClient())
	args := map[string]any{"path": "/tmp/a"}
	first, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "erase", Arguments: args})
	require.NoError(t, err)
	require.NotEmpty(t, first.RequestState)
	question, ok := first.InputRequests[mcptool.ConfirmKey].(*mcp.ElicitParams)
	require.True(t, ok, "%v", first.InputRequests)
	assert.Equal(t, "Allow erase to run? Erases a file. It cannot be undone.\nArguments:\n- path: \"/tmp/a\"", question.Message)
	assert.Zero(t, runs.Total())

	second := &mcp.CallToolParams{Name: "erase", Arguments: args, RequestState: first.RequestState, InputResponses: accept}
	res, err := cs.CallTool(ctx, second)
	require.NoError(t, err)
	assert.False(t, res.IsError, "%v", res.Content)
	assert.Equal(t, 1, runs.Of("erase"))

	_, err = cs.CallTool(ctx, second)
	rpcErr := requireRPCError(t, err, jsonrpc.CodeInvalidParams)
	assert.Equal(t, "the requestState of this call of erase failed verification "+
		"(the approval given was refused: it was used already, and each approval answers for one run of the call), so the call did not run. "+
		"A person confirms each call anew: call the tool again if it still needs to run.", rpcErr.Message)
	assert.Equal(t, 1, runs.Of("erase"), "a replayed state runs nothing")
}

// A tool that asks nothing takes no request state: the call runs as
// without one, whatever the state holds.
func TestRequestStateOfAToolThatAsksNothing(t *testing.T) {
	runs := &needs.Runs{}
	cs := serve(t, versions[0], needs.NewSet(runs), manualClient())
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "ping", Arguments: map[string]any{},
		RequestState: "forged", InputResponses: accept})
	require.NoError(t, err)
	assert.False(t, res.IsError)
	assert.Equal(t, 1, runs.Of("ping"))
}
