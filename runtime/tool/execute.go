package tool

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/toolgen-go/toolgen/internal/value"
	"github.com/toolgen-go/toolgen/internal/words"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
)

// unavailable is the result of a call that needed the store and could not
// use it.
func (s *Set) unavailable(ctx context.Context, r *callState, err error) Result {
	s.storeFailed(ctx, r, err)
	return Result{Status: StatusRejected, Err: err, stage: stageInternal, Errors: Errors{{Code: CodeUnavailable, Name: r.name,
		Reason: "the application could not record the call, so it was not executed"}}}
}

func (s *Set) storeFailed(ctx context.Context, r *callState, err error) {
	s.logSafely(ctx, slog.LevelError, "tool store failed", slog.String("tool", field(r.name)),
		slog.String("call_id", field(r.opts.id)), slog.String("error", field(errorText(err))))
}

// outcome is what a handler's goroutine reports.
type outcome struct {
	out        any
	content    []Content
	err        error
	structured json.RawMessage // the JSON of out, checked: for a tool with a result schema
	rendered   json.RawMessage // the JSON of out, for a tool without one (not for a string)
	resultErr  error           // why out does not match the result schema, or cannot be sent
	panicked   bool
	value      any
	stack      []byte
}

// execute runs h's handler on v, within its time limit, and writes the
// call's result in *res.
func (s *Set) execute(ctx context.Context, r *callState, h *Handler, v any, res *Result) {
	limit := s.limit(h)
	if err := ctx.Err(); err != nil {
		*res = failure(err, limit)
		return
	}
	ctx, rep := s.reporting(ctx, r, h)
	if rep != nil {
		defer rep.end()
	}
	if h.isolated {
		s.executeIsolated(ctx, r, h, v, limit, res)
		return
	}
	// The handler runs on the caller's goroutine, and its time limit is its
	// context's deadline.
	if limit > 0 {
		// The limit counts from the call's start: what comes before the
		// handler takes microseconds, and another reading of the clock
		// costs as much as the rest of the set's work.
		if d, ok := ctx.Deadline(); !ok || callStart(r.began).Add(limit).Before(d) {
			cc := h.context(v, ctx, r.began, limit)
			defer cc.release()
			ctx = cc
		}
	}
	r.at, r.reached = "execution", true
	var o outcome
	runHandler(ctx, h, v, &o)
	s.outcome(ctx, r, limit, &o, res)
}

// runHandler runs h's handler, turning a panic into an outcome, and renders
// its output as JSON, checked against the tool's result schema, if any: a
// MarshalJSON method is the application's code, bounded by the time limit
// like the rest. It writes the outcome in *o, which is zero.
func runHandler(ctx context.Context, h *Handler, args any, o *outcome) {
	defer func() {
		if v := recover(); v != nil {
			*o = outcome{panicked: true, value: v, stack: debug.Stack()}
		}
	}()
	o.out, o.content, o.err = h.run(ctx, args)
	if o.err != nil {
		o.content = nil
		return
	}
	if o.content != nil {
		if o.resultErr = checkContent(o.content); o.resultErr != nil {
			return
		}
	}
	if h.tool.ValidateResult != nil {
		o.structured, o.resultErr = checkResult(h.tool, o.out)
	} else if _, isString := o.out.(string); !isString && o.out != nil {
		// Rendered once, here, where a slow MarshalJSON is bounded like the
		// handler: an output that cannot be sent fails the call.
		o.rendered, o.resultErr = outputJSON(o.out)
	}
}

// executeIsolated runs an isolated handler in a goroutine of its own, so
// that the call returns at its time limit whatever the handler does.
func (s *Set) executeIsolated(ctx context.Context, r *callState, h *Handler, v any, limit time.Duration, res *Result) {
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	r.at, r.reached = "execution", true
	done := make(chan outcome, 1)
	go func() {
		var o outcome
		runHandler(ctx, h, v, &o)
		done <- o
	}()
	var o outcome
	select {
	case o = <-done:
	case <-ctx.Done():
		select {
		case o = <-done: // finished just in time
		default:
			// The handler still holds its arguments: it keeps their room
			// in the budget until it returns.
			held := r.held
			r.held = 0
			go s.late(context.WithoutCancel(ctx), r.name, r.opts.id, done, held)
			*res = failure(ctx.Err(), limit)
			return
		}
	}
	s.outcome(ctx, r, limit, &o, res)
}

