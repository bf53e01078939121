package toolimpl

import (
	"encoding/json"
	"strconv"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Float returns the value of a literal Scanner.Number read, as the map
// validator reads the same json.Number: the nearest float64.
func Float(lit string) float64 {
	if n, ok := smallInt(lit); ok && (n != 0 || lit[0] != '-') {
		return float64(n) // exact: |n| < 2^53
	}
	f, _ := strconv.ParseFloat(lit, 64) // -0 too
	return f
}

// Int returns a literal Scanner.Number read as an integer field's value, as
// tool.Int returns the same json.Number: exactly when it is written as an
// integer, whatever its size; false when it does not lie in [min, max].
func Int(lit string, min, max int64) (int64, bool) {
	if n, ok := smallInt(lit); ok {
		return n, n >= min && n <= max
	}
	return tool.Int(json.Number(lit), min, max)
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
