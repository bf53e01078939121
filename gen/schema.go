package gen

import (
	"encoding/json"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/invopop/jsonschema"

	"github.com/toolgen-go/toolgen/internal/ecma"
	"github.com/toolgen-go/toolgen/runtime/toolimpl/value"
)

// Schema builds the JSON Schema of a tool's argument struct, following
// invopop/jsonschema's tag grammar and defaults as its Reflector does with
// DoNotReference (everything inlined), and adding:
//   - a named string type with typed constants in its package is an enum of
//     them;
//   - sized integers carry their Go type's range, unsigned ones a minimum 0;
//   - recursive types (structs, slices and maps) go to $defs and are
//     referenced, the root as "#";
//   - doc comments describe every type and field they document, where the
//     comments invopop's AddGoComments gathers miss those of unexported and
//     generic types, of embedded fields, of fields of anonymous structs, and
//     give a type defined as another struct type (type B A) no field docs;
//   - what invopop ignores in silence (an unknown tag key, a value that does
//     not parse or fit the field, enum or example on a boolean) is an error.
//
// gen/schema_test.go holds toolgen to invopop on a corpus of structs and
// tests each addition apart.
func Schema(fset *token.FileSet, root *types.TypeName, docs *docIndex) (*jsonschema.Schema, error) {
	return SchemaWith(fset, root, docs, Options{})
}

// SchemaWith is Schema with options: an unknown format= is an error unless
// opts.AnnotateUnknownFormats.
func SchemaWith(fset *token.FileSet, root *types.TypeName, docs *docIndex, opts Options) (*jsonschema.Schema, error) {
	return schemaOf(fset, root, docs, opts, false)
}

// ResultSchema builds the JSON Schema of a tool's result type: of what
// encoding/json writes, where Schema describes what it reads. The two
// differ in one way: a member without omitempty whose Go type can be nil
// (a pointer, a slice, a map) may be null, which encoding/json writes for
// nil, as the MCP Go SDK's inferred schemas allow.
func ResultSchema(fset *token.FileSet, root *types.TypeName, docs *docIndex, opts Options) (*jsonschema.Schema, error) {
	return schemaOf(fset, root, docs, opts, true)
}

func schemaOf(fset *token.FileSet, root *types.TypeName, docs *docIndex, opts Options, encoded bool) (*jsonschema.Schema, error) {
	if docs == nil {
		docs = newDocIndex()
	}
	b := &schemaBuilder{fset: fset, docs: docs, opts: opts, encoded: encoded, root: root.Type().(*types.Named), recursive: map[*types.Named]bool{}, defs: jsonschema.Definitions{}, defNames: map[*types.Named]string{}, noted: map[*jsonschema.Schema]bool{}}
	s := b.named(b.root, b.pos(root.Pos()))
	if len(b.defs) > 0 {
		s.Definitions = b.defs
	}
	return s, b.errs.err()
}

type schemaBuilder struct {
	opts      Options
	encoded   bool // the schema of what encoding/json writes (ResultSchema)
	fset      *token.FileSet
	docs      *docIndex
	errs      Errors
	root      *types.Named
	stack     []*types.Named
	recursive map[*types.Named]bool
	defs      jsonschema.Definitions
	defNames  map[*types.Named]string
	// inlining is the struct being built and the embedded structs whose
	// fields are being inlined into it.
	inlining []*types.Named
	// fieldName is the name of the field whose type is being built, for
	// errors; "" for the tool's own type.
	fieldName string
	// noted are the schemas of types whose description says how to write
	// their values (a time.Duration's unit): the field's own description
	// comes first, then the type's.
	noted map[*jsonschema.Schema]bool
}

// refuse reports a type toolgen cannot model, at the field that has it.
func (b *schemaBuilder) refuse(pos token.Position, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if b.fieldName != "" && !strings.HasPrefix(msg, b.fieldName+" ") { // an embedded field is named by its type
		msg = "field " + b.fieldName + ": " + msg
	}
	b.errs.add(pos, "%s", msg)
}

// note makes a type's description a note that follows the description of
// each field of the type.
func (b *schemaBuilder) note(s *jsonschema.Schema, text string) *jsonschema.Schema {
	s.Description = text
	b.noted[s] = true
	return s
}

func (b *schemaBuilder) pos(p token.Pos) token.Position { return b.fset.Position(p) }

// typeOf builds the schema of a Go type; pos is where errors about it point.
func (b *schemaBuilder) typeOf(t types.Type, pos token.Position) *jsonschema.Schema {
	switch t := t.(type) {
	case *types.Alias:
		return b.typeOf(types.Unalias(t), pos)
	case *types.Pointer:
		return b.typeOf(t.Elem(), pos)
	case *types.Named:
		return b.named(t, pos)
	}
	return b.unnamed(t, nil, pos)
}

