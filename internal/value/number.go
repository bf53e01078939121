package value

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"strconv"
)

// Numbers are compared exactly, as JSON Schema compares them: a number is
// its value, whatever its spelling (1e23, 100000000000000000000000 and
// 0.1e24 are one number; 0.1 is a tenth). A validator's float64 view of a
// number only approximates it, beyond 2^53, for most decimals and below
// float64's range (1e-400 reads as 0), so every check that the float64
// cannot decide goes through the exact value of the number.
//
// The exact value of a number v is:
//   - for a json.Number, the decimal it writes, exactly, however it is
//     spelled ("9007199254740993", "1e23", "3.0", "1e-400");
//   - for an int or a uint of any size: the integer itself;
//   - for a float64 (or float32) that is an integer: the float64 itself,
//     exactly (2^60 is 1152921504606846976), which is what an integer field
//     receives of it;
//   - for a float64 with a fraction: its shortest decimal representation,
//     the text encoding/json writes and reads (0.1 is 0.1, not the binary
//     fraction nearest to it).

// dec is an exact decimal number: digits × 10^exp, negated when neg. digits
// has no leading or trailing zeros; zero has no digits and is never neg.
type dec struct {
	neg    bool
	digits []byte
	exp    int
}

// maxExp bounds the exponents dec keeps, far beyond float64's range, so
// that arithmetic on them never overflows.
const maxExp = 1 << 40

// parseDec reads a number written as JSON or strconv writes it ("-12",
// "1.5e+07", "0.001"). The digits of the result are in s, which it may
// rearrange: callers pass a buffer of their own.
func parseDec(s []byte) (dec, bool) {
	var d dec
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		d.neg = s[i] == '-'
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	digits := s[start:i]
	frac := 0
	if i < len(s) && s[i] == '.' {
		i++
		fs := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		frac = i - fs
		// Move the integer part over the point, so that the digits are
		// contiguous.
		copy(s[start+1:], s[start:start+len(digits)])
		digits = s[start+1 : i]
	}
	if len(digits) == 0 {
		return dec{}, false
	}
	exp := 0
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			eneg = s[i] == '-'
			i++
		}
		es := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if exp < maxExp {
				exp = exp*10 + int(s[i]-'0')
			}
			i++
		}
		if i == es {
			return dec{}, false
		}
		if eneg {
			exp = -exp
		}
	}
	if i != len(s) {
		return dec{}, false
	}
	exp -= frac
	for len(digits) > 0 && digits[0] == '0' {
		digits = digits[1:]
	}
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		exp++
	}
	if len(digits) == 0 {
		return dec{}, true
	}
	d.digits, d.exp = digits, clampExp(exp)
	return d, true
}

func clampExp(e int) int {
	return min(max(e, -maxExp), maxExp)
}

func (d dec) cmp(o dec) int {
	if sd, so := d.sign(), o.sign(); sd != so {
		if sd < so {
			return -1
		}
		return 1
	}
	if len(d.digits) == 0 {
		return 0
	}
	c := d.cmpAbs(o)
	if d.neg {
		return -c
	}
	return c
}

func (d dec) sign() int {
	switch {
	case len(d.digits) == 0:
		return 0
	case d.neg:
		return -1
	}
	return 1
}

// cmpAbs compares magnitudes of non-zero numbers: the position of the
// leading digit first, then the digits.
func (d dec) cmpAbs(o dec) int {
	ld, lo := len(d.digits)+d.exp, len(o.digits)+o.exp
	switch {
	case ld < lo:
		return -1
	case ld > lo:
		return 1
	}
	return bytes.Compare(d.digits, o.digits)
}

// exactBuf holds the digits of a number's exact value: a float64 integer
// has at most 309.
type exactBuf [512]byte

