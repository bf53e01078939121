package openaitool

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"errors"
	"hash"
	"io"
	"strconv"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/ssestream"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Rejection is the error of a streamed tool call that can no longer be
// valid, whatever the model writes next: the application can cancel the
// request (its context, or the stream's Close) and send the feedback, which
// ChatStream.Finish and ResponsesStream.Finish write into the call's message.
type Rejection struct {
	// ID and Name are the call's id and tool.
	ID, Name string
	// Errors are the errors found, those of tool.Pending.Write.
	Errors tool.Errors
	// At is the number of bytes of the arguments read when the call
	// was rejected: the rejected byte is in the fragment that ends there.
	At int
}

// Feedback is what the model reads to correct the call: the result of a
// rejected call with the errors, which Finish sends for a call the
// application cancelled at its rejection.
func (r *Rejection) Feedback() string {
	return tool.Result{Status: tool.StatusRejected, Tool: r.Name, Errors: r.Errors}.Feedback()
}

func (r *Rejection) Error() string {
	return "openaitool: the call " + r.ID + " to " + strconv.Quote(r.Name) + " was rejected after " +
		strconv.Itoa(r.At) + " bytes: " + r.Errors.Error()
}

// streamCall is what a stream read of one tool call: the Pending its
// arguments were written to, opened with the name and id the call had
// when they could no longer change (see the package doc), and a digest of
// the bytes written, to compare with the call its message holds.
type streamCall struct {
	name, id string
	pending  *tool.Pending
	digest   hash.Hash
	n        int // the bytes written
	rejected bool
	// differ says why the call the stream read is not its message's,
	// once known: nothing more is written.
	differ string
	// A Responses call's: whether its arguments (.function_call_arguments.done)
	// and its item (response.output_item.done) ended.
	argsDone, itemDone bool
	used               bool // answered as a call of the message
}

// Why a call the stream read is not its message's: it runs nothing, and
// the model reads this reason with its call's result.
const (
	otherName = "its name changed while it streamed"
	otherID   = "its id changed while it streamed"
	otherArgs = "its final arguments are not those of its deltas"
	unread    = "its stream did not carry it"
)

// openCall opens the Pending of a call to the tool name, with the id.
func openCall(ctx context.Context, set *tool.Set, opts []tool.CallOption, name, id string) *streamCall {
	return &streamCall{name: name, id: id, pending: set.Open(ctx, name, withID(opts, id)...), digest: sha256.New()}
}

// write writes a fragment of the arguments, and returns the call's
// Rejection the first time a write fails.
func (c *streamCall) write(b []byte) error {
	if c.differ != "" {
		return nil
	}
	c.n += len(b)
	c.digest.Write(b)
	_, err := c.pending.Write(b)
	var errs tool.Errors
	if c.rejected || !errors.As(err, &errs) {
		return nil
	}
	c.rejected = true
	return &Rejection{ID: c.id, Name: c.name, At: c.n, Errors: errs}
}

// disagree records why the stream's call is not its message's; the first
// reason stays.
func (c *streamCall) disagree(why string) {
	c.differ = cmp.Or(c.differ, why)
}

// wrote reports whether args are the arguments written.
func (c *streamCall) wrote(args string) bool {
	sum := sha256.Sum256([]byte(args))
	return len(args) == c.n && bytes.Equal(c.digest.Sum(nil), sum[:])
}

// differs says why the call of a message (tool name, id, arguments) is not
// the call the stream read, c (nil: none); "" when it is.
func (c *streamCall) differs(name, id, args string) string {
	switch {
	case c == nil:
		return unread
	case c.differ != "":
		return c.differ
	case name != c.name:
		return otherName
	case id != c.id:
		return otherID
	case !c.wrote(args):
		return otherArgs
	}
	return ""
}

