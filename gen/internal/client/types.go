package client

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/emit"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// The Go type of a schema, as the generated file declares it:
//
//   - string, integer, number, boolean: string, int64, float64, bool; a
//     string enum a named string type with one constant per value;
//   - an object with properties: a struct, each property a field of the
//     same JSON name (a required one a value, an optional scalar or struct
//     a pointer with omitempty, an optional slice, map or raw value
//     omitzero, so that nil is absent and an empty one is sent); allOf of
//     objects merges their properties; an object of additionalProperties
//     only: a map;
//   - an array: a slice of its items' type;
//   - oneOf or anyOf of objects: a struct with a pointer per branch (see
//     sumType); with a null branch or type, the other branch's type,
//     nullable: a pointer;
//   - anything else (no type, several types, tuples, branches of mixed
//     kinds): json.RawMessage, with a note.
//
// The validators check the whole schema either way: a type says less than
// the schema, never something else.

const jsonPkg = "encoding/json"

// builder builds the Go types of a file.
type builder struct {
	names    *names
	decls    []jen.Code
	notes    []string
	defs     map[string]string             // named type of a $defs schema, by its name and JSON
	building map[*jsonschema.Schema]string // the named types being built: a reference back is a pointer
	tool     string                        // the tool being built, for notes
	fits     string                        // the name of the helper of sum types, once one is declared
	comment  int                           // the most bytes of a doc comment
	heads    map[string][]string           // the first lines of the doc of named types
}

// names are the package-level names of the file.
type names struct{ taken map[string]bool }

