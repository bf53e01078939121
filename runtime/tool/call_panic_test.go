package tool

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Types whose methods panic, as a bug in an application's type would.

type panicText string

func (*panicText) UnmarshalText([]byte) error { panic("UnmarshalText bug") }

type panicJSON string

func (*panicJSON) UnmarshalJSON([]byte) error { panic("UnmarshalJSON bug") }

type panicMarshal struct{}

func (panicMarshal) MarshalJSON() ([]byte, error) { panic("MarshalJSON bug") }

type panicError struct{}

func (panicError) Error() string { panic("Error bug") }

type panicUnwrap struct{}

func (panicUnwrap) Error() string { return "wrapped" }
func (panicUnwrap) Unwrap() error { panic("Unwrap bug") }

type panicTextArgs struct {
	Text panicText `json:"text"`
}

type panicJSONArgs struct {
	Text panicJSON `json:"text"`
}

// panickingLogger's handler panics on every record.
type panickingHandler struct{ recorder }

func (h *panickingHandler) Handle(context.Context, slog.Record) error { panic("logger bug") }

// panickingStore panics on every operation.
type panickingStore struct{}

func (panickingStore) Add(context.Context, string, []byte, time.Duration) ([]byte, bool, error) {
	panic("store bug")
}
func (panickingStore) Put(context.Context, string, []byte, time.Duration) error { panic("store bug") }
func (panickingStore) Delete(context.Context, string) error                     { panic("store bug") }

