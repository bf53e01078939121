package tool

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"
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
