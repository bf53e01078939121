package tool

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGuardSteps(t *testing.T) {
	g := NewGuard(Limits{MaxSteps: 3})
	for range 3 {
		require.NoError(t, g.Step())
	}
	err := g.Step()
	var stop *Stop
	require.True(t, errors.As(err, &stop))
	assert.Equal(t, CodeMaxSteps, stop.Code)
	assert.EqualError(t, err, "the loop took its maximum of 3 steps")
	assert.Same(t, stop, g.Step(), "a stopped guard stays stopped")
	assert.Equal(t, stop, g.Record("x", nil, false))
}

func TestGuardDuration(t *testing.T) {
	g := NewGuard(Limits{MaxDuration: time.Minute})
	now := g.start
	g.now = func() time.Time { return now }
	require.NoError(t, g.Step())
	now = now.Add(59 * time.Second)
	require.NoError(t, g.Step())
	now = now.Add(time.Second)
	err := g.Err()
	require.NoError(t, err, "nothing checked the clock yet")
	// A call of the step past the time budget does not run.
	var c counter
	res := g.Call(context.Background(), newTestSet(&c, nil), "move", []byte(`{"x": 1}`))
	assert.Equal(t, []string{"stopped:move"}, res.Errors.Codes())
	assert.Contains(t, res.Feedback(), "the loop was stopped before this call: the loop ran for its whole time budget of 1m0s")
	assert.Zero(t, c.n.Load())
	err = g.Step()
	require.Error(t, err)
	assert.Equal(t, CodeMaxDuration, err.(*Stop).Code)
	assert.EqualError(t, err, "the loop ran for its whole time budget of 1m0s")

	ctx, cancel := g.Context(context.Background())
	defer cancel()
	deadline, ok := ctx.Deadline()
	assert.True(t, ok)
	assert.Equal(t, g.start.Add(time.Minute), deadline)

	ctx, cancel = NewGuard(Limits{}).Context(context.Background())
	defer cancel()
	_, ok = ctx.Deadline()
	assert.False(t, ok)
}

// TestGuardRepeatedFailure: the same failing call more than twice stops the
// loop; the same call written differently is the same call; other calls
// and successes do not count.
func TestGuardRepeatedFailure(t *testing.T) {
	g := NewGuard(Limits{})
	require.NoError(t, g.Record("move_to", []byte(`{"x": 3, "y": 40}`), true))
	require.NoError(t, g.Record("move_to", []byte(`{"x": 3, "y": 41}`), true))
	require.NoError(t, g.Record("move_to", []byte(`{"x": 3, "y": 4}`), false))
	require.NoError(t, g.Record("move_to", []byte(`{"x": 3, "y": 4}`), false))
	require.NoError(t, g.Record("move_to", []byte(`{"x": 3, "y": 4}`), false))
	require.NoError(t, g.Record("get", []byte(`{"y": 40, "x": 3}`), true))
	require.NoError(t, g.Record("move_to", []byte(` {"y": 40.0, "x": 3} `), true))
	require.NoError(t, g.Step())
	err := g.Record("move_to", []byte(`{"y":4e1,"x":3}`), true)
	require.Error(t, err)
	assert.Equal(t, CodeRepeatedFailure, err.(*Stop).Code)
	assert.EqualError(t, err, "the same failing call to move_to was made 3 times; it is not retried again")
	assert.Equal(t, err, g.Step())

	// Arguments that do not parse are compared as they are; empty ones are {}.
	g = NewGuard(Limits{MaxRepeats: 1})
	require.NoError(t, g.Record("a", []byte(`move to 3 4`), true))
	require.NoError(t, g.Record("a", []byte(`move to 3 5`), true))
	require.NoError(t, g.Record("b", nil, true))
	assert.Error(t, g.Record("b", []byte(`{}`), true))
}

// TestGuardLoop runs a scripted agent loop against a Set: a model that
// repeats the same invalid call is stopped on its third attempt.
func TestGuardLoop(t *testing.T) {
	var c counter
	set := newTestSet(&c, nil)
	ctx := context.Background()
	g := NewGuard(Limits{MaxSteps: 10, MaxDuration: time.Minute})
	model := []string{`{"x": 30}`, `{"x": 30}`, `{"x": 3}`, `{"x": 30}`, `{"x": 1}`}
	var stop error
	step := 0
	for g.Step() == nil && step < len(model) {
		args := []byte(model[step])
		step++
		res := set.Call(ctx, "move", args)
		if stop = g.Record("move", args, res.Failed()); stop != nil {
			break
		}
	}
	require.Error(t, stop)
	assert.Equal(t, 4, step)
	assert.Equal(t, int64(1), c.n.Load())
}

