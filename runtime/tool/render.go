package tool

import "github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"

// This file makes text safe to render: every rendering of an error, a result
// or an audit record passes each piece of text through field, so that no
// member name, tool name or value, whoever built it, can start a line of its
// own or make a rendering unbounded.

// maxField is the most bytes any one piece of text takes in a rendering:
// an error's code, path, name, expectation, type, value or reason, a tool's
// name, an id or an error text in an audit record. Longer text is cut in its
// middle, at character boundaries, around "…": its start and its end stay
// readable. The Error and the Result themselves keep the full text.
const maxField = jsonvalue.MaxField

// field renders s for a rendering: escaped and at most maxField bytes
// (jsonvalue.Field, which runtime/oteltool's attributes share).
func field(s string) string { return jsonvalue.Field(s) }

// clip renders s in at most max bytes, escaped (with quoted, the quote and
// the backslash too), and reports whether it cut (jsonvalue.Render).
func clip(s string, max int, quoted bool) (string, bool) { return jsonvalue.Render(s, max, quoted) }

// unsafeRune reports a character that a rendering escapes
// (jsonvalue.UnsafeRune).
func unsafeRune(r rune) bool { return jsonvalue.UnsafeRune(r) }

// safe reports whether s renders as it is: valid UTF-8 without an unsafe
// character.
func safe(s string) bool { return jsonvalue.SafeText(s, false) }

// safeText is safe, and with quoted, false for text holding a quote or a
// backslash too.
func safeText(s string, quoted bool) bool { return jsonvalue.SafeText(s, quoted) }

// display returns e as renderings show it: every member escaped and at most
// maxField bytes.
func (e Error) display() Error {
	return Error{
		Code:     field(e.Code),
		Path:     field(e.Path),
		Name:     field(e.Name),
		Expected: field(e.Expected),
		Got:      field(e.Got),
		Actual:   field(e.Actual),
		Reason:   field(e.Reason),
	}
}
