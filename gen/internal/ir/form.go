package ir

import (
	"fmt"

	"github.com/toolgen-go/toolgen/internal/forms"
)

// Dialect is a value of the dialects= option of //toolgen:tool and
// //toolgen:output: the forms of the runtime's table whose forms.Form.Option
// it is ("openai" gives both a Chat Completions and a Responses API
// definition). Every form of one option takes the same lowering of the
// schema.
type Dialect string

// Form is a tool's definition (or an output's response format) in one form
// of the runtime's table: in the form of its own (Shape, the tool.Dialects
// or tool.ResponseFormats field), the strictest, or in that of a fallback
// (Form).
type Form struct {
	Shape, Form *forms.Form
	// Parameters is the parameters schema in Form's lowering; nil when the
	// definition has none.
	Parameters []byte
	// Fallback lists why each stricter form was passed over; empty when
	// Form is Shape.
	Fallback []DialectError
}

// DialectError is a schema that a dialect cannot accept at all.
type DialectError struct {
	Dialect Dialect
	// Title names the dialect's schema rules in messages, its forms'
	// forms.Form.Title: "OpenAI strict mode".
	Title string
	// Path is the JSON Pointer of the offending schema in the canonical
	// schema: "/properties/meta".
	Path string
	// What is what the dialect cannot express: "a map".
	What string
	// Why is the dialect's rule that excludes it: "every object needs
	// additionalProperties: false".
	Why string
	// Instead names a form of the same data that every dialect expresses
	// strictly: "a list of {key, value} objects"; "" when there is none.
	Instead string
}

// Msg says what cannot be expressed, in which dialect, and why.
func (e DialectError) Msg() string {
	if e.Why == "" {
		return fmt.Sprintf("%s cannot be expressed in %s", e.What, e.Title)
	}
	return fmt.Sprintf("%s cannot be expressed in %s (%s)", e.What, e.Title, e.Why)
}

func (e DialectError) Error() string {
	return fmt.Sprintf("%s: schema at #%s: %s", e.Dialect, e.Path, e.Msg())
}
