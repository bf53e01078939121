package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The agent loop against the recorded responses: the tools go out as
// generated, strict; the second request answers each tool_use with its
// tool_result, is_error on the refused call.
func TestRun(t *testing.T) {
	set := travel.NewAirline().NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)))
	srv := replay.Server(t,
		replay.Step{Path: "/v1/messages", Response: "testdata/message.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			want, err := travel.Tools.For(tool.Anthropic)
			require.NoError(t, err)
			assert.JSONEq(t, string(want), string(body["tools"]))
			for _, tl := range travel.Tools {
				assert.True(t, bytes.Contains(body["tools"], tl.Dialects.Anthropic.Tool), "%s is sent as generated", tl.Name)
				assert.Equal(t, tool.Anthropic, tl.Dialects.Anthropic.Form, "%s is strict", tl.Name)
			}
		}},
		replay.Step{Path: "/v1/messages", Response: "testdata/message_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var msgs []json.RawMessage
			require.NoError(t, json.Unmarshal(body["messages"], &msgs))
			require.Len(t, msgs, 3)
			assert.JSONEq(t, `{"role": "user", "content": [
				{"type": "tool_result", "tool_use_id": "toolu_01A09q90qw90lq917835lq9", "is_error": false,
				 "content": [{"type": "text", "text": "{\"flights\":[{\"id\":\"AFC12\",\"depart\":\"2026-05-01T09:40\",\"arrive\":\"2026-05-01T12:05\",\"nonstop\":true,\"price\":841},{\"id\":\"BAJ345\",\"depart\":\"2026-05-01T13:15\",\"arrive\":\"2026-05-01T18:30\",\"nonstop\":false,\"price\":636}]}"}]},
				{"type": "tool_result", "tool_use_id": "toolu_01B18r81rx81mr826744mr8", "is_error": true,
				 "content": [{"type": "text", "text": "The call to get_booking was rejected and not executed:\n- unexpected argument 'email'\n- argument 'reference' should be a string matching the pattern ^[A-Z0-9]{6}$, got \"gj5007\"\nCorrect the arguments and call the tool again."}]}
			]}`, string(msgs[2]))
		}},
	)
	client := anthropic.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("test"), option.WithMaxRetries(0))
	text, err := run(context.Background(), client, set, "Find me a business flight for two from Paris to New York on May 1st, and check booking gj5007.", nobody(t))
	require.NoError(t, err)
	assert.Contains(t, text, "Booking GJ5007 is confirmed")
}

// The generated definitions are what the SDK's ToolParam describes.
func TestDefinitionsDecodeIntoToolParam(t *testing.T) {
	for _, tl := range travel.Tools {
		var p anthropic.ToolParam
		require.NoError(t, json.Unmarshal(tl.Dialects.Anthropic.Tool, &p), tl.Name)
		assert.Equal(t, tl.Name, p.Name)
		assert.Equal(t, tl.Description, p.Description.Value)
		assert.True(t, p.Strict.Value)
		assert.NotEmpty(t, p.InputSchema.Required)
		assert.IsType(t, map[string]any{}, p.InputSchema.Properties)
		assert.Equal(t, false, p.InputSchema.ExtraFields["additionalProperties"])
		again, err := json.Marshal(p)
		require.NoError(t, err)
		assert.JSONEq(t, string(tl.Dialects.Anthropic.Tool), string(again), "the SDK's round trip keeps every member")
	}
}

// nobody is the approver of the recorded conversation, which calls no
// dangerous tool: asked, it fails the test.
func nobody(t *testing.T) tool.Approver {
	return func(ctx context.Context, req tool.ApprovalRequest) (bool, error) {
		t.Errorf("asked to approve %s", req.Confirmation)
		return false, nil
	}
}
