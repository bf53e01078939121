package tool

import (
	"bytes"
	"context"
	"crypto/sha256"
	"strconv"
	"sync"
	"time"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
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
}

// Reasons a Guard stops a loop, as Stop.Code.
const (
	StopMaxSteps        = "max_steps"
	StopMaxDuration     = "max_duration"
	StopRepeatedFailure = "repeated_failure"
)

// Stop is the error a Guard returns when the loop must end: a code and a
// sentence for the log, the user or the model.
type Stop struct {
	Code   string
	Reason string
}

func (s *Stop) Error() string { return s.Reason }

// Guard bounds an agent loop by steps, total time and repeated failures. It
// knows nothing of any SDK: call Step before each step of the loop and Record
// after each tool call, and stop when either returns an error (a *Stop). Once
// stopped, a Guard stays stopped. It is safe for concurrent use.
//
//	g := tool.NewGuard(tool.Limits{MaxSteps: 10, MaxDuration: 2 * time.Minute})
//	for g.Step() == nil {
//		calls := askModel(...)
//		for _, c := range calls {
//			res := set.Call(ctx, c.Name, c.Arguments, tool.CallID(c.ID))
//			if err := g.Record(c.Name, c.Arguments, res.Failed()); err != nil {
//				// stop: err.Error() says why
//			}
//		}
//	}
type Guard struct {
	limits Limits
	start  time.Time
	now    func() time.Time

	mu       sync.Mutex
	steps    int
	failures map[string]int
	stop     *Stop
}

// NewGuard starts the clock of a loop bounded by l.
func NewGuard(l Limits) *Guard {
	if l.MaxRepeats <= 0 {
		l.MaxRepeats = 2
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
	if d := g.limits.MaxDuration; d > 0 && g.now().Sub(g.start) >= d {
		return g.halt(StopMaxDuration, "the loop ran for its whole time budget of "+d.String())
	}
	if n := g.limits.MaxSteps; n > 0 && g.steps >= n {
		return g.halt(StopMaxSteps, "the loop took its maximum of "+strconv.Itoa(n)+" steps")
	}
	g.steps++
	return nil
}

// Record notes a tool call of the loop: its tool, its raw arguments and
// whether it failed (Result.Failed). Calls are the same when their tool is
// and their arguments are equal as JSON values (members in any order, 1 and
// 1.0 alike); arguments longer than DefaultMaxArgumentSize, which a Set
// refuses unparsed by default, are not parsed here either: they are the
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
	key := callKey(name, args)
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stop != nil {
		return g.stop
	}
	g.failures[key]++
	if n := g.failures[key]; n > g.limits.MaxRepeats {
		return g.halt(StopRepeatedFailure, "the same failing call to "+field(shorten(name))+" was made "+strconv.Itoa(n)+
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

func (g *Guard) halt(code, reason string) error {
	g.stop = &Stop{Code: code, Reason: reason}
	return g.stop
}

// callKey identifies a call by its tool and its arguments as a JSON value;
// arguments that do not parse are compared as bytes, and so are, by their
// digest, arguments too long to parse.
func callKey(name string, args []byte) string {
	var b []byte
	b = append(b, name...)
	b = append(b, 0)
	if len(args) > DefaultMaxArgumentSize {
		sum := sha256.Sum256(args)
		return string(append(append(b, 2), sum[:]...))
	}
	if v, err := parseJSON(jsonscan.Arguments(args)); err == nil {
		if c, w := jsonvalue.IdentityForm(b, v, maxNesting); w == jsonvalue.WalkOK {
			return string(c)
		}
	}
	return string(append(append(b, 1), bytes.TrimSpace(args)...))
}
