package toolimpl

import (
	"encoding/json"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// This file reads the values a map[string]any may hold, for the map
// validators and decoders: as encoding/json decodes them (float64, string,
// bool, nil, []any, map[string]any), as json.Number, and as Go values an
// application puts in a map by hand (sized ints and floats, typed slices and
// maps). A Set compares and renders values with the same functions.

// MaxDepth bounds how deep generated code follows a recursive schema; a
// deeper value is reported with tool.CodeDepth.
const MaxDepth = jsonvalue.MaxDepth

// Number reports v as a float64 when it is a finite JSON number. A bool is
// never a number; NaN and ±Inf are not numbers.
func Number(v any) (float64, bool) { return jsonvalue.Number(v) }

// IsInteger reports whether v, a number Number reads, has no fractional
// part, exactly: in JSON Schema 3.0 and 1e3 are integers, 3.5 and 1e-400
// (whose float64 is 0) are not.
func IsInteger(v any) bool { return jsonvalue.IsInteger(v) }

// Length returns the length of a string in Unicode code points, as JSON
// Schema's minLength and maxLength count it.
func Length(s string) int { return jsonvalue.Length(s) }

// List reports v as a []any when it is a JSON array. A []any is returned as
// it is; a typed slice or array put in the map by hand is copied.
func List(v any) ([]any, bool) { return jsonvalue.List(v) }

// AsObject reports v as a map[string]any when it is a JSON object. A
// map[string]any is returned as it is; a map with string keys and another
// element type, put in the map by hand, is copied.
func AsObject(v any) (map[string]any, bool) { return jsonvalue.Object(v) }

// IsNull reports whether v is JSON null: nil, or a nil slice, map, pointer
// or interface put in the map by hand. Like null, such a typed nil leaves an
// optional member absent.
func IsNull(v any) bool { return jsonvalue.IsNull(v) }

// TypeName names the JSON type of v: string, boolean, integer, number,
// array, object or null. A number with no fractional part is an integer.
// A Go value with no JSON counterpart is named by its Go type.
func TypeName(v any) string { return jsonvalue.TypeName(v) }

// Show renders a received value compactly for an error: strings quoted and
// shortened, numbers as JSON writes them, arrays and objects by their size.
func Show(v any) string { return jsonvalue.Show(v) }

// Equal reports whether two JSON values are equal as JSON Schema compares
// them: numbers by value (1 equals 1.0), never a bool with a number, arrays
// element by element, objects member by member whatever their order.
//
// Equal follows arrays and objects at most MaxDepth levels deep: comparing
// two values that both nest deeper (a cyclic value built by hand among
// them) stops with PanicTooDeep, which a generated validator, and a Set,
// turn into a depth error. Equal never overflows the stack.
func Equal(a, b any) bool { return jsonvalue.Equal(a, b) }

// Duplicate returns the indexes of the first pair of equal items, for
// uniqueItems. Long lists are bucketed by a canonical rendering first, so a
// hostile list of many items does not cost a quadratic number of
// comparisons. Like Equal, it stops with PanicTooDeep at an item nested
// deeper than MaxDepth.
func Duplicate(items []any) (i, j int, found bool) { return jsonvalue.Duplicate(items) }

// PanicTooDeep stops a validity check on a value nested deeper than
// MaxDepth; the generated validator recovers with Report.RecoverTooDeep.
// Its verdict must not turn into a pass under "not".
func PanicTooDeep() { jsonvalue.PanicTooDeep() }

// Compare compares the number v, a value a validator accepted as a number,
// with the number n written in the schema, exactly: -1, 0 or +1 as v is
// less than, equal to or greater than n. Generated code calls it only where
// the float64 comparison cannot decide: when v's float64 equals n's, which
// two different numbers may share (9007199254740993 and 9007199254740992;
// 1e23 and 99999999999999991611392; 1e-400 and 0). It reports 0 when v is
// not a number.
func Compare(v any, n string) int { return jsonvalue.Compare(v, n) }

// MultipleOf reports whether the number v, a value a validator accepted as
// a number, is a multiple of m, a number greater than 0 written in the
// schema, exactly: 0.3 is a multiple of 0.1, although in binary floating
// point 0.3/0.1 is not a whole number, and 9007199254740993 is not a
// multiple of 2, although its float64 is.
func MultipleOf(v any, m string) bool { return jsonvalue.MultipleOf(v, m) }

// Int returns v, a value a validator accepted as an integer, as an int64. It
// reports false when v does not lie in [min, max], the range of the Go field.
// A json.Number is read exactly, however it is written ("3.0", "1e3" and
// "9007199254740993" alike).
func Int(v any, min, max int64) (int64, bool) { return jsonvalue.Int(v, min, max) }

// Uint returns v, a value a validator accepted as a non-negative integer, as
// a uint64. It reports false when v is negative or greater than max.
func Uint(v any, max uint64) (uint64, bool) { return jsonvalue.Uint(v, max) }

// Float returns v, a value a validator accepted as a number, as a float64.
func Float(v any) (float64, bool) { return jsonvalue.Number(v) }

// Float32 returns v, a value a validator accepted as a number, as a float32,
// rounded to the nearest float32 as encoding/json rounds it. It reports false
// when the number is too large for a float32.
func Float32(v any) (float32, bool) { return jsonvalue.Float32(v) }

// NumberText returns v, a value a validator accepted as a number, as the
// json.Number encoding/json decodes from its JSON: a json.Number as it is,
// a float64 as encoding/json writes it (beyond 2^53, digit by digit: the
// exact value the validator judged), a Go integer in decimal.
func NumberText(v any) (json.Number, bool) { return jsonvalue.NumberText(v) }

// IntegerJSON returns v, a value a validator accepted as an integer, as a
// JSON integer without fraction or exponent (1e3 is 1000), for a type whose
// UnmarshalJSON reads integers only (math/big.Int): DecodeT follows the
// schema, for which 1e3 is an integer. It reports false when v is not an
// integer.
func IntegerJSON(v any) ([]byte, bool) { return jsonvalue.IntegerJSON(v) }

// Index formats an array index for a path.
func Index(i int) string { return jsonvalue.Index(i) }

// TooDeep reports a value nested deeper than MaxDepth.
func TooDeep() tool.Error {
	return tool.Error{Code: tool.CodeDepth, Expected: jsonvalue.DepthExpected(MaxDepth)}
}