func (b *schemaBuilder) named(t *types.Named, pos token.Position) *jsonschema.Schema {
	obj := t.Obj()
	qualified := obj.Name()
	if obj.Pkg() != nil {
		qualified = obj.Pkg().Path() + "." + obj.Name()
	}
	switch qualified {
	case "encoding/json.RawMessage":
		return &jsonschema.Schema{}
	// As invopop reflects them; the validator checks the formats.
	case "time.Time":
		return &jsonschema.Schema{Type: "string", Format: "date-time"}
	case "net/url.URL":
		return &jsonschema.Schema{Type: "string", Format: "uri"}
	case "net.IP":
		return &jsonschema.Schema{Type: "string", Format: "ipv4"}
	// encoding/json writes a time.Duration as an integer of nanoseconds and
	// reads it back only so: the description says the unit.
	case "time.Duration":
		return b.note(&jsonschema.Schema{Type: "integer"}, durationNote)
	// The netip types are strings (MarshalText, UnmarshalText); the decode
	// calls UnmarshalText, which rejects what the patterns let through.
	case "net/netip.Addr":
		return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Type: "string", Format: "ipv4"}, {Type: "string", Format: "ipv6"}}}
	case "net/netip.Prefix":
		return b.note(&jsonschema.Schema{Type: "string", Pattern: prefixPattern}, "An IP address prefix in CIDR notation, like 192.0.2.0/24 or 2001:db8::/32.")
	case "net/netip.AddrPort":
		return b.note(&jsonschema.Schema{Type: "string", Pattern: addrPortPattern}, "An IP address and a port, like 192.0.2.1:443 or [2001:db8::1]:443.")
	// Their JSON is a number: json.Number holds its text, big.Int's
	// UnmarshalJSON reads integers.
	case "encoding/json.Number":
		return &jsonschema.Schema{Type: "number"}
	case "math/big.Int":
		return &jsonschema.Schema{Type: "integer"}
	}
	for _, m := range []string{"JSONSchema", "JSONSchemaExtend", "JSONSchemaAlias", "JSONSchemaProperty", "GetFieldDocString"} {
		if b.refuseMethod(t, m, pos) {
			return &jsonschema.Schema{}
		}
	}
	ptr := types.NewPointer(t)
	switch {
	case hasMethodSig(ptr, "UnmarshalJSON"):
		// encoding/json hands the JSON to the method, whose form toolgen
		// cannot read: it describes the type's Go structure, and a struct
		// with no exported field has none (big.Float, a decimal type).
		if st, ok := t.Underlying().(*types.Struct); ok && !hasExportedField(st) {
			b.errs.add(pos, "%s reads its JSON with its own UnmarshalJSON method and has no exported field: toolgen cannot describe that JSON (it never runs your code); use a field type toolgen describes (a string, a number, a struct of exported fields) and convert it in the handler, or json.RawMessage to take any JSON", b.typeName(t))
			return &jsonschema.Schema{}
		}
	case hasMethodSig(ptr, "UnmarshalText"):
		// encoding/json reads it from a JSON string, whatever its kind
		// (big.Float, a user type), and DecodeT does the same. A string
		// type goes on as any string type (its constants make its enum).
		if basic, ok := t.Underlying().(*types.Basic); !ok || basic.Kind() != types.String {
			return &jsonschema.Schema{Type: "string", Description: b.docs.lookup(b.pos(obj.Pos()), obj)}
		}
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Slice, *types.Map, *types.Array:
		// These may contain themselves; invopop makes them definitions.
		for _, on := range b.stack {
			if on == t {
				b.recursive[t] = true
				return &jsonschema.Schema{Ref: b.ref(t)}
			}
		}
		if _, done := b.defNames[t]; done {
			return &jsonschema.Schema{Ref: b.ref(t)}
		}
		b.stack = append(b.stack, t)
		inlining := b.inlining
		b.inlining = []*types.Named{t}
		s := b.unnamed(t.Underlying(), t, pos)
		b.inlining = inlining
		b.stack = b.stack[:len(b.stack)-1]
		if b.recursive[t] && t != b.root {
			b.defs[b.defName(t)] = s
			return &jsonschema.Schema{Ref: b.ref(t)}
		}
		return s
	}
	s := b.unnamed(t.Underlying(), t, pos)
	if basic, ok := t.Underlying().(*types.Basic); ok && basic.Info()&(types.IsString|types.IsInteger) != 0 {
		consts := b.constants(t)
		for _, c := range consts {
			s.Enum = append(s.Enum, c.value)
		}
		if basic.Info()&types.IsInteger != 0 && len(consts) > 0 {
			// The values say nothing to a model: the names do.
			s.Minimum, s.Maximum = "", ""
			var values []string
			for _, c := range consts {
				values = append(values, fmt.Sprintf("%v (%s)", c.value, constantLabel(c.name, t.Obj().Name())))
			}
			b.note(s, "Values: "+strings.Join(values, ", ")+".")
		}
	}
	return s
}

