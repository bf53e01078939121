package tool

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A call's context behaves as context.WithDeadline's, starting its timer only
// when a handler waits on Done.
func TestCallContext(t *testing.T) {
	type key struct{}
	parent := context.WithValue(context.Background(), key{}, "v")

	// Nothing waits: the clock tells.
	c := callContextIn(parent, 30*time.Millisecond)
	d, ok := c.Deadline()
	assert.True(t, ok)
	assert.WithinDuration(t, time.Now().Add(30*time.Millisecond), d, 10*time.Millisecond)
	assert.Equal(t, d, c.deadline())
	assert.Equal(t, "v", c.Value(key{}))
	assert.NoError(t, c.Err())
	assert.Nil(t, c.timer)
	time.Sleep(40 * time.Millisecond)
	assert.ErrorIs(t, c.Err(), context.DeadlineExceeded)
	select {
	case <-c.Done():
	default:
		t.Fatal("Done of a context past its deadline is closed")
	}

	// Done starts the timer, which closes it at the deadline.
	c = callContextIn(parent, 20*time.Millisecond)
	done := c.Done()
	assert.NoError(t, c.Err(), "nil until Done is closed")
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the deadline did not close Done")
	}
	assert.ErrorIs(t, c.Err(), context.DeadlineExceeded)
	assert.Equal(t, done, c.Done())

	// The parent's cancellation ends it, with the parent's error.
	pctx, cancel := context.WithCancel(parent)
	c = callContextIn(pctx, time.Hour)
	done = c.Done()
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the parent's cancellation did not close Done")
	}
	assert.ErrorIs(t, c.Err(), context.Canceled)
	// So it does without Done.
	pctx, cancel = context.WithCancel(parent)
	c = callContextIn(pctx, time.Hour)
	cancel()
	assert.ErrorIs(t, c.Err(), context.Canceled)

	// The handler's return ends it, and stops its timer.
	c = callContextIn(parent, time.Hour)
	done = c.Done()
	c.release()
	<-done
	assert.ErrorIs(t, c.Err(), context.Canceled)
	assert.False(t, c.timer.Stop(), "stopped")
	c = callContextIn(parent, time.Hour)
	c.release()
	assert.ErrorIs(t, c.Err(), context.Canceled)
	<-c.Done()
}

// callContextIn is a call's context whose deadline is limit from now.
func callContextIn(parent context.Context, limit time.Duration) *callContext {
	return &callContext{Context: parent, began: sinceBase(), limit: limit}
}

// A handler runs on the caller's goroutine: one that does not honour its
// context ends its call when it returns, with its own outcome.
func TestHandlerOnCallersGoroutine(t *testing.T) {
	var handlerCtx context.Context
	set := NewSet(moveDef.Handle(func(ctx context.Context, a moveArgs) (any, error) {
		handlerCtx = ctx
		if a.X == 1 {
			time.Sleep(30 * time.Millisecond) // past its limit, ignoring it
			return "done late", nil
		}
		if ctx.Err() != nil {
			return nil, errors.New("ended early")
		}
		return "ok", nil
	}).Timeout(10*time.Millisecond), WithLogger(nil))
	res := set.Call(context.Background(), "move", []byte(`{"x": 1}`))
	require.Equal(t, StatusExecuted, res.Status, res.Errors)
	assert.Equal(t, "done late", res.Output)
	assert.ErrorIs(t, handlerCtx.Err(), context.Canceled, "the context ends when the handler returns")

	res = set.Call(context.Background(), "move", []byte(`{"x": 2}`))
	assert.Equal(t, "ok", res.Output)

	// A caller's earlier deadline is the handler's.
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	set = NewSet(moveDef.Handle(func(ctx context.Context, a moveArgs) (any, error) {
		handlerCtx = ctx
		return "ok", nil
	}).Timeout(2*time.Hour), WithLogger(nil))
	set.Call(ctx, "move", []byte(`{"x": 2}`))
	assert.Equal(t, ctx, handlerCtx)
}
