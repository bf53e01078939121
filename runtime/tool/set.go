package tool

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
	"github.com/toolgen-go/toolgen/runtime/toolimpl/value"
)

// Status is the fate of a call in a Set.
type Status string

const (
	// StatusExecuted: the handler ran and returned; Result.Output holds what
	// it returned.
	StatusExecuted Status = "executed"
	// StatusRejected: a stage before execution refused the call; the handler
	// did not run. Result.Errors says why.
	StatusRejected Status = "rejected"
	// StatusNeedsConfirmation: the tool is dangerous and the application has
	// not approved this exact call; the handler did not run. Result.Approval
	// holds the token that approves it. A first request has no Errors; a
	// call made with an approval the set refused has one, whose code says
	// why (approval_used, approval_expired, approval_invalid).
	StatusNeedsConfirmation Status = "needs_confirmation"
	// StatusFailed: the handler ran and returned an error, panicked, or did not
	// finish in time. Result.Errors says which.
	StatusFailed Status = "failed"
)

// Codes of the stages of a call other than parsing and validation, which the
// package documentation lists (Errors). A policy's denial carries the code
// the policy chose.
const (
	codeTooLarge        = "too_large"        // parse: arguments larger than the set's limit
	codePolicy          = "policy"           // policy: a denial that is not made by Deny
	codeRequestConflict = "request_conflict" // idempotency: a request id reused with other arguments
	codeTimeout         = "timeout"          // execution: the handler did not finish in time
	codeCanceled        = "canceled"         // execution: the caller's context was canceled
	codePanic           = "panic"            // any stage: the application's code (a decoder, a policy, the redaction hook, the handler) panicked
	codeToolError       = "tool_error"       // execution: the handler returned an error
	codeUnavailable     = "unavailable"      // idempotency, confirmation: the set's Store, or the Approver (Ask), failed; the handler did not run
	codeDeclined        = "declined"         // confirmation: a person declined the call (Decline)
	codeApprovalUsed    = "approval_used"    // confirmation: the approval given (Approve, Decline) has answered for a run of the call already
	codeApprovalExpired = "approval_expired" // confirmation: the approval given is past its lifetime (WithApprovalLifetime)
	codeApprovalInvalid = "approval_invalid" // confirmation: the approval given is not the set's for this call: another call's, other arguments', forged
	codeOverloaded      = "overloaded"       // admission: the calls in flight held the set's budget (WithMaxInFlight) until the call's context or time limit ended; it was not parsed
)

// Def is a tool's definition together with the Go type of its arguments.
// toolgen generates one per annotated struct T:
//
//	var GetWeatherTool = tool.Def[GetWeatherArgs]{Tool: tool.Tool{...}, Decode: DecodeGetWeatherArgs, Decoder: ...}
//
// The embedded Tool is what a package's Tools list holds.
type Def[T any] struct {
	Tool
	// Decode validates a model's arguments and, when they are valid, returns
	// them as a T; otherwise the zero T and the errors (at most
	// DefaultMaxErrors, then CodeTooManyErrors).
	Decode func(args map[string]any) (T, Errors)
	// Decoder does what Decode does, with a limit on the errors the caller
	// chooses, and from the raw JSON of a call as well, in one pass: it
	// reads args or, when args is nil, raw. A Set uses it (with its
	// WithMaxErrors limit); toolgen generates it (see Decoder). A Def
	// written by hand may leave it nil: a Set then parses the raw arguments
	// with ParseArgs and calls Decode (or, without Decode, validates with
	// Validate and decodes with encoding/json).
	Decoder Decoder[T]
}

// Decoder reads a tool's arguments into a T, checking every constraint of
// the tool's schema: from args, a map as encoding/json or an SDK decoded
// it, or, when args is nil, from raw, the JSON a provider's tool call
// carries, in one pass with no map in between (returning exactly what
// ParseArgs and then the map's decoding return for the same bytes), and,
// when feed is not nil, from the bytes of a streamed call as they arrive
// after raw (see Def.Stream). It returns the zero T and the errors when the
// arguments are not valid: at most maxErrors (DefaultMaxErrors when
// maxErrors <= 0), then one CodeTooManyErrors.
type Decoder[T any] func(args map[string]any, raw []byte, feed *Feed, maxErrors int) (T, Errors)

