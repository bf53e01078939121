package tool

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/toolgen-go/toolgen/internal/value"
)

// Set runs a model's tool calls through a fixed sequence of stages, closed by
// default: parse, shape, allow-list, validate and decode (the tool's generated
// Decoder, in one pass over the raw arguments where it can), idempotency, policy, confirmation, execution with a time
// limit and panic recovery, and an audit record. Only a call that passes
// every stage reaches its handler. A Set is safe for concurrent use; the
// replicas of a service that share an approval key (WithApprovalKey) and a
// Store (WithStore) act as one Set.
type Set struct {
	handlers  map[string]*Handler
	tools     Tools
	names     []string   // the keys of handlers, in the order of tools
	ordered   []*Handler // handlers in that order
	policies  []Policy
	timeout   time.Duration
	maxSize   int
	maxErrors int
	window    time.Duration
	logger    *slog.Logger
	loggerSet bool
	redact    func(string, map[string]any) any
	// toolErrorText makes what the model reads of a handler's error.
	toolErrorText func(tool string, err error) string
	now           func() time.Time

	approvalKey      []byte
	approvalLifetime time.Duration
	store            Store
	observer         Observer

	maxInFlight int
	inflight    *inflight // nil: no limit
}

// NewSet makes a set of the given handlers and options:
//
//	set := tool.NewSet(
//		weather.GetWeatherTool.Handle(getWeather),
//		tool.WithPolicy(rateLimit),
//	)
//
// It panics when two handlers share a tool name.
func NewSet(opts ...Option) *Set {
	s := &Set{
		handlers:         map[string]*Handler{},
		timeout:          defaultTimeout,
		maxSize:          defaultMaxArgumentSize,
		window:           defaultDedupeWindow,
		now:              time.Now,
		approvalLifetime: defaultApprovalLifetime,
		maxInFlight:      defaultMaxInFlight,
	}
	for _, o := range opts {
		if o != nil {
			o.apply(s)
		}
	}
	if s.maxInFlight > 0 {
		s.inflight = &inflight{max: s.maxInFlight}
	}
	sharedKey, ownStore := s.approvalKey != nil, s.store == nil
	if !sharedKey {
		s.approvalKey = randomKey()
	}
	if ownStore {
		m := NewMemoryStore(0)
		m.now = func() time.Time { return s.now() } // one clock judges its tokens and ends their records
		s.store = m
	}
	if sharedKey && ownStore {
		s.logSafely(context.Background(), slog.LevelWarn, "tool set shares an approval key but not a store",
			slog.String("consequence", "its used approvals are remembered in its own memory: another set with the key, "+
				"or this one after a restart, runs each approved call once more"),
			slog.String("fix", "give every set that shares the key (WithApprovalKey) one Store (WithStore)"))
	}
	return s
}

// handler returns the set's handler of the tool name, nil when it has none.
// A few names are compared faster than a map hashes one.
func (s *Set) handler(name string) *Handler {
	if len(s.names) > 8 {
		return s.handlers[name]
	}
	for i, n := range s.names {
		if n == name {
			return s.ordered[i]
		}
	}
	return nil
}

// Tools lists the set's tools in the order they were given: the allow-list,
// and what to offer the model.
func (s *Set) Tools() Tools { return append(Tools(nil), s.tools...) }

// callState is the state of one call.
type callState struct {
	opts     callOptions
	name     string
	began    time.Duration // when the call started, as sinceBase
	size     int           // raw arguments' size, -1 when not known
	redacted any           // what the redaction hook made of args
	redact   bool          // redacted is set
	at       string        // the stage running, for the record of a panic
	reached  bool          // the handler was started
	approval string        // the verdict on the approval of a dangerous call
	h        *Handler      // the handler of the tool named, once looked up
	raw      []byte        // the raw arguments, when they were decoded in one pass
	held     int           // the bytes the call holds of the set's budget in flight
}

// clockBase is a reading of the clock as the program started, which
// sinceBase counts from.
var clockBase = time.Now()

