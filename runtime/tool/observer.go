package tool

import "context"

// An Observer watches the calls of a Set, for telemetry: a tracing span
// around each call, metrics of their fates (runtime/oteltool is one, for
// OpenTelemetry). It sees what the audit record holds, and the arguments
// only as the redaction hook (WithRedaction) renders them.
type Observer interface {
	// Begin runs as a call starts, before its first stage. The context it
	// returns is the call's from then on: its policies, the store and its
	// handler run with it, so a span Begin starts is their parent.
	Begin(ctx context.Context) context.Context
	// End runs once for each Begin, as the call ends, after its audit
	// record, with the context Begin returned.
	End(ctx context.Context, c Observed)
}

// Observed is a call that ended, as an Observer sees it.
type Observed struct {
	// Tool is the set's tool the call named; nil when it named none of
	// them, and Result.Tool is then the model's text, shortened.
	Tool *Tool
	// Result is the call's result, as the caller gets it.
	Result Result
	// Args is what the redaction hook made of the arguments: nil when the
	// set has none, or when the call ended before the hook ran.
	Args any
}

// WithObserver adds o to watch every call of the set. A panic in o's
// methods is recovered and loses only what o was doing: the call goes on.
func WithObserver(o Observer) Option {
	return optionFunc(func(s *Set) { s.observer = o })
}

// observe begins the observation of a call: ctx is then the call's.
func (s *Set) observe(ctx context.Context) (out context.Context) {
	if s.observer == nil {
		return ctx
	}
	defer func() {
		if recover() != nil {
			out = ctx
		}
	}()
	if c := s.observer.Begin(ctx); c != nil {
		return c
	}
	return ctx
}

// observed ends the observation of a call.
func (s *Set) observed(ctx context.Context, h *Handler, r *callState, res *Result) {
	defer func() { _ = recover() }()
	o := Observed{Result: *res}
	if h != nil {
		o.Tool = h.tool
	}
	if r.redact {
		o.Args = r.redacted
	}
	s.observer.End(ctx, o)
}
