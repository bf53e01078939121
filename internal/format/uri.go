package format

// Character classes of RFC 3986 section 2, as bits of uriClass.
const (
	cUnreserved = 1 << iota // ALPHA / DIGIT / "-" / "." / "_" / "~"
	cSubDelim               // "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
	cScheme                 // ALPHA / DIGIT / "+" / "-" / "."

	cPChar = cUnreserved | cSubDelim // plus ":", "@" and pct-encoded, handled apart
)

// uriClass classifies the ASCII bytes; the others are 0.
var uriClass = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= cUnreserved | cScheme
		t[c-'a'+'A'] |= cUnreserved | cScheme
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= cUnreserved | cScheme
	}
	for _, c := range "-._~" {
		t[c] |= cUnreserved
	}
	for _, c := range "!$&'()*+,;=" {
		t[c] |= cSubDelim
	}
	for _, c := range "+-." {
		t[c] |= cScheme
	}
	return t
}()

// URI reports whether s is a URI as RFC 3986 section 3 defines it: a scheme
// (a letter, then letters, digits, "+", "-" or "."), ":", a hierarchical part
// ("//" authority and path, or a path), an optional "?" query and an
// optional "#" fragment, each built from the characters RFC 3986 allows
// there, other octets percent-encoded ("%" and two hex digits). The
// authority is an optional userinfo "@", a host — an IPv6 address or
// IPvFuture in brackets (no zone identifier: RFC 6874 is not part of RFC
// 3986), or a registered name, which covers any dotted quad, so
// "http://999.999.999.999/" is valid — and an optional ":" and decimal
// port. Only ASCII is allowed: an IRI's non-ASCII characters, spaces,
// backslashes, quotes, "<", ">", "{", "}", "|", "^" and "`" must be
// percent-encoded. A relative reference such as "/abc" or "//host/p" is not
// a URI; see URIReference.
func URI(s string) bool {
	n := scheme(s)
	return n > 0 && hierPart(s[n+1:], false)
}

// URIReference reports whether s is a URI-reference as RFC 3986 section
// 4.1 defines it: a URI as URI accepts it, or a relative reference — "//"
// authority and path, an absolute path, a relative path whose first segment
// has no ":" ("./a:b" but not "a:b", which would be read as a scheme), or
// nothing — followed by an optional "?" query and "#" fragment. The empty
// string is a valid (same-document) reference.
func URIReference(s string) bool {
	if n := scheme(s); n > 0 {
		return hierPart(s[n+1:], false)
	}
	return hierPart(s, true)
}

// scheme returns the length of the scheme of s when s starts with one
// followed by ":", otherwise 0.
func scheme(s string) int {
	if s == "" || !isAlpha(s[0]) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == ':':
			return i
		case uriClass[s[i]]&cScheme == 0:
			return 0
		}
	}
	return 0
}

// hierPart checks hier-part [ "?" query ] [ "#" fragment ] after a scheme
// and its colon, or, when relative, relative-part [ "?" query ] [ "#"
// fragment ].
func hierPart(s string, relative bool) bool {
	i := 0
	if len(s) >= 2 && s[0] == '/' && s[1] == '/' {
		end := 2
		for end < len(s) && s[end] != '/' && s[end] != '?' && s[end] != '#' {
			end++
		}
		if !authority(s[2:end]) {
			return false
		}
		i = end
	}
	// The path: path-abempty after an authority, otherwise path-absolute,
	// path-rootless, path-noscheme or path-empty, which all come down to
	// pchars and slashes once "//" has been taken by the authority; a
	// relative path's first segment must not contain ":".
	firstSegment := relative && i == 0
	for i < len(s) && s[i] != '?' && s[i] != '#' {
		c := s[i]
		switch {
		case c == '/':
			firstSegment = false
			i++
		case c == ':' && firstSegment:
			return false
		default:
			n := pchar(s, i)
			if n == 0 {
				return false
			}
			i += n
		}
	}
	if i < len(s) && s[i] == '?' {
		i++
		for i < len(s) && s[i] != '#' {
			n := qchar(s, i)
			if n == 0 {
				return false
			}
			i += n
		}
	}
	if i < len(s) && s[i] == '#' {
		i++
		for i < len(s) {
			n := qchar(s, i)
			if n == 0 {
				return false
			}
			i += n
		}
	}
	return true
}

// pchar returns the length of the pchar at s[i] (1, or 3 for a
// pct-encoded octet), 0 if there is none.
func pchar(s string, i int) int {
	c := s[i]
	switch {
	case uriClass[c]&cPChar != 0, c == ':', c == '@':
		return 1
	case c == '%':
		if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			return 3
		}
	}
	return 0
}

// qchar returns the length of the query or fragment character at s[i]:
// pchar / "/" / "?".
func qchar(s string, i int) int {
	if s[i] == '/' || s[i] == '?' {
		return 1
	}
	return pchar(s, i)
}

// authority checks [ userinfo "@" ] host [ ":" port ].
func authority(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '@' {
			// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
			for j := 0; j < i; {
				if s[j] == '@' {
					return false
				}
				n := pchar(s[:i], j)
				if n == 0 {
					return false
				}
				j += n
			}
			s = s[i+1:]
			break
		}
	}
	i := 0
	if s != "" && s[0] == '[' {
		end := 1
		for end < len(s) && s[end] != ']' {
			end++
		}
		if end == len(s) || !ipLiteral(s[1:end]) {
			return false
		}
		i = end + 1
	} else {
		// reg-name = *( unreserved / pct-encoded / sub-delims ); IPv4address
		// is a special case of it.
		for i < len(s) && s[i] != ':' {
			if s[i] == '@' {
				return false
			}
			n := pchar(s, i)
			if n == 0 {
				return false
			}
			i += n
		}
	}
	if i == len(s) {
		return true
	}
	if s[i] != ':' {
		return false
	}
	for i++; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// ipLiteral checks the inside of an IP-literal: IPv6address / IPvFuture,
// where IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
func ipLiteral(s string) bool {
	if s != "" && (s[0] == 'v' || s[0] == 'V') {
		i := 1
		for i < len(s) && isHex(s[i]) {
			i++
		}
		if i == 1 || i == len(s) || s[i] != '.' || i+1 == len(s) {
			return false
		}
		for i++; i < len(s); i++ {
			if uriClass[s[i]]&cPChar == 0 && s[i] != ':' {
				return false
			}
		}
		return true
	}
	return IPv6(s)
}
