package tool

import (
	"context"
	"errors"
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
	assert.Equal(t, StopMaxSteps, stop.Code)
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
	err := g.Step()
	require.Error(t, err)
	assert.Equal(t, StopMaxDuration, err.(*Stop).Code)
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
	assert.Equal(t, StopRepeatedFailure, err.(*Stop).Code)
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
