// Package feed runs a decoder over bytes that arrive in parts, the
// arguments of a tool call a provider streams: the decoder runs as a
// coroutine (iter.Pull) that parks where its scanner has read every byte
// written so far, and goes on when more bytes are written or the input
// ends. The decoder is the one that reads a whole call, unchanged: whatever
// the split, it reads the same bytes and reaches the same verdict.
//
// It is what runtime/tool's streams drive and what generated decoders read
// through (toolimpl.Feed is a Feed). It depends on the JSON scanner only, whose
// Source a Feed is.
package feed

import (
	"iter"
	"runtime"
	"sync"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
)

// minBuffer is the least a Feed allocates for its bytes. Small: the bytes
// a stream allocates cost the garbage collector more than the few
// doublings of a buffer that starts small, and a call written whole gets
// a buffer of its size.
const minBuffer = 64

// Feed holds the bytes written to a stream and runs its decoder on a
// coroutine. A Feed is used by one goroutine at a time. It is not generic
// (over the type of the errors the decoder reports): the methods of a
// generic type are compiled again in every package that names it, every
// generated one.
type Feed struct {
	buf   []byte
	n     int           // the bytes written, kept or not
	given int           // the bytes the decoder has been given
	hint  jsonscan.Hint // what the parked decoder waits for
	// While the decoder waits in a string (inString): how far the bytes
	// written are its characters, checked as they came (see PlainTo).
	plainTo int
	found   error // the first errors the decoder reported (tool.Errors), when rejected

	dec Decoder
	w   *worker // the coroutine running the decoder, until it returns

	// What a stream that shows its value as it grows shares with the
	// decoder (see Aim and Probe).
	target any // where the decoder writes the value, a pointer; nil for none
	probe  any // what the decoder reads with, while it runs

	// Side by side, in one word.
	inString    bool
	closed      bool // the input ended: More reports the end
	done        bool // the decoder returned
	rejected    bool // found holds the first errors the decoder reported
	started     bool
	aimed       bool // the decoder took target
	verdictOnly bool // see SetVerdictOnly
}

// A Decoder is what a Feed runs: Decode reads through the Feed (as a
// jsonscan.Source, or with All) and returns when it has its verdict.
type Decoder interface{ Decode() }

// Init makes f, a zero Feed, the Feed of dec, which starts with the first
// Write or Close. A Feed is usually a field of what dec points to, which
// holds what the decoder returns: one allocation for the stream's state.
func (f *Feed) Init(dec Decoder) { f.dec = dec }

// start runs the decoder until it first waits.
func (f *Feed) start() {
	f.started = true
	f.w = workers.Get().(*worker)
	f.w.c.job = f
	f.resume()
}

// run is the job of the coroutine: the decoder, to its verdict.
func (f *Feed) run() {
	f.dec.Decode()
	f.done = true
}

// resume lets the decoder go on until it waits or returns; once it has
// returned, its coroutine goes back to the pool.
func (f *Feed) resume() {
	f.w.c.next()
	if f.done {
		f.w.c.job = nil
		workers.Put(f.w)
		f.w = nil
	}
}

// Write appends p to the input and lets the decoder read it, unless p only
// extends what the decoder is reading (a string's characters, a number's
// digits, a literal's letters, white space: see jsonscan.Hint), which
// cannot change what it reports until a byte that does comes. It does
// nothing once the decoder has returned or the input has ended.
func (f *Feed) Write(p []byte) {
	f.n += len(p)
	if f.done || f.closed {
		return
	}
	if len(f.buf)+len(p) > cap(f.buf) {
		// Doubled: a stream of n bytes allocates 2n at most (append grows
		// a large slice by a quarter, which costs five times n). The bytes
		// given to the decoder stay where they are, in the old array.
		grown := make([]byte, len(f.buf), max(2*cap(f.buf), len(f.buf)+len(p), minBuffer))
		copy(grown, f.buf)
		f.buf = grown
	}
	// Room is made above: no append, which would check again.
	n := len(f.buf)
	f.buf = f.buf[:n+len(p)]
	if len(p) == 1 { // a provider that streams a byte at a time
		f.buf[n] = p[0]
	} else {
		copy(f.buf[n:], p)
	}
	if !f.started {
		f.start()
		return
	}
	// The bytes written since the decoder parked, before p, only extended
	// what it reads: else it would have gone on. Each byte is looked at
	// once here; the hint says what the next write may hold.
	if h, ok := f.hint.Extend(p); ok {
		f.hint = h
		if f.inString {
			f.plainTo = len(f.buf) - h.Incomplete()
		}
	} else {
		f.resume()
	}
}