// outcome writes the result of a handler's outcome in *res, which is zero.
func (s *Set) outcome(ctx context.Context, r *callState, limit time.Duration, o *outcome, res *Result) {
	switch {
	case o.panicked:
		text := describePanic(o.value)
		s.logSafely(ctx, slog.LevelError, "tool handler panicked",
			slog.String("tool", field(r.name)), slog.String("call_id", field(r.opts.id)),
			slog.String("panic", text), slog.String("stack", string(o.stack)))
		*res = Result{Status: StatusFailed, Err: fmt.Errorf("tool %s panicked: %s", r.name, text),
			Errors: Errors{{Code: CodePanic, Name: r.name, Reason: "the tool failed with an internal error"}}}
	case o.err != nil:
		if errors.Is(o.err, context.DeadlineExceeded) || errors.Is(o.err, context.Canceled) {
			*res = failure(o.err, limit)
			res.Err = o.err
			return
		}
		*res = Result{Status: StatusFailed, Err: o.err, Errors: Errors{{Code: CodeToolError, Name: r.name, Reason: s.toolErrorReason(r.name, o.err)}}}
	case o.resultErr != nil:
		msg := "tool result does not match its result schema"
		switch o.resultErr.(type) {
		case *outputError:
			msg = "tool output cannot be sent"
		case *contentError:
			msg = "tool content cannot be sent"
		}
		s.logSafely(ctx, slog.LevelError, msg,
			slog.String("tool", field(r.name)), slog.String("call_id", field(r.opts.id)), slog.Any("problems", resultProblems(o.resultErr)))
		*res = resultFailure(r.name, o.resultErr)
	default:
		// Field by field: *res is zero, and a composite literal would be
		// built aside and copied.
		res.Status, res.Output, res.Structured, res.output, res.Content = StatusExecuted, o.out, o.structured, o.rendered, o.content
	}
}

// limit is the time limit of h's executions; 0 for none.
func (s *Set) limit(h *Handler) time.Duration {
	if h.timeout != 0 {
		return max(h.timeout, 0)
	}
	return max(s.timeout, 0)
}

func failure(err error, limit time.Duration) Result {
	if errors.Is(err, context.DeadlineExceeded) {
		reason := "the tool did not finish in time"
		if limit > 0 {
			reason = "the tool did not finish within " + limit.String()
		}
		return Result{Status: StatusFailed, Err: err, Errors: Errors{{Code: CodeTimeout,
			Reason: reason + "; it may or may not have taken effect"}}}
	}
	return Result{Status: StatusFailed, Err: err, Errors: Errors{{Code: CodeCanceled,
		Reason: "the call was canceled before the tool finished; it may or may not have taken effect"}}}
}

// late logs the outcome of a handler that finished after its call returned,
// and gives back the room in the budget it held.
func (s *Set) late(ctx context.Context, name, id string, done <-chan outcome, held int) {
	o := <-done
	if held > 0 {
		s.inflight.release(held)
	}
	attrs := []slog.Attr{slog.String("tool", field(name)), slog.String("call_id", field(id))}
	switch {
	case o.panicked:
		attrs = append(attrs, slog.String("panic", describePanic(o.value)))
	case o.err != nil:
		attrs = append(attrs, slog.String("error", field(errorText(o.err))))
	}
	s.logSafely(ctx, slog.LevelWarn, "tool handler finished after its call returned", attrs...)
}

// toolErrorReason is what the model reads of a handler's error err: its
// text, or the text WithToolErrorText makes of it.
func (s *Set) toolErrorReason(tool string, err error) (reason string) {
	if s.toolErrorText == nil {
		return "the tool failed: " + errorText(err)
	}
	defer func() {
		if recover() != nil {
			reason = "the tool failed" // the error's own text may be what fn was to hide
		}
	}()
	if text := s.toolErrorText(tool, err); text != "" {
		return "the tool failed: " + text
	}
	return "the tool failed"
}

// errorText is err.Error(), or a placeholder when that method panics.
func errorText(err error) (text string) {
	defer func() {
		if recover() != nil {
			text = "<the error's text could not be rendered>"
		}
	}()
	return err.Error()
}

var discard = slog.New(slog.DiscardHandler)

func (s *Set) log() *slog.Logger {
	switch {
	case !s.loggerSet:
		return slog.Default()
	case s.logger == nil:
		return discard
	}
	return s.logger
}

// logSafely writes a log record; a logger that panics loses the record but
// never fails the call.
func (s *Set) logSafely(ctx context.Context, level slog.Level, msg string, attrs ...slog.Attr) {
	defer func() { _ = recover() }()
	s.log().LogAttrs(ctx, level, msg, attrs...)
}

// recoverCall, deferred by Call, CallArgs and CallJSON, turns a panic of any
// stage into a result: a value nested too deep for a validator's walk is a
// depth error; anything else a panic result, logged with its stack.
func (s *Set) recoverCall(ctx context.Context, r *callState, res *Result) {
	v := recover()
	if v == nil {
		return
	}
	if value.IsTooDeep(v) && !r.reached {
		*res = s.finish(ctx, r, reject(stageArguments, depthError(value.MaxDepth)))
		return
	}
	stage := r.at
	if stage == "" {
		stage = "parse"
	}
	s.logSafely(ctx, slog.LevelError, "tool call panicked", slog.String("tool", field(r.name)),
		slog.String("call_id", field(r.opts.id)), slog.String("stage", stage),
		slog.String("panic", describePanic(v)), slog.String("stack", string(debug.Stack())))
	*res = s.finish(ctx, r, panicResult(r, v))
}

