package plan

import (
	"strings"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// This file holds the texts of the errors a model reads that every rule
// family shares: what a value is expected to be, its types, a schema in a
// few words. The texts of one family's rules are in its file. Every renderer
// takes them from here.

// Expected names what a schema accepts, for type and missing errors; "" when
// it names no type.
func Expected(s *jsonschema.Schema) string {
	for i := 0; s != nil && i < 8; i++ {
		if inner, ok := NullableForm(s); ok {
			if t := Expected(inner); t != "" {
				return t + " or null"
			}
			return ""
		}
		if s.Types != nil {
			return TypeText(s)
		}
		s = s.RefTarget
	}
	return ""
}

// TypeList is a list of JSON types in a type error.
func TypeList(types []string) string {
	if len(types) == 0 {
		return "nothing"
	}
	return strings.Join(types, " or ")
}

// TypeText is the JSON types of s, in a type error: a duration's says its
// syntax, so that a model that sent 300 does not send "300" next.
func TypeText(s *jsonschema.Schema) string {
	if isDuration(s.Pattern) && len(s.Types) == 1 && s.Types[0] == "string" {
		return "a string, " + DurationText
	}
	return TypeList(s.Types)
}

// Summary describes a schema in a few words, for the messages of anyOf,
// oneOf, not, contains and propertyNames.
func Summary(s *jsonschema.Schema) string {
	switch {
	case s.IsTrue():
		return "any value"
	case s.IsFalse():
		return "no value"
	case s.HasConst:
		return Shorten(jsonschema.CompactJSON(s.Const))
	case s.HasEnum:
		return "one of " + EnumSummary(s.Enum)
	case len(s.Types) == 1 && s.Types[0] == "string" && s.Format != "" && len(s.Required) == 0:
		return jsonschema.Formats[s.Format].Text
	case s.Types != nil:
		t := TypeList(s.Types)
		if len(s.Required) > 0 {
			t += " with " + QuotedList(s.Required)
		}
		return t
	case s.RefTarget != nil && s.RefTarget.DefName != "":
		return s.RefTarget.DefName
	case s.RefTarget != nil && s.RefTarget != s:
		return Summary(s.RefTarget)
	case len(s.Required) > 0:
		return "an object with " + QuotedList(s.Required)
	case s.Title != "":
		return Shorten(s.Title)
	}
	return "the schema at " + ShortLoc(s.Loc)
}

// Summaries are the summaries of a list of schemas, "; " between them.
func Summaries(list []*jsonschema.Schema) string {
	parts := make([]string, len(list))
	for i, s := range list {
		parts[i] = Summary(s)
	}
	return strings.Join(parts, "; ")
}

// maxLocText bounds a schema location written in a comment or a message,
// so that generated code grows linearly with the schema, not with the
// depth of each of its locations.
const maxLocText = 60

// ShortLoc shortens a schema location for a comment or a message, keeping
// its end.
func ShortLoc(s string) string {
	r := []rune(s)
	if len(r) <= maxLocText {
		return s
	}
	return "…" + string(r[len(r)-maxLocText:])
}

// QuotedList quotes member names: 'a', 'b'.
func QuotedList(names []string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = "'" + n + "'"
	}
	return strings.Join(parts, ", ")
}

// Shorten bounds a schema-derived text in a message.
func Shorten(s string) string {
	const max = 80
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	return string(r[:max]) + "…"
}