// sinceBase is the time since clockBase: one reading of the monotonic
// clock, where time.Now reads the wall clock too (on a virtual machine a
// reading costs about 50 ns, a tenth of a set's own work on a call). A
// call's start and its handler's deadline are kept so, and made times
// (clockBase.Add, whose wall time is the wall clock unless that was set
// since) only when something asks for one: they measure time, which the
// monotonic clock does.
func sinceBase() time.Duration { return time.Since(clockBase) }

// callStart is the time a call that began at began (see sinceBase) started.
func callStart(began time.Duration) time.Time { return clockBase.Add(began) }

// begin starts the call of r, which is zero.
func (s *Set) begin(r *callState, name string, opts []CallOption) {
	r.name, r.began, r.size = name, sinceBase(), -1
	for _, o := range opts {
		switch o.set {
		case setID:
			r.opts.id = o.value
		case setRequestID:
			r.opts.requestID = o.value
		case setApproval:
			r.opts.approval, r.opts.decline = o.value, false
		case setDecline:
			r.opts.approval, r.opts.decline = o.value, true
		case setRound:
			r.opts.round = o.round
		}
	}
	if r.opts.requestID == "" {
		r.opts.requestID = r.opts.id
	}
}

// Call runs a call to the tool name with its raw JSON arguments, as a
// provider's tool call carries them. It never panics: a panic of the
// application's code in any stage is a result with code panic (rejected
// before the handler ran, failed after), its value and stack in the log.
func (s *Set) Call(ctx context.Context, name string, raw []byte, opts ...CallOption) (res Result) {
	// callRaw's body, not a call of it: a Result is 24 words, and each
	// return of one through another function copies them.
	s.call(ctx, name, raw, len(raw), nil, 0, opts, &res)
	if a := approverOf(&res, opts); a != nil {
		args, _ := ParseArgs(raw) // they parsed, to reach the approval
		return s.answer(ctx, a, res, s.handler(name), args, opts, s.again(ctx, name, raw))
	}
	return res
}

// callRaw is Call of raw arguments of size bytes (more than raw holds when
// a stream went past the limit), whose one-pass decode pre may have made
// already, holding held bytes of the set's budget already (see Pending).
func (s *Set) callRaw(ctx context.Context, name string, raw []byte, size int, pre *decoded, held int, opts []CallOption) (res Result) {
	s.call(ctx, name, raw, size, pre, held, opts, &res)
	if a := approverOf(&res, opts); a != nil {
		args, _ := ParseArgs(raw) // they parsed, to reach the approval
		return s.answer(ctx, a, res, s.handler(name), args, opts, s.again(ctx, name, raw))
	}
	return res
}

// again calls the tool name with raw arguments once more, with other
// options: the call after its approver answered.
func (s *Set) again(ctx context.Context, name string, raw []byte) func([]CallOption) Result {
	return func(opts []CallOption) (res Result) {
		s.call(ctx, name, raw, len(raw), nil, 0, opts, &res)
		return res
	}
}

// decoded is the outcome of a Handler's decode.
type decoded struct {
	v        any
	errs     Errors
	panicked bool
}

// or returns the decode d holds (a Pending's, of the same bytes), or, when d
// is nil, decodes args, or raw when args is nil.
func (d *decoded) or(h *Handler, args map[string]any, raw []byte, maxErrors int) (any, Errors) {
	if d != nil {
		return d.v, d.errs
	}
	return h.decode(args, raw, nil, maxErrors)
}

// call runs a call of raw arguments and writes its result in *res, which
// is zero. A call that holds no room of the set's budget yet (held, a
// stream's) takes it first.
func (s *Set) call(ctx context.Context, name string, raw []byte, size int, pre *decoded, held int, opts []CallOption, res *Result) {
	var r callState
	s.begin(&r, name, opts)
	r.held = held
	ctx = s.observe(ctx)
	defer s.recoverCall(ctx, &r, res)
	defer s.leave(&r)
	r.size = size
	if s.maxSize > 0 && size > s.maxSize {
		*res = s.finish(ctx, &r, reject(stageParse, s.tooLarge(size)))
		return
	}
	h := s.handler(name)
	r.h = h
	if held == 0 {
		if over := s.admit(ctx, &r, h, len(raw)); over != nil {
			*res = s.finish(ctx, &r, *over)
			return
		}
	}
	if s.readsMap(h, &r) {
		// The call is parsed once, and decoded from the map.
		args, errs := ParseArgs(raw)
		if errs != nil {
			*res = s.finish(ctx, &r, reject(stageParse, errs[0]))
			return
		}
		*res = s.run(ctx, &r, args, pre)
		return
	}
	// The arguments go straight into the tool's type, in one pass.
	r.at, r.raw = "decode", raw
	v, errs := pre.or(h, nil, raw, s.maxErrors)
	if errs != nil {
		if len(errs) == 1 && isParseError(errs[0].Code) {
			*res = s.finish(ctx, &r, reject(stageParse, errs[0]))
			return
		}
		// Field by field, as the rejection of most invalid calls: *res is
		// zero, and a Result built aside would be copied twice.
		res.Status, res.Errors, res.stage = StatusRejected, errs, stageArguments
		s.complete(ctx, &r, res)
		return
	}
	s.decoded(ctx, &r, h, v, nil, res)
	s.complete(ctx, &r, res)
}

