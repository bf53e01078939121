package tool

import (
	"log/slog"
	"time"
)

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

// WithClock sets the clock a set reads the time from: time.Now without
// it. A set stamps the approval tokens it issues by it, and judges tokens
// by it when its store has no clock of its own (see Store); a set's own
// memory store keeps its records by it. For tests of clocks that disagree,
// and for an application's own clock.
func WithClock(now func() time.Time) Option {
	if now == nil {
		panic("tool: WithClock with a nil clock")
	}
	return optionFunc(func(s *Set) { s.now = now })
}

// WithRedaction lets argument values into the audit log, only as fn renders
// them: fn receives a parsed call's tool name and arguments, and its result
// is logged as "args". Without it no argument value is logged, only the
// arguments' size. fn runs before the call goes on, once per call (the run
// after an Approver's answer logs what it rendered), and must not change
// args, which the call goes on with: if it panics, the call is rejected with
// code panic and does not run, for want of its audit record.
func WithRedaction(fn func(tool string, args map[string]any) any) Option {
	return optionFunc(func(s *Set) { s.redact = fn })
}

// WithToolErrorText sets what the model reads when a handler returns an
// error (code tool_error): "the tool failed: " and the text fn makes of
// the error, or "the tool failed" alone when fn returns "" or panics.
// Without it the model reads the error's text verbatim, which may tell it
// what the application keeps to itself (a database address, a file path,
// a stack trace). Result.Err and the audit record's "error" keep the
// error itself. fn sees only a handler's errors: a timeout, a cancellation
// and a panic are told in the set's own words.
func WithToolErrorText(fn func(tool string, err error) string) Option {
	return optionFunc(func(s *Set) { s.toolErrorText = fn })
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
