package tool

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
)

func init() { countParses = true }

// onePassDecodes counts the readings of raw bytes by onePassText.
var onePassDecodes atomic.Int64

// onePassText is a Decoder that reads raw arguments itself, as a generated
// one does in one pass: each reading of raw bytes counts in
// onePassDecodes, and none in parses.
func onePassText(args map[string]any, raw []byte, feed *streamFeed, _ int) (textArgs, Errors) {
	if args == nil {
		onePassDecodes.Add(1)
		if feed != nil {
			raw = append(raw, feed.All()...)
		}
		v, perr := parseJSON(jsonscan.Arguments(raw))
		if perr != nil {
			return textArgs{}, Errors{parseError(perr, "the arguments are not valid JSON")}
		}
		m, ok := v.(map[string]any)
		if !ok {
			return textArgs{}, Errors{shapeError("the arguments should be a JSON object", v)}
		}
		args = m
	}
	if errs := validateText(args); errs != nil {
		return textArgs{}, errs
	}
	return textArgs{Text: args["text"].(string)}, nil
}

// TestParsesPerPath: on every path a call takes, its bytes are parsed at
// most once (ParseArgs, or the set's own parse), and read in one pass at
// most once: what a stage, an Approver's second pass, a policy's
// Call.Arguments, the confirmation or a Guard needs of them after is what
// the first reading made. A failing call read in one pass is parsed once
// more, for its Guard's key: the one pass builds no value to make it of.
func TestParsesPerPath(t *testing.T) {
	say := Def[textArgs]{Tool: Tool{Name: "say", Risk: RiskRead, Idempotent: true}, Decoder: onePassText}
	open := Def[textArgs]{Tool: Tool{Name: "open", Risk: RiskDangerous}, Decoder: onePassText}
	post := Def[textArgs]{Tool: Tool{Name: "post", Risk: RiskAct}, Decoder: onePassText}
	run := func(ctx context.Context, a textArgs) (any, error) {
		if a.Text == "ask" {
			_, err := AskClient(ctx, Question{Key: "q", Method: "m"})
			return nil, err
		}
		if a.Text == "fail" {
			return nil, errors.New("it failed")
		}
		return a.Text, nil
	}
	handlers := []Option{say.Handle(run), open.Handle(run), post.Handle(run), echoDef.Handle(run), WithLogger(nil)}
	plain := NewSet(handlers...)
	var arguments map[string]any
	readsArguments := NewSet(append(handlers, WithPolicy(func(_ context.Context, c *Call) error {
		arguments = c.Arguments()
		return nil
	}))...)
	mapPolicy := NewSet(append(handlers, WithPolicy(func(context.Context, *Call) error { return nil }))...)
	var redacted any
	redacting := NewSet(append(handlers, WithRedaction(func(_ string, args map[string]any) any {
		redacted = args["text"]
		return redacted
	}), WithLogger(slog.New(slog.DiscardHandler)))...)
	ctx := context.Background()
	approve := Ask(func(context.Context, ApprovalRequest) (bool, error) { return true, nil })
	stream := func(set *Set, g *Guard, name, raw string, opts ...CallOption) Result {
		p := set.Open(ctx, name, opts...)
		p.Write([]byte(raw)[:3])
		p.Write([]byte(raw)[3:])
		return g.Close(p)
	}

	for _, c := range []struct {
		path            string
		call            func() Result
		status          Status
		decodes, parses int64
	}{
		{"plain", func() Result { return plain.Call(ctx, "say", []byte(`{"text": "a"}`)) }, StatusExecuted, 1, 0},
		{"plain, invalid", func() Result { return plain.Call(ctx, "say", []byte(`{"text": 1}`)) }, StatusRejected, 1, 0},
		{"a first round that asks nothing", func() Result {
			return plain.Call(ctx, "say", []byte(`{"text": "a"}`), InRounds(Round{}))
		}, StatusExecuted, 1, 0},
		{"a first round that asks: its state names the call", func() Result {
			return plain.Call(ctx, "say", []byte(`{"text": "ask"}`), InRounds(Round{}))
		}, StatusNeedsInput, 1, 1},
		{"map path: a policy, a tool without a one-pass decoder", func() Result {
			return mapPolicy.Call(ctx, "echo", []byte(`{"text": "a"}`))
		}, StatusExecuted, 0, 1},
		{"map path: an unknown tool", func() Result { return plain.Call(ctx, "nope", []byte(`{"text": "a"}`)) }, StatusRejected, 0, 1},
		{"a policy reads Call.Arguments", func() Result {
			return readsArguments.Call(ctx, "say", []byte(`{"text": "a"}`))
		}, StatusExecuted, 1, 1},
		{"dangerous, awaiting approval", func() Result { return plain.Call(ctx, "open", []byte(`{"text": "a"}`)) }, StatusNeedsConfirmation, 0, 1},
		{"dangerous, with an approver", func() Result {
			return plain.Call(ctx, "open", []byte(`{"text": "a"}`), approve)
		}, StatusExecuted, 0, 1},
		{"dangerous, through CallJSON, with an approver", func() Result {
			return plain.CallJSON(ctx, []byte(`{"tool": "open", "args": {"text": "a"}}`), approve)
		}, StatusExecuted, 0, 1},
		{"deduplicated", func() Result {
			return plain.Call(ctx, "post", []byte(`{"text": "a"}`), RequestID("r1"))
		}, StatusExecuted, 0, 1},
		{"deduplicated, a duplicate", func() Result {
			return plain.Call(ctx, "post", []byte(`{"text": "a"}`), RequestID("r1"))
		}, StatusExecuted, 0, 1},
		{"redaction", func() Result { return redacting.Call(ctx, "say", []byte(`{"text": "a"}`)) }, StatusExecuted, 0, 1},
		{"guard, failing", func() Result {
			return NewGuard(Limits{}).Call(ctx, plain, "say", []byte(`{"text": "fail"}`))
		}, StatusFailed, 1, 1},
		{"guard, invalid", func() Result {
			return NewGuard(Limits{}).Call(ctx, plain, "say", []byte(`{"text": 1}`))
		}, StatusRejected, 1, 1},
		{"guard, not JSON", func() Result {
			return NewGuard(Limits{}).Call(ctx, plain, "say", []byte(`{"text": `))
		}, StatusRejected, 1, 0},
		{"guard, failing, map path", func() Result {
			return NewGuard(Limits{}).Call(ctx, plain, "post", []byte(`{"text": "fail"}`), RequestID("r2"))
		}, StatusFailed, 0, 1},
		{"guard, failing, dangerous, with an approver", func() Result {
			return NewGuard(Limits{}).Call(ctx, plain, "open", []byte(`{"text": "fail"}`), approve)
		}, StatusFailed, 0, 1},
		{"guard, not JSON, map path", func() Result {
			return NewGuard(Limits{}).Call(ctx, plain, "nope", []byte(`{"text": `))
		}, StatusRejected, 0, 1},
		{"stream Close", func() Result { return stream(plain, nil, "say", `{"text": "a"}`) }, StatusExecuted, 1, 0},
		{"stream Close through a guard, dangerous, with an approver, failing", func() Result {
			return stream(plain, NewGuard(Limits{}), "open", `{"text": "fail"}`, approve)
		}, StatusFailed, 1, 1},
	} {
		decodes, parsed := onePassDecodes.Load(), parses.Load()
		res := c.call()
		assert.Equal(t, c.status, res.Status, "%s: %s", c.path, res.Feedback())
		assert.Equal(t, c.decodes, onePassDecodes.Load()-decodes, "%s: one-pass readings", c.path)
		assert.Equal(t, c.parses, parses.Load()-parsed, "%s: parses", c.path)
	}
	assert.Equal(t, map[string]any{"text": "a"}, arguments)
	assert.Equal(t, "a", redacted)
}

// TestResultConfirmation: a call that awaits approval carries its
// confirmation, as Tool.Confirmation renders its raw arguments; the
// Approver is asked with the same text.
func TestResultConfirmation(t *testing.T) {
	var c counter
	set := newTestSet(&c, nil)
	raw := []byte(`{"text": "north\u2028door"}`)
	res := set.Call(context.Background(), "door", raw)
	require.Equal(t, StatusNeedsConfirmation, res.Status)
	assert.Equal(t, doorDef.Confirmation(raw), res.Confirmation)

	var asked string
	set.Call(context.Background(), "door", raw, Ask(func(_ context.Context, req ApprovalRequest) (bool, error) {
		asked = req.Confirmation
		return false, nil
	}))
	assert.Equal(t, res.Confirmation, asked)
	assert.Empty(t, set.Call(context.Background(), "echo", raw).Confirmation)
}
