package tool

import (
	"math"
	"math/big"
	"strconv"
)

// MultipleOf reports whether x is a multiple of m (m > 0) exactly as the
// decimal numbers they were written as: 0.3 is a multiple of 0.1, although
// in binary floating point 0.3/0.1 is not a whole number. Each float64 is
// read as its shortest decimal representation, which is the text
// encoding/json writes and reads.
func MultipleOf(x, m float64) bool {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(m) || math.IsInf(m, 0) || m == 0 {
		return false
	}
	if IsInteger(x) && IsInteger(m) && math.Abs(x) < 1<<53 && m < 1<<53 {
		return math.Mod(x, m) == 0
	}
	xd, xe := decimal(x)
	md, me := decimal(m)
	if md == 0 {
		return false
	}
	// Bring both to the smaller exponent: x = xd·10^xe, m = md·10^me.
	for xe > me {
		if xd > math.MaxUint64/10 {
			return multipleOfBig(x, m)
		}
		xd *= 10
		xe--
	}
	for me > xe {
		if md > math.MaxUint64/10 {
			return multipleOfBig(x, m)
		}
		md *= 10
		me--
	}
	return xd%md == 0
}

// decimal splits |f| into digits and a power of ten from its shortest
// representation, without allocating.
func decimal(f float64) (digits uint64, exp int) {
	var buf [32]byte
	b := strconv.AppendFloat(buf[:0], math.Abs(f), 'e', -1, 64)
	i := 0
	for ; i < len(b) && b[i] != 'e'; i++ {
		if b[i] == '.' {
			continue
		}
		digits = digits*10 + uint64(b[i]-'0')
		if i > 1 { // a digit after "d." scales the number down
			exp--
		}
	}
	e, _ := strconv.Atoi(string(b[i+1:]))
	return digits, exp + e
}

func multipleOfBig(x, m float64) bool {
	rx, _ := new(big.Rat).SetString(strconv.FormatFloat(x, 'g', -1, 64))
	rm, _ := new(big.Rat).SetString(strconv.FormatFloat(m, 'g', -1, 64))
	q := new(big.Rat).Quo(rx, rm)
	return q.IsInt()
}