// ChatStream runs the tool calls of a streamed completion (Chat
// Completions with stream: true) while it arrives. Feed it every chunk
// with Add; Finish runs the calls once the stream ended, and returns the
// messages that continue the conversation, those RunChat returns for the
// completion the chunks make:
//
//	stream := client.Chat.Completions.NewStreaming(ctx, params)
//	cs := openaitool.NewChatStream(ctx, set, g, tool.Ask(approve))
//	for stream.Next() {
//		chunk := stream.Current()
//		show(chunk) // the text deltas
//		if err := cs.Add(chunk); err != nil {
//			stream.Close() // a call can no longer be valid: stop the request
//			break
//		}
//	}
//	more, err := cs.Finish(stream.Err())
//
// The chunks go into the SDK's accumulator, whose message Finish returns,
// and each call (an index of delta.tool_calls) is read from that message:
// at its first argument byte, a tool.Pending is opened with the name and
// id the message then holds, and written each byte the message's arguments
// gain; Add returns a *Rejection, once, as soon as a call can no longer be
// valid. A name or id that changes after the first argument byte is a
// call the stream did not read as its message records it.
//
// The calls run only when the choice's finish_reason (as the accumulator
// has it) says they ended ("tool_calls", or "stop" with calls), and every
// call of the message is exactly (tool, id, arguments) what its Pending
// read; then they run through the guard, in order, as RunChat runs them.
// Otherwise none runs, and each call's message says why: a stream that
// ends without a finish_reason, with "length" or any other, with an error,
// or with a chunk the accumulator refused is cut (incomplete, or what to
// correct for a rejected call), and a call that was not streamed as its
// message records it is answered from the message's bytes. Only the first
// choice is read, as RunChat reads it.
type ChatStream struct {
	ctx     context.Context
	set     *tool.Set
	guard   *tool.Guard
	opts    []tool.CallOption
	acc     openai.ChatCompletionAccumulator
	calls   []*streamCall // by index; nil until the call's first argument byte
	refused bool          // the SDK's accumulator refused a chunk
}

// NewChatStream returns a ChatStream of the calls to set; a guard and opts
// are used as RunChat uses them.
func NewChatStream(ctx context.Context, set *tool.Set, guard *tool.Guard, opts ...tool.CallOption) *ChatStream {
	return &ChatStream{ctx: ctx, set: set, guard: guard, opts: opts}
}

// Add reads the next chunk. It returns a *Rejection the first time a call
// can no longer be valid; reading more chunks after it is allowed (the
// call is answered at the end with what to correct).
func (s *ChatStream) Add(chunk openai.ChatCompletionChunk) error {
	if s.refused || !s.acc.AddChunk(chunk) {
		// The message would not hold what the model wrote: no call runs.
		s.refused = true
		return nil
	}
	var first error
	for _, choice := range chunk.Choices {
		if choice.Index != 0 {
			continue
		}
		for _, d := range choice.Delta.ToolCalls {
			// -1, which some providers send for a single call, is 0, as
			// the accumulator reads it.
			if err := s.read(int(max(d.Index, 0))); first == nil {
				first = err
			}
		}
	}
	return first
}

// read brings the call at index i up to date with the accumulator's
// message: it opens the call's Pending at its first argument byte, and
// writes the bytes its arguments gained since.
func (s *ChatStream) read(i int) error {
	toolCalls := s.acc.Choices[0].Message.ToolCalls
	if i >= len(toolCalls) {
		return nil
	}
	tc := &toolCalls[i]
	args := tc.Function.Arguments
	for i >= len(s.calls) {
		s.calls = append(s.calls, nil)
	}
	c := s.calls[i]
	switch {
	case c == nil && args == "":
		return nil // its name and id may still grow
	case c == nil:
		c = openCall(s.ctx, s.set, s.opts, tc.Function.Name, tc.ID)
		s.calls[i] = c
	case tc.Function.Name != c.name:
		c.disagree(otherName)
	case tc.ID != c.id:
		c.disagree(otherID)
	case len(args) < c.n:
		c.disagree(otherArgs)
	}
	return c.write([]byte(args[min(c.n, len(args)):]))
}

