package main

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/testkit/dump"
)

// TestBehaviour compares what the generated code of this package does with
// the dump in examples/internal/behaviour (a main package cannot be
// imported there); -update rewrites it.
func TestBehaviour(t *testing.T) {
	r := dump.New("./examples/robot")
	dump.Tool(r, &GetBatteryTool, DecodeGetBatteryArgsJSON)
	dump.Tool(r, &MoveToTool, DecodeMoveToArgsJSON)
	dump.Tool(r, &OpenDoorTool, DecodeOpenDoorArgsJSON)
	r.Check(t, Tools, "../internal/behaviour/testdata/robot.txt")
}
