package format

import "unicode/utf8"

// URITemplate reports whether s is a URI Template as RFC 6570 section 2
// defines it, at level 4: literals and expressions "{" [operator]
// varspec *("," varspec) "}". An operator is one of "+#./;?&" or the
// reserved "=,!@|" (the ABNF admits them); a varname is ALPHA, DIGIT, "_"
// or percent-encoded triplets, with single dots between them; a varspec may
// end in "*" or in ":" and a length of 1 to 9999 without a leading zero.
// Literals are the URI characters and the non-ASCII ucschar and iprivate
// of RFC 3987, "%" only in a percent-encoded triplet; a space, a control
// character, '"', "<", ">", "\", "^", "`", "{", "|" and "}" are not
// literals. The apostrophe is, as RFC 3986 and JSON Schema's test suite
// read it, though RFC 6570's ABNF leaves it out. s must be valid UTF-8.
func URITemplate(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			n := expression(s[i+1:])
			if n == 0 {
				return false
			}
			i += n + 1
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
			i += 3
		case c < utf8.RuneSelf:
			if !templateLiteral[c] {
				return false
			}
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError || !ucsOrPrivate(r) {
				return false
			}
			i += size
		}
	}
	return true
}

// templateLiteral is true for the ASCII bytes that are literals of a URI
// template by themselves: %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D
// / %x5F / %x61-7A / %x7E.
var templateLiteral = func() (t [utf8.RuneSelf]bool) {
	for c := 0x21; c <= 0x7e; c++ {
		t[c] = true
	}
	for _, c := range "\"%<>\\^`{|}" {
		t[c] = false
	}
	return t
}()

// ucsOrPrivate reports whether a non-ASCII rune is a ucschar or an
// iprivate of RFC 3987.
func ucsOrPrivate(r rune) bool {
	switch {
	case r < 0xa0:
		return false
	case r < 0x10000:
		return r <= 0xd7ff || 0xe000 <= r && r <= 0xfdcf || 0xfdf0 <= r && r <= 0xffef
	}
	// Planes 1 to 16 but their last two code points, and but
	// U+E0000-U+E0FFF (tags and variation selectors).
	return r&0xffff <= 0xfffd && !(0xe0000 <= r && r <= 0xe0fff)
}

// expression returns the length of the expression at the start of s,
// after its "{", up to and with its "}"; 0 if there is none.
func expression(s string) int {
	i := 0
	if i < len(s) && isOperator(s[i]) {
		i++
	}
	for {
		// varname = varchar *( ["."] varchar )
		start := i
		for {
			n := varchar(s, i)
			if n == 0 {
				if i == start || s[i-1] == '.' {
					return 0
				}
				break
			}
			i += n
			if i < len(s) && s[i] == '.' {
				i++
			}
		}
		// modifier-level4 = prefix / explode
		if i < len(s) && s[i] == '*' {
			i++
		} else if i < len(s) && s[i] == ':' {
			i++
			if i >= len(s) || s[i] < '1' || s[i] > '9' {
				return 0
			}
			digits := 1
			for i++; i < len(s) && isDigit(s[i]); i++ {
				if digits++; digits > 4 {
					return 0
				}
			}
		}
		if i >= len(s) {
			return 0
		}
		switch s[i] {
		case '}':
			return i + 1
		case ',':
			i++
		default:
			return 0
		}
	}
}

// varchar returns the length of the varchar at s[i] (1, or 3 for a
// percent-encoded triplet), 0 if there is none.
func varchar(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	c := s[i]
	switch {
	case isAlpha(c), isDigit(c), c == '_':
		return 1
	case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
		return 3
	}
	return 0
}

// isOperator reports whether c is an operator of an expression: level 2
// "+#", level 3 "./;?&", or reserved "=,!@|".
func isOperator(c byte) bool {
	switch c {
	case '+', '#', '.', '/', ';', '?', '&', '=', ',', '!', '@', '|':
		return true
	}
	return false
}
