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
		d := e.display()
		b = append(b, `{"code":`...)
		b = appendJSONString(b, d.Code)
		b = append(b, `,"path":`...)
		b = appendJSONString(b, d.Path)
		b = appendJSONMember(b, "expected", d.Expected)
		b = appendJSONMember(b, "got", d.Got)
		b = appendJSONMember(b, "actual", d.Actual)
		b = appendJSONMember(b, "reason", d.Reason)
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendJSONMember appends ,"name":"v", unless v is empty.
func appendJSONMember(b []byte, name, v string) []byte {
	if v == "" {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return appendJSONString(b, v)
}
