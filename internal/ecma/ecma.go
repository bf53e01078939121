// Package ecma translates ECMA-262 regular expressions, the dialect of JSON
// Schema's pattern and patternProperties, into RE2, the dialect of Go's
// regexp package.
//
// PLACEHOLDER: this file stands in for the implementation of the
// issue3-formats branch, with the same API, until that branch is merged. It
// translates the common cases and refuses what RE2 cannot express.
package ecma

import (
	"fmt"
	"regexp"
	"strings"
)

// Translate returns the RE2 pattern that matches the same strings as the
// ECMA-262 pattern (with the u flag, as JSON Schema reads patterns), or an
// error saying why there is none: lookaround and backreferences have no RE2
// counterpart.
func Translate(pattern string) (string, error) {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case c == '\\':
			if i+1 >= len(pattern) {
				return "", fmt.Errorf("pattern %q ends with a lone backslash", pattern)
			}
			i++
			d := pattern[i]
			switch {
			case d >= '1' && d <= '9' && !inClass:
				return "", fmt.Errorf("pattern %q uses a backreference (\\%c), which RE2 cannot express", pattern, d)
			case d == 'k' && i+1 < len(pattern) && pattern[i+1] == '<':
				return "", fmt.Errorf("pattern %q uses a named backreference, which RE2 cannot express", pattern)
			case d == 'd' && inClass:
				b.WriteString(`0-9`)
			case d == 'd':
				b.WriteString(`[0-9]`)
			case d == 'D':
				b.WriteString(`[^0-9]`)
			case d == 'u' && i+4 < len(pattern):
				b.WriteString(`\x{` + pattern[i+1:i+5] + `}`)
				i += 4
			case d == '/':
				b.WriteByte('/')
			default:
				b.WriteByte('\\')
				b.WriteByte(d)
			}
		case inClass:
			if c == ']' {
				inClass = false
			}
			b.WriteByte(c)
		case c == '[':
			inClass = true
			b.WriteByte(c)
			if strings.HasPrefix(pattern[i+1:], "^") {
				b.WriteByte('^')
				i++
			}
			if strings.HasPrefix(pattern[i+1:], "]") {
				return "", fmt.Errorf("pattern %q has an empty class, which RE2 cannot express", pattern)
			}
		case c == '(' && strings.HasPrefix(pattern[i:], "(?=") || strings.HasPrefix(pattern[i:], "(?!"):
			return "", fmt.Errorf("pattern %q uses a lookahead, which RE2 cannot express", pattern)
		case c == '(' && (strings.HasPrefix(pattern[i:], "(?<=") || strings.HasPrefix(pattern[i:], "(?<!")):
			return "", fmt.Errorf("pattern %q uses a lookbehind, which RE2 cannot express", pattern)
		case c == '(' && strings.HasPrefix(pattern[i:], "(?<"):
			b.WriteString("(?P<")
			i += 2
		case c == '.':
			// ECMA's dot matches no line terminator; RE2's only skips \n.
			b.WriteString(`[^\n\r\x{2028}\x{2029}]`)
		case c == '$':
			b.WriteString(`\z`)
		default:
			b.WriteByte(c)
		}
	}
	re2 := b.String()
	if _, err := regexp.Compile(re2); err != nil {
		return "", fmt.Errorf("pattern %q is not a regular expression RE2 can compile: %v", pattern, err)
	}
	return re2, nil
}

// IsValid reports whether pattern is an ECMA-262 regular expression that
// Translate accepts.
func IsValid(pattern string) bool {
	_, err := Translate(pattern)
	return err == nil
}
