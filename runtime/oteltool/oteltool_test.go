package oteltool_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/runtime/oteltool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// telemetry is an SDK whose spans and metrics stay in memory.
type telemetry struct {
	spans  *tracetest.InMemoryExporter
	reader *sdkmetric.ManualReader
	tp     *sdktrace.TracerProvider
	mp     *sdkmetric.MeterProvider
}

func newTelemetry(t *testing.T) *telemetry {
	spans := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans))
	reader := sdkmetric.NewManualReader()
	t.Cleanup(func() { tp.Shutdown(context.Background()) })
	return &telemetry{spans: spans, reader: reader, tp: tp, mp: sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))}
}

func (tm *telemetry) option() tool.Option {
	return oteltool.Observe(oteltool.WithTracerProvider(tm.tp), oteltool.WithMeterProvider(tm.mp))
}

// metrics returns the data points of each metric: their attributes and
// their values (a sum, or a histogram's count).
func (tm *telemetry) metrics(t *testing.T) map[string]map[string]float64 {
	t.Helper()
	var rm metricdata.ResourceMetrics
	if err := tm.reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]float64{}
	for _, sm := range rm.ScopeMetrics {
		if sm.Scope.Name != oteltool.ScopeName {
			t.Errorf("scope %q", sm.Scope.Name)
		}
		for _, m := range sm.Metrics {
			points := map[string]float64{}
			switch d := m.Data.(type) {
			case metricdata.Sum[int64]:
				for _, p := range d.DataPoints {
					points[attrs(p.Attributes.ToSlice())] = float64(p.Value)
				}
			case metricdata.Histogram[float64]:
				if m.Unit != "s" {
					t.Errorf("%s is in %q, want s", m.Name, m.Unit)
				}
				for _, p := range d.DataPoints {
					points[attrs(p.Attributes.ToSlice())] = float64(p.Count)
				}
			default:
				t.Fatalf("%s: %T", m.Name, m.Data)
			}
			out[m.Name] = points
		}
	}
	return out
}

// attrs renders attributes as k=v, sorted by key.
func attrs(kvs []attribute.KeyValue) string {
	s := attribute.NewSet(kvs...)
	var parts []string
	for _, kv := range s.ToSlice() {
		parts = append(parts, string(kv.Key)+"="+kv.Value.Emit())
	}
	return strings.Join(parts, " ")
}

func spanAttrs(s tracetest.SpanStub) map[string]string {
	m := map[string]string{}
	for _, kv := range s.Attributes {
		m[string(kv.Key)] = kv.Value.Emit()
	}
	return m
}

func newSet(tm *telemetry, opts ...tool.Option) *tool.Set {
	tracer := tm.tp.Tracer("handler")
	return tool.NewSet(append([]tool.Option{
		tool.WithLogger(slog.New(slog.DiscardHandler)),
		tm.option(),
		adapters.GetForecastTool.Handle(func(ctx context.Context, a adapters.GetForecastArgs) (adapters.Forecast, error) {
			_, child := tracer.Start(ctx, "forecast service")
			defer child.End()
			if a.City == "Atlantis" {
				return adapters.Forecast{}, errors.New("no weather in " + a.City)
			}
			return adapters.Forecast{City: a.City, Days: []adapters.Day{}}, nil
		}),
		adapters.DeleteFileTool.Handle(func(ctx context.Context, a adapters.DeleteFileArgs) (any, error) { return "deleted", nil }),
	}, opts...)...)
}