// tooLarge is the error of arguments of size bytes, past the set's limit.
func (s *Set) tooLarge(size int) Error {
	return Error{Code: CodeTooLarge, Expected: fmt.Sprintf("at most %d bytes of arguments", s.maxSize),
		Reason: fmt.Sprintf("the arguments are %d bytes long, more than the %d bytes allowed", size, s.maxSize)}
}

// isParseError reports the code of an error of the parse stage.
func isParseError(code Code) bool {
	return code == CodeBadJSON || code == CodeBadNumber || code == CodeBadShape
}

// readsMap reports whether the call of r to h (nil for a tool the set does
// not have) needs its arguments as a map: to tell an unknown tool's bad
// JSON, for the redaction hook, to identify the call, for the policies when
// the tool's decode makes the map anyway. (Otherwise the policies get the
// map only when they ask for it: see Call.Arguments.)
func (s *Set) readsMap(h *Handler, r *callState) bool {
	return h == nil || s.redact != nil || s.identifies(h, r) || len(s.policies) > 0 && !h.onePass
}

// identifies reports whether a call to h is identified by its arguments: a
// dangerous call, for its approval; a call in rounds, for its state; a
// call to a tool that is not idempotent, by its request id.
func (s *Set) identifies(h *Handler, r *callState) bool {
	return h.tool.Risk == RiskDangerous || r.opts.round != nil || s.dedupes(h, r)
}

// dedupes reports whether a call to h is deduplicated by its request id.
func (s *Set) dedupes(h *Handler, r *callState) bool {
	return !h.tool.Idempotent && r.opts.requestID != "" && s.window > 0
}

// CallArgs runs a call whose arguments are already decoded, as some SDKs
// (MCP's among them) hand them over. The parse stage is skipped; nil args
// are the empty object. A value built by hand that nests deeper than the
// parse limit (512 levels), or contains itself, is rejected with code depth
// where the set must walk it (to identify a call for its approval or its
// request id), as is one deeper than 128 levels where a validator compares
// it. Like Call, it never panics.
func (s *Set) CallArgs(ctx context.Context, name string, args map[string]any, opts ...CallOption) Result {
	if args == nil {
		args = map[string]any{}
	}
	res := s.callArgs(ctx, name, args, opts)
	if a := approverOf(&res, opts); a != nil {
		return s.answer(ctx, a, res, s.handler(name), args, opts, func(opts []CallOption) Result { return s.callArgs(ctx, name, args, opts) })
	}
	return res
}

func (s *Set) callArgs(ctx context.Context, name string, args map[string]any, opts []CallOption) (res Result) {
	var r callState
	s.begin(&r, name, opts)
	ctx = s.observe(ctx)
	defer s.recoverCall(ctx, &r, &res)
	return s.run(ctx, &r, args, nil)
}

// CallJSON runs a whole call written as one JSON object,
// {"tool": "<name>", "args": {...}}: the form a model uses when it calls
// tools through its plain JSON output rather than a provider's tool calling.
// The parse and shape stages apply to the whole call: anything but an object
// with exactly a string "tool" and an object "args" is bad_shape. Like Call,
// it never panics.
func (s *Set) CallJSON(ctx context.Context, call []byte, opts ...CallOption) Result {
	res := s.callJSON(ctx, call, opts)
	if a := approverOf(&res, opts); a != nil {
		v, _ := parseJSON(call) // it parsed, to reach the approval
		env, _ := v.(map[string]any)
		args, _ := env["args"].(map[string]any)
		return s.answer(ctx, a, res, s.handler(res.Tool), args, opts, func(opts []CallOption) Result { return s.callJSON(ctx, call, opts) })
	}
	return res
}