// Finish ends the stream, err being the stream's error (its Err()): it
// returns the assistant's message, as the SDK's accumulator made it, then
// a tool message per call of it, which runs, in order, when the stream
// ended the calls and read each as the message records it (see
// ChatStream). Its error is the guard's, as RunChat's, or ErrNoChoice for
// a stream without a choice.
func (s *ChatStream) Finish(err error) ([]openai.ChatCompletionMessageParamUnion, error) {
	cut := cutReason(err, "")
	if len(s.acc.Choices) == 0 {
		abortUnused(s.calls, cmp.Or(cut, "the stream had no choice"))
		return nil, ErrNoChoice
	}
	choice := s.acc.Choices[0]
	switch {
	case cut != "":
	case s.refused:
		cut = "a chunk the SDK could not accumulate"
	case choice.FinishReason == "":
		cut = "the stream ended before its finish_reason"
	default:
		cut = chatCut(choice.FinishReason)
	}
	msg := choice.Message
	calls := make([]messageCall, len(msg.ToolCalls))
	for i, tc := range msg.ToolCalls {
		var c *streamCall
		if i < len(s.calls) {
			c = s.calls[i]
		}
		if c == nil {
			// No argument byte came: its name and id are final now.
			c = openCall(s.ctx, s.set, s.opts, tc.Function.Name, tc.ID)
			c.write([]byte(tc.Function.Arguments))
		}
		c.used = true
		calls[i] = messageCall{name: tc.Function.Name, id: tc.ID, args: tc.Function.Arguments, read: c,
			why: c.differs(tc.Function.Name, tc.ID, tc.Function.Arguments)}
	}
	results := runTurn(s.ctx, s.set, s.guard, s.opts, calls, cut)
	abortUnused(s.calls, cut)
	msgs := []openai.ChatCompletionMessageParamUnion{msg.ToParam()}
	for i, tc := range msg.ToolCalls {
		msgs = append(msgs, openai.ToolMessage(results[i].Feedback(), tc.ID))
	}
	return msgs, s.guard.Err()
}

// abortUnused aborts the calls a stream read that no message answers.
func abortUnused(calls []*streamCall, reason string) {
	for _, c := range calls {
		if c != nil && !c.used {
			c.pending.Abort(cmp.Or(c.differ, reason, "its message does not hold it"))
		}
	}
}

// cutReason says what cut a stream that ended with err ("": nothing, or
// ended when err is nil and ended is not empty).
func cutReason(err error, ended string) string {
	var r *Rejection
	switch {
	case errors.As(err, &r):
		return "stopped at the rejected call " + r.ID
	case err != nil:
		return "the stream failed: " + err.Error()
	}
	return ended
}

// RunChatStream is RunChat for a streamed completion: it reads the stream
// through a ChatStream and, at the first call that can no longer be valid,
// closes it (which cancels the request) and answers the calls: the
// rejected call with its feedback, the others as incomplete. Its error is
// Finish's (the guard's), else the *Rejection when it cut the stream, or the
// stream's error. Use a ChatStream to show the text as it arrives.
func RunChatStream(ctx context.Context, set *tool.Set, stream *ssestream.Stream[openai.ChatCompletionChunk], guard *tool.Guard, opts ...tool.CallOption) ([]openai.ChatCompletionMessageParamUnion, error) {
	cs := NewChatStream(ctx, set, guard, opts...)
	var rejected error
	for rejected == nil && stream.Next() {
		rejected = cs.Add(stream.Current())
	}
	streamErr := stream.Err()
	if rejected != nil {
		stream.Close()
		streamErr = rejected
	}
	msgs, err := cs.Finish(streamErr)
	if err == nil {
		err = streamErr
	}
	return msgs, err
}

// ResponsesStream runs the function calls of a streamed response (the
// Responses API with stream: true) while it arrives, as ChatStream does
// for Chat Completions: feed it every event with Add, and Finish returns the
// function_call_output items RunResponses returns for the response the
// stream ended with.
//
// Each function call item is a tool.Pending opened at its
// response.output_item.added, with its call_id and name, and written each
// response.function_call_arguments.delta: Add returns a *Rejection, once,
// as soon as a call can no longer be valid. The response the stream ended
// with (response.completed, .incomplete or .failed) is the message: the
// API keeps it, and Finish answers its function calls. They run, through
// the guard, in order, only when it completed and each of them is exactly
// (name, call_id, arguments) what its stream read, with its arguments and
// its item ended (.function_call_arguments.done and
// response.output_item.done, each the same call); otherwise none runs, and
// each result says why. A stream without such a response (an error event,
// a cut, an error) runs nothing, and answers the calls it read.
type ResponsesStream struct {
	ctx   context.Context
	set   *tool.Set
	guard *tool.Guard
	opts  []tool.CallOption
	calls []*streamCall // in the order their items were added
	items map[string]*streamCall
	final *responses.Response // the response the stream ended with
	end   string              // the event that ended it, or an error event's type and code
	ends  int                 // how many events ended it
}