// TestNoPanicEscapesACall: a panic anywhere in a call, in any of the
// application's code the set runs, becomes a result with code panic and an
// audit record, through each of Call, CallArgs and CallJSON; a panic before
// the handler leaves the handler unrun.
func TestNoPanicEscapesACall(t *testing.T) {
	type point struct {
		name string
		opts func(ran *counter) []Option
		tool string
		// want: the status and code of the result; stage: the stage a
		// panic record names ("" when the call's own code recovers).
		status Status
		code   string
		stage  string
		ran    int64
	}
	textTool := func(name string, risk Risk, idempotent bool) Def[textArgs] {
		return Def[textArgs]{Tool: Tool{Name: name, Risk: risk, Idempotent: idempotent, Validate: validateText}}
	}
	handle := func(d Def[textArgs], fn func(context.Context, textArgs) (any, error)) Option {
		return d.Handle(fn)
	}
	points := []point{
		{name: "UnmarshalText in decode", tool: "t", status: StatusRejected, code: string(CodePanic), stage: "decode",
			opts: func(ran *counter) []Option {
				d := Def[panicTextArgs]{Tool: Tool{Name: "t", Idempotent: true}}
				return []Option{d.Handle(func(context.Context, panicTextArgs) (any, error) { ran.n.Add(1); return nil, nil })}
			}},
		{name: "UnmarshalJSON in decode", tool: "t", status: StatusRejected, code: string(CodePanic), stage: "decode",
			opts: func(ran *counter) []Option {
				d := Def[panicJSONArgs]{Tool: Tool{Name: "t", Idempotent: true}}
				return []Option{d.Handle(func(context.Context, panicJSONArgs) (any, error) { ran.n.Add(1); return nil, nil })}
			}},
		{name: "a generated decoder calling UnmarshalText", tool: "t", status: StatusRejected, code: string(CodePanic), stage: "decode",
			opts: func(ran *counter) []Option {
				d := Def[panicTextArgs]{Tool: Tool{Name: "t", Idempotent: true, Validate: validateText},
					Decode: func(args map[string]any) (panicTextArgs, Errors) {
						var a panicTextArgs
						_ = a.Text.UnmarshalText([]byte(args["text"].(string)))
						return a, nil
					}}
				return []Option{d.Handle(func(context.Context, panicTextArgs) (any, error) { ran.n.Add(1); return nil, nil })}
			}},
		{name: "validator", tool: "t", status: StatusRejected, code: string(CodePanic), stage: "decode",
			opts: func(ran *counter) []Option {
				d := Def[textArgs]{Tool: Tool{Name: "t", Idempotent: true, Validate: func(map[string]any) Errors {
					var m map[string]int
					m["x"] = 1
					return nil
				}}}
				return []Option{handle(d, ran.echo)}
			}},
		{name: "policy", tool: "t", status: StatusRejected, code: string(CodePanic), stage: "policy",
			opts: func(ran *counter) []Option {
				return []Option{handle(textTool("t", RiskAct, true), ran.echo),
					WithPolicy(func(context.Context, *Call) error { panic("policy bug") })}
			}},
		{name: "policy error's text", tool: "t", status: StatusRejected, code: string(CodePanic), stage: "policy",
			opts: func(ran *counter) []Option {
				return []Option{handle(textTool("t", RiskAct, true), ran.echo),
					WithPolicy(func(context.Context, *Call) error { return panicError{} })}
			}},
		{name: "redaction hook", tool: "t", status: StatusRejected, code: string(CodePanic), stage: "redaction",
			opts: func(ran *counter) []Option {
				return []Option{handle(textTool("t", RiskAct, true), ran.echo),
					WithRedaction(func(string, map[string]any) any { panic("redaction bug") })}
			}},
		{name: "redacted value's MarshalJSON", tool: "t", status: StatusExecuted, ran: 1,
			opts: func(ran *counter) []Option {
				return []Option{handle(textTool("t", RiskAct, true), ran.echo),
					WithRedaction(func(string, map[string]any) any { return panicMarshal{} })}
			}},
		{name: "handler", tool: "t", status: StatusFailed, code: string(CodePanic), ran: 1,
			opts: func(ran *counter) []Option {
				return []Option{handle(textTool("t", RiskAct, true), func(context.Context, textArgs) (any, error) {
					ran.n.Add(1)
					panic("handler bug")
				})}
			}},
		{name: "handler error's text", tool: "t", status: StatusFailed, code: string(CodeToolError), ran: 1,
			opts: func(ran *counter) []Option {
				return []Option{handle(textTool("t", RiskAct, true), func(context.Context, textArgs) (any, error) {
					ran.n.Add(1)
					return nil, panicError{}
				})}
			}},
		{name: "handler error's Unwrap", tool: "t", status: StatusFailed, code: string(CodePanic), stage: "execution", ran: 1,
			opts: func(ran *counter) []Option {
				return []Option{handle(textTool("t", RiskAct, true), func(context.Context, textArgs) (any, error) {
					ran.n.Add(1)
					return nil, panicUnwrap{}
				})}
			}},
		{name: "output's MarshalJSON, kept under a request id", tool: "t", status: StatusFailed, code: string(CodePanic), ran: 1,
			opts: func(ran *counter) []Option {
				return []Option{handle(textTool("t", RiskAct, false), func(context.Context, textArgs) (any, error) {
					ran.n.Add(1)
					return panicMarshal{}, nil
				})}
			}},
		{name: "store", tool: "t", status: StatusRejected, code: string(CodePanic), stage: "idempotency",
			opts: func(ran *counter) []Option {
				return []Option{handle(textTool("t", RiskAct, false), ran.echo), WithStore(panickingStore{})}
			}},
		{name: "store, for an approval", tool: "d", status: StatusRejected, code: string(CodePanic), stage: "approval",
			opts: func(ran *counter) []Option {
				return []Option{handle(textTool("d", RiskDangerous, true), ran.echo), WithStore(panickingStore{})}
			}},
	}
	calls := map[string]func(set *Set, name, token string) Result{
		"Call": func(set *Set, name, token string) Result {
			return set.Call(context.Background(), name, []byte(`{"text": "x"}`), RequestID("r"), Approve(token))
		},
		"CallArgs": func(set *Set, name, token string) Result {
			return set.CallArgs(context.Background(), name, map[string]any{"text": "x"}, RequestID("r"), Approve(token))
		},
		"CallJSON": func(set *Set, name, token string) Result {
			return set.CallJSON(context.Background(), []byte(`{"tool": "`+name+`", "args": {"text": "x"}}`), RequestID("r"), Approve(token))
		},
	}
	for _, p := range points {
		for via, call := range calls {
			t.Run(p.name+"/"+via, func(t *testing.T) {
				var ran counter
				var audit syncBuffer
				set := NewSet(append(p.opts(&ran), WithLogger(slog.New(slog.NewJSONHandler(&audit, nil))))...)
				token := ""
				if p.tool == "d" {
					token = set.CallArgs(context.Background(), "d", map[string]any{"text": "x"}).Approval
				}
				before := strings.Count(audit.String(), `"msg":"tool call"`)
				var res Result
				require.NotPanics(t, func() { res = call(set, p.tool, token) })
				assert.Equal(t, p.status, res.Status)
				if p.code != "" {
					require.NotEmpty(t, res.Errors)
					assert.Equal(t, p.code, string(res.Errors[0].Code))
				}
				assert.Equal(t, p.ran, ran.n.Load(), "handler runs")
				require.NotPanics(t, func() {
					res.Feedback()
					res.FeedbackJSON()
					res.OpenAI()
				})
				assert.NotContains(t, res.Feedback(), "bug", "a panic's value is for the log, not the model")
				records := strings.Count(audit.String(), `"msg":"tool call"`) - before
				assert.Equal(t, 1, records, "one audit record: %s", audit.String())
				if p.stage != "" {
					assert.Contains(t, audit.String(), `"msg":"tool call panicked"`)
					assert.Contains(t, audit.String(), `"stage":"`+p.stage+`"`)
				}
				if p.name == "redacted value's MarshalJSON" {
					assert.Contains(t, audit.String(), `"args":"!PANIC: MarshalJSON bug"`, "slog's JSON handler reports it")
				}
				if p.name == "output's MarshalJSON, kept under a request id" {
					// Rendered as the handler returns: a panic of the tool,
					// the failure kept for its request id.
					again := call(set, p.tool, token)
					assert.True(t, again.Duplicate)
					assert.Equal(t, res.Feedback(), again.Feedback())
				}
			})
		}
	}
}