// Handle binds fn to the tool, for NewSet. A Set calls fn with the decoded
// arguments of each call it executes, and only of those: the compiler checks
// that fn takes this tool's argument type. Whatever fn returns is the call's
// output; an error it returns is shown to the model (see Result.Feedback).
func (d *Def[T]) Handle(fn func(ctx context.Context, args T) (any, error)) Handler {
	if fn == nil {
		panic("tool: Handle of " + d.Name + " with a nil function")
	}
	dec := d.Decoder
	if dec == nil {
		dec = mapDecoder(d)
	}
	return Handler{
		tool: &d.Tool,
		decode: func(args map[string]any, raw []byte, feed *Feed, maxErrors int) (any, Errors) {
			v, errs := dec(args, raw, feed, maxErrors)
			if errs != nil {
				return nil, errs
			}
			return &callArgs[T]{v: v}, nil
		},
		run:   func(ctx context.Context, a any) (any, error) { return fn(ctx, a.(*callArgs[T]).v) },
		value: func(a any) any { return a.(*callArgs[T]).v },
		context: func(a any, parent context.Context, deadline time.Time) *callContext {
			c := &a.(*callArgs[T]).ctx
			*c = callContext{Context: parent, deadline: deadline}
			return c
		},
	}
}

// callArgs holds the decoded arguments of a call between its stages, and
// the context its handler runs with: one allocation for both.
type callArgs[T any] struct {
	v   T
	ctx callContext
}

// mapDecoder is the Decoder of a Def without one: raw arguments go through
// ParseArgs, and the map through the Def's Decode, or Validate and
// encoding/json.
func mapDecoder[T any](d *Def[T]) Decoder[T] {
	return func(args map[string]any, raw []byte, feed *Feed, maxErrors int) (T, Errors) {
		var zero T
		if feed != nil {
			// No decoder reads the stream as it comes: read it whole.
			raw = append(raw, feed.All()...)
		}
		if args == nil {
			var errs Errors
			if args, errs = ParseArgs(raw); errs != nil {
				return zero, errs
			}
		}
		var v T
		var errs Errors
		if d.Decode != nil {
			v, errs = d.Decode(args)
		} else {
			v, errs = jsonDecode[T](d.Validate, args)
		}
		if errs = capErrors(errs, maxErrors); len(errs) > 0 {
			return zero, errs
		}
		return v, nil
	}
}

// jsonDecode decodes through encoding/json, for a Def written by hand without
// a Decode function.
func jsonDecode[T any](validate func(map[string]any) Errors, args map[string]any) (T, Errors) {
	var v T
	if validate != nil {
		if errs := validate(args); len(errs) > 0 {
			return v, errs
		}
	}
	// encoding/json follows a value built by hand as deep as it goes, and
	// only notices a cycle a thousand levels down: bound the walk first.
	if jsonvalue.NestsDeeper(args, maxNesting) {
		return v, Errors{depthError(maxNesting)}
	}
	b, err := json.Marshal(args)
	if err == nil {
		err = json.Unmarshal(b, &v)
	}
	if err != nil {
		return v, Errors{{Code: CodeType, Reason: "the arguments do not decode: " + err.Error()}}
	}
	return v, nil
}

// Handler is a tool bound to the function that executes it. Make one with
// Def.Handle and give it to NewSet, of which it is an Option.
type Handler struct {
	tool *Tool
	// decode returns the decoded arguments as a *callArgs[T], which run,
	// value and context take.
	decode   func(args map[string]any, raw []byte, feed *Feed, maxErrors int) (any, Errors) // raw (and feed) when args is nil
	run      func(context.Context, any) (any, error)
	value    func(any) any // the T
	context  func(a any, parent context.Context, deadline time.Time) *callContext
	timeout  time.Duration // 0: the set's; < 0: none
	isolated bool
}

// Tool returns the handler's tool.
func (h Handler) Tool() *Tool { return h.tool }

// Timeout returns h with its own time limit for each execution, in place of
// the set's (see WithTimeout). A negative d means no limit.
func (h Handler) Timeout(d time.Duration) Handler {
	if d == 0 {
		d = -1
	}
	h.timeout = d
	return h
}

// Isolated returns h running each execution in a goroutine of its own, so
// that a call returns at its time limit even when the handler does not
// honour its context (its late outcome is then logged and discarded). A
// Handler that is not isolated runs on the caller's goroutine: its context
// ends at the time limit, and a call ends when the handler returns. An
// isolated handler costs a goroutine and a timer per call: isolate the
// handlers of code that may block without watching its context.
func (h Handler) Isolated() Handler {
	h.isolated = true
	return h
}

func (h Handler) apply(s *Set) {
	if h.tool == nil || h.run == nil {
		panic("tool: NewSet given a Handler not made by Def.Handle")
	}
	if _, dup := s.handlers[h.tool.Name]; dup {
		panic("tool: NewSet given two handlers for the tool " + h.tool.Name)
	}
	s.handlers[h.tool.Name] = &h
	s.tools = append(s.tools, h.tool)
}