// durationNote describes a time.Duration's JSON form to a model.
const durationNote = "In nanoseconds, an integer: 1 second is 1000000000, 1 minute 60000000000, 1 hour 3600000000000."

// The forms of netip.Prefix and netip.AddrPort: IPv4 exactly, IPv6 by its
// characters (UnmarshalText checks the rest when decoding).
const (
	ipv4Pattern     = `((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])`
	ipv6Pattern     = `[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*`
	portPattern     = `(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}|0)`
	prefixPattern   = `^` + ipv4Pattern + `/(3[0-2]|[12]?[0-9])$|^` + ipv6Pattern + `/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$`
	addrPortPattern = `^` + ipv4Pattern + `:` + portPattern + `$|^\[` + ipv6Pattern + `(%[^\]]+)?\]:` + portPattern + `$`
)

// constantLabel is a constant's name without its type's name: PriorityLow
// of type Priority is Low.
func constantLabel(name, typeName string) string {
	for _, trimmed := range []string{strings.TrimPrefix(name, typeName), strings.TrimSuffix(name, typeName)} {
		if trimmed != name && trimmed != "" {
			return trimmed
		}
	}
	return name
}

// hasExportedField reports whether a struct has a field encoding/json reads.
func hasExportedField(st *types.Struct) bool {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Exported() {
			return true
		}
	}
	return false
}

// typeName names a type in an error, qualified by its package's name when
// that is not the tool's.
func (b *schemaBuilder) typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == b.root.Obj().Pkg() {
			return ""
		}
		return p.Name()
	})
}

// ref is the $ref to a recursive type: "#" for the tool itself.
func (b *schemaBuilder) ref(t *types.Named) string {
	if t == b.root {
		return "#"
	}
	return "#/$defs/" + b.defName(t)
}

func (b *schemaBuilder) defName(t *types.Named) string {
	if name, ok := b.defNames[t]; ok {
		return name
	}
	name := t.Obj().Name()
	for _, taken := range b.defNames {
		if taken == name {
			name = t.Obj().Pkg().Name() + "." + name
		}
	}
	b.defNames[t] = name
	return name
}

// typedConst is a typed constant of a named type: its name and JSON value.
type typedConst struct {
	name  string
	value any // a string, or a json.Number
}

// constants lists the typed constants of a named string or integer type
// declared in its package, in declaration order, each value once: toolgen's
// enums from Go constants.
func (b *schemaBuilder) constants(t *types.Named) []typedConst {
	pkg := t.Obj().Pkg()
	if pkg == nil {
		return nil
	}
	type declared struct {
		pos token.Position
		typedConst
	}
	var consts []declared
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), t) {
			continue
		}
		var value any = json.Number(c.Val().ExactString())
		if c.Val().Kind() == constant.String {
			s := constantString(c)
			if !utf8.ValidString(s) {
				b.errs.add(b.pos(c.Pos()), "constant %s of %s is not valid UTF-8: JSON cannot carry it as an enum value", c.Name(), t.Obj().Name())
				continue
			}
			value = s
		}
		consts = append(consts, declared{b.pos(c.Pos()), typedConst{name, value}})
	}
	sort.SliceStable(consts, func(i, j int) bool { return before(consts[i].pos, consts[j].pos) })
	var out []typedConst
	seen := map[any]bool{}
	for _, c := range consts {
		if !seen[c.value] {
			seen[c.value] = true
			out = append(out, c.typedConst)
		}
	}
	return out
}

func constantString(c *types.Const) string {
	s, _ := strconv.Unquote(c.Val().ExactString())
	return s
}

// refuseMethod reports a method by which invopop would let the type
// describe itself.
func (b *schemaBuilder) refuseMethod(t *types.Named, m string, pos token.Position) bool {
	if !hasMethod(t, m) {
		return false
	}
	b.refuse(pos, "%s has a %s method: toolgen builds schemas statically and never runs your code; describe the type with struct tags instead", t.Obj().Name(), m)
	return true
}

