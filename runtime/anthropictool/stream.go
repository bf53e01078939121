package anthropictool

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"hash"
	"io"
	"strconv"

	"github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Stream runs the tool_use blocks of a streamed message (the events of
// client.Messages.NewStreaming) as their input arrives. The application
// feeds it every event, as it shows the text deltas itself:
//
//	ctx, cancel := context.WithCancel(ctx)
//	stream := client.Messages.NewStreaming(ctx, params)
//	calls := anthropictool.NewStream(ctx, set, g, tool.Ask(approve))
//	for stream.Next() {
//		if err := calls.Event(stream.Current()); err != nil {
//			cancel() // a call can no longer be valid: stop paying for its tokens
//			break
//		}
//	}
//	more, err := calls.Finish()
//	params.Messages = append(params.Messages, more...)
//
// The message is the one truth: every event goes first into the message
// (Message.Accumulate, the SDK's accumulator), and a tool_use block's call
// (Set.Open, from its content_block_start) reads the block's tool name,
// its id and its input from that message, never from the event. After the
// usual start input {}, which the first delta replaces, the call reads the
// input the input_json_delta events append to the message as they arrive,
// so that a call that can no longer be valid is rejected at once; input
// the start carries instead, and the {} of a block no delta followed, it
// reads at the block's content_block_stop. Blocks are told apart by their
// index, in any interleaving.
//
// A call runs only when its block stopped (content_block_stop), the
// message ended (message_stop) with stop_reason tool_use, and the message
// Finish returns holds the very call the stream read: the same name, the
// same id and, byte for byte, the same input (compared by SHA-256). So it
// runs exactly what Run runs on that message, or nothing. Any other call
// never runs, whatever its bytes (Pending.Abort), and the model reads why:
// a stream cut before either stop, a message ending on max_tokens or any
// other stop_reason, input both at the start and in deltas, a delta after
// the block's stop, or input the accumulator did not build by appending
// the deltas in order (it empties input that is not JSON to {}, and
// replaces input that reads {} by the next delta).
type Stream struct {
	ctx   context.Context
	set   *tool.Set
	guard *tool.Guard
	opts  []tool.CallOption

	msg     anthropic.Message
	calls   map[int64]*streamedCall
	stopped bool // message_stop arrived
}

// streamedCall is the call of a tool_use block.
type streamedCall struct {
	p        *tool.Pending
	id, name string     // the block's, as the message recorded them at its start
	read     int        // the bytes of the block's input the call read
	sum      hash.Hash  // SHA-256 of those bytes
	whole    bool       // the input came whole with content_block_start
	stopped  bool       // content_block_stop arrived
	differs  string     // why the call is not the message's block, once it is not
	rejected *Rejection // the first error of Write, reported once
}

// NewStream starts reading a streamed message whose calls run through set
// and guard, with opts, as Run runs those of a whole message.
func NewStream(ctx context.Context, set *tool.Set, guard *tool.Guard, opts ...tool.CallOption) *Stream {
	return &Stream{ctx: ctx, set: set, guard: guard, opts: opts, calls: map[int64]*streamedCall{}}
}

// Rejection is the error of Event when a tool_use block's call can no
// longer be valid, before the model has finished writing it: a tool the
// set does not have (at content_block_start, before any input), or input
// that no continuation can make valid (see tool.Def.Stream). The
// application can cancel the request; Finish then answers the call with
// the feedback the model reads.
type Rejection struct {
	// ID and Name are those of the tool_use block; Index is its index.
	ID, Name string
	Index    int64
	// At is the number of bytes of input read when the call was rejected,
	// the fragment that made it invalid included.
	At int
	// Errors are what the call breaks.
	Errors tool.Errors
}

// Feedback is what the model reads to correct the call: the result of a
// rejected call with the errors, which Finish sends for a call the
// application cancelled at its rejection.
func (r *Rejection) Feedback() string {
	return tool.Result{Status: tool.StatusRejected, Tool: r.Name, Errors: r.Errors}.Feedback()
}

func (r *Rejection) Error() string {
	return "anthropictool: the call " + r.ID + " to " + strconv.Quote(r.Name) + " was rejected after " +
		strconv.Itoa(r.At) + " bytes of input: " + r.Errors.Error()
}

