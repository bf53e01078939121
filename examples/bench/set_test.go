package bench

import (
	"context"
	"testing"

	"github.com/toolgen-go/toolgen/examples/internal/cputime"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// BenchmarkSet measures what a tool.Set costs beside the one pass, on each
// tool's valid call and its invalid one (8 errors):
//
//   - set=none: the generated DecodeTJSON, then the handler called directly
//     on a valid call, FeedbackJSON of the errors on an invalid one: the
//     floor of a Set's call;
//   - set=plain: Set.Call, the audit log off, FeedbackJSON of a rejection;
//   - set=policy: the same with a typed policy (PolicyFor) that lets the
//     call go on;
//   - set=arguments: the same with a policy that reads Call.Arguments(),
//     which parses the call into its map.
//
// Each row's ratio to its set=none row is what the Set adds.
//
//	go test ./examples/bench -run '^$' -bench Set -benchmem -count 6
func BenchmarkSet(b *testing.B) {
	benchSet(b, calls(&GetWeatherTool, DecodeGetWeatherArgsJSON, weatherValid, weatherInvalid, weatherInvalidCodes))
	benchSet(b, calls(&SaveOutlineTool, DecodeSaveOutlineArgsJSON, outlineValid, outlineInvalid, outlineInvalidCodes))
	benchSet(b, calls(&CreateTicketTool, DecodeCreateTicketArgsJSON, ticketValid, ticketInvalid, ticketInvalidCodes))
}

func benchSet[T any](b *testing.B, c toolCalls[T]) {
	var handled T
	handler := func(_ context.Context, args T) (any, error) {
		handled = args
		return "ok", nil
	}
	name := c.def.Name
	ctx := context.Background()
	setCall := func(set *tool.Set) func(raw []byte) bool {
		return func(raw []byte) bool {
			res := set.Call(ctx, name, raw)
			if res.Status != tool.StatusExecuted {
				feedbackSink = res.FeedbackJSON()
				return false
			}
			return true
		}
	}
	sets := []struct {
		name string
		call func(raw []byte) bool
	}{
		{"none", func(raw []byte) bool {
			v, errs := c.decodeJSON(raw)
			if errs != nil {
				feedbackSink = tool.Result{Status: tool.StatusRejected, Tool: name, Errors: errs}.FeedbackJSON()
				return false
			}
			_, _ = handler(ctx, v)
			return true
		}},
		{"plain", setCall(tool.NewSet(c.def.Handle(handler), tool.WithLogger(nil)))},
		{"policy", setCall(tool.NewSet(c.def.Handle(handler), tool.WithLogger(nil),
			tool.WithPolicy(tool.PolicyFor(c.def, func(context.Context, T) error { return nil }))))},
		{"arguments", setCall(tool.NewSet(c.def.Handle(handler), tool.WithLogger(nil),
			tool.WithPolicy(func(_ context.Context, call *tool.Call) error {
				if call.Arguments() == nil {
					b.Fatal("no arguments")
				}
				return nil
			})))},
	}
	for _, set := range sets {
		for _, call := range []struct {
			name  string
			raw   []byte
			valid bool
		}{{"valid", c.valid, true}, {"invalid", c.invalid, false}} {
			if set.call(call.raw) != call.valid {
				b.Fatalf("%s: set=%s: the %s call's verdict differs", name, set.name, call.name)
			}
			b.Run("tool="+name+"/set="+set.name+"/call="+call.name, func(b *testing.B) {
				b.ReportAllocs()
				cputime.Loop(b, func() { set.call(call.raw) })
			})
		}
	}
	_ = handled
}
