package agent

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/testkit/onepass"
)

// onePass holds the package's tools to the one-pass differential test: for
// calls drawn from each tool's schema, written and broken the ways models
// write and break JSON, and for the fuzzer's bytes, DecodeTJSON returns
// what ParseArgs and DecodeT return.
var onePass = onepass.Table{Seed: 21, Tools: []onepass.Tool{
	onepass.Of(&ReadFileTool),
	onepass.Of(&SearchDocsTool),
	onepass.Of(&CreateEventTool),
	onepass.Of(&SQLQueryTool),
	onepass.Of(&RunCommandTool),
	onepass.Of(&HTTPRequestTool),
	onepass.Of(&ListIssuesTool),
}}

func TestOnePass(t *testing.T) { onePass.Test(t) }

func FuzzOnePass(f *testing.F) { onePass.Fuzz(f) }
