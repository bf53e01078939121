package decodetest

import (
	"context"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/numbers"
	"github.com/toolgen-go/toolgen/internal/testkit/reference"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// TestSpelledBoundsThroughASet is the property that a struct tool's bounds
// and enums, written in its tags in e-notation (minimum=1e23), are checked
// exactly whatever the spelling of the number a model sends: for numbers
// drawn around each bound of SpelledArgs and spelled every way JSON allows,
// a Set executes exactly the calls the reference implementation accepts on
// the tool's schema, the map validator of tool.ParseArgs agrees, and the
// handler receives in a float64 field the float64 of the number and in an
// integer field the integer exactly.
func TestSpelledBoundsThroughASet(t *testing.T) {
	ref, err := reference.Compile(SpelledTool.Schema)
	require.NoError(t, err)
	var got SpelledArgs
	set := tool.NewSet(SpelledTool.Handle(func(_ context.Context, a SpelledArgs) (any, error) {
		got = a
		return "ok", nil
	}), tool.WithLogger(nil))
	fields := map[string][]string{
		"min": {"1e23"}, "max": {"1e308"}, "ex_max": {"8e24"}, "ex_min": {"0"}, "pick": {"6e24", "0.1"},
		"count": {"-1e18", "1e18"}, "step": {"1e3", "-1e15", "1e15"}, "ids": {"1e19", "9007199254740993"},
	}
	var names []string
	for name := range fields {
		names = append(names, name)
	}
	r := rand.New(rand.NewPCG(41, 42))
	executed, refused := 0, 0
	for range 6000 {
		name := names[r.IntN(len(names))]
		anchors := fields[name]
		var n numbers.Num
		for {
			n = numbers.Near(r, numbers.Parse(anchors[r.IntN(len(anchors))]))
			if r.IntN(8) == 0 {
				n = numbers.Random(r)
			}
			if n.InFloatRange() {
				break
			}
		}
		text := numbers.Spell(r, n)
		value := text
		if name == "ids" {
			value = "[" + text + "]"
		}
		raw := []byte(`{"` + name + `":` + value + `}`)
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
		require.NoError(t, err)
		want := ref.Validate(inst) == nil

		got = SpelledArgs{}
		res := set.Call(context.Background(), "spelled", raw)
		require.Equal(t, want, res.Status == tool.StatusExecuted, "%s: the Set says %s %v, the reference valid=%v", raw, res.Status, res.Errors, want)
		args, errs := tool.ParseArgs(raw)
		require.Empty(t, errs)
		require.Equal(t, want, ValidateSpelledArgs(args) == nil, "%s: the map validator", raw)
		if !want {
			refused++
			continue
		}
		executed++
		exact := n.Rat()
		var received *big.Rat
		switch name {
		case "count":
			received = new(big.Rat).SetInt64(got.Count)
		case "step":
			received = new(big.Rat).SetInt64(got.Step)
		case "ids":
			require.Len(t, got.IDs, 1)
			received = new(big.Rat).SetInt(new(big.Int).SetUint64(got.IDs[0]))
		default:
			f, err := strconv.ParseFloat(text, 64)
			require.NoError(t, err)
			fields := map[string]float64{"min": got.Min, "max": got.Max, "ex_max": got.ExMax, "ex_min": got.ExMin, "pick": got.Pick}
			require.Equal(t, f, fields[name], "%s: a float64 field receives the float64 of the number", raw)
			continue
		}
		require.Zero(t, received.Cmp(exact), "%s: an integer field receives %s", raw, received.RatString())
	}
	t.Logf("%d calls executed, %d refused", executed, refused)
	require.Positive(t, executed)
	require.Positive(t, refused)
}

// TestSpelledBoundsInstances are the instances the issue reported: a
// float64 view decided what the exact number did not.
func TestSpelledBoundsInstances(t *testing.T) {
	set := tool.NewSet(SpelledTool.Handle(func(context.Context, SpelledArgs) (any, error) { return "ok", nil }), tool.WithLogger(nil))
	for doc, want := range map[string]string{
		`{"min":1e23}`:                         "",
		`{"min":99999999999999991611392}`:      "minimum:min", // 1e23's float64
		`{"max":1e308}`:                        "",
		`{"max":1.0000000000000000001e308}`:    "maximum:max",
		`{"pick":6e24}`:                        "",
		`{"pick":6000000000000000000000000.0}`: "",
		`{"pick":5999999999999999999999999}`:   "enum:pick",
		`{"ex_max":8e24}`:                      "exclusiveMaximum:ex_max",
		`{"ex_max":7999999999999999999999999}`: "",
		`{"ex_min":1e-400}`:                    "",
		`{"ex_min":-0}`:                        "exclusiveMinimum:ex_min",
		`{"count":1e-400}`:                     "type:count",
		`{"count":1e3}`:                        "",
		`{"count":1.5e1}`:                      "",
		`{"count":1.0000000000000000001}`:      "type:count",
		`{"count":1000000000000000000.5}`:      "type:count",
		`{"step":2e3}`:                         "",
		`{"step":2.0005e3}`:                    "type:step",
		`{"ids":[1e19]}`:                       "",
		`{"ids":[9007199254740992]}`:           "enum:ids[0]",
	} {
		res := set.Call(context.Background(), "spelled", []byte(doc))
		if want == "" {
			require.Equal(t, tool.StatusExecuted, res.Status, "%s: %v", doc, res.Errors)
			continue
		}
		require.Equal(t, []string{want}, res.Errors.Codes(), doc)
		args, errs := tool.ParseArgs([]byte(doc))
		require.Empty(t, errs)
		require.Equal(t, []string{want}, ValidateSpelledArgs(args).Codes(), doc)
	}
	// What the handler receives.
	args, _ := tool.ParseArgs([]byte(`{"count":1.5e1,"step":-2e3,"ids":[1e19],"min":1e23}`))
	got, errs := DecodeSpelledArgs(args)
	require.Empty(t, errs)
	require.Equal(t, SpelledArgs{Count: 15, Step: -2000, IDs: []uint64{1e19}, Min: 1e23}, got)
}