// Option configures a Set. Handlers are options too: each adds its tool.
type Option interface{ apply(*Set) }

type optionFunc func(*Set)

func (f optionFunc) apply(s *Set) { f(s) }

// defaultTimeout is how long a Set lets a handler run unless WithTimeout or
// Handler.Timeout says otherwise.
const defaultTimeout = 30 * time.Second

// defaultMaxArgumentSize is the largest raw arguments a Set parses unless
// WithMaxArgumentSize says otherwise.
const defaultMaxArgumentSize = 1 << 20

// defaultDedupeWindow is how long a Set remembers the result of a call to a
// tool that is not idempotent, unless WithDedupeWindow says otherwise.
const defaultDedupeWindow = 10 * time.Minute

// WithTimeout sets the time limit of each execution, for handlers without
// their own: 30 seconds without it; d <= 0 means none. A handler's context ends at the limit, and
// the call fails with code timeout; an Isolated handler's call returns then
// even if the handler does not honour its context (its late outcome is
// logged and discarded).
func WithTimeout(d time.Duration) Option { return optionFunc(func(s *Set) { s.timeout = d }) }

// WithPolicy adds a policy: a predicate over a valid call and the
// application's state that runs after validation and before confirmation.
// Policies run in the order given; the first to return an error rejects the
// call. The model cannot reach them: they see the decoded arguments, not
// instructions.
func WithPolicy(p Policy) Option {
	return optionFunc(func(s *Set) {
		if p != nil {
			s.policies = append(s.policies, p)
		}
	})
}

// WithLogger sends the audit log to l: one record per call, whatever its
// fate. Without this option the set logs to slog.Default(); a nil l turns
// the audit log off.
func WithLogger(l *slog.Logger) Option {
	return optionFunc(func(s *Set) { s.logger, s.loggerSet = l, true })
}

// WithRedaction lets argument values into the audit log, only as fn renders
// them: fn receives a parsed call's tool name and arguments, and its result
// is logged as "args". Without it no argument value is logged, only the
// arguments' size. fn runs before the call goes on: if it panics, the call is
// rejected with code panic and does not run, for want of its audit record.
func WithRedaction(fn func(tool string, args map[string]any) any) Option {
	return optionFunc(func(s *Set) { s.redact = fn })
}

// WithMaxArgumentSize sets the largest raw arguments, in bytes, that Call
// and CallJSON parse (1 MiB without it); larger ones are rejected with code
// too_large. n <= 0 means no limit.
func WithMaxArgumentSize(n int) Option { return optionFunc(func(s *Set) { s.maxSize = n }) }

// WithMaxErrors sets how many errors the validation of one call reports at
// most (DefaultMaxErrors unless set; n <= 0 means the default): past them
// comes one error with CodeTooManyErrors, and the validator stops walking
// the arguments.
func WithMaxErrors(n int) Option { return optionFunc(func(s *Set) { s.maxErrors = n }) }

// WithDedupeWindow sets how long the set remembers the outcome of a call to
// a tool that is not idempotent (Tool.Idempotent false), by its request id:
// from its end once it has run (while it runs, for the window plus its time
// limit): 10 minutes without it. d <= 0 turns deduplication off.
func WithDedupeWindow(d time.Duration) Option { return optionFunc(func(s *Set) { s.window = d }) }

// WithStore keeps the set's records (the request ids of calls to tools that
// are not idempotent, the approval tokens used) in st instead of a memory
// store of 10,000 records of each kind: a store shared by the
// replicas of a service, or a MemoryStore of another size. See Store for the
// contract.
func WithStore(st Store) Option {
	return optionFunc(func(s *Set) {
		if st != nil {
			s.store = st
		}
	})
}

// Policy is an application rule over a valid call: nil lets the call go on;
// an error rejects it, with the code and reason of a denial made by Deny
// (wrapped or not), or with code policy and the error's text.
type Policy func(ctx context.Context, c *Call) error

// PolicyFor makes a Policy for one tool, with its typed arguments: fn runs
// for the calls of the tool named d.Name only. A call of a tool of that name
// whose arguments are not a T (the set holds another Def of the same name)
// is refused, not let through unchecked: the policy panics, and the set
// rejects the call with code panic and logs why.
func PolicyFor[T any](d *Def[T], fn func(ctx context.Context, args T) error) Policy {
	name := d.Name
	return func(ctx context.Context, c *Call) error {
		if c.Tool.Name != name {
			return nil
		}
		args, ok := c.Args.(T)
		if !ok {
			panic(fmt.Sprintf("tool: the policy PolicyFor(%s) takes arguments of type %s, but the set's tool %s takes %T: "+
				"give PolicyFor the Def the set's handler was made from", name, reflect.TypeFor[T](), name, c.Args))
		}
		return fn(ctx, args)
	}
}

