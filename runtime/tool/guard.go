package tool

import (
	"bytes"
	"context"
	"crypto/sha256"
	"strconv"
	"sync"
	"time"

	"github.com/toolgen-go/toolgen/internal/value"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
)

// Limits bound a multi-step agent loop, in which a model calls a tool, reads
// the result and calls again.
type Limits struct {
	// MaxSteps is how many steps (Guard.Step calls) the loop may take; 0 means
	// no limit.
	MaxSteps int
	// MaxDuration is how long the loop may run from NewGuard; 0 means no
	// limit.
	MaxDuration time.Duration
	// MaxRepeats is how many times the loop may make the same failing call
	// (same tool, same arguments); one more stops it. 0 means 2.
	MaxRepeats int
	// MaxCalls is how many calls of one step (from one Step to the next)
	// may run through Guard.Call and Guard.CallArgs; the others are
	// answered with code too_many_calls and not run. A call the set refuses
	// before its handler, or that awaits a person's approval, does not
	// count; a call whose person is being asked (Ask) holds its place until
	// they answer. 0 means 32; a negative value, no limit.
	MaxCalls int
}

// defaultMaxCalls is how many calls of one step a Guard lets run, unless
// Limits.MaxCalls says otherwise: a model that asks for more in one
// completion reads that the others did not run.
const defaultMaxCalls = 32

// Stop is the error a Guard returns when the loop must end: a code and a
// sentence for the log, the user or the model. The code says which limit
// ended the loop: CodeMaxSteps (Limits.MaxSteps), CodeMaxDuration
// (Limits.MaxDuration) or CodeRepeatedFailure (Limits.MaxRepeats).
type Stop struct {
	Code   Code
	Reason string
}

func (s *Stop) Error() string { return s.Reason }

// Guard bounds an agent loop by steps, total time, repeated failures and
// the calls of one step. It knows nothing of any SDK: call Step before each
// step of the loop and run each tool call of the step with Call (or CallArgs),
// and stop when Step or Err returns an error (a *Stop). Once stopped, a Guard
// stays stopped, and runs no call any more: each is answered, as the
// providers require, with a result that says why it did not run. It is safe
// for concurrent use.
//
//	g := tool.NewGuard(tool.Limits{MaxSteps: 10, MaxDuration: 2 * time.Minute})
//	for g.Step() == nil {
//		calls := askModel(...)
//		for _, c := range calls {
//			res := g.Call(ctx, set, c.Name, c.Arguments, tool.CallID(c.ID))
//			answer(c, res.Feedback())
//		}
//		if err := g.Err(); err != nil {
//			// stop: err.Error() says why
//		}
//	}
//
// A loop that runs its calls itself calls Record after each one.
type Guard struct {
	limits Limits
	start  time.Time
	now    func() time.Time

	mu       sync.Mutex
	steps    int
	calls    int // of the current step: running, or run
	failures map[string]int
	stop     *Stop
}

// NewGuard starts the clock of a loop bounded by l.
func NewGuard(l Limits) *Guard {
	if l.MaxRepeats <= 0 {
		l.MaxRepeats = 2
	}
	if l.MaxCalls == 0 {
		l.MaxCalls = defaultMaxCalls
	}
	return &Guard{limits: l, start: time.Now(), now: time.Now, failures: map[string]int{}}
}

// Step counts a step of the loop and reports whether the loop may take it:
// a *Stop once MaxSteps steps were taken or MaxDuration has passed, or after
// Record stopped the loop.
func (g *Guard) Step() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stop != nil {
		return g.stop
	}
	if g.outOfTime() {
		return g.stop
	}
	if n := g.limits.MaxSteps; n > 0 && g.steps >= n {
		return g.halt(CodeMaxSteps, "the loop took its maximum of "+strconv.Itoa(n)+" steps")
	}
	g.steps++
	g.calls = 0
	return nil
}

