package plan

import (
	"encoding/json"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// The rules of a number, compared exactly, as JSON Schema does: minimum,
// maximum, exclusiveMinimum, exclusiveMaximum, multipleOf (format is
// formats.go's, the ranges of Go's number types gotypes.go's).
type (
	// Bound fails a number x when x Op N, exactly: Op is "<" for minimum,
	// ">" for maximum, "<=" for exclusiveMinimum, ">=" for
	// exclusiveMaximum. Keyword is its keyword, At its schema location.
	Bound struct {
		Op      string
		N       json.Number
		Keyword string
		At      string
	}
	// MultipleOf fails a number that is not a multiple of N, exactly.
	MultipleOf struct {
		N  json.Number
		At string
	}
)

func (Bound) cond()      {}
func (MultipleOf) cond() {}

// Number is the plan of a number value of s.
type Number struct {
	Integer bool // the value was checked to be an integer
	Rules   []Rule
}

// NumberOf compiles the rules of s for a number: enum and const when they
// are the number's (see Specialized), minimum, maximum, exclusiveMinimum,
// exclusiveMaximum, multipleOf and format, in that order. They compare
// exactly, as JSON Schema does.
func NumberOf(s *jsonschema.Schema) Number {
	p := Number{Rules: kindEnum(s, jsonschema.KindNumber)}
	_, p.Integer = Allows(s, jsonschema.KindNumber)
	add := func(code, expected string, c Cond) { p.Rules = append(p.Rules, Rule{code, expected, c}) }
	for _, b := range []struct {
		keyword string
		n       json.Number
		op      string
		text    string
	}{
		{"minimum", s.Minimum, "<", ">= "},
		{"maximum", s.Maximum, ">", "<= "},
		{"exclusiveMinimum", s.ExclusiveMinimum, "<=", "> "},
		{"exclusiveMaximum", s.ExclusiveMaximum, ">=", "< "},
	} {
		if b.n != "" {
			add(b.keyword, b.text+string(b.n), Bound{b.op, b.n, b.keyword, s.Loc + "/" + b.keyword})
		}
	}
	if s.MultipleOf != "" {
		add("multipleOf", "a multiple of "+string(s.MultipleOf), MultipleOf{s.MultipleOf, s.Loc + "/multipleOf"})
	}
	if s.NumberFormat != "" {
		p.Rules = append(p.Rules, formatRule(s.NumberFormat))
	}
	return p
}
