package tool_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/tool/internal/arm"
)

// auditLog collects a set's audit records as JSON lines.
func auditLog() (*slog.Logger, *bytes.Buffer) {
	var buf bytes.Buffer
	return slog.New(slog.NewJSONHandler(&buf, nil)), &buf
}

func positionSet(t *testing.T, fn func(context.Context, arm.PositionArgs) (any, error), opts ...tool.Option) *tool.Set {
	t.Helper()
	return tool.NewSet(append([]tool.Option{arm.PositionTool.Def.Handle(fn)}, opts...)...)
}

// A typed result: the handler returns a Position, checked by the
// compiler; the set checks its JSON against the result schema and every
// shaped result carries that JSON.
func TestTypedResult(t *testing.T) {
	log, buf := auditLog()
	set := tool.NewSet(arm.PositionTool.Handle(func(ctx context.Context, _ arm.PositionArgs) (arm.Position, error) {
		return arm.Position{X: 1.5, Y: 2, Holding: "<cup>"}, nil
	}), tool.WithLogger(log))
	res := set.Call(context.Background(), "position", nil, tool.CallID("c1"))
	require.Equal(t, tool.StatusExecuted, res.Status, "%v", res.Errors)
	assert.Equal(t, arm.Position{X: 1.5, Y: 2, Holding: "<cup>"}, res.Output)
	const want = `{"x":1.5,"y":2,"holding":"<cup>"}`
	assert.Equal(t, want, string(res.Structured), "no HTML escapes")
	assert.Equal(t, want, res.Feedback())
	assert.JSONEq(t, `{"status":"executed","tool":"position","output":`+want+`}`, res.FeedbackJSON())
	assert.Equal(t, want, res.OpenAI().Content)
	assert.Equal(t, want, res.Anthropic().Content)
	mcp := res.MCP()
	assert.False(t, mcp.IsError)
	assert.Equal(t, want, string(mcp.StructuredContent))
	assert.Equal(t, want, mcp.Content[0].Text, "the same JSON as text, for clients that read only text")
	assert.JSONEq(t, `{"output":`+want+`}`, string(res.Gemini().Response))
	assert.Contains(t, buf.String(), `"status":"executed"`)

	// The MCP definition declares the result schema as its outputSchema,
	// in the dialect MCP's schemas declare.
	var def struct{ OutputSchema json.RawMessage }
	require.NoError(t, json.Unmarshal(arm.PositionTool.Dialects.MCP.Tool, &def))
	assert.JSONEq(t, `{"$schema":"https://json-schema.org/draft/2020-12/schema",`+string(arm.PositionTool.ResultSchema[1:]), string(def.OutputSchema))
}

// A handler whose result breaks its own schema is a bug of the
// application: the call fails with bad_result, nothing of the result is
// sent, and the audit log says what was wrong.
func TestResultOutsideItsSchema(t *testing.T) {
	type extra struct {
		X, Y  float64
		Color string `json:"color"`
	}
	cases := []struct {
		name   string
		out    any
		reason string // in the audit log
	}{
		{"bound", arm.Position{X: 11, Y: 0}, "member 'x' should be <= 10, got 11"},
		{"undeclared member", extra{X: 1, Y: 1, Color: "red"}, "unexpected member 'X'"},
		{"null", nil, "the result should be a JSON object, got null"},
		{"not an object", []int{1, 2}, "the result should be a JSON object, got array"},
		{"not JSON", math.NaN(), "the result does not encode as JSON"},
		{"a map", map[string]any{"x": 1.0}, "missing required member 'y'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			log, buf := auditLog()
			set := positionSet(t, func(context.Context, arm.PositionArgs) (any, error) { return c.out, nil }, tool.WithLogger(log))
			res := set.Call(context.Background(), "position", nil)
			require.Equal(t, tool.StatusFailed, res.Status)
			require.Len(t, res.Errors, 1)
			assert.Equal(t, tool.CodeBadResult, res.Errors[0].Code)
			assert.Nil(t, res.Output, "the result is not sent")
			assert.Nil(t, res.Structured)
			assert.Equal(t, "The call to position failed:\n- the tool produced a result that does not match its declared output schema\n"+
				"Do not repeat the same call unchanged more than once; choose another action if it fails again.", res.Feedback())
			assert.Contains(t, res.Err.Error(), "tool position returned a result that does not match its result schema")
			assert.Contains(t, buf.String(), `"msg":"tool result does not match its result schema"`)
			assert.Contains(t, buf.String(), c.reason)
			mcp := res.MCP()
			assert.True(t, mcp.IsError)
			assert.Nil(t, mcp.StructuredContent, "a client checks structuredContent against the outputSchema, errors too")
		})
	}
	// The validator's errors are in Err.
	set := positionSet(t, func(context.Context, arm.PositionArgs) (any, error) { return arm.Position{X: -1, Y: 20}, nil },
		tool.WithLogger(slog.New(slog.DiscardHandler)))
	var errs tool.Errors
	require.True(t, errors.As(set.Call(context.Background(), "position", nil).Err, &errs))
	assert.Equal(t, []string{"maximum:y", "minimum:x"}, errs.Codes())
}

