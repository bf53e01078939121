package corpus

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/testkit/onepass"
)

// onePass holds the package's tools to the one-pass differential test: for
// calls drawn from each tool's schema, written and broken the ways models
// write and break JSON, and for the fuzzer's bytes, DecodeTJSON returns
// what ParseArgs and DecodeT return.
var onePass = onepass.Table{Seed: 26, Tools: []onepass.Tool{
	onepass.Of(&PricingTool),
	onepass.Of(&OrderTool),
	onepass.Of(&TreeTool),
	onepass.Of(&LabelTool),
	onepass.Of(&ContactTool),
	onepass.Of(&PingTool),
	onepass.Of(&AuditTool),
	onepass.Of(&SignupTool),
	onepass.Of(&SurveyTool),
	onepass.Of(&ShipTool.Def),
}}

func TestOnePass(t *testing.T) { onePass.Test(t) }

func FuzzOnePass(f *testing.F) { onePass.Fuzz(f) }