// Err returns the *Stop that stopped the loop, or nil while it may go on.
func (g *Guard) Err() error {
	if g == nil {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stop == nil {
		return nil
	}
	return g.stop
}

// Call runs a tool call of the loop's current step through set, as
// set.Call does, and records it (see Record), unless the guard does not let
// it run: once the loop is stopped (by Step, by a failing call repeated too
// often, earlier in the same step included, or by the end of MaxDuration,
// which Call checks too), and past the step's
// MaxCalls calls, the call does not run, and its result, rejected with code
// stopped or too_many_calls, tells the model why; the set audits it as any
// other call. Every call gets its result: a provider refuses a conversation
// that leaves one unanswered. A call the guard does not let run asks no
// Approver (Ask). A nil Guard runs every call.
func (g *Guard) Call(ctx context.Context, set *Set, name string, raw []byte, opts ...CallOption) Result {
	if g == nil {
		return set.Call(ctx, name, raw, opts...)
	}
	step, refusal := g.admit()
	if refusal != nil {
		return set.refuse(ctx, name, opts, *refusal)
	}
	res := set.Call(ctx, name, raw, opts...)
	g.settle(step, res)
	if res.Failed() {
		g.failed(name, resultKey(name, raw, &res))
	}
	return res
}

// Close ends a streamed call of the loop's current step (Set.Open) as Call
// runs a whole one: once the loop is stopped, and past the step's MaxCalls
// calls, the call does not run and its result says why; a failing call is
// recorded. It is Pending.Close for a nil Guard, and the end of the
// Pending either way: later calls of its Close or Abort return the same
// Result.
func (g *Guard) Close(p *Pending) Result {
	if g == nil || p.ended {
		return p.Close()
	}
	step, refusal := g.admit()
	if refusal != nil {
		p.ended = true
		p.stop()
		p.res = p.set.refuse(p.ctx, p.name, p.opts, *refusal)
		return p.res
	}
	res := p.Close()
	g.settle(step, res)
	if res.Failed() {
		g.failed(p.name, resultKey(p.name, p.bytes(), &res))
	}
	return res
}

// CallArgs is Call of arguments already decoded, as set.CallArgs takes
// them.
func (g *Guard) CallArgs(ctx context.Context, set *Set, name string, args map[string]any, opts ...CallOption) Result {
	if g == nil {
		return set.CallArgs(ctx, name, args, opts...)
	}
	step, refusal := g.admit()
	if refusal != nil {
		return set.refuse(ctx, name, opts, *refusal)
	}
	res := set.CallArgs(ctx, name, args, opts...)
	g.settle(step, res)
	if res.Failed() {
		g.failed(name, argsKey(name, args))
	}
	return res
}

// admit counts a call among the step's, and returns the step; or, when the
// call may not run, the error that says why.
func (g *Guard) admit() (step int, refusal *Error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stop != nil || g.outOfTime() {
		return 0, &Error{Code: CodeStopped, Reason: "the loop was stopped before this call: " + g.stop.Reason}
	}
	if n := g.limits.MaxCalls; n > 0 && g.calls >= n {
		return 0, &Error{Code: CodeTooManyCalls, Expected: "at most " + strconv.Itoa(n) + " calls in one turn",
			Reason: "this turn already ran " + strconv.Itoa(n) + " calls, the most one turn may run"}
	}
	g.calls++
	return g.steps, nil
}

// outOfTime stops the loop once it has run for MaxDuration.
func (g *Guard) outOfTime() bool {
	if d := g.limits.MaxDuration; d > 0 && g.now().Sub(g.start) >= d {
		g.halt(CodeMaxDuration, "the loop ran for its whole time budget of "+d.String())
		return true
	}
	return false
}

// settle uncounts a call of step that did not reach its handler.
func (g *Guard) settle(step int, res Result) {
	if res.Status == StatusRejected || res.Status == StatusNeedsConfirmation {
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.steps == step {
			g.calls--
		}
	}
}

// refuse answers a call the loop's guard does not let run, and audits it.
func (s *Set) refuse(ctx context.Context, name string, opts []CallOption, e Error) Result {
	e.Name = shorten(name)
	return s.answer(ctx, &callState{name: name, size: -1}, opts, reject(stageGuard, e))
}

// Record notes a tool call of the loop: its tool, its raw arguments and
// whether it failed (Result.Failed). Calls are the same when their tool is
// and their arguments are equal as JSON values (members in any order, 1 and
// 1.0 alike); arguments longer than 1 MiB, which a Set refuses unparsed by
// default, are not parsed here either: they are the
// same when their bytes are. Record returns a *Stop when the same failing
// call has been made more than MaxRepeats times.
func (g *Guard) Record(name string, args []byte, failed bool) error {
	if !failed {
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.stop != nil {
			return g.stop
		}
		return nil
	}
	return g.failed(name, callKey(name, args))
}

// failed counts a failing call, identified by key, and stops the loop when
// it was made more than MaxRepeats times.
func (g *Guard) failed(name, key string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stop != nil {
		return g.stop
	}
	g.failures[key]++
	if n := g.failures[key]; n > g.limits.MaxRepeats {
		return g.halt(CodeRepeatedFailure, "the same failing call to "+field(shorten(name))+" was made "+strconv.Itoa(n)+
			" times; it is not retried again")
	}
	return nil
}

// Context returns ctx with the loop's deadline, so that model requests and
// tool calls end with the loop's time budget.
func (g *Guard) Context(ctx context.Context) (context.Context, context.CancelFunc) {
	if g.limits.MaxDuration <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, g.start.Add(g.limits.MaxDuration))
}

func (g *Guard) halt(code Code, reason string) error {
	g.stop = &Stop{Code: code, Reason: reason}
	return g.stop
}

// callKey identifies a call by its tool and its arguments as a JSON value;
// arguments that do not parse are compared as bytes, and so are, by their
// digest, arguments too long to parse.
func callKey(name string, args []byte) string {
	return resultKey(name, args, &Result{})
}

// resultKey is callKey of a call the set ran, whose result tells what the
// set made of args: what they parsed into, or that they do not parse. Only
// arguments the set did not parse are parsed here.
func resultKey(name string, args []byte, res *Result) string {
	var b []byte
	b = append(b, name...)
	b = append(b, 0)
	if len(args) > defaultMaxArgumentSize {
		sum := sha256.Sum256(args)
		return string(append(append(b, 2), sum[:]...))
	}
	v, parsed := res.args, res.parsed
	if !parsed && !res.unparsable {
		var err *jsonscan.Error
		v, err = parseCall(jsonscan.Arguments(args))
		parsed = err == nil
	}
	if parsed {
		if c, w := value.IdentityForm(b, v, maxNesting); w == value.WalkOK {
			return string(c)
		}
	}
	return string(append(append(b, 1), bytes.TrimSpace(args)...))
}

// argsKey is callKey of decoded arguments; those a walk cannot follow to
// their end are all one call.
func argsKey(name string, args map[string]any) string {
	b := append([]byte(name), 0)
	if c, w := value.IdentityForm(b, args, maxNesting); w == value.WalkOK {
		return string(c)
	}
	return string(append(b, 2))
}
