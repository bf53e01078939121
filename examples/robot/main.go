package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Inputs are seven calls a model might make, written as whole calls
// {"tool": ..., "args": ...}, the last one not even JSON.
var Inputs = []string{
	`{"tool": "get_battery", "args": {}}`,
	`{"tool": "move_to", "args": {"x": 3, "y": 4, "speed": 0.5}}`,
	`{"tool": "move_to", "args": {"x": 3, "y": 40, "speed": 0.5}}`,
	`{"tool": "move_to", "args": {"x": true, "y": 4, "speed": 0.5}}`,
	`{"tool": "format_disk", "args": {}}`,
	`{"tool": "open_door", "args": {"door": "north"}}`,
	`move to 3 4 please`,
}

func main() {
	// The audit log goes to standard error: one record per call, whatever
	// its fate.
	run(os.Stdout, slog.New(slog.NewTextHandler(os.Stderr, nil)))
}

// run dispatches the calls and prints each outcome to w.
func run(w io.Writer, audit *slog.Logger) {
	ctx := context.Background()
	robot := NewRobot()
	set := robot.NewSet(audit)

	var pending tool.Result
	for i, input := range Inputs {
		res := set.CallJSON(ctx, []byte(input), tool.CallID("call_"+strconv.Itoa(i+1)))
		fmt.Fprintf(w, "%s\n\t%s\n", input, Line(res, robot))
		if res.Status == tool.StatusNeedsConfirmation {
			pending = res
		}
	}

	fmt.Fprintln(w, "what the model reads back for the third call (Result.Feedback):")
	res := set.CallJSON(ctx, []byte(Inputs[2]), tool.CallID("call_8"))
	fmt.Fprintln(w, indent(res.Feedback(), "\t"))

	fmt.Fprintln(w, "open_door, once a person approved it through the application:")
	res = set.CallJSON(ctx, []byte(Inputs[5]), tool.CallID("call_9"), tool.Approve(pending.Approval))
	fmt.Fprintf(w, "\t%s\n", Line(res, robot))

	fmt.Fprintln(w, "open_door again, with the approval already used:")
	res = set.CallJSON(ctx, []byte(Inputs[5]), tool.CallID("call_10"), tool.Approve(pending.Approval))
	fmt.Fprintf(w, "\t%s\n", Line(res, robot))

	fmt.Fprintf(w, "calls that reached the robot: %d\n", len(robot.Executed()))
}

// Line renders a result for a Go developer: the status, then for an
// executed call the decoded arguments the handler got and its output, for
// a refused one (or a refused approval) its error codes and first message.
func Line(res tool.Result, robot *Robot) string {
	switch res.Status {
	case tool.StatusExecuted:
		executed := robot.Executed()
		return fmt.Sprintf("executed %s(%#v): %s", res.Tool, executed[len(executed)-1].Args, res.Feedback())
	case tool.StatusNeedsConfirmation:
		if len(res.Errors) == 0 {
			return "needs_confirmation: a person approves with tool.Approve(res.Approval)"
		}
	}
	return fmt.Sprintf("%s %q: %s", res.Status, res.Errors.Codes(), res.Errors[0].Message())
}

func formatNumber(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}
