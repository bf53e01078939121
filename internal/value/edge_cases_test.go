package value

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Edge cases found by review: each was a bug, fixed since.

// List's fast path returns a nil []any as an array, while a nil
// map[string]any is not an object and a nil typed slice is not an array.
// encoding/json writes a nil []any as null.
func TestListNilAnySlice(t *testing.T) {
	got, ok := List([]any(nil))
	assert.False(t, ok)
	assert.Nil(t, got)
	assert.Equal(t, "null", TypeName([]any(nil)))
	assert.Equal(t, "null", Show([]any(nil)))
	assert.True(t, Equal(nil, []any(nil)))
	assert.False(t, Equal([]any(nil), []any{}))
}

// Equal(nil, typedNil) is true but Equal(typedNil, nil) is false: the nil
// case only looks at the left operand. Equal is not even reflexive for a
// nil map[string]any. Duplicate inherits the asymmetry.
func TestEqualTypedNilAsymmetric(t *testing.T) {
	for _, typedNil := range []any{map[string]any(nil), map[string]int(nil), []int(nil), (*int)(nil)} {
		assert.True(t, Equal(nil, typedNil), "Equal(nil, %#v)", typedNil)
		assert.True(t, Equal(typedNil, nil), "Equal(%#v, nil)", typedNil)
		assert.True(t, Equal(typedNil, typedNil), "Equal(%#v, itself)", typedNil)
	}
	_, _, found := Duplicate([]any{nil, map[string]any(nil)})
	assert.True(t, found)
	_, _, found = Duplicate([]any{map[string]any(nil), nil})
	assert.True(t, found, "order must not matter")
}

// bucketKey formats -0 as "n-0" and 0 as "n0", so equal numbers land in
// different buckets and lists of more than 32 items miss the duplicate that
// the short-list path finds. encoding/json decodes the literal -0 to -0.0.
func TestDuplicateNegativeZeroLargeList(t *testing.T) {
	var items []any
	require.NoError(t, json.Unmarshal([]byte(
		`[0,-0,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33]`), &items))
	require.True(t, math.Signbit(items[1].(float64)))
	require.True(t, Equal(items[0], items[1]))

	i, j, found := Duplicate(items[:32])
	assert.Equal(t, []any{0, 1, true}, []any{i, j, found}, "short path")
	i, j, found = Duplicate(items)
	assert.Equal(t, []any{0, 1, true}, []any{i, j, found}, "bucketed path")
	assert.Equal(t, canonicalKey(0.0), canonicalKey(negZero))
}

// Show promises "numbers as JSON writes them", but formats with 'g', which
// switches to exponents from 1e21 down to 1e6 and below 1e-4, and goes
// through float64 for integers.
func TestShowNumbersAsJSONWrites(t *testing.T) {
	for _, v := range []any{
		1000000, 1e6, 123456789.0, 1e20, 0.00001, 0.000123,
		int64(9007199254740993), uint64(math.MaxUint64),
	} {
		want, err := json.Marshal(v)
		require.NoError(t, err)
		assert.Equal(t, string(want), Show(v), "Show(%T %v)", v, v)
	}
}

// Number accepts a json.Number in Go float syntax that is no JSON number:
// hexadecimal, underscores, a leading +, a leading or trailing dot, leading
// zeros.
func TestNumberAcceptsNonJSONSyntax(t *testing.T) {
	for _, s := range []string{"0x1p4", "1_000", "+1", ".5", "1.", "01", "0X10P0"} {
		_, ok := Number(json.Number(s))
		assert.False(t, ok, "Number(json.Number(%q))", s)
	}
}

// Duplicate buckets arrays by length and objects by size only, so a list of
// many distinct arrays of one length (or objects of one size) is compared
// pairwise: 8,000 items of the form [i] take about 0.75s, 20,000 about 5s
// (time grows with the square), 10,000 objects {"id": i} about 12s, against
// a few milliseconds for 8,000 numbers. The doc comment promises
// that a hostile list does not cost a quadratic number of comparisons.
func TestDuplicateQuadraticForSameSizeArrays(t *testing.T) {
	const n = 5_000
	arrays := make([]any, n)
	objects := make([]any, n)
	for i := range arrays {
		arrays[i] = []any{float64(i)}
		objects[i] = map[string]any{"id": float64(i)}
	}
	// Against the linear work of rendering each item once, measured in the
	// same process (so that a loaded machine or the race detector slows
	// both): pairwise comparison would cost about n/2 times as much.
	elapsed := func(f func()) time.Duration {
		best := time.Duration(1 << 62)
		for range 3 {
			start := time.Now()
			f()
			best = min(best, time.Since(start))
		}
		return best
	}
	for name, items := range map[string][]any{"arrays": arrays, "objects": objects} {
		var found bool
		dup := elapsed(func() { _, _, found = Duplicate(items) })
		linear := elapsed(func() {
			var b []byte
			for _, item := range items {
				b, _ = canonical(b[:0], item, MaxDepth)
			}
		})
		assert.False(t, found)
		assert.Less(t, dup, 20*linear+5*time.Millisecond, "%s: %v for %d items, %v to render them", name, dup, n, linear)
	}
}

// MultipleOf must not panic on NaN or ±Inf: strconv writes them as "NaN"
// and "+Inf", with no digits.
func TestMultipleOfNonFinitePanics(t *testing.T) {
	for _, c := range []struct {
		x any
		m string
	}{
		{math.NaN(), "1"}, {math.Inf(1), "1"}, {math.Inf(-1), "0.5"}, {float32(math.Inf(1)), "2"},
		{1.0, "NaN"}, {0.5, "+Inf"}, {json.Number("1"), ""}, {json.Number("x"), "1"},
	} {
		assert.NotPanics(t, func() { MultipleOf(c.x, c.m) }, "MultipleOf(%v, %v)", c.x, c.m)
		assert.False(t, MultipleOf(c.x, c.m), "MultipleOf(%v, %v)", c.x, c.m)
	}
}