func hasMethod(t types.Type, name string) bool {
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

// intRanges are the bounds every value of a sized integer type fits in.
var intRanges = map[types.BasicKind][2]string{
	types.Int8:   {"-128", "127"},
	types.Int16:  {"-32768", "32767"},
	types.Int32:  {"-2147483648", "2147483647"},
	types.Uint8:  {"0", "255"},
	types.Uint16: {"0", "65535"},
	types.Uint32: {"0", "4294967295"},
	types.Uint:   {"0", ""},
	types.Uint64: {"0", ""},
}

// unnamed builds the schema of a type's structure; named is the named type
// it belongs to, if any, whose doc comment describes structs, slices and maps.
func (b *schemaBuilder) unnamed(t types.Type, named *types.Named, pos token.Position) *jsonschema.Schema {
	s := &jsonschema.Schema{}
	typeDoc := func() string {
		if named == nil {
			return ""
		}
		return b.docs.lookup(b.pos(named.Obj().Pos()), named.Obj())
	}
	switch t := t.(type) {
	case *types.Basic:
		switch {
		case t.Kind() == types.Invalid:
			b.refuse(pos, "the type here does not type-check; fix the package first")
		case t.Info()&types.IsBoolean != 0:
			s.Type = "boolean"
		case t.Info()&types.IsString != 0:
			s.Type = "string"
		case t.Info()&types.IsInteger != 0 && t.Kind() != types.Uintptr:
			s.Type = "integer"
			if r, ok := intRanges[t.Kind()]; ok {
				s.Minimum = json.Number(r[0])
				s.Maximum = json.Number(r[1])
			}
		case t.Info()&types.IsFloat != 0:
			s.Type = "number"
		case t.Info()&types.IsComplex != 0:
			b.refuse(pos, "%s has no JSON form (encoding/json cannot encode it); use two float64 fields, the real and imaginary parts", t)
		case t.Kind() == types.Uintptr:
			b.refuse(pos, "uintptr is an address, not data; use uint64")
		default:
			b.refuse(pos, "%s has no JSON form (encoding/json cannot encode it); leave the field out with json:\"-\"", t)
		}
	case *types.Struct:
		s.Type = "object"
		s.Properties = jsonschema.NewProperties()
		s.Description = typeDoc()
		s.AdditionalProperties = jsonschema.FalseSchema
		b.fields(s, t)
	case *types.Slice:
		s.Description = typeDoc()
		if basic, ok := t.Elem().(*types.Basic); ok && basic.Kind() == types.Byte {
			s.Type = "string"
			s.ContentEncoding = "base64"
			break
		}
		s.Type = "array"
		s.Items = b.typeOf(t.Elem(), pos)
	case *types.Array:
		s.Description = typeDoc()
		n := uint64(t.Len())
		s.MinItems, s.MaxItems = &n, &n
		s.Type = "array"
		s.Items = b.typeOf(t.Elem(), pos)
	case *types.Map:
		s.Type = "object"
		s.Description = typeDoc()
		key, _ := t.Key().Underlying().(*types.Basic)
		switch {
		// encoding/json reads a key with UnmarshalText when its type has
		// the method, whatever its kind.
		case hasMethodSig(types.NewPointer(t.Key()), "UnmarshalText") || key != nil && key.Info()&types.IsString != 0:
			if _, isAny := t.Elem().Underlying().(*types.Interface); !isAny {
				s.AdditionalProperties = b.typeOf(t.Elem(), pos)
			}
		case key != nil && key.Info()&types.IsInteger != 0 && key.Info()&types.IsUnsigned == 0:
			s.PatternProperties = map[string]*jsonschema.Schema{"^[0-9]+$": b.typeOf(t.Elem(), pos)}
			s.AdditionalProperties = jsonschema.FalseSchema
		default:
			b.refuse(pos, "map keys of type %s are not JSON object keys toolgen models; use string keys (or signed integers)", t.Key())
		}
	case *types.Interface:
		if !t.Empty() {
			b.refuse(pos, "%s is an interface with methods, which no JSON value fills; use a concrete type, or any (or json.RawMessage) and decode it in the handler", t)
		}
	default:
		b.refuse(pos, "%s has no JSON form (encoding/json cannot encode it); leave the field out with json:\"-\"", t)
	}
	return s
}

// fields adds the properties of a struct's fields to s, flattening embedded
// structs, as invopop's reflectStructFields does.
func (b *schemaBuilder) fields(s *jsonschema.Schema, st *types.Struct) {
	for i := 0; i < st.NumFields(); i++ {
		b.field(s, st.Field(i), st.Tag(i))
	}
}

func (b *schemaBuilder) field(parent *jsonschema.Schema, f *types.Var, tag string) {
	pos := b.docs.position(b.pos(f.Pos()), f)
	defer func(outer string) { b.fieldName = outer }(b.fieldName)
	b.fieldName = f.Name()
	if !utf8.ValidString(tag) {
		// Written with escapes in a quoted tag ("\xff"): JSON would carry
		// U+FFFD instead.
		b.errs.add(pos, "field %s: the struct tag is not valid UTF-8; write its text in UTF-8", f.Name())
		return
	}
	tags := reflect.StructTag(tag)
	for _, key := range []string{"json", "jsonschema", "jsonschema_description", "jsonschema_extras"} {
		if _, ok := tags.Lookup(key); !ok && strings.Contains(tag, key+`:"`) {
			b.errs.add(pos, "field %s: the %s tag does not parse as a Go struct tag value (write \\, for a comma inside a value)", f.Name(), key)
			return
		}
	}
	jsonTags := strings.Split(tags.Get("json"), ",")
	schemaTagText := tags.Get("jsonschema")
	schemaTags := strings.Split(schemaTagText, ",")
	if jsonTags[0] == "-" || schemaTags[0] == "-" {
		return
	}
	required := true
	for _, o := range jsonTags[1:] {
		switch o {
		case "omitempty", "omitzero":
			required = false
		case "string":
			b.errs.add(pos, "field %s: the json \",string\" option is not supported: the schema would accept any string", f.Name())
			return
		}
	}
	nullable := false
	for _, t := range schemaTags {
		switch t {
		case "required":
			required = true
		case "nullable":
			nullable = true
		}
	}
	ft := types.Unalias(f.Type())
	if p, ok := ft.(*types.Pointer); ok {
		ft = types.Unalias(p.Elem())
	}
	_, isStruct := ft.Underlying().(*types.Struct)
	if (f.Embedded() && jsonTags[0] == "" && isStruct) || hasOption(jsonTags, "inline") {
		if !isStruct {
			b.errs.add(pos, "field %s: only a struct can be inlined", f.Name())
			return
		}
		named, _ := ft.(*types.Named)
		if named != nil {
			for _, on := range b.inlining {
				if on == named {
					b.errs.add(pos, "field %s: embedding %s in itself", f.Name(), named.Obj().Name())
					return
				}
			}
			// invopop asks embedded structs for these, not for the others.
			if b.refuseMethod(named, "JSONSchemaProperty", pos) || b.refuseMethod(named, "GetFieldDocString", pos) {
				return
			}
			b.inlining = append(b.inlining, named)
			defer func() { b.inlining = b.inlining[:len(b.inlining)-1] }()
		}
		b.fields(parent, ft.Underlying().(*types.Struct))
		return
	}
	if !f.Exported() && !f.Embedded() {
		return
	}
	name := f.Name()
	if jsonTags[0] != "" {
		if !validJSONName(jsonTags[0]) {
			b.errs.add(pos, "field %s: json name %q has characters encoding/json does not accept in a name (it would use %q instead)", f.Name(), jsonTags[0], f.Name())
			return
		}
		name = jsonTags[0]
	}
	if _, dup := parent.Properties.Get(name); dup {
		b.errs.add(pos, "field %s: property %q is declared twice", f.Name(), name)
		return
	}

	prop := b.typeOf(f.Type(), pos)
	typeNote, typeEnum := "", prop.Enum
	if b.noted[prop] {
		typeNote = prop.Description
	}
	b.fieldKeywords(prop, parent, f, name, tags, schemaTagText, pos)
	if len(typeEnum) > 0 && !reflect.DeepEqual(typeEnum, prop.Enum) {
		// An enum= tag replaced the constants the note names.
		typeNote = ""
	}
	if prop.Description == "" {
		prop.Description = b.docs.lookup(pos, f)
	}
	prop.Description = appendSentence(prop.Description, typeNote)
	if b.encoded && required && canBeNil(f.Type()) && !acceptsAnything(prop) {
		// encoding/json writes nil as null.
		nullable = true
	}
	if nullable {
		prop = &jsonschema.Schema{OneOf: []*jsonschema.Schema{prop, {Type: "null"}}}
	}
	parent.Properties.Set(name, prop)
	if required && !contains(parent.Required, name) {
		parent.Required = append(parent.Required, name)
	}
}

// canBeNil reports whether a field's value can be nil: a pointer, a slice
// or a map.
func canBeNil(t types.Type) bool {
	switch types.Unalias(t).Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	}
	return false
}

