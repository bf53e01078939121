package arm

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/behaviourtest"
)

// TestBehaviour compares what the generated code of this package does with
// testdata/behaviour.txt, the part of the behaviour dump (see
// internal/behaviourtest) that examples/internal/behaviour cannot import;
// -update rewrites it.
func TestBehaviour(t *testing.T) {
	r := behaviourtest.New("./runtime/tool/internal/arm")
	behaviourtest.Tool(r, &MoveTool, DecodeMoveArgsJSON)
	behaviourtest.Tool(r, &ReleaseTool, DecodeReleaseArgsJSON)
	behaviourtest.Tool(r, &TuneTool, DecodeTuneArgsJSON)
	behaviourtest.ResultTool(r, &PositionTool, DecodePositionArgsJSON)
	behaviourtest.Output(r, &PlanOutput, DecodePlanJSON)
	r.Check(t, Tools, "testdata/behaviour.txt")
}
