package tool

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/hostilevalue"
)

// hostileCases are the fixed hostile values and random compositions of them.
func hostileCases(n int) []hostilevalue.Case {
	rng := rand.New(rand.NewPCG(16, 3))
	cases := hostilevalue.Cases()
	for range n {
		cases = append(cases, hostilevalue.Random(rng))
	}
	return cases
}

// TestHostileOutputsAndPanics: whatever a handler returns or panics with
// (values that contain themselves, nested past every limit, with no JSON
// form, with MarshalJSON methods that fail or panic), through a set that
// logs it with slog's text and JSON handlers (the redaction hook logging
// the same value), that keeps its result under a request id, in a handler
// run on the caller's goroutine or isolated: the process does not crash;
// an output a provider can carry is executed and rendered as its JSON,
// any other fails the call alone with bad_result (panic for a MarshalJSON
// that panics); every rendering stays bounded and valid.
func TestHostileOutputsAndPanics(t *testing.T) {
	ctx := context.Background()
	for i, c := range hostileCases(300) {
		var text, js syncBuffer
		for _, logger := range []*slog.Logger{slog.New(slog.NewTextHandler(&text, nil)), slog.New(slog.NewJSONHandler(&js, nil))} {
			for _, isolated := range []bool{false, true} {
				def := Def[textArgs]{Tool: Tool{Name: "t", Risk: RiskAct, Validate: validateText}}
				h := def.Handle(func(ctx context.Context, a textArgs) (any, error) {
					if a.Text == "panic" {
						panic(c.Value)
					}
					return c.Value, nil
				})
				if isolated {
					h = h.Isolated()
				}
				set := NewSet(h, WithLogger(logger), WithRedaction(func(string, map[string]any) any { return c.Value }))
				label := c.Name

				res := set.Call(ctx, "t", []byte(`{"text": "out"}`), CallID("out"))
				switch {
				case c.Sendable:
					require.Equal(t, StatusExecuted, res.Status, "%s: %v", label, res.Err)
					want, err := json.Marshal(c.Value)
					require.NoError(t, err)
					got, err := res.renderedOutput()
					require.NoError(t, err)
					assert.JSONEq(t, string(want), string(got), label)
				case c.Panics:
					require.Equal(t, StatusFailed, res.Status, label)
					assert.Equal(t, CodePanic, res.Errors[0].Code, label)
				default:
					require.Equal(t, StatusFailed, res.Status, label)
					assert.Equal(t, CodeBadResult, res.Errors[0].Code, label)
					assert.Equal(t, "The call to t failed:\n- the tool produced an output that cannot be sent\n"+
						"Do not repeat the same call unchanged more than once; choose another action if it fails again.", res.Feedback(), label)
					assert.Nil(t, res.Output, "%s: the output is not sent", label)
				}
				assertRendersBounded(t, res, label)

				// The result kept under the call id, replayed.
				again := set.Call(ctx, "t", []byte(`{"text": "out"}`), CallID("out"))
				assert.True(t, again.Duplicate, label)
				assert.Equal(t, res.Status, again.Status, label)
				if c.Sendable {
					a, err := again.renderedOutput()
					require.NoError(t, err)
					b, _ := res.renderedOutput()
					assert.JSONEq(t, string(b), string(a), label)
				} else {
					assert.Equal(t, res.Feedback(), again.Feedback(), label)
				}

				p := set.Call(ctx, "t", []byte(`{"text": "panic"}`), CallID("panic"))
				require.Equal(t, StatusFailed, p.Status, label)
				assert.Equal(t, CodePanic, p.Errors[0].Code, label)
				assert.LessOrEqual(t, len(p.Err.Error()), len("tool t panicked: ")+maxField, label)
				assertOneLine(t, p.Err.Error(), label)
				assertRendersBounded(t, p, label)
			}
		}
		if i < len(hostilevalue.Cases()) {
			assert.Contains(t, text.String(), "tool handler panicked", c.Name)
			assert.Contains(t, js.String(), `"msg":"tool handler panicked"`, c.Name)
		}
	}
}

// assertRendersBounded checks every rendering of a result: bounded when
// the call did not execute, valid JSON where it is JSON.
func assertRendersBounded(t *testing.T, r Result, label string) {
	t.Helper()
	fb := r.Feedback()
	if r.Status != StatusExecuted {
		assert.LessOrEqual(t, len(fb), maxFeedbackBase+len(r.Errors)*(maxMessage+3), label)
		for _, l := range strings.Split(fb, "\n") {
			assertOneLine(t, l, label)
		}
	}
	assert.True(t, json.Valid([]byte(r.FeedbackJSON())), label)
	assert.True(t, json.Valid(r.Gemini().Response), label)
	mcp := r.MCP()
	assert.Equal(t, fb, mcp.Content[0].Text)
	if mcp.StructuredContent != nil {
		assert.True(t, json.Valid(mcp.StructuredContent), label)
	}
}

// A Result built by hand, not by a set, whose output cannot be sent renders
// as text saying so (raw JSON is text as it is), and as an error for Gemini.
func TestUnsendableOutputOfAResult(t *testing.T) {
	for _, c := range hostileCases(50) {
		if c.Sendable {
			continue
		}
		r := Result{Tool: "t", Status: StatusExecuted, Output: c.Value}
		var fb string
		require.NotPanics(t, func() { fb = r.Feedback() })
		if _, raw := c.Value.(json.RawMessage); !raw {
			assert.True(t, strings.HasPrefix(fb, "<the output could not be rendered: "), "%s: %s", c.Name, fb)
			assert.LessOrEqual(t, len(fb), maxField+64)
		}
		var resp map[string]any
		require.NoError(t, json.Unmarshal(r.Gemini().Response, &resp), c.Name)
		assert.Contains(t, resp, "error", c.Name)
		assertRendersBounded(t, r, c.Name)
	}
}

// BenchmarkOutputFeedback measures a call whose handler returns a map, and
// its feedback, as an adapter renders it: the output's JSON is made once,
// as the handler returns, with the walk that bounds it.
//
//	go test ./runtime/tool -run '^$' -bench OutputFeedback -benchmem -count 6
func BenchmarkOutputFeedback(b *testing.B) {
	days := make([]any, 7)
	for i := range days {
		days[i] = map[string]any{"day": i + 1, "high": 20.5, "low": 12.0, "sky": "clear"}
	}
	out := map[string]any{"city": "Paris", "days": days}
	def := Def[struct{}]{Tool: Tool{Name: "forecast", Risk: RiskRead, Idempotent: true}, Decoder: noopDecoder}
	set := NewSet(def.Handle(func(context.Context, struct{}) (any, error) { return out, nil }), WithLogger(nil))
	ctx := context.Background()
	raw := []byte(`{}`)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n += len(set.Call(ctx, "forecast", raw).Feedback())
	}
}
