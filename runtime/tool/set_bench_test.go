package tool

import (
	"context"
	"testing"
)

// BenchmarkSetMachinery measures what a Set adds to a valid call besides
// parsing, validating and decoding: a tool whose decode does nothing and
// whose handler returns at once, with the audit log off.
//
//	go test ./runtime/tool -run '^$' -bench SetMachinery -benchmem -count 6
func BenchmarkSetMachinery(b *testing.B) {
	def := Def[struct{}]{
		Tool:    Tool{Name: "noop", Risk: RiskRead, Idempotent: true},
		Decoder: noopDecoder,
	}
	set := NewSet(def.Handle(func(context.Context, struct{}) (any, error) { return "ok", nil }), WithLogger(nil))
	ctx := context.Background()
	raw := []byte(`{}`)
	b.ReportAllocs()
	for b.Loop() {
		if res := set.Call(ctx, "noop", raw); res.Status != StatusExecuted {
			b.Fatal(res.Errors)
		}
	}
}

// noopDecoder decodes nothing, at no cost.
func noopDecoder(map[string]any, []byte, *streamFeed, int) (struct{}, Errors) { return struct{}{}, nil }
