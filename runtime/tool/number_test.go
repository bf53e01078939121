package tool

import (
	"math"
	"math/big"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMultipleOf(t *testing.T) {
	tests := []struct {
		x, m float64
		want bool
	}{
		// Integers, the exact fast path.
		{6, 3, true},
		{-6, 3, true},
		{0, 3, true},
		{negZero, 3, true},
		{7, 3, false},
		{5, 2, false},
		{6, -3, true},
		{1, 0, false},
		{123456789, 1, true},
		{1 << 52, 2, true},

		// Decimals read as written: 0.3 / 0.1 is 2.9999999999999996 in
		// binary floating point.
		{0.3, 0.1, true},
		{-0.3, 0.1, true},
		{0.7, 0.1, true},
		{1.1, 0.1, true},
		{19.99, 0.01, true},
		{4.5, 1.5, true},
		{10, 0.01, true},
		{5, 0.5, true},
		{0, 0.1, true},
		{1e-7, 1e-8, true},
		{0.0075, 0.0025, true},
		{0.35, 0.1, false},
		{1, 0.3, false},
		{0.1, 0.3, false},
		{2.5, 1, false},
		{1e-7, 3e-8, false},
		{0.1, 0, false},

		// Exponents too far apart for uint64: the big.Rat path.
		{1e300, 1e299, true},
		{7e300, 7, true},
		{1e300, 7, false},
		{1.5e300, 0.5, true},
		{1, 5e-324, true},
		{1, 3e-300, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, MultipleOf(tt.x, tt.m), "MultipleOf(%v, %v)", tt.x, tt.m)
	}
}

func TestMultipleOf_NoAllocationOnTheDecimalPath(t *testing.T) {
	assert.Zero(t, testing.AllocsPerRun(100, func() { MultipleOf(0.3, 0.1) }))
	assert.Zero(t, testing.AllocsPerRun(100, func() { MultipleOf(6, 3) }))
}

func TestDecimal(t *testing.T) {
	tests := []struct {
		f      float64
		digits uint64
		exp    int
	}{
		{0, 0, 0},
		{1, 1, 0},
		{0.3, 3, -1},
		{-0.3, 3, -1},
		{1.25, 125, -2},
		{1e300, 1, 300},
		{123456789, 123456789, 0},
		{5e-324, 5, -324},
		{0.30000000000000004, 30000000000000004, -17}, // 0.1 + 0.2 at run time
	}
	for _, tt := range tests {
		d, e := decimal(tt.f)
		assert.Equal(t, tt.digits, d, "digits of %v", tt.f)
		assert.Equal(t, tt.exp, e, "exponent of %v", tt.f)
	}
}

// multipleOfRef decides with exact rationals from the decimal texts.
func multipleOfRef(x, m string) bool {
	rx, _ := new(big.Rat).SetString(x)
	rm, _ := new(big.Rat).SetString(m)
	if rm.Sign() == 0 {
		return false
	}
	return new(big.Rat).Quo(rx, rm).IsInt()
}

func FuzzMultipleOf(f *testing.F) {
	f.Add(int64(3), uint8(1), int64(1), uint8(1))    // 0.3, 0.1
	f.Add(int64(1999), uint8(2), int64(1), uint8(2)) // 19.99, 0.01
	f.Add(int64(-6), uint8(0), int64(3), uint8(0))
	f.Add(int64(1), uint8(0), int64(3), uint8(1))
	f.Add(int64(123456789012345), uint8(3), int64(25), uint8(4))
	f.Fuzz(func(t *testing.T, a int64, k uint8, b int64, j uint8) {
		// At most 15 significant digits, so the float64 reads back as the
		// same decimal.
		const limit = 1e15
		if a <= -limit || a >= limit || b <= 0 || b >= limit {
			return
		}
		xs := strconv.FormatInt(a, 10) + "e-" + strconv.Itoa(int(k%40))
		ms := strconv.FormatInt(b, 10) + "e-" + strconv.Itoa(int(j%40))
		x, err1 := strconv.ParseFloat(xs, 64)
		m, err2 := strconv.ParseFloat(ms, 64)
		if err1 != nil || err2 != nil {
			t.Skip()
		}
		if got, want := MultipleOf(x, m), multipleOfRef(xs, ms); got != want {
			t.Fatalf("MultipleOf(%s, %s) = %v, want %v", xs, ms, got, want)
		}
	})
}

func TestMultipleOf_FiniteNeverPanics(t *testing.T) {
	for _, x := range []float64{0, negZero, 1, -1, 0.1, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 1 << 53, 1 << 63} {
		for _, m := range []float64{1, 0.1, 3, 1e-300, math.SmallestNonzeroFloat64, math.MaxFloat64, 1 << 53, 1 << 63, 0} {
			assert.NotPanics(t, func() { MultipleOf(x, m) }, "MultipleOf(%v, %v)", x, m)
		}
	}
}
