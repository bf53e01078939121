package value

import (
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/numbers"
	"github.com/toolgen-go/toolgen/internal/testkit/race"
)

func TestMultipleOf(t *testing.T) {
	tests := []struct {
		x    any
		m    string
		want bool
	}{
		// Integers, the exact fast path.
		{6.0, "3", true},
		{-6.0, "3", true},
		{0.0, "3", true},
		{negZero, "3", true},
		{7.0, "3", false},
		{5.0, "2", false},
		{1.0, "0", false},
		{123456789.0, "1", true},
		{float64(1 << 52), "2", true},

		// Decimals read as written: 0.3 / 0.1 is 2.9999999999999996 in
		// binary floating point.
		{0.3, "0.1", true},
		{-0.3, "0.1", true},
		{0.7, "0.1", true},
		{1.1, "0.1", true},
		{19.99, "0.01", true},
		{4.5, "1.5", true},
		{10.0, "0.01", true},
		{5.0, "0.5", true},
		{0.0, "0.1", true},
		{1e-7, "1e-8", true},
		{0.0075, "0.0025", true},
		{0.35, "0.1", false},
		{1.0, "0.3", false},
		{0.1, "0.3", false},
		{2.5, "1", false},
		{1e-7, "3e-8", false},
		{0.1, "0", false},

		// Far apart exponents. A float64 integer is its exact binary value,
		// as an integer field receives it: 1e300 is not exactly 10^300.
		{json.Number("1" + strings.Repeat("0", 300)), "1e299", true},
		{json.Number("7" + strings.Repeat("0", 300)), "7", true},
		{1e300, "1e299", false},
		{float64(1 << 62), "4611686018427387904", true},
		{float64(1 << 62), "2e-300", true},
		{1.5e300, "0.5", true},
		{1.0, "5e-324", true},
		{1.0, "3e-300", false},
		{1.0, "1234567890123456789012345", false},
		{json.Number("2469135780246913578024690"), "1234567890123456789012345", true},

		// Integers beyond 2^53 exactly: the float64 of 9007199254740993 is
		// 9007199254740992, a multiple of 2.
		{json.Number("9007199254740993"), "2", false},
		{json.Number("9007199254740994"), "2", true},
		{int64(9007199254740993), "2", false},
		{uint64(18446744073709551615), "5", true},
		{uint64(18446744073709551615), "2", false},
		{json.Number("-9007199254740993"), "3", true},
		{json.Number("9007199254740993"), "0.5", true},
		// A json.Number is the decimal it writes, whatever its spelling.
		{json.Number("1e3"), "8", true},
		{json.Number("1e23"), "1e22", true},
		{json.Number("1e23"), "3", false},
		{json.Number("1e-400"), "1e-401", true},
		{json.Number("1e-400"), "1e-399", false},
		{json.Number("9007199254740993.0"), "2", false},
		{json.Number("0.30000000000000001"), "0.1", false},
		{json.Number("0.3"), "0.1", true},
		{float32(0.5), "0.25", true},
		{int8(-9), "3", true},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, MultipleOf(tt.x, tt.m), "MultipleOf(%v, %v)", tt.x, tt.m)
	}
}

func TestMultipleOf_NoAllocation(t *testing.T) {
	race.SkipAllocs(t)
	for _, c := range []struct {
		x any
		m string
	}{{0.3, "0.1"}, {6.0, "3"}, {json.Number("9007199254740993"), "2"}, {json.Number("12.5"), "0.5"}, {int64(7), "7"}} {
		assert.Zero(t, testing.AllocsPerRun(100, func() { MultipleOf(c.x, c.m) }), "MultipleOf(%v, %v)", c.x, c.m)
	}
}