type panicky struct{}

func (panicky) MarshalJSON() ([]byte, error) { panic("boom") }

type blocking struct{ release chan struct{} }

func (b blocking) MarshalJSON() ([]byte, error) {
	<-b.release
	return []byte(`{"x":1,"y":1}`), nil
}

// The result is rendered in the handler's goroutine: a MarshalJSON that
// panics is a panic of the tool, one that blocks is bounded by the time
// limit.
func TestResultRenderingIsBounded(t *testing.T) {
	set := positionSet(t, func(context.Context, arm.PositionArgs) (any, error) { return panicky{}, nil },
		tool.WithLogger(slog.New(slog.DiscardHandler)))
	res := set.Call(context.Background(), "position", nil)
	require.Equal(t, tool.StatusFailed, res.Status)
	assert.Equal(t, tool.CodePanic, res.Errors[0].Code)

	// A result whose encoding blocks, of an isolated handler: the call ends
	// at its time limit all the same.
	release := make(chan struct{})
	defer close(release)
	set = tool.NewSet(arm.PositionTool.Def.Handle(func(context.Context, arm.PositionArgs) (any, error) { return blocking{release}, nil }).Isolated(),
		tool.WithTimeout(50*time.Millisecond), tool.WithLogger(slog.New(slog.DiscardHandler)))
	start := time.Now()
	res = set.Call(context.Background(), "position", nil)
	assert.Less(t, time.Since(start), 5*time.Second)
	require.Equal(t, tool.StatusFailed, res.Status)
	assert.Equal(t, tool.CodeTimeout, res.Errors[0].Code)
}

// A rejected call of a tool with a result schema has no structuredContent;
// one of a tool without has the structured verdict.
func TestMCPErrorsOfTypedTools(t *testing.T) {
	set := tool.NewSet(
		arm.PositionTool.Handle(func(context.Context, arm.PositionArgs) (arm.Position, error) { return arm.Position{}, nil }),
		arm.MoveTool.Handle(func(context.Context, arm.MoveArgs) (any, error) { return "moved", nil }),
		tool.WithLogger(slog.New(slog.DiscardHandler)))
	res := set.Call(context.Background(), "position", []byte(`{"x":1}`)).MCP()
	assert.True(t, res.IsError)
	assert.Nil(t, res.StructuredContent)
	assert.Contains(t, res.Content[0].Text, "unexpected argument 'x'")
	res = set.Call(context.Background(), "move", []byte(`{"x":1}`)).MCP()
	assert.True(t, res.IsError)
	assert.JSONEq(t, `{"status":"rejected","tool":"move","errors":[{"code":"missing","path":"/y","expected":"number"}],"instruction":"Correct the arguments and call the tool again."}`,
		string(res.StructuredContent))
}

