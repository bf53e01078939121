package tool_test

import (
	"fmt"

	"github.com/toolgen-go/toolgen/runtime/tool/internal/arm"
)

// A structured output streamed as text deltas: each snapshot holds the
// members read whole, and the string being written so far.
func ExampleStream_Snapshot() {
	st := arm.PlanOutput.Stream()
	for _, delta := range []string{`{"moves":[{"x":1,"y":2},`, `{"x":3,"y":4}],"rea`, `son":"clear the tab`, `le"}`} {
		if _, err := st.Write([]byte(delta)); err != nil {
			fmt.Println("rejected:", err)
			return
		}
		plan, p := st.Snapshot()
		fmt.Printf("moves %v (first complete %v, all %v), writing %v %q, ended %v\n",
			plan.Moves, p.IsComplete("/moves/0"), p.IsComplete("/moves"), p.Writing, p.Partial, p.Ended)
	}
	plan, errs := st.Close()
	fmt.Println(plan.Reason, errs == nil)
	// Output:
	// moves [] (first complete true, all false), writing [/moves /moves/1] "", ended false
	// moves [{1 2 0} {3 4 0}] (first complete true, all true), writing [] "", ended false
	// moves [{1 2 0} {3 4 0}] (first complete true, all true), writing [/reason] "clear the tab", ended false
	// moves [{1 2 0} {3 4 0}] (first complete true, all true), writing [] "", ended true
	// clear the table true
}