// A call is a span named after its tool, in the GenAI conventions, under
// the caller's span and over what its handler does.
func TestSpanOfAnExecutedCall(t *testing.T) {
	tm := newTelemetry(t)
	set := newSet(tm)
	ctx, parent := tm.tp.Tracer("agent").Start(context.Background(), "invoke_agent")
	res := set.Call(ctx, "get_forecast", []byte(`{"city": "Paris", "days": 2}`), tool.CallID("call_1"))
	parent.End()
	if res.Status != tool.StatusExecuted {
		t.Fatal(res.Status, res.Errors)
	}
	byName := map[string]tracetest.SpanStub{}
	for _, s := range tm.spans.GetSpans() {
		byName[s.Name] = s
	}
	span, ok := byName["execute_tool get_forecast"]
	if !ok {
		t.Fatalf("no span execute_tool get_forecast among %v", byName)
	}
	if span.SpanKind != trace.SpanKindInternal {
		t.Errorf("kind %v", span.SpanKind)
	}
	if span.Parent.SpanID() != parent.SpanContext().SpanID() {
		t.Errorf("the call's span is not a child of the caller's")
	}
	if child := byName["forecast service"]; child.Parent.SpanID() != span.SpanContext.SpanID() {
		t.Errorf("what the handler does is not under the call's span")
	}
	if span.Status.Code != codes.Unset {
		t.Errorf("an executed call's status is %v, want unset", span.Status)
	}
	want := map[string]string{
		"gen_ai.operation.name":   "execute_tool",
		"gen_ai.tool.name":        "get_forecast",
		"gen_ai.tool.type":        "function",
		"gen_ai.tool.call.id":     "call_1",
		"gen_ai.tool.description": adapters.GetForecastTool.Description,
		"toolgen.tool.status":     "executed",
	}
	got := spanAttrs(span)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	for _, k := range []string{"error.type", "gen_ai.tool.call.arguments", "toolgen.tool.error_codes"} {
		if _, ok := got[k]; ok {
			t.Errorf("an executed call without a redaction hook has %s", k)
		}
	}
}

// Refused and failed calls: the status Error, error.type the first code,
// every code counted, and nothing of the arguments or of the errors' text,
// which quotes them.
func TestRefusalsAndTheirCodes(t *testing.T) {
	tm := newTelemetry(t)
	set := newSet(tm)
	ctx := context.Background()
	calls := []struct {
		name, args, code string
		status           tool.Status
	}{
		{"get_forecast", `{"city": "s3cret-city", "days": 99, "extra": "s3cret"}`, "", tool.StatusRejected},
		{"get_forecast", `{"city": "Atlantis"}`, "tool_error", tool.StatusFailed},
		{"get_forecast", `{"city": "s3cret`, string(tool.CodeBadJSON), tool.StatusRejected},
		{"delete_file", `{"path": "/s3cret"}`, "", tool.StatusNeedsConfirmation},
	}
	for _, c := range calls {
		res := set.Call(ctx, c.name, []byte(c.args))
		if res.Status != c.status {
			t.Fatalf("%s %s: %s %v", c.name, c.args, res.Status, res.Errors)
		}
	}
	spans := tm.spans.GetSpans()
	if len(spans) != 4+1 { // and the handler's child span of the failed call
		t.Fatalf("%d spans", len(spans))
	}
	var tool0 []string
	for _, s := range spans {
		for _, kv := range s.Attributes {
			if strings.Contains(kv.Value.Emit(), "s3cret") || strings.Contains(s.Status.Description, "s3cret") {
				t.Errorf("span %s shows an argument: %s=%s", s.Name, kv.Key, kv.Value.Emit())
			}
		}
		if s.Name != "execute_tool get_forecast" && s.Name != "execute_tool delete_file" {
			continue
		}
		a := spanAttrs(s)
		tool0 = append(tool0, a["toolgen.tool.status"]+" "+a["error.type"]+" "+s.Status.Code.String())
		if a["toolgen.tool.error_codes"] != "" && s.Status.Description != a["error.type"] {
			t.Errorf("the status description is %q, want the code %q", s.Status.Description, a["error.type"])
		}
	}
	want := []string{"rejected unexpected Error", "failed tool_error Error", "rejected bad_json Error", "needs_confirmation  Unset"}
	if fmt.Sprint(tool0) != fmt.Sprint(want) {
		t.Errorf("spans: %q, want %q", tool0, want)
	}
	if a := spanAttrs(spans[0]); a["toolgen.tool.error_codes"] != `["unexpected","maximum"]` {
		t.Errorf("error codes %s", a["toolgen.tool.error_codes"])
	}

	m := tm.metrics(t)
	wantErrors := map[string]float64{
		"error.type=maximum gen_ai.operation.name=execute_tool gen_ai.tool.name=get_forecast":    1,
		"error.type=unexpected gen_ai.operation.name=execute_tool gen_ai.tool.name=get_forecast": 1,
		"error.type=tool_error gen_ai.operation.name=execute_tool gen_ai.tool.name=get_forecast": 1,
		"error.type=bad_json gen_ai.operation.name=execute_tool gen_ai.tool.name=get_forecast":   1,
	}
	if fmt.Sprint(m[oteltool.ErrorsMetric]) != fmt.Sprint(wantErrors) {
		t.Errorf("errors by code:\n%v\nwant\n%v", m[oteltool.ErrorsMetric], wantErrors)
	}
	wantCalls := map[string]float64{
		"gen_ai.operation.name=execute_tool gen_ai.tool.name=get_forecast toolgen.tool.status=rejected":          2,
		"gen_ai.operation.name=execute_tool gen_ai.tool.name=get_forecast toolgen.tool.status=failed":            1,
		"gen_ai.operation.name=execute_tool gen_ai.tool.name=delete_file toolgen.tool.status=needs_confirmation": 1,
	}
	if fmt.Sprint(m[oteltool.CallsMetric]) != fmt.Sprint(wantCalls) {
		t.Errorf("calls by tool and status:\n%v\nwant\n%v", m[oteltool.CallsMetric], wantCalls)
	}
	wantDurations := map[string]float64{
		"error.type=unexpected gen_ai.operation.name=execute_tool gen_ai.tool.name=get_forecast toolgen.tool.status=rejected": 1,
		"error.type=bad_json gen_ai.operation.name=execute_tool gen_ai.tool.name=get_forecast toolgen.tool.status=rejected":   1,
		"error.type=tool_error gen_ai.operation.name=execute_tool gen_ai.tool.name=get_forecast toolgen.tool.status=failed":   1,
		"gen_ai.operation.name=execute_tool gen_ai.tool.name=delete_file toolgen.tool.status=needs_confirmation":              1,
	}
	if fmt.Sprint(m[oteltool.DurationMetric]) != fmt.Sprint(wantDurations) {
		t.Errorf("durations:\n%v\nwant\n%v", m[oteltool.DurationMetric], wantDurations)
	}
}

