package tool

import (
	"context"
	"fmt"

	"github.com/toolgen-go/toolgen/runtime/internal/feed"
)

// Pending is a tool call whose arguments a provider is streaming: Set.Open
// makes one when the provider names the call's tool, Write reads each
// fragment of the arguments as it arrives, and the call becomes final only
// when the provider says it ended: Close runs it, Abort refuses it.
//
// Write reads the fragments with the tool's generated Decoder, the one pass
// of Call, which waits for more bytes where it has read every byte written
// so far (see Def.Stream): it returns an Errors as soon as the call can no
// longer be valid, so that the application can cancel the provider's
// request and send the feedback sooner. A call whose arguments happen to
// parse is not run for that: only Close runs it.
//
// A Pending holds room in the set's budget of calls in flight
// (WithMaxInFlight) for the bytes written, taken as they arrive and given
// back when the call ends (Close's call returns, Abort, or a Pending
// dropped open is collected): a Write that finds no room refuses the call
// with code overloaded, and reads no more. A Pending is used by one
// goroutine at a time.
type Pending struct {
	set  *Set
	ctx  context.Context
	name string
	opts []CallOption

	feed  *streamFeed // the decoder's; nil for an unknown tool
	out   *decoded    // what the decoder returned
	room  *streamRoom // the room held in the set's budget; nil without one
	guard *feed.Guard // lets go of the decoder and the room of a call dropped open
	buf   []byte      // the bytes of a call to an unknown tool
	n     int         // the bytes written
	big   bool        // more than the set's limit: no longer read
	over  *Result     // refused for want of room in the budget: no longer read

	err   error // what Write returns, once there is an error
	ended bool
	res   Result
}

// Open starts a call to the tool name whose arguments will be streamed,
// with the options of Call. A tool the set does not have is known at once:
// every Write returns the error unknown_tool, and Close returns what Call
// returns (unknown_tool, or bad_json for arguments that do not parse).
func (s *Set) Open(ctx context.Context, name string, opts ...CallOption) *Pending {
	p := &Pending{set: s, ctx: ctx, name: name, opts: opts}
	h := s.handler(name)
	if h == nil {
		p.err = Errors{{Code: CodeUnknownTool, Name: shorten(name), Expected: s.toolList()}}
		if s.inflight != nil {
			// Its bytes are held too, for Close's verdict (unknown_tool,
			// or bad_json).
			p.room = &streamRoom{budget: s.inflight}
			p.guard = feed.GuardOf(p.room)
		}
		return p
	}
	d := &pendingState{decode: h.decode, maxErrors: s.maxErrors}
	d.room.budget = s.inflight
	d.feed.Init(d)
	r := callState{name: name}
	s.begin(&r, opts)
	if s.readsMap(h, &r) {
		// Close reads the call again, through a map, as Call does: the
		// decoder is read for its errors as they come, and need not build
		// what it does not check (a member of type any).
		d.feed.SetVerdictOnly()
	}
	p.feed, p.out, p.room, p.guard = &d.feed, &d.out, &d.room, feed.GuardOf(d)
	return p
}

// pendingState is what the decoder of a Pending reads and returns, in one
// allocation: apart from the Pending, so that the decoder's coroutine,
// which keeps it reachable while it waits, does not keep the Pending
// reachable.
type pendingState struct {
	feed      streamFeed
	out       decoded
	room      streamRoom
	decode    func(args map[string]any, raw []byte, f *streamFeed, maxErrors int) (any, Errors)
	maxErrors int
}

// Stop abandons the decoder and gives the room back: what the guard of a
// Pending dropped open does (feed.Stopper).
func (d *pendingState) Stop() {
	d.feed.Stop()
	d.room.Stop()
}

// Decode runs the decoder over the call's feed (feed.Decoder).
func (d *pendingState) Decode() {
	f, out := &d.feed, &d.out
	defer func() {
		// Close decodes again where a panic is recovered, logged and
		// made a result, as in Call.
		if v := recover(); v != nil {
			out.v, out.errs = nil, nil
			out.panicked = true
			f.Reject(Errors{{Code: CodePanic, Reason: "the decoding of the arguments panicked"}})
		}
	}()
	out.v, out.errs = d.decode(nil, nil, f, d.maxErrors)
	if out.errs != nil {
		f.Reject(out.errs)
	}
}

// stop abandons the decoder, if any, and gives the room back, when the
// call ends without Close's verdict or stops reading.
func (p *Pending) stop() {
	if p.feed != nil {
		p.feed.Stop()
	}
	if p.room != nil {
		p.room.Stop()
	}
	p.release()
}

// release lets the guard go, once the feed has ended and the room is
// given back or taken over.
func (p *Pending) release() {
	if p.guard != nil {
		p.guard.Release()
		p.guard = nil
	}
}