// acceptsAnything reports whether s is the schema of any value, null
// included (any, json.RawMessage).
func acceptsAnything(s *jsonschema.Schema) bool {
	b, err := json.Marshal(s)
	if err != nil {
		return false
	}
	return string(b) == "true" || string(b) == "{}"
}

// assertions are the JSON Schema keywords a validator checks; an extra of
// one of these names would be sent to the model but not enforced.
var assertions = map[string]bool{
	"type": true, "enum": true, "const": true, "multipleOf": true, "maximum": true, "exclusiveMaximum": true,
	"minimum": true, "exclusiveMinimum": true, "maxLength": true, "minLength": true, "pattern": true,
	"maxItems": true, "minItems": true, "uniqueItems": true, "maxContains": true, "minContains": true,
	"maxProperties": true, "minProperties": true, "required": true, "dependentRequired": true, "format": true,
	"properties": true, "patternProperties": true, "additionalProperties": true, "propertyNames": true,
	"items": true, "prefixItems": true, "contains": true, "allOf": true, "anyOf": true, "oneOf": true, "not": true,
	"if": true, "then": true, "else": true, "dependentSchemas": true, "$ref": true, "$defs": true,
}

// fieldKeywords applies the jsonschema, jsonschema_description and
// jsonschema_extras tags to a property, as invopop's structKeywordsFromTags.
func (b *schemaBuilder) fieldKeywords(prop, parent *jsonschema.Schema, f *types.Var, name string, tags reflect.StructTag, schemaTag string, pos token.Position) {
	prop.Description = tags.Get("jsonschema_description")
	fail := func(format string, args ...any) {
		b.errs.add(pos, "field %s: %s", f.Name(), fmt.Sprintf(format, args...))
	}
	// The keywords go to the property, or for an array to its items when the
	// array has no such keyword.
	target := prop
	items := prop.Items
	goType := elemBasic(f.Type())
	var enums []any
	enumTarget := (*jsonschema.Schema)(nil)
	// Like invopop, the keys that apply to any field come first, so that
	// oneof_type (which clears the type) decides what the others apply to.
	var typed []string
	tagged, ambiguous := tagItems(schemaTag, "required", "nullable")
	for _, msg := range ambiguous {
		fail("jsonschema tag: %s", msg)
	}
	if len(ambiguous) > 0 {
		return
	}
	for _, item := range tagged {
		if item == "" || item == "required" || item == "nullable" {
			continue
		}
		key, val, ok := strings.Cut(item, "=")
		if !ok {
			fail("jsonschema tag item %q must be key=value (or required, nullable)", item)
			continue
		}
		switch key {
		case "title":
			prop.Title = val
		case "description":
			prop.Description = val
		case "oneof_required", "anyof_required":
			b.requiredGroup(parent, key, val, name)
		case "oneof_type", "anyof_type":
			if !holdsAnything(f.Type()) {
				fail("%s=%s on a field of type %s: the validator would accept values the field cannot hold; use it on an any or json.RawMessage field", key, val, f.Type())
				continue
			}
			var alts []*jsonschema.Schema
			for _, ty := range strings.Split(val, ";") {
				switch ty {
				case "string", "number", "integer", "boolean", "object", "array", "null":
				default:
					fail("%s=%s: %q is not a JSON Schema type", key, val, ty)
				}
				alts = append(alts, &jsonschema.Schema{Type: ty})
			}
			prop.Type = ""
			if key == "oneof_type" {
				prop.OneOf = append(prop.OneOf, alts...)
			} else {
				prop.AnyOf = append(prop.AnyOf, alts...)
			}
		case "oneof_ref", "anyof_ref":
			sub := prop
			if prop.Items != nil {
				sub = prop.Items
			}
			sub.Ref = ""
			for _, ref := range strings.Split(val, ";") {
				if !b.refDef(f, ref) {
					fail("%s=%s: toolgen resolves a reference #/$defs/<Type> to a struct type <Type> of the field's package, and there is none for %q", key, val, ref)
					continue
				}
				if key == "oneof_ref" {
					sub.OneOf = append(sub.OneOf, &jsonschema.Schema{Ref: ref})
				} else {
					sub.AnyOf = append(sub.AnyOf, &jsonschema.Schema{Ref: ref})
				}
			}
		case "type", "anchor":
			fail("jsonschema tag key %q is not supported", key)
		default:
			typed = append(typed, item)
		}
	}
	for _, item := range typed {
		key, val, _ := strings.Cut(item, "=")
		target = prop
		if prop.Type == "array" {
			switch key {
			case "minItems", "maxItems", "uniqueItems", "default":
			default:
				target = items
			}
		}
		if target == nil {
			target = prop
		}
		kind := target.Type
		switch key {
		case "minLength", "maxLength":
			if kind != "string" {
				fail("%s applies to strings, not %s", key, describeKind(kind))
				continue
			}
			n, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				fail("%s=%s: want a non-negative integer", key, val)
				continue
			}
			if key == "minLength" {
				target.MinLength = &n
			} else {
				target.MaxLength = &n
			}
		case "pattern":
			if kind != "string" {
				fail("pattern applies to strings, not %s", describeKind(kind))
				continue
			}
			if _, err := ecma.Translate(val); err != nil {
				fail("pattern %q cannot be checked in Go: %v", val, err)
				continue
			}
			target.Pattern = val
		case "format":
			if kind != "string" {
				fail("format applies to strings, not %s", describeKind(kind))
				continue
			}
			if formatSpecs[val].kind != kindString && !b.opts.AnnotateUnknownFormats {
				fail("format=%s is not a format toolgen checks on strings (%s); toolgen refuses a constraint it cannot enforce, unless unknown formats are annotations (-annotate-unknown-formats)", val, strings.Join(checkedFormats(kindString), ", "))
				continue
			}
			target.Format = val
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
			if kind != "integer" && kind != "number" {
				fail("%s applies to numbers, not %s", key, describeKind(kind))
				continue
			}
			n, ok := parseNumber(val)
			if !ok {
				fail("%s=%s: want a number", key, val)
				continue
			}
			if key == "multipleOf" && value.Compare(n, "0") <= 0 {
				fail("multipleOf=%s: want a number greater than 0", val)
				continue
			}
			if msg := b.checkRange(key, n, goType); msg != "" {
				fail("%s", msg)
				continue
			}
			switch key {
			case "minimum":
				target.Minimum = n
			case "maximum":
				target.Maximum = n
			case "exclusiveMinimum":
				target.ExclusiveMinimum = n
			case "exclusiveMaximum":
				target.ExclusiveMaximum = n
			case "multipleOf":
				target.MultipleOf = n
			}
		case "enum":
			if kind == "boolean" {
				fail("enum applies to strings and numbers, not %s", describeKind(kind))
				continue
			}
			v, ok := parseValue(kind, val)
			if !ok {
				fail("enum value %q does not fit %s", val, describeKind(kind))
				continue
			}
			if n, isNum := v.(json.Number); isNum {
				if msg := b.checkRange("enum", n, goType); msg != "" {
					fail("%s", msg)
					continue
				}
			}
			enums = append(enums, v)
			enumTarget = target
		case "default", "example":
			if key == "example" && kind == "boolean" {
				fail("example applies to strings and numbers, not %s", describeKind(kind))
				continue
			}
			if target == prop && prop.Type == "array" && key == "default" {
				if d, ok := prop.Default.([]any); ok {
					prop.Default = append(d, val)
				} else {
					prop.Default = []any{val}
				}
				continue
			}
			v, ok := parseValue(kind, val)
			if !ok {
				fail("%s value %q does not fit %s", key, val, describeKind(kind))
				continue
			}
			if key == "default" {
				target.Default = v
			} else {
				target.Examples = append(target.Examples, v)
			}
		case "minItems", "maxItems":
			if prop.Type != "array" {
				fail("%s applies to arrays, not %s", key, describeKind(prop.Type))
				continue
			}
			n, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				fail("%s=%s: want a non-negative integer", key, val)
				continue
			}
			if key == "minItems" {
				prop.MinItems = &n
			} else {
				prop.MaxItems = &n
			}
		case "uniqueItems":
			if prop.Type != "array" {
				fail("uniqueItems applies to arrays, not %s", describeKind(prop.Type))
				continue
			}
			if val != "true" {
				fail("uniqueItems=%s: the only value is true", val)
				continue
			}
			prop.UniqueItems = true
		case "readOnly", "writeOnly":
			if kind != "string" {
				fail("%s applies to strings, not %s", key, describeKind(kind))
				continue
			}
			v, err := strconv.ParseBool(val)
			if err != nil {
				fail("%s=%s: want true or false", key, val)
				continue
			}
			if key == "readOnly" {
				target.ReadOnly = v
			} else {
				target.WriteOnly = v
			}
		default:
			fail("unknown jsonschema tag key %q", key)
		}
	}
	if enumTarget != nil {
		// Enum tags replace the enum toolgen derives from constants.
		enumTarget.Enum = enums
	}
	extras, _ := tagItems(tags.Get("jsonschema_extras"))
	for _, item := range extras {
		key, val, ok := strings.Cut(item, "=")
		if item == "" {
			continue
		}
		if !ok {
			fail("jsonschema_extras item %q must be key=value", item)
			continue
		}
		if assertions[key] {
			fail("jsonschema_extras key %q is a validation keyword: use the jsonschema tag, so the validator enforces it", key)
			continue
		}
		setExtra(prop, key, val)
	}
}

