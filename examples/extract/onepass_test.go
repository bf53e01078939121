package main

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/testkit/onepass"
)

// onePass holds the package's structured output to the stream properties
// (see internal/testkit/onepass): for any split of an answer,
// OutputDef.Stream's Close returns what ParseBytes returns.
var onePass = onepass.Table{Seed: 27, Outputs: []onepass.Output{
	onepass.OfOutput(&ItineraryOutput),
}}

func TestStream(t *testing.T) { onePass.TestStream(t) }