// A structured output: the answer is parsed strictly, checked, decoded;
// what is wrong is rendered for the model's next turn.
func TestOutputParse(t *testing.T) {
	plan, errs := arm.PlanOutput.Parse(`{"moves":[{"x":1,"y":2}],"reason":"reach the cup"}`)
	require.Nil(t, errs)
	assert.Equal(t, arm.Plan{Moves: []arm.MoveArgs{{X: 1, Y: 2}}, Reason: "reach the cup"}, plan)
	plan, errs = arm.PlanOutput.ParseBytes([]byte(` {"moves":[{"x":1,"y":2,"speed":null}],"reason":"r"} `))
	require.Nil(t, errs, "white space around the object; a null optional member")
	assert.Equal(t, "r", plan.Reason)

	cases := map[string]string{
		``:                     "the answer is empty",
		"  \n":                 "the answer is empty",
		"Here is the plan: {}": "the answer is not valid JSON",
		"```json\n{\"moves\":[],\"reason\":\"r\"}\n```":     "the answer is not valid JSON",
		`{"moves":[],"reason":"r"} {}`:                      "the answer is not valid JSON",
		`{"reason":"a","reason":"b"}`:                       "appears twice",
		`["moves"]`:                                         "the answer should be a JSON object, got array",
		"{\"reason\":\"\xff\"}":                             "invalid UTF-8",
		strings.Repeat("[", 600) + strings.Repeat("]", 600): "nested",
	}
	for answer, want := range cases {
		p, errs := arm.PlanOutput.Parse(answer)
		require.Len(t, errs, 1, "%q", answer)
		assert.Contains(t, errs[0].Message(), want, "%q", answer)
		assert.Equal(t, arm.Plan{}, p)
	}

	_, errs = arm.PlanOutput.Parse(`{"moves":[{"x":11,"y":"2"}],"reason":"","note":1}`)
	assert.Equal(t, "Your answer does not match the format plan:\n"+
		"- unexpected member 'note'\n"+
		"- member 'moves[0].x' should be <= 10, got 11\n"+
		"- member 'moves[0].y' should be number, got string \"2\"\n"+
		"- member 'reason' should be at least 1 character long, got \"\"\n"+
		"Answer again with only a JSON object that matches the format.", arm.PlanOutput.Feedback(errs))
	_, errs = arm.PlanOutput.Parse(`"plan"`)
	assert.Equal(t, "Your answer does not match the format plan:\n"+
		"- the answer should be a JSON object, got string\n"+
		"Answer again with only a JSON object that matches the format.", arm.PlanOutput.Feedback(errs))
}

// The bounds Output.Feedback documents: it lists at most 20 errors, each
// message at most 796 bytes.
const (
	feedbackErrors = 20
	maxMessage     = 796
)

