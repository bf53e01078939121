package tool

import (
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
)

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

// expectedField is field for an error's expected text. A list of values
// ("one of \"damaged\", \"duplicate_charge\", \"goodwill\"", an enum's) that
// does not fit is cut between two values, never inside one, and says how
// many it leaves out ("… and 3 more"): a model reads whole values it can
// send. Other text is cut as field cuts it.
func expectedField(s string) string {
	t, cut := clip(s, maxField, false)
	if !cut {
		return t
	}
	rest, ok := strings.CutPrefix(s, listPrefix)
	if !ok {
		return t
	}
	// The ends of the values, checked to be a list before anything is cut.
	var ends []int
	for i := 0; ; {
		end := valueEnd(rest, i)
		if end < 0 {
			return t
		}
		ends = append(ends, end)
		if end == len(rest) {
			break
		}
		if !strings.HasPrefix(rest[end:], ", ") {
			return t
		}
		i = end + len(", ")
	}
	out := listPrefix
	for k, end := range ends {
		start := 0
		if k > 0 {
			start = ends[k-1] + len(", ")
		}
		value := escape(rest[start:end])
		sep := ""
		if k > 0 {
			sep = ", "
		}
		left := len(ends) - k - 1
		more := ""
		if left > 0 {
			more = ", … and " + strconv.Itoa(left) + " more"
		}
		if len(out)+len(sep)+len(value)+len(more) > maxField {
			if k == 0 {
				if len(ends) == 1 {
					return t
				}
				// Not even the first value fits: it is cut, the rest counted.
				more = ", … and " + strconv.Itoa(len(ends)-1) + " more"
				v, _ := clip(rest[:end], maxField-len(out)-len(more), false)
				return out + v + more
			}
			return out + ", … and " + strconv.Itoa(len(ends)-k) + " more"
		}
		out += sep + value
	}
	return out
}

// listPrefix starts the expected text of a list of values.
const listPrefix = "one of "

// valueEnd returns where the JSON value that starts at s[i] ends, as the
// generator writes values (compact), or -1 when none starts there.
func valueEnd(s string, i int) int {
	if i >= len(s) {
		return -1
	}
	depth := 0
	for j := i; j < len(s); j++ {
		switch c := s[j]; c {
		case '"':
			for j++; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' {
					j++
				}
			}
			if j >= len(s) {
				return -1
			}
		case '[', '{':
			depth++
		case ']', '}':
			if depth--; depth < 0 {
				return -1
			}
		case ',':
			if depth == 0 {
				return j
			}
		}
		if depth == 0 && (s[j] == '"' || s[j] == ']' || s[j] == '}') {
			return j + 1
		}
	}
	if depth != 0 {
		return -1
	}
	return len(s)
}

// clip renders s in at most max bytes, escaped (with quoted, the quote and
// the backslash too), and reports whether it cut (jsonvalue.Render).
func clip(s string, max int, quoted bool) (string, bool) { return jsonvalue.Render(s, max, quoted) }

// escape renders s escaped, however long (jsonvalue.EscapeText).
func escape(s string) string { return jsonvalue.EscapeText(s, false) }

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
		Code:     Code(field(string(e.Code))),
		Path:     field(e.Path),
		Name:     field(e.Name),
		Expected: expectedField(e.Expected),
		Got:      field(e.Got),
		Actual:   field(e.Actual),
		Reason:   field(e.Reason),
	}
}
