package arm

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/testkit/dump"
)

// TestBehaviour compares what the generated code of this package does with
// testdata/behaviour.txt, the part of the behaviour dump (see
// internal/testkit/dump) that examples/internal/behaviour cannot import;
// -update rewrites it.
func TestBehaviour(t *testing.T) {
	r := dump.New("./runtime/tool/internal/arm")
	dump.Tool(r, &MoveTool, DecodeMoveArgsJSON)
	dump.Tool(r, &ReleaseTool, DecodeReleaseArgsJSON)
	dump.Tool(r, &GripTool, DecodeGripArgsJSON)
	dump.Tool(r, &TuneTool, DecodeTuneArgsJSON)
	dump.ResultTool(r, &PositionTool, DecodePositionArgsJSON)
	dump.Output(r, &PlanOutput, DecodePlanJSON)
	r.Check(t, Tools, "testdata/behaviour.txt")
}
