package tool_test

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/tool/internal/arm"
)

// printer is an Observer that is a Reporter too: it receives what the
// handlers of every call of the set report.
type printer struct{}

func (printer) Begin(ctx context.Context) context.Context { return ctx }
func (printer) End(context.Context, tool.Observed)        {}

func (printer) Report(_ context.Context, r tool.Report) {
	if r.Progress {
		fmt.Printf("%s %s: %g of %g %s\n", r.Tool, r.CallID, r.Done, r.Total, r.Message)
		return
	}
	fmt.Printf("%s %s: %s %s\n", r.Tool, r.CallID, r.Level, r.Message)
}

// A handler reports its progress and logs through its context. The set
// hands the reports to its audit log and observer, and to the adapter that
// serves the call (over MCP, progress and log notifications to the client).
func ExampleReportProgress() {
	set := tool.NewSet(
		arm.MoveTool.Handle(func(ctx context.Context, a arm.MoveArgs) (any, error) {
			tool.ReportProgress(ctx, 0, 2, "moving along x")
			tool.ReportProgress(ctx, 1, 2, "moving along y")
			tool.Log(ctx, slog.LevelWarn, "joint 3 is warm")
			tool.ReportProgress(ctx, 2, 2, "arrived")
			return "moved", nil
		}),
		tool.WithObserver(printer{}),
		quiet,
	)
	res := set.Call(context.Background(), "move", []byte(`{"x": 3, "y": 4}`), tool.CallID("call_1"))
	fmt.Println(res.Status, res.Output)

	// Outside a call, reporting does nothing.
	tool.Log(context.Background(), slog.LevelInfo, "nobody listens")
	// Output:
	// move call_1: 0 of 2 moving along x
	// move call_1: 1 of 2 moving along y
	// move call_1: WARN joint 3 is warm
	// move call_1: 2 of 2 arrived
	// executed moved
}
