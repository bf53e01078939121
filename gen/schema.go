package gen

import (
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/invopop/jsonschema"

	"github.com/toolgen-go/toolgen/internal/ecma"
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
	if docs == nil {
		docs = newDocIndex()
	}
	b := &schemaBuilder{fset: fset, docs: docs, opts: opts, root: root.Type().(*types.Named), recursive: map[*types.Named]bool{}, defs: jsonschema.Definitions{}, defNames: map[*types.Named]string{}}
	s := b.named(b.root, b.pos(root.Pos()))
	if len(b.defs) > 0 {
		s.Definitions = b.defs
	}
	return s, b.errs.err()
}

type schemaBuilder struct {
	opts      Options
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
	}
	for _, m := range []string{"JSONSchema", "JSONSchemaExtend", "JSONSchemaAlias", "JSONSchemaProperty", "GetFieldDocString"} {
		if b.refuseMethod(t, m, pos) {
			return &jsonschema.Schema{}
		}
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Slice, *types.Map:
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
	if basic, ok := t.Underlying().(*types.Basic); ok && basic.Kind() == types.String {
		s.Enum = b.constants(t)
	}
	return s
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

// constants lists the typed constants of a named string type declared in its
// package, in declaration order: toolgen's enums from Go constants.
func (b *schemaBuilder) constants(t *types.Named) []any {
	pkg := t.Obj().Pkg()
	if pkg == nil {
		return nil
	}
	type constant struct {
		pos   token.Position
		value string
	}
	var consts []constant
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), t) {
			continue
		}
		consts = append(consts, constant{b.pos(c.Pos()), constantString(c)})
	}
	sort.SliceStable(consts, func(i, j int) bool { return before(consts[i].pos, consts[j].pos) })
	var enum []any
	seen := map[string]bool{}
	for _, c := range consts {
		if !seen[c.value] {
			seen[c.value] = true
			enum = append(enum, c.value)
		}
	}
	return enum
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
	b.errs.add(pos, "%s has a %s method: toolgen builds schemas statically and never runs your code; describe the type with struct tags instead", t.Obj().Name(), m)
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
		return b.docs.lookup(b.pos(named.Obj().Pos()))
	}
	switch t := t.(type) {
	case *types.Basic:
		switch {
		case t.Kind() == types.Invalid:
			b.errs.add(pos, "the type here does not type-check; fix the package first")
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
		default:
			b.errs.add(pos, "unsupported type %s: JSON has no counterpart", t)
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
		case key != nil && key.Info()&types.IsString != 0:
			if _, isAny := t.Elem().Underlying().(*types.Interface); !isAny {
				s.AdditionalProperties = b.typeOf(t.Elem(), pos)
			}
		case key != nil && key.Info()&types.IsInteger != 0 && key.Info()&types.IsUnsigned == 0:
			s.PatternProperties = map[string]*jsonschema.Schema{"^[0-9]+$": b.typeOf(t.Elem(), pos)}
			s.AdditionalProperties = jsonschema.FalseSchema
		default:
			b.errs.add(pos, "unsupported map key type %s: JSON object keys are strings (or signed integers)", t.Key())
		}
	case *types.Interface:
		if !t.Empty() {
			b.errs.add(pos, "unsupported type %s: an interface with methods cannot be decoded from JSON", t)
		}
	default:
		b.errs.add(pos, "unsupported type %s: JSON has no counterpart", t)
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
	pos := b.pos(f.Pos())
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
	b.fieldKeywords(prop, parent, f, name, tags, schemaTagText, pos)
	if prop.Description == "" {
		prop.Description = b.docs.lookup(pos)
	}
	if nullable {
		prop = &jsonschema.Schema{OneOf: []*jsonschema.Schema{prop, {Type: "null"}}}
	}
	parent.Properties.Set(name, prop)
	if required && !contains(parent.Required, name) {
		parent.Required = append(parent.Required, name)
	}
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
	for _, item := range splitOnUnescapedCommas(schemaTag) {
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
			if key == "multipleOf" && n.f <= 0 {
				fail("multipleOf=%s: want a number greater than 0", val)
				continue
			}
			if msg := b.checkRange(key, n.f, goType); msg != "" {
				fail("%s", msg)
				continue
			}
			switch key {
			case "minimum":
				target.Minimum = n.text
			case "maximum":
				target.Maximum = n.text
			case "exclusiveMinimum":
				target.ExclusiveMinimum = n.text
			case "exclusiveMaximum":
				target.ExclusiveMaximum = n.text
			case "multipleOf":
				target.MultipleOf = n.text
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
				f, _ := n.Float64()
				if msg := b.checkRange("enum", f, goType); msg != "" {
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
	for _, item := range splitOnUnescapedCommas(tags.Get("jsonschema_extras")) {
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

// checkRange refuses a bound or enum value outside a sized integer type.
func (b *schemaBuilder) checkRange(key string, f float64, goType *types.Basic) string {
	if goType == nil {
		return ""
	}
	r, ok := intRanges[goType.Kind()]
	if !ok {
		return ""
	}
	lo, _ := strconv.ParseFloat(r[0], 64)
	hi := math.Inf(1)
	if r[1] != "" {
		hi, _ = strconv.ParseFloat(r[1], 64)
	}
	switch key {
	case "minimum", "enum", "maximum":
		if f < lo || f > hi {
			return fmt.Sprintf("%s=%v is outside the range of %s", key, f, goType.Name())
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

type number struct {
	text json.Number
	f    float64
}

func parseNumber(s string) (number, bool) {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return number{}, false
	}
	f, ok := v.(float64)
	if !ok {
		return number{}, false
	}
	return number{json.Number(s), f}, true
}

// parseValue reads a tag value as a JSON value of the given type, as invopop
// does: strings verbatim, numbers as json.Number, booleans true or false.
func parseValue(kind, s string) (any, bool) {
	switch kind {
	case "string":
		return s, true
	case "integer", "number":
		n, ok := parseNumber(s)
		if !ok || (kind == "integer" && n.f != math.Trunc(n.f)) {
			return nil, false
		}
		return n.text, true
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

// splitOnUnescapedCommas splits a tag at commas not preceded by a backslash,
// as invopop does, so that a value may contain "\,".
func splitOnUnescapedCommas(tag string) []string {
	parts := strings.Split(tag, ",")
	out := []string{parts[0]}
	for _, next := range parts[1:] {
		last := out[len(out)-1]
		if strings.HasSuffix(last, `\`) {
			out[len(out)-1] = last[:len(last)-1] + "," + next
			continue
		}
		out = append(out, next)
	}
	return out
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
// group, as invopop builds it.
func (b *schemaBuilder) requiredGroup(parent *jsonschema.Schema, key, group, name string) {
	list := &parent.OneOf
	if key == "anyof_required" {
		list = &parent.AnyOf
	}
	for _, s := range *list {
		if s.Title == group {
			s.Required = append(s.Required, name)
			return
		}
	}
	*list = append(*list, &jsonschema.Schema{Title: group, Required: []string{name}})
}

// holdsAnything reports whether a field's type holds any JSON value: an
// interface or json.RawMessage, through pointers and slices.
func holdsAnything(t types.Type) bool {
	for {
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
