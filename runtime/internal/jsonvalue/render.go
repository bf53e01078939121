package jsonvalue

import "unicode/utf8"

// This file makes text safe to render: every rendering of runtime/tool (an
// error, a result, an audit record) and every attribute runtime/oteltool
// records from what a model or a client chose passes each piece of text
// through Field, so that no member name, tool name, id or value, whoever
// built it, can start a line of its own or make a rendering unbounded.

// Field renders s for a rendering: escaped (see EscapeText) and at most
// MaxField bytes, cut in its middle, at character boundaries, around "…",
// so that its start and its end stay readable. Text that needs neither is
// returned as it is, without allocating.
func Field(s string) string {
	t, _ := Render(s, MaxField, false)
	return t
}

// Render renders s in at most max bytes, escaped (see EscapeText; with quoted,
// the quote and the backslash too, for text shown between quotes). Longer
// text is cut in its middle around "…", between characters and never inside
// an escape, so that its start and its end stay readable; Render reports
// whether it cut. Text that needs neither is returned as it is, without
// allocating. It reads at most about max bytes of each end of s.
func Render(s string, max int, quoted bool) (string, bool) {
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
		return EscapeText(s, quoted), false
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
	return EscapeText(s[:head], quoted) + "…" + EscapeText(s[tail:], quoted), true
}

// escapedRune returns the size of the first character of s (1 for a byte of
// invalid UTF-8) and the bytes EscapeText writes for it.
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
	case UnsafeRune(r):
		return size, 6
	}
	return size, size
}

// UnsafeRune reports a character that a rendering escapes: the C0 and C1
// control characters (line feed, carriage return, vertical tab, form feed,
// NEL U+0085 among them), DEL, the Unicode line and paragraph separators
// U+2028 and U+2029, and the bidirectional controls, which can make a line
// read as another.
func UnsafeRune(r rune) bool {
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

// SafeText reports whether s renders as it is: valid UTF-8 without an
// unsafe character, and with quoted, without a quote or a backslash.
func SafeText(s string, quoted bool) bool {
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
		if (r == utf8.RuneError && size == 1) || UnsafeRune(r) {
			return false
		}
		i += size
	}
	return true
}

// EscapeText writes each unsafe character of s as Go writes it in a quoted
// string (\n, \t, \x00, \u0085, \u2028) and each byte of invalid UTF-8 as
// \xff, and with quoted, the quote and the backslash as \" and \\ too, so
// that text between quotes ends at the closing one; everything else stays
// as it is.
func EscapeText(s string, quoted bool) string {
	if SafeText(s, quoted) {
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
		case UnsafeRune(r):
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
