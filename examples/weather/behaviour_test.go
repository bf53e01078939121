package main

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/behaviourtest"
)

// TestBehaviour compares what the generated code of this package does with
// the dump in examples/internal/behaviour (a main package cannot be
// imported there); -update rewrites it.
func TestBehaviour(t *testing.T) {
	r := behaviourtest.New("./examples/weather")
	behaviourtest.Tool(r, &GetWeatherTool, DecodeGetWeatherArgsJSON)
	behaviourtest.Tool(r, &CurrentWeatherTool, DecodeCurrentWeatherArgsJSON)
	behaviourtest.Tool(r, &AddTool, DecodeAddArgsJSON)
	r.Check(t, Tools, "../internal/behaviour/testdata/weather.txt")
}
