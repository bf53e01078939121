package ir

import (
	"go/types"
	"reflect"
)

// Field is a JSON member of a struct type, as encoding/json reads it: a
// field of the struct, or of a struct embedded or inlined in it, whose
// fields are promoted. gotype.Members lists them; the schema and
// the decoder both read that list, so that they agree on the members by
// construction.
type Field struct {
	// Name is the member's name in JSON: the json tag's, or the field's.
	Name string
	// Path leads from the struct to the field: the embedded or inlined
	// fields on the way, then the field itself.
	Path []*types.Var
	// Tag is the field's struct tag.
	Tag reflect.StructTag
	// Required is true unless the json tag says omitempty or omitzero and
	// the jsonschema tag does not say required.
	Required bool
	// Nullable is the jsonschema tag's nullable.
	Nullable bool
	// Refused says why the field at the end of Path cannot be a member (a
	// tag toolgen cannot honour, a name taken twice); "" for a member.
	Refused string
}

// Var is the field of the member.
func (f Field) Var() *types.Var { return f.Path[len(f.Path)-1] }

// Type is the Go type of the member.
func (f Field) Type() types.Type { return f.Var().Type() }

// Inlined lists the named struct types the member is promoted from,
// outermost first.
func (f Field) Inlined() []*types.Named {
	var out []*types.Named
	for _, p := range f.Path[:len(f.Path)-1] {
		if named, ok := InlinedType(p.Type()).(*types.Named); ok {
			out = append(out, named)
		}
	}
	return out
}

// InlinedType is the type a field inlines: its type, or what its pointer
// type points to.
func InlinedType(t types.Type) types.Type {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	return t
}
