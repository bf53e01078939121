package tool

import (
	"encoding/base64"
	"encoding/json"
)

// This file is for generated code: the checks of JSON Schema keywords that
// are not specialized into straight-line code.

// In reports whether v equals one of values, as Equal compares: for enum.
func In(v any, values []any) bool {
	for _, x := range values {
		if Equal(v, x) {
			return true
		}
	}
	return false
}

// Base64 reports whether s is base64 (RFC 4648, standard alphabet, padded)
// as encoding/json decodes a []byte: line breaks are ignored. It does not
// allocate.
func Base64(s string) bool {
	n, pad := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\r' || c == '\n':
			continue
		case c == '=':
			pad++
			if pad > 2 {
				return false
			}
		case pad > 0:
			return false // data after padding
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '+', c == '/':
		default:
			return false
		}
		n++
	}
	if n%4 != 0 {
		return false
	}
	// "xx==" and "xxx=" end a quantum; "x===" does not exist.
	return pad == 0 || n >= 4
}

// JSONContent reports whether s, or what it decodes to when it is base64,
// is a JSON document: for contentMediaType application/json.
func JSONContent(s string, isBase64 bool) bool {
	if !isBase64 {
		return json.Valid([]byte(s))
	}
	b, err := base64.StdEncoding.DecodeString(s)
	return err == nil && json.Valid(b)
}

// tooDeep is what a validity check panics with when a value nests deeper
// than MaxDepth: its verdict must not turn into a pass under "not".
type tooDeep struct{}

// PanicTooDeep stops a validity check on a value nested deeper than
// MaxDepth; the generated validator recovers with Report.RecoverTooDeep.
func PanicTooDeep() { panic(tooDeep{}) }
