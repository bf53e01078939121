package value

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
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
		if !isJSONNumber(string(n)) {
			return 0, false
		}
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

// List reports v as a []any when it is a JSON array. A []any is returned as
// it is; a typed slice or array put in the map by hand is copied.
func List(v any) ([]any, bool) {
	switch l := v.(type) {
	case []any:
		return l, l != nil
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
// array, object or null. A number with no fractional part (IsInteger) is an
// integer.
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
		if x == nil {
			return "null"
		}
		return "array"
	case map[string]any:
		if x == nil {
			return "null"
		}
		return "object"
	}
	if _, ok := Number(v); ok {
		if IsInteger(v) {
			return "integer"
		}
		return "number"
	}
	if _, ok := v.(json.Number); ok {
		return "invalid number"
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
	if IsNull(v) {
		return "null"
	}
	return "Go value of type " + reflect.TypeOf(v).String()
}

// Equal reports whether two JSON values are equal as JSON Schema compares
// them: numbers by value (1 equals 1.0), never a bool with a number, arrays
// element by element, objects member by member whatever their order.
//
// Equal follows arrays and objects at most MaxDepth levels deep: comparing
// two values that both nest deeper (a cyclic value built by hand among
// them) stops with PanicTooDeep, which a generated validator, and a Set,
// turn into a depth error. Equal never overflows the stack.
func Equal(a, b any) bool { return equal(a, b, 0) }

func equal(a, b any, depth int) bool {
	if fa, ok := Number(a); ok {
		fb, ok := Number(b)
		return ok && sameNumber(a, fa, b, fb)
	}
	if IsNull(a) || IsNull(b) {
		return IsNull(a) && IsNull(b)
	}
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	}
	if n, ok := listLen(a); ok {
		if m, ok := listLen(b); !ok || m != n {
			return false // without copying a typed slice
		}
		la, _ := List(a)
		lb, _ := List(b)
		if depth >= MaxDepth && len(la) > 0 {
			PanicTooDeep()
		}
		for i := range la {
			if !equal(la[i], lb[i], depth+1) {
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
		if depth >= MaxDepth && len(ma) > 0 {
			PanicTooDeep()
		}
		for k, va := range ma {
			vb, ok := mb[k]
			if !ok || !equal(va, vb, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// Duplicate returns the indexes of the first pair of equal items, for
// uniqueItems. Long lists are bucketed by a canonical rendering first, so a
// hostile list of many items does not cost a quadratic number of
// comparisons. Like Equal, it stops with PanicTooDeep at an item nested
// deeper than MaxDepth.
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
	first := make(map[string]int, len(items))
	var b []byte
	for j, item := range items {
		var w WalkResult
		b, w = canonical(b[:0], item, MaxDepth)
		switch w {
		case WalkTooDeep:
			PanicTooDeep()
		case WalkNotJSON:
			continue // not a JSON value: equal to nothing
		}
		if i, seen := first[string(b)]; seen {
			return i, j, true
		}
		first[string(b)] = j
	}
	return 0, 0, false
}

// listLen returns the length of v when List would report it as an array.
func listLen(v any) (int, bool) {
	switch l := v.(type) {
	case []any:
		return len(l), l != nil
	case nil, string, []byte, json.RawMessage:
		return 0, false
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice:
		return rv.Len(), !rv.IsNil()
	case reflect.Array:
		return rv.Len(), true
	}
	return 0, false
}

// WalkResult is how a walk over a value ended.
type WalkResult uint8

const (
	WalkOK      WalkResult = iota
	WalkNotJSON            // a value with no JSON form: a chan, a func, NaN...
	WalkTooDeep            // nested deeper than MaxDepth, or cyclic
)

// canonical appends a rendering of v that is equal for values Equal calls
// equal and different otherwise: numbers by the value a validator compares
// (see Compare), objects by sorted key. It stops at the first value that is
// not JSON, and at limit levels of nesting, which a cyclic value reaches.
func canonical(b []byte, v any, limit int) ([]byte, WalkResult) {
	return appendCanonical(b, v, 0, limit, appendNumber)
}

// IdentityForm appends a rendering of v that is equal exactly for equal JSON
// values: numbers by their exact rational value (1, 1.0 and 10e-1 alike;
// 9007199254740993 and 90071992547409930e-1 alike, 9007199254740992 apart;
// a float64 by its exact binary value), objects by sorted key. It is finer
// than canonical, so that an approval or a request id is never shared by
// two calls a handler could tell apart.
func IdentityForm(b []byte, v any, limit int) ([]byte, WalkResult) {
	return appendCanonical(b, v, 0, limit, appendDecimal)
}

func appendCanonical(b []byte, v any, depth, limit int, number func([]byte, any) ([]byte, bool)) ([]byte, WalkResult) {
	if IsNull(v) {
		return append(b, 'z'), WalkOK
	}
	if _, ok := Number(v); ok {
		var numOK bool
		if b, numOK = number(append(b, 'n'), v); !numOK {
			return b, WalkNotJSON
		}
		return b, WalkOK
	}
	switch x := v.(type) {
	case string:
		return strconv.AppendQuote(append(b, 's'), x), WalkOK
	case bool:
		return strconv.AppendBool(append(b, 'b'), x), WalkOK
	}
	if l, isList := List(v); isList {
		if depth >= limit && len(l) > 0 {
			return b, WalkTooDeep
		}
		b = append(b, '[')
		for _, item := range l {
			var w WalkResult
			if b, w = appendCanonical(b, item, depth+1, limit, number); w != WalkOK {
				return b, w
			}
			b = append(b, ',')
		}
		return append(b, ']'), WalkOK
	}
	if m, isObject := Object(v); isObject {
		if depth >= limit && len(m) > 0 {
			return b, WalkTooDeep
		}
		b = append(b, '{')
		// The names of a small object are sorted on the stack: an object of
		// one member costs no allocation here.
		var small [8]string
		keys := small[:0]
		if len(m) > len(small) {
			keys = make([]string, 0, len(m))
		}
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			var w WalkResult
			if b, w = appendCanonical(append(strconv.AppendQuote(b, k), ':'), m[k], depth+1, limit, number); w != WalkOK {
				return b, w
			}
			b = append(b, ',')
		}
		return append(b, '}'), WalkOK
	}
	return b, WalkNotJSON
}

// IsNull reports whether v is JSON null: nil, or a nil slice, map, pointer
// or interface put in the map by hand. Like null, such a typed nil leaves an
// optional member absent.
func IsNull(v any) bool {
	if v == nil {
		return true
	}
	switch x := v.(type) {
	case map[string]any:
		return x == nil
	case []any:
		return x == nil
	case string, bool, float64, json.Number:
		return false
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Map, reflect.Pointer, reflect.Interface:
		return rv.IsNil()
	}
	return false
}

// isJSONNumber reports whether s follows JSON's number grammar, which is
// stricter than strconv's: no hex, no underscores, no leading + or zeros.
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	return i == len(s)
}

// maxShown bounds how much of a received string or a member name an error
// repeats, in characters.
const maxShown = 64

// Show renders a received value compactly for an error: strings quoted and
// shortened, numbers as JSON writes them, arrays and objects by their size.
func Show(v any) string {
	switch x := v.(type) {
	case string:
		return quoteShort(x)
	case bool:
		return strconv.FormatBool(x)
	case json.Number:
		if _, ok := Number(x); !ok {
			return quoteShort(string(x))
		}
		return string(x)
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case uint64:
		return strconv.FormatUint(x, 10)
	}
	if IsNull(v) {
		return "null"
	}
	if f, ok := Number(v); ok {
		return formatNumber(f)
	}
	if l, ok := List(v); ok {
		return "an array of " + count(len(l), "item")
	}
	if m, ok := Object(v); ok {
		return "an object of " + count(len(m), "member")
	}
	return TypeName(v)
}

// ShowScalar is Show of a string, a number or a boolean, which a type error
// echoes ("got number 19.99"), and "" for any other value: null says
// itself, and an array or an object is told by its type.
func ShowScalar(v any) string {
	switch TypeName(v) {
	case "string", "boolean", "integer", "number":
		return Show(v)
	}
	return ""
}

// quoteShort quotes a string, shortened to maxShown characters.
func quoteShort(s string) string {
	n := utf8.RuneCountInString(s)
	if n <= maxShown {
		return strconv.Quote(s)
	}
	cut, runes := 0, 0
	for cut = range s {
		if runes == maxShown {
			break
		}
		runes++
	}
	return strconv.Quote(s[:cut]) + "… (" + strconv.Itoa(n) + " characters)"
}

// formatNumber writes a float64 as encoding/json does: 1000000, not 1e+06.
func formatNumber(f float64) string {
	abs := math.Abs(f)
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		// Clean up e-09 to e-9, as encoding/json does.
		if n := len(s); n >= 4 && s[n-4] == 'e' && s[n-3] == '-' && s[n-2] == '0' {
			s = s[:n-2] + s[n-1:]
		}
		return s
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// MaxDepth bounds how deep a generated validator follows a recursive
// schema, and Equal and Duplicate a value built by hand.
const MaxDepth = 128

// tooDeep is what a validity check panics with when a value nests deeper
// than MaxDepth: its verdict must not turn into a pass under "not".
type tooDeep struct{}

// PanicTooDeep stops a validity check on a value nested deeper than
// MaxDepth; generated code recovers with IsTooDeep.
func PanicTooDeep() { panic(tooDeep{}) }

// IsTooDeep reports whether v, a recovered panic, is the one of
// PanicTooDeep.
func IsTooDeep(v any) bool {
	_, ok := v.(tooDeep)
	return ok
}
