package goschema

import (
	"encoding/json"
	"fmt"
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	invopop "github.com/invopop/jsonschema"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/load"
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
func Schema(fset *token.FileSet, root *types.TypeName, docs *load.Docs) (*invopop.Schema, error) {
	return SchemaWith(fset, root, docs, jsonschema.Options{})
}

// SchemaWith is Schema with options: an unknown format= is an error unless
// opts.AnnotateUnknownFormats.
func SchemaWith(fset *token.FileSet, root *types.TypeName, docs *load.Docs, opts jsonschema.Options) (*invopop.Schema, error) {
	return schemaOf(fset, root, docs, opts, false, false)
}

// OutputSchema builds the JSON Schema of a structured output: as
// SchemaWith, but a time.Duration is what encoding/json reads, an integer of
// nanoseconds, since an application may decode the answer with it.
func OutputSchema(fset *token.FileSet, root *types.TypeName, docs *load.Docs, opts jsonschema.Options) (*invopop.Schema, error) {
	return schemaOf(fset, root, docs, opts, false, true)
}

// ResultSchema builds the JSON Schema of a tool's result type: of what
// encoding/json writes, where Schema describes what it reads. The two
// differ in two ways: a member without omitempty whose Go type can be nil
// (a pointer, a slice, a map) may be null, which encoding/json writes for
// nil, as the MCP Go SDK's inferred schemas allow; a time.Duration is an
// integer of nanoseconds, not a duration string.
func ResultSchema(fset *token.FileSet, root *types.TypeName, docs *load.Docs, opts jsonschema.Options) (*invopop.Schema, error) {
	return schemaOf(fset, root, docs, opts, true, true)
}

// schemaOf builds a schema; nanoseconds makes a time.Duration an integer
// of nanoseconds, as encoding/json has it, rather than a duration string.
func schemaOf(fset *token.FileSet, root *types.TypeName, docs *load.Docs, opts jsonschema.Options, encoded, nanoseconds bool) (*invopop.Schema, error) {
	if docs == nil {
		docs = load.NewDocs("", nil)
	}
	b := &schemaBuilder{fset: fset, docs: docs, opts: opts, encoded: encoded, nanoseconds: nanoseconds, root: root.Type().(*types.Named), recursive: map[*types.Named]bool{}, defs: invopop.Definitions{}, defNames: map[*types.Named]string{}, noted: map[*invopop.Schema]bool{}, typeDocs: map[*invopop.Schema]string{}}
	s := b.named(b.root, b.pos(root.Pos()))
	if len(b.defs) > 0 {
		s.Definitions = b.defs
	}
	return s, b.errs.Err()
}

type schemaBuilder struct {
	opts    jsonschema.Options
	encoded bool // the schema of what encoding/json writes (ResultSchema)
	// nanoseconds: a time.Duration is an integer, not a duration string
	// (see duration.go).
	nanoseconds bool
	fset        *token.FileSet
	docs        *load.Docs
	errs        ir.Errors
	root        *types.Named
	stack       []*types.Named
	recursive   map[*types.Named]bool
	defs        invopop.Definitions
	defNames    map[*types.Named]string
	// inlining is the struct being built and the embedded structs whose
	// fields are being inlined into it.
	inlining []*types.Named
	// fieldName is the name of the field whose type is being built, for
	// errors; "" for the tool's own type.
	fieldName string
	// noted are the schemas of types whose description says how to write
	// their values (a time.Duration's unit): the field's own description
	// comes first, then the type's.
	noted map[*invopop.Schema]bool
	// typeDocs are the doc comments of named types whose schemas do not
	// carry them (a string or an integer type, a reference), which a
	// member without a description of its own takes (see member).
	typeDocs map[*invopop.Schema]string
}

// refuse reports a type toolgen cannot model, at the field that has it.
func (b *schemaBuilder) refuse(pos token.Position, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if b.fieldName != "" && !strings.HasPrefix(msg, b.fieldName+" ") { // an embedded field is named by its type
		msg = "field " + b.fieldName + ": " + msg
	}
	b.errs.Add(pos, "%s", msg)
}

// note makes a type's description a note that follows the description of
// each field of the type.
func (b *schemaBuilder) note(s *invopop.Schema, text string) *invopop.Schema {
	s.Description = text
	b.noted[s] = true
	return s
}

func (b *schemaBuilder) pos(p token.Pos) token.Position { return b.fset.Position(p) }

// typeOf builds the schema of a Go type; pos is where errors about it point.
func (b *schemaBuilder) typeOf(t types.Type, pos token.Position) *invopop.Schema {
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

func (b *schemaBuilder) named(t *types.Named, pos token.Position) *invopop.Schema {
	obj := t.Obj()
	qualified := obj.Name()
	if obj.Pkg() != nil {
		qualified = obj.Pkg().Path() + "." + obj.Name()
	}
	switch qualified {
	case "encoding/json.RawMessage":
		return &invopop.Schema{}
	// As invopop reflects them; the validator checks the formats.
	case "time.Time":
		return &invopop.Schema{Type: "string", Format: "date-time"}
	case "net/url.URL":
		return &invopop.Schema{Type: "string", Format: "uri"}
	case "net.IP":
		return &invopop.Schema{Type: "string", Format: "ipv4"}
	// An argument is a string in Go's duration syntax; encoding/json
	// writes and reads an integer of nanoseconds, whose description says
	// the unit.
	case "time.Duration":
		if !b.nanoseconds {
			return b.note(&invopop.Schema{Type: "string", Pattern: gotype.DurationPattern}, DurationArgNote)
		}
		return b.note(&invopop.Schema{Type: "integer"}, DurationNote)
	// The netip types are strings (MarshalText, UnmarshalText); the decode
	// calls UnmarshalText, which rejects what the patterns let through.
	case "net/netip.Addr":
		return &invopop.Schema{AnyOf: []*invopop.Schema{{Type: "string", Format: "ipv4"}, {Type: "string", Format: "ipv6"}}}
	case "net/netip.Prefix":
		return b.note(&invopop.Schema{Type: "string", Pattern: prefixPattern}, "An IP address prefix in CIDR notation, like 192.0.2.0/24 or 2001:db8::/32.")
	case "net/netip.AddrPort":
		return b.note(&invopop.Schema{Type: "string", Pattern: addrPortPattern}, "An IP address and a port, like 192.0.2.1:443 or [2001:db8::1]:443.")
	// Their JSON is a number: json.Number holds its text, big.Int's
	// UnmarshalJSON reads integers.
	case "encoding/json.Number":
		return &invopop.Schema{Type: "number"}
	case "math/big.Int":
		return &invopop.Schema{Type: "integer"}
	}
	for _, m := range []string{"JSONSchema", "JSONSchemaExtend", "JSONSchemaAlias", "JSONSchemaProperty", "GetFieldDocString"} {
		if b.refuseMethod(t, m, pos) {
			return &invopop.Schema{}
		}
	}
	ptr := types.NewPointer(t)
	switch {
	case gotype.HasMethodSig(ptr, "UnmarshalJSON"):
		// encoding/json hands the JSON to the method, whose form toolgen
		// cannot read: it describes the type's Go structure, and a struct
		// with no exported field has none (big.Float, a decimal type).
		if st, ok := t.Underlying().(*types.Struct); ok && !hasExportedField(st) {
			b.errs.Add(pos, "%s reads its JSON with its own UnmarshalJSON method and has no exported field: toolgen cannot describe that JSON (it never runs your code); use a field type toolgen describes (a string, a number, a struct of exported fields) and convert it in the handler, or json.RawMessage to take any JSON", b.typeName(t))
			return &invopop.Schema{}
		}
	case gotype.HasMethodSig(ptr, "UnmarshalText"):
		// encoding/json reads it from a JSON string, whatever its kind
		// (big.Float, a user type), and DecodeT does the same. A string
		// type goes on as any string type (its constants make its enum).
		if basic, ok := t.Underlying().(*types.Basic); !ok || basic.Kind() != types.String {
			return &invopop.Schema{Type: "string", Description: b.docs.Lookup(b.pos(obj.Pos()), obj)}
		}
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Slice, *types.Map, *types.Array:
		// These may contain themselves; invopop makes them definitions.
		for _, on := range b.stack {
			if on == t {
				b.recursive[t] = true
				return b.refTo(t)
			}
		}
		if _, done := b.defNames[t]; done {
			return b.refTo(t)
		}
		b.stack = append(b.stack, t)
		inlining := b.inlining
		b.inlining = []*types.Named{t}
		s := b.unnamed(t.Underlying(), t, pos)
		b.inlining = inlining
		b.stack = b.stack[:len(b.stack)-1]
		if b.recursive[t] && t != b.root {
			b.defs[b.defName(t)] = s
			return b.refTo(t)
		}
		return s
	}
	s := b.unnamed(t.Underlying(), t, pos)
	// Its doc comment describes a member of the type without one of its
	// own (see member), as a struct's does.
	b.typeDocs[s] = b.docs.Lookup(b.pos(obj.Pos()), obj)
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

// refTo is the schema of a reference to a recursive type, whose doc
// comment describes a member without a description of its own.
func (b *schemaBuilder) refTo(t *types.Named) *invopop.Schema {
	s := &invopop.Schema{Ref: b.ref(t)}
	b.typeDocs[s] = b.docs.Lookup(b.pos(t.Obj().Pos()), t.Obj())
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

// refuseMethod reports a method by which invopop would let the type
// describe itself.
func (b *schemaBuilder) refuseMethod(t *types.Named, m string, pos token.Position) bool {
	msg := gotype.MethodRefusal(t, m, b.fieldName)
	if msg == "" {
		return false
	}
	b.errs.Add(pos, "%s", msg)
	return true
}

// unnamed builds the schema of a type's structure; named is the named type
// it belongs to, if any, whose doc comment describes structs, slices and maps.
func (b *schemaBuilder) unnamed(t types.Type, named *types.Named, pos token.Position) *invopop.Schema {
	s := &invopop.Schema{}
	typeDoc := func() string {
		if named == nil {
			return ""
		}
		return b.docs.Lookup(b.pos(named.Obj().Pos()), named.Obj())
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
			if r, ok := gotype.IntRanges[t.Kind()]; ok {
				min, max := r.Stated()
				s.Minimum, s.Maximum = json.Number(min), json.Number(max)
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
		s.Properties = invopop.NewProperties()
		s.Description = typeDoc()
		s.AdditionalProperties = invopop.FalseSchema
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
		case gotype.HasMethodSig(types.NewPointer(t.Key()), "UnmarshalText") || key != nil && key.Info()&types.IsString != 0:
			if _, isAny := t.Elem().Underlying().(*types.Interface); !isAny {
				s.AdditionalProperties = b.typeOf(t.Elem(), pos)
			}
		case key != nil && key.Info()&types.IsInteger != 0 && key.Info()&types.IsUnsigned == 0:
			s.PatternProperties = map[string]*invopop.Schema{"^[0-9]+$": b.typeOf(t.Elem(), pos)}
			s.AdditionalProperties = invopop.FalseSchema
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

// standard reports whether t, through pointers, is a named type of the
// standard library: declared in a file under GOROOT (named $GOROOT/... in
// export data built with -trimpath).
func (b *schemaBuilder) standard(t types.Type) bool {
	for {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	file := b.pos(named.Obj().Pos()).Filename
	root := filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
	return strings.HasPrefix(file, "$GOROOT/") || build.Default.GOROOT != "" && strings.HasPrefix(file, root)
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
func acceptsAnything(s *invopop.Schema) bool {
	b, err := json.Marshal(s)
	if err != nil {
		return false
	}
	return string(b) == "true" || string(b) == "{}"
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

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
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
