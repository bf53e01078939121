package tool

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The findings themselves: a handler that returns, or panics with, a map
// that contains itself, in a tool that is not idempotent (its result kept
// under the call id), logged by slog's text handler, and a Result holding
// one, rendered. Each used to overflow the stack.
func TestSelfContainingValues(t *testing.T) {
	m := map[string]any{"name": "loop"}
	m["self"] = m
	def := Def[textArgs]{Tool: Tool{Name: "t", Risk: RiskAct, Validate: validateText}}
	var log syncBuffer
	set := NewSet(def.Handle(func(ctx context.Context, a textArgs) (any, error) {
		if a.Text == "panic" {
			panic(m)
		}
		return m, nil
	}), WithLogger(slog.New(slog.NewTextHandler(&log, nil))), WithRedaction(func(string, map[string]any) any { return m }))
	ctx := context.Background()

	res := set.Call(ctx, "t", []byte(`{"text": "out"}`), CallID("c1"))
	require.Equal(t, StatusFailed, res.Status)
	assert.Equal(t, []string{"bad_result:t"}, res.Errors.Codes())
	assert.Equal(t, "The call to t failed:\n- the tool produced an output that cannot be sent\n"+
		"Do not repeat the same call unchanged more than once; choose another action if it fails again.", res.Feedback())
	assert.Contains(t, res.Err.Error(), "it nests deeper than 512 levels, or contains itself")
	again := set.Call(ctx, "t", []byte(`{"text": "out"}`), CallID("c1"))
	assert.True(t, again.Duplicate)
	assert.Equal(t, res.Feedback(), again.Feedback())

	res = set.Call(ctx, "t", []byte(`{"text": "panic"}`), CallID("c2"))
	require.Equal(t, StatusFailed, res.Status)
	assert.Equal(t, []string{"panic:t"}, res.Errors.Codes())
	assert.Equal(t, "tool t panicked: <a value of type map[string]interface {} with no JSON form>", res.Err.Error())
	assert.Contains(t, log.String(), `panic="<a value of type map[string]interface {} with no JSON form>"`)
	assert.Contains(t, log.String(), `args="<the redacted arguments nest too deep, or contain themselves>"`)

	r := Result{Tool: "t", Status: StatusExecuted, Output: m}
	assert.True(t, strings.HasPrefix(r.Feedback(), "<the output could not be rendered: it nests deeper than 512 levels"), r.Feedback())
	assert.Contains(t, r.FeedbackJSON(), `"output":"<the output could not be rendered: it nests deeper than 512 levels`)
}
