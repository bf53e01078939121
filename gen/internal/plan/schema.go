package plan

import "github.com/toolgen-go/toolgen/gen/internal/jsonschema"

// This file reads what a schema node asks of a value as a whole: the kinds
// it allows, whether it is invopop's nullable form, which keywords apply to
// one kind only and which need the whole value.

// Kinds are the kinds of JSON value a validator tells apart, in the order
// it tries them. The number kind holds integers too.
var Kinds = []string{jsonschema.KindString, jsonschema.KindNumber, jsonschema.KindObject, jsonschema.KindArray, jsonschema.KindBoolean, jsonschema.KindNull}

// Allows reports whether a schema's types admit a kind, and whether a
// number must be an integer.
func Allows(s *jsonschema.Schema, kind string) (ok, integerOnly bool) {
	if s.Types == nil {
		return true, false
	}
	for _, t := range s.Types {
		if t == kind {
			return true, false
		}
	}
	if kind == jsonschema.KindNumber {
		for _, t := range s.Types {
			if t == "integer" {
				return true, true
			}
		}
	}
	return false, false
}

// NullableForm recognizes oneOf [T, {type: null}] where T rejects null,
// invopop's form for a nullable field, and returns T.
func NullableForm(s *jsonschema.Schema) (*jsonschema.Schema, bool) {
	if len(s.OneOf) != 2 || s.Types != nil || s.Ref != "" || s.HasEnum || s.HasConst || len(s.AllOf) > 0 ||
		len(s.AnyOf) > 0 || s.Not != nil || s.If != nil || HasKindKeywords(s) {
		return nil, false
	}
	null := s.OneOf[1]
	if null.Boolean != nil || len(null.Types) != 1 || null.Types[0] != "null" || HasKindKeywords(null) ||
		null.Ref != "" || null.HasEnum || null.HasConst || len(null.AllOf)+len(null.AnyOf)+len(null.OneOf) > 0 ||
		null.Not != nil || null.If != nil {
		return nil, false
	}
	inner := s.OneOf[0]
	if inner.Boolean != nil || inner.Types == nil {
		return nil, false
	}
	if ok, _ := Allows(inner, jsonschema.KindNull); ok {
		return nil, false
	}
	return inner, true
}

// Specialized returns the kind into whose rules enum and const compile as
// plain comparisons: the schema's only kind, when every listed value is of
// it. "" means they are checks of the whole value, by equality.
func Specialized(s *jsonschema.Schema) string {
	if !s.HasEnum && !s.HasConst {
		return ""
	}
	if len(s.Types) != 1 {
		return ""
	}
	kind := s.Types[0]
	if kind == "integer" {
		kind = jsonschema.KindNumber
	}
	if kind != jsonschema.KindString && kind != jsonschema.KindNumber {
		return ""
	}
	values := append([]any{}, s.Enum...)
	if s.HasConst {
		values = append(values, s.Const)
	}
	for _, x := range values {
		if jsonschema.JSONType(x) != kind {
			return ""
		}
	}
	return kind
}

// HasKindKeywords reports whether s has keywords that apply to one kind of
// value only.
func HasKindKeywords(s *jsonschema.Schema) bool {
	return s.Minimum != "" || s.Maximum != "" || s.ExclusiveMinimum != "" || s.ExclusiveMaximum != "" ||
		s.MultipleOf != "" || s.NumberFormat != "" || s.MinLength != nil || s.MaxLength != nil || s.Pattern != "" || s.Format != "" ||
		s.ContentEncoding != "" || s.ContentMediaType != "" || s.ContentSchema != nil || s.Items != nil || len(s.PrefixItems) > 0 ||
		s.Contains != nil || s.MinItems != nil || s.MaxItems != nil || s.UniqueItems || len(s.Properties) > 0 ||
		len(s.PatternProperties) > 0 || s.AdditionalProperties != nil || s.PropertyNames != nil ||
		len(s.Required) > 0 || len(s.DependentRequired) > 0 || len(s.DependentSchemas) > 0 ||
		s.MinProperties != nil || s.MaxProperties != nil || s.UnevaluatedProperties != nil || s.UnevaluatedItems != nil
}

// PureRef follows a schema that is only a $ref (with annotations) to its
// target.
func PureRef(s *jsonschema.Schema) *jsonschema.Schema {
	for i := 0; i < 8 && s != nil && s.RefTarget != nil && OnlyRef(s); i++ {
		s = s.RefTarget
	}
	return s
}

// OnlyRef reports whether s is a $ref and nothing else but annotations.
func OnlyRef(s *jsonschema.Schema) bool {
	return s.Types == nil && !s.HasEnum && !s.HasConst && len(s.AllOf)+len(s.AnyOf)+len(s.OneOf) == 0 && s.Not == nil &&
		s.If == nil && !HasKindKeywords(s) && s.DynRef == "" && s.UnevaluatedItems == nil && s.UnevaluatedProperties == nil
}

// HasWhole reports whether s has keywords that need the whole value: they
// apply to any kind of value (see Whole). A specialized enum or const is a
// rule of its kind, checked as the value is read.
func HasWhole(s *jsonschema.Schema) bool {
	return (s.HasEnum || s.HasConst) && Specialized(s) == "" || s.RefTarget != nil || len(s.AllOf)+len(s.AnyOf)+len(s.OneOf) > 0 ||
		s.Not != nil || s.If != nil || len(s.DependentSchemas) > 0 || s.DynRef != "" || s.UnevaluatedItems != nil ||
		s.UnevaluatedProperties != nil
}