// fresh returns name, or name2, name3, ... when taken, and takes it.
func (n *names) fresh(name string) string {
	base := name
	for i := 2; n.taken[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	n.taken[name] = true
	return name
}

// exported is the exported Go identifier of a JSON name: Camel with Go's
// initialisms (get-sum -> GetSum, read_graph -> ReadGraph), X before what
// does not start with an upper-case letter.
func exported(name string) string {
	id := emit.Camel(name)
	if r, _ := utf8.DecodeRuneInString(id); !unicode.IsUpper(r) {
		id = "X" + id
	}
	return id
}

// field is a Go field of a struct being built.
type field struct {
	name, json string
	typ        jen.Code
	tag        string
	doc        []string
}

// deref follows a schema that is only a reference to its target.
func deref(s *jsonschema.Schema) *jsonschema.Schema {
	for i := 0; s != nil && s.RefTarget != nil && i < 64; i++ {
		if s.Types != nil || len(s.Properties) > 0 || s.Items != nil || len(s.OneOf)+len(s.AnyOf)+len(s.AllOf) > 0 {
			break // $ref beside other keywords (2019-09 on): the schema's own shape
		}
		s = s.RefTarget
	}
	return s
}

// description is the description keyword of a schema.
func description(s *jsonschema.Schema) string {
	if o, ok := s.Raw.(*jsonschema.Object); ok {
		return o.Str("description")
	}
	return ""
}

// typeOf returns the Go type of s, declaring the named types it needs;
// name is the name of its type when it needs one, at its location for
// notes. It reports whether the type is nullable by pointer or nil.
func (b *builder) typeOf(s *jsonschema.Schema, name, at string) (typ jen.Code, kind kind) {
	s = deref(s)
	if s == nil || s.IsTrue() && s.Boolean != nil {
		return b.raw(at, "any value"), kindRaw
	}
	if s.IsFalse() {
		return b.raw(at, "the schema false"), kindRaw
	}
	if s.DynRef != "" {
		return b.raw(at, "a "+"$dynamicRef"), kindRaw
	}
	if name, ok := b.building[s]; ok {
		return jen.Id(name), kindNullable // a type that holds itself, through a pointer
	}
	if s.RefTarget != nil && s.RefTarget.DefName != "" && s.Ref != "" {
		// $ref beside other keywords: typed by its target, the others checked.
		return b.typeOf(s.RefTarget, name, at)
	}
	if s.DefName != "" {
		return b.defType(s, at)
	}
	types := slices.DeleteFunc(slices.Clone(s.Types), func(t string) bool { return t == "null" })
	nullable := len(types) < len(s.Types)
	typ, kind = b.shape(s, types, name, at)
	if nullable && kind == kindValue {
		kind = kindNullable
	}
	return typ, kind
}

// kind says how a type stands for absent and null.
type kind int

const (
	kindValue    kind = iota // a scalar or a struct: a pointer when optional or nullable
	kindNullable             // a value that may be null: always a pointer
	kindNil                  // a slice or a map: nil
	kindRaw                  // json.RawMessage: nil
)

// defType is the named type of a schema under $defs, shared by the tools
// whose $defs say the same under the same name.
func (b *builder) defType(s *jsonschema.Schema, at string) (jen.Code, kind) {
	key := s.DefName + "\x00" + jsonschema.CompactJSON(s.Raw)
	name, ok := b.defs[key]
	if !ok {
		name = b.names.fresh(exported(s.DefName))
		b.defs[key] = name
		b.declare(s, name, at)
	}
	types := slices.DeleteFunc(slices.Clone(s.Types), func(t string) bool { return t == "null" })
	k := b.kindOfNamed(s, types)
	if len(types) < len(s.Types) && k == kindValue {
		k = kindNullable
	}
	return jen.Id(name), k
}

// kindOfNamed is the kind of the named type declared for s.
func (b *builder) kindOfNamed(s *jsonschema.Schema, types []string) kind {
	if _, k := b.shapeKind(s, types); k != 0 {
		return k
	}
	return kindValue
}

// shapeKind says, without declaring anything, whether s is a slice or map
// (kindNil) or raw (kindRaw); 0 otherwise.
func (b *builder) shapeKind(s *jsonschema.Schema, types []string) (string, kind) {
	switch {
	case s.HasEnum || s.HasConst:
		return "", 0
	case len(s.OneOf)+len(s.AnyOf) > 0 && len(s.Properties) == 0:
		return "", 0 // a sum struct, or raw (declared as a named raw type: a value)
	}
	t := soleType(s, types)
	switch t {
	case "":
		return t, kindRaw // declared as an alias of json.RawMessage
	case "array":
		return t, kindNil
	case "object":
		if len(objectMembers(s)) == 0 && !s.AdditionalProperties.IsFalse() {
			return t, kindNil
		}
	}
	return t, 0
}

// declare declares the named type name, taken, for s (a tool's arguments
// or result, or a $defs schema).
func (b *builder) declare(s *jsonschema.Schema, name, at string) {
	if t := deref(s); t != s && t != nil {
		if t.DefName != "" {
			// Only a reference to a $defs schema (zod-to-json-schema's
			// named schemas, a protocol's definitions): an alias of its type.
			typ, _ := b.defType(t, at)
			doc := append(b.heads[name], b.docLines(description(s))...)
			b.decls = append(b.decls, comments(doc).Type().Id(name).Op("=").Add(typ))
			return
		}
		s = t
	}
	b.building[s] = name
	defer delete(b.building, s)
	types := slices.DeleteFunc(slices.Clone(s.Types), func(t string) bool { return t == "null" })
	// The shape declares its struct, enum or sum type under the name
	// itself; any other type is declared here.
	delete(b.names.taken, name)
	typ, kind := b.shape(s, types, name, at)
	if b.names.taken[name] {
		return
	}
	b.names.taken[name] = true
	doc := append(b.heads[name], b.docLines(description(s))...)
	if kind == kindRaw {
		// A named json.RawMessage would lose its MarshalJSON: an alias.
		b.decls = append(b.decls, comments(doc).Type().Id(name).Op("=").Add(typ))
		return
	}
	b.decls = append(b.decls, comments(doc).Type().Id(name).Add(typ))
}

// soleType is the one JSON type of s: its type, or what its keywords imply
// without one; "" when none or several.
func soleType(s *jsonschema.Schema, types []string) string {
	switch {
	case len(types) == 1:
		return types[0]
	case len(types) > 1:
		return ""
	case len(s.Properties) > 0 || s.AdditionalProperties != nil || s.Required != nil || objectAllOf(s):
		return "object"
	case s.Items != nil:
		return "array"
	}
	return ""
}

// objectAllOf reports whether s has allOf branches, all of them objects.
func objectAllOf(s *jsonschema.Schema) bool {
	if len(s.AllOf) == 0 {
		return false
	}
	for _, a := range s.AllOf {
		a = deref(a)
		if a == nil || soleType(a, a.Types) != "object" {
			return false
		}
	}
	return true
}

// objectMembers are the properties of s with those of its allOf branches
// that are objects, first of each name.
func objectMembers(s *jsonschema.Schema) []jsonschema.Member {
	var out []jsonschema.Member
	seen := map[string]bool{}
	add := func(ms []jsonschema.Member) {
		for _, m := range ms {
			if !seen[m.Name] {
				seen[m.Name] = true
				out = append(out, m)
			}
		}
	}
	add(s.Properties)
	if objectAllOf(s) {
		for _, a := range s.AllOf {
			add(deref(a).Properties)
		}
	}
	return out
}

// required are the required members of s and of its allOf objects.
func required(s *jsonschema.Schema) map[string]bool {
	out := map[string]bool{}
	for _, r := range s.Required {
		out[r] = true
	}
	if objectAllOf(s) {
		for _, a := range s.AllOf {
			for _, r := range deref(a).Required {
				out[r] = true
			}
		}
	}
	return out
}

// shape is the type of s, whose non-null types are types.
func (b *builder) shape(s *jsonschema.Schema, types []string, name, at string) (jen.Code, kind) {
	if s.HasConst {
		return b.constType(s, at)
	}
	if s.HasEnum {
		return b.enumType(s, name, at)
	}
	if len(s.OneOf)+len(s.AnyOf) > 0 && len(s.Properties) == 0 {
		return b.branches(s, name, at)
	}
	switch soleType(s, types) {
	case "string":
		return jen.String(), kindValue
	case "integer":
		return jen.Int64(), kindValue
	case "number":
		return jen.Float64(), kindValue
	case "boolean":
		return jen.Bool(), kindValue
	case "array":
		if len(s.PrefixItems) > 0 {
			return jen.Index().Qual(jsonPkg, "RawMessage"), b.note(kindNil, at, "an array of prefixItems (a tuple) is []json.RawMessage")
		}
		if s.Items == nil {
			return jen.Index().Qual(jsonPkg, "RawMessage"), kindNil
		}
		elem, k := b.typeOf(s.Items, name+"Item", at+"/items")
		if k == kindNullable {
			elem = jen.Op("*").Add(elem)
		}
		return jen.Index().Add(elem), kindNil
	case "object":
		if len(objectMembers(s)) == 0 && !s.AdditionalProperties.IsFalse() {
			if len(s.PatternProperties) > 0 {
				b.notef(at, "patternProperties: the members are map[string]json.RawMessage, checked by the validator")
				return jen.Map(jen.String()).Qual(jsonPkg, "RawMessage"), kindNil
			}
			if s.AdditionalProperties == nil || s.AdditionalProperties.IsTrue() {
				return jen.Map(jen.String()).Qual(jsonPkg, "RawMessage"), kindNil
			}
			elem, k := b.typeOf(s.AdditionalProperties, name+"Value", at+"/additionalProperties")
			if k == kindNullable {
				elem = jen.Op("*").Add(elem)
			}
			return jen.Map(jen.String()).Add(elem), kindNil
		}
		return jen.Id(b.structType(s, name, at)), kindValue
	case "":
		if len(types) > 1 {
			return b.raw(at, "a value of several types ("+strings.Join(types, ", ")+")"), kindRaw
		}
		return b.raw(at, "a value of no type"), kindRaw
	}
	return b.raw(at, "type "+types[0]), kindRaw
}

// raw is json.RawMessage for what no Go type says, with a note.
func (b *builder) raw(at, what string) jen.Code {
	b.notef(at, "%s: json.RawMessage, checked by the validator", what)
	return jen.Qual(jsonPkg, "RawMessage")
}

func (b *builder) note(k kind, at, msg string) kind {
	b.notef(at, "%s", msg)
	return k
}

func (b *builder) notef(at, format string, args ...any) {
	b.notes = append(b.notes, fmt.Sprintf("tool %s: %s: ", strconv.Quote(b.tool), at)+fmt.Sprintf(format, args...))
}
