package toolimpl

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

// number reads every JSON number literal as strconv.ParseFloat does, bit
// for bit (-0 included), whichever of its ways reads it.
func TestNumberIsParseFloat(t *testing.T) {
	lits := []string{"0", "-0", "0.0", "-0.0", "1", "-1", "48.8566", "2.3522", "-181", "91", "0.1", "0.3",
		"123456789012345", "1234567890123456", "12345678901234.5", "1234567890123.45", "9007199254740993",
		"-9007199254740995", "9223372036854775807", "9223372036854775809", "18446744073709551615",
		"9999999999999999999", "-9999999999999999999", "10000000000000000001", "1000000000000000000000",
		"0.000000000000000000001", "0.0000000000000000000001", "0.00000000000000000000001",
		"1.5e3", "1E-2", "-2.5e+10", "179769313486231570000000000000000", "4.9406564584124654e-324"}
	lits = append(lits, randomLiterals(rand.New(rand.NewPCG(1, 2)), 20000, true)...)
	for _, lit := range lits {
		want, _ := strconv.ParseFloat(lit, 64)
		assert.Equal(t, math.Float64bits(want), math.Float64bits(numberOf(lit).F), lit)
	}
}

func FuzzNumber(f *testing.F) {
	for _, lit := range []string{"0", "-0.0", "48.8566", "1e5", "123456789012345.6"} {
		f.Add(lit)
	}
	f.Fuzz(func(t *testing.T, lit string) {
		want, err := strconv.ParseFloat(lit, 64)
		if err != nil || !validJSONNumber(lit) {
			return
		}
		if got := numberOf(lit).F; math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("number(%q) = %v, ParseFloat says %v", lit, got, want)
		}
	})
}

// validJSONNumber reports whether lit follows JSON's number grammar.
func validJSONNumber(lit string) bool {
	i := 0
	if i < len(lit) && lit[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(lit) && lit[i] >= '0' && lit[i] <= '9' {
			i, n = i+1, n+1
		}
		return n
	}
	if i < len(lit) && lit[i] == '0' {
		i++
	} else if digits() == 0 {
		return false
	}
	if i < len(lit) && lit[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(lit) && (lit[i] == 'e' || lit[i] == 'E') {
		i++
		if i < len(lit) && (lit[i] == '+' || lit[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(lit)
}

// The one pass reads a number as number does, whether the JSON scanner
// parses the literal as it reads it (short) or leaves it to number.
func TestScannedNumberIsNumber(t *testing.T) {
	lits := []string{"0", "-0", "0.0", "-0.0", "7", "-12", "48.8566", "123456789012345", "-123456789012345",
		"1234567890123456", "12345678901234.5", "0.000000000000001", "0.0000000000000001", "1e5", "-2.5E-3", "1.0"}
	lits = append(lits, randomLiterals(rand.New(rand.NewPCG(3, 4)), 5000, false)...)
	for _, lit := range lits {
		want := numberOf(lit)
		for _, raw := range []string{`{"v":` + lit + `}`, `{"v": ` + lit + ` }`} {
			var got Num
			var gotExact exact // the Scanner's until its next value
			errs := DecodeJSON([]byte(raw), 1, func(s *Scanner) {
				s.Members(Loc{}, "object", func(string) {
					got, _ = s.Number(Loc{}, "number")
					gotExact = *got.exact()
				})
			})
			if !assert.Nil(t, errs, raw) {
				continue
			}
			assert.Equal(t, math.Float64bits(want.F), math.Float64bits(got.F), raw)
			assert.Equal(t, want.x.small, gotExact.small, raw)
			assert.Equal(t, want.x.lit, gotExact.lit, raw)
		}
	}
}

// randomLiterals returns n number literals of up to 21 digits, with a point
// anywhere among them (or, when tails, sometimes a fraction after them) and
// a sign half of the time.
func randomLiterals(r *rand.Rand, n int, tails bool) []string {
	lits := make([]string, 0, n)
	for range n {
		digits := make([]byte, 1+r.IntN(21))
		for i := range digits {
			digits[i] = byte('0' + r.IntN(10))
		}
		if digits[0] == '0' {
			digits = digits[:1]
		}
		lit := string(digits)
		if p := r.IntN(len(digits) + 1); p > 0 && p < len(digits) {
			lit = lit[:p] + "." + lit[p:]
		} else if tails && r.IntN(2) == 0 {
			lit += "." + strconv.Itoa(r.IntN(1000000))
		}
		if r.IntN(2) == 0 {
			lit = "-" + lit
		}
		lits = append(lits, lit)
	}
	return lits
}

// numberOf is the Num of a literal, as a Scanner reads it.
func numberOf(lit string) Num {
	x := new(exact)
	return Num{F: number(lit, x), x: x}
}
