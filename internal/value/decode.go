package value

import (
	"encoding/json"
	"math"
	"strconv"
)

// This file is for generated code: the typed decode functions toolgen emits
// (DecodeT) call these helpers to read a value that the validator of the same
// tool has accepted into a Go field, exactly. They never panic, whatever v
// holds, and report false when v does not fit the field.

// Int returns v, a value a validator accepted as an integer, as an int64. It
// reports false when v does not lie in [min, max], the range of the Go field.
// A json.Number is read exactly, however it is written ("3.0", "1e3" and
// "9007199254740993" alike): one that is not an integer ("1e-400") is not
// read.
func Int(v any, min, max int64) (int64, bool) {
	var n int64
	switch x := v.(type) {
	case float64:
		return intOf(x, min, max)
	case json.Number:
		if isPlainInteger(string(x)) {
			i, err := strconv.ParseInt(string(x), 10, 64)
			return i, err == nil && i >= min && i <= max
		}
		neg, u, ok := integerOf(x)
		switch {
		case !ok || u > 1<<63 || !neg && u == 1<<63:
			return 0, false
		case neg:
			n = -int64(u) // -2^63 too
		default:
			n = int64(u)
		}
	case int:
		n = int64(x)
	case int8:
		n = int64(x)
	case int16:
		n = int64(x)
	case int32:
		n = int64(x)
	case int64:
		n = x
	case uint, uint8, uint16, uint32, uint64, uintptr:
		u, ok := Uint(v, math.MaxUint64)
		if !ok || u > math.MaxInt64 {
			return 0, false
		}
		n = int64(u)
	case float32:
		return intOf(float64(x), min, max)
	default:
		return 0, false
	}
	return n, n >= min && n <= max
}

// Uint returns v, a value a validator accepted as a non-negative integer, as
// a uint64. It reports false when v is negative or greater than max.
func Uint(v any, max uint64) (uint64, bool) {
	var n uint64
	switch x := v.(type) {
	case float64:
		return uintOf(x, max)
	case json.Number:
		if isPlainInteger(string(x)) {
			u, err := strconv.ParseUint(string(x), 10, 64)
			if err != nil {
				return 0, x == "-0"
			}
			return u, u <= max
		}
		neg, u, ok := integerOf(x)
		if !ok || neg && u != 0 {
			return 0, false
		}
		n = u
	case uint:
		n = uint64(x)
	case uint8:
		n = uint64(x)
	case uint16:
		n = uint64(x)
	case uint32:
		n = uint64(x)
	case uint64:
		n = x
	case uintptr:
		n = uint64(x)
	case int, int8, int16, int32, int64:
		i, ok := Int(v, 0, math.MaxInt64)
		if !ok {
			return 0, false
		}
		n = uint64(i)
	case float32:
		return uintOf(float64(x), max)
	default:
		return 0, false
	}
	return n, n <= max
}

// integerOf reads the number n, exactly, as a sign and a magnitude below
// 2^64 ("1e3" is 1000, "-3.0" is -3); false when n is not an integer or is
// too large. A plain integer is read faster by strconv.
func integerOf(n json.Number) (neg bool, u uint64, ok bool) {
	var buf exactBuf
	d, ok := exact(n, &buf)
	if !ok || d.exp < 0 || len(d.digits)+d.exp > 20 {
		return false, 0, false
	}
	for _, c := range d.digits {
		if u > (math.MaxUint64-uint64(c-'0'))/10 {
			return false, 0, false
		}
		u = u*10 + uint64(c-'0')
	}
	for range d.exp {
		if u > math.MaxUint64/10 {
			return false, 0, false
		}
		u *= 10
	}
	return d.neg, u, true
}

// 2^63 and 2^64 as float64, exactly.
const (
	two63 = 9223372036854775808.0
	two64 = 18446744073709551616.0
)

func intOf(f float64, min, max int64) (int64, bool) {
	if math.IsNaN(f) || f != math.Trunc(f) || f < -two63 || f >= two63 {
		return 0, false
	}
	n := int64(f)
	return n, n >= min && n <= max
}

func uintOf(f float64, max uint64) (uint64, bool) {
	if math.IsNaN(f) || f != math.Trunc(f) || f < 0 || f >= two64 {
		return 0, false
	}
	n := uint64(f)
	return n, n <= max
}

// Float32 returns v, a value a validator accepted as a number, as a float32,
// rounded to the nearest float32 as encoding/json rounds it. It reports false
// when the number is too large for a float32.
func Float32(v any) (float32, bool) {
	if n, ok := v.(json.Number); ok {
		if !isJSONNumber(string(n)) {
			return 0, false
		}
		f, err := strconv.ParseFloat(string(n), 32)
		return float32(f), err == nil
	}
	f, ok := Number(v)
	if !ok {
		return 0, false
	}
	f32 := float32(f)
	return f32, !math.IsInf(float64(f32), 0)
}

// NumberText returns v, a value a validator accepted as a number, as the
// json.Number encoding/json decodes from its JSON: a json.Number as it is,
// a float64 as encoding/json writes it (beyond 2^53, digit by digit: the
// exact value the validator judged), a Go integer in decimal.
func NumberText(v any) (json.Number, bool) {
	switch x := v.(type) {
	case json.Number:
		return x, isJSONNumber(string(x))
	case float64, float32:
		f, ok := Number(x)
		if !ok {
			return "", false
		}
		if math.Abs(f) < 1<<53 || f != math.Trunc(f) {
			return json.Number(formatNumber(f)), true
		}
	}
	if _, ok := Number(v); !ok {
		return "", false
	}
	var buf exactBuf
	d, ok := exact(v, &buf)
	if !ok {
		return "", false
	}
	return json.Number(integerText(d)), true
}

// IntegerJSON returns v, a value a validator accepted as an integer, as a
// JSON integer without fraction or exponent (1e3 is 1000), for a type whose
// UnmarshalJSON reads integers only (math/big.Int): DecodeT follows the
// schema, for which 1e3 is an integer. It reports false when v is not an
// integer.
func IntegerJSON(v any) ([]byte, bool) {
	var buf exactBuf
	d, ok := exact(v, &buf)
	if !ok || d.exp < 0 {
		return nil, false
	}
	return []byte(integerText(d)), true
}

// integerText writes an integer dec in decimal.
func integerText(d dec) string {
	if len(d.digits) == 0 {
		return "0"
	}
	b := make([]byte, 0, 1+len(d.digits)+d.exp)
	if d.neg {
		b = append(b, '-')
	}
	b = append(b, d.digits...)
	for range d.exp {
		b = append(b, '0')
	}
	return string(b)
}
