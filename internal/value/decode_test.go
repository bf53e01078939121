package value

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestInt(t *testing.T) {
	cases := []struct {
		v        any
		min, max int64
		want     int64
		ok       bool
	}{
		{3.0, math.MinInt64, math.MaxInt64, 3, true},
		{-0.0, math.MinInt64, math.MaxInt64, 0, true},
		{3.5, math.MinInt64, math.MaxInt64, 0, false},
		{9.223372036854775807e18, math.MinInt64, math.MaxInt64, 0, false}, // 2^63
		{-9.223372036854775808e18, math.MinInt64, math.MaxInt64, math.MinInt64, true},
		{math.NaN(), math.MinInt64, math.MaxInt64, 0, false},
		{math.Inf(1), math.MinInt64, math.MaxInt64, 0, false},
		{json.Number("9223372036854775807"), math.MinInt64, math.MaxInt64, math.MaxInt64, true},
		{json.Number("9223372036854775808"), math.MinInt64, math.MaxInt64, 0, false},
		{json.Number("-9223372036854775809"), math.MinInt64, math.MaxInt64, 0, false},
		{json.Number("1e3"), math.MinInt64, math.MaxInt64, 1000, true},
		{json.Number("2.0"), math.MinInt64, math.MaxInt64, 2, true},
		{json.Number("-0"), math.MinInt64, math.MaxInt64, 0, true},
		{json.Number("1e30"), math.MinInt64, math.MaxInt64, 0, false},
		{json.Number("0x10"), math.MinInt64, math.MaxInt64, 0, false},
		{json.Number(""), math.MinInt64, math.MaxInt64, 0, false},
		{128, math.MinInt8, math.MaxInt8, 128, false},
		{int8(-128), math.MinInt8, math.MaxInt8, -128, true},
		{uint64(math.MaxUint64), math.MinInt64, math.MaxInt64, 0, false},
		{uint8(200), 0, 255, 200, true},
		{float32(16777216), math.MinInt64, math.MaxInt64, 16777216, true},
		{"3", math.MinInt64, math.MaxInt64, 0, false},
		{true, math.MinInt64, math.MaxInt64, 0, false},
		{nil, math.MinInt64, math.MaxInt64, 0, false},
	}
	for _, c := range cases {
		got, ok := Int(c.v, c.min, c.max)
		assert.Equal(t, c.ok, ok, "%#v", c.v)
		if c.ok {
			assert.Equal(t, c.want, got, "%#v", c.v)
		}
	}
}

func TestUint(t *testing.T) {
	cases := []struct {
		v    any
		max  uint64
		want uint64
		ok   bool
	}{
		{3.0, math.MaxUint64, 3, true},
		{-1.0, math.MaxUint64, 0, false},
		{1.8446744073709551615e19, math.MaxUint64, 0, false}, // 2^64
		{json.Number("18446744073709551615"), math.MaxUint64, math.MaxUint64, true},
		{json.Number("18446744073709551616"), math.MaxUint64, 0, false},
		{json.Number("-1"), math.MaxUint64, 0, false},
		{json.Number("1e2"), 255, 100, true},
		{json.Number("1e3"), 255, 0, false},
		{-1, math.MaxUint64, 0, false},
		{int64(5), math.MaxUint64, 5, true},
		{uint(7), 255, 7, true},
		{uintptr(7), 255, 7, true},
		{float32(2), 255, 2, true},
		{"1", 255, 0, false},
	}
	for _, c := range cases {
		got, ok := Uint(c.v, c.max)
		assert.Equal(t, c.ok, ok, "%#v", c.v)
		if c.ok {
			assert.Equal(t, c.want, got, "%#v", c.v)
		}
	}
}

func TestFloats(t *testing.T) {
	// Float32 rounds as encoding/json does, from the text when it has it.
	var want struct{ F float32 }
	_ = json.Unmarshal([]byte(`{"F": 16777217.5}`), &want)
	got, ok := Float32(json.Number("16777217.5"))
	assert.True(t, ok)
	assert.Equal(t, want.F, got)
	got, ok = Float32(0.1)
	assert.True(t, ok)
	assert.Equal(t, float32(0.1), got)
	for _, v := range []any{1e39, -1e39, json.Number("3.5e38"), json.Number("1x"), "1"} {
		_, ok = Float32(v)
		assert.False(t, ok, "%v", v)
	}
	got, ok = Float32(json.Number("1e-50"))
	assert.True(t, ok)
	assert.Zero(t, got)
}
