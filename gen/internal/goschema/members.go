package goschema

import (
	"go/types"
	"reflect"
	"strings"

	invopop "github.com/invopop/jsonschema"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

// fields adds the properties of a struct's members to s: its fields, those
// of the structs it embeds flattened, as invopop's reflectStructFields
// does (see Members).
func (b *schemaBuilder) fields(s *invopop.Schema, st *types.Struct) {
	for _, m := range gotype.Members(st, b.inlining) {
		b.member(s, m)
	}
}

func (b *schemaBuilder) member(parent *invopop.Schema, m ir.Field) {
	f := m.Var()
	pos := b.docs.Position(b.pos(f.Pos()), f)
	if m.Refused != "" {
		b.errs.Add(pos, "%s", m.Refused)
		return
	}
	defer func(outer string, inlining []*types.Named) { b.fieldName, b.inlining = outer, inlining }(b.fieldName, b.inlining)
	b.fieldName = f.Name()
	b.inlining = append(b.inlining[:len(b.inlining):len(b.inlining)], m.Inlined()...)
	name, tags, required, nullable := m.Name, m.Tag, m.Required, m.Nullable
	schemaTagText := tags.Get("jsonschema")

	prop := b.typeOf(f.Type(), pos)
	// The member's description is its tag's, else its doc comment, else
	// its type's (the team, kind or reason a model would see without a
	// word otherwise); a note of its type follows it.
	typeDoc, typeNote, typeEnum := prop.Description, "", prop.Enum
	if b.noted[prop] {
		typeDoc, typeNote = "", prop.Description
	}
	if doc, ok := b.typeDocs[prop]; ok {
		typeDoc = doc
	}
	if b.standard(f.Type()) {
		// Written for Go programmers ("The zero value for a Rat
		// represents the value 0."), not for a model.
		typeDoc = ""
	}
	b.fieldKeywords(prop, parent, f, name, tags, schemaTagText, pos)
	if len(typeEnum) > 0 && !reflect.DeepEqual(typeEnum, prop.Enum) {
		// An enum= tag replaced the constants the note names.
		typeNote = ""
	}
	if prop.Description == "" {
		prop.Description = b.docs.Lookup(pos, f)
	}
	if prop.Description == "" {
		prop.Description = typeDoc
	}
	prop.Description = ir.AppendSentence(ir.AppendSentence(prop.Description, typeNote), b.durationBoundsNote(f, schemaTagText))
	if b.encoded && required && canBeNil(f.Type()) && !acceptsAnything(prop) {
		// encoding/json writes nil as null.
		nullable = true
	}
	if nullable {
		prop = &invopop.Schema{OneOf: []*invopop.Schema{prop, {Type: "null"}}}
	}
	parent.Properties.Set(name, prop)
	if required && !contains(parent.Required, name) {
		parent.Required = append(parent.Required, name)
	}
}

// requiredGroup adds a member to a oneof_required or anyof_required group
// of the parent: a oneOf (anyOf) branch that requires every member of the
// group, as invopop builds it. The branch also declares each member it
// requires, with the schema true: that changes nothing, and keeps the
// schema valid under strict validators (ajv's strictRequired refuses a
// required member its own schema does not declare).
func (b *schemaBuilder) requiredGroup(parent *invopop.Schema, key, group, name string) {
	list := &parent.OneOf
	if key == "anyof_required" {
		list = &parent.AnyOf
	}
	for _, s := range *list {
		if s.Title == group {
			s.Required = append(s.Required, name)
			s.Properties.Set(name, invopop.TrueSchema)
			return
		}
	}
	props := invopop.NewProperties()
	props.Set(name, invopop.TrueSchema)
	*list = append(*list, &invopop.Schema{Title: group, Required: []string{name}, Properties: props})
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
