package tool

import (
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// appendDecimal appends the exact decimal value of a number v (as Number
// reads it) in one form per value: [-]digits e exponent, the digits without
// leading or trailing zeros, and "0" for zero. A float64 stands for its
// shortest decimal representation, the text encoding/json writes and reads;
// a json.Number and the Go integers for their exact value, however large.
// It reports false when v is not a finite number.
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
		text = strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	}
	return appendNormalDecimal(b, string(text)), true
}

// appendNormalDecimal appends s, a number in JSON's grammar (or with a "+"
// in its exponent, as strconv writes it), in the form of appendDecimal.
func appendNormalDecimal(b []byte, s string) []byte {
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	mantissa, expText := s, ""
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mantissa, expText = s[:i], strings.TrimPrefix(s[i+1:], "+")
	}
	intPart, frac := mantissa, ""
	if i := strings.IndexByte(mantissa, '.'); i >= 0 {
		intPart, frac = mantissa[:i], mantissa[i+1:]
	}
	// The significant digits are intPart+frac without leading and trailing
	// zeros; the value is digits × 10^(exp - len(frac) + trailing zeros).
	intPart = strings.TrimLeft(intPart, "0")
	shift := -len(frac)
	if intPart == "" {
		frac = strings.TrimLeft(frac, "0")
	}
	t := strings.TrimRight(frac, "0")
	shift += len(frac) - len(t)
	frac = t
	if frac == "" {
		t := strings.TrimRight(intPart, "0")
		shift += len(intPart) - len(t)
		intPart = t
	}
	if intPart == "" && frac == "" {
		return append(b, '0') // zero, whatever its sign and exponent
	}
	if neg {
		b = append(b, '-')
	}
	b = append(append(append(b, intPart...), frac...), 'e')
	if expText == "" {
		return strconv.AppendInt(b, int64(shift), 10)
	}
	if e, err := strconv.ParseInt(expText, 10, 64); err == nil && e < 1<<62 && e > -(1<<62) {
		return strconv.AppendInt(b, e+int64(shift), 10)
	}
	e, _ := new(big.Int).SetString(expText, 10)
	return e.Add(e, big.NewInt(int64(shift))).Append(b, 10)
}
