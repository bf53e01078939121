package tool

import (
	"context"
	"fmt"
	"log/slog"
	"reflect"
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
// arguments' size. fn runs before the call goes on: if it panics, the call is
// rejected with code panic and does not run, for want of its audit record.
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

	arguments map[string]any // as parsed, or as CallArgs was given them
	raw       []byte         // the raw arguments, until Arguments parses them
}

// Arguments returns the arguments as parsed: the map ParseArgs makes of the
// call's raw JSON (numbers as json.Number), or the map CallArgs was given.
// A set reads raw arguments into Args in one pass, with no map: it parses
// them into this one the first time a policy asks for it, once per call,
// so that a policy that reads only Args costs no second parse. A Call is
// its call's policies', which run one after another: Arguments is not for
// concurrent use.
func (c *Call) Arguments() map[string]any {
	if c.raw != nil {
		c.arguments, _ = ParseArgs(c.raw) // they parsed: they were decoded
		c.raw = nil
	}
	return c.arguments
}

// CallOption sets a property of one call: CallID, RequestID, Approve,
// Decline, Ask, InRounds. The zero CallOption sets nothing.
type CallOption struct {
	set   uint8 // which property: one of the constants below
	value string
	ask   Approver
	round *Round
}

const (
	setID uint8 = 1 + iota
	setRequestID
	setApproval
	setDecline
	setAsk
	setRound
)

type callOptions struct {
	id, requestID, approval string
	decline                 bool   // the token of approval is declined
	round                   *Round // the call runs in rounds
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
