package mcptool_test

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
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

// requireRPCError asserts that err is a JSON-RPC error with the code, and
// returns it.
func requireRPCError(t *testing.T, err error, code int64) *jsonrpc.Error {
	t.Helper()
	var rpcErr *jsonrpc.Error
	require.True(t, errors.As(err, &rpcErr), "want the JSON-RPC error %d, got %v", code, err)
	require.Equal(t, code, rpcErr.Code, rpcErr.Message)
	return rpcErr
}

// client is a client that declares some capabilities: those of its
// options, and form elicitation when it answers with accept.
type client struct {
	name   string
	caps   mcp.ClientCapabilities
	accept bool // declares form elicitation and accepts every question
}

var clients = []client{
	{name: "nothing"},
	{name: "sampling", caps: mcp.ClientCapabilities{Sampling: &mcp.SamplingCapabilities{}}},
	{name: "roots", caps: mcp.ClientCapabilities{RootsV2: &mcp.RootCapabilities{}}},
	{name: "url elicitation", caps: mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapabilities{URL: &mcp.URLElicitationCapabilities{}}}},
	{name: "elicitation", accept: true},
	{name: "roots and sampling", caps: mcp.ClientCapabilities{RootsV2: &mcp.RootCapabilities{}, Sampling: &mcp.SamplingCapabilities{}}},
	{name: "everything", caps: mcp.ClientCapabilities{RootsV2: &mcp.RootCapabilities{}, Sampling: &mcp.SamplingCapabilities{}}, accept: true},
}

// options are the SDK client's options for c.
func (c client) options() *mcp.ClientOptions {
	caps := c.caps
	opts := &mcp.ClientOptions{Capabilities: &caps}
	if c.accept {
		opts.ElicitationHandler = func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "accept"}, nil
		}
	}
	return opts
}

// declares reports whether c declares what a call needs, by the name of
// requiredCapabilities.
func (c client) declares(name string) bool {
	switch name {
	case "sampling":
		return c.caps.Sampling != nil
	case "roots":
		return c.caps.RootsV2 != nil
	case "elicitation":
		return c.accept
	}
	return false
}

// serve registers set on a server with opts and connects the SDK client of
// clientOpts to it over the in-memory transport, in protocol version.
func serve(t *testing.T, version string, set *tool.Set, clientOpts *mcp.ClientOptions, opts ...mcptool.Option) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	server := mcp.NewServer(&mcp.Implementation{Name: "needs", Version: "v1"}, nil)
	require.NoError(t, mcptool.Register(server, set, opts...))
	serverT, clientT := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverT, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, clientOpts).Connect(ctx, clientT, &mcp.ClientSessionOptions{ProtocolVersion: version})
	require.NoError(t, err, version)
	t.Cleanup(func() { cs.Close() })
	return cs
}

// needsArgs are valid arguments of each tool of the needs fixture.
var needsArgs = map[string]map[string]any{
	"summarize":       {"text": "a long text"},
	"list_roots":      {},
	"ask_name":        {},
	"purge_workspace": {"reason": "done"},
	"erase":           {"path": "/tmp/a"},
	"ping":            {},
}

// required is the requiredCapabilities a client without any capability
// gets for each tool.
var required = map[string][]string{
	"summarize":       {"sampling"},
	"list_roots":      {"roots"},
	"ask_name":        {"elicitation"},
	"purge_workspace": {"elicitation", "roots", "sampling"},
	"erase":           {"elicitation"},
	"ping":            nil,
}

// requiredJSON is the requiredCapabilities naming each capability: form
// elicitation, the others empty.
func requiredJSON(names []string) string {
	m := map[string]any{}
	for _, n := range names {
		m[n] = map[string]any{}
		if n == "elicitation" {
			m[n] = map[string]any{"form": map[string]any{}}
		}
	}
	b, _ := json.Marshal(map[string]any{"requiredCapabilities": m})
	return string(b)
}

// Every tool against every client, in both protocol versions: a call
// whose client lacks a capability of the tool's needs=, or form
// elicitation for a dangerous tool, is -32021 naming exactly what is
// missing, and its handler does not run; the others run.
func TestCallNeedsCapabilities(t *testing.T) {
	for _, v := range versions {
		for _, c := range clients {
			t.Run(v+"/"+c.name, func(t *testing.T) {
				runs := &needs.Runs{}
				cs := serve(t, v, needs.NewSet(runs), c.options())
				for _, name := range slices.Sorted(maps.Keys(needsArgs)) {
					var missing []string
					for _, r := range required[name] {
						if !c.declares(r) {
							missing = append(missing, r)
						}
					}
					before := runs.Of(name)
					res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: needsArgs[name]})
					if len(missing) == 0 {
						require.NoError(t, err, name)
						assert.False(t, res.IsError, "%s: %v", name, res.Content)
						assert.Equal(t, before+1, runs.Of(name), name)
						continue
					}
					rpcErr := requireRPCError(t, err, mcp.CodeMissingRequiredClientCapabilities)
					assert.JSONEq(t, requiredJSON(missing), string(rpcErr.Data), name)
					assert.Contains(t, rpcErr.Message, name+" cannot run from this client: ", name)
					assert.Contains(t, rpcErr.Message, "The call did not run: do not repeat it", name)
					assert.Equal(t, before, runs.Of(name), "%s ran for a client without %v", name, missing)
				}
			})
		}
	}
}

