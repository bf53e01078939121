package mcptool_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/internal/testkit/hostilevalue"
	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// elicitation is what the person at the client answers, and what they were
// asked.
type elicitation struct {
	action string // accept, decline or cancel; "" for a client without elicitation
	asked  atomic.Int32
	last   atomic.Value // the message
}

// connect serves the adapter test tools (and the handlers of opts) on a
// server and connects a real client over the SDK's in-memory transport, in
// protocol version.
func connect(t *testing.T, version string, el *elicitation, opts ...tool.Option) (*mcp.ClientSession, *adapters.Files) {
	t.Helper()
	fs := &adapters.Files{}
	var clientOpts mcp.ClientOptions
	if el != nil && el.action != "" {
		clientOpts.ElicitationHandler = func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			el.asked.Add(1)
			el.last.Store(req.Params.Message)
			return &mcp.ElicitResult{Action: el.action}, nil
		}
	}
	return session(t, version, adapters.NewSet(fs, opts...), &clientOpts), fs
}

// session serves set on a server registered with opts and connects a real
// client with clientOpts over the SDK's in-memory transport, in protocol
// version.
func session(t *testing.T, version string, set *tool.Set, clientOpts *mcp.ClientOptions, opts ...mcptool.Option) *mcp.ClientSession {
	t.Helper()
	return sessionOf(t, version, set, mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, clientOpts), opts...)
}

// sessionOf is session of a client made by the test.
func sessionOf(t *testing.T, version string, set *tool.Set, client *mcp.Client, opts ...mcptool.Option) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	server := mcp.NewServer(&mcp.Implementation{Name: "files", Version: "v1"}, nil)
	require.NoError(t, mcptool.Register(server, set, opts...))
	serverT, clientT := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverT, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	cs, err := client.Connect(ctx, clientT, &mcp.ClientSessionOptions{ProtocolVersion: version})
	require.NoError(t, err, version)
	t.Cleanup(func() { cs.Close() })
	return cs
}

// versions are the protocol versions the tests speak: the newest, where a
// confirmation is a multi round-trip request the client fulfils, and the
// one before, where the server asks the client while the call waits.
var versions = mcp.SupportedProtocolVersions()[:2]

func call(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err)
	return res
}

func text(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	require.Len(t, res.Content, 1)
	return res.Content[0].(*mcp.TextContent).Text
}

// Every tool is listed with its generated definition: the schemas as
// generated, the annotations, and the outputSchema of a typed tool.
func TestListTools(t *testing.T) {
	for _, v := range versions {
		cs, _ := connect(t, v, nil)
		res, err := cs.ListTools(context.Background(), nil)
		require.NoError(t, err)
		set := adapters.NewSet(&adapters.Files{})
		require.Len(t, res.Tools, len(set.Tools()))
		listedByName := map[string]*mcp.Tool{}
		for _, l := range res.Tools {
			listedByName[l.Name] = l
		}
		for _, tl := range set.Tools() {
			listed := listedByName[tl.Name]
			require.NotNil(t, listed, tl.Name)
			assert.Equal(t, tl.Description, listed.Description)
			in, err := json.Marshal(listed.InputSchema)
			require.NoError(t, err)
			assert.JSONEq(t, string(tl.Dialects.MCP.Parameters), string(in), "%s %s", v, tl.Name)
			// Both schemas declare their dialect (SEP-1613), which the
			// SDK's client reads as it is.
			const draft = `"https://json-schema.org/draft/2020-12/schema"`
			var dialect struct {
				Schema json.RawMessage `json:"$schema"`
			}
			require.NoError(t, json.Unmarshal(in, &dialect))
			assert.Equal(t, draft, string(dialect.Schema), "%s %s: the inputSchema's $schema", v, tl.Name)
			if tl.ResultSchema == nil {
				assert.Nil(t, listed.OutputSchema, tl.Name)
			} else {
				out, err := json.Marshal(listed.OutputSchema)
				require.NoError(t, err)
				assert.JSONEq(t, `{"$schema":`+draft+`,`+string(tl.ResultSchema[1:]), string(out), "%s %s", v, tl.Name)
			}
			var def struct{ Annotations *mcp.ToolAnnotations }
			require.NoError(t, json.Unmarshal(tl.Dialects.MCP.Tool, &def))
			assert.Equal(t, def.Annotations, listed.Annotations, tl.Name)
		}
	}
}

// A typed result is structuredContent, and the same JSON as text; the
// client checks it against the outputSchema.
func TestTypedResult(t *testing.T) {
	for _, v := range versions {
		cs, _ := connect(t, v, nil)
		res := call(t, cs, "get_forecast", map[string]any{"city": "Paris", "days": 2})
		assert.False(t, res.IsError)
		const want = `{"city":"Paris","days":[{"day":1,"high":20.5},{"day":2,"high":21}]}`
		got, err := json.Marshal(res.StructuredContent)
		require.NoError(t, err)
		assert.JSONEq(t, want, string(got), v)
		assert.Equal(t, want, text(t, res), v)
	}
}

