package main

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/testkit/dump"
)

// TestBehaviour compares what the generated code of this package does with
// the dump in examples/internal/behaviour (a main package cannot be
// imported there); -update rewrites it.
func TestBehaviour(t *testing.T) {
	r := dump.New("./examples/extract")
	dump.Output(r, &ItineraryOutput, DecodeItineraryJSON)
	r.Check(t, nil, "../internal/behaviour/testdata/extract.txt")
}