// The arguments appear as the redaction hook renders them, and only so.
func TestArgumentsThroughTheRedactionHook(t *testing.T) {
	tm := newTelemetry(t)
	set := newSet(tm, tool.WithRedaction(func(name string, args map[string]any) any {
		return map[string]any{"city": "<redacted>", "days": args["days"]}
	}))
	set.Call(context.Background(), "get_forecast", []byte(`{"city": "s3cret", "days": 2}`))
	for _, s := range tm.spans.GetSpans() {
		if s.Name != "execute_tool get_forecast" {
			continue
		}
		if got := spanAttrs(s)["gen_ai.tool.call.arguments"]; got != `{"city":"<redacted>","days":2}` {
			t.Fatalf("arguments %q", got)
		}
		return
	}
	t.Fatal("no span of the call")
}

// The names of tools the set does not have are the model's text: they
// reach neither the spans' names nor the metrics, whose series stay few.
func TestUnknownToolsAddNoSeries(t *testing.T) {
	tm := newTelemetry(t)
	set := newSet(tm)
	for i := range 200 {
		set.Call(context.Background(), fmt.Sprintf("made_up_%d", i), []byte(`{}`))
	}
	for _, s := range tm.spans.GetSpans() {
		if s.Name != "execute_tool" {
			t.Fatalf("a span named %q", s.Name)
		}
		if a := spanAttrs(s); a["gen_ai.tool.name"] != "" || a["error.type"] != string(tool.CodeUnknownTool) {
			t.Fatalf("attributes %v", a)
		}
	}
	for name, points := range tm.metrics(t) {
		if len(points) != 1 {
			t.Errorf("%s has %d series for 200 unknown tools, want 1: %v", name, len(points), points)
		}
		for k := range points {
			if strings.Contains(k, "made_up") {
				t.Errorf("%s: %s", name, k)
			}
		}
	}
}

