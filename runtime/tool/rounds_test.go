package tool

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var whoForm = nameFormDef(json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`))

func accept(content string) json.RawMessage {
	return json.RawMessage(`{"action":"accept","content":` + content + `}`)
}

// asking is a handler that asks whoForm, then, when its text is "twice",
// whoForm again, and completes with the names; it counts its runs and its
// completions.
type asking struct{ runs, done atomic.Int64 }

func (a *asking) handle(ctx context.Context, args textArgs) (any, error) {
	a.runs.Add(1)
	first, err := whoForm.Ask(ctx, "Who?")
	if err != nil {
		return nil, err
	}
	out := "hello " + first.Name
	if args.Text == "twice" {
		second, err := whoForm.Ask(ctx, "And who else?")
		if err != nil {
			return nil, err
		}
		out += " and " + second.Name
	}
	a.done.Add(1)
	return out, nil
}

// round calls tool with text in rounds: state and answers continue the
// previous round.
func round(set *Set, tool, text, state string, answers map[string]json.RawMessage, opts ...CallOption) Result {
	args := []byte(`{"text":` + strconv.Quote(text) + `}`)
	return set.Call(context.Background(), tool, args, append(opts, InRounds(Round{State: state, Answers: answers}))...)
}

func TestRoundsAsk(t *testing.T) {
	var a asking
	set := NewSet(echoDef.Handle(a.handle), WithLogger(nil))

	first := round(set, "echo", "twice", "", nil)
	require.Equal(t, StatusNeedsInput, first.Status)
	require.NotNil(t, first.Input)
	require.Len(t, first.Input.Questions, 1)
	q := first.Input.Questions[0]
	assert.Equal(t, "who", q.Key, "a form's key is its name")
	assert.Equal(t, "Who?", q.Message)
	assert.Equal(t, whoForm.Form, q.Form.Form)
	assert.NotEmpty(t, first.Input.State)
	assert.Contains(t, first.Feedback(), "asks the user for input")

	second := round(set, "echo", "twice", first.Input.State, map[string]json.RawMessage{"who": accept(`{"name":"Ada"}`)})
	require.Equal(t, StatusNeedsInput, second.Status, "a second question, a second round")
	require.Len(t, second.Input.Questions, 1)
	assert.Equal(t, "who_2", second.Input.Questions[0].Key, "a key asked twice is made unique")
	assert.NotEqual(t, first.Input.State, second.Input.State)

	third := round(set, "echo", "twice", second.Input.State, map[string]json.RawMessage{"who_2": accept(`{"name":"Bob"}`)})
	require.Equal(t, StatusExecuted, third.Status, third.Feedback())
	assert.Equal(t, "hello Ada and Bob", third.Output, "the answers of every earlier round reach the handler")
	assert.Equal(t, int64(3), a.runs.Load(), "the handler runs once a round")
	assert.Equal(t, int64(1), a.done.Load())
}

// TestRoundsAnswers: answers without a state, to keys not asked, declines
// and cancels, and answers that break the form.
func TestRoundsAnswers(t *testing.T) {
	var a asking
	set := NewSet(echoDef.Handle(a.handle), WithLogger(nil))

	res := round(set, "echo", "once", "", map[string]json.RawMessage{"who": accept(`{"name":"Eve"}`)})
	require.Equal(t, StatusNeedsInput, res.Status, "answers without a state answer nothing")

	again := round(set, "echo", "once", res.Input.State, map[string]json.RawMessage{"other": accept(`{"name":"Eve"}`)})
	require.Equal(t, StatusNeedsInput, again.Status, "an answer to a key not asked is ignored; the question is asked again")
	assert.Equal(t, "who", again.Input.Questions[0].Key)

	for answer, want := range map[string]error{`{"action":"decline"}`: ErrDeclined, `{"action":"cancel"}`: ErrCanceled} {
		first := round(set, "echo", "once", "", nil)
		res := round(set, "echo", "once", first.Input.State, map[string]json.RawMessage{"who": json.RawMessage(answer)})
		require.Equal(t, StatusFailed, res.Status)
		assert.ErrorIs(t, res.Err, want)
	}
	for answer, want := range map[string]string{
		`{"action":"accept","content":{}}`: "does not match it",
		`{"action":"maybe"}`:               `the action "maybe"`,
		`[1]`:                              "not an elicitation result",
		`{"action":"accept","content":"` + strings.Repeat("x", maxAnswer) + `"}`: "more than the 65536",
	} {
		first := round(set, "echo", "once", "", nil)
		res := round(set, "echo", "once", first.Input.State, map[string]json.RawMessage{"who": json.RawMessage(answer)})
		require.Equal(t, StatusFailed, res.Status, answer)
		assert.ErrorContains(t, res.Err, want)
	}
	assert.Zero(t, a.done.Load())
}

// TestRoundsStateRefused: a state is valid for its call, once, within its
// lifetime, and only as a state; the handler does not run on a refused one.
func TestRoundsStateRefused(t *testing.T) {
	var a asking
	now := time.Now()
	set := NewSet(echoDef.Handle(a.handle), doorDef.Handle(a.handle), WithLogger(nil), WithClock(func() time.Time { return now }))
	first := round(set, "echo", "once", "", nil)
	state := first.Input.State
	alter := func(s string, i int) string {
		b := []byte(s)
		b[i] ^= 1
		if string(b) == s || b[i] == '-'+1 || b[i] == '_'+1 {
			b[i] = 'A'
		}
		return string(b)
	}
	yes := map[string]json.RawMessage{"who": accept(`{"name":"Ada"}`)}
	approval := round(set, "door", "once", "", nil).Approval
	for name, c := range map[string]struct {
		tool, text, state string
		code              Code
	}{
		"altered in its head":    {"echo", "once", alter(state, 3), CodeStateInvalid},
		"altered in its payload": {"echo", "once", alter(state, 60), CodeStateInvalid},
		"altered in its MAC":     {"echo", "once", alter(state, len(state)-2), CodeStateInvalid},
		"cut":                    {"echo", "once", state[:len(state)-4], CodeStateInvalid},
		"other arguments":        {"echo", "twice", state, CodeStateInvalid},
		"another tool":           {"door", "once", state, CodeStateInvalid},
		"an approval":            {"door", "once", approval, CodeStateInvalid},
		"not base64":             {"echo", "once", "!!" + state, CodeStateInvalid},
		"too long":               {"echo", "once", state + strings.Repeat("A", maxState), CodeStateInvalid},
	} {
		res := round(set, c.tool, c.text, c.state, yes)
		require.Equal(t, StatusRejected, res.Status, name)
		assert.Equal(t, c.code, code(res), name)
		assert.Contains(t, res.Feedback(), "Call the tool again if it still needs to run", name)
	}
	assert.Equal(t, int64(1), a.runs.Load(), "no refused state runs the handler")

	done := round(set, "echo", "once", state, yes)
	require.Equal(t, StatusExecuted, done.Status)
	replay := round(set, "echo", "once", state, yes)
	require.Equal(t, StatusRejected, replay.Status)
	assert.Equal(t, CodeStateUsed, code(replay), "a state continues a call once")

	later := round(set, "echo", "once", "", nil)
	now = now.Add(defaultApprovalLifetime)
	expired := round(set, "echo", "once", later.Input.State, yes)
	assert.Equal(t, CodeStateExpired, code(expired))
	assert.Equal(t, int64(1), a.done.Load())
}

// TestRoundsDangerous: a dangerous tool is confirmed once, in its first
// round; its later rounds carry the approval, each once.
func TestRoundsDangerous(t *testing.T) {
	var a asking
	set := NewSet(doorDef.Handle(a.handle), WithLogger(nil))
	first := round(set, "door", "once", "", nil)
	require.Equal(t, StatusNeedsConfirmation, first.Status)
	assert.Zero(t, a.runs.Load())

	asked := round(set, "door", "once", "", nil, Approve(first.Approval))
	require.Equal(t, StatusNeedsInput, asked.Status)
	done := round(set, "door", "once", asked.Input.State, map[string]json.RawMessage{"who": accept(`{"name":"Ada"}`)})
	require.Equal(t, StatusExecuted, done.Status, "the approval of the first round carries to the next")
	assert.Equal(t, "hello Ada", done.Output)

	again := round(set, "door", "once", asked.Input.State, map[string]json.RawMessage{"who": accept(`{"name":"Ada"}`)})
	assert.Equal(t, CodeStateUsed, code(again))
	assert.Equal(t, int64(1), a.done.Load(), "what a person approved runs once")

	declined := round(set, "door", "once", "", nil, Decline(round(set, "door", "once", "", nil).Approval))
	assert.Equal(t, StatusRejected, declined.Status)
	assert.Equal(t, int64(2), a.runs.Load())
}

// TestRoundsBatch: questions asked before the handler looks at their
// errors go in one round; a question the client does not take is
// ErrCannotAsk and not sent.
func TestRoundsBatch(t *testing.T) {
	var seen []error
	set := NewSet(echoDef.Handle(func(ctx context.Context, _ textArgs) (any, error) {
		_, e1 := AskClient(ctx, Question{Key: "a", Method: "m/a"})
		_, e2 := AskClient(ctx, Question{Key: "b", Method: "m/b"})
		_, e3 := AskClient(ctx, Question{Key: "c", Method: "m/c"})
		seen = []error{e1, e2, e3}
		return "swallowed", nil // the questions end the round all the same
	}), WithLogger(nil))
	can := func(q Question) bool { return q.Method != "m/b" }
	res := set.Call(context.Background(), "echo", []byte(`{"text":""}`), InRounds(Round{Can: can}))
	require.Equal(t, StatusNeedsInput, res.Status)
	var keys []string
	for _, q := range res.Input.Questions {
		keys = append(keys, q.Key)
	}
	assert.Equal(t, []string{"a", "c"}, keys)
	assert.ErrorIs(t, seen[1], ErrCannotAsk)

	res = set.Call(context.Background(), "echo", []byte(`{"text":""}`), InRounds(Round{Can: can, State: res.Input.State,
		Answers: map[string]json.RawMessage{"a": json.RawMessage(`{"x":1}`), "c": json.RawMessage(`[]`)}}))
	require.Equal(t, StatusExecuted, res.Status)
	assert.NoError(t, errors.Join(seen[0], seen[2]))
}

// TestRoundsBound: a call asks at most maxQuestions questions in all.
func TestRoundsBound(t *testing.T) {
	set := NewSet(echoDef.Handle(func(ctx context.Context, _ textArgs) (any, error) {
		for i := 0; ; i++ {
			if _, err := AskClient(ctx, Question{Key: "q", Method: "m"}); err != nil && errors.Is(err, errTooManyQuestions) {
				return nil, err
			} else if i > 2*maxQuestions {
				return nil, errors.New("unbounded")
			}
		}
	}), WithLogger(nil))
	res := set.Call(context.Background(), "echo", []byte(`{"text":""}`), InRounds(Round{}))
	require.Equal(t, StatusNeedsInput, res.Status)
	assert.Len(t, res.Input.Questions, maxQuestions)
}

// TestRoundsRequestID: a call in rounds that is deduplicated by its request
// id runs each round, and stores only its end.
func TestRoundsRequestID(t *testing.T) {
	var a asking
	set := NewSet(stepDef.Handle(a.handle), WithLogger(nil))
	first := round(set, "step", "once", "", nil, CallID("c1"))
	require.Equal(t, StatusNeedsInput, first.Status)
	done := round(set, "step", "once", first.Input.State, map[string]json.RawMessage{"who": accept(`{"name":"Ada"}`)}, CallID("c1"))
	require.Equal(t, StatusExecuted, done.Status)
	assert.False(t, done.Duplicate)
	retry := round(set, "step", "once", first.Input.State, map[string]json.RawMessage{"who": accept(`{"name":"Ada"}`)}, CallID("c1"))
	assert.True(t, retry.Duplicate, "a retry of the last round gets its result")
	assert.Equal(t, int64(1), a.done.Load())
}

// code is the code of a result's one error.
func code(res Result) Code {
	if len(res.Errors) != 1 {
		return Code("errors: " + strconv.Itoa(len(res.Errors)))
	}
	return res.Errors[0].Code
}

// FuzzRoundState: whatever state and answers a client sends, the set does
// not panic, and the handler runs only on the state it issued for the call,
// once; anything else is refused with a state code.
func FuzzRoundState(f *testing.F) {
	var a asking
	set := NewSet(echoDef.Handle(a.handle), WithLogger(nil))
	state := round(set, "echo", "once", "", nil).Input.State
	f.Add(state, `{"action":"accept","content":{"name":"Ada"}}`)
	f.Add(state+"A", `{"action":"decline"}`)
	f.Add(state[:40], `[]`)
	f.Add("", `{"action":"accept","content":{"name":"Ada"}}`)
	f.Fuzz(func(t *testing.T, s, answer string) {
		valid := s == state
		before := a.runs.Load()
		res := round(set, "echo", "once", s, map[string]json.RawMessage{"who": json.RawMessage(answer)})
		switch {
		case s == "":
			require.Equal(t, StatusNeedsInput, res.Status)
		case valid && a.runs.Load() == before+1:
			state = "used" // a state continues a call once
		default:
			require.Equal(t, StatusRejected, res.Status, "%q", s)
			require.Contains(t, []Code{CodeStateInvalid, CodeStateUsed}, code(res))
			require.Equal(t, before, a.runs.Load(), "a refused state runs nothing")
		}
	})
}

// TestRoundsLongAnswerNotKept: an answer longer than an answer may be is an
// error for the handler and is not carried to the next round, so a state
// stays bounded; the question is asked again.
func TestRoundsLongAnswerNotKept(t *testing.T) {
	set := NewSet(echoDef.Handle(func(ctx context.Context, _ textArgs) (any, error) {
		_, errA := AskClient(ctx, Question{Key: "a", Method: "m"})
		_, errB := AskClient(ctx, Question{Key: "b", Method: "m"})
		return nil, errors.Join(errA, errB)
	}), WithLogger(nil))
	call := func(state string, answers map[string]json.RawMessage) Result {
		return set.Call(context.Background(), "echo", []byte(`{"text":""}`), InRounds(Round{State: state, Answers: answers}))
	}
	first := call("", nil)
	require.Equal(t, StatusNeedsInput, first.Status)
	long := json.RawMessage(`"` + strings.Repeat("x", maxAnswer) + `"`)
	second := call(first.Input.State, map[string]json.RawMessage{"a": long})
	require.Equal(t, StatusNeedsInput, second.Status, "b is still unanswered")
	assert.Less(t, len(second.Input.State), maxAnswer, "the long answer is not kept")
	third := call(second.Input.State, map[string]json.RawMessage{"b": json.RawMessage(`1`)})
	require.Equal(t, StatusNeedsInput, third.Status)
	require.Len(t, third.Input.Questions, 1)
	assert.Equal(t, "a", third.Input.Questions[0].Key, "the question whose answer was too long is asked again")
}
