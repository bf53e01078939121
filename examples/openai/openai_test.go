package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The request carries the generated definitions byte for byte.
func TestRequestTools(t *testing.T) {
	body, err := json.Marshal(request("Fly me to New York."))
	require.NoError(t, err)
	var sent struct{ Tools json.RawMessage }
	require.NoError(t, json.Unmarshal(body, &sent))
	want, err := travel.Tools.For(tool.OpenAI)
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(sent.Tools))
	for _, tl := range travel.Tools {
		assert.True(t, bytes.Contains(body, tl.Dialects.OpenAI.Tool), "%s is sent as generated, members in order", tl.Name)
	}
}

// The generated definitions are what the SDK's own types describe.
func TestDefinitionsDecodeIntoSDKTypes(t *testing.T) {
	for _, tl := range travel.Tools {
		var u openai.ChatCompletionToolUnionParam
		require.NoError(t, json.Unmarshal(tl.Dialects.OpenAI.Tool, &u), tl.Name)
		fn := u.GetFunction()
		require.NotNil(t, fn, tl.Name)
		assert.Equal(t, tl.Name, fn.Name)
		assert.Equal(t, tl.Description, fn.Description.Value)
		assert.True(t, fn.Strict.Value)
		assert.Equal(t, "object", fn.Parameters["type"])
		assert.Equal(t, false, fn.Parameters["additionalProperties"])
		again, err := json.Marshal(u)
		require.NoError(t, err)
		assert.JSONEq(t, string(tl.Dialects.OpenAI.Tool), string(again), "the SDK's round trip keeps every member")

		var rf responses.FunctionToolParam
		require.NoError(t, json.Unmarshal(tl.Dialects.OpenAIResponses.Tool, &rf), tl.Name)
		assert.Equal(t, tl.Name, rf.Name)
		assert.True(t, rf.Strict.Value)
		assert.Equal(t, "function", string(rf.Type))
	}
	// Strict mode lacks minLength and maxLength: they are in the
	// description, and the validator enforces them (see TestAnswer).
	var fn openai.ChatCompletionFunctionToolParam
	require.NoError(t, json.Unmarshal(travel.BookFlightTool.Dialects.OpenAI.Tool, &fn))
	flightID := fn.Function.Parameters["properties"].(map[string]any)["flight_id"].(map[string]any)
	assert.Equal(t, "Flight number from search_flights, like AF1234. Must be 4-8 characters.", flightID["description"])
	assert.NotContains(t, flightID, "minLength")
}

func TestResponsesTools(t *testing.T) {
	body, err := json.Marshal(responses.ResponseNewParams{
		Model: openai.ChatModelGPT4o,
		Tools: responsesTools(),
	})
	require.NoError(t, err)
	var sent struct{ Tools json.RawMessage }
	require.NoError(t, json.Unmarshal(body, &sent))
	want, err := travel.Tools.For(tool.OpenAIResponses)
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(sent.Tools))
}

// The recorded completion's calls: the valid one runs, the malformed one
// gets what was wrong; both answers are tool messages built by the SDK.
func TestAnswer(t *testing.T) {
	completion, err := decodeCompletion(recorded)
	require.NoError(t, err)
	calls := completion.Choices[0].Message.ToolCalls
	require.Len(t, calls, 2)
	assert.Equal(t, "search_flights", calls[0].Function.Name)
	assert.Equal(t, "book_flight", calls[1].Function.Name)

	set := travel.NewAirline().NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)))
	msgs := answer(context.Background(), set, completion)
	require.Len(t, msgs, 3)
	got, err := json.Marshal(msgs[1:])
	require.NoError(t, err)
	assert.JSONEq(t, `[
		{"role": "tool", "tool_call_id": "call_Q1fZk8pT3mWn5sV7",
		 "content": "{\"flights\":[{\"id\":\"AFC12\",\"depart\":\"2026-05-01T09:40\",\"arrive\":\"2026-05-01T12:05\",\"nonstop\":true,\"price\":420.5}]}"},
		{"role": "tool", "tool_call_id": "call_R2gYl9qU4nXo6tW8",
		 "content": "The call to book_flight was rejected and not executed:\n- argument 'flight_id' should be at least 4 characters long, got \"AF1\"\n- argument 'passengers[0].name' should be at least 1 character long, got \"\"\nCorrect the arguments and call the tool again."}
	]`, string(got))

	// The assistant message goes back as the SDK builds it, tool calls and all.
	asst, err := json.Marshal(msgs[0])
	require.NoError(t, err)
	assert.Contains(t, string(asst), `"tool_calls":[{"id":"call_Q1fZk8pT3mWn5sV7"`)
	assert.Contains(t, string(asst), `"role":"assistant"`)
}
