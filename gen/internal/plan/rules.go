package plan

import (
	"encoding/json"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/internal/words"
)

// Rule is a keyword check of one value of one kind, as data: when the value
// meets Cond's failing condition, the error Code, expecting Expected. The
// rules of a kind come in the order they are checked; a renderer reports at
// most the first that fails (one error per location).
type Rule struct {
	Code     string // the keyword, as the error's code
	Expected string // what the error says is expected
	Cond     Cond
}

// Cond is the condition of a Rule: one of the types below. Each says when a
// value fails it.
type Cond interface{ cond() }

type (
	// Enum fails a value that is none of Values, all of the rule's kind;
	// At is their schema location.
	Enum struct {
		Values []any
		At     string
	}
	// Const fails a value other than Value, of the rule's kind.
	Const struct {
		Value any
		At    string
	}
	// MinLength fails a string of fewer than N characters.
	MinLength struct{ N uint64 }
	// MaxLength fails a string of more than N characters.
	MaxLength struct{ N uint64 }
	// Pattern fails a string the ECMA-262 pattern does not match.
	Pattern struct{ Pattern, At string }
	// Format fails a value the format Name rejects: the function Func of
	// the formats package.
	Format struct{ Name, Func string }
	// Base64 fails a string that is not base64.
	Base64 struct{}
	// JSONContent fails a string that is not a JSON document (in base64
	// when Base64).
	JSONContent struct{ Base64 bool }
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
	// MinItems fails an array of fewer than N items.
	MinItems struct{ N uint64 }
	// MaxItems fails an array of more than N items.
	MaxItems struct{ N uint64 }
	// UniqueItems fails an array with two equal items.
	UniqueItems struct{}
	// MinProperties fails an object of fewer than N members.
	MinProperties struct{ N uint64 }
	// MaxProperties fails an object of more than N members.
	MaxProperties struct{ N uint64 }
)

func (Enum) cond()          {}
func (Const) cond()         {}
func (MinLength) cond()     {}
func (MaxLength) cond()     {}
func (Pattern) cond()       {}
func (Format) cond()        {}
func (Base64) cond()        {}
func (JSONContent) cond()   {}
func (Bound) cond()         {}
func (MultipleOf) cond()    {}
func (MinItems) cond()      {}
func (MaxItems) cond()      {}
func (UniqueItems) cond()   {}
func (MinProperties) cond() {}
func (MaxProperties) cond() {}

// String is the plan of a string value of s.
type String struct {
	Rules []Rule
	// Content is the schema of the JSON document the string holds (in
	// base64 when ContentBase64), checked when the rules pass; nil when
	// it checks nothing.
	Content       *jsonschema.Schema
	ContentBase64 bool
}

// StringOf compiles the rules of s for a string: enum and const when they
// are the string's (see Specialized), minLength, maxLength, pattern, format,
// contentEncoding, contentMediaType, in that order.
func StringOf(s *jsonschema.Schema) String {
	var p String
	add := func(code, expected string, c Cond) { p.Rules = append(p.Rules, Rule{code, expected, c}) }
	if Specialized(s) == jsonschema.KindString {
		if s.HasEnum {
			add("enum", "one of "+EnumText(s.Enum), Enum{s.Enum, s.Loc + "/enum"})
		}
		if s.HasConst {
			add("const", jsonschema.CompactJSON(s.Const), Const{s.Const, s.Loc + "/const"})
		}
	}
	if s.MinLength != nil {
		add("minLength", words.MinLength(*s.MinLength), MinLength{*s.MinLength})
	}
	if s.MaxLength != nil {
		add("maxLength", words.MaxLength(*s.MaxLength), MaxLength{*s.MaxLength})
	}
	if s.Pattern != "" {
		add("pattern", PatternText(s.Pattern), Pattern{s.Pattern, s.Loc + "/pattern"})
	}
	if s.Format != "" {
		add("format", jsonschema.Formats[s.Format].Text, Format{s.Format, jsonschema.Formats[s.Format].Func})
	}
	if s.ContentEncoding != "" {
		add("contentEncoding", Base64Text, Base64{})
	}
	if s.ContentMediaType != "" {
		text := "a JSON document"
		if s.ContentEncoding != "" {
			text += " in base64"
		}
		add("contentMediaType", text, JSONContent{s.ContentEncoding != ""})
	}
	if !s.ContentSchema.IsTrue() {
		p.Content, p.ContentBase64 = s.ContentSchema, s.ContentEncoding != ""
	}
	return p
}

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
	var p Number
	_, p.Integer = Allows(s, jsonschema.KindNumber)
	add := func(code, expected string, c Cond) { p.Rules = append(p.Rules, Rule{code, expected, c}) }
	if Specialized(s) == jsonschema.KindNumber {
		if s.HasEnum {
			add("enum", "one of "+EnumText(s.Enum), Enum{s.Enum, s.Loc + "/enum"})
		}
		if s.HasConst {
			add("const", jsonschema.CompactJSON(s.Const), Const{s.Const, s.Loc + "/const"})
		}
	}
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
		add("format", jsonschema.Formats[s.NumberFormat].Text, Format{s.NumberFormat, jsonschema.Formats[s.NumberFormat].Func})
	}
	return p
}

// ArrayRules compiles the rules of s on an array as a whole: minItems,
// maxItems, items false past prefixItems (as a maximum), uniqueItems.
func ArrayRules(s *jsonschema.Schema) []Rule {
	var out []Rule
	if s.MinItems != nil {
		out = append(out, Rule{"minItems", words.MinItems(*s.MinItems), MinItems{*s.MinItems}})
	}
	if s.MaxItems != nil {
		out = append(out, Rule{"maxItems", words.MaxItems(*s.MaxItems), MaxItems{*s.MaxItems}})
	}
	if s.Items.IsFalse() {
		prefix := uint64(len(s.PrefixItems))
		out = append(out, Rule{"items", words.MaxItems(prefix), MaxItems{prefix}})
	}
	if s.UniqueItems {
		out = append(out, Rule{"uniqueItems", words.UniqueItems, UniqueItems{}})
	}
	return out
}

// Contains is the plan of contains: the items matching Schema are counted,
// and the count compared with Min (1 by default) and Max.
type Contains struct {
	Schema *jsonschema.Schema
	Min    Rule // Cond MinItems: fewer matching items fail; none when N is 0
	Max    *Rule
}

// ContainsOf compiles contains, minContains and maxContains; false when
// they check nothing.
func ContainsOf(s *jsonschema.Schema) (Contains, bool) {
	if s.Contains == nil {
		return Contains{}, false
	}
	min := uint64(1)
	if s.MinContains != nil {
		min = *s.MinContains
	}
	if min == 0 && s.MaxContains == nil {
		return Contains{}, false
	}
	what := Summary(s.Contains)
	code := "contains"
	if s.MinContains != nil {
		code = "minContains"
	}
	c := Contains{Schema: s.Contains, Min: Rule{code, "an array with at least " + words.Plural(min, "item") + " matching " + what, MinItems{min}}}
	if s.MaxContains != nil {
		c.Max = &Rule{"maxContains", "an array with at most " + words.Plural(*s.MaxContains, "item") + " matching " + what, MaxItems{*s.MaxContains}}
	}
	return c, true
}

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