func (s *Set) callJSON(ctx context.Context, call []byte, opts []CallOption) (res Result) {
	var r callState
	s.begin(&r, "", opts)
	ctx = s.observe(ctx)
	defer s.recoverCall(ctx, &r, &res)
	r.size = len(call)
	if s.maxSize > 0 && len(call) > s.maxSize {
		return s.finish(ctx, &r, reject(stageParse, Error{Code: CodeTooLarge, Expected: fmt.Sprintf("at most %d bytes", s.maxSize),
			Reason: fmt.Sprintf("the call is %d bytes long, more than the %d bytes allowed", len(call), s.maxSize)}))
	}
	if over := s.admit(ctx, &r, nil, len(call)); over != nil {
		return s.finish(ctx, &r, *over)
	}
	defer s.leave(&r)
	v, perr := parseJSON(call)
	if perr != nil {
		return s.finish(ctx, &r, reject(stageParse, parseError(perr, "the call is not valid JSON")))
	}
	const want = `the call should be an object {"tool": "<name>", "args": {...}}`
	env, ok := v.(map[string]any)
	if !ok {
		return s.finish(ctx, &r, reject(stageParse, shapeError(want, v)))
	}
	name, nameOK := env["tool"].(string)
	args, argsOK := env["args"].(map[string]any)
	if !nameOK || !argsOK || len(env) != 2 {
		e := Error{Code: CodeBadShape, Expected: "object", Got: "object", Reason: want}
		switch {
		case !nameOK:
			e.Reason += `; "tool" is ` + describeMember(env, "tool")
		case !argsOK:
			e.Reason += `; "args" is ` + describeMember(env, "args")
		default:
			e.Reason += "; it has other members"
		}
		return s.finish(ctx, &r, reject(stageParse, e))
	}
	r.name = name
	return s.run(ctx, &r, args, nil)
}

func describeMember(m map[string]any, k string) string {
	v, ok := m[k]
	if !ok {
		return "missing"
	}
	return "a " + value.TypeName(v)
}

func reject(st stage, e Error) Result {
	return Result{Status: StatusRejected, Errors: Errors{e}, stage: st}
}

// run takes a parsed call through the remaining stages.
// pre, when not nil, is the decode of the same arguments' raw bytes (a
// Pending's), which the map's decode returns too: it is not made again.
func (s *Set) run(ctx context.Context, r *callState, args map[string]any, pre *decoded) (res Result) {
	if s.redact != nil {
		r.at = "redaction"
		r.redacted, r.redact = s.redact(r.name, args), true
	}
	h := s.handler(r.name)
	r.h = h
	if h == nil {
		return s.finish(ctx, r, reject(stageTool, Error{Code: CodeUnknownTool, Name: shorten(r.name), Expected: s.toolList()}))
	}
	r.at = "decode"
	v, errs := pre.or(h, args, nil, s.maxErrors)
	if errs != nil {
		return s.finish(ctx, r, Result{Status: StatusRejected, Errors: errs, stage: stageArguments})
	}
	s.decoded(ctx, r, h, v, args, &res)
	s.complete(ctx, r, &res)
	return res
}

