package tool

import (
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
	for i, e := range errs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"code":`...)
		b = appendFieldJSON(b, e.Code)
		b = append(b, `,"path":`...)
		b = appendFieldJSON(b, e.Path)
		b = appendFieldMember(b, "expected", e.Expected)
		b = appendFieldMember(b, "got", e.Got)
		b = appendFieldMember(b, "actual", e.Actual)
		b = appendFieldMember(b, "reason", e.Reason)
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

// appendFieldJSON appends field(s) quoted as appendJSONString quotes it: a
// short text of plain ASCII, the usual error field, as it is, in one pass.
func appendFieldJSON(b []byte, s string) []byte {
	if len(s) <= maxField {
		plain := true
		for i := 0; i < len(s); i++ {
			if !plainField[s[i]] {
				plain = false
				break
			}
		}
		if plain {
			b = append(b, '"')
			b = append(b, s...)
			return append(b, '"')
		}
	}
	return appendJSONString(b, field(s))
}

// appendFieldMember appends ,"name":field(v), unless v is empty.
func appendFieldMember(b []byte, name, v string) []byte {
	if v == "" {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return appendFieldJSON(b, v)
}
