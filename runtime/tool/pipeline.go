package tool

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/toolgen-go/toolgen/internal/value"
)

// This file is a call's pipeline: every entry (Call, CallArgs, CallJSON,
// Pending.Close, and Guard's through them) makes a callState and runs it
// here, through the stages in the order pass lists them; a call answered
// without them (answer) is observed and audited alike. The callState keeps what each stage made (the
// parse, the decode, the identity, the redaction): the stages after it, a
// second pass after an Approver's answer, the policies' Call.Arguments, the
// confirmation and a Guard's key (through the Result) read it instead of
// parsing the bytes again.

// callState is one call as the pipeline takes it through its stages.
type callState struct {
	// What the call was given.
	name string
	in   input
	raw  []byte   // the raw arguments, or the whole call of CallJSON
	size int      // raw's size (more than raw holds when a stream went past the limit); -1 for CallArgs
	pre  *decoded // the decode of raw a Pending made as its bytes arrived, if any

	// What the stages made of it, kept for those after, and for the pass
	// after an approver's answer.
	h          *Handler       // the handler of the tool named, once looked up
	parsed     bool           // raw was parsed into value
	unparsable bool           // raw was read, and is not JSON
	value      any            // what raw parsed into
	args       map[string]any // the arguments as a map: parsed, or given; nil on the one-pass path
	v          any            // the decoded arguments (see Handler.decode), once decoded
	id         identity       // the call's identity, once identified
	identified bool
	redacted   any  // what the redaction hook made of args
	redact     bool // redacted is set

	// One pass through the stages.
	opts     callOptions
	began    time.Duration // when the pass started, as sinceBase
	held     int           // the bytes the call holds of the set's budget in flight
	at       string        // the stage running, for the record of a panic
	reached  bool          // the handler was started
	approval string        // the verdict on the approval of a dangerous call
}

// input is the form a call came in.
type input uint8

const (
	rawArgs     input = iota // raw JSON arguments: Call, Pending.Close
	decodedArgs              // a map: CallArgs
	wholeCall                // {"tool": ..., "args": ...}: CallJSON
)

// Call runs a call to the tool name with its raw JSON arguments, as a
// provider's tool call carries them. It never panics: a panic of the
// application's code in any stage is a result with code panic (rejected
// before the handler ran, failed after), its value and stack in the log.
func (s *Set) Call(ctx context.Context, name string, raw []byte, opts ...CallOption) (res Result) {
	// A Result is 28 words, and each return of one through another
	// function copies them: the pipeline writes it in place. The call
	// state too is set field by field: a composite literal of its 39 words
	// is built aside and copied, about 30 ns in a CPU profile of a valid
	// call (a tenth of what the set adds to the one pass).
	var c callState
	c.name, c.in, c.raw, c.size = name, rawArgs, raw, len(raw)
	s.run(ctx, &c, opts, &res)
	return res
}

// callRaw is Call of raw arguments of size bytes (more than raw holds when
// a stream went past the limit), whose one-pass decode pre may have made
// already, holding held bytes of the set's budget already: Pending.Close.
func (s *Set) callRaw(ctx context.Context, name string, raw []byte, size int, pre *decoded, held int, opts []CallOption) (res Result) {
	var c callState // field by field, as in Call
	c.name, c.in, c.raw, c.size, c.pre, c.held = name, rawArgs, raw, size, pre, held
	s.run(ctx, &c, opts, &res)
	return res
}

// CallArgs runs a call whose arguments are already decoded, as some SDKs
// (MCP's among them) hand them over. The parse stage is skipped; nil args
// are the empty object. A value built by hand that nests deeper than the
// parse limit (512 levels), or contains itself, is rejected with code depth
// where the set must walk it (to identify a call for its approval or its
// request id), as is one deeper than 128 levels where a validator compares
// it. Like Call, it never panics.
func (s *Set) CallArgs(ctx context.Context, name string, args map[string]any, opts ...CallOption) (res Result) {
	if args == nil {
		args = map[string]any{}
	}
	var c callState // field by field, as in Call
	c.name, c.in, c.args, c.size = name, decodedArgs, args, -1
	s.run(ctx, &c, opts, &res)
	return res
}