// Event reads the next event of the stream into the message (see
// Message) and the calls of its tool_use blocks. It returns a *Rejection
// the first time a block's call can no longer be valid, and an error for an
// event the message cannot take (a block index out of order).
func (s *Stream) Event(ev anthropic.MessageStreamEventUnion) error {
	if err := s.msg.Accumulate(ev); err != nil {
		return fmt.Errorf("anthropictool: %w", err)
	}
	switch ev.Type {
	case "message_start":
		// The message starts again: the blocks read so far are no longer
		// in it, and their calls never run.
		for i, c := range s.calls {
			c.p.Abort("a new message_start replaced the message")
			delete(s.calls, i)
		}
		s.stopped = false
	case "content_block_start":
		block := &s.msg.Content[ev.Index]
		if block.Type != "tool_use" {
			return nil
		}
		c := &streamedCall{id: block.ID, name: block.Name, sum: sha256.New()}
		c.p = s.set.Open(s.ctx, block.Name, append(s.opts[:len(s.opts):len(s.opts)], tool.CallID(block.ID))...)
		s.calls[ev.Index] = c
		// The usual start is {}, which the deltas replace in the message;
		// input there is the whole input, read at the block's stop.
		c.whole = string(block.Input) != "{}"
		_, err := c.p.Write(nil)
		return s.check(ev.Index, c, err)
	case "content_block_delta":
		c := s.calls[ev.Index]
		part := ev.Delta.PartialJSON
		if c == nil || ev.Delta.Type != "input_json_delta" || part == "" || c.differs != "" {
			return nil
		}
		in := s.msg.Content[ev.Index].Input
		switch {
		case c.stopped:
			c.differs = "input_json_delta arrived after the block's content_block_stop"
		case c.whole:
			c.differs = "input both in content_block_start and in input_json_delta"
		case len(in) != c.read+len(part) || string(in[c.read:]) != part:
			c.differs = "the message's input is not the input_json_delta events in order"
		default:
			return s.read(ev.Index, c, in[c.read:])
		}
	case "content_block_stop":
		c := s.calls[ev.Index]
		if c == nil || c.stopped {
			return nil
		}
		c.stopped = true
		if c.read == 0 && c.differs == "" {
			// No delta came: the input is the start's, as the message keeps it.
			return s.read(ev.Index, c, s.msg.Content[ev.Index].Input)
		}
	case "message_stop":
		s.stopped = true
	}
	return nil
}

// read writes the next bytes of the message's input of a block to its
// call.
func (s *Stream) read(index int64, c *streamedCall, b []byte) error {
	c.read += len(b)
	c.sum.Write(b)
	_, err := c.p.Write(b)
	return s.check(index, c, err)
}

// check reports the first error of a block's call.
func (s *Stream) check(index int64, c *streamedCall, err error) error {
	if err == nil || c.rejected != nil {
		return nil
	}
	r := &Rejection{ID: c.id, Name: c.name, Index: index, At: c.read}
	r.Errors, _ = err.(tool.Errors)
	c.rejected = r
	return r
}

// Message returns the message the events have built so far
// (Message.Accumulate).
func (s *Stream) Message() *anthropic.Message { return &s.msg }

// Finish ends the stream, however it ended, and returns the messages that
// continue the conversation, as Run does for a whole message: the message
// itself, then a user message of one tool_result block per tool_use, in
// order. A call whose block stopped, in a message that ended with
// stop_reason tool_use and holds the call as the stream read it, is closed
// through the guard (tool.Guard.Close), and runs as Run runs it; a
// rejected call is answered with its feedback; any other is incomplete and
// never runs. It returns the guard's *tool.Stop once the guard stopped the
// loop. Later calls return the same messages.
func (s *Stream) Finish() ([]anthropic.MessageParam, error) {
	ended := s.stopped && s.msg.StopReason == anthropic.StopReasonToolUse
	var results []anthropic.ContentBlockParamUnion
	for i := range s.msg.Content {
		block := &s.msg.Content[i]
		if block.Type != "tool_use" {
			continue
		}
		c := s.calls[int64(i)]
		if c == nil {
			// A block the message holds but no content_block_start opened
			// (one message_start carried whole).
			c = &streamedCall{id: block.ID, name: block.Name, sum: sha256.New(), stopped: true,
				differs: "the block did not stream: no content_block_start"}
			c.p = s.set.Open(s.ctx, block.Name, append(s.opts[:len(s.opts):len(s.opts)], tool.CallID(block.ID))...)
			s.calls[int64(i)] = c
		}
		differs := c.differs
		if differs == "" {
			differs = c.mismatch(block)
		}
		var res tool.Result
		feedback := ""
		switch {
		case c.stopped && differs == "" && (ended || c.rejected != nil):
			// The message's call: Run's result on the block. A rejected
			// call's result is Call's on its whole input, as Run's is.
			res = s.guard.Close(c.p)
		case c.rejected != nil && differs == "":
			// Rejected, then cut (the application cancelled the request):
			// the audit says incomplete, the model reads what to correct,
			// not that the input it was still writing ended early.
			res = c.p.Abort(s.cut(c, differs))
			feedback = c.rejected.Feedback()
		default:
			why := s.cut(c, differs)
			res = c.p.Abort(why)
			if c.rejected != nil {
				// The errors are of input the message no longer holds: the
				// model reads, as of any call Abort refuses, why it did not run.
				feedback = tool.Result{Status: tool.StatusRejected, Tool: c.name, Errors: tool.Errors{{Code: tool.CodeIncomplete,
					Reason: "the call was cut off after " + strconv.Itoa(c.read) + " bytes of arguments (" + why + "): it was not run"}}}.Feedback()
			}
		}
		if feedback == "" {
			results = append(results, toolResult(block.ID, res))
		} else {
			results = append(results, anthropic.NewToolResultBlock(block.ID, feedback, res.Status != tool.StatusExecuted))
		}
	}
	msgs := []anthropic.MessageParam{s.msg.ToParam()}
	if len(results) > 0 {
		msgs = append(msgs, anthropic.NewUserMessage(results...))
	}
	return msgs, s.guard.Err()
}

