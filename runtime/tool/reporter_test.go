package tool

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
)

// reports records the reports it receives; as an Observer it watches
// nothing else.
type reports struct {
	mu     sync.Mutex
	got    []Report
	panics bool
}

func (r *reports) Report(_ context.Context, rep Report) {
	r.mu.Lock()
	r.got = append(r.got, rep)
	r.mu.Unlock()
	if r.panics {
		panic("reporter bug")
	}
}

func (r *reports) Begin(ctx context.Context) context.Context { return ctx }
func (r *reports) End(context.Context, Observed)             {}

func (r *reports) all() []Report {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Report(nil), r.got...)
}

// reportDef is a tool whose handler a test gives.
var reportDef = Def[struct{}]{
	Tool:    Tool{Name: "work", Risk: RiskRead, Idempotent: true},
	Decoder: noopDecoder,
}

// On a plain Set.Call, the observer and the audit log receive what the
// handler reports, each naming the call.
func TestReportsReachObserverAndAudit(t *testing.T) {
	var audit bytes.Buffer
	o := &reports{}
	set := NewSet(WithObserver(o),
		WithLogger(slog.New(slog.NewJSONHandler(&audit, &slog.HandlerOptions{Level: slog.LevelDebug}))),
		reportDef.Handle(func(ctx context.Context, _ struct{}) (any, error) {
			ReportProgress(ctx, 1, 2, "half way")
			Log(ctx, slog.LevelWarn, "disk\nfull")
			ReportProgress(ctx, 2, 0, "")
			return "ok", nil
		}))
	res := set.Call(context.Background(), "work", []byte(`{}`), CallID("call-1"))
	require.Equal(t, StatusExecuted, res.Status, res.Errors)
	assert.Equal(t, []Report{
		{Tool: "work", CallID: "call-1", Progress: true, Done: 1, Total: 2, Message: "half way"},
		{Tool: "work", CallID: "call-1", Level: slog.LevelWarn, Message: "disk\nfull"},
		{Tool: "work", CallID: "call-1", Progress: true, Done: 2},
	}, o.all())

	var records []map[string]any
	for line := range strings.SplitSeq(strings.TrimSpace(audit.String()), "\n") {
		var rec map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &rec), line)
		delete(rec, "time")
		records = append(records, rec)
	}
	require.Len(t, records, 4, audit.String()) // and the call's own record
	assert.Equal(t, map[string]any{"level": "DEBUG", "msg": "tool progress", "tool": "work", "call_id": "call-1",
		"done": 1.0, "total": 2.0, "message": "half way"}, records[0])
	assert.Equal(t, map[string]any{"level": "WARN", "msg": "tool log", "tool": "work", "call_id": "call-1",
		"message": `disk\nfull`}, records[1], "the audit log escapes the message")
	assert.Equal(t, map[string]any{"level": "DEBUG", "msg": "tool progress", "tool": "work", "call_id": "call-1",
		"done": 2.0}, records[2])
	assert.Equal(t, "tool call", records[3]["msg"])
}

// The reporter an adapter installs in the call's context receives the
// reports, with the handler's context; so does a handler's isolated run.
func TestReportsReachTheContextsReporter(t *testing.T) {
	type key struct{}
	for _, isolated := range []bool{false, true} {
		rep := &reports{}
		var sawValue bool
		h := reportDef.Handle(func(ctx context.Context, _ struct{}) (any, error) {
			Log(ctx, slog.LevelInfo, "started")
			return nil, nil
		})
		if isolated {
			h = h.Isolated()
		}
		set := NewSet(WithLogger(nil), h)
		ctx := WithReporter(context.WithValue(context.Background(), key{}, 1), reporterFunc(func(ctx context.Context, r Report) {
			sawValue = ctx.Value(key{}) == 1
			rep.Report(ctx, r)
		}))
		require.Equal(t, StatusExecuted, set.Call(ctx, "work", []byte(`{}`)).Status)
		assert.Equal(t, []Report{{Tool: "work", Level: slog.LevelInfo, Message: "started"}}, rep.all(), "isolated %v", isolated)
		assert.True(t, sawValue, "the reporter gets the handler's context")
	}
}

type reporterFunc func(context.Context, Report)

func (f reporterFunc) Report(ctx context.Context, r Report) { f(ctx, r) }

// Outside a call, reporting does nothing; after its call returned, a
// handler's reports are dropped: its request is over.
func TestReportsOutsideACall(t *testing.T) {
	assert.NotPanics(t, func() {
		ReportProgress(context.Background(), 1, 2, "x")
		Log(context.Background(), slog.LevelError, "x")
		var none context.Context
		ReportProgress(none, 1, 2, "x")
		Log(none, slog.LevelError, "x")
	})
	o := &reports{}
	var kept context.Context
	set := NewSet(WithLogger(nil), WithObserver(o), reportDef.Handle(func(ctx context.Context, _ struct{}) (any, error) {
		kept = ctx
		return nil, nil
	}))
	require.Equal(t, StatusExecuted, set.Call(context.Background(), "work", []byte(`{}`)).Status)
	ReportProgress(kept, 1, 1, "late")
	Log(kept, slog.LevelError, "late")
	assert.Empty(t, o.all())
}

