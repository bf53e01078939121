// Package ecma reads the regular expressions of JSON Schema, which are
// ECMA-262 patterns evaluated with the "u" flag (draft 2020-12 section
// 6.4), for a Go program, whose regexp package implements RE2 syntax.
//
// Translate rewrites a pattern into an RE2 pattern that matches the same
// strings, and refuses, with an *Error, what RE2 cannot express or would
// read differently. IsValid reports whether a string is an ECMA-262 pattern
// at all, which is what the "regex" format asks; it accepts what Translate
// refuses (a lookahead is a valid pattern) and allocates nothing.
//
// The grammar is ECMA-262 2025 (section 22.2.1) in Unicode mode without the
// "v" flag: no Annex B leniency (so "\a", a lone "{" or "]", "\1" without a
// first group and "[\d-z]" are errors), named groups with duplicate names
// only in different alternatives, and modifier groups such as (?i:...).
package ecma

import (
	"fmt"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// Kind tells a pattern that is not ECMA-262 from one RE2 cannot express.
type Kind int

const (
	// Syntax: the pattern is not a valid ECMA-262 regular expression.
	Syntax Kind = iota + 1
	// Unsupported: the pattern is valid, but RE2 (Go's regexp) cannot
	// express it, or would give it another meaning.
	Unsupported
)

func (k Kind) String() string {
	switch k {
	case Syntax:
		return "invalid ECMA-262 pattern"
	case Unsupported:
		return "unsupported"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Error is why Translate refused a pattern.
type Error struct {
	Pattern string // the ECMA-262 pattern
	Offset  int    // byte offset in Pattern where the problem starts
	Token   string // the text at Offset the problem is about
	Kind    Kind
	Msg     string // what the problem is
}

func (e *Error) Error() string {
	return fmt.Sprintf("regular expression %q at offset %d (%q): %s: %s", e.Pattern, e.Offset, e.Token, e.Kind, e.Msg)
}

// IsValid reports whether pattern is a valid ECMA-262 regular expression in
// Unicode mode, the "regex" format of JSON Schema. Unsupported features
// (lookaround, backreferences) are valid; syntax errors, Annex B forms,
// references to groups that do not exist and unknown Unicode property names
// are not, nor is a string that is not valid UTF-8.
//
// IsValid allocates nothing for patterns with at most 32 named groups and 64
// levels of nested groups; beyond that it allocates memory in proportion to
// them.
func IsValid(pattern string) bool {
	var p parser
	p.src = pattern
	return p.run()
}

// Translate returns an RE2 pattern (Go regexp syntax) that matches the
// same strings as the ECMA-262 pattern, as JSON Schema's "pattern" uses it:
// unanchored, in Unicode mode. It translates:
//
//   - \d, \D, \w, \W, \b and \B with ECMA-262's ASCII meaning (so \d is
//     [0-9], not Unicode digits, and \w does not match "é");
//   - \s and \S with ECMA-262's white space: TAB, LF, VT, FF, CR, space,
//     U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F,
//     U+3000 and U+FEFF;
//   - "." as any code point but the line terminators LF, CR, U+2028 and
//     U+2029 (RE2's "." only excludes LF), or any code point inside (?s:...);
//   - "$" as the end of the input (RE2's "$" without the m flag, which
//     never matches before a final newline);
//   - character classes, including [] (matches nothing) and [^] (anything);
//   - \uXXXX, \u{X...}, surrogate pairs (\uD83D\uDE00 is U+1F600), \xHH,
//     \cX, \0, \t, \n, \v, \f, \r and escaped syntax characters and "/";
//   - \p{...} and \P{...}: General_Category values, Script values and the
//     binary properties Go's unicode tables hold or derive (Alphabetic,
//     ID_Start, White_Space, ...), with Go's Unicode version;
//   - named groups (?<name>...), as (?P<name>...) when the name is ASCII;
//   - quantifiers, greedy or lazy, with counts up to 1000 (RE2's limit).
//
// It refuses, with an *Error of Kind Unsupported: lookahead and lookbehind,
// backreferences (\1, \k<name>), the i and m modifiers (case folding and
// multi-line anchors differ between the engines), Script_Extensions and
// the binary properties Go has no data for (Emoji, ...), lone surrogates,
// which cannot occur in a Go string, counts above 1000, and patterns RE2
// rejects as too large. An invalid pattern gives an *Error of Kind Syntax.
func Translate(pattern string) (re2 string, err error) {
	// Validate first, so that a pattern that is both invalid and
	// untranslatable is reported as invalid.
	var v parser
	v.src = pattern
	if !v.run() {
		return "", v.error()
	}
	var p parser
	var b strings.Builder
	p.src = pattern
	p.out = &b
	if !p.run() {
		return "", p.error()
	}
	out := b.String()
	if _, err := syntax.Parse(out, syntax.Perl); err != nil {
		return "", &Error{Pattern: pattern, Token: pattern, Kind: Unsupported,
			Msg: "Go's regexp rejects the translation " + fmt.Sprintf("%q (%v)", out, err)}
	}
	return out, nil
}

// error returns the parser's error as an *Error.
func (p *parser) error() *Error {
	end := p.errEnd
	if end > len(p.src) {
		end = len(p.src)
	}
	if end <= p.errPos {
		end = p.errPos
		if end < len(p.src) {
			_, n := utf8.DecodeRuneInString(p.src[end:])
			end += n
		}
	}
	return &Error{Pattern: p.src, Offset: p.errPos, Token: p.src[p.errPos:end], Kind: p.errKind, Msg: p.errMsg}
}
