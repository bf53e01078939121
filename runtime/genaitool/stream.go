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
// addressed by JSONPath (a string in pieces while its willContinue is
// set), the last part of the call without willContinue (an empty function
// call, or the last values). Stream writes those values, in order, as the
// JSON text of the arguments into a call of the set (Set.Open), which
// checks them as they arrive: Response returns a *Rejection as soon as the
// call can no longer be valid.
//
// Finish returns the response as a whole: the model's content, a streamed
// call in it as one function call whose arguments are the value of the
// text its Pending read, and the calls run as Run runs that content. The
// calls run only when the stream ended with finish reason STOP and every
// call in it arrived whole; otherwise none of them runs (Pending.Abort)
// and each is answered with why:
//   - a stream cut before a finish reason, or one ending on MAX_TOKENS or
//     any reason but STOP;
//   - parts after the chunk that carried the finish reason;
//   - a streamed call that did not end, or whose parts do not make one
//     value: a string whose willContinue is set when another path or the
//     call's end arrives, a member sent twice, a path the text cannot
//     follow, a part naming another id, args beside partialArgs;
//   - partialArgs, args or an id in a part of no call;
//   - a streamed call longer than the set reads (tool.WithMaxArgumentSize),
//     which Run, given the value whole, would read.
//
// Such a call is recorded in the content with its name and id but no
// arguments: genaitool never completes, repairs or chooses a value.
type Stream struct {
	ctx    context.Context
	set    *tool.Set
	guard  *tool.Guard
	opts   []tool.CallOption
	calls  []*streamedCall
	cur    *streamedCall // the call whose partialArgs are streaming
	parts  []*genai.Part // the model's content
	finish genai.FinishReason
	late   bool // parts, or another finish reason, after the chunk of the finish reason
	stray  bool // partialArgs, args or an id in a part of no call

	done     bool
	contents []*genai.Content
	err      error
}

// streamedCall is a function call of the stream: whole, or streamed as
// partialArgs into p.
type streamedCall struct {
	call     *genai.FunctionCall // the content's: whole, or the streamed call's name, id and (at Finish) arguments
	p        *tool.Pending       // nil for a whole call
	text     argsText
	buf      []byte // the arguments' text so far: what p read
	ended    bool   // the last part of the call arrived
	broken   string // why the call's parts make no whole call
	rejected *Rejection
}

// NewStream starts reading a streamed response whose calls run through
// set and guard, with opts, as Run runs them.
func NewStream(ctx context.Context, set *tool.Set, guard *tool.Guard, opts ...tool.CallOption) *Stream {
	return &Stream{ctx: ctx, set: set, guard: guard, opts: opts}
}

// Rejection is the error of Response when a call streamed as partialArgs
// can no longer be valid, before the model has finished writing it: a tool
// the set does not have (at the part that names it), arguments that no
// continuation can make valid (see tool.Def.Stream), or parts that make no
// whole call (code incomplete). The application can cancel the request;
// Finish then answers the call with the feedback the model reads.
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
	if s.finish != "" && (c.FinishReason != "" && c.FinishReason != s.finish || c.Content != nil && len(c.Content.Parts) > 0) {
		// Nothing after the end is the model's response.
		s.late = true
	}
	if s.finish == "" {
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
	case fc.Name != "":
		err := s.interrupt()
		if whole(fc) {
			s.parts = append(s.parts, part)
			s.calls = append(s.calls, &streamedCall{call: fc})
			return err
		}
		// The start of a streamed call; the part keeps its other fields
		// (a thought signature).
		named := &genai.FunctionCall{ID: fc.ID, Name: fc.Name}
		start := *part
		start.FunctionCall = named
		c := &streamedCall{call: named}
		c.p = s.set.Open(s.ctx, fc.Name, withID(s.opts, fc.ID)...)
		s.cur = c
		s.parts = append(s.parts, &start)
		s.calls = append(s.calls, c)
		_, werr := c.p.Write(nil)
		err = firstErr(err, s.check(c, werr))
		if len(fc.Args) > 0 {
			err = firstErr(err, s.breakCall(c, "args beside partialArgs"))
		}
		return firstErr(err, s.args(c, fc))
	case s.cur != nil:
		c := s.cur
		var err error
		switch {
		case fc.ID != "" && fc.ID != c.call.ID:
			err = s.breakCall(c, "a part of it carries the id "+quote(fc.ID)+", not its own")
		case len(fc.Args) > 0:
			err = s.breakCall(c, "args beside partialArgs")
		}
		return firstErr(err, s.args(c, fc))
	case len(fc.PartialArgs) > 0 || len(fc.Args) > 0 || fc.ID != "" || continues(fc.WillContinue):
		s.stray = true
	}
	// An empty function call of no call carries nothing: a call's end
	// sent again.
	return nil
}

