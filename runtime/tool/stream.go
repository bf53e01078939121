package tool

import (
	"errors"

	"github.com/toolgen-go/toolgen/runtime/internal/feed"
)

// streamFeed carries the bytes of a streamed call to its Decoder as they
// arrive: Def.Stream and Set.Open make one, and the generated Decoder reads
// through it (generated code names it toolimpl.Feed). Its decoder runs as a
// coroutine that waits where it has read every byte written so far.
type streamFeed = feed.Feed

// errWriteClosed is the error of a Write after Close or Abort.
var errWriteClosed = errors.New("tool: write to a closed stream")

// Stream reads the arguments of one tool call as a provider streams them,
// fragment by fragment, with the tool's generated Decoder: the same one pass
// that reads a whole call (DecodeTJSON), which waits for more bytes where it
// has read every byte written so far. Make one with Def.Stream.
//
//   - Write accepts the next fragment. It returns the errors found so far,
//     as an Errors, from the first write after which the decoder has
//     reported one, and then on every later write: the call can no longer
//     be valid, whatever follows (see Def.Stream for what is found before
//     the end).
//   - Close ends the arguments and returns exactly what DecodeTJSON returns
//     for the bytes of every write, for any split into fragments.
//
// A Stream is used by one goroutine at a time. One that is dropped without
// Close lets go of its decoder when the garbage collector finds it.
type Stream[T any] struct {
	c streamCore // a named field: the methods of an embedded one would be compiled per T
	v *T         // the value the decoder writes, in the stream's state

	// end makes the verdict of Close from the decoder's, for a stream of a
	// structured output (see OutputDef.Stream); nil for arguments.
	end func(v T, errs Errors, all []byte) (T, Errors)
}

// streamCore is what a Stream does that needs no T: every method of Stream[T],
// of Def[T] and of the types they hold is compiled again for each tool's
// type, in the tool's package, so each is a line that calls this.
type streamCore struct {
	s     *streamState
	guard *feed.Guard // lets go of the decoder of a stream dropped open
	err   error       // the error Write returns, once there is one
	// fence watches a streamed answer for a code fence (see
	// OutputDef.Stream); nil for arguments.
	fence *fenceWatch
}

// streamState is what a stream's decoder reads and returns: apart from the
// Stream, so that the decoder's coroutine, which keeps it reachable while it
// waits, does not keep the Stream reachable.
type streamState struct {
	feed streamFeed
	errs Errors
	// decode runs the decoder over feed, writing the value into the
	// stream's (see newStream).
	decode    func(f *streamFeed, maxErrors int) Errors
	maxErrors int
}

// streamOf is a streamState with the value of type T it decodes: one
// allocation. It has no methods, which would be compiled per T.
type streamOf[T any] struct {
	s streamState // a named field: the methods of an embedded one would be compiled per T
	v T
}

// Decode runs the decoder over the stream's feed (feed.Decoder).
func (s *streamState) Decode() {
	s.errs = s.decode(&s.feed, s.maxErrors)
	if s.errs != nil {
		s.feed.Reject(s.errs)
	}
}

// Stream returns a Stream of a call's arguments. The errors found before
// the end are those the one pass reports about what no later byte can
// change, each as soon as the token it is about has arrived whole:
//
//   - the JSON syntax, at the first byte that no JSON document continues
//     with (a missing end is known only at Close), a member name that
//     appears twice in one object, arguments that are not an object;
//   - a member that its object does not declare, once its name is read;
//   - a value of a type the schema does not allow, at its first byte (for
//     a number, once it is read);
//   - a string past its maxLength at its character maxLength+1 (counted as
//     the check at its end counts: an escape or a surrogate pair is one
//     character), a string of an enum or const of strings at the first
//     character that no allowed value continues with, an array past its
//     maxItems at the first byte of item maxItems+1: the error the value
//     gets at its end, with what is known so far as its Actual;
//   - a string, number, boolean or null breaking its other constraints once
//     it is read (minLength, pattern, minimum, ...), an array or object
//     breaking its own (minItems, uniqueItems, required, ...) once it
//     closes, a value checked as a whole (anyOf, oneOf, an enum of objects,
//     ...) once it is read whole;
//   - a value the schema accepts that its Go field cannot hold.
//
// Constraints that later bytes could still satisfy (required, minLength,
// minItems, dependentRequired, anyOf...) are checked only when the value
// they are about is complete, as in the one pass. An early error of a
// string or an array goes to Write only: Close returns the one pass's
// errors, in their order. A Def without a Decoder (written
// by hand) buffers the stream and decodes it at Close: no write fails.
func (d *Def[T]) Stream() *Stream[T] {
	dec := d.Decoder
	if dec == nil {
		dec = mapDecoder(d)
	}
	return newStream(dec, 0)
}

