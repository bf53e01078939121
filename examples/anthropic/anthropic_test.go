package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestRequestTools(t *testing.T) {
	body, err := json.Marshal(request("Fly me to New York."))
	require.NoError(t, err)
	var sent struct{ Tools json.RawMessage }
	require.NoError(t, json.Unmarshal(body, &sent))
	want, err := travel.Tools.For(tool.Anthropic)
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(sent.Tools))
	for _, tl := range travel.Tools {
		assert.True(t, bytes.Contains(body, tl.Dialects.Anthropic.Tool), "%s is sent as generated", tl.Name)
	}
}

// The generated definitions are what the SDK's ToolParam describes.
func TestDefinitionsDecodeIntoToolParam(t *testing.T) {
	for _, tl := range travel.Tools {
		var p anthropic.ToolParam
		require.NoError(t, json.Unmarshal(tl.Dialects.Anthropic.Tool, &p), tl.Name)
		assert.Equal(t, tl.Name, p.Name)
		assert.Equal(t, tl.Description, p.Description.Value)
		assert.NotEmpty(t, p.InputSchema.Required)
		assert.IsType(t, map[string]any{}, p.InputSchema.Properties)
		assert.Equal(t, false, p.InputSchema.ExtraFields["additionalProperties"])
		again, err := json.Marshal(p)
		require.NoError(t, err)
		assert.JSONEq(t, string(tl.Dialects.Anthropic.Tool), string(again), "the SDK's round trip keeps every member")
	}
}

// The recorded tool_use blocks: the valid one runs, the invalid one gets a
// tool_result with is_error and the validator's errors.
func TestAnswer(t *testing.T) {
	msg, err := decodeMessage(recorded)
	require.NoError(t, err)
	assert.Equal(t, anthropic.StopReasonToolUse, msg.StopReason)

	// The feedback is the validator's errors, as JSON.
	feedback := travel.GetBookingTool.Validate(map[string]any{"reference": "gj5007", "email": "ada@example.com"})
	assert.Equal(t, []string{"pattern:reference", "unexpected:email"}, feedback.Codes())
	flights, err := travel.Execute("search_flights", map[string]any{"from": "CDG", "to": "JFK", "date": "2026-05-01", "passengers": 2.0, "cabin": "business"})
	require.NoError(t, err)

	reply := answer(msg)
	got, err := json.Marshal(reply)
	require.NoError(t, err)
	want, err := json.Marshal(map[string]any{"role": "user", "content": []any{
		map[string]any{"type": "tool_result", "tool_use_id": "toolu_01A09q90qw90lq917835lq9", "is_error": false,
			"content": []any{map[string]any{"type": "text", "text": flights}}},
		map[string]any{"type": "tool_result", "tool_use_id": "toolu_01B18r81rx81mr826744mr8", "is_error": true,
			"content": []any{map[string]any{"type": "text", "text": feedback.JSON()}}},
	}})
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(got))
	assert.Contains(t, flights, `"id":"AFC12"`)

	// The conversation goes on with the SDK's own assistant message.
	next := request("…")
	next.Messages = append(next.Messages, msg.ToParam(), reply)
	_, err = json.Marshal(next)
	assert.NoError(t, err)
}
