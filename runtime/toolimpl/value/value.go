// Package value is what generated validators and decoders call about a JSON
// value: its type, numbers compared exactly, equality, its reading into a Go
// field. Each function is the one of toolgen's core (internal/value), which
// runtime/tool and the generator call too, so that a validator, a Set and
// the generator agree on what a value is; this package is only the name
// generated code imports, since code in an application's module cannot
// import toolgen's internal packages. Like runtime/toolimpl, it is for
// generated code only and follows the generator: applications do not use
// it. See internal/value for what each function does.
package value

import (
	"encoding/json"

	"github.com/toolgen-go/toolgen/internal/value"
)

// MaxDepth bounds how deep a generated validator follows a recursive
// schema, and Equal and Duplicate a value built by hand.
const MaxDepth = value.MaxDepth

// Number reports v as a float64 when it is a finite JSON number.
func Number(v any) (float64, bool) { return value.Number(v) }

// List reports v as a []any when it is a JSON array.
func List(v any) ([]any, bool) { return value.List(v) }

// Object reports v as a map[string]any when it is a JSON object.
func Object(v any) (map[string]any, bool) { return value.Object(v) }

// IsNull reports whether v is JSON null, a typed nil included.
func IsNull(v any) bool { return value.IsNull(v) }

// IsInteger reports whether v, a number, has no fractional part, exactly.
func IsInteger(v any) bool { return value.IsInteger(v) }

// TypeName names the JSON type of v, as an error says it.
func TypeName(v any) string { return value.TypeName(v) }

// Show renders a received value compactly for an error.
func Show(v any) string { return value.Show(v) }

// Equal reports whether two values are equal as JSON Schema compares them.
func Equal(a, b any) bool { return value.Equal(a, b) }

// Duplicate returns the indexes of the first pair of equal items.
func Duplicate(items []any) (i, j int, found bool) { return value.Duplicate(items) }

// Compare compares the number v with the number n of the schema, exactly.
func Compare(v any, n string) int { return value.Compare(v, n) }

// MultipleOf reports whether the number v is a multiple of m, exactly.
func MultipleOf(v any, m string) bool { return value.MultipleOf(v, m) }

// Int returns v, an integer, as an int64 in [min, max].
func Int(v any, min, max int64) (int64, bool) { return value.Int(v, min, max) }

// Uint returns v, a non-negative integer, as a uint64 of at most max.
func Uint(v any, max uint64) (uint64, bool) { return value.Uint(v, max) }

// Float32 returns v, a number, rounded to a float32 as encoding/json does.
func Float32(v any) (float32, bool) { return value.Float32(v) }

// NumberText returns v, a number, as the json.Number of its JSON.
func NumberText(v any) (json.Number, bool) { return value.NumberText(v) }

// IntegerJSON returns v, an integer, as JSON without fraction or exponent.
func IntegerJSON(v any) ([]byte, bool) { return value.IntegerJSON(v) }

// PanicTooDeep stops a validity check on a value nested deeper than
// MaxDepth; IsTooDeep recognizes it.
func PanicTooDeep() { value.PanicTooDeep() }

// IsTooDeep reports whether v, a recovered panic, is the one of
// PanicTooDeep.
func IsTooDeep(v any) bool { return value.IsTooDeep(v) }