// A replayed result is marked, and a store that fails is error.type
// unavailable.
func TestDuplicateAndUnavailable(t *testing.T) {
	tm := newTelemetry(t)
	set := newSet(tm)
	ctx := context.Background()
	asked := set.Call(ctx, "delete_file", []byte(`{"path": "/a"}`))
	set.Call(ctx, "delete_file", []byte(`{"path": "/a"}`), tool.Approve(asked.Approval), tool.RequestID("r1"))
	dup := set.Call(ctx, "delete_file", []byte(`{"path": "/a"}`), tool.RequestID("r1"))
	if !dup.Duplicate {
		t.Fatal("not a duplicate", dup.Status)
	}
	down := newSet(tm, tool.WithStore(failing{}))
	asked = down.Call(ctx, "delete_file", []byte(`{"path": "/b"}`))
	down.Call(ctx, "delete_file", []byte(`{"path": "/b"}`), tool.Approve(asked.Approval))
	spans := tm.spans.GetSpans()
	if a := spanAttrs(spans[2]); a["toolgen.tool.duplicate"] != "true" || a["toolgen.tool.status"] != "executed" {
		t.Errorf("the duplicate's span: %v", a)
	}
	if a := spanAttrs(spans[4]); a["error.type"] != "unavailable" {
		t.Errorf("the call over a failing store: %v", a)
	}
}

// failing is a store whose backend is down.
type failing struct{}

var errDown = errors.New("the store is down")

func (failing) Add(context.Context, string, []byte, time.Duration) ([]byte, bool, error) {
	return nil, false, errDown
}
func (failing) Put(context.Context, string, []byte, time.Duration) error { return errDown }
func (failing) Delete(context.Context, string) error                     { return errDown }