func TestCompare(t *testing.T) {
	tests := []struct {
		v    any
		n    string
		want int
	}{
		{1.0, "1", 0},
		{json.Number("1.0"), "1", 0},
		{json.Number("9007199254740993"), "9007199254740992", 1},
		{json.Number("9007199254740992"), "9007199254740993", -1},
		{json.Number("1000000000000000001"), "1e18", 1},
		{json.Number("1000000000000000000"), "1e18", 0},
		{json.Number("-1000000000000000001"), "-1e18", -1},
		{uint64(10000000000000000001), "1e19", 1},
		{int64(math.MinInt64), "-9223372036854775808", 0},
		{float64(1 << 60), "1152921504606846976", 0},
		{float64(1 << 60), "1152921504606846977", -1},
		{0.1, "0.1", 0},
		{0.1, "0.10000000000000001", -1},
		{json.Number("0.30000000000000001"), "0.3", 1}, // the same float64, another number
		{json.Number("1e23"), "1e23", 0},
		{json.Number("1e23"), "99999999999999991611392", 1}, // 1e23's float64
		{json.Number("1E+23"), "100000000000000000000000", 0},
		{json.Number("8e24"), "8e24", 0},
		{json.Number("1e308"), "1e308", 0},
		{json.Number("9007199254740993.0"), "9007199254740992", 1},
		{json.Number("4.99999999999999999999"), "5", -1},
		{negZero, "0", 0},
		{json.Number("-0"), "0", 0},
		{0.0, "-0.0", 0},
		{-1.5, "-1.25", -1},
		{2.5, "-3", 1},
		{json.Number("123"), "1.23e2", 0},
		{json.Number("1e-400"), "0", 1},
		{json.Number("-1e-400"), "0", -1},
		{json.Number("-0e5"), "0", 0},
		{"not a number", "1", 0},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Compare(tt.v, tt.n), "Compare(%#v, %s)", tt.v, tt.n)
	}
}

// exactRat is the exact value of a number as a big.Rat, for reference.
func exactRat(t *testing.T, v any) *big.Rat {
	t.Helper()
	r := new(big.Rat)
	switch x := v.(type) {
	case json.Number:
		_, ok := r.SetString(string(x))
		require.True(t, ok)
		return r
	case float64:
		if x == math.Trunc(x) {
			return r.SetFloat64(x)
		}
		_, ok := r.SetString(strconv.FormatFloat(x, 'g', -1, 64))
		require.True(t, ok)
		return r
	case int64:
		return r.SetInt64(x)
	case uint64:
		return r.SetInt(new(big.Int).SetUint64(x))
	}
	t.Fatalf("no reference for %T", v)
	return nil
}

// TestExactAroundBounds is the property: for values drawn around bounds,
// beyond 2^53 and below, as json.Number, int64, uint64 and float64, Compare
// and MultipleOf agree with exact rational arithmetic, and Equal with
// Compare.
func TestExactAroundBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	bounds := []string{"0", "1", "-1", "14", "9007199254740992", "9007199254740993", "-9007199254740993",
		"1000000000000000000", "1e18", "1e19", "10000000000000000000", "18446744073709551615",
		"9223372036854775807", "-9223372036854775808", "0.5", "2.5e3", "123456789012345678901234567890"}
	values := func(b string) []any {
		br, _ := new(big.Rat).SetString(b)
		var out []any
		for _, d := range []int64{-3, -2, -1, 0, 1, 2, 3, r.Int64N(1000) - 500} {
			x := new(big.Rat).Add(br, new(big.Rat).SetInt64(d))
			if !x.IsInt() {
				f, _ := x.Float64()
				out = append(out, f)
				continue
			}
			s := x.Num().String()
			out = append(out, json.Number(s))
			if i, err := strconv.ParseInt(s, 10, 64); err == nil {
				out = append(out, i)
			}
			if u, err := strconv.ParseUint(s, 10, 64); err == nil {
				out = append(out, u)
			}
			f, _ := x.Float64()
			out = append(out, f)
		}
		return out
	}
	for range 20 {
		for _, b := range bounds {
			br, _ := new(big.Rat).SetString(b)
			for _, v := range values(b) {
				want := exactRat(t, v).Cmp(br)
				require.Equal(t, want, Compare(v, b), "Compare(%#v, %s)", v, b)
				if br.Sign() > 0 {
					q := new(big.Rat).Quo(exactRat(t, v), br)
					require.Equal(t, q.IsInt(), MultipleOf(v, b), "MultipleOf(%#v, %s)", v, b)
				}
				for _, w := range values(b) {
					same := exactRat(t, v).Cmp(exactRat(t, w)) == 0
					require.Equal(t, same, Equal(v, w), "Equal(%#v, %#v)", v, w)
				}
			}
		}
	}
}