// whole reports whether a function call is whole: its arguments, if any,
// in args, not in pieces.
func whole(fc *genai.FunctionCall) bool {
	return len(fc.PartialArgs) == 0 && !continues(fc.WillContinue)
}

// interrupt ends the call whose partialArgs were streaming, as another
// call begins: it never ended.
func (s *Stream) interrupt() error {
	if s.cur == nil {
		return nil
	}
	c := s.cur
	s.cur = nil
	c.ended = true
	return s.breakCall(c, "another call began before its end")
}

// args writes the partialArgs of a part into c's call, and ends it at the
// part without willContinue.
func (s *Stream) args(c *streamedCall, fc *genai.FunctionCall) error {
	if !continues(fc.WillContinue) {
		c.ended = true
		s.cur = nil
	}
	if c.broken != "" {
		return nil
	}
	from := len(c.buf)
	var err error
	for _, arg := range fc.PartialArgs {
		if c.buf, err = c.text.add(c.buf, arg); err != nil {
			return s.breakCall(c, err.Error())
		}
	}
	if c.ended {
		if c.buf, err = c.text.end(c.buf); err != nil {
			return s.breakCall(c, err.Error())
		}
	}
	_, err = c.p.Write(c.buf[from:])
	rejected := s.check(c, err)
	if errs, ok := err.(tool.Errors); ok && errs[0].Code == tool.CodeTooLarge && c.broken == "" {
		// The set reads no more of the call; the content keeps no more of
		// it either, and records no arguments: Run would read them whole.
		c.broken, c.buf = "arguments longer than the set reads", nil
	}
	return rejected
}

func continues(willContinue *bool) bool { return willContinue != nil && *willContinue }

// breakCall records that c's parts make no whole call, and why: its
// Pending reads no more, and the response runs none of its calls.
func (s *Stream) breakCall(c *streamedCall, why string) error {
	if c.broken != "" {
		return nil
	}
	c.broken = why
	return s.check(c, tool.Errors{{Code: tool.CodeIncomplete, Reason: "the call's arguments did not arrive whole (" + why + "): it was not run"}})
}

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
// stream that ended with finish reason STOP, and whose calls all arrived
// whole, a whole call runs as Run runs it, a streamed call is closed
// through the guard (tool.Guard.Close); a rejected call is answered with
// its feedback; otherwise no call runs, and each is answered with why.
// Later calls return the same contents.
func (s *Stream) Finish() ([]*genai.Content, error) {
	if s.done {
		return s.contents, s.err
	}
	s.done = true
	for _, c := range s.calls {
		if c.p == nil || c.broken != "" {
			continue
		}
		if !c.ended {
			c.broken = "the stream ended before the call's end"
			continue
		}
		// The content's arguments are the value of the text the call's
		// Pending read, as the SDK decodes a call's args.
		var args map[string]any
		if err := json.Unmarshal(c.buf, &args); err != nil {
			c.broken = "arguments that do not read back as one JSON object"
			continue
		}
		c.call.Args = args
	}
	why := s.refusal()
	var responses []*genai.Part
	for _, c := range s.calls {
		var res tool.Result
		switch {
		case why == "" && c.p == nil:
			res = runCall(s.ctx, s.set, s.guard, c.call, s.opts, "")
		case why == "":
			res = s.guard.Close(c.p)
		case c.p == nil:
			res = runCall(s.ctx, s.set, s.guard, c.call, s.opts, why)
		default:
			reason := why // a finish reason but STOP says it all
			if c.broken != "" && (s.finish == "" || s.finish == genai.FinishReasonStop) {
				reason = c.broken
			}
			res = c.p.Abort(reason)
		}
		fr := functionResponse(res, c.call.ID, c.call.Name)
		if why != "" && c.rejected != nil {
			// Rejected, then not run: the audit says why it did not run,
			// the model reads what to correct.
			fr.Response = map[string]any{"error": c.rejected.Feedback()}
		}
		responses = append(responses, &genai.Part{FunctionResponse: fr})
	}
	s.contents = []*genai.Content{{Role: genai.RoleModel, Parts: s.parts}}
	if len(responses) > 0 {
		s.contents = append(s.contents, genai.NewContentFromParts(responses, genai.RoleUser))
	}
	s.err = s.guard.Err()
	return s.contents, s.err
}

// refusal says why none of the response's calls runs, or is empty. (The
// model reads 64 characters of it: tool.Pending.Abort.)
func (s *Stream) refusal() string {
	switch {
	case s.finish == "":
		return "the stream ended before a finish reason"
	case s.finish != genai.FinishReasonStop:
		return finishRefusal(s.finish)
	case s.late:
		return "the response went on after its finish reason " + string(s.finish)
	case s.stray:
		return "the response has partialArgs outside any function call"
	}
	for _, c := range s.calls {
		if c.broken != "" {
			return "another call of the response was not read whole: " + quote(c.call.ID)
		}
	}
	return ""
}

func firstErr(err, next error) error {
	if err != nil {
		return err
	}
	return next
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