// Invalid arguments are a result with isError: the text says what to
// correct; structuredContent holds the errors, except for a tool with an
// outputSchema, whose structuredContent must match it.
func TestInvalidArguments(t *testing.T) {
	cs, _ := connect(t, versions[0], nil)
	res := call(t, cs, "tag", map[string]any{"path": "x", "labels": map[string]any{}, "color": 1})
	require.True(t, res.IsError)
	assert.Equal(t, "The call to tag was rejected and not executed:\n"+
		"- unexpected argument 'color'\n"+
		"- argument 'path' should be a string matching the pattern ^/, got \"x\"\n"+
		"Correct the arguments and call the tool again.", text(t, res))
	got, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	assert.JSONEq(t, `{"status":"rejected","tool":"tag","errors":[
		{"code":"unexpected","path":"/color","got":"integer"},
		{"code":"pattern","path":"/path","expected":"a string matching the pattern ^/","got":"string","actual":"\"x\""}],
		"instruction":"Correct the arguments and call the tool again."}`, string(got))

	res = call(t, cs, "get_forecast", map[string]any{"city": "", "days": 9})
	require.True(t, res.IsError)
	assert.Nil(t, res.StructuredContent, "get_forecast has an outputSchema")
	assert.Contains(t, text(t, res), "argument 'days' should be <= 7, got 9")

	// Arguments that are not an object.
	res = call(t, cs, "tag", []int{1})
	assert.True(t, res.IsError)
	assert.Contains(t, text(t, res), "the arguments should be a JSON object, got array")

	// An unknown tool is a protocol error.
	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "format_disk", Arguments: map[string]any{}})
	var rpcErr *jsonrpc.Error
	require.True(t, errors.As(err, &rpcErr), "%v", err)
	assert.Equal(t, int64(jsonrpc.CodeInvalidParams), rpcErr.Code)
}

// A dangerous tool asks the person at the client, by elicitation: accept
// runs that call, decline and cancel refuse it. In both protocol versions.
func TestConfirmationByElicitation(t *testing.T) {
	for _, v := range versions {
		t.Run(v, func(t *testing.T) {
			el := &elicitation{action: "accept"}
			cs, fs := connect(t, v, el)
			res := call(t, cs, "delete_file", map[string]any{"path": "/tmp/a"})
			assert.False(t, res.IsError, "%s", text(t, res))
			assert.Equal(t, "deleted /tmp/a", text(t, res))
			assert.Equal(t, []string{"/tmp/a"}, fs.DeletedFiles())
			assert.EqualValues(t, 1, el.asked.Load())
			assert.Equal(t, "Allow delete_file to run? Deletes a file. It cannot be undone.\nArguments:\n- path: \"/tmp/a\"", el.last.Load())

			for _, action := range []string{"decline", "cancel"} {
				el.action = action
				res = call(t, cs, "delete_file", map[string]any{"path": "/tmp/b"})
				assert.True(t, res.IsError, action)
				assert.Equal(t, "The call to delete_file was declined by the user and not executed:\n- a person declined this call\n"+
					"Do not repeat this call; ask the user what to do instead.", text(t, res))
			}
			assert.Equal(t, []string{"/tmp/a"}, fs.DeletedFiles(), "nothing was deleted without approval")

			// Invalid arguments are refused before anyone is asked.
			asked := el.asked.Load()
			res = call(t, cs, "delete_file", map[string]any{"path": "relative"})
			assert.True(t, res.IsError)
			assert.Equal(t, asked, el.asked.Load())
		})
	}
}

// Without elicitation, the client gets -32021 naming form elicitation, the
// capability it lacks to confirm the call, and nothing runs.
func TestConfirmationWithoutElicitation(t *testing.T) {
	for _, v := range versions {
		cs, fs := connect(t, v, nil)
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete_file", Arguments: map[string]any{"path": "/tmp/a"}})
		rpcErr := requireRPCError(t, err, mcp.CodeMissingRequiredClientCapabilities)
		assert.JSONEq(t, `{"requiredCapabilities":{"elicitation":{"form":{}}}}`, string(rpcErr.Data), v)
		assert.Equal(t, "delete_file cannot run from this client: a person must confirm each of its calls, "+
			"and this client declared no form elicitation to ask them "+
			"(a stateless server knows only what a client of protocol 2026-07-28 declares with each request). "+
			"The call did not run: do not repeat it; tell the user what you wanted to do.", rpcErr.Message, v)
		assert.Empty(t, fs.DeletedFiles())
	}
}

