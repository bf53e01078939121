package gotype

import (
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

// Members lists the JSON members of the struct st, in the order of its
// fields, as invopop's reflectStructFields and encoding/json read them: a
// field named "-" in its json or jsonschema tag is left out, and so is an
// unexported field that is not embedded; an embedded struct without a json
// name, or a field with the json option inline, has its fields flattened
// in its place. within are the named struct types st belongs to, outermost
// first (the type being described, and those it is inlined from): a struct
// inlined into itself is refused.
//
// A field that cannot be a member is in the list too, at its place, with
// Refused set: a struct tag that is not UTF-8 or does not parse, the json
// option string, an inlined type that is not a struct, or that is one
// already being inlined, or that describes itself through a
// JSONSchemaProperty or GetFieldDocString method, a json name encoding/json
// does not accept, a name another member has.
func Members(st *types.Struct, within []*types.Named) []ir.Field {
	var out []ir.Field
	taken := map[string]bool{}
	var walk func(st *types.Struct, path []*types.Var, within []*types.Named)
	walk = func(st *types.Struct, path []*types.Var, within []*types.Named) {
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i)
			at := append(path[:len(path):len(path)], f)
			refuse := func(format string, args ...any) {
				out = append(out, ir.Field{Path: at, Refused: fmt.Sprintf(format, args...)})
			}
			tag := st.Tag(i)
			if !utf8.ValidString(tag) {
				// Written with escapes in a quoted tag ("\xff"): JSON would
				// carry U+FFFD instead.
				refuse("field %s: the struct tag is not valid UTF-8; write its text in UTF-8", f.Name())
				continue
			}
			tags := reflect.StructTag(tag)
			if key := unparsedTag(tag, tags); key != "" {
				refuse("field %s: the %s tag does not parse as a Go struct tag value (write \\, for a comma inside a value)", f.Name(), key)
				continue
			}
			jsonTags := strings.Split(tags.Get("json"), ",")
			schemaTags := strings.Split(tags.Get("jsonschema"), ",")
			if jsonTags[0] == "-" || schemaTags[0] == "-" {
				continue
			}
			if slices.Contains(jsonTags[1:], "string") {
				refuse("field %s: the json \",string\" option is not supported: the schema would accept any string", f.Name())
				continue
			}
			required := !slices.Contains(jsonTags[1:], "omitempty") && !slices.Contains(jsonTags[1:], "omitzero")
			nullable := false
			for _, t := range schemaTags {
				switch t {
				case "required":
					required = true
				case "nullable":
					nullable = true
				}
			}
			ft := ir.InlinedType(f.Type())
			inner, isStruct := ft.Underlying().(*types.Struct)
			if (f.Embedded() && jsonTags[0] == "" && isStruct) || slices.Contains(jsonTags[1:], "inline") {
				if !isStruct {
					refuse("field %s: only a struct can be inlined", f.Name())
					continue
				}
				inlining := within
				if named, _ := ft.(*types.Named); named != nil {
					if slices.Contains(within, named) {
						refuse("field %s: embedding %s in itself", f.Name(), named.Obj().Name())
						continue
					}
					// invopop asks embedded structs for these, not for the
					// others.
					if msg := MethodRefusal(named, "JSONSchemaProperty", f.Name()); msg != "" {
						refuse("%s", msg)
						continue
					}
					if msg := MethodRefusal(named, "GetFieldDocString", f.Name()); msg != "" {
						refuse("%s", msg)
						continue
					}
					inlining = append(within[:len(within):len(within)], named)
				}
				walk(inner, at, inlining)
				continue
			}
			if !f.Exported() && !f.Embedded() {
				continue
			}
			name := f.Name()
			if jsonTags[0] != "" {
				if !validJSONName(jsonTags[0]) {
					refuse("field %s: json name %q has characters encoding/json does not accept in a name (it would use %q instead)", f.Name(), jsonTags[0], f.Name())
					continue
				}
				name = jsonTags[0]
			}
			if taken[name] {
				refuse("field %s: property %q is declared twice", f.Name(), name)
				continue
			}
			taken[name] = true
			out = append(out, ir.Field{Name: name, Path: at, Tag: tags, Required: required, Nullable: nullable})
		}
	}
	walk(st, nil, within)
	return out
}

// unparsedTag returns the key of a tag toolgen reads whose value does not
// parse as a Go struct tag value, or "".
func unparsedTag(tag string, tags reflect.StructTag) string {
	for _, key := range []string{"json", "jsonschema", "jsonschema_description", "jsonschema_extras"} {
		if _, ok := tags.Lookup(key); !ok && strings.Contains(tag, key+`:"`) {
			return key
		}
	}
	return ""
}

// MethodRefusal is the error of a type t that has the method m, by which
// invopop would let the type describe itself, or "" when it has none. field
// names the field of the type; a message that does not start with the
// field's name (its type's, when embedded) is prefixed with it.
func MethodRefusal(t *types.Named, m, field string) string {
	if !HasMethod(t, m) {
		return ""
	}
	msg := fmt.Sprintf("%s has a %s method: toolgen builds schemas statically and never runs your code; describe the type with struct tags instead", t.Obj().Name(), m)
	if field != "" && !strings.HasPrefix(msg, field+" ") {
		msg = "field " + field + ": " + msg
	}
	return msg
}

// HasMethod reports whether t or *t has a method of the name.
func HasMethod(t types.Type, name string) bool {
	for _, typ := range []types.Type{t, types.NewPointer(t)} {
		ms := types.NewMethodSet(typ)
		for i := 0; i < ms.Len(); i++ {
			if ms.At(i).Obj().Name() == name {
				return true
			}
		}
	}
	return false
}

// validJSONName reports whether encoding/json accepts a json tag name, as
// its isValidTag does; it ignores other names and uses the field's.
func validJSONName(name string) bool {
	for _, c := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// HasMethodSig reports whether t has a method name func([]byte) error.
func HasMethodSig(t types.Type, name string) bool {
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if !ok || fn.Name() != name {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Params().Len() != 1 || sig.Results().Len() != 1 {
			return false
		}
		param, ok := sig.Params().At(0).Type().Underlying().(*types.Slice)
		if !ok {
			return false
		}
		elem, ok := param.Elem().(*types.Basic)
		return ok && elem.Kind() == types.Byte && types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type())
	}
	return false
}

// JSONMembers lists the JSON members of the struct type t, named or not:
// those of Members that are not refused, the list the schema, the decoder
// and the notes at fields all read.
func JSONMembers(t types.Type) []ir.Field {
	t = types.Unalias(t)
	var within []*types.Named
	if named, ok := t.(*types.Named); ok {
		within = []*types.Named{named}
	}
	var out []ir.Field
	for _, m := range Members(t.Underlying().(*types.Struct), within) {
		if m.Refused == "" {
			out = append(out, m)
		}
	}
	return out
}