// The feedback is bounded whatever the answer: at most feedbackErrors
// errors are listed.
func TestOutputFeedbackIsBounded(t *testing.T) {
	var extra []string
	for i := range 5000 {
		extra = append(extra, `"m`+itoa(i)+`":"`+strings.Repeat(`\n`, 100)+`"`)
	}
	_, errs := arm.PlanOutput.Parse(`{"moves":[{"x":1,"y":1}],"reason":"r",` + strings.Join(extra, ",") + `}`)
	require.Greater(t, len(errs), feedbackErrors)
	text := arm.PlanOutput.Feedback(errs)
	lines := strings.Split(text, "\n")
	assert.Len(t, lines, feedbackErrors+3)
	assert.Equal(t, "- and "+itoa(len(errs)-feedbackErrors)+" more errors", lines[len(lines)-2])
	assert.Less(t, len(text), 8192)
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// Each provider's format of the output, in its strictest form.
func TestOutputFormats(t *testing.T) {
	for _, d := range []tool.Dialect{tool.OpenAI, tool.OpenAIResponses, tool.Anthropic, tool.Gemini} {
		f, ok := arm.PlanOutput.Formats.Get(d)
		require.True(t, ok, d)
		assert.Equal(t, d, f.Form, "%s: the plan is strict everywhere", d)
		assert.Empty(t, f.Fallback)
		assert.True(t, bytes.Contains(f.Format, f.Schema), d)
	}
	_, ok := arm.PlanOutput.Formats.Get(tool.MCP)
	assert.False(t, ok)
}

// The cost of a typed result: the set renders the result as JSON, parses
// it back and validates it, against a handler returning the same value
// untyped.
func BenchmarkTypedResult(b *testing.B) {
	pos := arm.Position{X: 1.5, Y: 2, Holding: "cup"}
	ctx := context.Background()
	quiet := tool.WithLogger(slog.New(slog.DiscardHandler))
	b.Run("typed", func(b *testing.B) {
		set := tool.NewSet(arm.PositionTool.Handle(func(context.Context, arm.PositionArgs) (arm.Position, error) { return pos, nil }), quiet)
		b.ReportAllocs()
		for b.Loop() {
			if res := set.Call(ctx, "position", nil); res.Status != tool.StatusExecuted {
				b.Fatal(res.Errors)
			}
		}
	})
	b.Run("untyped", func(b *testing.B) {
		untyped := arm.PositionTool.Def
		untyped.ResultSchema, untyped.ValidateResult = nil, nil
		set := tool.NewSet(untyped.Handle(func(context.Context, arm.PositionArgs) (any, error) { return pos, nil }), quiet)
		b.ReportAllocs()
		for b.Loop() {
			if res := set.Call(ctx, "position", nil); res.Status != tool.StatusExecuted {
				b.Fatal(res.Errors)
			}
		}
	})
}

// Parsing an answer: the strict parse, the generated validator and decode,
// against encoding/json's Unmarshal, which checks nothing.
func BenchmarkOutputParse(b *testing.B) {
	answer := []byte(`{"moves":[{"x":1,"y":2,"speed":0.5},{"x":3.25,"y":4}],"reason":"reach the cup, then the shelf"}`)
	b.Run("Parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, errs := arm.PlanOutput.ParseBytes(answer); errs != nil {
				b.Fatal(errs)
			}
		}
	})
	b.Run("json.Unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var p arm.Plan
			if err := json.Unmarshal(answer, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// Parse never panics, returns errors or a value (never both), and its
// feedback is bounded, whatever the answer.
func FuzzOutputParse(f *testing.F) {
	for _, seed := range []string{
		`{"moves":[{"x":1,"y":2}],"reason":"r"}`, `{"moves":[],"reason":""}`, `[]`, `"x"`, ``, `{"moves":[{"x":1e400}]}`,
		`{"moves":[{"x":1,"y":2,"speed":null}],"reason":"r","extra":{"a":[1,2,{"b":null}]}}`, "{\"reason\":\"\xff\"}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, answer []byte) {
		plan, errs := arm.PlanOutput.ParseBytes(answer)
		if errs != nil {
			if plan.Reason != "" || plan.Moves != nil {
				t.Fatalf("errors and a value: %+v %v", plan, errs)
			}
			if text := arm.PlanOutput.Feedback(errs); len(text) > 200+(feedbackErrors+1)*(maxMessage+3) {
				t.Fatalf("feedback of %d bytes", len(text))
			}
			return
		}
		if plan.Reason == "" || len(plan.Moves) == 0 {
			t.Fatalf("a valid answer without its required members: %q", answer)
		}
	})
}

// A person's refusal of a dangerous call: rejected with code declined,
// audited, never run; the token then approves nothing, and a token of
// another call is no answer.
func TestDecline(t *testing.T) {
	log, buf := auditLog()
	runs := 0
	set := tool.NewSet(arm.ReleaseTool.Handle(func(context.Context, arm.ReleaseArgs) (any, error) { runs++; return "released", nil }),
		arm.MoveTool.Handle(func(context.Context, arm.MoveArgs) (any, error) { return "moved", nil }), tool.WithLogger(log))
	ctx := context.Background()
	first := set.Call(ctx, "release", nil)
	require.Equal(t, tool.StatusNeedsConfirmation, first.Status)

	other := set.Call(ctx, "release", []byte(`{}`), tool.Decline("not a token"))
	assert.Equal(t, tool.StatusNeedsConfirmation, other.Status, "no answer")

	res := set.Call(ctx, "release", nil, tool.Decline(first.Approval))
	require.Equal(t, tool.StatusRejected, res.Status)
	assert.Equal(t, []string{"declined:release"}, res.Errors.Codes())
	assert.Equal(t, "The call to release was declined by the user and not executed:\n- a person declined this call\n"+
		"Do not repeat this call; ask the user what to do instead.", res.Feedback())
	assert.Contains(t, buf.String(), `"approval":"declined"`)

	res = set.Call(ctx, "release", nil, tool.Approve(first.Approval))
	assert.Equal(t, tool.StatusNeedsConfirmation, res.Status, "a declined token approves nothing")
	assert.Zero(t, runs)

	// On a tool that needs no confirmation, Decline changes nothing.
	assert.Equal(t, tool.StatusExecuted, set.Call(ctx, "move", []byte(`{"x":1,"y":1}`), tool.Decline(first.Approval)).Status)
}

// A duplicate of a typed call carries the first call's checked JSON, as
// the first did: its MCP structuredContent is the same, byte for byte ("<"
// as it is, not as the store's encoding/json would escape it).
func TestDuplicateOfATypedResult(t *testing.T) {
	def := arm.PositionTool
	def.Idempotent = false
	runs := 0
	set := tool.NewSet(def.Handle(func(ctx context.Context, _ arm.PositionArgs) (arm.Position, error) {
		runs++
		return arm.Position{X: 1.5, Y: 2, Holding: "<cup>"}, nil
	}), tool.WithLogger(nil))
	first := set.Call(context.Background(), "position", nil, tool.RequestID("r1"))
	again := set.Call(context.Background(), "position", nil, tool.RequestID("r1"))
	require.Equal(t, tool.StatusExecuted, again.Status)
	assert.True(t, again.Duplicate)
	assert.Equal(t, 1, runs)
	const want = `{"x":1.5,"y":2,"holding":"<cup>"}`
	assert.Equal(t, want, string(first.Structured))
	assert.Equal(t, want, string(again.Structured))
	assert.Equal(t, want, string(again.MCP().StructuredContent), "a client checks structuredContent against the outputSchema")
}
