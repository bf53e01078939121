package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
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
// tool_result with is_error and what was wrong.
func TestAnswer(t *testing.T) {
	msg, err := decodeMessage(recorded)
	require.NoError(t, err)
	assert.Equal(t, anthropic.StopReasonToolUse, msg.StopReason)

	set := travel.NewAirline().NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)))
	reply := answer(context.Background(), set, msg)
	got, err := json.Marshal(reply)
	require.NoError(t, err)
	assert.JSONEq(t, `{"role": "user", "content": [
		{"type": "tool_result", "tool_use_id": "toolu_01A09q90qw90lq917835lq9", "is_error": false,
		 "content": [{"type": "text", "text": "{\"flights\":[{\"id\":\"AFC12\",\"depart\":\"2026-05-01T09:40\",\"arrive\":\"2026-05-01T12:05\",\"nonstop\":true,\"price\":841},{\"id\":\"BAJ345\",\"depart\":\"2026-05-01T13:15\",\"arrive\":\"2026-05-01T18:30\",\"nonstop\":false,\"price\":636}]}"}]},
		{"type": "tool_result", "tool_use_id": "toolu_01B18r81rx81mr826744mr8", "is_error": true,
		 "content": [{"type": "text", "text": "The call to get_booking was rejected and not executed:\n- unexpected argument 'email'\n- argument 'reference' should be a string matching the pattern ^[A-Z0-9]{6}$, got \"gj5007\"\nCorrect the arguments and call the tool again."}]}
	]}`, string(got))

	// The conversation goes on with the SDK's own assistant message.
	next := request("…")
	next.Messages = append(next.Messages, msg.ToParam(), reply)
	_, err = json.Marshal(next)
	assert.NoError(t, err)
}
