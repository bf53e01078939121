package plan

import (
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/internal/words"
)

// The rules of a string: minLength, maxLength, pattern, contentEncoding,
// contentMediaType and contentSchema (format is formats.go's).
type (
	// MinLength fails a string of fewer than N characters.
	MinLength struct{ N uint64 }
	// MaxLength fails a string of more than N characters.
	MaxLength struct{ N uint64 }
	// Pattern fails a string the ECMA-262 pattern does not match.
	Pattern struct{ Pattern, At string }
	// Base64 fails a string that is not base64.
	Base64 struct{}
	// JSONContent fails a string that is not a JSON document (in base64
	// when Base64).
	JSONContent struct{ Base64 bool }
)

func (MinLength) cond()   {}
func (MaxLength) cond()   {}
func (Pattern) cond()     {}
func (Base64) cond()      {}
func (JSONContent) cond() {}

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
	p := String{Rules: kindEnum(s, jsonschema.KindString)}
	add := func(code, expected string, c Cond) { p.Rules = append(p.Rules, Rule{code, expected, c}) }
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
		p.Rules = append(p.Rules, formatRule(s.Format))
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

// PatternText says what a string matching pattern p is, in an error.
func PatternText(p string) string {
	if isDuration(p) {
		return DurationText
	}
	return "a string matching the pattern " + p
}

// Base64Text is what a string in base64 is expected to be.
const Base64Text = "a base64 string"