// Register refuses a tool without an MCP definition, and registers nothing.
func TestRegisterNeedsMCPDefinitions(t *testing.T) {
	tl := adapters.TagTool
	tl.Dialects.MCP = tool.Definition{}
	set := tool.NewSet(tl.Handle(func(context.Context, adapters.TagArgs) (any, error) { return nil, nil }))
	server := mcp.NewServer(&mcp.Implementation{Name: "x", Version: "v1"}, nil)
	err := mcptool.Register(server, set)
	require.EqualError(t, err, "mcptool: tag has no MCP definition: its //toolgen:tool dialects= option leaves mcp out")
}

// The person sees every argument, whatever the model wrote: a member padded
// to push another out of the question cannot, and no value can forge a line
// or reverse the text after it. The question is the set's rendering of the
// call, tool.Tool.Confirmation, and a declined call runs nothing.
func TestConfirmationShowsEveryArgument(t *testing.T) {
	for _, v := range versions {
		t.Run(v, func(t *testing.T) {
			el := &elicitation{action: "decline"}
			cs, fs := connect(t, v, el)
			// The model's order, the padded member first, as the client
			// sends it.
			reason := "Cleaning up /tmp/build as you asked." + strings.Repeat(" ", 2000)
			raw := json.RawMessage(`{"reason":"` + reason + `","path":"/home/user/.ssh/id_ed25519"}`)
			call(t, cs, "delete_file", raw)
			msg := el.last.Load().(string)
			lines := strings.Split(msg, "\n")
			require.Len(t, lines, 4, msg)
			assert.Equal(t, `- path: "/home/user/.ssh/id_ed25519"`, lines[2])
			assert.True(t, strings.HasPrefix(lines[3], `- reason: "Cleaning up /tmp/build as you asked. `), lines[3])
			assert.True(t, strings.HasSuffix(lines[3], `" (2036 characters)`), lines[3])
			assert.Equal(t, adapters.DeleteFileTool.Confirmation(raw), msg)

			// A raw U+2028 and U+202E in a JSON string, and a forged line
			// after them.
			call(t, cs, "delete_file", json.RawMessage("{\"reason\":\"/tmp/build\u202e\u2028Arguments: {\\\"path\\\":\\\"/tmp/harmless\\\"}\",\"path\":\"/home/user/.ssh/id_ed25519\"}"))
			msg = el.last.Load().(string)
			assert.Equal(t, "Allow delete_file to run? Deletes a file. It cannot be undone.\nArguments:\n"+
				`- path: "/home/user/.ssh/id_ed25519"`+"\n"+
				`- reason: "/tmp/build\u202e\u2028Arguments: {\"path\":\"/tmp/harmless\"}"`, msg)
			assert.True(t, utf8.ValidString(msg))
			assert.False(t, strings.ContainsAny(msg, "\u202e\u2028"), "%q", msg)
			assert.Empty(t, fs.DeletedFiles())
		})
	}
}

// Whatever a handler returns or panics with (values that contain
// themselves, nested past every limit, with no JSON form), each tools/call
// gets a result: the output as text, or a failure with isError; the server
// goes on serving.
func TestHostileOutputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 7))
	cases := hostilevalue.Cases()
	for range 30 {
		cases = append(cases, hostilevalue.Random(rng))
	}
	cs, _ := connect(t, versions[0], nil, adapters.Inspector(cases))
	for _, c := range adapters.InspectTurn(cases) {
		res := call(t, cs, c.Name, json.RawMessage(c.Args))
		if c.Name == "get_forecast" {
			assert.Equal(t, adapters.ForecastOslo, text(t, res))
			continue
		}
		want, _, failed := adapters.Inspection(cases, c)
		assert.Equal(t, failed, res.IsError, c.Args)
		assert.Equal(t, want, text(t, res), c.Args)
	}
}

// A call id in the call's _meta is the request id: a client that retries a
// confirmed call with the same id gets its first result, and nothing runs
// twice; another id is another call.
func TestCallIDDeduplicates(t *testing.T) {
	for _, v := range versions {
		t.Run(v, func(t *testing.T) {
			el := &elicitation{action: "accept"}
			cs, fs := connect(t, v, el)
			params := func(id string) *mcp.CallToolParams {
				return &mcp.CallToolParams{Name: "delete_file", Arguments: map[string]any{"path": "/tmp/a"},
					Meta: mcp.Meta{mcptool.CallIDKey: id}}
			}
			for range 3 {
				res, err := cs.CallTool(context.Background(), params("call_1"))
				require.NoError(t, err)
				assert.False(t, res.IsError, "%v", res.Content)
				assert.Equal(t, "deleted /tmp/a", text(t, res))
			}
			assert.Equal(t, []string{"/tmp/a"}, fs.DeletedFiles(), "one call id, one deletion")
			assert.EqualValues(t, 1, el.asked.Load(), "a retry of a call that ran is not asked again")
			res, err := cs.CallTool(context.Background(), params("call_2"))
			require.NoError(t, err)
			assert.False(t, res.IsError)
			assert.Equal(t, []string{"/tmp/a", "/tmp/a"}, fs.DeletedFiles())
		})
	}
}