// CallJSON runs a whole call written as one JSON object,
// {"tool": "<name>", "args": {...}}: the form a model uses when it calls
// tools through its plain JSON output rather than a provider's tool calling.
// The parse and shape stages apply to the whole call: anything but an object
// with exactly a string "tool" and an object "args" is bad_shape. Like Call,
// it never panics.
func (s *Set) CallJSON(ctx context.Context, call []byte, opts ...CallOption) (res Result) {
	var c callState // field by field, as in Call
	c.in, c.raw, c.size = wholeCall, call, len(call)
	s.run(ctx, &c, opts, &res)
	return res
}

// run takes the call through the pipeline, and, when it awaits a first
// approval and opts ask an Approver (Ask), asks it and takes the call
// through once more with the answer, from what the first pass parsed and
// decoded: every stage after those runs again (policies, idempotency, the
// approval, now with its token), so that a yes runs that exact call once.
func (s *Set) run(ctx context.Context, c *callState, opts []CallOption, res *Result) {
	s.begin(c, opts)
	s.pass(ctx, c, res)
	a := approverOf(res, opts)
	if a == nil {
		return
	}
	yes, failure := s.consult(ctx, a, c, res)
	if failure != nil {
		// Unanswered: its own record, which holds no arguments.
		*res = s.answer(ctx, &callState{name: c.h.tool.Name, size: -1, approval: approvalUnanswered}, opts, *failure)
		return
	}
	reply := Decline(res.Approval)
	if yes {
		reply = Approve(res.Approval)
	}
	c.held, c.at, c.reached, c.approval = 0, "", false, ""
	s.begin(c, append(opts[:len(opts):len(opts)], reply))
	*res = Result{}
	s.pass(ctx, c, res)
}

// answer answers a call with res without taking it through the stages (a
// Guard's refusal, a stream cut off, an approver that did not answer):
// observed and audited as any other.
func (s *Set) answer(ctx context.Context, c *callState, opts []CallOption, res Result) Result {
	s.begin(c, opts)
	ctx = s.observe(ctx)
	return s.finish(ctx, c, res)
}

// begin starts a pass of the call with opts.
func (s *Set) begin(c *callState, opts []CallOption) {
	c.began, c.opts = sinceBase(), callOptions{}
	for _, o := range opts {
		switch o.set {
		case setID:
			c.opts.id = o.value
		case setRequestID:
			c.opts.requestID = o.value
		case setApproval:
			c.opts.approval, c.opts.decline = o.value, false
		case setDecline:
			c.opts.approval, c.opts.decline = o.value, true
		case setRound:
			c.opts.round = o.round
		}
	}
	if c.opts.requestID == "" {
		c.opts.requestID = c.opts.id
	}
}

// pass takes the call through its stages, in order, until one of them
// writes the call's result in *res, which is zero; then audits it. What a
// stage made in an earlier pass (the parse, the decode, the identity, the
// redaction) is not made again; admission, policies, idempotency, the
// approval and the execution run in each pass.
func (s *Set) pass(ctx context.Context, c *callState, res *Result) {
	ctx = s.observe(ctx)
	defer s.recoverCall(ctx, c, res)
	defer s.leave(c)
	switch {
	case !s.admitted(ctx, c, res): // the size limit; room in the budget in flight
	case !s.parsedOnce(c, res): // the parse, where the call is read through a map
	case !s.redacted(c): // the redaction hook, for the audit
	case !s.allowed(c, res): // the allow-list
	case !s.validated(c, res): // validation and decode; the one pass parses here
	case !s.identified(c, res): // the identity, of a call that needs one
	default:
		s.idempotent(ctx, c, res) // the request id; then policies, round, approval, execution
	}
	s.complete(ctx, c, res)
}

