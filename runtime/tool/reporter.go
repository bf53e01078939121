package tool

import (
	"context"
	"log/slog"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// This file carries what a handler reports while it runs, its progress and
// its log messages, to whoever listens: the set's audit log and observer,
// and the adapter serving the call (runtime/mcptool sends them to the MCP
// client).

// Report is what a handler reported while it ran: how far it has come
// (ReportProgress) or a log message (Log).
type Report struct {
	// Tool is the name of the tool whose handler reported, and CallID the
	// call's id (see CallID), "" without one.
	Tool, CallID string
	// Progress marks a progress report, of Done out of Total (0 when the
	// total is not known); otherwise the report is a log message.
	Progress    bool
	Done, Total float64
	// Level is a log message's severity, a slog level. MCP's levels between
	// slog's are 2 (notice), 12 (critical), 16 (alert) and 20 (emergency),
	// as the MCP Go SDK names them (mcp.LevelNotice ...).
	Level slog.Level
	// Message is the log message, or what a progress report says ("" for
	// nothing). As a set delivers it, it is valid UTF-8 of at most 4 KiB: a
	// longer one is cut, at a character boundary, and ends with "…".
	Message string
}

// A Reporter receives the reports of the handlers that run with a context
// it is installed in (WithReporter): an adapter installs one to send them
// to its client. An Observer that is a Reporter too receives every report
// of the set's calls. Report runs on the handler's goroutine, with its
// context, and should return quickly: the handler waits.
//
// The set bounds what its listeners receive: beyond a burst of 100
// reports, a call's reports pass at 20 a second. The others are dropped,
// save that the last progress report dropped is sent as the handler
// returns, and a log message at warning level then says how many log
// messages were dropped. Reports after the handler returned are dropped.
type Reporter interface {
	Report(ctx context.Context, r Report)
}

// maxReportBytes is the most bytes of a report's message.
const maxReportBytes = 4096

// A call's reports pass at reportRate a second, after a burst of reportBurst.
const (
	reportBurst = 100
	reportRate  = 20
)

type reporterKey struct{}

// WithReporter returns ctx carrying r: the handlers of the calls run with
// it report to r, after the set's bounds, as well as to the set's audit
// log and observer.
func WithReporter(ctx context.Context, r Reporter) context.Context {
	return context.WithValue(ctx, reporterKey{}, r)
}

// ReportProgress reports, from a handler, that its call has done done out
// of total (0 when the total is not known), with an optional message; over
// MCP it is a progress notification, when the client asked for them.
// Outside a call, or with a value that is not finite, it does nothing.
func ReportProgress(ctx context.Context, done, total float64, message string) {
	if ctx == nil || !finite(done) || !finite(total) {
		return
	}
	if r, _ := ctx.Value(reporterKey{}).(Reporter); r != nil {
		r.Report(ctx, Report{Progress: true, Done: done, Total: total, Message: message})
	}
}

// Log logs message at level from a handler: to the set's audit log and
// observer, and over MCP as a log message notification, when the client's
// level lets it through. Outside a call it does nothing.
func Log(ctx context.Context, level slog.Level, message string) {
	if ctx == nil {
		return
	}
	if r, _ := ctx.Value(reporterKey{}).(Reporter); r != nil {
		r.Report(ctx, Report{Level: level, Message: message})
	}
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// boundMessage makes m valid UTF-8 of at most maxReportBytes bytes, reading
// no more of it than that.
func boundMessage(m string) string {
	cut := len(m) > maxReportBytes
	if cut {
		m = m[:maxReportBytes-len("…")]
		// Back to the start of a character the cut left unfinished.
		for i := len(m) - 1; i >= 0 && i >= len(m)-utf8.UTFMax; i-- {
			if utf8.RuneStart(m[i]) {
				if !utf8.FullRuneInString(m[i:]) {
					m = m[:i]
				}
				break
			}
		}
	}
	if !utf8.ValidString(m) {
		m = strings.ToValidUTF8(m, "\uFFFD")
		for len(m) > maxReportBytes-len("…") { // a replacement is longer than a byte
			_, size := utf8.DecodeLastRuneInString(m)
			m, cut = m[:len(m)-size], true
		}
	}
	if cut {
		m += "…"
	}
	return m
}

// callReporter is the Reporter of a call's handler: it bounds the reports
// and hands them to the set's audit log and observer and to the reporter
// the call's context carried.
type callReporter struct {
	s      *Set
	ctx    context.Context // the call's, for what is sent as it ends
	parent Reporter        // the context's reporter; nil without
	tool   string
	id     string

	mu      sync.Mutex
	tokens  float64
	at      time.Duration // when tokens were counted, as sinceBase
	ended   bool
	pending Report // the last progress report dropped, if pending.Progress
	dropped int    // log messages dropped
}

// reportContext is a handler's context with its call's reporter.
type reportContext struct {
	context.Context
	rep callReporter
}

func (c *reportContext) Value(key any) any {
	if key == (reporterKey{}) {
		return &c.rep
	}
	return c.Context.Value(key)
}

// reporting returns the context h's handler runs with when anything
// listens to its reports, and the reporter to end as it returns; ctx and
// nil otherwise.
func (s *Set) reporting(ctx context.Context, r *callState, h *Handler) (context.Context, *callReporter) {
	parent, _ := ctx.Value(reporterKey{}).(Reporter)
	// The audit log off is told without asking its handler under recover.
	if parent == nil && s.reportObserver() == nil && (s.log() == discard || !s.auditsReports(ctx)) {
		return ctx, nil
	}
	c := &reportContext{Context: ctx, rep: callReporter{s: s, ctx: ctx, parent: parent, tool: h.tool.Name, id: r.opts.id,
		tokens: reportBurst, at: r.began}}
	return c, &c.rep
}

// auditsReports reports whether the audit log may record a report: it is
// on, and its handler takes records of some level (slog.DiscardHandler
// takes none). A handler that panics is asked again, under recover, with
// each report.
func (s *Set) auditsReports(ctx context.Context) (on bool) {
	defer func() {
		if recover() != nil {
			on = true
		}
	}()
	l := s.log()
	return l != discard && l.Handler().Enabled(ctx, math.MaxInt)
}

// reportObserver is the set's observer when it takes reports.
func (s *Set) reportObserver() Reporter {
	if s.observer == nil {
		return nil
	}
	o, _ := s.observer.(Reporter)
	return o
}

func (c *callReporter) Report(ctx context.Context, r Report) {
	if r.Progress && (!finite(r.Done) || !finite(r.Total)) {
		return
	}
	if r.Tool == "" {
		r.Tool, r.CallID = c.tool, c.id
	}
	c.mu.Lock()
	if c.ended {
		c.mu.Unlock()
		return
	}
	now := sinceBase()
	c.tokens = min(reportBurst, c.tokens+(now-c.at).Seconds()*reportRate)
	c.at = now
	if c.tokens < 1 {
		if r.Progress {
			c.pending = r
		} else {
			c.dropped++
		}
		c.mu.Unlock()
		return
	}
	c.tokens--
	if r.Progress {
		c.pending = Report{} // this one is newer
	}
	c.mu.Unlock()
	r.Message = boundMessage(r.Message) // only what passes: a dropped report costs no reading
	c.deliver(ctx, r)
}

// end ends the reports of the call, as its handler returns: what comes
// later is dropped, and the last progress report dropped, and how many log
// messages were, are sent.
func (c *callReporter) end() {
	c.mu.Lock()
	pending, dropped := c.pending, c.dropped
	c.ended = true
	c.mu.Unlock()
	if pending.Progress {
		pending.Message = boundMessage(pending.Message)
		c.deliver(c.ctx, pending)
	}
	if dropped > 0 {
		c.deliver(c.ctx, Report{Tool: c.tool, CallID: c.id, Level: slog.LevelWarn,
			Message: strconv.Itoa(dropped) + " log messages of the call were dropped: the tool logged faster than " +
				strconv.Itoa(reportRate) + " a second"})
	}
}

// deliver hands r to every listener; a listener that panics loses r, and
// the handler goes on.
func (c *callReporter) deliver(ctx context.Context, r Report) {
	if l := c.s.log(); l != discard {
		c.audit(ctx, l, r)
	}
	if o := c.s.reportObserver(); o != nil {
		safeReport(ctx, o, r)
	}
	if c.parent != nil {
		safeReport(ctx, c.parent, r)
	}
}

func safeReport(ctx context.Context, to Reporter, r Report) {
	defer func() { _ = recover() }()
	to.Report(ctx, r)
}

// audit logs r: a progress report at debug level, a log message at its
// own, each text escaped and bounded like the rest of the audit log.
func (c *callReporter) audit(ctx context.Context, l *slog.Logger, r Report) {
	defer func() { _ = recover() }()
	level, msg := r.Level, "tool log"
	if r.Progress {
		level, msg = slog.LevelDebug, "tool progress"
	}
	if !l.Enabled(ctx, level) {
		return
	}
	attrs := make([]slog.Attr, 0, 5)
	attrs = append(attrs, slog.String("tool", field(r.Tool)))
	if r.CallID != "" {
		attrs = append(attrs, slog.String("call_id", field(r.CallID)))
	}
	if r.Progress {
		attrs = append(attrs, slog.Float64("done", r.Done))
		if r.Total != 0 {
			attrs = append(attrs, slog.Float64("total", r.Total))
		}
	}
	if r.Message != "" || !r.Progress {
		attrs = append(attrs, slog.String("message", field(r.Message)))
	}
	l.LogAttrs(ctx, level, msg, attrs...)
}