// TestGuardStopsTheStep: once a failing call repeated too often stops the
// loop, no later call of the step runs, through Call or CallArgs; each is
// answered, rejected with code stopped, and audited.
func TestGuardStopsTheStep(t *testing.T) {
	var c counter
	logger, records := auditRecords()
	set := newTestSet(&c, logger)
	ctx := context.Background()
	g := NewGuard(Limits{})
	require.NoError(t, g.Step())
	for i := range 3 {
		res := g.Call(ctx, set, "move", []byte(`{"x": 30}`), CallID("bad"+strconv.Itoa(i)))
		require.Equal(t, StatusRejected, res.Status)
	}
	stop := g.Err()
	require.Error(t, stop)
	assert.Equal(t, CodeRepeatedFailure, stop.(*Stop).Code)
	for i := range 100 {
		var res Result
		if i%2 == 0 {
			res = g.Call(ctx, set, "move", []byte(`{"x": 3}`), CallID("c"+strconv.Itoa(i)))
		} else {
			res = g.CallArgs(ctx, set, "echo", map[string]any{"text": "hi"}, CallID("c"+strconv.Itoa(i)))
		}
		require.Equal(t, StatusRejected, res.Status)
		assert.Equal(t, []string{"stopped:" + res.Tool}, res.Errors.Codes())
		assert.Equal(t, "c"+strconv.Itoa(i), res.CallID)
	}
	assert.Zero(t, c.n.Load(), "no call runs after the stop")
	res := g.Call(ctx, set, "move", []byte(`{"x": 3}`))
	assert.Equal(t, "The call to move was not executed:\n"+
		"- the loop was stopped before this call: the same failing call to move was made 3 times; it is not retried again\n"+
		"Do not call any more tools: the task ends here.", res.Feedback())
	assert.True(t, res.Anthropic().IsError)
	assert.Equal(t, stop, g.Step(), "the guard stays stopped")

	recs := records()
	require.Len(t, recs, 3+100+1, "every call is audited")
	assert.Equal(t, "rejected", recs[3]["status"])
	assert.Equal(t, []any{"stopped"}, recs[3]["codes"])
	assert.Equal(t, "c0", recs[3]["call_id"])
}

// TestGuardMaxCalls: a step runs at most MaxCalls calls (defaultMaxCalls
// unless set); the others are answered with too_many_calls. Calls refused
// before their handler do not count, the next step counts again, and
// concurrent calls cannot run more than the limit.
func TestGuardMaxCalls(t *testing.T) {
	ctx := context.Background()
	run := func(l Limits, n int) (ran int64, codes map[string]int) {
		var c counter
		set := newTestSet(&c, nil)
		g := NewGuard(l)
		require.NoError(t, g.Step())
		codes = map[string]int{}
		for i := range n {
			res := g.Call(ctx, set, "move", []byte(`{"x": 3}`), CallID(strconv.Itoa(i)))
			if res.Status == StatusExecuted {
				codes["executed"]++
			} else {
				codes[string(res.Errors[0].Code)]++
			}
		}
		return c.n.Load(), codes
	}
	ran, codes := run(Limits{}, 40)
	assert.EqualValues(t, defaultMaxCalls, ran)
	assert.Equal(t, map[string]int{"executed": defaultMaxCalls, string(CodeTooManyCalls): 40 - defaultMaxCalls}, codes)
	ran, _ = run(Limits{MaxCalls: 5}, 40)
	assert.EqualValues(t, 5, ran)
	ran, _ = run(Limits{MaxCalls: -1}, 100)
	assert.EqualValues(t, 100, ran)

	var c counter
	set := newTestSet(&c, nil)
	g := NewGuard(Limits{MaxCalls: 2})
	for i := range 5 {
		assert.Equal(t, StatusRejected, g.Call(ctx, set, "move", []byte(`{"x": `+strconv.Itoa(20+i)+`}`)).Status)
	}
	assert.Equal(t, StatusExecuted, g.Call(ctx, set, "move", []byte(`{"x": 1}`)).Status, "refused calls do not count")
	assert.Equal(t, StatusNeedsConfirmation, g.Call(ctx, set, "door", []byte(`{"text": "open"}`)).Status)
	assert.Equal(t, StatusExecuted, g.CallArgs(ctx, set, "echo", map[string]any{"text": "a"}).Status)
	res := g.Call(ctx, set, "move", []byte(`{"x": 2}`))
	assert.Equal(t, "The call to move was not executed:\n"+
		"- this turn already ran 2 calls, the most one turn may run\n"+
		"Make fewer calls at once; call it again in your next turn if it is still needed.", res.Feedback())
	assert.NoError(t, g.Err(), "the cap does not stop the loop")
	require.NoError(t, g.Step())
	assert.Equal(t, StatusExecuted, g.Call(ctx, set, "move", []byte(`{"x": 2}`)).Status, "a new step")

	// 64 calls at once, 10 allowed.
	c.n.Store(0)
	g = NewGuard(Limits{MaxCalls: 10})
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Go(func() { g.Call(ctx, set, "move", []byte(`{"x": 3}`), CallID(strconv.Itoa(i))) })
	}
	wg.Wait()
	assert.EqualValues(t, 10, c.n.Load())

	// Without a guard, every call runs.
	var nilGuard *Guard
	assert.Equal(t, StatusExecuted, nilGuard.Call(ctx, set, "move", []byte(`{"x": 3}`)).Status)
	assert.Equal(t, StatusExecuted, nilGuard.CallArgs(ctx, set, "echo", map[string]any{"text": "a"}).Status)
	assert.NoError(t, nilGuard.Err())
}

// auditRecords collects a set's audit records, decoded.
func auditRecords() (*slog.Logger, func() []map[string]any) {
	var buf bytes.Buffer
	var mu sync.Mutex
	logger := slog.New(slog.NewJSONHandler(&lockedWriter{w: &buf, mu: &mu}, nil))
	return logger, func() []map[string]any {
		mu.Lock()
		defer mu.Unlock()
		var recs []map[string]any
		dec := json.NewDecoder(bytes.NewReader(buf.Bytes()))
		for dec.More() {
			var rec map[string]any
			if dec.Decode(&rec) != nil {
				break
			}
			recs = append(recs, rec)
		}
		return recs
	}
}

type lockedWriter struct {
	w  *bytes.Buffer
	mu *sync.Mutex
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
