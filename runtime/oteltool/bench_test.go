package oteltool_test

import (
	"context"
	"log/slog"
	"testing"

	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/runtime/oteltool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// BenchmarkCall is the cost of the telemetry of a call: a valid call and
// an invalid one, without an observer and with oteltool over the SDK (every
// span sampled and recorded, the metrics aggregated).
func BenchmarkCall(b *testing.B) {
	handler := adapters.GetForecastTool.Handle(func(ctx context.Context, a adapters.GetForecastArgs) (adapters.Forecast, error) {
		return adapters.Forecast{City: a.City, Days: []adapters.Day{}}, nil
	})
	tp := sdktrace.NewTracerProvider()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewManualReader()))
	sets := []struct {
		name string
		set  *tool.Set
	}{
		{"none", tool.NewSet(handler, tool.WithLogger(slog.New(slog.DiscardHandler)))},
		{"otel", tool.NewSet(handler, tool.WithLogger(slog.New(slog.DiscardHandler)),
			oteltool.Observe(oteltool.WithTracerProvider(tp), oteltool.WithMeterProvider(mp)))},
	}
	calls := []struct{ name, args string }{
		{"valid", `{"city": "Paris", "days": 2}`},
		{"invalid", `{"city": "", "days": 99}`},
	}
	for _, s := range sets {
		for _, c := range calls {
			b.Run(s.name+"/"+c.name, func(b *testing.B) {
				ctx, raw := context.Background(), []byte(c.args)
				b.ReportAllocs()
				for b.Loop() {
					s.set.Call(ctx, "get_forecast", raw, tool.CallID("call_1"))
				}
			})
		}
	}
}
