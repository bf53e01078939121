package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The agent loop against the recorded responses: the request carries the
// generated definitions byte for byte; the second carries a tool message
// per call, the search's result and what was wrong with the booking.
func TestRun(t *testing.T) {
	set := travel.NewAirline().NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)))
	srv := replay.Server(t,
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/chat_completion.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			want, err := travel.Tools.For(tool.OpenAI)
			require.NoError(t, err)
			assert.JSONEq(t, string(want), string(body["tools"]))
			for _, tl := range travel.Tools {
				assert.True(t, bytes.Contains(body["tools"], tl.Dialects.OpenAI.Tool), "%s is sent as generated, members in order", tl.Name)
			}
		}},
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/chat_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var msgs []map[string]any
			require.NoError(t, json.Unmarshal(body["messages"], &msgs))
			require.Len(t, msgs, 4)
			assert.Contains(t, msgs[1]["tool_calls"], map[string]any{"id": "call_Q1fZk8pT3mWn5sV7", "type": "function",
				"function": map[string]any{"name": "search_flights", "arguments": `{"from":"CDG","to":"JFK","date":"2026-05-01","passengers":1,"cabin":null,"max_price":null,"airlines":null,"nonstop":true}`}})
			assert.Equal(t, map[string]any{"role": "tool", "tool_call_id": "call_Q1fZk8pT3mWn5sV7",
				"content": `{"flights":[{"id":"AFC12","depart":"2026-05-01T09:40","arrive":"2026-05-01T12:05","nonstop":true,"price":420.5}]}`}, msgs[2])
			assert.Equal(t, map[string]any{"role": "tool", "tool_call_id": "call_R2gYl9qU4nXo6tW8",
				"content": "The call to book_flight was rejected and not executed:\n" +
					"- argument 'flight_id' should be at least 4 characters long, got \"AF1\"\n" +
					"- argument 'passengers[0].name' should be at least 1 character long, got \"\"\n" +
					"Correct the arguments and call the tool again."}, msgs[3])
		}},
	)
	client := openai.NewClient(option.WithBaseURL(srv.URL+"/v1/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	text, err := run(context.Background(), client, set, "Fly me from Paris to New York on May 1st, and book AF1 for Ada.", nobody(t))
	require.NoError(t, err)
	assert.Contains(t, text, "AFC12 leaves Paris at 09:40")
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
	// description, and the validator enforces them (see TestRun).
	var fn openai.ChatCompletionFunctionToolParam
	require.NoError(t, json.Unmarshal(travel.BookFlightTool.Dialects.OpenAI.Tool, &fn))
	flightID := fn.Function.Parameters["properties"].(map[string]any)["flight_id"].(map[string]any)
	assert.Equal(t, "Flight number from search_flights, like AF1234. Must be 4-8 characters.", flightID["description"])
	assert.NotContains(t, flightID, "minLength")
}

// nobody is the approver of the recorded conversation: its booking has
// invalid arguments, so no person is asked about it; asked, it fails the
// test.
func nobody(t *testing.T) tool.Approver {
	return func(ctx context.Context, req tool.ApprovalRequest) (bool, error) {
		t.Errorf("asked to approve %s", req.Confirmation)
		return false, nil
	}
}
