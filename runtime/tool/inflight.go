package tool

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// This file bounds what the calls a Set runs at once hold: each call of raw
// arguments takes their size from the set's budget before it parses them,
// and gives it back when it returns (an isolated handler that outlives its
// call, when it finally does); a streamed call (Pending) takes the size of
// its bytes as they arrive, and its call at Close takes that room over.
// What a call builds from its arguments is bounded per byte (see docs/limits.md,
// "Limits and guarantees"), so the budget bounds the memory of all the
// calls in flight together.

// defaultMaxInFlight is the most bytes of raw arguments the calls a Set runs
// at once may hold unless WithMaxInFlight says otherwise (see there).
const defaultMaxInFlight = 4 << 20

// WithMaxInFlight sets the most bytes of raw arguments the calls of Call,
// CallJSON and Open running at once may hold, from before their parse until
// they return. Without it a set's calls hold at most 4 MiB: four calls of the
// largest arguments it takes by default, or thousands of calls of a
// kilobyte; what parse and decode build is at most 72 bytes per byte of
// arguments, so the calls in flight hold at most about 300 MiB, however
// many there are. A call that would take the total past n waits, in order of
// arrival, until earlier calls return; when its context ends or its time
// limit (which counts from its start, see WithTimeout) passes first, it is
// rejected with code overloaded, unparsed and audited. A call larger than n
// runs when no other holds the budget. A streamed call (Open) takes room for
// its bytes as they arrive, without waiting: a Write that finds no room
// (another call holds it, or waits for it) refuses the call with code
// overloaded, as Call would be refused after its wait, since a stream
// holds its room while its provider streams and streams waiting for each
// other would wait for good. n <= 0 means no limit. CallArgs is not
// counted: its arguments were built before the set saw them.
func WithMaxInFlight(n int) Option { return optionFunc(func(s *Set) { s.maxInFlight = n }) }

// inflight is a budget of bytes, handed out in order of arrival. A call
// takes its bytes with one atomic operation while no call waits; once one
// does, every call queues behind it, under mu.
type inflight struct {
	// state is the bytes held, and the waiting bit while calls wait.
	state   atomic.Uint64
	mu      sync.Mutex
	max     int
	waiting []*inflightWait // first come, first served; under mu
}

// waitingBit is set in state while calls wait: the bytes held are fewer
// than max, at most math.MaxInt, which the other bits hold.
const waitingBit = 1 << 63

// inflightWait is a call waiting for room.
type inflightWait struct {
	n       int
	ready   chan struct{} // closed once granted
	granted bool
}

