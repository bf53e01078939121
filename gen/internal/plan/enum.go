package plan

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// The enum and const keywords: rules of a kind, compared plainly, when every
// value they list is of the schema's one kind (Specialized); else checks of
// the whole value, by JSON equality (see WholeOf).
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
	// EqualsOneOf fails a value equal to none of Values (JSON equality).
	EqualsOneOf struct {
		Values []any
		At     string
	}
	// Equals fails a value not equal to Value (JSON equality).
	Equals struct {
		Value any
		At    string
	}
)

func (Enum) cond()        {}
func (Const) cond()       {}
func (EqualsOneOf) cond() {}
func (Equals) cond()      {}

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

// kindEnum compiles enum and const as the first rules of kind, when they
// are its (see Specialized).
func kindEnum(s *jsonschema.Schema, kind string) []Rule {
	var out []Rule
	if Specialized(s) == kind {
		if s.HasEnum {
			out = append(out, Rule{"enum", "one of " + EnumText(s.Enum), Enum{s.Enum, s.Loc + "/enum"}})
		}
		if s.HasConst {
			out = append(out, Rule{"const", jsonschema.CompactJSON(s.Const), Const{s.Const, s.Loc + "/const"}})
		}
	}
	return out
}

// wholeEnum compiles enum and const as the first checks of the whole
// value, when they are no kind's.
func wholeEnum(s *jsonschema.Schema) []Rule {
	var out []Rule
	if Specialized(s) == "" {
		if s.HasEnum {
			out = append(out, Rule{"enum", "one of " + EnumText(s.Enum), EqualsOneOf{s.Enum, s.Loc + "/enum"}})
		}
		if s.HasConst {
			out = append(out, Rule{"const", jsonschema.CompactJSON(s.Const), Equals{s.Const, s.Loc + "/const"}})
		}
	}
	return out
}

// EnumText lists the values of an enum, all of them: the expected text of
// an enum's error, which keeps the full list (a rendering that must shorten
// it cuts it between values and says how many it leaves out, as
// EnumSummary does).
func EnumText(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = jsonschema.CompactJSON(v)
	}
	return strings.Join(parts, ", ")
}

// EnumSummary lists the values of an enum in a summary of a few words: the
// values that fit in 80 characters, whole, and how many more there are.
func EnumSummary(values []any) string {
	const max = 80
	var b strings.Builder
	for i, v := range values {
		text := jsonschema.CompactJSON(v)
		more := ", … and " + strconv.Itoa(len(values)-i) + " more"
		switch {
		case i > 0 && utf8.RuneCountInString(b.String())+len(", ")+utf8.RuneCountInString(text) > max:
			return b.String() + more
		case i == 0 && len(values) > 1 && utf8.RuneCountInString(text) > max:
			return Shorten(text) + ", … and " + strconv.Itoa(len(values)-1) + " more"
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(text)
	}
	return b.String()
}
