package main

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/testkit/onepass"
)

// onePass holds write_file to the one-pass differential test and the
// stream properties (see internal/testkit/onepass).
var onePass = onepass.Table{Seed: 19, Tools: []onepass.Tool{onepass.Of(&WriteFileTool)}}

func TestOnePass(t *testing.T) { onePass.Test(t) }

func FuzzOnePass(f *testing.F) { onePass.Fuzz(f) }

func TestStream(t *testing.T) { onePass.TestStream(t) }

func FuzzStream(f *testing.F) { onePass.FuzzStream(f) }
