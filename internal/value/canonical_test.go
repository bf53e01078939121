package value

import (
	"encoding/json"
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
)

func canonicalNumber(v any) string {
	b, r := canonical(nil, v, MaxDepth)
	if r != WalkOK {
		return "not a number"
	}
	return string(b)
}

// TestCanonicalNumbers: the canonical form of a number is one per value
// a handler receives, the value Equal and the validators' exact bounds
// compare.
func TestCanonicalNumbers(t *testing.T) {
	same := [][]any{
		{json.Number("1"), json.Number("1.0"), json.Number("10e-1"), 1, uint8(1), 1.0, float32(1)},
		{json.Number("0"), json.Number("-0"), json.Number("0.000"), 0.0, math.Copysign(0, -1)},
		{json.Number("9007199254740993"), int64(9007199254740993), uint64(9007199254740993)},
		{json.Number("0.1"), 0.1},
		// A json.Number is the decimal it writes; a float64 integer is
		// its binary value.
		{json.Number("1e23"), json.Number("100000000000000000000000"), json.Number("0.1E+24")},
		{1e23, json.Number("99999999999999991611392")},
	}
	for _, values := range same {
		for _, v := range values[1:] {
			assert.Equal(t, canonicalNumber(values[0]), canonicalNumber(v), "%#v and %#v", values[0], v)
		}
	}
	apart := [][2]any{
		{json.Number("9007199254740993"), json.Number("9007199254740992")},
		{json.Number("9007199254740993"), 9007199254740993.0},
		{json.Number("100000000000000000000000"), 1e23},
		{json.Number("1e23"), json.Number("99999999999999991611392")},
		{json.Number("1e-400"), json.Number("0")},
		{json.Number("0.30000000000000001"), json.Number("0.3")},
		{int64(math.MinInt64), uint64(math.MaxUint64)},
	}
	for _, p := range apart {
		assert.NotEqual(t, canonicalNumber(p[0]), canonicalNumber(p[1]), "%#v and %#v", p[0], p[1])
	}
	for _, v := range []any{json.Number("1e400"), json.Number("x"), math.NaN(), math.Inf(1)} {
		assert.Equal(t, "not a number", canonicalNumber(v), "%#v", v)
	}
}

// FuzzCanonicalNumber: two numbers have one canonical form exactly when
// they stand for the same value, and Equal agrees.
func FuzzCanonicalNumber(f *testing.F) {
	f.Add("1", "1.0")
	f.Add("9007199254740993", "9007199254740992")
	f.Add("-0.0e5", "0")
	f.Add("12.5e-3", "0.0125")
	f.Add("1e23", "99999999999999991611392")
	f.Add("0.1000000000000000001", "0.1")
	f.Fuzz(func(t *testing.T, a, b string) {
		if !isJSONNumber(a) || !isJSONNumber(b) || len(a) > 64 || len(b) > 64 {
			return
		}
		if _, ok := Number(json.Number(a)); !ok {
			return // beyond float64's range: not a number a set accepts
		}
		if _, ok := Number(json.Number(b)); !ok {
			return
		}
		for _, x := range []string{a, b} {
			if _, ok := new(big.Rat).SetString(x); !ok {
				return // an exponent beyond what big.Rat reads: no reference
			}
		}
		ra, rb := exactRat(t, json.Number(a)), exactRat(t, json.Number(b))
		ca, cb := canonicalNumber(json.Number(a)), canonicalNumber(json.Number(b))
		if (ca == cb) != (ra.Cmp(rb) == 0) {
			t.Fatalf("%s -> %s, %s -> %s", a, ca, b, cb)
		}
		if Equal(json.Number(a), json.Number(b)) != (ra.Cmp(rb) == 0) {
			t.Fatalf("Equal(%s, %s) = %v", a, b, !(ra.Cmp(rb) == 0))
		}
		if Compare(json.Number(a), b) != ra.Cmp(rb) {
			t.Fatalf("Compare(%s, %s) = %d", a, b, Compare(json.Number(a), b))
		}
		if IsInteger(json.Number(a)) != ra.IsInt() {
			t.Fatalf("IsInteger(%s) = %v", a, !ra.IsInt())
		}
	})
}

func decimalOf(v any) string {
	b, ok := appendDecimal(nil, v)
	if !ok {
		return "not a number"
	}
	return string(b)
}

// TestAppendDecimal: the identity of a number is its exact rational value,
// a float64's binary value included.
func TestAppendDecimal(t *testing.T) {
	cases := []struct {
		v    any
		want string
	}{
		{json.Number("0"), "0"}, {json.Number("-0"), "0"}, {json.Number("0.000"), "0"},
		{json.Number("0e99999999999999999999"), "0"}, {0.0, "0"}, {math.Copysign(0, -1), "0"},
		{json.Number("1"), "1e0"}, {json.Number("1.0"), "1e0"}, {json.Number("10e-1"), "1e0"},
		{json.Number("0.1e1"), "1e0"}, {1, "1e0"}, {uint8(1), "1e0"}, {1.0, "1e0"}, {float32(1), "1e0"},
		{json.Number("100"), "1e2"}, {json.Number("1.50"), "15e-1"}, {json.Number("-2.5e3"), "-25e2"},
		{json.Number("0.00120"), "12e-4"}, {json.Number("1E+2"), "1e2"},
		{json.Number("9007199254740993"), "9007199254740993e0"}, {int64(9007199254740993), "9007199254740993e0"},
		{json.Number("90071992547409930e-1"), "9007199254740993e0"}, {9007199254740993.0, "9007199254740992e0"},
		{json.Number("1.5e-99999999999999999999"), "15e-100000000000000000000"},
		{0.1, "1000000000000000055511151231257827021181583404541015625e-55"}, {1e23, "99999999999999991611392e0"},
		{float32(0.1), "100000001490116119384765625e-27"},
		{int64(math.MinInt64), "-9223372036854775808e0"}, {uint64(math.MaxUint64), "18446744073709551615e0"},
		{json.Number("1e400"), "not a number"}, {json.Number("x"), "not a number"}, {math.NaN(), "not a number"},
		{"1", "not a number"}, {true, "not a number"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, decimalOf(c.v), "%#v", c.v)
	}
}

// FuzzDecimal: two json.Numbers have one identity exactly when they are
// equal as rationals.
func FuzzDecimal(f *testing.F) {
	f.Add("1", "1.0")
	f.Add("9007199254740993", "9007199254740992")
	f.Add("-0.0e5", "0")
	f.Add("12.5e-3", "0.0125")
	f.Add("1e-400", "0")
	f.Fuzz(func(t *testing.T, a, b string) {
		if !isJSONNumber(a) || !isJSONNumber(b) || len(a) > 64 || len(b) > 64 {
			return
		}
		da, aok := appendDecimal(nil, json.Number(a))
		db, bok := appendDecimal(nil, json.Number(b))
		if !aok || !bok {
			return // beyond float64's range: not a number a set accepts
		}
		ra, aok := new(big.Rat).SetString(a)
		rb, bok := new(big.Rat).SetString(b)
		if !aok || !bok {
			return // an exponent beyond what big.Rat reads
		}
		if (string(da) == string(db)) != (ra.Cmp(rb) == 0) {
			t.Fatalf("%s -> %s, %s -> %s", a, da, b, db)
		}
	})
}
