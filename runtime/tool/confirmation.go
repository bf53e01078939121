package tool

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/internal/value"
)

// This file renders a call that awaits a person's approval as the person
// reads it. Whatever the arguments hold, every member shows on a line of its
// own, in the order of the names, each value cut on its own: no member can be
// pushed out of sight by another, and no value can start a line.

// Bounds of a confirmation (see Tool.Confirmation).
const (
	// confirmationDepth is how many levels of objects and arrays a
	// confirmation lists: a member of the arguments is level 1; a value
	// nested deeper is shown by its size.
	confirmationDepth = 4
	// confirmationItems is how many members of a nested object, or items of
	// an array, a confirmation lists; the others are counted.
	confirmationItems = 16
	// confirmationLines is how many lines a member of the arguments takes
	// at most, with those of the values nested in it.
	confirmationLines = 32
	// maxDescription bounds the tool's description in a confirmation.
	maxDescription = 4 * maxField

	// maxConfirmationLine bounds a line: the indentation, "- ", a quoted
	// name, ": ", a quoted value with its length, the line break.
	maxConfirmationLine = 2*(confirmationDepth-1) + len("- ") + maxField + 2 + len(": ") +
		maxField + 2 + len(" (9223372036854775807 characters)") + 1
)

// maxConfirmationBase bounds what a confirmation writes besides the lines of
// the arguments' members: the question, the tool's name and description, and
// the reason of arguments that are not valid JSON.
const maxConfirmationBase = len("Allow  to run? ") + maxField + maxDescription + len("\nArguments: ") + maxMessage

// maxConfirmationMember bounds the lines of one member of the arguments in a
// confirmation, with those of the values nested in it.
const maxConfirmationMember = confirmationLines * maxConfirmationLine

// Confirmation renders a call of t with the raw arguments, as a Set reads
// them (ParseArgs), for the person asked to approve it: the question with the
// tool's name and description, then every member of the arguments on a line
// of its own, sorted by name:
//
//	Allow delete_file to run? Deletes a file. It cannot be undone.
//	Arguments:
//	- path: "/home/user/.ssh/id_ed25519"
//	- reason: "Cleaning up /tmp/build as you asked.      …      " (2036 characters)
//
// Each value is cut on its own: a string or a number longer than 256 bytes
// keeps its start and its end around "…", followed by its length. The
// members of a nested object (sorted) and the items of an array follow on
// indented lines, at most 16 of each and 4 levels deep, the others counted
// ("… and 3 more members"); a member takes at most 32 lines with its nested
// values. Names, values and the description are escaped as Feedback escapes
// them (line breaks, U+2028, bidirectional controls, invalid UTF-8), and
// quotes and backslashes inside quoted text too, so that no text can start a
// line or end a value early. The text is at most 2103 bytes plus 17920
// bytes per member of the arguments, and its cost
// is linear in their size (with the sort of member names). Arguments that are
// not a JSON object are rendered with the reason, as the Set rejects them.
func (t *Tool) Confirmation(raw []byte) string {
	args, errs := ParseArgs(raw)
	if errs != nil {
		return question(t) + "\nArguments: " + errs[0].Message()
	}
	return t.ConfirmationArgs(args)
}

// ConfirmationArgs is Confirmation of arguments already decoded, as
// Set.CallArgs takes them. A value with no JSON form is shown by its Go type;
// a value that contains itself is cut at the depth a confirmation lists.
func (t *Tool) ConfirmationArgs(args map[string]any) string {
	var c confirmation
	c.b = append(c.b, question(t)...)
	if len(args) == 0 {
		c.b = append(c.b, "\nArguments: none"...)
		return string(c.b)
	}
	c.b = append(c.b, "\nArguments:"...)
	for _, k := range sortedKeys(args) {
		c.entry(1, memberLabel(k), args[k], confirmationLines)
	}
	return string(c.b)
}

