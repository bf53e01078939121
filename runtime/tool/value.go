package tool

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file is for generated code: it reads the values a map[string]any may
// hold, as encoding/json decodes them (float64, string, bool, nil, []any,
// map[string]any), as json.Number, and as Go values an application puts in a
// map by hand (sized ints and floats, typed slices and maps).

// Number reports v as a float64 when it is a finite JSON number. A bool is
// never a number; NaN and ±Inf are not numbers.
func Number(v any) (float64, bool) {
	var f float64
	switch n := v.(type) {
	case float64:
		f = n
	case json.Number:
		var err error
		if f, err = strconv.ParseFloat(string(n), 64); err != nil {
			return 0, false
		}
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case int32:
		return float64(n), true
	case int16:
		return float64(n), true
	case int8:
		return float64(n), true
	case uint:
		return float64(n), true
	case uint64:
		return float64(n), true
	case uint32:
		return float64(n), true
	case uint16:
		return float64(n), true
	case uint8:
		return float64(n), true
	case uintptr:
		return float64(n), true
	case float32:
		f = float64(n)
	default:
		return 0, false
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// IsInteger reports whether a number has no fractional part: in JSON Schema
// 3.0 is an integer and 3.5 is not.
func IsInteger(f float64) bool { return f == math.Trunc(f) }

// Length returns the length of a string in Unicode code points, as JSON
// Schema's minLength and maxLength count it.
func Length(s string) int { return utf8.RuneCountInString(s) }

// List reports v as a []any when it is a JSON array. A []any is returned as
// it is; a typed slice or array put in the map by hand is copied.
func List(v any) ([]any, bool) {
	switch l := v.(type) {
	case []any:
		return l, true
	case nil, string, []byte, json.RawMessage:
		return nil, false
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Slice && rv.Kind() != reflect.Array {
		return nil, false
	}
	if rv.Kind() == reflect.Slice && rv.IsNil() {
		return nil, false
	}
	out := make([]any, rv.Len())
	for i := range out {
		out[i] = rv.Index(i).Interface()
	}
	return out, true
}

// Object reports v as a map[string]any when it is a JSON object. A
// map[string]any is returned as it is; a map with string keys and another
// element type, put in the map by hand, is copied.
func Object(v any) (map[string]any, bool) {
	switch m := v.(type) {
	case map[string]any:
		return m, m != nil
	case nil:
		return nil, false
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Map || rv.Type().Key().Kind() != reflect.String || rv.IsNil() {
		return nil, false
	}
	out := make(map[string]any, rv.Len())
	iter := rv.MapRange()
	for iter.Next() {
		out[iter.Key().String()] = iter.Value().Interface()
	}
	return out, true
}

// TypeName names the JSON type of v: string, boolean, integer, number,
// array, object or null. A number with no fractional part is an integer.
// A Go value with no JSON counterpart is named by its Go type.
func TypeName(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case map[string]any:
		if x == nil {
			return "null"
		}
		return "object"
	}
	if f, ok := Number(v); ok {
		if IsInteger(f) {
			return "integer"
		}
		return "number"
	}
	if n, ok := v.(json.Number); ok {
		return "invalid number " + strconv.Quote(string(n))
	}
	if _, ok := List(v); ok {
		return "array"
	}
	if _, ok := Object(v); ok {
		return "object"
	}
	switch f := v.(type) {
	case float64:
		return "non-finite number " + strconv.FormatFloat(f, 'g', -1, 64)
	case float32:
		return "non-finite number " + strconv.FormatFloat(float64(f), 'g', -1, 32)
	}
	rv := reflect.ValueOf(v)
	if (rv.Kind() == reflect.Slice || rv.Kind() == reflect.Map || rv.Kind() == reflect.Pointer) && rv.IsNil() {
		return "null"
	}
	return "Go value of type " + rv.Type().String()
}

// Equal reports whether two JSON values are equal as JSON Schema compares
// them: numbers by value (1 equals 1.0), never a bool with a number, arrays
// element by element, objects member by member whatever their order.
func Equal(a, b any) bool {
	if fa, ok := Number(a); ok {
		fb, ok := Number(b)
		return ok && fa == fb
	}
	switch x := a.(type) {
	case nil:
		return b == nil || TypeName(b) == "null"
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	}
	if la, ok := List(a); ok {
		lb, ok := List(b)
		if !ok || len(la) != len(lb) {
			return false
		}
		for i := range la {
			if !Equal(la[i], lb[i]) {
				return false
			}
		}
		return true
	}
	if ma, ok := Object(a); ok {
		mb, ok := Object(b)
		if !ok || len(ma) != len(mb) {
			return false
		}
		for k, va := range ma {
			vb, ok := mb[k]
			if !ok || !Equal(va, vb) {
				return false
			}
		}
		return true
	}
	return false
}

// Duplicate returns the indexes of the first pair of equal items, for
// uniqueItems. Long lists are bucketed by a cheap key first, so a hostile
// list of many items does not cost a quadratic number of comparisons.
func Duplicate(items []any) (i, j int, found bool) {
	if len(items) <= 32 {
		for j := 1; j < len(items); j++ {
			for i := 0; i < j; i++ {
				if Equal(items[i], items[j]) {
					return i, j, true
				}
			}
		}
		return 0, 0, false
	}
	buckets := make(map[string][]int, len(items))
	for j, item := range items {
		key := bucketKey(item)
		for _, i := range buckets[key] {
			if Equal(items[i], item) {
				return i, j, true
			}
		}
		buckets[key] = append(buckets[key], j)
	}
	return 0, 0, false
}

// bucketKey is equal for equal values; unequal values may share a key.
func bucketKey(v any) string {
	if f, ok := Number(v); ok {
		return "n" + strconv.FormatFloat(f, 'g', -1, 64)
	}
	switch x := v.(type) {
	case string:
		return "s" + x
	case bool:
		return strconv.FormatBool(x)
	}
	if l, ok := List(v); ok {
		return "a" + strconv.Itoa(len(l))
	}
	if m, ok := Object(v); ok {
		return "o" + strconv.Itoa(len(m))
	}
	return "null"
}

// SortedKeys returns the keys of m in ascending order. Generated code visits
// map members in Go's order and, only when that produced errors, again in
// this order, so that errors are deterministic at no cost to a valid call.
func SortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// SortByPath sorts errors by path, for the unexpected members of one object,
// which a validator finds in Go's map order.
func SortByPath(errs Errors) {
	slices.SortStableFunc(errs, func(a, b Error) int { return strings.Compare(a.Path, b.Path) })
}

// Nest prefixes the paths and names of errs, which a validator of a
// sub-schema reported relative to the value it was given.
func Nest(errs Errors, path, name string) {
	for i := range errs {
		errs[i].Path = path + errs[i].Path
		switch {
		case errs[i].Name == "":
			errs[i].Name = name
		case strings.HasPrefix(errs[i].Name, "["):
			errs[i].Name = name + errs[i].Name
		default:
			errs[i].Name = name + "." + errs[i].Name
		}
	}
}

// Key escapes an object member name for a JSON Pointer (RFC 6901).
func Key(k string) string {
	if !strings.ContainsAny(k, "~/") {
		return k
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
}

// Index formats an array index for a path.
func Index(i int) string { return strconv.Itoa(i) }

// TypeError reports a value of the wrong JSON type.
func TypeError(path, name, expected string, v any) Error {
	return Error{Code: CodeType, Path: path, Name: name, Expected: expected, Got: TypeName(v)}
}

// ValueError reports a value of the right type that breaks a constraint;
// code is the JSON Schema keyword.
func ValueError(code, path, name, expected string, v any) Error {
	return Error{Code: code, Path: path, Name: name, Expected: expected, Got: TypeName(v), Actual: Show(v)}
}

// maxShown bounds how much of a received string an error repeats.
const maxShown = 64

// Show renders a received value compactly for an error: strings quoted and
// shortened, numbers as JSON writes them, arrays and objects by their size.
func Show(v any) string {
	switch x := v.(type) {
	case string:
		if n := Length(x); n > maxShown {
			cut, runes := 0, 0
			for cut = range x {
				if runes == maxShown {
					break
				}
				runes++
			}
			return strconv.Quote(x[:cut]) + "… (" + strconv.Itoa(n) + " characters)"
		}
		return strconv.Quote(x)
	case bool:
		return strconv.FormatBool(x)
	case nil:
		return "null"
	case json.Number:
		return string(x)
	}
	if f, ok := Number(v); ok {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	if l, ok := List(v); ok {
		return "an array of " + strconv.Itoa(len(l)) + " items"
	}
	if m, ok := Object(v); ok {
		return "an object of " + strconv.Itoa(len(m)) + " members"
	}
	return TypeName(v)
}

// MaxDepth bounds how deep a generated validator follows a recursive
// schema; a deeper value is reported with CodeDepth.
const MaxDepth = 128

// TooDeep reports a value nested deeper than MaxDepth.
func TooDeep() Error {
	return Error{Code: CodeDepth, Expected: "a value nested at most " + strconv.Itoa(MaxDepth) + " levels deep"}
}