// NewResponsesStream returns a ResponsesStream of the calls to set; a
// guard and opts are used as RunResponses uses them.
func NewResponsesStream(ctx context.Context, set *tool.Set, guard *tool.Guard, opts ...tool.CallOption) *ResponsesStream {
	return &ResponsesStream{ctx: ctx, set: set, guard: guard, opts: opts, items: map[string]*streamCall{}}
}

// Add reads the next event. It returns a *Rejection the first time a call
// can no longer be valid.
func (s *ResponsesStream) Add(ev responses.ResponseStreamEventUnion) error {
	switch ev.Type {
	case "response.output_item.added":
		if ev.Item.Type != "function_call" {
			return nil
		}
		if c := s.items[ev.Item.ID]; c != nil {
			c.disagree("its item was added twice")
			return nil
		}
		fc := ev.Item.AsFunctionCall()
		c := openCall(s.ctx, s.set, s.opts, fc.Name, fc.CallID)
		s.items[fc.ID] = c
		s.calls = append(s.calls, c)
		return c.write([]byte(fc.Arguments))
	case "response.function_call_arguments.delta":
		c := s.items[ev.ItemID]
		switch {
		case c == nil:
		case c.argsDone || c.itemDone:
			c.disagree("a delta came after its arguments ended")
		default:
			return c.write([]byte(ev.Delta))
		}
	case "response.function_call_arguments.done":
		if c := s.items[ev.ItemID]; c != nil {
			if !c.wrote(ev.Arguments) {
				c.disagree(otherArgs)
			}
			c.argsDone = true
		}
	case "response.output_item.done":
		if c := s.items[ev.Item.ID]; c != nil && ev.Item.Type == "function_call" {
			if !c.argsDone {
				c.disagree("its item ended before its arguments")
			}
			fc := ev.Item.AsFunctionCall()
			c.disagree(c.differs(fc.Name, fc.CallID, fc.Arguments))
			c.itemDone = true
		}
	case "response.completed", "response.incomplete", "response.failed":
		resp := ev.Response
		s.final, s.end = &resp, ev.Type
		s.ends++
	case "error":
		s.end = "error"
		if ev.Code != "" {
			s.end += " (" + ev.Code + ")"
		}
		s.ends++
	}
	return nil
}

// Finish ends the stream, err being the stream's error: it returns a
// function_call_output item per function call of the response the stream
// ended with, which run, in order, when it completed and the stream read
// each as the response records it (see ResponsesStream); without such a
// response, an item per call the stream read, none run. Its error is the
// guard's.
func (s *ResponsesStream) Finish(err error) ([]responses.ResponseInputItemUnionParam, error) {
	cut := cutReason(err, "")
	switch {
	case cut != "":
	case s.ends > 1:
		cut = "the stream ended twice"
	case s.final == nil:
		cut = cmp.Or(s.end, "the stream ended before response.completed")
	case s.end != "response.completed":
		cut = cmp.Or(responseCut(s.final), s.end)
	default:
		cut = responseCut(s.final)
	}
	var items []responses.ResponseInputItemUnionParam
	if s.final == nil {
		// No response holds the calls: answer those the stream read.
		for _, c := range s.calls {
			c.used = true
			items = append(items, callOutput(c.pending.Abort(cmp.Or(c.differ, cut)), c.id))
		}
		return items, s.guard.Err()
	}
	var calls []messageCall
	for _, out := range s.final.Output {
		if out.Type != "function_call" {
			continue
		}
		fc := out.AsFunctionCall()
		c := s.items[fc.ID]
		if c != nil && c.used { // a second item of the same id
			c = nil
		}
		why := itemCut(fc.Status)
		switch {
		case why != "":
		case c == nil:
			why = unread
		case c.differ != "":
			why = c.differ
		case !c.argsDone:
			why = "its arguments did not end"
		case !c.itemDone:
			why = "its item did not end"
		default:
			why = c.differs(fc.Name, fc.CallID, fc.Arguments)
		}
		if c != nil {
			c.used = true
		}
		calls = append(calls, messageCall{name: fc.Name, id: fc.CallID, args: fc.Arguments, read: c, why: why})
	}
	results := runTurn(s.ctx, s.set, s.guard, s.opts, calls, cut)
	abortUnused(s.calls, cut)
	for i, m := range calls {
		items = append(items, callOutput(results[i], m.id))
	}
	return items, s.guard.Err()
}

