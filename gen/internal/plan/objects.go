package plan

import (
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/internal/words"
)

// The rules of an object's members as a whole: required, dependentRequired,
// additionalProperties false (closed), minProperties, maxProperties, and the
// text of propertyNames. Its members are checked against their own schemas.
type (
	// MinProperties fails an object of fewer than N members.
	MinProperties struct{ N uint64 }
	// MaxProperties fails an object of more than N members.
	MaxProperties struct{ N uint64 }
)

func (MinProperties) cond() {}
func (MaxProperties) cond() {}

// Object is the plan of an object's declared members: what a renderer
// checks before and beside the values of its members.
type Object struct {
	// Missing lists the required members, in required order, each with
	// what its missing error expects ("" when its schema names no type).
	Missing []Missing
	// Dependent lists dependentRequired: when Name is present, each of
	// Required must be, else the error expects Expected.
	Dependent []Dependent
	// Closed says that a member neither declared nor matched is unexpected:
	// additionalProperties false and no patternProperties.
	Closed bool
}

// Missing is a required member.
type Missing struct{ Name, Expected string }

// Dependent is an entry of dependentRequired.
type Dependent struct {
	Name     string
	Required []string
	Expected string
}

// ObjectOf compiles what s asks of an object's members as a whole.
func ObjectOf(s *jsonschema.Schema) Object {
	p := Object{Closed: s.AdditionalProperties.IsFalse() && len(s.PatternProperties) == 0}
	for _, r := range s.Required {
		m := Missing{Name: r}
		for _, prop := range s.Properties {
			if prop.Name == r {
				m.Expected = Expected(prop.Schema)
				break
			}
		}
		p.Missing = append(p.Missing, m)
	}
	for _, d := range s.DependentRequired {
		p.Dependent = append(p.Dependent, Dependent{d.Name, d.Required, "present when '" + d.Name + "' is present"})
	}
	return p
}

// ObjectRules compiles the rules of s on the number of members of an
// object: minProperties, maxProperties.
func ObjectRules(s *jsonschema.Schema) []Rule {
	var out []Rule
	if s.MinProperties != nil {
		out = append(out, Rule{"minProperties", "an object of at least " + words.Plural(*s.MinProperties, "member"), MinProperties{*s.MinProperties}})
	}
	if s.MaxProperties != nil {
		out = append(out, Rule{"maxProperties", "an object of at most " + words.Plural(*s.MaxProperties, "member"), MaxProperties{*s.MaxProperties}})
	}
	return out
}

// PropertyNamesText is what a member name failing propertyNames is
// expected to be.
func PropertyNamesText(s *jsonschema.Schema) string {
	return "a member name that is " + Summary(s.PropertyNames)
}
