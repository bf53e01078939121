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
	"github.com/openai/openai-go/v3/packages/param"
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

// streamCall is one tool call of a stream.
type streamCall struct {
	id, name string
	pending  *tool.Pending // nil until the name arrives
	early    []byte        // arguments before the name
	n        int           // the bytes written
	rejected bool

	// A Responses call's: the digest of its deltas, to compare with its
	// final arguments without keeping them; whether they are done, and
	// differ from the deltas.
	deltas       hash.Hash
	done, differ bool
}

// open opens the call's Pending once its name is known.
func (c *streamCall) open(ctx context.Context, set *tool.Set, opts []tool.CallOption) error {
	c.pending = set.Open(ctx, c.name, withID(opts, c.id)...)
	early := c.early
	c.early = nil
	return c.write(early)
}

// write writes a fragment of the arguments, and returns the call's
// Rejection the first time a write fails.
func (c *streamCall) write(b []byte) error {
	if c.pending == nil {
		c.early = append(c.early, b...)
		return nil
	}
	c.n += len(b)
	_, err := c.pending.Write(b)
	var errs tool.Errors
	if c.rejected || !errors.As(err, &errs) {
		return nil
	}
	c.rejected = true
	return &Rejection{ID: c.id, Name: c.name, At: c.n, Errors: errs}
}

// end closes the call (ok: the provider ended it) or aborts it.
func (c *streamCall) end(ctx context.Context, set *tool.Set, g *tool.Guard, ok bool, reason string) tool.Result {
	if c.pending == nil { // no name ever came: an unknown tool
		c.pending = set.Open(ctx, "")
		c.write(nil)
		ok = false
	}
	if ok {
		return g.Close(c.pending)
	}
	return c.pending.Abort(reason)
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
// Each call (one per index of delta.tool_calls) is a tool.Pending opened
// when its name arrives and written each arguments delta: Add returns a
// *Rejection, once, as soon as a call can no longer be valid. A call runs
// only when the choice's finish_reason says the calls ended ("tool_calls",
// or "stop" with calls), through the guard as RunChat runs it; a stream
// that ends without a finish_reason, with "length" or any other, or with
// an error is cut, and its calls never run: their results say incomplete,
// and a rejected call's says what to correct. Only the first choice is
// read, as RunChat reads it.
type ChatStream struct {
	ctx     context.Context
	set     *tool.Set
	guard   *tool.Guard
	opts    []tool.CallOption
	acc     openai.ChatCompletionAccumulator
	calls   []*streamCall // by index; nil for an index no delta named
	finish  string
	refused bool // the SDK's accumulator refused a chunk
}

// NewChatStream returns a ChatStream of the calls to set; a guard and opts
// are used as RunChat uses them.
func NewChatStream(ctx context.Context, set *tool.Set, guard *tool.Guard, opts ...tool.CallOption) *ChatStream {
	return &ChatStream{ctx: ctx, set: set, guard: guard, opts: opts}
}

// Add reads the next chunk. It returns a *Rejection the first time a call
// can no longer be valid; reading more chunks after it is allowed (the
// call runs, to be rejected, at the end).
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
			c := s.call(d.Index)
			if c.id == "" {
				c.id = d.ID
			}
			var err error
			if c.pending == nil && d.Function.Name != "" {
				c.name = d.Function.Name
				c.early = append(c.early, d.Function.Arguments...)
				err = c.open(s.ctx, s.set, s.opts)
			} else {
				err = c.write([]byte(d.Function.Arguments))
			}
			if first == nil {
				first = err
			}
		}
		if choice.FinishReason != "" {
			s.finish = choice.FinishReason
		}
	}
	return first
}

// call returns the call of a tool_calls index, made on its first delta.
// The index is one the accumulator took, which bounds the growth of a
// sparse index: -1, which some providers send for a single call, is 0.
func (s *ChatStream) call(index int64) *streamCall {
	i := int(max(index, 0))
	if i >= len(s.calls) {
		s.calls = append(s.calls, make([]*streamCall, i+1-len(s.calls))...)
	}
	if s.calls[i] == nil {
		s.calls[i] = new(streamCall)
	}
	return s.calls[i]
}