// admitted checks the size of the call's bytes against the set's limit,
// and takes room for them in the set's budget in flight, unless a stream
// holds it already. The call gives it back with leave.
func (s *Set) admitted(ctx context.Context, c *callState, res *Result) bool {
	switch c.in {
	case decodedArgs:
		return true
	case wholeCall:
		if s.maxSize > 0 && c.size > s.maxSize {
			*res = reject(stageParse, Error{Code: CodeTooLarge, Expected: fmt.Sprintf("at most %d bytes", s.maxSize),
				Reason: fmt.Sprintf("the call is %d bytes long, more than the %d bytes allowed", c.size, s.maxSize)})
			return false
		}
	}
	var h *Handler // the tool whose time limit bounds the wait; the set's when not known yet
	if c.in == rawArgs {
		if s.maxSize > 0 && c.size > s.maxSize {
			*res = reject(stageParse, s.tooLarge(c.size))
			return false
		}
		c.h = s.handler(c.name)
		h = c.h
	}
	if c.held == 0 {
		if over := s.admit(ctx, c, h, len(c.raw)); over != nil {
			*res = *over
			return false
		}
	}
	return true
}

// tooLarge is the error of arguments of size bytes, past the set's limit.
func (s *Set) tooLarge(size int) Error {
	return Error{Code: CodeTooLarge, Expected: fmt.Sprintf("at most %d bytes of arguments", s.maxSize),
		Reason: fmt.Sprintf("the arguments are %d bytes long, more than the %d bytes allowed", size, s.maxSize)}
}

// parsedOnce parses the call's bytes where the call is read through a map
// (see readsMap): raw arguments into args, or the whole call of CallJSON
// into its tool's name and args. Raw arguments read in one pass are
// parsed by their decode (validated).
func (s *Set) parsedOnce(c *callState, res *Result) bool {
	switch {
	case c.in == wholeCall:
		return s.parsedCall(c, res)
	case c.in == decodedArgs || c.parsed || !s.readsMap(c.h, c):
		return true
	}
	if errs := c.parse(); errs != nil {
		*res = reject(stageParse, errs[0])
		return false
	}
	return true
}

// parse parses the raw arguments into c.args, once.
func (c *callState) parse() Errors {
	v, args, errs := parseArgs(c.raw)
	if errs == nil || errs[0].Code == CodeBadShape {
		c.parsed, c.value, c.args = true, v, args
	} else {
		c.unparsable = true
	}
	return errs
}

// readsMap reports whether the call of c to h (nil for a tool the set does
// not have) needs its arguments as a map: to tell an unknown tool's bad
// JSON, for the redaction hook, to identify the call, for the policies when
// the tool's decode makes the map anyway. (Otherwise the policies get the
// map only when they ask for it: see Call.Arguments.)
func (s *Set) readsMap(h *Handler, c *callState) bool {
	return h == nil || s.redact != nil || s.identifies(h, c) || len(s.policies) > 0 && !h.onePass
}

// identifies reports whether a call to h is identified by its arguments: a
// dangerous call, for its approval; a later round of a call in rounds, for
// its state (a first round is identified only if its handler asks, to sign
// the state of the next: see identifyNow); a
// call to a tool that is not idempotent, by its request id.
func (s *Set) identifies(h *Handler, c *callState) bool {
	return h.tool.Risk == RiskDangerous || c.opts.round != nil && c.opts.round.State != "" || s.dedupes(h, c)
}

// dedupes reports whether a call to h is deduplicated by its request id.
func (s *Set) dedupes(h *Handler, c *callState) bool {
	return !h.tool.Idempotent && c.opts.requestID != "" && s.window > 0
}

// parsedCall parses the whole call of CallJSON, once, and reads its tool's
// name and arguments.
func (s *Set) parsedCall(c *callState, res *Result) bool {
	if !c.parsed {
		v, perr := parseCall(c.raw)
		if perr != nil {
			*res = reject(stageParse, parseError(perr, "the call is not valid JSON"))
			return false
		}
		c.parsed, c.value = true, v
	}
	const want = `the call should be an object {"tool": "<name>", "args": {...}}`
	env, ok := c.value.(map[string]any)
	if !ok {
		*res = reject(stageParse, shapeError(want, c.value))
		return false
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
		*res = reject(stageParse, e)
		return false
	}
	c.name, c.args = name, args
	return true
}

