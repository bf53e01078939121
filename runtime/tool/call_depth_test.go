package tool

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgen-go/toolgen/internal/value"
)

// cyclic is a map type that can hold itself.
type cyclic map[string]cyclic

// cyclicList is a slice type that can hold itself.
type cyclicList []cyclicList

// unwalkable are values built by hand that no walk can follow to the end:
// cycles through maps and slices, untyped and typed, and values nested a
// million levels deep.
func unwalkable() map[string]any {
	m := map[string]any{}
	m["self"] = m
	fan := map[string]any{}
	fan["a"], fan["b"] = fan, fan
	l := []any{nil, 1.0}
	l[0] = l
	c := cyclic{}
	c["self"] = c
	cl := cyclicList{nil}
	cl[0] = cl
	var deepList any = 1.0
	for range 1_000_000 {
		deepList = []any{deepList}
	}
	var deepMap any = "leaf"
	for range 100_000 {
		deepMap = map[string]any{"k": deepMap}
	}
	var deepTyped any = []cyclicList{}
	for range 100_000 {
		deepTyped = []any{deepTyped}
	}
	return map[string]any{"cyclic map": m, "cyclic map, two ways": fan, "cyclic slice": l, "cyclic typed map": c,
		"cyclic typed slice": cl, "1e6-deep list": deepList, "1e5-deep map": deepMap, "1e5-deep list of typed": deepTyped}
}

// TestUnwalkableValues: every walk the runtime makes over a value built by
// hand stops at 128 levels with a depth error: the canonical form behind
// approvals and request ids, the fallback decode through encoding/json,
// and validators comparing values with Equal and Duplicate, whether they
// recover the depth panic themselves or leave it to the set.
func TestUnwalkableValues(t *testing.T) {
	var c counter
	unique := func(recoverDepth bool) func(map[string]any) Errors {
		return func(args map[string]any) (errs Errors) {
			if recoverDepth {
				defer recoverTooDeep(&errs)
			}
			if items, ok := value.List(args["value"]); ok {
				if _, _, dup := value.Duplicate(items); dup {
					errs = append(errs, Error{Code: "uniqueItems", Path: "/value", Name: "value"})
				}
			}
			return errs
		}
	}
	// keep validates, then keeps the value as it is, as a generated
	// decoder does for a field of type any.
	keep := func(validate func(map[string]any) Errors) func(map[string]any) (valueArgs, Errors) {
		return func(args map[string]any) (valueArgs, Errors) {
			if errs := validate(args); errs != nil {
				return valueArgs{}, errs
			}
			return valueArgs{args["value"]}, nil
		}
	}
	defs := []Def[valueArgs]{
		valueDef, // dangerous: identified for its approval
		{Tool: Tool{Name: "request"}, Decode: keep(func(map[string]any) Errors { return nil })}, // identified for its request id
		{Tool: Tool{Name: "json", Idempotent: true}},                                            // decoded through encoding/json
		{Tool: Tool{Name: "unique", Idempotent: true}, Decode: keep(unique(false))},
		{Tool: Tool{Name: "unique-recovered", Idempotent: true}, Decode: keep(unique(true))},
	}
	var opts []Option
	for i := range defs {
		opts = append(opts, defs[i].Handle(c.value))
	}
	set := NewSet(append(opts, WithLogger(nil))...)
	ctx := context.Background()
	for name, v := range unwalkable() {
		for _, d := range defs {
			for i, args := range []map[string]any{
				{"value": v},
				{"value": []any{v, v}},
				{"value": append(append([]any{v}, fillers...), v)}, // bucketed by the canonical form
			} {
				if i == 0 && (d.Name == "unique" || d.Name == "unique-recovered") {
					continue // its items need no deep comparison
				}
				var res Result
				require.NotPanics(t, func() { res = set.CallArgs(ctx, d.Name, args, RequestID("r")) }, "%s %s", name, d.Name)
				require.Equal(t, StatusRejected, res.Status, "%s %s", name, d.Name)
				assert.Equal(t, []string{string(CodeDepth)}, codesOf(res.Errors), "%s %s", name, d.Name)
			}
		}
		assert.Equal(t, Errors{tooDeep()}, validated(func() { value.Equal(v, v) }), name)
	}
	assert.Zero(t, c.n.Load())
}

// TestDepthBoundary: values up to the bound are walked; one more level is
// a depth error. Comparisons, as validators make them, stop at 128 levels;
// the identification of a call at the parse limit, so that whatever parses
// can be approved.
func TestDepthBoundary(t *testing.T) {
	nest := func(n int) any {
		var v any = 1.0
		for range n {
			v = []any{v}
		}
		return v
	}
	var c counter
	set := NewSet(valueDef.Handle(c.value), WithLogger(nil))
	ok := set.CallArgs(context.Background(), "value", map[string]any{"value": nest(maxNesting - 1)})
	assert.Equal(t, StatusNeedsConfirmation, ok.Status)
	deep := set.CallArgs(context.Background(), "value", map[string]any{"value": nest(maxNesting)})
	assert.Equal(t, StatusRejected, deep.Status)
	assert.Equal(t, "the arguments nest deeper than 512 levels, or hold a value that contains itself", deep.Errors[0].Reason)
	raw := `{"value": ` + strings.Repeat("[", maxNesting-1) + strings.Repeat("]", maxNesting-1) + `}`
	parsed := set.Call(context.Background(), "value", []byte(raw))
	assert.Equal(t, StatusNeedsConfirmation, parsed.Status, "any call that parses can be approved")
	token := parsed.Approval
	assert.Equal(t, StatusExecuted, set.Call(context.Background(), "value", []byte(raw), Approve(token)).Status)
	jsonDef := Def[valueArgs]{Tool: Tool{Name: "json", Idempotent: true}}
	fallback := NewSet(jsonDef.Handle(c.value), WithLogger(nil))
	assert.Equal(t, StatusExecuted, fallback.CallArgs(context.Background(), "json", map[string]any{"Value": nest(maxNesting - 1)}).Status)
	assert.Equal(t, []string{string(CodeDepth)}, codesOf(fallback.CallArgs(context.Background(), "json", map[string]any{"Value": nest(maxNesting)}).Errors))
	assert.Nil(t, validated(func() { value.Equal(nest(value.MaxDepth), nest(value.MaxDepth)) }))
	assert.NotNil(t, validated(func() { value.Equal(nest(value.MaxDepth+1), nest(value.MaxDepth+1)) }))
}

func codesOf(errs Errors) []string {
	var codes []string
	for _, e := range errs {
		codes = append(codes, string(e.Code))
	}
	return codes
}

// BenchmarkCallArgsUnwalkable measures the rejection of a dangerous call
// whose argument is a million levels deep: the walk stops at 128 levels.
func BenchmarkCallArgsUnwalkable(b *testing.B) {
	var v any = 1.0
	for range 1_000_000 {
		v = []any{v}
	}
	var c counter
	set := NewSet(valueDef.Handle(c.value), WithLogger(nil))
	args := map[string]any{"value": v}
	b.ReportAllocs()
	for b.Loop() {
		if res := set.CallArgs(context.Background(), "value", args); res.Errors[0].Code != CodeDepth {
			b.Fatal(res.Errors)
		}
	}
}
