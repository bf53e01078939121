// Package onepass is the differential test of the one-pass decode: for any
// bytes, a tool's Decoder reading them in one pass (what DecodeTJSON and a
// Set call) must return what tool.ParseArgs and then the Decoder on the map
// (what DecodeT calls) return: the same value, or the same errors (codes,
// paths, order, messages), with the default limit on errors and with a
// limit of 1 and of 3. And where the map's validation (Validate) rejects a call, the
// decoding must reject it with the same errors.
//
// A package with generated tools lists them in a Table; its test and its
// fuzz target are one line each:
//
//	var onePass = onepass.Table{Seed: 26, Tools: []onepass.Tool{
//		onepass.Of(&PricingTool), onepass.Of(&OrderTool),
//	}}
//
//	func TestOnePass(t *testing.T) { onePass.Test(t) }
//	func FuzzOnePass(f *testing.F) { onePass.Fuzz(f) }
package onepass

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/toolcalls"
	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// Tool is a row of a Table: a tool, whatever the Go type of its arguments.
type Tool struct {
	name   string
	schema []byte
	check  func(tb testing.TB, raw []byte) tool.Errors // nil without a Decoder
	stream func(tb testing.TB, raw []byte, ends []int) bool
	whole  func(raw []byte) (any, tool.Errors)
}

// Of is the row of def, a tool with a generated Decoder.
func Of[T any](def *tool.Def[T]) Tool {
	row := Tool{name: def.Name, schema: def.Schema}
	if def.Decoder != nil {
		row.check = func(tb testing.TB, raw []byte) tool.Errors { return check(tb, def, raw) }
		row.stream = func(tb testing.TB, raw []byte, ends []int) bool { return checkStream(tb, def, raw, ends, false) }
		row.whole = func(raw []byte) (any, tool.Errors) { return def.Decoder(nil, raw, nil, 0) }
	}
	return row
}

// OfRecursive is the row of def, a tool with a generated Decoder whose
// arguments' type is recursive (a tree): its decode function returns the
// value whole, which a stream's snapshots show only once the arguments
// have arrived (see Stream.Snapshot).
func OfRecursive[T any](def *tool.Def[T]) Tool {
	row := Of(def)
	row.stream = func(tb testing.TB, raw []byte, ends []int) bool { return checkStream(tb, def, raw, ends, true) }
	return row
}

// Table is the tools of a package under the one-pass test.
type Table struct {
	// Seed draws the calls of Test and the seeds of Fuzz: one per package,
	// so that the packages' draws differ.
	Seed  uint64
	Tools []Tool
	// Outputs are structured outputs, which TestStream streams through
	// OutputDef.Stream.
	Outputs []Output
}

// CallsPerTool is how many calls Test draws from each tool's schema.
const CallsPerTool = 1500

// fuzzSeeds is how many of those calls seed Fuzz, per tool.
const fuzzSeeds = 8

// Test checks each tool (a subtest named for it) on CallsPerTool calls
// drawn from its schema by toolcalls.Raw: valid, broken in one or more places,
// written the ways models and libraries write JSON and some broken the ways
// a model's output breaks. Among them must be valid calls and calls that do
// not parse, so that a draw that reaches only one end fails. It logs how
// many calls of each class it checked: valid, invalid, parse.
func (tab Table) Test(t *testing.T) {
	require.NotEmpty(t, tab.Tools, "a table without tools")
	for _, row := range tab.Tools {
		t.Run(row.name, func(t *testing.T) {
			require.NotNil(t, row.check, "%s has no Decoder", row.name)
			raws, err := toolcalls.Raw(row.schema, CallsPerTool, tab.Seed)
			require.NoError(t, err)
			classes := map[string]int{}
			for _, raw := range raws {
				classes[classOf(row.check(t, raw))]++
			}
			t.Logf("%v", classes)
			assert.Positive(t, classes["valid"], "valid calls")
			assert.Positive(t, classes["parse"], "calls that do not parse")
		})
	}
}

// Fuzz is the fuzz target of the table: the first byte of an input picks
// the tool, the rest is the call. Its seeds are, for each tool, the first
// calls Test draws and a few bare shapes.
func (tab Table) Fuzz(f *testing.F) {
	require.NotEmpty(f, tab.Tools, "a table without tools")
	for i, row := range tab.Tools {
		require.NotNil(f, row.check, "%s has no Decoder", row.name)
		raws, err := toolcalls.Raw(row.schema, fuzzSeeds, tab.Seed)
		require.NoError(f, err)
		for _, raw := range append(raws, []byte(`{}`), []byte(`{"a":`), []byte(`[]`)) {
			f.Add(append([]byte{byte(i)}, raw...))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		tab.Tools[int(data[0])%len(tab.Tools)].check(t, data[1:])
	})
}

// classOf names the class of a call by its errors.
func classOf(errs tool.Errors) string {
	switch {
	case errs == nil:
		return "valid"
	case len(errs) == 1 && (errs[0].Code == tool.CodeBadJSON || errs[0].Code == tool.CodeBadNumber || errs[0].Code == tool.CodeBadShape):
		return "parse"
	}
	return "invalid"
}

// Check compares dec's one pass on raw with the map path, with the default
// limit on errors and limits of 1 and 3, and returns the errors.
func Check[T any](tb testing.TB, dec func(args map[string]any, raw []byte, feed *toolimpl.Feed, maxErrors int) (T, tool.Errors), raw []byte) tool.Errors {
	tb.Helper()
	var errs tool.Errors
	for _, limit := range []int{0, 1, 3} {
		var want T
		args, wantErrs := tool.ParseArgs(raw)
		if wantErrs == nil {
			want, wantErrs = dec(args, nil, nil, limit)
		}
		got, gotErrs := dec(nil, raw, nil, limit)
		if !assert.ObjectsAreEqual(wantErrs, gotErrs) {
			require.Equal(tb, wantErrs.Messages(), gotErrs.Messages(), "messages for %q, limit %d", raw, limit)
			require.Equal(tb, wantErrs, gotErrs, "errors for %q, limit %d", raw, limit)
		}
		require.Equal(tb, want, got, "value of %q", raw)
		if limit == 0 {
			errs = gotErrs
		}
	}
	return errs
}

// check is Check on def's Decoder, and then compares def's Validate with the
// decoding: a call Validate rejects, the decoding rejects with the same
// errors (a call Validate accepts may still fail the decoding, on an error
// of the Go type, which Validate does not know).
func check[T any](tb testing.TB, def *tool.Def[T], raw []byte) tool.Errors {
	tb.Helper()
	errs := Check(tb, def.Decoder, raw)
	if def.Validate == nil {
		return errs
	}
	args, parseErrs := tool.ParseArgs(raw)
	if parseErrs != nil {
		return errs
	}
	if verdict := def.Validate(args); verdict != nil {
		require.Equal(tb, verdict, errs, "Validate and the decoding of %q", raw)
	}
	return errs
}