// marshalingHandler writes each record's attributes with encoding/json, as
// a hand-written handler may, letting a MarshalJSON panic through.
type marshalingHandler struct {
	recorder
	out syncBuffer
}

func (h *marshalingHandler) Handle(_ context.Context, r slog.Record) error {
	m := map[string]any{"msg": r.Message}
	r.Attrs(func(a slog.Attr) bool { m[a.Key] = a.Value.Any(); return true })
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = h.out.Write(append(b, '\n'))
	return err
}

// TestRedactedValueThatPanics: when the logger cannot write what the
// redaction hook made of the arguments, the record is written without it.
func TestRedactedValueThatPanics(t *testing.T) {
	var c counter
	h := &marshalingHandler{}
	set := newTestSet(&c, slog.New(h), WithRedaction(func(string, map[string]any) any { return panicMarshal{} }))
	var res Result
	require.NotPanics(t, func() { res = set.Call(context.Background(), "echo", []byte(`{"text": "a"}`)) })
	assert.Equal(t, StatusExecuted, res.Status)
	assert.Equal(t, 1, strings.Count(h.out.String(), `"msg":"tool call"`))
	assert.Contains(t, h.out.String(), `"args":"\u003cthe redacted arguments could not be logged\u003e"`)
}

// TestPanickingLogger: a logger that panics loses its records; the calls
// go on.
func TestPanickingLogger(t *testing.T) {
	var c counter
	set := newTestSet(&c, slog.New(&panickingHandler{}))
	var res Result
	require.NotPanics(t, func() { res = set.Call(context.Background(), "echo", []byte(`{"text": "a"}`)) })
	assert.Equal(t, StatusExecuted, res.Status)
	require.NotPanics(t, func() { res = set.Call(context.Background(), "move", []byte(`{"x": 1}`), CallID("c")) })
	assert.Equal(t, StatusExecuted, res.Status)
	assert.Equal(t, int64(2), c.n.Load())
}

// TestOutputRendering: an output with no JSON form, or whose methods
// panic, renders as text, never as a panic.
func TestOutputRendering(t *testing.T) {
	for _, out := range []any{panicMarshal{}, func() {}, make(chan int), []any{panicMarshal{}}} {
		r := Result{Tool: "t", Status: StatusExecuted, Output: out}
		require.NotPanics(t, func() { r.Feedback() })
		require.NotPanics(t, func() { r.FeedbackJSON() })
		assert.True(t, json.Valid([]byte(r.FeedbackJSON())))
	}
	assert.Equal(t, "<the output could not be rendered: its MarshalJSON or MarshalText method panicked>", Result{Status: StatusExecuted, Output: panicMarshal{}}.Feedback())
	assert.Equal(t, errors.New("x").Error(), errorText(errors.New("x")))
}
