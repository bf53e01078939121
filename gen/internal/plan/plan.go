package plan

import "github.com/toolgen-go/toolgen/gen/internal/jsonschema"

// This file holds what every rule family shares: the Rule and its Cond, and
// what a schema node asks of a value as a whole before its rules: the kinds
// it allows, which keywords apply to one kind only and which need the whole
// value.

// Rule is a keyword check of one value of one kind, as data: when the value
// meets Cond's failing condition, the error Code, expecting Expected. The
// rules of a kind come in the order they are checked; a renderer reports at
// most the first that fails (one error per location).
type Rule struct {
	Code     string // the keyword, as the error's code
	Expected string // what the error says is expected
	Cond     Cond
}

// Cond is the condition of a Rule: one of the types of the rule families
// (strings.go, numbers.go, ...). Each says when a value fails it.
type Cond interface{ cond() }

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

// HasWhole reports whether s has keywords that need the whole value: they
// apply to any kind of value (see WholeOf). A specialized enum or const is a
// rule of its kind, checked as the value is read.
func HasWhole(s *jsonschema.Schema) bool {
	return (s.HasEnum || s.HasConst) && Specialized(s) == "" || s.RefTarget != nil || len(s.AllOf)+len(s.AnyOf)+len(s.OneOf) > 0 ||
		s.Not != nil || s.If != nil || len(s.DependentSchemas) > 0 || s.DynRef != "" || s.UnevaluatedItems != nil ||
		s.UnevaluatedProperties != nil
}