// mismatch says how the block the message holds differs from the call the
// stream read, or "" when it is that call: the same name and id, and the
// same input, byte for byte.
func (c *streamedCall) mismatch(block *anthropic.ContentBlockUnion) string {
	switch {
	case block.ID != c.id || block.Name != c.name:
		return "the message's block names another call than its start"
	case len(block.Input) != c.read || !bytes.Equal(sha256Of(block.Input), c.sum.Sum(nil)):
		return "the message's input is not the input the stream delivered"
	}
	return ""
}

func sha256Of(b []byte) []byte {
	sum := sha256.Sum256(b)
	return sum[:]
}

// cut says why a call does not run: the message's stop, the stream's end,
// or how the call differs from the message's block.
func (s *Stream) cut(c *streamedCall, differs string) string {
	switch {
	case s.stopped && s.msg.StopReason != anthropic.StopReasonToolUse:
		return unfinished(s.msg.StopReason)
	case !c.stopped:
		return "the stream ended before the block's content_block_stop"
	case !s.stopped:
		return "the stream ended before message_stop"
	}
	return differs
}

// AnswerStream writes the answer of a streamed message, to a request made
// with SetOutput, into a writer as it arrives, such as an output's stream
// decoder: the text_delta of the text blocks where the output is in
// output_config.format, the input_json_delta of the output's tool_use block
// in the forced-tool form (see Answer).
type AnswerStream struct {
	w      io.Writer
	o      *tool.Output
	block  int64 // the index of the output's tool_use block, or -1
	reason anthropic.StopReason
	ended  bool
	err    error
}

// NewAnswerStream writes the answer to o of the events it reads into w.
func NewAnswerStream(w io.Writer, o *tool.Output) *AnswerStream {
	return &AnswerStream{w: w, o: o, block: -1}
}

// Event reads the next event of the stream and writes its part of the
// answer, if any, into the writer. It returns the first error the writer
// returned (an output's stream decoder returns one as soon as the answer
// can no longer be valid), on that event and every later one, and writes
// nothing more.
func (a *AnswerStream) Event(ev anthropic.MessageStreamEventUnion) error {
	if a.err != nil {
		return a.err
	}
	var part string
	switch ev.Type {
	case "content_block_start":
		if ev.ContentBlock.Type == "tool_use" && ev.ContentBlock.Name == a.o.Name {
			a.block = ev.Index
		}
	case "content_block_delta":
		switch {
		case ev.Delta.Type == "text_delta" && a.o.Formats.Anthropic.Form == tool.Anthropic:
			part = ev.Delta.Text
		case ev.Delta.Type == "input_json_delta" && ev.Index == a.block:
			part = ev.Delta.PartialJSON
		}
	case "message_delta":
		a.reason = ev.Delta.StopReason
	case "message_stop":
		a.ended = true
	}
	if part != "" {
		_, a.err = io.WriteString(a.w, part)
	}
	return a.err
}

// Ended reports whether the answer is whole: the message ended
// (message_stop) with stop_reason end_turn, or tool_use in the forced-tool
// form. Only then is the answer final (close the output's stream decoder);
// an answer cut by max_tokens or a dropped connection is not, whatever its
// bytes.
func (a *AnswerStream) Ended() bool {
	if !a.ended || a.err != nil {
		return false
	}
	if a.o.Formats.Anthropic.Form == tool.Anthropic {
		return a.reason == anthropic.StopReasonEndTurn
	}
	return a.reason == anthropic.StopReasonToolUse && a.block >= 0
}
