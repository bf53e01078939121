package tool

import (
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonstr"
)

// This file writes the JSON renderings of errors and results by hand, byte
// for byte as encoding/json writes them without HTML escaping: a rejected
// call is rendered on every call, and reflection would cost it more than
// validating it.

// appendJSONString appends s quoted as encoding/json quotes it with
// SetEscapeHTML(false).
var appendJSONString = jsonstr.Append

// appendErrorsJSON appends the JSON rendering of errs (see MarshalJSON).
func appendErrorsJSON(b []byte, errs Errors) []byte {
	b = append(b, '[')
	for i := range errs {
		e := &errs[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"code":`...)
		b = appendFieldJSON(b, e.Code)
		b = append(b, `,"path":`...)
		b = appendFieldJSON(b, e.Path)
		b = appendFieldMember(b, `,"expected":`, e.Expected)
		b = appendFieldMember(b, `,"got":`, e.Got)
		b = appendFieldMember(b, `,"actual":`, e.Actual)
		b = appendFieldMember(b, `,"reason":`, e.Reason)
		b = append(b, '}')
	}
	return append(b, ']')
}

// plainField marks the bytes that field keeps as they are and a JSON
// string holds as they are: printable ASCII but the quote and the
// backslash.
var plainField = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendFieldJSON appends field(s) quoted as appendJSONString quotes it: in
// one pass when field keeps s as it is (a short text of printable
// characters, the usual error field, quotes and all), else through field.
// Of the characters field keeps, a JSON string escapes the quote and the
// backslash only (U+2028 and U+2029 field escapes).
func appendFieldJSON(b []byte, s string) []byte {
	if len(s) > maxField {
		return appendJSONString(b, field(s))
	}
	start := len(b)
	b = append(b, '"')
	from, i := 0, 0
	for {
		for i < len(s) && plainField[s[i]] {
			i++
		}
		if i == len(s) {
			break
		}
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, s[from:i]...)
			b = append(b, '\\', c)
			i++
			from = i
			continue
		case c >= utf8.RuneSelf:
			if r, size := utf8.DecodeRuneInString(s[i:]); (r != utf8.RuneError || size > 1) && !unsafeRune(r) {
				i += size
				continue
			}
		}
		// A character field escapes.
		return appendJSONString(b[:start], field(s))
	}
	b = append(b, s[from:]...)
	return append(b, '"')
}

// appendFieldMember appends member, the start of a member (,"name":), and
// field(v) quoted, unless v is empty.
func appendFieldMember(b []byte, member, v string) []byte {
	if v == "" {
		return b
	}
	return appendFieldJSON(append(b, member...), v)
}