// RunResponsesStream is RunResponses for a streamed response, as
// RunChatStream is RunChat's.
func RunResponsesStream(ctx context.Context, set *tool.Set, stream *ssestream.Stream[responses.ResponseStreamEventUnion], guard *tool.Guard, opts ...tool.CallOption) ([]responses.ResponseInputItemUnionParam, error) {
	rs := NewResponsesStream(ctx, set, guard, opts...)
	var rejected error
	for rejected == nil && stream.Next() {
		rejected = rs.Add(stream.Current())
	}
	streamErr := stream.Err()
	if rejected != nil {
		stream.Close()
		streamErr = rejected
	}
	items, err := rs.Finish(streamErr)
	if err == nil {
		err = streamErr
	}
	return items, err
}

// ErrCut is the error of a streamed answer that did not end: the stream
// stopped before finish_reason "stop" (Chat) or response.completed
// (Responses), or with another end (length, max_output_tokens, a content
// filter). Its text, whatever it parses as, is not the answer.
var ErrCut = errors.New("openaitool: the streamed answer did not end")

// WriteChatAnswer writes the text deltas of a streamed completion's first
// choice (delta.content) into w as they arrive, such as an output's stream
// decoder, and returns nil once the choice's finish_reason is "stop": the
// answer ChatAnswer returns, whole. It stops, closing the stream (which
// cancels the request), at w's first error, and returns it; it returns a
// *Refusal when the model refused, and ErrCut, or the stream's error, for
// an answer that did not end.
func WriteChatAnswer(w io.Writer, stream *ssestream.Stream[openai.ChatCompletionChunk]) error {
	var refusal []byte
	finish := ""
	for stream.Next() {
		for _, choice := range stream.Current().Choices {
			if choice.Index != 0 {
				continue
			}
			refusal = append(refusal, choice.Delta.Refusal...)
			if choice.Delta.Content != "" && len(refusal) == 0 {
				if _, err := io.WriteString(w, choice.Delta.Content); err != nil {
					stream.Close()
					return err
				}
			}
			if choice.FinishReason != "" {
				finish = choice.FinishReason
			}
		}
	}
	return answerEnd(stream.Err(), refusal, finish == "stop")
}

// answerEnd is the error of a streamed answer's end.
func answerEnd(err error, refusal []byte, ended bool) error {
	switch {
	case err != nil:
		return err
	case len(refusal) > 0:
		return &Refusal{Text: string(refusal)}
	case !ended:
		return ErrCut
	}
	return nil
}

// WriteResponsesAnswer is WriteChatAnswer for a streamed response: it
// writes its response.output_text.delta events into w, and returns nil
// once the response completed.
func WriteResponsesAnswer(w io.Writer, stream *ssestream.Stream[responses.ResponseStreamEventUnion]) error {
	var refusal []byte
	completed := false
	for stream.Next() {
		switch ev := stream.Current(); ev.Type {
		case "response.output_text.delta":
			if len(refusal) == 0 {
				if _, err := io.WriteString(w, ev.Delta); err != nil {
					stream.Close()
					return err
				}
			}
		case "response.refusal.delta":
			refusal = append(refusal, ev.Delta...)
		case "response.completed":
			completed = true
		}
	}
	return answerEnd(stream.Err(), refusal, completed)
}