// question is the first line of a confirmation. (A function: a method of
// Tool is one of Def's, compiled again for each tool's type.)
func question(t *Tool) string {
	q := "Allow " + field(t.Name) + " to run?"
	if t.Description != "" {
		// A doc comment's line breaks wrap a paragraph.
		d, _ := clip(strings.ReplaceAll(t.Description, "\n", " "), maxDescription, false)
		q += " " + d
	}
	return q
}

type confirmation struct{ b []byte }

// entry writes the line of a value, after its label, and, for an object or
// an array above the deepest level listed, the lines of its members or
// items, in at most lines lines in all (lines >= 1). It returns the lines it
// wrote.
func (c *confirmation) entry(level int, label string, v any, lines int) int {
	c.line(level, label)
	items, isList := value.List(v)
	var m map[string]any
	isObject := false
	if !isList {
		if m, isObject = value.Object(v); !isObject {
			c.b = appendScalar(c.b, v)
			return 1
		}
	}
	n, noun, empty, kind := len(m), "member", "{}", "an object of "
	if isList {
		n, noun, empty, kind = len(items), "item", "[]", "an array of "
	}
	if n == 0 {
		c.b = append(c.b, empty...)
		return 1
	}
	c.b = appendCount(append(c.b, kind...), n, noun)
	if level == confirmationDepth || lines < 2 {
		c.b = append(c.b, ", not shown"...)
		return 1
	}
	var keys []string
	if isObject {
		keys = sortedKeys(m)
	}
	used := 1
	for i := range n {
		left := lines - used
		last := i == n-1
		if i == confirmationItems || !last && left < 2 {
			c.line(level+1, "")
			c.b = appendCount(append(c.b, "… and "...), n-i, "more "+noun)
			return used + 1
		}
		room := left
		if !last {
			room-- // for the count of the others
		}
		if isList {
			used += c.entry(level+1, "["+strconv.Itoa(i)+"]", items[i], room)
		} else {
			used += c.entry(level+1, memberLabel(keys[i]), m[keys[i]], room)
		}
	}
	return used
}

// line starts a line at level: its indentation, "- " and the label.
func (c *confirmation) line(level int, label string) {
	c.b = append(c.b, '\n')
	for range level - 1 {
		c.b = append(c.b, "  "...)
	}
	c.b = append(c.b, "- "...)
	if label != "" {
		c.b = append(c.b, label...)
		c.b = append(c.b, ": "...)
	}
}

// memberLabel is a member's name as a confirmation shows it: as it is when
// it is a plain word, quoted otherwise, so that a name cannot read as a
// value or as another member.
func memberLabel(k string) string {
	plain := k != "" && len(k) <= maxField
	for i := 0; i < len(k) && plain; i++ {
		c := k[i]
		plain = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
	}
	if plain {
		return k
	}
	q, _ := clip(k, maxField, true)
	return `"` + q + `"`
}

// appendScalar appends a value that is not an object or an array: a string
// quoted, a number as it was written, true, false, null, or the Go type of a
// value with no JSON form; cut to maxField bytes, with its length when cut.
func appendScalar(b []byte, v any) []byte {
	if s, ok := v.(string); ok {
		q, cut := clip(s, maxField, true)
		b = append(append(append(b, '"'), q...), '"')
		if cut {
			b = append(b, " ("...)
			b = appendCount(b, utf8.RuneCountInString(s), "character")
			b = append(b, ')')
		}
		return b
	}
	text, ok := v.(json.Number)
	if !ok {
		text = json.Number(value.Show(v))
	}
	shown, cut := clip(string(text), maxField, false)
	b = append(b, shown...)
	if cut {
		b = append(b, " ("...)
		b = appendCount(b, utf8.RuneCountInString(string(text)), "character")
		b = append(b, ')')
	}
	return b
}

func appendCount(b []byte, n int, noun string) []byte {
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(append(b, ' '), noun...)
	if n != 1 {
		b = append(b, 's')
	}
	return b
}

// sortedKeys returns the keys of m in ascending order.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