// Close ends the input and runs the decoder to its verdict.
func (f *Feed) Close() {
	f.closed = true
	switch {
	case !f.started:
		f.start()
	case !f.done:
		f.resume()
	}
}

// Stop abandons the input: the decoder is told that it ends where it is,
// and runs to its verdict, which nobody reads.
func (f *Feed) Stop() {
	f.closed = true
	if f.started && !f.done {
		f.resume()
	}
}

// Done reports whether the decoder has returned: its verdict is final,
// and later bytes change nothing.
func (f *Feed) Done() bool { return f.done }

// Closed reports whether the input has ended.
func (f *Feed) Closed() bool { return f.closed }

// Rejected returns the first errors the decoder reported, and whether it
// has reported any.
func (f *Feed) Rejected() (error, bool) { return f.found, f.rejected }

// Len returns how many bytes were written, those after the decoder
// returned included.
func (f *Feed) Len() int { return f.n }

// Bytes returns the bytes written. They must not be modified.
func (f *Feed) Bytes() []byte { return f.buf }

// The decoder's side.

// More returns the bytes written, when there are some the decoder has not
// been given; otherwise it parks the decoder until a Write brings bytes that
// do not only extend what hint says it reads, or the input ends (ok false).
// The bytes given before are never written over: a Feed only appends.
func (f *Feed) More(hint jsonscan.Hint) ([]byte, bool) {
	for len(f.buf) == f.given {
		if f.closed || f.w == nil {
			return f.buf, false
		}
		f.hint = hint
		f.inString, f.plainTo = hint.Kind() == jsonscan.InString, 0
		if !f.w.c.yield(struct{}{}) {
			f.closed = true // the coroutine is being stopped
		}
		f.hint = jsonscan.AnyByte
	}
	f.given = len(f.buf)
	return f.buf, true
}

// PlainTo returns, after More returned from waiting in a string
// (jsonscan.InString), how far the bytes it returned are known to be the
// string's characters: those of the writes that did not resume the
// decoder, up to the last whole character (jsonscan.PlainSource). 0
// otherwise.
func (f *Feed) PlainTo() int { return f.plainTo }

// All waits for the end of the input and returns every byte of it.
func (f *Feed) All() []byte {
	for {
		if _, ok := f.More(jsonscan.AnyByte); !ok {
			return f.buf
		}
	}
}

// Reject records errors the decoder reported before its verdict, the
// first time it reports any: they stand for the verdict, which will hold
// errors too, from then on.
func (f *Feed) Reject(errs error) {
	if !f.rejected {
		f.found, f.rejected = errs, true
	}
}

// Aim gives the decoder target, a pointer to the value it decodes, to write
// the value into as it reads it (see Target): a stream reads the value
// there between writes, while the decoder waits.
func (f *Feed) Aim(target any) { f.target = target }

// Target returns the pointer Aim gave, for the decoder to write into, or
// nil; Aimed then reports true.
func (f *Feed) Target() any {
	f.aimed = true
	return f.target
}

// HasTarget reports whether Aim gave a target.
func (f *Feed) HasTarget() bool { return f.target != nil }

// SetVerdictOnly tells the decoder that the value it returns will not be
// used, only its verdict and the errors it reports as it reads: the owner
// reads the call again at its end. The decoder may skip building what it
// does not check.
func (f *Feed) SetVerdictOnly() { f.verdictOnly = true }

// VerdictOnly reports whether SetVerdictOnly was called.
func (f *Feed) VerdictOnly() bool { return f.verdictOnly }

// Aimed reports whether the decoder took the target Aim gave: the value is
// there, not in what the decoder returns.
func (f *Feed) Aimed() bool { return f.aimed && f.target != nil }

