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

// Inputs are seed 004's seven calls, in its format {"tool": ..., "args": ...}.
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

// run dispatches the seed's calls and prints each outcome to w.
func run(w io.Writer, audit *slog.Logger) {
	ctx := context.Background()
	robot := NewRobot()
	set := robot.NewSet(audit)

	fmt.Fprintln(w, "seed 004: dispatch")
	var pending tool.Result
	for i, input := range Inputs {
		res := set.CallJSON(ctx, []byte(input), tool.CallID("call_"+strconv.Itoa(i+1)))
		fmt.Fprintf(w, "  %s\n    %s\n    toolgen: %s\n", input, SeedLine(res, robot), Detail(res))
		if res.Status == tool.StatusNeedsConfirmation {
			pending = res
		}
	}

	fmt.Fprintln(w, "what the model reads back for the third call:")
	res := set.CallJSON(ctx, []byte(Inputs[2]), tool.CallID("call_8"))
	fmt.Fprintln(w, indent(res.Feedback(), "  "))

	fmt.Fprintln(w, "open_door, once a person approved it through the application:")
	res = set.CallJSON(ctx, []byte(Inputs[5]), tool.CallID("call_9"), tool.Approve(pending.Approval))
	fmt.Fprintf(w, "    %s\n    toolgen: %s\n", SeedLine(res, robot), Detail(res))

	fmt.Fprintf(w, "calls that reached the robot: %d\n", len(robot.Executed()))
}

// SeedLine renders a result as seed 004's dispatch prints it.
func SeedLine(res tool.Result, robot *Robot) string {
	switch res.Status {
	case tool.StatusExecuted:
		executed := robot.Executed()
		args := executed[len(executed)-1].Args
		return "{'status': 'executed', 'tool': " + pyStr(res.Tool) + ", 'args': " + pyArgs(args) + "}"
	case tool.StatusNeedsConfirmation:
		return "{'status': 'needs_confirmation', 'tool': " + pyStr(res.Tool) + "}"
	}
	return "{'status': 'rejected', 'reason': " + pyStr(SeedReason(res.Errors)) + "}"
}

// SeedReason maps toolgen's codes to seed 004's reasons. The seed checks the
// members first, then each argument's type before its range, and stops at
// the first problem; toolgen's first error is the same one.
func SeedReason(errs tool.Errors) string {
	if len(errs) == 0 {
		return ""
	}
	switch code := errs[0].Code; code {
	case tool.CodeMissing, tool.CodeUnexpected:
		return "wrong_arguments"
	case tool.CodeType:
		return "bad_type"
	case "minimum", "maximum":
		return "out_of_range"
	default:
		return code
	}
}

// Detail renders a result as toolgen reports it: the status and, for a
// refusal, each error's code, path and message.
func Detail(res tool.Result) string {
	var b strings.Builder
	b.WriteString(string(res.Status))
	if res.Status == tool.StatusExecuted {
		b.WriteString(" " + res.Feedback())
	}
	for _, e := range res.Errors {
		b.WriteString(" | " + e.Code)
		if e.Path != "" {
			b.WriteString(" at " + e.Path)
		}
		b.WriteString(": " + e.Message())
	}
	return b.String()
}

// pyArgs renders the decoded arguments as the seed prints the call's args.
func pyArgs(args any) string {
	switch a := args.(type) {
	case MoveToArgs:
		return "{'x': " + formatNumber(a.X) + ", 'y': " + formatNumber(a.Y) + ", 'speed': " + formatNumber(a.Speed) + "}"
	case OpenDoorArgs:
		return "{'door': " + pyStr(a.Door) + "}"
	}
	return "{}"
}

func formatNumber(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

func pyStr(s string) string { return "'" + strings.ReplaceAll(s, "'", `\'`) + "'" }

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}
