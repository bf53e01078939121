package anthropictool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/search"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/anthropictool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// programmatic is what callers=programmatic names in Anthropic's terms:
// every version of the code execution tool the SDK knows.
var programmatic = []string{"code_execution_20250825", "code_execution_20260120", "code_execution_20260521"}

// A tool with defer=true callers=direct,programmatic and two examples: its
// definition, read back by the SDK's own param type, carries both
// examples, defers loading and names the callers (TestSDKReadsEveryDefinition:
// no member lost); a tool without the options carries none.
func TestDefinitionMembers(t *testing.T) {
	defs := map[string]tool.Definition{}
	for _, tl := range search.NewSet().Tools() {
		def, ok := tl.Dialects.Get(tool.Anthropic)
		require.True(t, ok)
		defs[tl.Name] = def
	}

	var p anthropic.ToolParam
	require.NoError(t, json.Unmarshal(defs["find_flights"].Tool, &p))
	assert.True(t, p.DeferLoading.Valid() && p.DeferLoading.Value)
	assert.Equal(t, append([]string{"direct"}, programmatic...), p.AllowedCallers)
	examples, err := json.Marshal(p.InputExamples)
	require.NoError(t, err)
	assert.JSONEq(t, `[{"from":"OSL","to":"CDG","date":"2026-12-24"},{"from":"JFK","to":"SFO","date":"2027-01-02","max_stops":0}]`, string(examples))
	for _, e := range p.InputExamples {
		args, err := json.Marshal(e)
		require.NoError(t, err)
		assert.Empty(t, search.FindFlightsTool.Validate(mustMap(t, args)), "an example is valid arguments")
	}

	var weather map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(defs["get_weather"].Tool, &weather))
	for _, k := range []string{"defer_loading", "allowed_callers", "input_examples"} {
		assert.NotContains(t, weather, k, "get_weather asks no %s", k)
	}
}

func mustMap(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

// The request sends the members as generated; a message in which the model
// found the deferred tool through tool search and called it runs the
// call: one tool_result, for the tool_use, none for the search.
func TestToolSearch(t *testing.T) {
	set := search.NewSet()
	srv := replay.Server(t,
		replay.Step{Path: "/v1/messages", Response: "testdata/message_tool_search.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			want, err := set.Tools().For(tool.Anthropic)
			require.NoError(t, err)
			assert.JSONEq(t, string(want), string(body["tools"]))
			var tools []map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(body["tools"], &tools))
			require.Len(t, tools, 2)
			assert.JSONEq(t, `true`, string(tools[0]["defer_loading"]))
			assert.Contains(t, tools[0], "input_examples")
			assert.Contains(t, tools[0], "allowed_callers")
			assert.NotContains(t, tools[1], "defer_loading")
		}},
	)
	c := client(srv.URL)
	ctx := context.Background()
	msg, err := c.Messages.New(ctx, anthropic.MessageNewParams{Model: anthropic.ModelClaudeSonnet4_5_20250929, MaxTokens: 1024,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("A flight from Oslo to Paris on Christmas Eve?"))},
		Tools:    anthropictool.Tools(set)})
	require.NoError(t, err)
	require.Len(t, msg.Content, 4)
	refs := msg.Content[2].AsToolSearchToolResult().Content.ToolReferences
	require.Len(t, refs, 1)
	assert.Equal(t, "find_flights", refs[0].ToolName)

	more, err := anthropictool.Run(ctx, set, msg, nil)
	require.NoError(t, err)
	require.Len(t, more, 2)
	results := more[1].OfUser.Content
	require.Len(t, results, 1)
	r := results[0].OfToolResult
	require.NotNil(t, r)
	assert.Equal(t, "toolu_01Fl9gH8tS7aB6cD5eF4gH3i", r.ToolUseID)
	assert.Equal(t, `{"flights":[{"number":"OS101","stops":0}]}`, r.Content[0].OfText.Text)
}