// decoded takes a call whose arguments decoded into v through the stages
// after validation, and writes its result in *res. args are the arguments
// as a map, or nil when they were decoded from the raw JSON of the call
// (r.raw): a call that needs them as a map (see identifies) comes with args.
func (s *Set) decoded(ctx context.Context, r *callState, h *Handler, v any, args map[string]any, res *Result) {
	var call *Call
	if len(s.policies) > 0 {
		call = &Call{Tool: h.tool, ID: r.opts.id, RequestID: r.opts.requestID, Args: h.value(v), arguments: args}
		if args == nil {
			call.raw = r.raw
		}
	}
	dedupe := s.dedupes(h, r)
	var id identity
	if s.identifies(h, r) {
		r.at = "identification"
		var err *Error
		if id, err = identify(h.tool.Name, args, r.size); err != nil {
			*res = reject(stageArguments, *err)
			return
		}
	}
	if !dedupe {
		s.authorizeAndExecute(ctx, r, h, v, call, id, res)
		return
	}
	r.at = "idempotency"
	key, fingerprint := requestKey(h.tool.Name, r.opts.requestID), id.fingerprint()
	if claim, claimed := s.claimRequest(ctx, r, h, key, fingerprint); !claimed {
		*res = claim
		return
	}
	settled := false
	defer func() {
		if !settled { // a panic between the claim and its settlement
			s.settleRequest(ctx, r, key, fingerprint, panicResult(r, "a panic"))
		}
	}()
	s.authorizeAndExecute(ctx, r, h, v, call, id, res)
	s.settleRequest(ctx, r, key, fingerprint, *res)
	settled = true
}

// toolList is the Expected of an unknown_tool error: "one of " and the
// set's tool names, as many as maxField bytes hold.
func (s *Set) toolList() string {
	const head = "one of "
	var b strings.Builder
	b.WriteString(head)
	for i, t := range s.tools {
		name := field(t.Name)
		if i > 0 && b.Len()+2+len(name) > maxField-len(", … and 1000000 more") {
			fmt.Fprintf(&b, ", … and %d more", len(s.tools)-i)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(name)
	}
	return b.String()
}

// authorizeAndExecute runs the policies, the approval of a dangerous call
// and the handler, and writes the call's result in *res.
func (s *Set) authorizeAndExecute(ctx context.Context, r *callState, h *Handler, v any, call *Call, id identity, res *Result) {
	r.at = "policy"
	for _, p := range s.policies {
		if err := p(ctx, call); err != nil {
			var d *denial
			if errors.As(err, &d) && d != nil {
				*res = reject(stagePolicy, Error{Code: d.Code, Name: r.name, Reason: d.Reason})
				return
			}
			*res = reject(stagePolicy, Error{Code: CodePolicy, Name: r.name, Reason: err.Error()})
			return
		}
	}
	var round *roundAsker
	approved := false
	if rd := r.opts.round; rd != nil {
		r.at = "round"
		var used string
		var refused *Error
		var err error
		if round, approved, used, refused, err = s.resumeRound(ctx, rd, id); err != nil {
			*res = s.unavailable(ctx, r, err)
			return
		} else if refused != nil {
			refused.Name = r.name
			*res = reject(stageRound, *refused)
			return
		}
		if used != "" {
			defer func() {
				if !r.reached { // the round did not run: its state still stands
					if err := s.store.Delete(context.WithoutCancel(ctx), used); err != nil {
						s.storeFailed(ctx, r, err)
					}
				}
			}()
		}
	}
	if h.tool.Risk != RiskDangerous || approved {
		s.executeRound(ctx, r, h, v, round, approved, id, res)
		return
	}
	r.at = "approval"
	key, ttl, verdict, err := s.checkApproval(ctx, r.opts.approval, id)
	if err != nil {
		*res = s.unavailable(ctx, r, err)
		return
	}
	if verdict == approvalGranted {
		fresh, err := s.useApproval(ctx, key, ttl)
		if err != nil {
			*res = s.unavailable(ctx, r, err)
			return
		}
		if !fresh {
			verdict = approvalUsed
		}
	}
	r.approval = verdict
	if verdict != approvalGranted {
		*res = Result{Status: StatusNeedsConfirmation, Approval: s.approvalToken(id)}
		if verdict != approvalRequired {
			res.Errors = Errors{refusal(verdict, r.name, false)}
		}
		return
	}
	if r.opts.decline {
		r.approval = approvalDeclined
		*res = reject(stageDeclined, Error{Code: CodeDeclined, Name: r.name, Reason: "a person declined this call"})
		return
	}
	s.executeRound(ctx, r, h, v, round, true, id, res)
	if !r.reached {
		// The call did not run (its context ended first): the approval
		// still stands.
		if err := s.store.Delete(context.WithoutCancel(ctx), key); err != nil {
			s.storeFailed(ctx, r, err)
		}
	}
}
