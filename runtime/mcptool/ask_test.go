package mcptool_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// asking is the adapter set whose inspect tool asks the person for a
// Profile and says what it got: the answer as JSON, or the error.
func asking() *tool.Set {
	return inspecting(func(ctx context.Context, _ adapters.InspectArgs) (any, error) {
		p, err := adapters.ProfileOutput.Ask(ctx, "Tell us about you")
		if err != nil {
			return nil, err
		}
		b, _ := json.Marshal(p)
		return string(b), nil
	})
}

// answering is a client that answers every form with res, and keeps the
// requests it got.
func answering(res *mcp.ElicitResult, got *[]*mcp.ElicitParams) *mcp.ClientOptions {
	return &mcp.ClientOptions{ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		*got = append(*got, req.Params)
		return res, nil
	}}
}

func callInspect(t *testing.T, cs *mcp.ClientSession) *mcp.CallToolResult {
	t.Helper()
	return call(t, cs, "inspect", map[string]any{"component": 1})
}

// The form is the output's generated form, and an accepted answer reaches
// the handler decoded: the defaults of the members left out filled in.
func TestAskAccepted(t *testing.T) {
	var got []*mcp.ElicitParams
	cs := session(t, versions[1], asking(), answering(&mcp.ElicitResult{Action: "accept",
		Content: map[string]any{"name": "Ada", "status": "pending", "topics": []any{"go", "zig"}}}, &got))
	res := callInspect(t, cs)
	require.False(t, res.IsError, "%v", text(t, res))
	assert.JSONEq(t, `{"name":"Ada","age":30,"status":"pending","topics":["go","zig"],"agree":true}`, text(t, res))
	require.Len(t, got, 1)
	assert.Equal(t, "Tell us about you", got[0].Message)
	schema, err := json.Marshal(got[0].RequestedSchema)
	require.NoError(t, err)
	assert.JSONEq(t, string(adapters.ProfileOutput.Form), string(schema))
	// SEP-1330: a titled single select; SEP-1034: defaults.
	var form struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	require.NoError(t, json.Unmarshal(schema, &form))
	assert.JSONEq(t, `{"type":"string","description":"How you are.","default":"active","oneOf":[
		{"const":"active","title":"Active"},{"const":"inactive","title":"Inactive"},{"const":"pending","title":"Waiting for review"}]}`,
		string(form.Properties["status"]))
}

// An answer that breaks the form is an error the handler gets, never a
// value repaired into shape.
func TestAskAnswerBreaksTheForm(t *testing.T) {
	for _, content := range []map[string]any{
		{"name": "Ada", "status": "asleep"},
		{"name": "", "age": 30},
		{"name": "Ada", "topics": []any{"go", "rust", "zig"}},
		{"name": "Ada", "extra": true},
		{"age": 30},
	} {
		t.Run(fmt.Sprint(content), func(t *testing.T) {
			var got []*mcp.ElicitParams
			cs := session(t, versions[1], asking(), answering(&mcp.ElicitResult{Action: "accept", Content: content}, &got))
			res := callInspect(t, cs)
			assert.True(t, res.IsError, "%v", text(t, res))
			assert.Len(t, got, 1)
		})
	}
}

// What the SDK's check of the form lets through, the generated Decode
// refuses (a member the output does not have, an email address that is
// not one): an AnswerError, which holds the Errors.
func TestAskDecodeChecksTheAnswer(t *testing.T) {
	for content, code := range map[string]string{
		`{"name":"Ada","extra":true}`:           "unexpected:extra",
		`{"name":"Ada","email":"not an email"}`: "format:email",
	} {
		var seen error
		set := inspecting(func(ctx context.Context, _ adapters.InspectArgs) (any, error) {
			_, seen = adapters.ProfileOutput.Ask(ctx, "again")
			return nil, seen
		})
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(content), &m))
		var got []*mcp.ElicitParams
		cs := session(t, versions[1], set, answering(&mcp.ElicitResult{Action: "accept", Content: m}, &got))
		res := callInspect(t, cs)
		var ae *tool.AnswerError
		require.ErrorAs(t, seen, &ae, content)
		assert.Equal(t, "profile", ae.Form)
		assert.Equal(t, []string{code}, ae.Errors.Codes(), content)
		assert.True(t, res.IsError)
	}
}

// Declining and cancelling reach the handler as ErrDeclined and
// ErrCanceled; returned, they are what the model reads.
func TestAskDeclinedOrCanceled(t *testing.T) {
	for action, want := range map[string]error{"decline": tool.ErrDeclined, "cancel": tool.ErrCanceled} {
		var seen error
		set := inspecting(func(ctx context.Context, _ adapters.InspectArgs) (any, error) {
			_, seen = adapters.ProfileOutput.Ask(ctx, "?")
			return nil, seen
		})
		var got []*mcp.ElicitParams
		cs := session(t, versions[1], set, answering(&mcp.ElicitResult{Action: action}, &got))
		res := callInspect(t, cs)
		assert.True(t, errors.Is(seen, want), "%s: %v", action, seen)
		assert.True(t, res.IsError)
		assert.Contains(t, text(t, res), want.Error())
	}
}

// A client without elicitation is asked nothing: the handler gets
// ErrCannotAsk, whose text tells the model what to do.
func TestAskWithoutElicitation(t *testing.T) {
	var seen error
	set := inspecting(func(ctx context.Context, _ adapters.InspectArgs) (any, error) {
		_, seen = adapters.ProfileOutput.Ask(ctx, "?")
		return nil, seen
	})
	cs := session(t, versions[1], set, nil)
	res := callInspect(t, cs)
	assert.ErrorIs(t, seen, tool.ErrCannotAsk)
	assert.Contains(t, text(t, res), "ask the user in the conversation instead")
}

// From protocol 2026-07-28 on, the SDK sends no request of the server's
// while a call runs: a form is an input request of the call's result,
// which the SDK's client answers, calling again; the handler runs again and
// gets the answer.
func TestAskMultiRoundTripVersion(t *testing.T) {
	runs := 0
	set := inspecting(func(ctx context.Context, _ adapters.InspectArgs) (any, error) {
		runs++
		p, err := adapters.ProfileOutput.Ask(ctx, "Tell us about you")
		if err != nil {
			return nil, err
		}
		return p.Name, nil
	})
	var got []*mcp.ElicitParams
	cs := session(t, versions[0], set, answering(&mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada"}}, &got))
	require.Equal(t, "2026-07-28", versions[0])
	res := callInspect(t, cs)
	require.False(t, res.IsError, "%v", text(t, res))
	assert.Equal(t, "Ada", text(t, res))
	require.Len(t, got, 1)
	assert.Equal(t, "Tell us about you", got[0].Message)
	assert.Equal(t, 2, runs, "the handler runs once a round")
}

// An action the protocol does not know is an error, cut short.
func TestAskUnknownAction(t *testing.T) {
	var seen error
	set := inspecting(func(ctx context.Context, _ adapters.InspectArgs) (any, error) {
		_, seen = adapters.ProfileOutput.Ask(ctx, "?")
		return nil, seen
	})
	var got []*mcp.ElicitParams
	cs := session(t, versions[1], set, answering(&mcp.ElicitResult{Action: strings.Repeat("x", 1000)}, &got))
	callInspect(t, cs)
	require.Error(t, seen)
	assert.Less(t, len(seen.Error()), 200)
	assert.Contains(t, seen.Error(), "none of accept, decline or cancel")
}