// checkRange refuses a bound or enum value outside a sized integer type,
// comparing exactly (128 is outside int8, 127.0 inside).
func (b *schemaBuilder) checkRange(key string, n json.Number, goType *types.Basic) string {
	if goType == nil {
		return ""
	}
	r, ok := intRanges[goType.Kind()]
	if !ok {
		return ""
	}
	switch key {
	case "minimum", "enum", "maximum":
		if value.Compare(n, r[0]) < 0 || r[1] != "" && value.Compare(n, r[1]) > 0 {
			return fmt.Sprintf("%s=%s is outside the range of %s", key, n, goType.Name())
		}
	}
	return ""
}

// elemBasic returns the basic type of a field, or of its elements for a
// slice or array, through pointers and named types.
func elemBasic(t types.Type) *types.Basic {
	seen := map[types.Type]bool{}
	for !seen[t] { // type Nest []Nest has no basic type
		seen[t] = true
		switch x := t.Underlying().(type) {
		case *types.Pointer:
			t = x.Elem()
		case *types.Slice:
			t = x.Elem()
		case *types.Array:
			t = x.Elem()
		case *types.Basic:
			return x
		default:
			return nil
		}
	}
	return nil
}

func describeKind(kind string) string {
	switch kind {
	case "":
		return "a value of any type"
	case "integer", "array", "object":
		return "an " + kind
	}
	return "a " + kind
}