// acquire takes n bytes (at most the whole budget) and returns how many it
// took, waiting while earlier calls hold the rest, until ctx ends or limit
// (none when <= 0) passes from began (see sinceBase).
func (b *inflight) acquire(ctx context.Context, n int, began, limit time.Duration) (int, error) {
	n = min(n, b.max)
	if b.tryAcquire(n) {
		return n, nil
	}
	b.mu.Lock()
	// The bit first: a release from now on sees it and grants, under mu,
	// what the check below leaves waiting.
	st := b.state.Or(waitingBit)
	if len(b.waiting) == 0 && st&^waitingBit+uint64(n) <= uint64(b.max) {
		b.state.Add(uint64(n))
		b.state.And(^uint64(waitingBit))
		b.mu.Unlock()
		return n, nil
	}
	w := &inflightWait{n: n, ready: make(chan struct{})}
	b.waiting = append(b.waiting, w)
	b.mu.Unlock()

	var expired <-chan time.Time
	if limit > 0 {
		t := time.NewTimer(time.Until(callStart(began).Add(limit)))
		defer t.Stop()
		expired = t.C
	}
	var err error
	select {
	case <-w.ready:
		return n, nil
	case <-ctx.Done():
		err = ctx.Err()
	case <-expired:
		err = context.DeadlineExceeded
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if w.granted { // granted as the wait ended: the call goes on
		return n, nil
	}
	for i, o := range b.waiting {
		if o == w {
			b.waiting = append(b.waiting[:i], b.waiting[i+1:]...)
			break
		}
	}
	b.grant() // those behind it may fit now
	return 0, err
}

// tryAcquire takes n bytes when they fit at once and no call waits (those
// come first), and reports whether it did: it never waits.
func (b *inflight) tryAcquire(n int) bool {
	for {
		st := b.state.Load()
		if st&waitingBit != 0 || st+uint64(n) > uint64(b.max) {
			return false
		}
		if b.state.CompareAndSwap(st, st+uint64(n)) {
			return true
		}
	}
}

// release gives back n bytes.
func (b *inflight) release(n int) {
	if b.state.Add(-uint64(n))&waitingBit == 0 {
		return
	}
	b.mu.Lock()
	b.grant()
	b.mu.Unlock()
}

// grant lets the first waiting calls go on, as many as fit in order, and
// clears the waiting bit when none is left. It runs under mu.
func (b *inflight) grant() {
	for len(b.waiting) > 0 && b.state.Load()&^waitingBit+uint64(b.waiting[0].n) <= uint64(b.max) {
		w := b.waiting[0]
		b.waiting[0] = nil
		b.waiting = b.waiting[1:]
		b.state.Add(uint64(w.n))
		w.granted = true
		close(w.ready)
	}
	if len(b.waiting) == 0 {
		b.state.And(^uint64(waitingBit))
	}
}

// inUse returns the bytes the calls in flight hold.
func (b *inflight) inUse() int {
	return int(b.state.Load() &^ waitingBit)
}

// admit takes room in the set's budget for a call of size bytes to h (nil
// when the tool is not known yet), waiting until the call's context ends or
// its time limit passes: it returns the overloaded result when it could
// not, nil when it could. The call gives the room back with leave.
func (s *Set) admit(ctx context.Context, r *callState, h *Handler, size int) *Result {
	if s.inflight == nil || size == 0 {
		return nil
	}
	limit := max(s.timeout, 0)
	if h != nil {
		limit = s.limit(h)
	}
	held, err := s.inflight.acquire(ctx, size, r.began, limit)
	if err != nil {
		over := s.overloaded(fmt.Errorf("tool: the call waited %v for room for its %d bytes of arguments among the %d the set's calls may hold at once: %w",
			(sinceBase() - r.began).Round(time.Millisecond), size, s.inflight.max, err))
		return &over
	}
	r.held = held
	return nil
}

// overloaded is the result of a call that found no room in the set's
// budget, err saying how: the same for a call and a stream.
func (s *Set) overloaded(err error) Result {
	max := strconv.Itoa(s.inflight.max)
	return Result{Status: StatusRejected, stage: stageOverloaded, Err: err,
		Errors: Errors{{Code: CodeOverloaded, Expected: "at most " + max + " bytes of arguments in the calls running at once",
			Reason: "the application is busy with other calls, so this call was not executed"}}}
}

// streamRoom is the room a streamed call holds in its set's budget, taken
// as its bytes arrive. It is apart from the Pending, where the guard of a
// Pending dropped open reaches it (Stop gives the room back) without
// keeping the Pending reachable.
type streamRoom struct {
	budget *inflight // nil: the set has no limit
	held   int
}

// grow takes room for n bytes in all (at most the whole budget, as a call
// larger than it takes), without waiting, and reports whether it could.
func (r *streamRoom) grow(n int) bool {
	if r.budget == nil {
		return true
	}
	want := min(n, r.budget.max)
	if want <= r.held {
		return true
	}
	if !r.budget.tryAcquire(want - r.held) {
		return false
	}
	r.held = want
	return true
}

// take returns the room held, which the caller now holds: the call Close
// runs, which gives it back when it returns.
func (r *streamRoom) take() int {
	n := r.held
	r.held = 0
	return n
}

// Stop gives the room back (feed.Stopper, for the guard of a Pending).
func (r *streamRoom) Stop() {
	if r.held > 0 {
		r.budget.release(r.held)
		r.held = 0
	}
}

// leave gives back the room the call holds, unless an isolated handler that
// outlived it took it over.
func (s *Set) leave(r *callState) {
	if r.held > 0 {
		s.inflight.release(r.held)
		r.held = 0
	}
}