// Finish ends the stream, err being the stream's error (its Err()): it runs
// the calls, in the order of their indexes, when the stream ended them, or
// aborts every one, and returns the assistant's message, then a tool
// message per call. Its error is the guard's, as RunChat's, or
// ErrNoChoice for a stream without a choice.
func (s *ChatStream) Finish(err error) ([]openai.ChatCompletionMessageParamUnion, error) {
	ok := err == nil && !s.refused && (s.finish == "tool_calls" || s.finish == "stop")
	reason := cutReason(err, "the stream ended before its finish_reason")
	switch {
	case err != nil:
	case s.refused:
		reason = "a chunk the SDK could not accumulate"
	case s.finish != "" && !ok:
		reason = "finish_reason " + s.finish
	}
	var msgs []openai.ChatCompletionMessageParamUnion
	var toolCalls []openai.ChatCompletionMessageToolCallUnion
	if len(s.acc.Choices) > 0 {
		msg := s.acc.Choices[0].Message
		msgs, toolCalls = append(msgs, msg.ToParam()), msg.ToolCalls
	}
	// A tool message per call of the assistant's message, by index, as
	// RunChat writes them: a slot no delta named (a sparse index) is a call
	// without a tool.
	for i, tc := range toolCalls {
		c := s.call(int64(i))
		if c.id == "" {
			c.id = tc.ID
		}
		res := c.end(s.ctx, s.set, s.guard, ok, reason)
		msgs = append(msgs, openai.ToolMessage(res.Feedback(), c.id))
	}
	for _, c := range s.calls {
		if c != nil { // ended above, but for a refused chunk
			c.end(s.ctx, s.set, s.guard, false, reason)
		}
	}
	if len(msgs) == 0 {
		return nil, ErrNoChoice
	}
	return msgs, s.guard.Err()
}

// cutReason says what cut a stream that ended with err (nil: cut, as
// ended says).
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
// function_call_output items RunResponses returns for the response.
//
// Each function call output item (response.output_item.added with its
// call_id and name) is a tool.Pending written each
// response.function_call_arguments.delta: Add returns a *Rejection, once,
// as soon as a call can no longer be valid. A call runs only when its
// arguments and its item are done (.function_call_arguments.done,
// response.output_item.done, the arguments the same as the deltas) and the
// response completed (response.completed); response.incomplete,
// response.failed, an error event, a stream cut or an error leave the
// calls unrun, with results that say incomplete.
type ResponsesStream struct {
	ctx       context.Context
	set       *tool.Set
	guard     *tool.Guard
	opts      []tool.CallOption
	calls     []*streamCall // in output order
	items     map[string]*streamCall
	completed bool
	status    string // the end event's, when it is not response.completed
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
		if ev.Item.Type == "function_call" && s.items[ev.Item.ID] == nil {
			c := &streamCall{id: ev.Item.CallID, name: ev.Item.Name, deltas: sha256.New()}
			s.items[ev.Item.ID] = c
			s.calls = append(s.calls, c)
			return c.open(s.ctx, s.set, s.opts)
		}
	case "response.function_call_arguments.delta":
		if c := s.items[ev.ItemID]; c != nil && !c.done {
			c.deltas.Write([]byte(ev.Delta))
			return c.write([]byte(ev.Delta))
		}
	case "response.function_call_arguments.done":
		if c := s.items[ev.ItemID]; c != nil {
			// The arguments are final only as the deltas wrote them.
			c.differ = c.differ || !c.wrote(ev.Arguments)
			c.done = true
		}
	case "response.output_item.done":
		if c := s.items[ev.Item.ID]; c != nil {
			c.differ = c.differ || !c.done || !c.wrote(ev.Item.AsFunctionCall().Arguments)
		}
	case "response.completed":
		s.completed = true
	case "response.incomplete", "response.failed", "error":
		s.status = ev.Type
		if r := cmp.Or(ev.Response.IncompleteDetails.Reason, string(ev.Response.Error.Code), ev.Code); r != "" {
			s.status += " (" + r + ")"
		}
	}
	return nil
}

// wrote reports whether args are the arguments the call's deltas wrote.
func (c *streamCall) wrote(args string) bool {
	sum := sha256.Sum256([]byte(args))
	return len(args) == c.n && bytes.Equal(c.deltas.Sum(nil), sum[:])
}

// Finish ends the stream, err being the stream's error: it runs each call
// the response completed, in output order, aborts the others, and returns
// a function_call_output item per call. Its error is the guard's.
func (s *ResponsesStream) Finish(err error) ([]responses.ResponseInputItemUnionParam, error) {
	reason := cutReason(err, "the stream ended before response.completed")
	if s.status != "" && err == nil {
		reason = s.status
	}
	var items []responses.ResponseInputItemUnionParam
	for _, c := range s.calls {
		ok := err == nil && s.completed && s.status == "" && c.done && !c.differ
		why := reason
		switch {
		case !ok && c.differ:
			why = "its final arguments are not those of its deltas"
		case !ok && s.completed && !c.done:
			why = "its arguments did not end"
		}
		res := c.end(s.ctx, s.set, s.guard, ok, why)
		item := responses.ResponseInputItemParamOfFunctionCallOutput(res.Feedback())
		item.OfFunctionCallOutput.CallID = param.NewOpt(c.id)
		items = append(items, item)
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
