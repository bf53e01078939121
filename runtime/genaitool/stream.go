package genaitool

import (
	"context"
	"encoding/json"
	"io"
	"strconv"

	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Stream runs the function calls of a streamed response (the chunks of
// client.Models.GenerateContentStream) once the stream ended, as Run runs
// those of a whole response. The application feeds it every chunk, as it
// shows the text itself:
//
//	ctx, cancel := context.WithCancel(ctx)
//	calls := genaitool.NewStream(ctx, set, g)
//	for resp, err := range client.Models.GenerateContentStream(ctx, model, contents, config) {
//		if err != nil {
//			break
//		}
//		if err := calls.Response(resp); err != nil {
//			cancel() // a call can no longer be valid
//			break
//		}
//	}
//	more, err := calls.Finish()
//
// The Gemini API streams each function call whole, in one chunk. Vertex AI,
// with streamFunctionCallArguments, streams a call's arguments as
// partialArgs: a part naming the tool with willContinue, parts of values
// addressed by JSONPath, then an empty function call that ends it. Stream
// writes those values, in order, as the JSON text of the arguments into a
// call of the set (Set.Open), which checks them as they arrive: Response
// returns a *Rejection as soon as the call can no longer be valid.
//
// The calls run only when the stream ended with finish reason STOP, and a
// streamed call only once its end arrived: a stream cut before a finish
// reason, or ending on MAX_TOKENS (or any other reason), leaves its calls
// incomplete, and none runs, whatever its arguments (Pending.Abort).
type Stream struct {
	ctx    context.Context
	set    *tool.Set
	guard  *tool.Guard
	opts   []tool.CallOption
	calls  []*streamedCall
	cur    *streamedCall // the call whose partialArgs are streaming
	parts  []*genai.Part // the model's content
	finish genai.FinishReason

	done     bool
	contents []*genai.Content
	err      error
}

// streamedCall is a function call of the stream: whole, or streamed as
// partialArgs into p.
type streamedCall struct {
	call     *genai.FunctionCall // whole, or the part that named it
	part     *genai.Part         // its part of the model's content
	p        *tool.Pending
	text     argsText
	buf      []byte // the arguments' text so far
	ended    bool   // the empty function call that ends it arrived
	broken   bool   // a partialArgs path the text cannot follow
	rejected *Rejection
}

// NewStream starts reading a streamed response whose calls run through
// set and guard, with opts, as Run runs them.
func NewStream(ctx context.Context, set *tool.Set, guard *tool.Guard, opts ...tool.CallOption) *Stream {
	return &Stream{ctx: ctx, set: set, guard: guard, opts: opts}
}

// Rejection is the error of Response when a call streamed as partialArgs
// can no longer be valid, before the model has finished writing it: a tool
// the set does not have (at the part that names it), or arguments that no
// continuation can make valid (see tool.Def.Stream). The application can
// cancel the request; Finish then answers the call with the feedback the
// model reads.
type Rejection struct {
	// ID and Name are the function call's.
	ID, Name string
	// At is the number of bytes of the arguments' JSON text read when the
	// call was rejected.
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
	return "genaitool: the call " + r.ID + " to " + strconv.Quote(r.Name) + " was rejected after " +
		strconv.Itoa(r.At) + " bytes of arguments: " + r.Errors.Error()
}

// Response reads the next chunk of the stream: the parts of its first
// candidate's content, and its finish reason. It returns a *Rejection the
// first time a streamed call can no longer be valid.
func (s *Stream) Response(resp *genai.GenerateContentResponse) error {
	if resp == nil || len(resp.Candidates) == 0 {
		return nil
	}
	c := resp.Candidates[0]
	if c.FinishReason != "" {
		s.finish = c.FinishReason
	}
	if c.Content == nil {
		return nil
	}
	var first error
	for _, part := range c.Content.Parts {
		if err := s.part(part); err != nil && first == nil {
			first = err
		}
	}
	return first
}

func (s *Stream) part(part *genai.Part) error {
	fc := part.FunctionCall
	switch {
	case fc == nil:
		s.parts = append(s.parts, part)
		return nil
	case fc.Name != "" && len(fc.PartialArgs) == 0 && !continues(fc.WillContinue):
		// A whole call.
		s.cur = nil
		s.parts = append(s.parts, part)
		s.calls = append(s.calls, &streamedCall{call: fc, part: part})
		return nil
	case fc.Name != "":
		// The start of a streamed call.
		named := &genai.FunctionCall{ID: fc.ID, Name: fc.Name}
		c := &streamedCall{call: named, part: &genai.Part{FunctionCall: named}}
		c.p = s.set.Open(s.ctx, fc.Name, append(s.opts[:len(s.opts):len(s.opts)], tool.CallID(fc.ID))...)
		s.cur = c
		s.parts = append(s.parts, c.part)
		s.calls = append(s.calls, c)
		_, err := c.p.Write(nil)
		if err := s.check(c, err); err != nil {
			return err
		}
		return s.args(c, fc)
	case s.cur != nil:
		return s.args(s.cur, fc)
	}
	return nil
}

// args writes the partialArgs of a part into c's call, and ends it at the
// part without any.
func (s *Stream) args(c *streamedCall, fc *genai.FunctionCall) error {
	if c.ended {
		return nil
	}
	from := len(c.buf)
	for _, arg := range fc.PartialArgs {
		if c.broken {
			break
		}
		var err error
		if c.buf, err = c.text.add(c.buf, arg); err != nil {
			// Arguments genaitool cannot write as text are not JSON to the
			// decoder, and never run.
			c.buf, c.broken = append(c.buf, 0), true
		}
	}
	if len(fc.PartialArgs) == 0 && !continues(fc.WillContinue) {
		if !c.broken {
			c.buf = c.text.end(c.buf)
		}
		c.ended = true
		s.cur = nil
	}
	_, err := c.p.Write(c.buf[from:])
	return s.check(c, err)
}

func continues(willContinue *bool) bool { return willContinue != nil && *willContinue }

// check reports the first error of a call.
func (s *Stream) check(c *streamedCall, err error) error {
	if err == nil || c.rejected != nil {
		return nil
	}
	c.rejected = &Rejection{ID: c.call.ID, Name: c.call.Name, At: len(c.buf)}
	c.rejected.Errors, _ = err.(tool.Errors)
	return c.rejected
}

// Finish ends the stream, however it ended, and returns the contents that
// continue the conversation, as Run does: the model's content (every part
// of the chunks, in order, a streamed call as one function call with its
// arguments), then a user content of one function response per call. In a
// stream that ended with finish reason STOP, a whole call runs as Run runs
// it, a streamed call whose end arrived is closed through the guard
// (tool.Guard.Close); a rejected call is answered with its feedback; any
// other is incomplete and never runs. Later calls return the same
// contents.
func (s *Stream) Finish() ([]*genai.Content, error) {
	if s.done {
		return s.contents, s.err
	}
	s.done = true
	ended := s.finish == genai.FinishReasonStop
	var responses []*genai.Part
	for _, c := range s.calls {
		var res tool.Result
		feedback := ""
		switch {
		case c.p == nil && ended:
			res = s.guard.CallArgs(s.ctx, s.set, c.call.Name, c.call.Args, append(s.opts[:len(s.opts):len(s.opts)], tool.CallID(c.call.ID))...)
		case c.p == nil:
			res = s.set.Open(s.ctx, c.call.Name, append(s.opts[:len(s.opts):len(s.opts)], tool.CallID(c.call.ID))...).Abort(s.cut(c))
		case c.ended && (ended || c.rejected != nil):
			res = s.guard.Close(c.p)
		case c.rejected != nil:
			// Rejected, then cut: the audit says incomplete, the model reads
			// what to correct.
			res = c.p.Abort(s.cut(c))
			feedback = c.rejected.Feedback()
		default:
			res = c.p.Abort(s.cut(c))
		}
		if c.p != nil && c.ended {
			var args map[string]any
			if json.Unmarshal(c.buf, &args) == nil {
				c.call.Args = args
			}
		}
		r := response(res)
		if feedback != "" {
			r = map[string]any{"error": feedback}
		}
		responses = append(responses, &genai.Part{FunctionResponse: &genai.FunctionResponse{ID: c.call.ID, Name: c.call.Name, Response: r}})
	}
	s.contents = []*genai.Content{{Role: genai.RoleModel, Parts: s.parts}}
	if len(responses) > 0 {
		s.contents = append(s.contents, genai.NewContentFromParts(responses, genai.RoleUser))
	}
	s.err = s.guard.Err()
	return s.contents, s.err
}

// cut says what cut a call short.
func (s *Stream) cut(c *streamedCall) string {
	switch {
	case s.finish != "" && s.finish != genai.FinishReasonStop:
		return "the response stopped with finish reason " + string(s.finish)
	case c.p != nil && !c.ended:
		return "the stream ended before the call's end"
	default:
		return "the stream ended before a finish reason"
	}
}

// AnswerStream writes the answer of a streamed response, to a request made
// with SetOutput, into a writer as it arrives, such as an output's stream
// decoder: the text of each chunk.
type AnswerStream struct {
	w      io.Writer
	finish genai.FinishReason
	err    error
}

// NewAnswerStream writes the answer of the chunks it reads into w.
func NewAnswerStream(w io.Writer) *AnswerStream { return &AnswerStream{w: w} }

// Response reads the next chunk and writes its text into the writer. It
// returns the first error the writer returned (an output's stream decoder
// returns one as soon as the answer can no longer be valid), on that chunk
// and every later one, and writes nothing more.
func (a *AnswerStream) Response(resp *genai.GenerateContentResponse) error {
	if a.err != nil || resp == nil || len(resp.Candidates) == 0 {
		return a.err
	}
	c := resp.Candidates[0]
	if c.FinishReason != "" {
		a.finish = c.FinishReason
	}
	if c.Content != nil {
		for _, p := range c.Content.Parts {
			if p.Text != "" && !p.Thought {
				if _, a.err = io.WriteString(a.w, p.Text); a.err != nil {
					return a.err
				}
			}
		}
	}
	return nil
}

// Ended reports whether the answer is whole: the stream ended with finish
// reason STOP. Only then is the answer final (close the output's stream
// decoder); one cut by MAX_TOKENS or a dropped connection is not, whatever
// its bytes.
func (a *AnswerStream) Ended() bool { return a.err == nil && a.finish == genai.FinishReasonStop }