// parseNumber reads a tag value as a JSON number within float64's range, as
// written.
func parseNumber(s string) (json.Number, bool) {
	var f float64
	if strings.TrimSpace(s) != s || json.Unmarshal([]byte(s), &f) != nil {
		return "", false
	}
	return json.Number(s), true
}

// parseValue reads a tag value as a JSON value of the given type, as invopop
// does: strings verbatim, numbers as json.Number, booleans true or false.
func parseValue(kind, s string) (any, bool) {
	switch kind {
	case "string":
		return s, true
	case "integer", "number":
		n, ok := parseNumber(s)
		if !ok || kind == "integer" && !value.IsInteger(n) {
			return nil, false
		}
		return n, true
	case "boolean":
		switch s {
		case "true":
			return true, true
		case "false":
			return false, true
		}
	}
	return nil, false
}

// setExtra mirrors invopop's handling of jsonschema_extras.
func setExtra(s *jsonschema.Schema, key, val string) {
	if s.Extras == nil {
		s.Extras = map[string]any{}
	}
	if existing, ok := s.Extras[key]; ok {
		switch existing := existing.(type) {
		case string:
			s.Extras[key] = []string{existing, val}
		case []string:
			s.Extras[key] = append(existing, val)
		case bool:
			s.Extras[key] = val == "true" || val == "t"
		}
		return
	}
	switch val {
	case "true":
		s.Extras[key] = true
	case "false":
		s.Extras[key] = false
	default:
		s.Extras[key] = val
	}
}

