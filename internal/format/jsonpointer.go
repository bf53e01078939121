package format

import "unicode/utf8"

// JSONPointer reports whether s is a JSON Pointer in its JSON string
// representation (RFC 6901 section 3): empty, or a sequence of "/"-prefixed
// reference tokens in which "~" appears only as "~0" or "~1". Any other
// character is allowed, control characters included; the URI fragment form
// ("#/a") is not a JSON pointer. s must be valid UTF-8, as a JSON string
// decoded by encoding/json is.
func JSONPointer(s string) bool {
	if s == "" {
		return true
	}
	if s[0] != '/' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] == '~' {
			if i+1 >= len(s) || (s[i+1] != '0' && s[i+1] != '1') {
				return false
			}
			i++
		}
	}
	return utf8.ValidString(s)
}
