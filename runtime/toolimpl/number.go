package toolimpl

import (
	"encoding/json"
	"math"
	"strconv"

	"github.com/toolgen-go/toolgen/internal/value"
)

// Num is a number a Scanner read: F is its float64 view (what a float64
// field receives), which decides every comparison with a bound unless the
// two are equal; the methods compare and convert the number itself,
// exactly, as the map validator and decoder do with the same json.Number.
//
// The number itself is the Scanner's, until it reads the next value: a Num
// is two words, which the compiler keeps in registers, and each number
// member of every generated decode function compiles less than with the
// number's three more fields in the Num.
type Num struct {
	F float64
	x *exact // nil in the zero Num
}

// exact is the number a Num is the float64 view of.
type exact struct {
	lit   string // as written in raw arguments, borrowed; "" for a value
	v     any    // a value of a map, when lit is ""
	small bool   // an integer F holds exactly: lit of at most 15 digits, or a float64 value below 2^53
}

var noNumber exact

func (n Num) exact() *exact {
	if n.x == nil {
		return &noNumber
	}
	return n.x
}

// value is the number as tool's functions take it: the json.Number ParseArgs
// would have made of the literal, or the value of the map.
func (n Num) value() any {
	x := n.exact()
	if x.lit != "" {
		return json.Number(x.lit)
	}
	return x.v
}

// Compare compares the number with the decimal number b exactly: -1, 0 or
// +1.
func (n Num) Compare(b string) int { return value.Compare(n.value(), b) }

// MultipleOf reports whether the number is an integer multiple of m, exactly.
func (n Num) MultipleOf(m string) bool { return value.MultipleOf(n.value(), m) }

// integer reports whether the number has no fractional part, exactly.
func (n Num) integer() bool {
	x := n.exact()
	if x.small {
		return true
	}
	if n.F != math.Trunc(n.F) {
		return false // a float64 with a fraction is no integer's
	}
	if x.lit != "" {
		return value.IsIntegerText(x.lit)
	}
	return value.IsInteger(x.v)
}

// Int returns the number as an integer field holds it, exactly; false when
// it is not an integer in [min, max].
func (n Num) Int(min, max int64) (int64, bool) {
	if n.exact().small {
		i := int64(n.F)
		return i, i >= min && i <= max
	}
	return value.Int(n.value(), min, max)
}

// Uint returns the number as an unsigned integer field holds it, exactly;
// false when it is not an integer in [0, max].
func (n Num) Uint(max uint64) (uint64, bool) { return value.Uint(n.value(), max) }

// Float32 returns the number as a float32 field holds it, rounded as
// encoding/json rounds it; false beyond float32's range.
func (n Num) Float32() (float32, bool) { return value.Float32(n.value()) }

// number reads a literal's float64 view, as the map validator reads the same
// json.Number, in one pass over it where it is short. (The JSON scanner
// parses most short literals as it reads them: this is for those it
// leaves.)
func number(lit string, x *exact) float64 {
	if f, isInt, ok := shortNumber(lit); ok {
		*x = exact{lit: lit, small: isInt}
		return f
	}
	f, _ := strconv.ParseFloat(lit, 64)
	*x = exact{lit: lit}
	return f
}

// shortNumber reads a literal of at most 15 digits and no exponent, or an
// integer of at most 19 digits, as strconv.ParseFloat does but without its
// generality: its digits make an integer m below 2^53 and it is m / 10^k
// for k <= 22, both exact in a float64, so that the one division rounds
// correctly; an integer m below 10^19 fits a uint64, whose conversion
// rounds correctly too. (ParseFloat takes its slow way for an integer
// halfway between two float64s, such as 2^53+1: a thousand times longer.)
// Without a fraction, of at most 15 digits, it is the integer ±m, small.
func shortNumber(lit string) (f float64, small, ok bool) {
	j, neg := 0, false
	if len(lit) > 0 && lit[0] == '-' {
		j, neg = 1, true
	}
	var m uint64
	digits, frac := 0, -1
	for ; j < len(lit); j++ {
		c := lit[j]
		switch {
		case c >= '0' && c <= '9':
			m = m*10 + uint64(c-'0')
			digits++
			if frac >= 0 {
				frac++
			}
		case c == '.' && frac < 0:
			frac = 0
		default:
			return 0, false, false // an exponent
		}
	}
	if digits == 0 || digits > 15 && (frac >= 0 || digits > 19) || frac == 0 || frac >= len(pow10) {
		return 0, false, false // frac 0: "1." is not JSON
	}
	if frac < 0 {
		f = float64(m) // exact below 2^53; rounded to nearest, ties to even, above
	} else {
		f = float64(m) / pow10[frac]
	}
	if neg {
		f = -f // -0 too
	}
	return f, frac < 0 && digits <= 15, true
}

// pow10 are the powers of ten a float64 holds exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// numberType names the JSON type of a number literal as TypeName does:
// integer when it has no fractional part.
func numberType(lit string) string {
	if value.IsIntegerText(lit) {
		return "integer"
	}
	return "number"
}
