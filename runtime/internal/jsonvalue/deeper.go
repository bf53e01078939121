package jsonvalue

import (
	"encoding"
	"encoding/json"
	"reflect"
)

// This file bounds the walks that other code makes over a Go value built by
// hand (encoding/json writing a handler's output, fmt or a log handler
// printing a value): before such a walk starts, a walk of its own, limited
// in depth, tells whether the other would go deeper than the runtime allows,
// as one over a value that contains itself does without end.

// NestsDeeper reports whether v, as encoding/json writes it, nests arrays
// and objects more than limit levels deep, or holds a value that contains
// itself. It follows what encoding/json follows: maps, slices, arrays,
// pointers, interfaces and the exported fields of structs (embedded ones
// written in their parent's object), and stops at a value that writes its
// own JSON (json.Marshaler, encoding.TextMarshaler), whose JSON its caller
// checks. It visits each element at most once per path: its cost is that of
// encoding/json's walk, never more.
func NestsDeeper(v any, limit int) bool {
	deeper, _ := Nesting(v, limit)
	return deeper
}

// Nesting is NestsDeeper, and reports too whether v holds a value whose
// JSON the walk does not see: a json.Marshaler or json.RawMessage, or a map
// whose keys write themselves (two of which may write the same name). When
// it holds none and is not deeper, the JSON encoding/json writes of v nests
// at most limit levels deep, holds valid UTF-8 and finite numbers of
// float64's range, and no member twice.
func Nesting(v any, limit int) (deeper, opaque bool) {
	var w walk
	return w.value(v, limit, maxHops), w.opaque
}

// ReachesDeeper is NestsDeeper over every path a printer may follow: the
// unexported fields of structs too, and inside the values that write
// themselves; for a value that fmt's %v or a log handler may print.
func ReachesDeeper(v any, limit int) bool {
	w := walk{all: true}
	return w.value(v, limit, maxHops)
}

// maxHops bounds the pointers and interfaces a walk follows from one level
// to the next: a value nests through far fewer, and one that points to
// itself, which nests nothing, ends there too.
const maxHops = 64

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	rawMessageType    = reflect.TypeFor[json.RawMessage]()
)

// walk is one walk over a value. A level is an array or an object (null is
// none); between two levels it follows at most maxHops pointers and
// interfaces.
type walk struct {
	all    bool // every field, and inside the values that write themselves
	opaque bool // a value that writes its own JSON was met
}

// value walks v with limit levels left, and hops indirections before the
// next level.
func (w *walk) value(v any, limit, hops int) bool {
	switch x := v.(type) {
	case nil, string, bool, float64, json.Number, []byte:
		return false
	case json.RawMessage:
		w.opaque = true
		return false
	case []any:
		if x == nil {
			return false
		}
		if limit == 0 {
			return true
		}
		for _, item := range x {
			if w.value(item, limit-1, maxHops) {
				return true
			}
		}
		return false
	case map[string]any:
		if x == nil {
			return false
		}
		if limit == 0 {
			return true
		}
		for _, item := range x {
			if w.value(item, limit-1, maxHops) {
				return true
			}
		}
		return false
	}
	return w.reflected(reflect.ValueOf(v), limit, hops)
}

// reflected is value of a reflected value.
func (w *walk) reflected(rv reflect.Value, limit, hops int) bool {
	if !rv.IsValid() {
		return false
	}
	k := rv.Kind()
	if k == reflect.Interface || k == reflect.Pointer {
		if rv.IsNil() {
			return false
		}
		if k == reflect.Pointer && w.writesItself(rv.Type()) {
			return false
		}
		if hops == 0 {
			return true
		}
		if e := rv.Elem(); k == reflect.Interface && e.CanInterface() {
			return w.value(e.Interface(), limit, hops-1) // []any and map[string]any without reflection
		}
		return w.reflected(rv.Elem(), limit, hops-1)
	}
	if w.writesItself(rv.Type()) {
		return false
	}
	switch k {
	case reflect.Struct, reflect.Map, reflect.Slice, reflect.Array:
	default:
		return false
	}
	if (k == reflect.Map || k == reflect.Slice) && rv.IsNil() {
		return false // null
	}
	if k == reflect.Slice && rv.Type().Elem().Kind() == reflect.Uint8 {
		return false // encoding/json writes a []byte as a base64 string
	}
	if limit == 0 {
		return true
	}
	switch k {
	case reflect.Struct:
		t := rv.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			if !w.all && (!f.IsExported() && !f.Anonymous || tag == "-") {
				continue
			}
			level, next := limit-1, maxHops
			if w.flattened(f, tag) {
				// Its fields are written in this struct's object: no new
				// level, and the hops go on counting.
				level, next = limit, hops
			}
			if w.reflected(rv.Field(i), level, next) {
				return true
			}
		}
	case reflect.Map:
		if kt := rv.Type().Key(); kt.Kind() != reflect.String && (kt.Implements(textMarshalerType) || reflect.PointerTo(kt).Implements(textMarshalerType)) {
			w.opaque = true
		}
		iter := rv.MapRange()
		for iter.Next() {
			if w.reflected(iter.Value(), limit-1, maxHops) {
				return true
			}
		}
	default:
		for i := range rv.Len() {
			if w.reflected(rv.Index(i), limit-1, maxHops) {
				return true
			}
		}
	}
	return false
}

// flattened reports an embedded struct whose fields encoding/json writes in
// its parent's object.
func (w *walk) flattened(f reflect.StructField, tag string) bool {
	if !f.Anonymous || tag != "" && tag[0] != ',' {
		return false
	}
	t := f.Type
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct
}

// writesItself reports a type whose JSON its own method writes: the walk
// stops there (but for a printer's), noting a json.Marshaler.
func (w *walk) writesItself(t reflect.Type) bool {
	if w.all {
		return false
	}
	if t.Implements(marshalerType) || t == rawMessageType {
		w.opaque = true
		return true
	}
	return t.Implements(textMarshalerType) // a string
}