// Write reads the next fragment of the arguments. It returns len(p), and,
// once the call can no longer be valid, the errors found first (an Errors,
// the same on every later write): those of the decoder (see Def.Stream),
// unknown_tool, too_large past the set's limit (WithMaxArgumentSize), or
// overloaded when the set's budget of calls in flight has no room for the
// bytes written (see WithMaxInFlight), after which the bytes are counted,
// not read. A write after Close or Abort returns an error and reads
// nothing.
func (p *Pending) Write(b []byte) (int, error) {
	if p.ended {
		return 0, errWriteClosed
	}
	p.n += len(b)
	switch max := p.set.maxSize; {
	case p.big || p.over != nil:
	case max > 0 && p.n > max:
		p.big, p.buf = true, nil
		p.stop()
		if p.err == nil {
			p.err = Errors{p.set.tooLarge(p.n)}
		}
	case p.room != nil && !p.room.grow(p.n):
		// What the decoder built is let go of; the bytes kept stay, for
		// Guard.Record.
		over := p.set.overloaded(fmt.Errorf("tool: the streamed call found no room for its %d bytes of arguments among the %d the set's calls may hold at once (a stream does not wait: it holds its room while its provider streams)",
			p.n, p.set.inflight.max))
		p.over = &over
		p.stop()
		if p.err == nil {
			p.err = over.Errors
		}
	case p.feed == nil:
		p.buf = append(p.buf, b...)
	default:
		p.feed.Write(b)
		if errs, ok := p.feed.Rejected(); ok && p.err == nil {
			p.err = errs
		}
	}
	return len(b), p.err
}

// Close is the provider's end of the call (finish_reason, .done,
// content_block_stop): it ends the arguments and runs the call as Call runs
// it with every byte written, through the same stages (allow-list,
// validation, policies, confirmation, time limit, audit), and returns its
// Result; the one-pass decode Write made is not made again, unless the set
// reads the call through a map (a dangerous tool's, for its approval), as
// Call does. Later calls return the same Result.
func (p *Pending) Close() Result {
	if p.ended {
		return p.res
	}
	if p.over != nil {
		return p.end(*p.over)
	}
	p.ended = true
	s := p.set
	held := 0
	if p.room != nil {
		held = p.room.take() // the call gives it back when it returns
	}
	switch {
	case p.big:
		p.release()
		p.res = s.callRaw(p.ctx, p.name, nil, p.n, nil, 0, p.opts)
	case p.feed == nil:
		p.release()
		p.res = s.callRaw(p.ctx, p.name, p.buf, p.n, nil, held, p.opts)
	default:
		p.feed.Close()
		p.release()
		pre := p.out
		if pre.panicked || p.feed.VerdictOnly() && pre.errs == nil {
			pre = nil // Close decodes the call as Call does
		}
		// After a syntax error the decoder kept no more bytes: its verdict
		// was final, and so is Call's on those it kept.
		p.res = s.callRaw(p.ctx, p.name, p.feed.Bytes(), p.n, pre, held, p.opts)
	}
	return p.res
}

// Abort refuses the call because its stream did not end (a dropped
// connection, a max_tokens or length stop): the call never runs, whatever
// its bytes, even bytes that parse. Its Result is rejected with the code
// incomplete, which the audit log records; reason says what cut the stream.
// A call Write had rejected is answered with that rejection instead (the
// Errors Write returned, as Close would report them): the application
// cut the stream for them, and they are what the model must correct.
// Later calls of Close or Abort return the same Result.
func (p *Pending) Abort(reason string) Result {
	if p.ended {
		return p.res
	}
	res := reject(stageParse, Error{Code: CodeIncomplete, Expected: "a call its provider ended",
		Reason: fmt.Sprintf("the call was cut off after %d bytes of arguments (%s): it was not run", p.n, shorten(reason))})
	if errs, ok := p.err.(Errors); ok && len(errs) > 0 {
		res = rejection(errs)
		if p.over != nil && errs[0].Code == CodeOverloaded {
			res = *p.over // Write refused it for the budget
		}
	}
	return p.end(res)
}

// rejection is the Result of a call its errors rejected, at the stage Call
// reports them from.
func rejection(errs Errors) Result {
	switch code := errs[0].Code; {
	case code == CodeUnknownTool:
		return Result{Status: StatusRejected, Errors: errs, stage: stageTool}
	case code == CodePanic:
		return Result{Status: StatusRejected, Errors: errs, stage: stageInternal}
	case len(errs) == 1 && (isParseError(code) || code == CodeTooLarge):
		return reject(stageParse, errs[0])
	}
	return Result{Status: StatusRejected, Errors: errs, stage: stageArguments}
}

// end ends the call without running it: its Result is res, audited.
func (p *Pending) end(res Result) Result {
	p.ended = true
	p.stop()
	p.res = p.set.answer(p.ctx, &callState{name: p.name, size: p.n}, p.opts, res)
	return p.res
}

// bytes returns the arguments written that the call kept: all of them but
// past the set's limit or after a syntax error.
func (p *Pending) bytes() []byte {
	if p.feed != nil {
		return p.feed.Bytes()
	}
	return p.buf
}
