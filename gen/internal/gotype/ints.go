package gotype

import (
	"go/types"
	"strings"
)

// IntRange is the range of a Go integer type, as exact decimal numbers.
type IntRange struct{ Min, Max string }

// IntRanges are the ranges of Go's integer types (uintptr aside): the one
// table the schema's bounds, the tags' range checks and the decode's range
// errors read.
var IntRanges = map[types.BasicKind]IntRange{
	types.Int:    {"-9223372036854775808", "9223372036854775807"},
	types.Int8:   {"-128", "127"},
	types.Int16:  {"-32768", "32767"},
	types.Int32:  {"-2147483648", "2147483647"},
	types.Int64:  {"-9223372036854775808", "9223372036854775807"},
	types.Uint:   {"0", "18446744073709551615"},
	types.Uint8:  {"0", "255"},
	types.Uint16: {"0", "65535"},
	types.Uint32: {"0", "4294967295"},
	types.Uint64: {"0", "18446744073709551615"},
}

// Stated are the bounds of r a schema states, "" for none: those below 2^53
// in magnitude, which every validator reads exactly (a float64 holds them).
func (r IntRange) Stated() (min, max string) {
	exact := func(n string) string {
		if len(strings.TrimPrefix(n, "-")) > 15 { // 2^53 has 16 digits
			return ""
		}
		return n
	}
	return exact(r.Min), exact(r.Max)
}
