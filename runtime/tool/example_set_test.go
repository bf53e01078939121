package tool_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/tool/internal/arm"
)

// quiet is the audit log of the examples: none. An application passes its
// own logger with tool.WithLogger; without one, a Set logs to slog.Default.
var quiet = tool.WithLogger(slog.New(slog.DiscardHandler))

// A Set runs a model's tool calls: it parses the arguments, checks them with
// the generated validator, decodes them into the tool's struct, and calls
// the handler bound to the tool. A call it refuses never reaches a handler;
// its Feedback tells the model what to correct.
func ExampleNewSet() {
	set := tool.NewSet(
		arm.MoveTool.Handle(func(ctx context.Context, a arm.MoveArgs) (any, error) {
			return fmt.Sprintf("moved to (%g, %g)", a.X, a.Y), nil
		}),
		quiet,
	)
	ctx := context.Background()

	res := set.Call(ctx, "move", []byte(`{"x": 3, "y": 4}`))
	fmt.Println(res.Status, res.Output)

	res = set.Call(ctx, "move", []byte(`{"x": 3, "y": 40, "speed": "fast"}`))
	fmt.Println(res.Status, res.Errors.Codes())
	fmt.Println(res.Feedback())

	res = set.Call(ctx, "format_disk", []byte(`{}`))
	fmt.Println(res.Status, res.Errors.Codes())
	// Output:
	// executed moved to (3, 4)
	// rejected [maximum:y type:speed]
	// The call to move was rejected and not executed:
	// - argument 'y' should be <= 10, got 40
	// - argument 'speed' should be number, got string "fast"
	// Correct the arguments and call the tool again.
	// rejected [unknown_tool:format_disk]
}

// Handle binds a function to a tool. The function gets the arguments as the
// tool's struct, decoded by the generated DecodeT: the compiler checks that
// it takes the right type.
func ExampleDef_Handle() {
	move := arm.MoveTool.Handle(func(ctx context.Context, a arm.MoveArgs) (any, error) {
		return a, nil
	})
	set := tool.NewSet(move, quiet)
	res := set.Call(context.Background(), "move", []byte(`{"x": 1.5, "y": 2, "speed": 0.25}`))
	fmt.Printf("%#v\n", res.Output)
	// Output:
	// arm.MoveArgs{X:1.5, Y:2, Speed:0.25}
}

// A dangerous tool runs only once a person approved that exact call: the
// first call returns needs_confirmation and a token; the application shows
// the call to a person and, on their approval, calls again with Approve.
// The model cannot approve a call: the token never goes to it.
func ExampleApprove() {
	released := 0
	set := tool.NewSet(
		arm.ReleaseTool.Handle(func(ctx context.Context, _ arm.ReleaseArgs) (any, error) {
			released++
			return "released", nil
		}),
		quiet,
	)
	ctx := context.Background()

	res := set.Call(ctx, "release", []byte(`{}`), tool.CallID("call_1"))
	fmt.Println(res.Status, released)
	fmt.Println(res.Feedback())

	// ... a person approves ...
	res = set.Call(ctx, "release", []byte(`{}`), tool.CallID("call_1"), tool.Approve(res.Approval))
	fmt.Println(res.Status, released)
	// Output:
	// needs_confirmation 0
	// The call to release needs a person's approval and has not been executed.
	// Do not repeat the call: tell the user what you want to do and why; the application runs it once a person approves it.
	// executed 1
}

// Ask has a person answer within the call: the approver reads what the
// call would do, and a yes runs it once through the set's token (a no
// declines it). An adapter's run call takes the same option.
func ExampleAsk() {
	set := tool.NewSet(
		arm.ReleaseTool.Handle(func(ctx context.Context, _ arm.ReleaseArgs) (any, error) { return "released", nil }),
		quiet,
	)
	person := func(ctx context.Context, req tool.ApprovalRequest) (bool, error) {
		fmt.Println(req.Confirmation)
		return true, nil // the person said yes
	}
	res := set.Call(context.Background(), "release", []byte(`{}`), tool.CallID("call_1"), tool.Ask(person))
	fmt.Println(res.Status, res.Output)
	// Output:
	// Allow release to run? Opens the gripper: what it holds falls.
	// Arguments: none
	// executed released
}

// An approver reads the typed arguments, as the handler gets them, in Args:
// here a gentle grip needs no person, a strong one is put to the operator
// (who says no). Arguments holds the same call as read, json.Number and all.
func ExampleApprovalRequest() {
	set := tool.NewSet(
		arm.GripTool.Handle(func(ctx context.Context, a arm.GripArgs) (any, error) {
			return fmt.Sprintf("gripped at %d N", a.Force), nil
		}),
		quiet,
	)
	operator := func(ctx context.Context, req tool.ApprovalRequest) (bool, error) {
		if grip, ok := req.Args.(arm.GripArgs); ok && grip.Force <= 50 {
			return true, nil // gentle: no need to ask
		}
		fmt.Println(req.Confirmation)
		return false, nil // the operator said no
	}
	ctx := context.Background()
	for i, raw := range []string{`{"force": 20}`, `{"force": 300}`} {
		res := set.Call(ctx, "grip", []byte(raw), tool.CallID(fmt.Sprint("call_", i)), tool.Ask(operator))
		fmt.Println(res.Status, res.Output, res.Errors.Codes())
	}
	// Output:
	// executed gripped at 20 N []
	// Allow grip to run? Closes the gripper on what lies under it: too strong a grip crushes it.
	// Arguments:
	// - force: 300
	// rejected <nil> [declined:grip]
}

