package tool

import (
	"strconv"
	"strings"
	"unicode/utf8"

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

// field renders s for a rendering: escaped (see escape) and at most maxField
// bytes. Text that needs neither is returned as it is, without allocating.
func field(s string) string {
	t, _ := clip(s, maxField, false)
	return t
}

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

// clip renders s in at most max bytes, escaped (see escape; with quoted,
// the quote and the backslash too, for text shown between quotes). Longer
// text is cut in its middle around "…", between characters and never inside
// an escape, so that its start and its end stay readable; clip reports
// whether it cut. Text that needs neither is returned as it is, without
// allocating. It reads at most about max bytes of each end of s.
func clip(s string, max int, quoted bool) (string, bool) {
	width := 0
	for i := 0; i < len(s) && width <= max; {
		size, w := escapedRune(s[i:], quoted)
		width += w
		i += size
	}
	if width <= max {
		if width == len(s) { // escaping lengthens every character it changes
			return s, false
		}
		return escapeText(s, quoted), false
	}
	budget := max - len("…")
	head, used := 0, 0
	for head < len(s) {
		size, w := escapedRune(s[head:], quoted)
		if used+w > budget/2 {
			break
		}
		used += w
		head += size
	}
	tail := len(s)
	for tail > head {
		_, size := utf8.DecodeLastRuneInString(s[head:tail])
		_, w := escapedRune(s[tail-size:tail], quoted)
		if used+w > budget {
			break
		}
		used += w
		tail -= size
	}
	return escapeText(s[:head], quoted) + "…" + escapeText(s[tail:], quoted), true
}

// escapedRune returns the size of the first character of s (1 for a byte of
// invalid UTF-8) and the bytes escapeText writes for it.
func escapedRune(s string, quoted bool) (size, width int) {
	if c := s[0]; c < utf8.RuneSelf {
		switch {
		case c == '\n' || c == '\r' || c == '\t', quoted && (c == '"' || c == '\\'):
			return 1, 2
		case c < 0x20 || c == 0x7f:
			return 1, 4
		}
		return 1, 1
	}
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case r == utf8.RuneError && size == 1:
		return 1, 4
	case unsafeRune(r):
		return size, 6
	}
	return size, size
}

// unsafeRune reports a character that a rendering escapes: the C0 and C1
// control characters (line feed, carriage return, vertical tab, form feed,
// NEL U+0085 among them), DEL, the Unicode line and paragraph separators
// U+2028 and U+2029, and the bidirectional controls, which can make a line
// read as another.
func unsafeRune(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r == 0x2028, r == 0x2029:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// safe reports whether s renders as it is: valid UTF-8 without an unsafe
// character.
func safe(s string) bool { return safeText(s, false) }

// safeText is safe, and with quoted, false for text holding a quote or a
// backslash too.
func safeText(s string, quoted bool) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f || quoted && (c == '"' || c == '\\') {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || unsafeRune(r) {
			return false
		}
		i += size
	}
	return true
}

// escape writes each unsafe character of s as Go writes it in a quoted
// string (\n, \t, \x00, \u0085, \u2028) and each byte of invalid UTF-8 as
// \xff; everything else, quotes and backslashes included, stays as it is.
func escape(s string) string { return escapeText(s, false) }

// escapeText is escape, and with quoted, writes the quote and the backslash
// as \" and \\ too, so that text between quotes ends at the closing one.
func escapeText(s string, quoted bool) string {
	if safeText(s, quoted) {
		return s
	}
	const digits = "0123456789abcdef"
	b := make([]byte, 0, len(s)+16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, '\\', 'x', digits[s[i]>>4], digits[s[i]&0xf])
		case r == '\n':
			b = append(b, '\\', 'n')
		case r == '\r':
			b = append(b, '\\', 'r')
		case r == '\t':
			b = append(b, '\\', 't')
		case r < 0x20 || r == 0x7f:
			b = append(b, '\\', 'x', digits[r>>4], digits[r&0xf])
		case unsafeRune(r):
			b = append(b, '\\', 'u', digits[r>>12&0xf], digits[r>>8&0xf], digits[r>>4&0xf], digits[r&0xf])
		case quoted && (r == '"' || r == '\\'):
			b = append(b, '\\', byte(r))
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

// display returns e as renderings show it: every member escaped and at most
// maxField bytes.
func (e Error) display() Error {
	return Error{
		Code:     field(e.Code),
		Path:     field(e.Path),
		Name:     field(e.Name),
		Expected: expectedField(e.Expected),
		Got:      field(e.Got),
		Actual:   field(e.Actual),
		Reason:   field(e.Reason),
	}
}
