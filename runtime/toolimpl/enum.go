package toolimpl

import (
	"cmp"
	"slices"

	"github.com/toolgen-go/toolgen/internal/value"
)

// An enum compiles to a table of its values, sorted, in which a value is
// looked up by binary search: its cost is logarithmic in the size of the
// enum, and the table is static data, so that an enum of 100,000 values
// builds as fast as one of three.

// Enum returns the value of values, sorted in increasing order, that
// equals v, and true; or "" and false. The string returned is the table's:
// a field keeps it without a copy.
//
// Not inlined: generated decode functions call it for every member of its
// kind, and its body inlined in each made a package of many tools slow to
// build (see docs/performance.md).
//
//go:noinline
func Enum(v string, values []string) (string, bool) {
	if i, ok := slices.BinarySearch(values, v); ok {
		return values[i], true
	}
	return "", false
}

// NumberEnum is the table of a numeric enum, sorted by F.
type NumberEnum []NumberValue

// NumberValue is a number of an enum: N as the schema writes it, F its
// float64.
type NumberValue struct {
	F float64
	N string
}

// InNumbers reports whether v, a number whose float64 view is f, is one of
// values, exactly: the float64s find the candidates, whose float64 equals
// f, and Compare decides among them.
func InNumbers(v any, f float64, values NumberEnum) bool {
	return values.has(f, func(n string) int { return value.Compare(v, n) })
}

// In reports whether the number is one of values, exactly (see InNumbers).
func (n Num) In(values NumberEnum) bool { return values.has(n.F, n.Compare) }

func (values NumberEnum) has(f float64, compare func(n string) int) bool {
	i, _ := slices.BinarySearchFunc(values, f, func(e NumberValue, f float64) int { return cmp.Compare(e.F, f) })
	for ; i < len(values) && values[i].F == f; i++ {
		if compare(values[i].N) == 0 {
			return true
		}
	}
	return false
}