// denial is a policy's refusal, made by Deny.
type denial struct {
	Code   string
	Reason string
}

func (d *denial) Error() string { return d.Reason }

// Deny returns a policy's refusal, for a Policy to return: a code (such as
// "workspace" or "emergency_stop") and a sentence for the model, which the
// call's one error carries as its Code and Reason.
func Deny(code, reason string) error { return &denial{Code: code, Reason: reason} }

// Call is a call being run, as policies see it.
type Call struct {
	// Tool is the called tool.
	Tool *Tool
	// ID is the call's id (see CallID); RequestID its request id.
	ID, RequestID string
	// Args are the decoded arguments: the tool's argument struct, a T of Def[T].
	Args any
	// Arguments are the arguments as parsed.
	Arguments map[string]any
}

// CallOption sets a property of one call: CallID, RequestID, Approve,
// Decline, Ask. The zero CallOption sets nothing.
type CallOption struct {
	set   uint8 // which property: one of the constants below
	value string
	ask   Approver
}

const (
	setID uint8 = 1 + iota
	setRequestID
	setApproval
	setDecline
	setAsk
)

type callOptions struct {
	id, requestID, approval string
	decline                 bool // the token of approval is declined
}

// CallID sets the call's id, as the provider gave it (OpenAI's tool_call_id,
// Anthropic's tool_use id): it goes to the audit log and to the shaped
// results (Result.OpenAI, Result.Anthropic). Without RequestID, it is also
// the request id.
func CallID(id string) CallOption { return CallOption{set: setID, value: id} }

// RequestID sets the id under which a set deduplicates calls to a tool that
// is not idempotent: a second call with the same id, within the window,
// returns the first call's result instead of acting again.
func RequestID(id string) CallOption { return CallOption{set: setRequestID, value: id} }

// Approve supplies a person's approval of a dangerous call: token is the
// Result.Approval of the needs_confirmation result of that same call. It
// approves that exact call only (same tool, same arguments as JSON values),
// in the set that issued it (or a replica sharing its key and store), once,
// within 15 minutes (see WithApprovalLifetime). A token that is
// not valid for the call is no approval: the call needs confirmation again,
// with a new token and an error saying why the token was refused
// (approval_used, approval_expired, approval_invalid). The approval
// comes from the application, through a channel the model cannot write to:
// never from the model's arguments. Ask does it within the call.
func Approve(token string) CallOption { return CallOption{set: setApproval, value: token} }

// Decline records a person's refusal of a dangerous call: token is the
// Result.Approval of the needs_confirmation result of that same call, as
// for Approve. The call is rejected with code declined, audited as such,
// and never runs; the token cannot approve it any more. A token that is not
// valid for the call is no answer: the call needs confirmation again, as
// for Approve.
func Decline(token string) CallOption { return CallOption{set: setDecline, value: token} }

// Result is the outcome of a call.
type Result struct {
	// Tool is the name the call asked for; CallID the id given with CallID.
	Tool, CallID string
	// Status is what happened.
	Status Status
	// Errors says why a call was rejected or failed: the validator's errors,
	// or one error with a stage's code (bad_json, unknown_tool, a policy's
	// code, timeout, ...).
	Errors Errors
	// Output is what the handler returned, for an executed call: for a
	// tool with a result type R, an R.
	Output any
	// Structured, for an executed call of a tool with a result type, is
	// the JSON of Output, which the set checked against the tool's
	// ResultSchema: an MCP result's structuredContent, and the text of the
	// other shaped results.
	Structured json.RawMessage
	// Err is the handler's error, for a call that failed; the Approver's,
	// for a call it left unanswered (see Ask).
	Err error
	// Approval, for needs_confirmation, is the token that approves this exact
	// call once: show the call to a person (Tool.Confirmation) and, once they
	// approve, call again with Approve(token) before the token expires (or
	// let Ask do it).
	Approval string
	// Duplicate reports a result replayed from an earlier call with the same
	// request id, to a tool that is not idempotent. Its status and errors are
	// the first call's; its Output is the first output as encoding/json
	// decodes its JSON into an any (numbers as json.Number), and its Err only
	// the first error's text, so that a replay is the same whichever replica
	// of a service made the first call.
	Duplicate bool
	// Duration is how long the set took over the call.
	Duration time.Duration

	stage  stage           // where a rejection happened, for Feedback
	typed  bool            // the tool has a result schema
	output json.RawMessage // the JSON of Output, as the set rendered it
}

// stage names the stage of a Set that rejected a call.
type stage uint8