func describeMember(m map[string]any, k string) string {
	v, ok := m[k]
	if !ok {
		return "missing"
	}
	return "a " + value.TypeName(v)
}

// redacted has the redaction hook render the arguments for the audit
// record, once: a call read through a map when the set has a hook.
func (s *Set) redacted(c *callState) bool {
	if s.redact != nil && !c.redact {
		c.at = "redaction"
		c.redacted, c.redact = s.redact(c.name, c.args), true
	}
	return true
}

// allowed looks the tool up: a tool the set does not have is rejected.
func (s *Set) allowed(c *callState, res *Result) bool {
	if c.h == nil {
		c.h = s.handler(c.name)
	}
	if c.h == nil {
		*res = reject(stageTool, Error{Code: CodeUnknownTool, Name: shorten(c.name), Expected: s.toolList()})
		return false
	}
	return true
}

// validated validates and decodes the arguments, once: from their map, or
// from the raw bytes in one pass, or as a stream's decode made them.
func (s *Set) validated(c *callState, res *Result) bool {
	c.at = "decode"
	if c.v != nil {
		return true
	}
	var errs Errors
	if c.args != nil {
		if c.v, errs = c.pre.or(c.h, c.args, nil, s.maxErrors); errs != nil {
			*res = Result{Status: StatusRejected, Errors: errs, stage: stageArguments}
			return false
		}
		return true
	}
	if c.v, errs = c.pre.or(c.h, nil, c.raw, s.maxErrors); errs != nil {
		if len(errs) == 1 && isParseError(errs[0].Code) {
			// bad_json and bad_number are ParseArgs's verdict on the
			// call's bytes (a stream's decode reaches the same on all the
			// bytes it read, though it kept none after the error): a Guard
			// need not parse them to know.
			c.unparsable = errs[0].Code != CodeBadShape
			*res = reject(stageParse, errs[0])
			return false
		}
		// Field by field, as the rejection of most invalid calls: *res is
		// zero, and a Result built aside would be copied twice.
		res.Status, res.Errors, res.stage = StatusRejected, errs, stageArguments
		return false
	}
	return true
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

// isParseError reports the code of an error of the parse stage.
func isParseError(code Code) bool {
	return code == CodeBadJSON || code == CodeBadNumber || code == CodeBadShape
}

// identified computes the identity of a call that needs one (see
// identifies), once.
func (s *Set) identified(c *callState, res *Result) bool {
	if c.identified || !s.identifies(c.h, c) {
		return true
	}
	c.at = "identification"
	id, err := identify(c.h.tool.Name, c.args, c.size)
	if err != nil {
		*res = reject(stageArguments, *err)
		return false
	}
	c.id, c.identified = id, true
	return true
}

// identifyNow identifies the call, if the stages did not: a first round
// whose handler asked, whose next round's state names the call. Its
// arguments parsed or decoded already, so they parse.
func (c *callState) identifyNow() *Error {
	if c.identified {
		return nil
	}
	if c.args == nil {
		if errs := c.parse(); errs != nil {
			return &errs[0]
		}
	}
	id, err := identify(c.h.tool.Name, c.args, c.size)
	if err != nil {
		return err
	}
	c.id, c.identified = id, true
	return nil
}

// idempotent claims the call's request id, when it is deduplicated by it,
// runs the stages after, and settles the id with the call's result: a
// duplicate gets the first call's result instead.
func (s *Set) idempotent(ctx context.Context, c *callState, res *Result) {
	if !s.dedupes(c.h, c) {
		s.authorized(ctx, c, res)
		return
	}
	c.at = "idempotency"
	key, fingerprint := requestKey(c.h.tool.Name, c.opts.requestID), c.id.fingerprint()
	if claim, claimed := s.claimRequest(ctx, c, c.h, key, fingerprint); !claimed {
		*res = claim
		return
	}
	settled := false
	defer func() {
		if !settled { // a panic between the claim and its settlement
			s.settleRequest(ctx, c, key, fingerprint, panicResult(c, "a panic"))
		}
	}()
	s.authorized(ctx, c, res)
	s.settleRequest(ctx, c, key, fingerprint, *res)
	settled = true
}

// authorized runs the policies, the round's state and the approval of a
// dangerous call, and then the handler (executeRound).
func (s *Set) authorized(ctx context.Context, c *callState, res *Result) {
	if !s.allowedByPolicies(ctx, c, res) {
		return
	}
	var round *roundAsker
	approved := false
	if rd := c.opts.round; rd != nil {
		c.at = "round"
		var used string
		var refused *Error
		var err error
		if round, approved, used, refused, err = s.resumeRound(ctx, rd, c.id); err != nil {
			*res = s.unavailable(ctx, c, err)
			return
		} else if refused != nil {
			refused.Name = c.name
			*res = reject(stageRound, *refused)
			return
		}
		if used != "" {
			defer func() {
				if !c.reached { // the round did not run: its state still stands
					if err := s.store.Delete(context.WithoutCancel(ctx), used); err != nil {
						s.storeFailed(ctx, c, err)
					}
				}
			}()
		}
	}
	if c.h.tool.Risk != RiskDangerous || approved {
		s.executeRound(ctx, c, c.h, c.v, round, approved, res)
		return
	}
	c.at = "approval"
	key, ttl, verdict, err := s.checkApproval(ctx, c.opts.approval, c.id)
	if err != nil {
		*res = s.unavailable(ctx, c, err)
		return
	}
	if verdict == approvalGranted {
		fresh, err := s.useApproval(ctx, key, ttl)
		if err != nil {
			*res = s.unavailable(ctx, c, err)
			return
		}
		if !fresh {
			verdict = approvalUsed
		}
	}
	c.approval = verdict
	if verdict != approvalGranted {
		*res = Result{Status: StatusNeedsConfirmation, Approval: s.approvalToken(c.id),
			Confirmation: c.h.tool.ConfirmationArgs(c.args)}
		if verdict != approvalRequired {
			res.Errors = Errors{refusal(verdict, c.name, false)}
		}
		return
	}
	if c.opts.decline {
		c.approval = approvalDeclined
		*res = reject(stageDeclined, Error{Code: CodeDeclined, Name: c.name, Reason: "a person declined this call"})
		return
	}
	s.executeRound(ctx, c, c.h, c.v, round, true, res)
	if !c.reached {
		// The call did not run (its context ended first): the approval
		// still stands.
		if err := s.store.Delete(context.WithoutCancel(ctx), key); err != nil {
			s.storeFailed(ctx, c, err)
		}
	}
}

// allowedByPolicies runs the set's policies, in order, on the call.
func (s *Set) allowedByPolicies(ctx context.Context, c *callState, res *Result) bool {
	if len(s.policies) == 0 {
		return true
	}
	c.at = "policy"
	call := &Call{Tool: c.h.tool, ID: c.opts.id, RequestID: c.opts.requestID, Args: c.h.value(c.v), arguments: c.args}
	if c.args == nil {
		call.raw = c.raw
	}
	defer func() {
		if c.args == nil && call.raw == nil && call.arguments != nil {
			// A policy parsed them (Call.Arguments): kept, as the set's.
			c.parsed, c.value, c.args = true, call.arguments, call.arguments
		}
	}()
	for _, p := range s.policies {
		if err := p(ctx, call); err != nil {
			var d *denial
			if errors.As(err, &d) && d != nil {
				*res = reject(stagePolicy, Error{Code: d.Code, Name: c.name, Reason: d.Reason})
				return false
			}
			*res = reject(stagePolicy, Error{Code: CodePolicy, Name: c.name, Reason: err.Error()})
			return false
		}
	}
	return true
}

func reject(st stage, e Error) Result {
	return Result{Status: StatusRejected, Errors: Errors{e}, stage: st}
}