// exact returns the exact value of v (see above), its digits in buf, or
// false when v is not a number Number reads.
func exact(v any, buf *exactBuf) (dec, bool) {
	b := buf[:0]
	switch x := v.(type) {
	case json.Number:
		if !isJSONNumber(string(x)) {
			return dec{}, false
		}
		d, ok := parseDec(append(b, x...))
		if ok && len(d.digits)+d.exp > 308 {
			// Perhaps beyond float64's range, which no number is.
			_, ok = Number(x)
		}
		return d, ok
	case float64:
		return exactFloat(x, buf)
	case float32:
		return exactFloat(float64(x), buf)
	case int:
		b = strconv.AppendInt(b, int64(x), 10)
	case int8:
		b = strconv.AppendInt(b, int64(x), 10)
	case int16:
		b = strconv.AppendInt(b, int64(x), 10)
	case int32:
		b = strconv.AppendInt(b, int64(x), 10)
	case int64:
		b = strconv.AppendInt(b, x, 10)
	case uint:
		b = strconv.AppendUint(b, uint64(x), 10)
	case uint8:
		b = strconv.AppendUint(b, uint64(x), 10)
	case uint16:
		b = strconv.AppendUint(b, uint64(x), 10)
	case uint32:
		b = strconv.AppendUint(b, uint64(x), 10)
	case uint64:
		b = strconv.AppendUint(b, x, 10)
	case uintptr:
		b = strconv.AppendUint(b, uint64(x), 10)
	default:
		return dec{}, false
	}
	return parseDec(b)
}

func exactFloat(f float64, buf *exactBuf) (dec, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dec{}, false
	}
	if f == math.Trunc(f) {
		return parseDec(strconv.AppendFloat(buf[:0], f, 'f', 0, 64))
	}
	return parseDec(strconv.AppendFloat(buf[:0], f, 'e', -1, 64))
}

// isPlainInteger reports whether s is a JSON integer without fraction or
// exponent: "-12", "0", "9007199254740993".
func isPlainInteger(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i == len(s) {
		return false
	}
	for ; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// floatIsExact reports whether f, the float64 view of the number v, stands
// for its exact value: v is a float64, a Go integer below 2^53, or a
// json.Number of at most 15 digits without exponent, which is the shortest
// decimal of its float64 (a float64 tells apart every decimal of 15
// digits). Otherwise two numbers of one float64 may differ.
func floatIsExact(v any, f float64) bool {
	switch x := v.(type) {
	case float64, float32:
		return true
	case json.Number:
		return isShortDecimal(string(x))
	}
	return math.Abs(f) < 1<<53
}

// isShortDecimal reports whether s is a JSON number of at most 15 digits,
// without exponent: "-12", "0.25", "123456.789".
func isShortDecimal(s string) bool {
	digits := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '-' && i == 0, c == '.':
		default:
			return false
		}
	}
	return digits <= 15
}

// IsInteger reports whether v, a number Number reads, has no fractional
// part, exactly: in JSON Schema 3.0 and 1e3 are integers, 3.5 and 1e-400
// (which reads as the float64 0) are not.
func IsInteger(v any) bool {
	switch x := v.(type) {
	case json.Number:
		return IsIntegerText(string(x))
	case float64:
		return x == math.Trunc(x)
	case float32:
		return x == float32(math.Trunc(float64(x)))
	}
	_, ok := Number(v)
	return ok
}

// IsIntegerText reports whether s, a JSON number, has no fractional part,
// exactly (see IsInteger): whether the digits' trailing zeros and the
// exponent make up for the digits after the point.
func IsIntegerText(s string) bool {
	mant, exp := s, ""
	for i := 0; i < len(s); i++ {
		if s[i] == 'e' || s[i] == 'E' {
			mant, exp = s[:i], s[i+1:]
			break
		}
	}
	frac := 0  // digits after the point
	zeros := 0 // trailing zeros of all the digits
	nonzero := false
	for i := 0; i < len(mant); i++ {
		switch c := mant[i]; {
		case c == '.':
			frac = len(mant) - i - 1
		case c == '0':
			zeros++
		case c >= '1' && c <= '9':
			zeros, nonzero = 0, true
		}
	}
	if !nonzero {
		return true // zero, whatever its exponent
	}
	// The value is digits × 10^(e - frac), digits ending in zeros zeros.
	e, neg := 0, false
	if len(exp) > 0 && (exp[0] == '-' || exp[0] == '+') {
		neg, exp = exp[0] == '-', exp[1:]
	}
	for i := 0; i < len(exp) && e < maxExp; i++ {
		e = e*10 + int(exp[i]-'0')
	}
	if neg {
		e = -e
	}
	return zeros+e-frac >= 0
}

