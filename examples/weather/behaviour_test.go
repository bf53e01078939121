package main

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/testkit/dump"
)

// TestBehaviour compares what the generated code of this package does with
// the dump in examples/internal/behaviour (a main package cannot be
// imported there); -update rewrites it.
func TestBehaviour(t *testing.T) {
	r := dump.New("./examples/weather")
	dump.Tool(r, &GetWeatherTool, DecodeGetWeatherArgsJSON)
	dump.Tool(r, &CurrentWeatherTool, DecodeCurrentWeatherArgsJSON)
	dump.Tool(r, &AddTool, DecodeAddArgsJSON)
	r.Check(t, Tools, "../internal/behaviour/testdata/weather.txt")
}
