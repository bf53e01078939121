// Package oteltool reports every call of a tool.Set to OpenTelemetry, in
// one option:
//
//	set := tool.NewSet(handlers..., oteltool.Observe())
//
// Each call is a span that follows the GenAI semantic conventions for tool
// execution: named "execute_tool {gen_ai.tool.name}", of kind internal,
// with gen_ai.operation.name "execute_tool", gen_ai.tool.name,
// gen_ai.tool.type "function", gen_ai.tool.description and
// gen_ai.tool.call.id; a call rejected or failed has the status Error and
// error.type, toolgen's code (type, unknown_tool, unavailable, timeout,
// ...). The span is the parent of what the call does: its policies, the
// store and the handler run in its context. toolgen.tool.status is the
// call's status (executed, rejected, needs_confirmation, failed),
// toolgen.tool.error_codes every code of its errors, toolgen.tool.duplicate
// marks a result replayed for a request id.
//
// What the handler reports while it runs (tool.ReportProgress, tool.Log)
// is an event of the span current in its context: toolgen.tool.progress,
// with toolgen.tool.progress.done, toolgen.tool.progress.total (when
// known) and toolgen.tool.message; toolgen.tool.log, with
// toolgen.tool.log.level (slog's name of the level) and
// toolgen.tool.message.
//
// The metrics: gen_ai.execute_tool.duration (a histogram, in seconds),
// toolgen.tool.calls (by tool and status) and toolgen.tool.errors (by tool
// and error.type, one per error of a call, the validation's errors among
// them).
//
// Nothing of the arguments appears, unless the set has a redaction hook
// (tool.WithRedaction): what it returns is the span's
// gen_ai.tool.call.arguments, as JSON. The text of the errors, which may
// quote the arguments, does not appear either: only their codes. A call
// of a tool that is not the set's carries no tool name, neither in its
// span's name nor in the metrics, since the name is the model's text: the
// series stay as many as the set's tools.
//
// Every text an attribute or a span's name takes from the call (its id, which
// a model or an MCP client chooses, the tool's name, the error codes) is
// rendered as the set's audit record renders it: control characters
// escaped, at most 256 bytes, cut in its middle around "…". A call's id
// reads the same in its span and its audit record. The redacted arguments
// are the hook's choice, and go whole, as in the audit record.
package oteltool