// Compare compares the number v, a value a validator accepted as a number,
// with the number n written in the schema, exactly (see above): -1, 0 or +1
// as v is less than, equal to or greater than n. Generated code calls it
// only where the float64 comparison cannot decide: when v's float64 equals
// n's and one of them is not exact. It reports 0 when v is not a number.
func Compare(v any, n string) int {
	if x, ok := v.(json.Number); ok && string(x) == n {
		return 0 // written as the schema writes it
	}
	var xb, nb exactBuf
	x, ok := exact(v, &xb)
	if !ok {
		return 0
	}
	m, ok := parseDec(append(nb[:0], n...))
	if !ok {
		return 0
	}
	return x.cmp(m)
}

// sameNumber reports whether two numbers, whose float64 views are fa and fb,
// are equal exactly.
func sameNumber(a any, fa float64, b any, fb float64) bool {
	if fa != fb {
		return false
	}
	if floatIsExact(a, fa) && floatIsExact(b, fb) {
		return true
	}
	var ab, bb exactBuf
	x, okA := exact(a, &ab)
	y, okB := exact(b, &bb)
	return okA && okB && x.cmp(y) == 0
}

// appendNumber appends a rendering of the number v that is equal for numbers
// that are equal exactly and different otherwise, for canonical.
func appendNumber(b []byte, v any) ([]byte, bool) {
	var buf exactBuf
	d, ok := exact(v, &buf)
	if !ok {
		return b, false
	}
	if d.neg {
		b = append(b, '-')
	}
	b = append(b, d.digits...)
	b = append(b, 'e')
	return strconv.AppendInt(b, int64(d.exp), 10), true
}

// MultipleOf reports whether the number v, a value a validator accepted as
// a number, is a multiple of m, a number greater than 0 written in the
// schema, exactly (see above): 0.3 is a multiple of 0.1, although in binary
// floating point 0.3/0.1 is not a whole number, and 9007199254740993 is not
// a multiple of 2, although its float64 is.
func MultipleOf(v any, m string) bool {
	if f, ok := v.(float64); ok && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		if mi, ok := smallInteger(m); ok {
			return math.Mod(f, mi) == 0
		}
	}
	var xb, mb exactBuf
	x, ok := exact(v, &xb)
	if !ok {
		return false
	}
	d, ok := parseDec(append(mb[:0], m...))
	if !ok || len(d.digits) == 0 || d.neg {
		return false
	}
	if len(x.digits) == 0 {
		return true
	}
	// v/m = x.digits × 10^(x.exp-d.exp) / d.digits. x.digits has no trailing
	// zero, so no power of ten divides it: a negative shift is no multiple.
	shift := x.exp - d.exp
	if shift < 0 {
		return false
	}
	if len(d.digits) <= 18 {
		md, _ := strconv.ParseUint(string(d.digits), 10, 64)
		var r uint64
		for _, c := range x.digits {
			r = (r*10 + uint64(c-'0')) % md
		}
		for ; shift > 0 && r != 0; shift-- {
			r = r * 10 % md
		}
		return r == 0
	}
	xi, _ := new(big.Int).SetString(string(x.digits), 10)
	xi.Mul(xi, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(shift)), nil))
	mi, _ := new(big.Int).SetString(string(d.digits), 10)
	return new(big.Int).Rem(xi, mi).Sign() == 0
}

// smallInteger reads a schema number written as a plain positive integer
// below 2^53.
func smallInteger(s string) (float64, bool) {
	if len(s) == 0 || len(s) > 15 {
		return 0, false
	}
	var n float64
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + float64(s[i]-'0')
	}
	return n, n > 0
}