const (
	stageNone stage = iota
	stageParse
	stageArguments // the arguments' validation and decode
	stageTool      // the allow-list
	stageIdempotency
	stagePolicy
	stageInternal   // the application's code panicked before the handler ran
	stageDeclined   // a person declined the call
	stageOverloaded // the set's budget of calls in flight was full
	stageGuard      // the loop's Guard did not let the call run
)

// Failed reports whether the call was rejected or failed.
func (r Result) Failed() bool { return r.Status == StatusRejected || r.Status == StatusFailed }

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
	policies  []Policy
	timeout   time.Duration
	maxSize   int
	maxErrors int
	window    time.Duration
	logger    *slog.Logger
	loggerSet bool
	redact    func(string, map[string]any) any
	now       func() time.Time

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
		s.store = NewMemoryStore(0)
	}
	if sharedKey && ownStore {
		s.logSafely(context.Background(), slog.LevelWarn, "tool set shares an approval key but not a store",
			slog.String("consequence", "its used approvals are remembered in its own memory: another set with the key, "+
				"or this one after a restart, runs each approved call once more"),
			slog.String("fix", "give every set that shares the key (WithApprovalKey) one Store (WithStore)"))
	}
	return s
}

// Tools lists the set's tools in the order they were given: the allow-list,
// and what to offer the model.
func (s *Set) Tools() Tools { return append(Tools(nil), s.tools...) }

// callState is the state of one call.
type callState struct {
	opts     callOptions
	name     string
	start    time.Time
	size     int    // raw arguments' size, -1 when not known
	redacted any    // what the redaction hook made of args
	redact   bool   // redacted is set
	at       string // the stage running, for the record of a panic
	reached  bool   // the handler was started
	approval string // the verdict on the approval of a dangerous call
	held     int    // the bytes the call holds of the set's budget in flight
}