func newStream[T any](dec decoder[T], maxErrors int) *Stream[T] {
	s := &streamOf[T]{s: streamState{maxErrors: maxErrors}}
	s.s.decode = func(f *streamFeed, maxErrors int) Errors {
		v, errs := dec(nil, nil, f, maxErrors)
		switch {
		case errs != nil:
			s.v = *new(T)
		case !f.Aimed():
			// A decoder that does not write into the stream's value (one
			// written by hand) returns it.
			s.v = v
		}
		return errs
	}
	st := &Stream[T]{v: &s.v}
	st.c.start(&s.s, &s.v)
	return st
}

// start makes st the stream of s, whose decoder writes into target.
func (st *streamCore) start(s *streamState, target any) {
	s.feed.Init(s)
	// A generated decoder writes each member into the target as it reads
	// it (toolimpl.Into), where Snapshot reads it while the decoder waits.
	s.feed.Aim(target)
	st.s, st.guard = s, s.feed.Guard()
}

// Write reads the next fragment of the arguments. It returns len(p), and,
// once the decoder has found errors, those it found first (an Errors): the
// same on every later write. A write after Close returns an error and
// reads nothing.
func (st *Stream[T]) Write(p []byte) (int, error) { return st.c.write(p) }

func (st *streamCore) write(p []byte) (int, error) {
	f := &st.s.feed
	if f.Closed() {
		return 0, errWriteClosed
	}
	f.Write(p)
	if st.fence != nil {
		st.fence.write(p)
	}
	if st.err == nil {
		if errs, ok := f.Rejected(); ok {
			st.err = errs
		}
	}
	return len(p), st.err
}

// Close ends the arguments and returns what DecodeTJSON returns for every
// byte written: the value, or the zero T and the errors.
func (st *Stream[T]) Close() (T, Errors) {
	errs := st.c.close()
	if st.end != nil {
		return st.end(*st.v, errs, st.c.s.feed.Bytes())
	}
	return *st.v, errs
}

// close ends the input, once, and returns the decoder's errors.
func (st *streamCore) close() Errors {
	s := st.s
	if !s.feed.Closed() {
		s.feed.Close()
		st.guard.Release()
		st.guard = nil
	}
	return s.errs
}

// Snapshot returns what has arrived so far: the value, with each member
// whose value has arrived whole (an object, array or string member only
// once it is whole: Progress.Partial holds the string being written), and
// which members are complete, being written or absent. It reads what the
// decoder has written, without reading any byte again: its cost depends on
// the members, not on the bytes written. After Close it returns Close's
// value, and a Progress whose Ended is true when the arguments closed.
//
// The value is a copy that the stream does not write to again: a slice,
// map or pointer of a member is set once, when the member is whole, and
// never written after; its strings share the stream's bytes, which are
// never written over. Until Close has accepted them, the members hold what
// the model wrote, which may break the schema (a Write then returned the
// errors): show them, do not act on them. A value of a recursive type (a
// tree, whose decode function returns it whole) and a stream whose Def has
// no Decoder (written by hand) show the zero T until the arguments have
// arrived; their Progress grows all the same.
func (st *Stream[T]) Snapshot() (T, Progress) {
	f := &st.c.s.feed
	if st.end != nil && f.Closed() {
		v, _ := st.Close()
		return v, progressOf(f)
	}
	return *st.v, progressOf(f)
}

// Len returns how many bytes were written.
func (st *Stream[T]) Len() int { return st.c.s.feed.Len() }