// Every text a span or a metric takes from a call (its id, which a model or
// an MCP client chooses, its tool's name, its error codes) is rendered as
// the audit record renders it, whatever its size: escaped, at most 256
// bytes, the call id the same text in the span and the audit record.
func TestHostileTextsAreBounded(t *testing.T) {
	const maxText = 256
	hostile := func(n int) string {
		return "start\n\u202e" + strings.Repeat("id\u2028é\x00", n/8) + "\r\nend"
	}
	id, name, code := hostile(4<<20), hostile(4<<10), hostile(4<<10)
	long := tool.Def[map[string]any]{Tool: tool.Tool{Name: name, Risk: tool.RiskRead, Idempotent: true}}
	var audit strings.Builder
	tm := newTelemetry(t)
	set := newSet(tm, tool.WithLogger(slog.New(slog.NewJSONHandler(&audit, nil))),
		long.Handle(func(context.Context, map[string]any) (any, error) { return "ok", nil }),
		tool.WithPolicy(func(_ context.Context, c *tool.Call) error {
			if c.Tool.Name == "delete_file" {
				return tool.Deny(tool.Code(code), "no")
			}
			return nil
		}))
	ctx := context.Background()
	for _, c := range []struct {
		name, args string
		status     tool.Status
	}{
		{name, `{}`, tool.StatusExecuted},
		{"get_forecast", `{"city": 1}`, tool.StatusRejected},
		{"delete_file", `{"path": "/a"}`, tool.StatusRejected},
		{"made_up", `{}`, tool.StatusRejected},
	} {
		if res := set.Call(ctx, c.name, []byte(c.args), tool.CallID(id)); res.Status != c.status {
			t.Fatalf("%.20q: %s %v", c.name, res.Status, res.Errors)
		}
	}

	var logged []string
	for _, line := range strings.Split(strings.TrimSpace(audit.String()), "\n") {
		var rec struct {
			CallID string `json:"call_id"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		logged = append(logged, rec.CallID)
	}
	bounded := func(what, s string) {
		t.Helper()
		if len(s) > maxText || strings.ContainsAny(s, "\n\r\x00\u2028\u202e") {
			t.Errorf("%s: %d bytes %.80q", what, len(s), s)
		}
	}
	spans := tm.spans.GetSpans()
	var ids []string
	for _, s := range spans {
		if s.Name == "forecast service" {
			continue
		}
		bounded("span name", strings.TrimPrefix(s.Name, "execute_tool "))
		bounded("status description", s.Status.Description)
		for _, kv := range s.Attributes {
			switch kv.Value.Type() {
			case attribute.STRING:
				bounded(string(kv.Key), kv.Value.AsString())
			case attribute.STRINGSLICE:
				for _, v := range kv.Value.AsStringSlice() {
					bounded(string(kv.Key), v)
				}
			}
			if kv.Key == oteltool.ToolCallID {
				ids = append(ids, kv.Value.AsString())
			}
		}
	}
	if len(ids) != 4 || fmt.Sprint(ids) != fmt.Sprint(logged) {
		t.Errorf("the spans' call ids are not the audit's:\n%.200q\n%.200q", ids, logged)
	}
	if !strings.HasPrefix(ids[0], `start\n\u202eid`) || !strings.HasSuffix(ids[0], `\r\nend`) || !strings.Contains(ids[0], "…") {
		t.Errorf("call id %q: not its start and end around …", ids[0])
	}
	var rm metricdata.ResourceMetrics
	if err := tm.reader.Collect(ctx, &rm); err != nil {
		t.Fatal(err)
	}
	points := 0
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			var sets []attribute.Set
			switch d := m.Data.(type) {
			case metricdata.Sum[int64]:
				for _, p := range d.DataPoints {
					sets = append(sets, p.Attributes)
				}
			case metricdata.Histogram[float64]:
				for _, p := range d.DataPoints {
					sets = append(sets, p.Attributes)
				}
			}
			for _, s := range sets {
				points++
				for _, kv := range s.ToSlice() {
					bounded(m.Name+" "+string(kv.Key), kv.Value.Emit())
				}
			}
		}
	}
	if points == 0 {
		t.Error("no metrics")
	}
}

// What a handler reports is an event of the call's span, its message
// bounded as the span's other texts.
func TestReportsAreSpanEvents(t *testing.T) {
	tm := newTelemetry(t)
	set := newSet(tm, adapters.InspectTool.Handle(func(ctx context.Context, a adapters.InspectArgs) (any, error) {
		tool.ReportProgress(ctx, 1, 4, "warming up")
		tool.ReportProgress(ctx, 2, 0, "")
		tool.Log(ctx, slog.LevelWarn, "fan\nslow "+strings.Repeat("x", 10000))
		return "ok", nil
	}))
	if res := set.Call(context.Background(), "inspect", []byte(`{"component": 1}`)); res.Status != tool.StatusExecuted {
		t.Fatal(res.Status, res.Errors)
	}
	spans := tm.spans.GetSpans()
	if len(spans) != 1 {
		t.Fatalf("%d spans", len(spans))
	}
	var got []string
	for _, e := range spans[0].Events {
		got = append(got, e.Name+" "+attrs(e.Attributes))
	}
	want := []string{
		"toolgen.tool.progress toolgen.tool.message=warming up toolgen.tool.progress.done=1 toolgen.tool.progress.total=4",
		"toolgen.tool.progress toolgen.tool.progress.done=2",
	}
	if len(got) != 3 || strings.Join(got[:2], "\n") != strings.Join(want, "\n") {
		t.Fatalf("events:\n%s\nwant:\n%s\nand the log", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	logged := map[string]string{}
	for _, kv := range spans[0].Events[2].Attributes {
		logged[string(kv.Key)] = kv.Value.Emit()
	}
	if spans[0].Events[2].Name != "toolgen.tool.log" || logged["toolgen.tool.log.level"] != "WARN" {
		t.Errorf("the log event: %s", got[2])
	}
	if m := logged["toolgen.tool.message"]; len(m) > 256 || !strings.HasPrefix(m, `fan\nslow xxx`) || !strings.Contains(m, "…") {
		t.Errorf("the message, escaped and cut: %q", m)
	}
}
