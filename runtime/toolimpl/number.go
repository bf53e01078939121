package toolimpl

import (
	"encoding/json"
	"strconv"
)

// Num is a number a Scanner read: F is its float64 view, which decides every
// comparison with a bound unless the two are equal; the methods compare and
// convert the number itself, exactly, as the map validator and decoder do
// with the same json.Number.
type Num struct {
	F   float64
	lit string // as written in raw arguments, borrowed; "" for a value
	v   any    // a value of a map, when lit is ""
}

// value is the number as tool's functions take it: the json.Number ParseArgs
// would have made of the literal, or the value of the map.
func (n Num) value() any {
	if n.lit != "" {
		return json.Number(n.lit)
	}
	return n.v
}

// Compare compares the number with the decimal number b exactly: -1, 0 or
// +1.
func (n Num) Compare(b string) int { return Compare(n.value(), b) }

// MultipleOf reports whether the number is an integer multiple of m, exactly.
func (n Num) MultipleOf(m string) bool { return MultipleOf(n.value(), m) }

// Int returns the number as an integer field holds it, exactly; false when
// it is not an integer in [min, max].
func (n Num) Int(min, max int64) (int64, bool) {
	if n.lit != "" {
		if i, ok := smallInt(n.lit); ok {
			return i, i >= min && i <= max
		}
	}
	return Int(n.value(), min, max)
}

// Uint returns the number as an unsigned integer field holds it, exactly;
// false when it is not an integer in [0, max].
func (n Num) Uint(max uint64) (uint64, bool) { return Uint(n.value(), max) }

// Float32 returns the number as a float32 field holds it, rounded as
// encoding/json rounds it; false beyond float32's range.
func (n Num) Float32() (float32, bool) { return Float32(n.value()) }

// integerJSON is the number as an integer without fraction or exponent,
// for a type whose UnmarshalJSON reads only those (math/big.Int).
func (n Num) integerJSON() ([]byte, bool) { return IntegerJSON(n.value()) }

// number reads a literal's float64 view, as the map validator reads the same
// json.Number.
func number(lit string) float64 {
	if n, ok := smallInt(lit); ok && (n != 0 || lit[0] != '-') {
		return float64(n) // exact: |n| < 2^53
	}
	f, _ := strconv.ParseFloat(lit, 64) // -0 too
	return f
}

// smallInt reads a literal of at most 15 digits and no fraction or exponent,
// which a float64 holds exactly, without strconv.
func smallInt(lit string) (int64, bool) {
	i, neg := 0, false
	if len(lit) > 0 && lit[0] == '-' {
		i, neg = 1, true
	}
	if len(lit)-i > 15 || len(lit) == i {
		return 0, false
	}
	var n int64
	for ; i < len(lit); i++ {
		c := lit[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// numberType names the JSON type of a number as TypeName does:
// integer when it has no fractional part.
func numberType(f float64) string {
	if IsInteger(f) {
		return "integer"
	}
	return "number"
}