func hasOption(tags []string, option string) bool {
	for _, t := range tags[1:] {
		if t == option {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
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

// requiredGroup adds a member to a oneof_required or anyof_required group
// of the parent: a oneOf (anyOf) branch that requires every member of the
// group, as invopop builds it. The branch also declares each member it
// requires, with the schema true: that changes nothing, and keeps the
// schema valid under strict validators (ajv's strictRequired refuses a
// required member its own schema does not declare).
func (b *schemaBuilder) requiredGroup(parent *jsonschema.Schema, key, group, name string) {
	list := &parent.OneOf
	if key == "anyof_required" {
		list = &parent.AnyOf
	}
	for _, s := range *list {
		if s.Title == group {
			s.Required = append(s.Required, name)
			s.Properties.Set(name, jsonschema.TrueSchema)
			return
		}
	}
	props := jsonschema.NewProperties()
	props.Set(name, jsonschema.TrueSchema)
	*list = append(*list, &jsonschema.Schema{Title: group, Required: []string{name}, Properties: props})
}

// holdsAnything reports whether a field's type holds any JSON value: an
// interface or json.RawMessage, through pointers and slices.
func holdsAnything(t types.Type) bool {
	seen := map[types.Type]bool{}
	for !seen[t] { // type R []R holds nothing
		seen[t] = true
		switch x := types.Unalias(t).(type) {
		case *types.Pointer:
			t = x.Elem()
			continue
		case *types.Slice:
			if named, ok := types.Unalias(t).(*types.Named); ok && named.Obj().Pkg() != nil &&
				named.Obj().Pkg().Path() == "encoding/json" && named.Obj().Name() == "RawMessage" {
				return true
			}
			t = x.Elem()
			continue
		case *types.Named:
			if x.Obj().Pkg() != nil && x.Obj().Pkg().Path() == "encoding/json" && x.Obj().Name() == "RawMessage" {
				return true
			}
			if _, isSlice := x.Underlying().(*types.Slice); isSlice {
				t = x.Underlying()
				continue
			}
		}
		_, isInterface := t.Underlying().(*types.Interface)
		return isInterface
	}
	return false
}

// refDef resolves a oneof_ref or anyof_ref reference #/$defs/<Type> to a
// struct type of the field's package and puts its schema in $defs.
func (b *schemaBuilder) refDef(f *types.Var, ref string) bool {
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok || f.Pkg() == nil {
		return false
	}
	tn, ok := f.Pkg().Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return false
	}
	named, ok := types.Unalias(tn.Type()).(*types.Named)
	if !ok {
		return false
	}
	if _, isStruct := named.Underlying().(*types.Struct); !isStruct {
		return false
	}
	if existing, done := b.defNames[named]; done {
		return existing == name
	}
	for _, taken := range b.defNames {
		if taken == name {
			return false
		}
	}
	b.defNames[named] = name
	b.stack = append(b.stack, named)
	s := b.unnamed(named.Underlying(), named, b.pos(tn.Pos()))
	b.stack = b.stack[:len(b.stack)-1]
	b.defs[name] = s
	return true
}
