package main

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/testkit/onepass"
)

// onePass holds the package's tools to the one-pass differential test (see
// internal/testkit/onepass).
var onePass = onepass.Table{Seed: 25, Tools: []onepass.Tool{
	onepass.Of(&GetWeatherTool),
	onepass.Of(&CurrentWeatherTool),
	onepass.Of(&AddTool),
}}

func TestOnePass(t *testing.T) { onePass.Test(t) }

func FuzzOnePass(f *testing.F) { onePass.Fuzz(f) }

// TestStream and FuzzStream hold the same tools to the stream properties:
// any split, the one pass's verdict; no valid prefix rejected.
func TestStream(t *testing.T) { onePass.TestStream(t) }

func FuzzStream(f *testing.F) { onePass.FuzzStream(f) }