// The -32021 refusal comes first: the arguments of a call its client
// cannot make are not looked at, and a request state does not make it run.
func TestCapabilityRefusalBeforeAnything(t *testing.T) {
	for _, v := range versions {
		runs := &needs.Runs{}
		set := needs.NewSet(runs)
		cs := serve(t, v, set, clients[0].options())
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "summarize", Arguments: map[string]any{"text": 7}})
		requireRPCError(t, err, mcp.CodeMissingRequiredClientCapabilities)
		_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "purge_workspace", Arguments: map[string]any{}})
		rpcErr := requireRPCError(t, err, mcp.CodeMissingRequiredClientCapabilities)
		assert.Equal(t, "purge_workspace cannot run from this client: it needs the client to support roots and sampling, "+
			"which this client did not declare; a person must confirm each of its calls, and this client declared no form elicitation to ask them "+
			"(a stateless server knows only what a client of protocol 2026-07-28 declares with each request). "+
			"The call did not run: do not repeat it; tell the user what you wanted to do.", rpcErr.Message)
		first := set.Call(context.Background(), "erase", []byte(`{"path":"/tmp/a"}`))
		require.Equal(t, tool.StatusNeedsConfirmation, first.Status)
		_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "erase", Arguments: map[string]any{"path": "/tmp/a"},
			RequestState: first.Approval, InputResponses: mcp.InputResponseMap{mcptool.ConfirmKey: &mcp.ElicitResult{Action: "accept"}}})
		requireRPCError(t, err, mcp.CodeMissingRequiredClientCapabilities)
		assert.Zero(t, runs.Total(), v)
	}
}

// listed returns the names of the tools the client lists, sorted, and the
// list's cache scope.
func listed(t *testing.T, cs *mcp.ClientSession) ([]string, string) {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	sort.Strings(names)
	return names, res.CacheScope
}

// Without HideUncallable every client lists every tool, so that it learns
// from a refusal what to declare; with it, a client lists the tools it can
// call, the list is for its cache alone, and a tool left out is still
// refused when called.
func TestHideUncallable(t *testing.T) {
	all := slices.Sorted(maps.Keys(needsArgs))
	for _, v := range versions {
		for _, c := range clients {
			t.Run(v+"/"+c.name, func(t *testing.T) {
				runs := &needs.Runs{}
				names, _ := listed(t, serve(t, v, needs.NewSet(runs), c.options()))
				assert.Equal(t, all, names)

				cs := serve(t, v, needs.NewSet(runs), c.options(), mcptool.HideUncallable())
				var want []string
				for _, name := range all {
					callable := true
					for _, r := range required[name] {
						callable = callable && c.declares(r)
					}
					if callable {
						want = append(want, name)
					}
				}
				names, scope := listed(t, cs)
				assert.Equal(t, want, names)
				if v == versions[0] {
					assert.Equal(t, "private", scope, "the list depends on the client")
				}
				for _, name := range all {
					if slices.Contains(want, name) {
						continue
					}
					_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: needsArgs[name]})
					requireRPCError(t, err, mcp.CodeMissingRequiredClientCapabilities)
				}
				assert.Zero(t, runs.Total())
			})
		}
	}
}

// HideUncallable filters the tools of the set it registers, not the
// server's other tools.
func TestHideUncallableKeepsOtherTools(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "mixed", Version: "v1"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "plain_sdk_tool"}, func(context.Context, *mcp.CallToolRequest, any) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{}, nil, nil
	})
	require.NoError(t, mcptool.Register(server, needs.NewSet(&needs.Runs{}), mcptool.HideUncallable()))
	serverT, clientT := mcp.NewInMemoryTransports()
	ss, err := server.Connect(context.Background(), serverT, nil)
	require.NoError(t, err)
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, clients[0].options()).Connect(context.Background(), clientT, nil)
	require.NoError(t, err)
	defer cs.Close()
	names, _ := listed(t, cs)
	assert.Equal(t, []string{"ping", "plain_sdk_tool"}, names)
}

// A stateless server reaches a client of protocol 2026-07-28 through the
// results of its calls alone: such a client confirms a dangerous call and
// uses what it declares in each request; an older client, whose
// initialize the server does not keep, is refused every tool that needs
// something of it, whatever it declared.
func TestStatelessServer(t *testing.T) {
	runs := &needs.Runs{}
	set := needs.NewSet(runs)
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server {
		server := mcp.NewServer(&mcp.Implementation{Name: "needs", Version: "v1"}, nil)
		if err := mcptool.Register(server, set); err != nil {
			panic(err)
		}
		return server
	}, &mcp.StreamableHTTPOptions{Stateless: true})
	httpServer := httptest.NewServer(handler)
	defer httpServer.Close()
	everything := clients[len(clients)-1]

	connect := func(version string) *mcp.ClientSession {
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, everything.options()).
			Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: httpServer.URL}, &mcp.ClientSessionOptions{ProtocolVersion: version})
		require.NoError(t, err, version)
		t.Cleanup(func() { cs.Close() })
		return cs
	}

	cs := connect(versions[0])
	for _, name := range []string{"erase", "purge_workspace", "summarize"} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: needsArgs[name]})
		require.NoError(t, err, name)
		assert.False(t, res.IsError, "%s: %v", name, res.Content)
		assert.Equal(t, 1, runs.Of(name), name)
	}

	cs = connect(versions[1])
	for _, name := range []string{"erase", "purge_workspace", "summarize", "list_roots", "ask_name"} {
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: needsArgs[name]})
		rpcErr := requireRPCError(t, err, mcp.CodeMissingRequiredClientCapabilities)
		assert.JSONEq(t, requiredJSON(required[name]), string(rpcErr.Data), name)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "ping", Arguments: map[string]any{}})
	require.NoError(t, err)
	assert.False(t, res.IsError)
	assert.Equal(t, 4, runs.Total(), "erase, purge_workspace and summarize at 2026-07-28, ping")
}
