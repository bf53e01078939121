package tool

import (
	"encoding/json"
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
)

func decimalOf(v any) string {
	b, ok := appendDecimal(nil, v)
	if !ok {
		return "not a number"
	}
	return string(b)
}

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
		{9007199254740993.0, "9007199254740992e0"},
		{json.Number("1.5e-99999999999999999999"), "15e-100000000000000000000"},
		{0.1, "1e-1"}, {1e23, "1e23"}, {float32(0.1), "10000000149011612e-17"},
		{int64(math.MinInt64), "-9223372036854775808e0"}, {uint64(math.MaxUint64), "18446744073709551615e0"},
		{json.Number("1e400"), "not a number"}, {json.Number("x"), "not a number"}, {math.NaN(), "not a number"},
		{"1", "not a number"}, {true, "not a number"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, decimalOf(c.v), "%#v", c.v)
	}
}

// FuzzDecimal: two numbers have one decimal form exactly when they are
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