// SetProbe records what the decoder reads with (its scanner), for the
// stream to ask how far it has read while the decoder waits, or what it
// leaves at the end; nil for nothing.
func (f *Feed) SetProbe(p any) { f.probe = p }

// Probe returns what SetProbe recorded.
func (f *Feed) Probe() any { return f.probe }

// --- coroutines ------------------------------------------------------------------

// workers keeps the coroutines of decoders that have returned, each with
// the stack it grew: a stream costs a switch, not a goroutine and its stack.
var workers = sync.Pool{New: func() any { return newWorker() }}

// worker is a coroutine that runs one decoder after the other. The pool
// holds the worker, the coroutine only its coro: a worker the pool drops
// stops its coroutine (see newWorker).
type worker struct{ c *coro }

// job is what a coroutine runs: a Feed's decoder (an interface, not a
// closure, which would be allocated for each stream).
type job interface{ run() }

type coro struct {
	job   job // the decoder it runs, until it returns
	yield func(struct{}) bool
	next  func() (struct{}, bool)
	stop  func()
}

func newWorker() *worker {
	c := new(coro)
	c.next, c.stop = iter.Pull(func(yield func(struct{}) bool) {
		c.yield = yield
		growStack()
		for {
			c.job.run()
			if !yield(struct{}{}) { // idle, in the pool
				return
			}
		}
	})
	w := &worker{c: c}
	runtime.AddCleanup(w, func(c *coro) { c.stop() }, c)
	return w
}

// growStack grows the stack of a coroutine, which starts small, to what a
// decoder needs, while it is shallow: grown as a decoder goes deeper, the
// stack would be copied several times over deeper frames.
//
//go:noinline
func growStack() {
	var frame [stackSize]byte
	touch(frame[:])
}

// stackSize is the stack growStack makes room for.
const stackSize = 16 << 10

//go:noinline
func touch(b []byte) { b[0] = 1 }

// --- guards ---------------------------------------------------------------------

// A Guard stops the decoder of a Feed whose owner drops it before its end,
// without Close or Stop (a stream whose connection was lost), which would
// otherwise keep its coroutine parked for good. The owner keeps the Guard
// beside the Feed, where the decoder's coroutine does not reach it, and
// releases it at the end. Guards are pooled, each with the one cleanup it
// was made with: a stream costs a pool's get and put, not a cleanup added
// and cancelled (runtime.AddCleanup and Cleanup.Stop take a lock of the
// heap).
type Guard struct{ w *ward }

// ward is what a Guard's cleanup stops: apart from the Guard, which the
// cleanup must not keep reachable.
type ward struct {
	mu sync.Mutex // the owner sets f, the cleanup's goroutine reads it
	f  Stopper
}

// A Stopper is what a Guard stops: a Feed, or what its owner holds beside
// it (its room in a budget) and lets go of with it.
type Stopper interface{ Stop() }

var guards = sync.Pool{New: func() any {
	g := &Guard{w: new(ward)}
	runtime.AddCleanup(g, (*ward).stop, g.w)
	return g
}}

func (w *ward) stop() {
	w.mu.Lock()
	f := w.f
	w.f = nil
	w.mu.Unlock()
	if f != nil {
		f.Stop()
	}
}

// Guard returns a Guard of f, which stops its decoder once the garbage
// collector finds the Guard unreachable before Release.
func (f *Feed) Guard() *Guard { return GuardOf(f) }

// GuardOf returns a Guard that calls s.Stop once the garbage collector
// finds the Guard unreachable before Release: s is a Feed, or stops one.
// It runs on the cleanup's goroutine, once the owner is unreachable.
func GuardOf(s Stopper) *Guard {
	g := guards.Get().(*Guard)
	g.w.mu.Lock()
	g.w.f = s
	g.w.mu.Unlock()
	return g
}

// Release ends the guard, once the Feed is closed or stopped: the Guard
// goes back to the pool, and must not be used again.
func (g *Guard) Release() {
	g.w.mu.Lock()
	g.w.f = nil
	g.w.mu.Unlock()
	guards.Put(g)
}
