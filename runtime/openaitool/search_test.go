package openaitool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/search"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/openaitool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// members reads a definition's top-level member names.
func members(t *testing.T, def []byte) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(def, &m))
	return m
}

// A tool with defer=true callers=direct,programmatic result=R: its
// Responses definition, read back by the SDK's own param type, defers
// loading, names both callers and carries R's schema as output_schema
// (TestSDKReadsEveryDefinition: no member lost); a tool without the
// options carries none of them, nor does a Chat Completions definition.
func TestResponsesDefinitionMembers(t *testing.T) {
	defs := map[string]tool.Definition{}
	for _, tl := range search.NewSet().Tools() {
		def, ok := tl.Dialects.Get(tool.OpenAIResponses)
		require.True(t, ok)
		defs[tl.Name] = def

		chat, ok := tl.Dialects.Get(tool.OpenAI)
		require.True(t, ok)
		fn := members(t, members(t, chat.Tool)["function"])
		for _, k := range []string{"defer_loading", "allowed_callers", "output_schema"} {
			assert.NotContains(t, fn, k, "Chat Completions has no %s", k)
		}
	}

	var p responses.FunctionToolParam
	require.NoError(t, json.Unmarshal(defs["find_flights"].Tool, &p))
	assert.True(t, p.DeferLoading.Valid() && p.DeferLoading.Value)
	assert.Equal(t, []string{"direct", "programmatic"}, p.AllowedCallers)
	require.NotNil(t, p.OutputSchema)
	out, err := json.Marshal(p.OutputSchema)
	require.NoError(t, err)
	assert.JSONEq(t, string(search.FindFlightsTool.ResultSchema), string(out))

	weather := members(t, defs["get_weather"].Tool)
	for _, k := range []string{"defer_loading", "allowed_callers", "output_schema"} {
		assert.NotContains(t, weather, k, "get_weather asks no %s", k)
	}
}

// The request sends the members as generated; a response in which the
// model found the deferred tool through tool search and called it runs
// the call, and the search's own items ask nothing of the set.
func TestResponsesToolSearch(t *testing.T) {
	set := search.NewSet()
	srv := replay.Server(t,
		replay.Step{Path: "/v1/responses", Response: "testdata/responses_tool_search.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			checkTools(t, set, tool.OpenAIResponses, body)
			var tools []map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(body["tools"], &tools))
			require.Len(t, tools, 2)
			assert.JSONEq(t, `true`, string(tools[0]["defer_loading"]))
			assert.JSONEq(t, `["direct","programmatic"]`, string(tools[0]["allowed_callers"]))
			assert.Contains(t, tools[0], "output_schema")
			assert.NotContains(t, tools[1], "defer_loading")
		}},
	)
	c := client(srv.URL)
	ctx := context.Background()
	resp, err := c.Responses.New(ctx, responses.ResponseNewParams{Model: openai.ChatModelGPT4_1,
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("A flight from Oslo to Paris on Christmas Eve?")},
		Tools: openaitool.ResponsesTools(set)})
	require.NoError(t, err)
	require.Len(t, resp.Output, 3)
	assert.Equal(t, "tool_search_output", resp.Output[1].Type)
	found := resp.Output[1].AsToolSearchOutput().Tools
	require.Len(t, found, 1)
	assert.Equal(t, "find_flights", found[0].AsFunction().Name)

	items, err := openaitool.RunResponses(ctx, set, resp, nil)
	require.NoError(t, err)
	require.Len(t, items, 1)
	got, err := json.Marshal(items[0])
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"function_call_output","call_id":"call_Fl1gH2tS3aB4cD5e","output":"{\"flights\":[{\"number\":\"OS101\",\"stops\":0}]}"}`, string(got))
}
