package toolimpl

import (
	"encoding/base64"
	"encoding/json"
	"math/bits"

	"github.com/toolgen-go/toolgen/internal/value"
)

// This file is for generated code: the checks of JSON Schema keywords that
// are not specialized into straight-line code.

// In reports whether v equals one of values, as Equal compares: for enum.
func In(v any, values []any) bool {
	for _, x := range values {
		if value.Equal(v, x) {
			return true
		}
	}
	return false
}

// Has reports whether m has a member k: for the dependentSchemas that
// decide which members unevaluatedProperties leaves.
func Has(m map[string]any, k string) bool {
	_, ok := m[k]
	return ok
}

// CountBits counts the bits set: the items contains matched, for
// minContains and maxContains.
func CountBits(set []uint64) int {
	n := 0
	for _, w := range set {
		n += bits.OnesCount64(w)
	}
	return n
}

// Bit reports whether bit i is set: whether contains matched item i, for
// unevaluatedItems.
func Bit(set []uint64, i int) bool { return set[i>>6]&(1<<(i&63)) != 0 }

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

// ContentValue decodes s, or what it decodes to when it is base64, as a JSON
// document, as encoding/json decodes it: for contentSchema, which checks
// the document. ok is false when it is not one.
func ContentValue(s string, isBase64 bool) (v any, ok bool) {
	data := []byte(s)
	if isBase64 {
		var err error
		if data, err = base64.StdEncoding.DecodeString(s); err != nil {
			return nil, false
		}
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, false
	}
	return v, true
}