// A listener that panics loses the report; the call goes on, and the other
// listeners get it.
func TestReportListenerPanics(t *testing.T) {
	o := &reports{panics: true}
	adapter := &reports{}
	set := NewSet(WithLogger(nil), WithObserver(o), reportDef.Handle(func(ctx context.Context, _ struct{}) (any, error) {
		Log(ctx, slog.LevelInfo, "one")
		Log(ctx, slog.LevelInfo, "two")
		return "ok", nil
	}))
	res := set.Call(WithReporter(context.Background(), adapter), "work", []byte(`{}`))
	require.Equal(t, StatusExecuted, res.Status)
	assert.Len(t, o.all(), 2)
	assert.Len(t, adapter.all(), 2)
}

// Hostile: a handler reporting a million times, huge messages, invalid
// UTF-8 and values that are not finite: its listeners get a bounded flow,
// the last progress, and how many log messages were dropped.
func TestReportsBounded(t *testing.T) {
	o := &reports{}
	huge := strings.Repeat("é", 1<<20)
	const n = 1_000_000
	started := time.Now()
	set := NewSet(WithLogger(nil), WithObserver(o), reportDef.Handle(func(ctx context.Context, _ struct{}) (any, error) {
		ReportProgress(ctx, 0, 0, huge)
		Log(ctx, slog.LevelInfo, "bad \xff byte")
		ReportProgress(ctx, nanValue(), 1, "")
		for i := range n {
			if i%2 == 0 {
				ReportProgress(ctx, float64(i+1), n, "")
			} else {
				Log(ctx, slog.LevelDebug, "step")
			}
		}
		ReportProgress(ctx, n, n, "done")
		return "ok", nil
	}))
	require.Equal(t, StatusExecuted, set.Call(context.Background(), "work", []byte(`{}`)).Status)
	elapsed := time.Since(started)
	got := o.all()
	assert.LessOrEqual(t, len(got), reportBurst+int(elapsed.Seconds()*reportRate)+3, "in %v", elapsed)

	first := got[0]
	assert.Len(t, first.Message, maxReportBytes-1, "cut, and é is two bytes")
	assert.True(t, utf8.ValidString(first.Message))
	assert.True(t, strings.HasSuffix(first.Message, "é…"))
	assert.Equal(t, "bad \uFFFD byte", got[1].Message)
	assert.Equal(t, 1.0, got[2].Done, "the NaN was dropped")

	last, warning := got[len(got)-2], got[len(got)-1]
	assert.Equal(t, Report{Tool: "work", Progress: true, Done: n, Total: n, Message: "done"}, last)
	assert.Equal(t, slog.LevelWarn, warning.Level)
	assert.Regexp(t, `^\d+ log messages of the call were dropped: the tool logged faster than 20 a second$`, warning.Message)
}

func nanValue() float64 {
	zero := 0.0
	return zero / zero
}

func TestBoundMessage(t *testing.T) {
	for _, m := range []string{"", "short", strings.Repeat("a", maxReportBytes), strings.Repeat("a", maxReportBytes+1),
		strings.Repeat("\xff", maxReportBytes*2), strings.Repeat("€", maxReportBytes), "a\xe2\x82"} {
		b := boundMessage(m)
		assert.LessOrEqual(t, len(b), maxReportBytes)
		assert.True(t, utf8.ValidString(b))
		if len(m) <= maxReportBytes && utf8.ValidString(m) {
			assert.Equal(t, m, b)
		}
	}
}

// With nothing listening (no observer that reports, no reporter in the
// context, an audit log that takes nothing), a call costs nothing more.
func TestReportsCostNothingUnheard(t *testing.T) {
	race.SkipAllocs(t)
	handler := reportDef.Handle(func(ctx context.Context, _ struct{}) (any, error) {
		ReportProgress(ctx, 1, 2, "")
		return "ok", nil
	})
	ctx, raw := context.Background(), []byte(`{}`)
	off := NewSet(handler, WithLogger(nil))
	discarding := NewSet(handler, WithLogger(slog.New(slog.DiscardHandler)))
	heard := NewSet(handler, WithLogger(nil), WithObserver(&reports{}))
	base := testing.AllocsPerRun(50, func() { off.Call(ctx, "work", raw) })
	assert.Equal(t, base, testing.AllocsPerRun(50, func() { discarding.Call(ctx, "work", raw) }))
	assert.Greater(t, testing.AllocsPerRun(50, func() { heard.Call(ctx, "work", raw) }), base, "the test measures nothing")
}
