package value

import (
	"encoding/json"
	"math"
	"math/big"
	"strconv"
)

// appendDecimal appends the exact rational value of a number v (as Number
// reads it) in one form per value: [-]digits e exponent, the digits without
// leading or trailing zeros, and "0" for zero. A json.Number stands for the
// value of its text, a Go integer for itself and a float for its exact
// binary value, however large or long. It reports false when v is not a
// finite number.
func appendDecimal(b []byte, v any) ([]byte, bool) {
	var buf [32]byte
	var text []byte
	switch v.(type) {
	case int, int8, int16, int32, int64:
		n, _ := Int(v, math.MinInt64, math.MaxInt64)
		text = strconv.AppendInt(buf[:0], n, 10)
	case uint, uint8, uint16, uint32, uint64, uintptr:
		n, _ := Uint(v, math.MaxUint64)
		text = strconv.AppendUint(buf[:0], n, 10)
	default:
		f, ok := Number(v)
		if !ok {
			return b, false
		}
		if n, isNumber := v.(json.Number); isNumber {
			return appendNormalDecimal(b, string(n)), true
		}
		// 767 significant digits write any float64 exactly.
		var long [800]byte
		return appendNormalDecimal(b, strconv.AppendFloat(long[:0], f, 'e', 767, 64)), true
	}
	return appendNormalDecimal(b, text), true
}

// appendNormalDecimal appends s, a number in JSON's grammar (or with a "+"
// in its exponent, as strconv writes it), in the form of appendDecimal,
// without allocating.
func appendNormalDecimal[T string | []byte](b []byte, s T) []byte {
	neg := len(s) > 0 && s[0] == '-'
	if neg {
		s = s[1:]
	}
	mantissa, exp := s, s[:0]
	for i := 0; i < len(s); i++ {
		if s[i] == 'e' || s[i] == 'E' {
			mantissa, exp = s[:i], s[i+1:]
			break
		}
	}
	intPart, frac := mantissa, mantissa[:0]
	for i := 0; i < len(mantissa); i++ {
		if mantissa[i] == '.' {
			intPart, frac = mantissa[:i], mantissa[i+1:]
			break
		}
	}
	// The significant digits are intPart+frac without leading and trailing
	// zeros; the value is digits × 10^(exp - len(frac) + trailing zeros).
	for len(intPart) > 0 && intPart[0] == '0' {
		intPart = intPart[1:]
	}
	shift := -int64(len(frac))
	if len(intPart) == 0 {
		for len(frac) > 0 && frac[0] == '0' {
			frac = frac[1:]
		}
	}
	for len(frac) > 0 && frac[len(frac)-1] == '0' {
		frac = frac[:len(frac)-1]
		shift++
	}
	if len(frac) == 0 {
		for len(intPart) > 0 && intPart[len(intPart)-1] == '0' {
			intPart = intPart[:len(intPart)-1]
			shift++
		}
	}
	if len(intPart) == 0 && len(frac) == 0 {
		return append(b, '0') // zero, whatever its sign and exponent
	}
	if neg {
		b = append(b, '-')
	}
	b = append(append(append(b, intPart...), frac...), 'e')
	expNeg := len(exp) > 0 && exp[0] == '-'
	if len(exp) > 0 && (exp[0] == '-' || exp[0] == '+') {
		exp = exp[1:]
	}
	for len(exp) > 1 && exp[0] == '0' {
		exp = exp[1:]
	}
	if len(exp) > 17 {
		// An exponent beyond int64: exact arithmetic on its digits.
		e, _ := new(big.Int).SetString(string(exp), 10)
		if expNeg {
			e.Neg(e)
		}
		return e.Add(e, big.NewInt(shift)).Append(b, 10)
	}
	var e int64
	for i := 0; i < len(exp); i++ {
		e = e*10 + int64(exp[i]-'0')
	}
	if expNeg {
		e = -e
	}
	return strconv.AppendInt(b, e+shift, 10)
}
