package tool_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/tool/internal/arm"
)

// An application tells what became of a call by its status and, for a call
// that did not execute, by the code of its first error: every code it
// compares is a constant of type Code.
func ExampleCode() {
	set := tool.NewSet(
		arm.MoveTool.Handle(func(ctx context.Context, a arm.MoveArgs) (any, error) {
			if a.X > 5 {
				<-ctx.Done() // the arm is stuck
				return nil, ctx.Err()
			}
			return nil, errors.New("the arm is switched off")
		}),
		tool.WithTimeout(10*time.Millisecond),
		quiet,
	)
	ctx := context.Background()
	for _, args := range []string{`{"x": 1, "y": 1}`, `{"x": 9, "y": 1}`, `{"x": 1`} {
		res := set.Call(ctx, "move", []byte(args), tool.RequestID("move-"+args))
		if res.Status == tool.StatusExecuted {
			continue
		}
		switch code := res.Errors[0].Code; code {
		case tool.CodeToolError:
			fmt.Println(res.Status, code, "- the handler said:", res.Err)
		case tool.CodeTimeout, tool.CodeCanceled:
			fmt.Println(res.Status, code, "- retry later")
		case tool.CodeBadJSON, tool.CodeBadNumber, tool.CodeBadShape:
			fmt.Println(res.Status, code, "- the model is told to send one JSON object")
		}
	}
	// Output:
	// failed tool_error - the handler said: the arm is switched off
	// failed timeout - retry later
	// rejected bad_json - the model is told to send one JSON object
}
