package jsonvalue

import "unicode/utf8"

const ellipsis = "…"

// MaxField is the most bytes one text takes in what the runtime renders (an
// error's path, name or value, a tool's name, a line of an audit record):
// runtime/tool's renderings cut every text to it, and the path of an error
// about JSON that does not parse is cut to it wherever the error is made.
const MaxField = 256

// Clip shortens s to at most max bytes by cutting out its middle.
func Clip(s string, max int) string {
	if len(s) <= max {
		return s
	}
	return elide(s, s, max)
}

// elide joins the start of head and the end of tail around an ellipsis, in
// at most max bytes, cutting at character boundaries.
func elide(head, tail string, max int) string {
	n := (max - len(ellipsis)) / 2
	if n > len(head) {
		n = len(head)
	}
	h := head[:runeStart(head, n)]
	m := (max - len(ellipsis)) - len(h)
	if m > len(tail) {
		m = len(tail)
	}
	t := tail[len(tail)-m:]
	for k := 0; k < utf8.UTFMax-1 && len(t) > 0 && !utf8.RuneStart(t[0]); k++ {
		t = t[1:]
	}
	return h + ellipsis + t
}

// runeStart moves i back to the start of the character it falls in (at most
// utf8.UTFMax-1 bytes: invalid UTF-8 is cut anywhere).
func runeStart(s string, i int) int {
	if i <= 0 {
		return 0
	}
	if i >= len(s) {
		return len(s)
	}
	for j := 0; j < utf8.UTFMax-1 && i > 0 && !utf8.RuneStart(s[i]); j++ {
		i--
	}
	return i
}
