package plan

import "github.com/toolgen-go/toolgen/gen/internal/jsonschema"

// Format fails a value the format Name rejects: the function Func of the
// formats package. A string's format and a number's (NumberFormat) are the
// same rule; jsonschema.Formats holds each format's function and text.
type Format struct{ Name, Func string }

func (Format) cond() {}

// formatRule is the rule of the format name.
func formatRule(name string) Rule {
	f := jsonschema.Formats[name]
	return Rule{"format", f.Text, Format{name, f.Func}}
}