// panicResult is the result of a call during which the application's code
// panicked: rejected when it happened before the handler ran, failed after.
func panicResult(r *callState, v any) Result {
	name := shorten(r.name)
	if r.reached {
		return Result{Status: StatusFailed, Err: fmt.Errorf("tool %s panicked: %s", name, describePanic(v)),
			Errors: Errors{{Code: CodePanic, Name: name, Reason: "the tool failed with an internal error"}}}
	}
	return Result{Status: StatusRejected, stage: stageInternal, Err: fmt.Errorf("tool %s: %s panicked: %s", name, r.at, describePanic(v)),
		Errors: Errors{{Code: CodePanic, Name: name, Reason: "the application failed with an internal error while checking the call; it was not executed"}}}
}

// depthError reports arguments that a walk cannot follow to their end, in
// limit levels.
func depthError(limit int) Error {
	return Error{Code: CodeDepth, Expected: words.DepthExpected(limit),
		Reason: "the arguments nest deeper than " + strconv.Itoa(limit) + " levels, or hold a value that contains itself"}
}

// finish completes a result and writes the call's audit record.
func (s *Set) finish(ctx context.Context, r *callState, res Result) Result {
	s.complete(ctx, r, &res)
	return res
}

// complete is finish of the result in *res.
func (s *Set) complete(ctx context.Context, r *callState, res *Result) {
	// The name is the model's text until it matched a tool: bound what is
	// echoed and logged.
	name := r.name
	h := r.h
	if h == nil {
		h = s.handler(name)
	}
	if h == nil {
		name = shorten(name)
	} else {
		res.typed = h.tool.ValidateResult != nil
	}
	if r.in == rawArgs {
		res.parsed, res.args, res.unparsable = r.parsed, r.value, r.unparsable
	}
	res.Tool, res.CallID = name, r.opts.id
	res.Duration = sinceBase() - r.began
	if l := s.log(); l != discard { // the audit log is on
		s.audit(ctx, l, r, res, r.redact)
	}
	if s.observer != nil {
		s.observed(ctx, h, r, res)
	}
}

// audit writes the call's record to l. Every text in it is escaped and bounded
// (see maxField); argument values appear only as the redaction hook made
// them, and when logging those panics, the record is written without them.
func (s *Set) audit(ctx context.Context, l *slog.Logger, r *callState, res *Result, withArgs bool) {
	defer func() {
		if recover() != nil && withArgs {
			s.audit(ctx, l, r, res, false)
		}
	}()
	level := slog.LevelInfo
	switch res.Status {
	case StatusRejected:
		level = slog.LevelWarn
	case StatusFailed:
		level = slog.LevelError
	}
	if !l.Enabled(ctx, level) {
		return
	}
	attrs := make([]slog.Attr, 0, 12)
	attrs = append(attrs, slog.String("tool", field(res.Tool)))
	if r.opts.id != "" {
		attrs = append(attrs, slog.String("call_id", field(r.opts.id)))
	}
	if r.opts.requestID != "" && r.opts.requestID != r.opts.id {
		attrs = append(attrs, slog.String("request_id", field(r.opts.requestID)))
	}
	attrs = append(attrs, slog.String("status", field(string(res.Status))))
	if len(res.Errors) > 0 {
		codes := make([]string, len(res.Errors))
		for i, e := range res.Errors {
			codes[i] = field(string(e.Code))
		}
		attrs = append(attrs, slog.Any("codes", codes))
	}
	if res.Err != nil && len(res.Errors) == 1 && res.Errors[0].Code == CodeToolError {
		// The handler's own error, whatever the model read of it
		// (WithToolErrorText).
		attrs = append(attrs, slog.String("error", field(errorText(res.Err))))
	}
	attrs = append(attrs, slog.Duration("duration", res.Duration))
	if r.size >= 0 {
		attrs = append(attrs, slog.Int("arg_bytes", r.size))
	}
	if res.Duplicate {
		attrs = append(attrs, slog.Bool("duplicate", true))
	}
	if r.approval != "" {
		attrs = append(attrs, slog.String("approval", r.approval))
	}
	if withArgs && jsonvalue.ReachesDeeper(r.redacted, maxNesting) {
		// A log handler prints it as fmt does, without end.
		attrs = append(attrs, slog.String("args", "<the redacted arguments nest too deep, or contain themselves>"))
	} else if withArgs {
		attrs = append(attrs, slog.Any("args", r.redacted))
	} else if r.redact {
		attrs = append(attrs, slog.String("args", "<the redacted arguments could not be logged>"))
	}
	l.LogAttrs(ctx, level, "tool call", attrs...)
}

// shorten cuts s to jsonscan.MaxShown characters, for a name the model wrote.
func shorten(s string) string {
	runes := 0
	for i := range s {
		if runes == jsonscan.MaxShown {
			return s[:i] + "…"
		}
		runes++
	}
	return s
}
