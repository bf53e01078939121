package main

import (
	"os"
	"testing"

	"github.com/toolgen-go/toolgen/internal/testkit/dump"
)

// TestBehaviour compares what the generated code of this package does with
// the dump in examples/internal/behaviour (a main package cannot be
// imported there); -update rewrites it.
func TestBehaviour(t *testing.T) {
	r := dump.New("./examples/planner")
	dump.Tool(r, &PlanEventTool, DecodePlanEventArgsJSON)
	dump.Tool(r, &SaveOutlineTool, DecodeSaveOutlineArgsJSON)
	outline, err := os.ReadFile("outline.json")
	if err != nil {
		t.Fatal(err)
	}
	dump.Validator(r, "outline", outline, ValidateOutline)
	r.Check(t, Tools, "../internal/behaviour/testdata/planner.txt")
}