func (s *Set) begin(r *callState, name string, opts []CallOption) {
	*r = callState{name: name, start: time.Now(), size: -1}
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
func (s *Set) Call(ctx context.Context, name string, raw []byte, opts ...CallOption) Result {
	return s.callRaw(ctx, name, raw, len(raw), nil, opts)
}

// callRaw is Call of raw arguments of size bytes (more than raw holds when
// a stream went past the limit), whose one-pass decode pre may have made
// already (see Pending).
func (s *Set) callRaw(ctx context.Context, name string, raw []byte, size int, pre *decoded, opts []CallOption) Result {
	res := s.call(ctx, name, raw, size, pre, opts)
	if a := approverOf(res, opts); a != nil {
		args, _ := ParseArgs(raw) // they parsed, to reach the approval
		return s.answer(ctx, a, res, s.handlers[name], args, opts, func(opts []CallOption) Result { return s.call(ctx, name, raw, len(raw), nil, opts) })
	}
	return res
}

// decoded is the outcome of a Handler's decode.
type decoded struct {
	v        any
	errs     Errors
	panicked bool
}

func (s *Set) call(ctx context.Context, name string, raw []byte, size int, pre *decoded, opts []CallOption) (res Result) {
	var r callState
	s.begin(&r, name, opts)
	ctx = s.observe(ctx)
	defer s.recoverCall(ctx, &r, &res)
	r.size = size
	if s.maxSize > 0 && size > s.maxSize {
		return s.finish(ctx, &r, reject(stageParse, s.tooLarge(size)))
	}
	h := s.handlers[name]
	if res, ok := s.admit(ctx, &r, h, len(raw)); !ok {
		return s.finish(ctx, &r, res)
	}
	defer s.leave(&r)
	if h == nil || s.redact != nil || len(s.policies) > 0 || s.identifies(h, &r) {
		// These need the arguments as a map: to tell an unknown tool's bad
		// JSON, for the redaction hook and the policies, to identify the
		// call. The call is parsed once, and decoded from the map.
		args, errs := ParseArgs(raw)
		if errs != nil {
			return s.finish(ctx, &r, reject(stageParse, errs[0]))
		}
		return s.run(ctx, &r, args)
	}
	// The arguments go straight into the tool's type, in one pass.
	r.at = "decode"
	var v any
	var errs Errors
	if pre != nil {
		v, errs = pre.v, pre.errs
	} else {
		v, errs = h.decode(nil, raw, nil, s.maxErrors)
	}
	if errs != nil {
		if len(errs) == 1 && isParseError(errs[0].Code) {
			return s.finish(ctx, &r, reject(stageParse, errs[0]))
		}
		return s.finish(ctx, &r, Result{Status: StatusRejected, Errors: errs, stage: stageArguments})
	}
	return s.finish(ctx, &r, s.decoded(ctx, &r, h, v, nil))
}

// tooLarge is the error of arguments of size bytes, past the set's limit.
func (s *Set) tooLarge(size int) Error {
	return Error{Code: codeTooLarge, Expected: fmt.Sprintf("at most %d bytes of arguments", s.maxSize),
		Reason: fmt.Sprintf("the arguments are %d bytes long, more than the %d bytes allowed", size, s.maxSize)}
}

// isParseError reports the code of an error of the parse stage.
func isParseError(code string) bool {
	return code == CodeBadJSON || code == CodeBadNumber || code == CodeBadShape
}

// identifies reports whether a call to h is identified by its arguments: a
// dangerous call, for its approval; a call to a tool that is not idempotent,
// by its request id.
func (s *Set) identifies(h *Handler, r *callState) bool {
	return h.tool.Risk == RiskDangerous || s.dedupes(h, r)
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
	if a := approverOf(res, opts); a != nil {
		return s.answer(ctx, a, res, s.handlers[name], args, opts, func(opts []CallOption) Result { return s.callArgs(ctx, name, args, opts) })
	}
	return res
}

func (s *Set) callArgs(ctx context.Context, name string, args map[string]any, opts []CallOption) (res Result) {
	var r callState
	s.begin(&r, name, opts)
	ctx = s.observe(ctx)
	defer s.recoverCall(ctx, &r, &res)
	return s.run(ctx, &r, args)
}

// CallJSON runs a whole call written as one JSON object,
// {"tool": "<name>", "args": {...}}: the form a model uses when it calls
// tools through its plain JSON output rather than a provider's tool calling.
// The parse and shape stages apply to the whole call: anything but an object
// with exactly a string "tool" and an object "args" is bad_shape. Like Call,
// it never panics.
func (s *Set) CallJSON(ctx context.Context, call []byte, opts ...CallOption) Result {
	res := s.callJSON(ctx, call, opts)
	if a := approverOf(res, opts); a != nil {
		v, _ := parseJSON(call) // it parsed, to reach the approval
		env, _ := v.(map[string]any)
		args, _ := env["args"].(map[string]any)
		return s.answer(ctx, a, res, s.handlers[res.Tool], args, opts, func(opts []CallOption) Result { return s.callJSON(ctx, call, opts) })
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
		return s.finish(ctx, &r, reject(stageParse, Error{Code: codeTooLarge, Expected: fmt.Sprintf("at most %d bytes", s.maxSize),
			Reason: fmt.Sprintf("the call is %d bytes long, more than the %d bytes allowed", len(call), s.maxSize)}))
	}
	if res, ok := s.admit(ctx, &r, nil, len(call)); !ok {
		return s.finish(ctx, &r, res)
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
	return s.run(ctx, &r, args)
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
func (s *Set) run(ctx context.Context, r *callState, args map[string]any) Result {
	if s.redact != nil {
		r.at = "redaction"
		r.redacted, r.redact = s.redact(r.name, args), true
	}
	h := s.handlers[r.name]
	if h == nil {
		return s.finish(ctx, r, reject(stageTool, Error{Code: CodeUnknownTool, Name: shorten(r.name), Expected: s.toolList()}))
	}
	r.at = "decode"
	v, errs := h.decode(args, nil, nil, s.maxErrors)
	if errs != nil {
		return s.finish(ctx, r, Result{Status: StatusRejected, Errors: errs, stage: stageArguments})
	}
	return s.finish(ctx, r, s.decoded(ctx, r, h, v, args))
}

// decoded takes a call whose arguments decoded into v through the stages
// after validation. args are the arguments as a map, or nil when they were
// decoded from the raw JSON of the call: a call that needs them as a map
// (policies, and see identifies) comes with args.
func (s *Set) decoded(ctx context.Context, r *callState, h *Handler, v any, args map[string]any) Result {
	var call *Call
	if len(s.policies) > 0 {
		call = &Call{Tool: h.tool, ID: r.opts.id, RequestID: r.opts.requestID, Args: h.value(v), Arguments: args}
	}
	dedupe := s.dedupes(h, r)
	var id identity
	if h.tool.Risk == RiskDangerous || dedupe {
		r.at = "identification"
		var err *Error
		if id, err = identify(h.tool.Name, args, r.size); err != nil {
			return reject(stageArguments, *err)
		}
	}
	if !dedupe {
		return s.authorizeAndExecute(ctx, r, h, v, call, id)
	}
	r.at = "idempotency"
	key, fingerprint := requestKey(h.tool.Name, r.opts.requestID), id.fingerprint()
	if res, claimed := s.claimRequest(ctx, r, h, key, fingerprint); !claimed {
		return res
	}
	settled := false
	defer func() {
		if !settled { // a panic between the claim and its settlement
			s.settleRequest(ctx, r, key, fingerprint, panicResult(r, "a panic"))
		}
	}()
	res := s.authorizeAndExecute(ctx, r, h, v, call, id)
	s.settleRequest(ctx, r, key, fingerprint, res)
	settled = true
	return res
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

func (s *Set) authorizeAndExecute(ctx context.Context, r *callState, h *Handler, v any, call *Call, id identity) Result {
	r.at = "policy"
	for _, p := range s.policies {
		if err := p(ctx, call); err != nil {
			var d *denial
			if errors.As(err, &d) && d != nil {
				return reject(stagePolicy, Error{Code: d.Code, Name: r.name, Reason: d.Reason})
			}
			return reject(stagePolicy, Error{Code: codePolicy, Name: r.name, Reason: err.Error()})
		}
	}
	if h.tool.Risk != RiskDangerous {
		return s.execute(ctx, r, h, v)
	}
	r.at = "approval"
	key, ttl, verdict := s.checkApproval(r.opts.approval, id)
	if verdict == approvalGranted {
		fresh, err := s.useApproval(ctx, key, ttl)
		if err != nil {
			return s.unavailable(ctx, r, err)
		}
		if !fresh {
			verdict = approvalUsed
		}
	}
	r.approval = verdict
	if verdict != approvalGranted {
		res := Result{Status: StatusNeedsConfirmation, Approval: s.approvalToken(id)}
		if verdict != approvalRequired {
			res.Errors = Errors{refusal(verdict, r.name)}
		}
		return res
	}
	if r.opts.decline {
		r.approval = approvalDeclined
		return reject(stageDeclined, Error{Code: codeDeclined, Name: r.name, Reason: "a person declined this call"})
	}
	res := s.execute(ctx, r, h, v)
	if !r.reached {
		// The call did not run (its context ended first): the approval
		// still stands.
		if err := s.store.Delete(context.WithoutCancel(ctx), key); err != nil {
			s.storeFailed(ctx, r, err)
		}
	}
	return res
}

// unavailable is the result of a call that needed the store and could not
// use it.
func (s *Set) unavailable(ctx context.Context, r *callState, err error) Result {
	s.storeFailed(ctx, r, err)
	return Result{Status: StatusRejected, Err: err, stage: stageInternal, Errors: Errors{{Code: codeUnavailable, Name: r.name,
		Reason: "the application could not record the call, so it was not executed"}}}
}

func (s *Set) storeFailed(ctx context.Context, r *callState, err error) {
	s.logSafely(ctx, slog.LevelError, "tool store failed", slog.String("tool", field(r.name)),
		slog.String("call_id", field(r.opts.id)), slog.String("error", field(errorText(err))))
}

// outcome is what a handler's goroutine reports.
type outcome struct {
	out        any
	err        error
	structured json.RawMessage // the JSON of out, checked: for a tool with a result schema
	rendered   json.RawMessage // the JSON of out, for a tool without one (not for a string)
	resultErr  error           // why out does not match the result schema, or cannot be sent
	panicked   bool
	value      any
	stack      []byte
}

func (s *Set) execute(ctx context.Context, r *callState, h *Handler, v any) Result {
	limit := s.limit(h)
	if err := ctx.Err(); err != nil {
		return failure(err, limit)
	}
	if h.isolated {
		return s.executeIsolated(ctx, r, h, v, limit)
	}
	// The handler runs on the caller's goroutine, and its time limit is its
	// context's deadline.
	if limit > 0 {
		// The limit counts from the call's start: what comes before the
		// handler takes microseconds, and another reading of the clock
		// costs as much as the rest of the set's work.
		deadline := r.start.Add(limit)
		if d, ok := ctx.Deadline(); !ok || deadline.Before(d) {
			cc := h.context(v, ctx, deadline)
			defer cc.release()
			ctx = cc
		}
	}
	r.at, r.reached = "execution", true
	return s.outcome(ctx, r, limit, runHandler(ctx, h, v))
}

// runHandler runs h's handler, turning a panic into an outcome, and renders
// its output as JSON, checked against the tool's result schema, if any: a
// MarshalJSON method is the application's code, bounded by the time limit
// like the rest.
func runHandler(ctx context.Context, h *Handler, args any) (o outcome) {
	defer func() {
		if v := recover(); v != nil {
			o = outcome{panicked: true, value: v, stack: debug.Stack()}
		}
	}()
	o.out, o.err = h.run(ctx, args)
	if o.err != nil {
		return o
	}
	if h.tool.ValidateResult != nil {
		o.structured, o.resultErr = checkResult(h.tool, o.out)
	} else if _, isString := o.out.(string); !isString && o.out != nil {
		// Rendered once, here, where a slow MarshalJSON is bounded like the
		// handler: an output that cannot be sent fails the call.
		o.rendered, o.resultErr = outputJSON(o.out)
	}
	return o
}

// executeIsolated runs an isolated handler in a goroutine of its own, so
// that the call returns at its time limit whatever the handler does.
func (s *Set) executeIsolated(ctx context.Context, r *callState, h *Handler, v any, limit time.Duration) Result {
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	r.at, r.reached = "execution", true
	done := make(chan outcome, 1)
	go func() { done <- runHandler(ctx, h, v) }()
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
			return failure(ctx.Err(), limit)
		}
	}
	return s.outcome(ctx, r, limit, o)
}

// outcome is the result of a handler's outcome.
func (s *Set) outcome(ctx context.Context, r *callState, limit time.Duration, o outcome) Result {
	switch {
	case o.panicked:
		text := describePanic(o.value)
		s.logSafely(ctx, slog.LevelError, "tool handler panicked",
			slog.String("tool", field(r.name)), slog.String("call_id", field(r.opts.id)),
			slog.String("panic", text), slog.String("stack", string(o.stack)))
		return Result{Status: StatusFailed, Err: fmt.Errorf("tool %s panicked: %s", r.name, text),
			Errors: Errors{{Code: codePanic, Name: r.name, Reason: "the tool failed with an internal error"}}}
	case o.err != nil:
		if errors.Is(o.err, context.DeadlineExceeded) || errors.Is(o.err, context.Canceled) {
			res := failure(o.err, limit)
			res.Err = o.err
			return res
		}
		return Result{Status: StatusFailed, Err: o.err, Errors: Errors{{Code: codeToolError, Name: r.name, Reason: "the tool failed: " + errorText(o.err)}}}
	case o.resultErr != nil:
		msg := "tool result does not match its result schema"
		if _, unsent := o.resultErr.(*outputError); unsent {
			msg = "tool output cannot be sent"
		}
		s.logSafely(ctx, slog.LevelError, msg,
			slog.String("tool", field(r.name)), slog.String("call_id", field(r.opts.id)), slog.Any("problems", resultProblems(o.resultErr)))
		return resultFailure(r.name, o.resultErr)
	}
	return Result{Status: StatusExecuted, Output: o.out, Structured: o.structured, output: o.rendered}
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
		return Result{Status: StatusFailed, Err: err, Errors: Errors{{Code: codeTimeout,
			Reason: reason + "; it may or may not have taken effect"}}}
	}
	return Result{Status: StatusFailed, Err: err, Errors: Errors{{Code: codeCanceled,
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
			Errors: Errors{{Code: codePanic, Name: name, Reason: "the tool failed with an internal error"}}}
	}
	return Result{Status: StatusRejected, stage: stageInternal, Err: fmt.Errorf("tool %s: %s panicked: %s", name, r.at, describePanic(v)),
		Errors: Errors{{Code: codePanic, Name: name, Reason: "the application failed with an internal error while checking the call; it was not executed"}}}
}

// depthError reports arguments that a walk cannot follow to their end, in
// limit levels.
func depthError(limit int) Error {
	return Error{Code: CodeDepth, Expected: jsonvalue.DepthExpected(limit),
		Reason: "the arguments nest deeper than " + strconv.Itoa(limit) + " levels, or hold a value that contains itself"}
}

// finish completes a result and writes the call's audit record.
func (s *Set) finish(ctx context.Context, r *callState, res Result) Result {
	// The name is the model's text until it matched a tool: bound what is
	// echoed and logged.
	name := r.name
	h := s.handlers[name]
	if h == nil {
		name = shorten(name)
	} else {
		res.typed = h.tool.ValidateResult != nil
	}
	res.Tool, res.CallID = name, r.opts.id
	res.Duration = time.Since(r.start)
	s.audit(ctx, r, res, r.redact)
	if s.observer != nil {
		s.observed(ctx, h, r, res)
	}
	return res
}

// audit writes the call's record. Every text in it is escaped and bounded
// (see maxField); argument values appear only as the redaction hook made
// them, and when logging those panics, the record is written without them.
func (s *Set) audit(ctx context.Context, r *callState, res Result, withArgs bool) {
	defer func() {
		if recover() != nil && withArgs {
			s.audit(ctx, r, res, false)
		}
	}()
	level := slog.LevelInfo
	switch res.Status {
	case StatusRejected:
		level = slog.LevelWarn
	case StatusFailed:
		level = slog.LevelError
	}
	l := s.log()
	if !l.Enabled(ctx, level) {
		return
	}
	attrs := make([]slog.Attr, 0, 11)
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
			codes[i] = field(e.Code)
		}
		attrs = append(attrs, slog.Any("codes", codes))
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