import (
	"context"
	"encoding/json"
	"strings"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// ScopeName is the instrumentation scope of the spans and metrics.
const ScopeName = "github.com/toolgen-go/toolgen/runtime/oteltool"

// The attributes' keys.
const (
	OperationName   = attribute.Key("gen_ai.operation.name")
	ToolName        = attribute.Key("gen_ai.tool.name")
	ToolType        = attribute.Key("gen_ai.tool.type")
	ToolDescription = attribute.Key("gen_ai.tool.description")
	ToolCallID      = attribute.Key("gen_ai.tool.call.id")
	ToolArguments   = attribute.Key("gen_ai.tool.call.arguments")
	ErrorType       = attribute.Key("error.type")
	Status          = attribute.Key("toolgen.tool.status")
	ErrorCodes      = attribute.Key("toolgen.tool.error_codes")
	Duplicate       = attribute.Key("toolgen.tool.duplicate")
	ProgressDone    = attribute.Key("toolgen.tool.progress.done")
	ProgressTotal   = attribute.Key("toolgen.tool.progress.total")
	LogLevel        = attribute.Key("toolgen.tool.log.level")
	Message         = attribute.Key("toolgen.tool.message")
)

// The names of the events of a handler's reports.
const (
	ProgressEvent = "toolgen.tool.progress"
	LogEvent      = "toolgen.tool.log"
)

// The metrics' names.
const (
	DurationMetric = "gen_ai.execute_tool.duration"
	CallsMetric    = "toolgen.tool.calls"
	ErrorsMetric   = "toolgen.tool.errors"
)

const operation = "execute_tool"

// Option configures Observe.
type Option func(*config)

type config struct {
	tracers trace.TracerProvider
	meters  metric.MeterProvider
}

// WithTracerProvider sets where the spans go; otel.GetTracerProvider()
// unless given.
func WithTracerProvider(tp trace.TracerProvider) Option {
	return func(c *config) { c.tracers = tp }
}

// WithMeterProvider sets where the metrics go; otel.GetMeterProvider()
// unless given.
func WithMeterProvider(mp metric.MeterProvider) Option {
	return func(c *config) { c.meters = mp }
}

// Observe returns the option of a tool.Set that reports its calls.
func Observe(opts ...Option) tool.Option { return tool.WithObserver(New(opts...)) }

// Observer is the tool.Observer that Observe installs.
type Observer struct {
	tracer   trace.Tracer
	duration metric.Float64Histogram
	calls    metric.Int64Counter
	errors   metric.Int64Counter
}

var (
	_ tool.Observer = (*Observer)(nil)
	_ tool.Reporter = (*Observer)(nil)
)

// New returns an Observer, for tool.WithObserver.
func New(opts ...Option) *Observer {
	c := config{tracers: otel.GetTracerProvider(), meters: otel.GetMeterProvider()}
	for _, o := range opts {
		o(&c)
	}
	m := c.meters.Meter(ScopeName)
	o := &Observer{tracer: c.tracers.Tracer(ScopeName)}
	var err error
	// The buckets the GenAI conventions advise for operation durations,
	// with finer ones below 10 ms, where a refused call ends.
	o.duration, err = m.Float64Histogram(DurationMetric, metric.WithUnit("s"),
		metric.WithDescription("Duration of tool execution, from the call to its result, refused calls included."),
		metric.WithExplicitBucketBoundaries(0.0001, 0.0005, 0.001, 0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92))
	if err != nil {
		otel.Handle(err)
	}
	o.calls, err = m.Int64Counter(CallsMetric, metric.WithUnit("{call}"),
		metric.WithDescription("Tool calls, by tool and status."))
	if err != nil {
		otel.Handle(err)
	}
	o.errors, err = m.Int64Counter(ErrorsMetric, metric.WithUnit("{error}"),
		metric.WithDescription("Errors of the tool calls refused or failed, by tool and code."))
	if err != nil {
		otel.Handle(err)
	}
	return o
}

// Begin implements tool.Observer: it starts the call's span. Its name is
// completed at the end, once the call has matched one of the set's tools.
func (o *Observer) Begin(ctx context.Context) context.Context {
	ctx, _ = o.tracer.Start(ctx, operation, trace.WithSpanKind(trace.SpanKindInternal),
		trace.WithAttributes(OperationName.String(operation)))
	return ctx
}

// End implements tool.Observer: it ends the call's span and records its
// metrics.
func (o *Observer) End(ctx context.Context, c tool.Observed) {
	res := c.Result
	span := trace.SpanFromContext(ctx)
	metricAttrs := make([]attribute.KeyValue, 0, 4)
	metricAttrs = append(metricAttrs, OperationName.String(operation), Status.String(string(res.Status)))
	var name attribute.KeyValue
	var toolName string
	if c.Tool != nil {
		toolName = text(c.Tool.Name)
		name = ToolName.String(toolName)
		metricAttrs = append(metricAttrs, name)
	}
	var errorType string
	if res.Failed() && len(res.Errors) > 0 {
		errorType = text(string(res.Errors[0].Code))
	}
	if span.IsRecording() {
		attrs := []attribute.KeyValue{ToolType.String("function"), Status.String(string(res.Status))}
		if c.Tool != nil {
			span.SetName(operation + " " + toolName)
			attrs = append(attrs, name)
			if c.Tool.Description != "" {
				attrs = append(attrs, ToolDescription.String(c.Tool.Description))
			}
		}
		if res.CallID != "" {
			attrs = append(attrs, ToolCallID.String(text(res.CallID)))
		}
		if res.Duplicate {
			attrs = append(attrs, Duplicate.Bool(true))
		}
		if len(res.Errors) > 0 {
			attrs = append(attrs, ErrorCodes.StringSlice(errorCodes(res.Errors)))
		}
		if c.Args != nil {
			var b strings.Builder
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			if enc.Encode(c.Args) == nil {
				attrs = append(attrs, ToolArguments.String(strings.TrimSuffix(b.String(), "\n")))
			}
		}
		if errorType != "" {
			attrs = append(attrs, ErrorType.String(errorType))
			span.SetStatus(codes.Error, errorType)
		}
		span.SetAttributes(attrs...)
	}
	span.End()

	o.calls.Add(ctx, 1, metric.WithAttributeSet(attribute.NewSet(metricAttrs...)))
	if errorType != "" {
		metricAttrs = append(metricAttrs, ErrorType.String(errorType))
	}
	o.duration.Record(ctx, res.Duration.Seconds(), metric.WithAttributeSet(attribute.NewSet(metricAttrs...)))
	for _, e := range res.Errors {
		errAttrs := []attribute.KeyValue{OperationName.String(operation), ErrorType.String(text(string(e.Code)))}
		if c.Tool != nil {
			errAttrs = append(errAttrs, name)
		}
		o.errors.Add(ctx, 1, metric.WithAttributeSet(attribute.NewSet(errAttrs...)))
	}
}

// Report implements tool.Reporter: a report of the call's handler is an
// event of the span current in its context, the call's or one the handler
// started within it. Its message is rendered as the call's other texts.
func (o *Observer) Report(ctx context.Context, r tool.Report) {
	span := trace.SpanFromContext(ctx)
	if !span.IsRecording() {
		return
	}
	if r.Progress {
		attrs := []attribute.KeyValue{ProgressDone.Float64(r.Done)}
		if r.Total != 0 {
			attrs = append(attrs, ProgressTotal.Float64(r.Total))
		}
		if r.Message != "" {
			attrs = append(attrs, Message.String(text(r.Message)))
		}
		span.AddEvent(ProgressEvent, trace.WithAttributes(attrs...))
		return
	}
	span.AddEvent(LogEvent, trace.WithAttributes(LogLevel.String(r.Level.String()), Message.String(text(r.Message))))
}

// text renders a text of the call for an attribute as the audit record
// does (escaped, at most 256 bytes): a call id is the client's choice, and
// an exporter would send 4 MiB of one whole.
func text(s string) string { return jsonvalue.Field(s) }

// errorCodes lists the codes of errs, each once, in their order, rendered
// by text.
func errorCodes(errs tool.Errors) []string {
	out := make([]string, 0, len(errs))
	for _, e := range errs {
		code := text(string(e.Code))
		seen := false
		for _, c := range out {
			if c == code {
				seen = true
				break
			}
		}
		if !seen {
			out = append(out, code)
		}
	}
	return out
}
