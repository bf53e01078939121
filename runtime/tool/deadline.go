package tool

import (
	"context"
	"sync"
	"time"
)

// callContext is the context a handler runs with when its call has a time
// limit: its parent's, with the limit's deadline. Unlike
// context.WithDeadline, it starts no timer and registers nothing with its
// parent until the handler asks for Done: a handler that never waits on its
// context costs no timer, and one that returns before its deadline only a
// timer that is stopped. Err, asked before that, reads the clock. The
// context ends (Canceled) when the handler returns, as a context.WithDeadline
// whose cancel function a caller defers does.
type callContext struct {
	context.Context // the parent
	// The deadline is limit after began (see sinceBase), made a time only
	// for Deadline and Done.
	began, limit time.Duration

	mu       sync.Mutex
	done     chan struct{}
	err      error // not nil once the context ended
	timer    *time.Timer
	stopDone func() bool // unregisters from the parent's Done
}

var closedChan = func() chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}()

func (c *callContext) Deadline() (time.Time, bool) { return c.deadline(), true }

func (c *callContext) deadline() time.Time { return callStart(c.began).Add(c.limit) }

func (c *callContext) Done() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done != nil {
		return c.done
	}
	if c.err == nil {
		c.err = c.clockErr()
	}
	if c.err != nil {
		c.done = closedChan
		return c.done
	}
	c.done = make(chan struct{})
	c.timer = time.AfterFunc(time.Until(c.deadline()), func() { c.end(context.DeadlineExceeded) })
	if c.Context.Done() != nil {
		c.stopDone = context.AfterFunc(c.Context, func() { c.end(c.Context.Err()) })
	}
	return c.done
}

func (c *callContext) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.err != nil:
		return c.err
	case c.done == nil:
		// Nothing waits on Done: the parent and the clock tell.
		return c.clockErr()
	}
	return nil
}

// clockErr is the context's error by its parent and its deadline.
func (c *callContext) clockErr() error {
	if err := c.Context.Err(); err != nil {
		return err
	}
	if sinceBase()-c.began >= c.limit {
		return context.DeadlineExceeded
	}
	return nil
}

// end ends the context with err, once.
func (c *callContext) end(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.endLocked(err)
}

func (c *callContext) endLocked(err error) {
	if c.err != nil {
		return
	}
	c.err = err
	if c.done != nil {
		close(c.done)
	}
}

// release ends the context once its handler returned, and stops its timer.
func (c *callContext) release() {
	c.mu.Lock()
	timer, stop := c.timer, c.stopDone
	c.endLocked(context.Canceled)
	c.mu.Unlock()
	if timer != nil {
		timer.Stop()
	}
	if stop != nil {
		stop()
	}
}

func (c *callContext) String() string {
	return "tool call context with deadline " + c.deadline().String()
}