// A handler's error reaches the model verbatim unless WithToolErrorText
// says what it reads: here the errors meant for the model pass, the others
// (a database address) become a plain sentence. Result.Err and the audit
// record keep the error itself.
func ExampleWithToolErrorText() {
	errJammed := errors.New("the arm is jammed: clear the workspace first")
	set := tool.NewSet(
		arm.MoveTool.Handle(func(ctx context.Context, a arm.MoveArgs) (any, error) {
			if a.X > 5 {
				return nil, errJammed
			}
			return nil, errors.New("dial postgres://arm:s3cret@10.0.3.7:5432/arm: connection refused")
		}),
		tool.WithToolErrorText(func(name string, err error) string {
			if errors.Is(err, errJammed) {
				return err.Error()
			}
			return "an internal error; choose another action"
		}),
		quiet,
	)
	ctx := context.Background()
	for _, raw := range []string{`{"x": 6, "y": 1}`, `{"x": 1, "y": 1}`} {
		res := set.Call(ctx, "move", []byte(raw))
		fmt.Println(res.Feedback())
		fmt.Println("Err:", res.Err)
	}
	// Output:
	// The call to move failed:
	// - the tool failed: the arm is jammed: clear the workspace first
	// Do not repeat the same call unchanged more than once; choose another action if it fails again.
	// Err: the arm is jammed: clear the workspace first
	// The call to move failed:
	// - the tool failed: an internal error; choose another action
	// Do not repeat the same call unchanged more than once; choose another action if it fails again.
	// Err: dial postgres://arm:s3cret@10.0.3.7:5432/arm: connection refused
}

// A policy is a rule of the application over a valid call, with the typed
// arguments and whatever state the application has: here, a speed limit
// while a person is near. A denial's code and reason go to the model.
func ExamplePolicyFor() {
	personNear := true
	set := tool.NewSet(
		arm.MoveTool.Handle(func(ctx context.Context, a arm.MoveArgs) (any, error) { return "moved", nil }),
		tool.WithPolicy(tool.PolicyFor(&arm.MoveTool, func(ctx context.Context, a arm.MoveArgs) error {
			if personNear && a.Speed > 0.3 {
				return tool.Deny("speed_limit", "speed is limited to 0.3 while a person is near")
			}
			return nil
		})),
		quiet,
	)
	res := set.Call(context.Background(), "move", []byte(`{"x": 1, "y": 1, "speed": 0.8}`))
	fmt.Println(res.Status, res.Errors.Codes())
	fmt.Println(res.Feedback())
	// Output:
	// rejected [speed_limit:move]
	// The call to move was refused by the application and not executed:
	// - speed is limited to 0.3 while a person is near
	// Do not repeat this call; choose another action, or ask the user.
}

// A Guard bounds an agent loop: steps, time, the same failing call made
// again and again, and the calls of one step. Here the model's one turn
// repeats a call the validator refuses, then asks to move: the third
// failure stops the loop, and the calls after it are answered, not run.
func ExampleGuard() {
	moves := 0
	set := tool.NewSet(arm.MoveTool.Handle(func(ctx context.Context, a arm.MoveArgs) (any, error) { moves++; return "moved", nil }), quiet)
	guard := tool.NewGuard(tool.Limits{MaxSteps: 10, MaxRepeats: 2})
	turn := []string{`{"x": 30, "y": 1}`, `{"x": 30, "y": 1}`, `{"x": 30, "y": 1}`, `{"x": 3, "y": 1}`} // the model's calls
	if guard.Step() == nil {
		for _, args := range turn {
			res := guard.Call(context.Background(), set, "move", []byte(args))
			fmt.Println(res.Status, res.Errors.Codes())
		}
	}
	fmt.Println("stop:", guard.Err())
	fmt.Println("moves:", moves)
	// Output:
	// rejected [maximum:x]
	// rejected [maximum:x]
	// rejected [maximum:x]
	// rejected [stopped:move]
	// stop: the same failing call to move was made 3 times; it is not retried again
	// moves: 0
}

// For gives the tools array of a request, in the form each provider takes:
// here OpenAI's Chat Completions tools. Each tool is in the strictest form
// the provider accepts: tune's map has no form in OpenAI's strict mode, so
// tune goes with "strict": false, and its definition says why.
func ExampleTools_For() {
	tools := tool.Tools{&arm.MoveTool.Tool, &arm.TuneTool.Tool}
	raw, err := tools.For(tool.OpenAI)
	if err != nil {
		panic(err)
	}
	var defs []struct {
		Function struct {
			Name   string
			Strict bool
		}
	}
	if err := json.Unmarshal(raw, &defs); err != nil {
		panic(err)
	}
	for i, d := range defs {
		def := tools[i].Dialects.OpenAI
		fmt.Printf("%s strict=%v form=%s\n", d.Function.Name, d.Function.Strict, def.Form)
		if def.Fallback != "" {
			fmt.Println("  fallback:", def.Fallback)
		}
	}
	// Output:
	// move strict=true form=openai
	// tune strict=false form=openai-nonstrict
	//   fallback: OpenAI strict mode cannot express a map at #/properties/params
}
