package plan

import "github.com/toolgen-go/toolgen/gen/internal/jsonschema"

// The checks of a value as a whole, whatever its kind, as Rules of the
// conditions below, in the order they are checked (after the rules of the
// value's kind): $ref, $dynamicRef, allOf, anyOf, oneOf, not, if/then/else,
// after enum and const by equality (enum.go).
type (
	// Ref checks the value against the target of a $ref.
	Ref struct{ Target *jsonschema.Schema }
	// DynamicRef checks the value against the target of the $dynamicRef
	// (or $recursiveRef) of Schema, found in the dynamic scope.
	DynamicRef struct{ Schema *jsonschema.Schema }
	// AllOf checks the value against each schema, its errors its own.
	AllOf struct{ Schemas []*jsonschema.Schema }
	// AnyOf fails a value valid against none of Schemas (false ones left
	// out; none left fails every value).
	AnyOf struct{ Schemas []*jsonschema.Schema }
	// OneOf fails a value valid against none or several of Schemas; True
	// of them are the schema true.
	OneOf struct {
		Schemas []*jsonschema.Schema // neither true nor false
		True    int
	}
	// Not fails a value valid against Schema (the schema true: every value).
	Not struct{ Schema *jsonschema.Schema }
	// IfThenElse checks the value against Then when it is valid against If,
	// else against Else (either may be nil).
	IfThenElse struct{ If, Then, Else *jsonschema.Schema }
)

func (Ref) cond()        {}
func (DynamicRef) cond() {}
func (AllOf) cond()      {}
func (AnyOf) cond()      {}
func (OneOf) cond()      {}
func (Not) cond()        {}
func (IfThenElse) cond() {}

// WholeOf compiles the checks of s that apply to any kind of value: enum
// and const by equality (unless they are rules of the value's kind, see
// Specialized), $ref, $dynamicRef, allOf, anyOf, oneOf, not, if. The checks
// that cannot fail (anyOf with a true branch, not false, an if without
// then or else) are left out.
func WholeOf(s *jsonschema.Schema) []Rule {
	out := wholeEnum(s)
	add := func(code, expected string, c Cond) { out = append(out, Rule{code, expected, c}) }
	if s.RefTarget != nil {
		add("", "", Ref{s.RefTarget})
	}
	if s.DynTarget != nil {
		add("", "", DynamicRef{s})
	}
	if len(s.AllOf) > 0 {
		add("", "", AllOf{s.AllOf})
	}
	if len(s.AnyOf) > 0 && !anyTrue(s.AnyOf) {
		var branches []*jsonschema.Schema
		for _, sub := range s.AnyOf {
			if !sub.IsFalse() {
				branches = append(branches, sub)
			}
		}
		add("anyOf", "any of: "+Summaries(s.AnyOf), AnyOf{branches})
	}
	if len(s.OneOf) > 0 {
		c := OneOf{}
		for _, sub := range s.OneOf {
			switch {
			case sub.IsTrue():
				c.True++
			case !sub.IsFalse():
				c.Schemas = append(c.Schemas, sub)
			}
		}
		add("oneOf", "exactly one of: "+Summaries(s.OneOf), c)
	}
	if s.Not != nil && !s.Not.IsFalse() {
		add("not", "not "+Summary(s.Not), Not{s.Not})
	}
	if s.If != nil && (s.Then != nil || s.Else != nil) {
		add("", "", IfThenElse{s.If, s.Then, s.Else})
	}
	return out
}

func anyTrue(list []*jsonschema.Schema) bool {
	for _, s := range list {
		if s.IsTrue() {
			return true
		}
	}
	return false
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