func FuzzMultipleOf(f *testing.F) {
	f.Add(int64(3), uint8(1), int64(1), uint8(1))    // 0.3, 0.1
	f.Add(int64(1999), uint8(2), int64(1), uint8(2)) // 19.99, 0.01
	f.Add(int64(-6), uint8(0), int64(3), uint8(0))
	f.Add(int64(1), uint8(0), int64(3), uint8(1))
	f.Add(int64(123456789012345), uint8(3), int64(25), uint8(4))
	f.Fuzz(func(t *testing.T, a int64, k uint8, b int64, j uint8) {
		if b <= 0 {
			return
		}
		// As a json.Number, exactly as written; as a float64 when it reads
		// back as the same decimal (at most 15 significant digits).
		xs := strconv.FormatInt(a, 10)
		ms := strconv.FormatInt(b, 10) + "e-" + strconv.Itoa(int(j%40))
		want := func(x string) bool {
			rx, _ := new(big.Rat).SetString(x)
			rm, _ := new(big.Rat).SetString(ms)
			return new(big.Rat).Quo(rx, rm).IsInt()
		}
		if got := MultipleOf(json.Number(xs), ms); got != want(xs) {
			t.Fatalf("MultipleOf(%s, %s) = %v", xs, ms, got)
		}
		const limit = 1e15
		if a <= -limit || a >= limit || b >= limit {
			return
		}
		xs += "e-" + strconv.Itoa(int(k%40))
		x, err := strconv.ParseFloat(xs, 64)
		if err != nil {
			t.Skip()
		}
		if got := MultipleOf(x, ms); got != want(xs) {
			t.Fatalf("MultipleOf(%s, %s) = %v", xs, ms, got)
		}
	})
}

func TestMultipleOf_FiniteNeverPanics(t *testing.T) {
	for _, x := range []float64{0, negZero, 1, -1, 0.1, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 1 << 53, 1 << 63} {
		for _, m := range []string{"1", "0.1", "3", "1e-300", "5e-324", "1.7976931348623157e308", "9007199254740992", "0", "-1", ""} {
			assert.NotPanics(t, func() { MultipleOf(x, m) }, "MultipleOf(%v, %v)", x, m)
		}
	}
}

// TestExactSpellings is the property that a json.Number is the decimal it
// writes, whatever its spelling: for numbers drawn near the anchors where
// float64 goes wrong (beyond 2^53, 1e23, 1e308, 1e-400, decimals of more
// digits than a float64 holds) and spelled at random (e-notation, plain
// decimals, trailing zeros, negative zero), Compare, Equal, MultipleOf,
// IsInteger, Int and Uint agree with exact rational arithmetic, and the
// canonical form of Duplicate tells numbers apart exactly.
func TestExactSpellings(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	draw := func() numbers.Num {
		for {
			n := numbers.Random(r)
			if r.IntN(2) == 0 {
				n = numbers.Near(r, n)
			}
			if n.InFloatRange() {
				return n
			}
		}
	}
	i64min, i64max := new(big.Rat).SetInt64(math.MinInt64), new(big.Rat).SetInt64(math.MaxInt64)
	u64max := new(big.Rat).SetInt(new(big.Int).SetUint64(math.MaxUint64))
	for range 20000 {
		a, b := draw(), draw()
		if r.IntN(3) == 0 {
			b = numbers.Near(r, a)
			if !b.InFloatRange() {
				b = a
			}
		}
		as, bs := numbers.Spell(r, a), numbers.Spell(r, b)
		x, y := json.Number(as), json.Number(bs)
		ra, rb := a.Rat(), b.Rat()
		require.Equal(t, ra.Cmp(rb), Compare(x, bs), "Compare(%s, %s)", as, bs)
		require.Equal(t, ra.Cmp(rb) == 0, Equal(x, y), "Equal(%s, %s)", as, bs)
		_, _, dup := Duplicate([]any{x, y})
		require.Equal(t, ra.Cmp(rb) == 0, dup, "Duplicate(%s, %s)", as, bs)
		require.Equal(t, ra.IsInt(), IsInteger(x), "IsInteger(%s)", as)
		if rb.Sign() > 0 && b.Lead()-a.Lead() < 400 {
			require.Equal(t, new(big.Rat).Quo(ra, rb).IsInt(), MultipleOf(x, bs), "MultipleOf(%s, %s)", as, bs)
		}
		i, ok := Int(x, math.MinInt64, math.MaxInt64)
		fits := ra.IsInt() && ra.Cmp(i64min) >= 0 && ra.Cmp(i64max) <= 0
		require.Equal(t, fits, ok, "Int(%s)", as)
		if ok {
			require.Zero(t, new(big.Rat).SetInt64(i).Cmp(ra), "Int(%s) = %d", as, i)
		}
		u, ok := Uint(x, math.MaxUint64)
		fits = ra.IsInt() && ra.Sign() >= 0 && ra.Cmp(u64max) <= 0
		require.Equal(t, fits, ok, "Uint(%s)", as)
		if ok {
			require.Zero(t, new(big.Rat).SetInt(new(big.Int).SetUint64(u)).Cmp(ra), "Uint(%s) = %d", as, u)
		}
		want := "number"
		if ra.IsInt() {
			want = "integer"
		}
		require.Equal(t, want, TypeName(x), "TypeName(%s)", as)
	}
}
