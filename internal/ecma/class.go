package ecma

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// characterEscape reads a CharacterEscape at p.pos (a "\"), or in a class
// also \b (backspace) and \-.
func (p *parser) characterEscape(inClass bool) (rune, bool) {
	s := p.src
	start := p.pos
	if start+1 >= len(s) {
		return 0, p.fail(start, start+1, Syntax, `\ at end of pattern`)
	}
	c := s[start+1]
	p.pos += 2
	switch c {
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'v':
		return '\v', true
	case 'c':
		if start+2 < len(s) && ('a' <= s[start+2] && s[start+2] <= 'z' || 'A' <= s[start+2] && s[start+2] <= 'Z') {
			p.pos++
			return rune(s[start+2] % 32), true
		}
		return 0, p.fail(start, start+2, Syntax, `\c must be followed by an ASCII letter`)
	case '0':
		if start+2 < len(s) && '0' <= s[start+2] && s[start+2] <= '9' {
			return 0, p.fail(start, start+3, Syntax, "octal escapes are not allowed in Unicode mode")
		}
		return 0, true
	case 'x':
		if start+3 < len(s) && isHex(s[start+2]) && isHex(s[start+3]) {
			p.pos += 2
			return rune(hexVal(s[start+2])<<4 | hexVal(s[start+3])), true
		}
		return 0, p.fail(start, start+2, Syntax, `\x must be followed by two hexadecimal digits`)
	case 'u':
		r, n, ok := unicodeEscape(s, start+1)
		if !ok {
			return 0, p.fail(start, start+2, Syntax, `invalid \u escape`)
		}
		p.pos = start + 1 + n
		return r, true
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/':
		return rune(c), true
	case '-':
		if inClass {
			return '-', true
		}
	case 'b':
		if inClass {
			return '\b', true
		}
	}
	_, n := utf8.DecodeRuneInString(s[start+1:])
	return 0, p.fail(start, start+1+n, Syntax, "invalid escape in Unicode mode")
}

// unicodeEscape reads RegExpUnicodeEscapeSequence at s[i:], s[i] == 'u':
// u{X...}, or uXXXX, joined with a following \uXXXX into one code point
// when they are a surrogate pair. It returns the code point, which may be
// a lone surrogate, and the length read.
func unicodeEscape(s string, i int) (r rune, n int, ok bool) {
	if i+1 < len(s) && s[i+1] == '{' {
		v := 0
		j := i + 2
		for ; j < len(s) && isHex(s[j]); j++ {
			v = v<<4 | hexVal(s[j])
			if v > unicode.MaxRune {
				return 0, 0, false
			}
		}
		if j == i+2 || j >= len(s) || s[j] != '}' {
			return 0, 0, false
		}
		return rune(v), j + 1 - i, true
	}
	v, ok := hex4(s, i+1)
	if !ok {
		return 0, 0, false
	}
	if 0xD800 <= v && v <= 0xDBFF && i+6 < len(s) && s[i+5] == '\\' && s[i+6] == 'u' {
		if w, ok := hex4(s, i+7); ok && 0xDC00 <= w && w <= 0xDFFF {
			return rune((v-0xD800)<<10|(w-0xDC00)) + 0x10000, 11, true
		}
	}
	return rune(v), 5, true
}

// hex4 reads four hexadecimal digits at s[i:].
func hex4(s string, i int) (int, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	v := 0
	for j := i; j < i+4; j++ {
		if !isHex(s[j]) {
			return 0, false
		}
		v = v<<4 | hexVal(s[j])
	}
	return v, true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func hexVal(c byte) int {
	switch {
	case c <= '9':
		return int(c - '0')
	case c >= 'a':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}

// literal writes the code point r, read from src[start:p.pos].
func (p *parser) literal(r rune, start int, inClass bool) bool {
	if 0xD800 <= r && r <= 0xDFFF {
		return p.unsupported(start, p.pos, "lone surrogate: a Go string cannot hold one, so no translation matches the same strings")
	}
	if p.out != nil {
		writeRune(p.out, r)
	}
	return true
}

// writeRune writes r as an RE2 literal, usable in and out of classes.
func writeRune(b *strings.Builder, r rune) {
	switch {
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '_', r == ' ':
		b.WriteByte(byte(r))
	case 0x20 < r && r < 0x7F:
		b.WriteByte('\\')
		b.WriteByte(byte(r))
	case r >= 0x80 && unicode.IsPrint(r) && !unicode.Is(unicode.M, r):
		b.WriteRune(r)
	default:
		b.WriteString(`\x{`)
		b.WriteString(strconv.FormatInt(int64(r), 16))
		b.WriteString("}")
	}
}

// class reads a character class at p.pos.
func (p *parser) class() bool {
	s := p.src
	start := p.pos
	p.pos++
	negated := p.pos < len(s) && s[p.pos] == '^'
	if negated {
		p.pos++
	}
	if p.pos < len(s) && s[p.pos] == ']' {
		p.pos++
		if negated {
			p.emit(`[\x00-\x{10FFFF}]`) // [^] matches any code point
		} else {
			p.emit(`[^\x00-\x{10FFFF}]`) // [] matches nothing
		}
		return true
	}
	if negated {
		p.emit("[^")
	} else {
		p.emit("[")
	}
	for {
		if p.pos >= len(s) {
			return p.fail(start, start+1, Syntax, "unterminated character class")
		}
		if s[p.pos] == ']' {
			p.pos++
			break
		}
		atom := p.pos
		a, aSet, ok := p.classAtom()
		if !ok {
			return false
		}
		if p.pos+1 < len(s) && s[p.pos] == '-' && s[p.pos+1] != ']' {
			p.pos++
			b, bSet, ok := p.classAtom()
			if !ok {
				return false
			}
			if aSet || bSet {
				return p.fail(atom, p.pos, Syntax, "a class escape such as \\d cannot be the end of a range in Unicode mode")
			}
			if a > b {
				return p.fail(atom, p.pos, Syntax, "range out of order in character class")
			}
			if (0xD800 <= a && a <= 0xDFFF) || (0xD800 <= b && b <= 0xDFFF) {
				if !p.unsupported(atom, p.pos, "lone surrogate: a Go string cannot hold one, so no translation matches the same strings") {
					return false
				}
			}
			if p.out != nil {
				writeRune(p.out, a)
				p.emit("-")
				writeRune(p.out, b)
			}
			continue
		}
		if !aSet && !p.literal(a, atom, true) {
			return false
		}
	}
	p.emit("]")
	return true
}

// classAtom reads a ClassAtom at p.pos: a code point, or a class escape
// (set true), which it writes to the translation at once.
func (p *parser) classAtom() (r rune, set, ok bool) {
	s := p.src
	if s[p.pos] != '\\' {
		r, n := utf8.DecodeRuneInString(s[p.pos:])
		p.pos += n
		return r, false, true
	}
	if p.pos+1 < len(s) {
		switch c := s[p.pos+1]; c {
		case 'd', 'D', 'w', 'W', 's', 'S':
			p.pos += 2
			p.classEscape(c, true)
			return 0, true, true
		case 'p', 'P':
			return 0, true, p.property(true)
		}
	}
	r, ok = p.characterEscape(true)
	return r, false, ok
}

// classEscape writes \d, \D, \w, \W, \s or \S.
func (p *parser) classEscape(c byte, inClass bool) {
	if p.out == nil {
		return
	}
	switch c {
	case 'd':
		p.emit(bracket("0-9", inClass, false))
	case 'D':
		p.emit(bracket("0-9", inClass, true))
	case 'w':
		p.emit(bracket("0-9A-Z_a-z", inClass, false))
	case 'W':
		p.emit(bracket("0-9A-Z_a-z", inClass, true))
	case 's', 'S':
		p.writeSet(goProperty{ranges: whiteSpace()}, c == 'S', inClass)
	}
}

// bracket returns class items as they go in a class, or as a class.
func bracket(items string, inClass, negated bool) string {
	switch {
	case !negated && inClass:
		return items
	case !negated:
		return "[" + items + "]"
	case !inClass:
		return "[^" + items + "]"
	}
	// Negated items inside a class: RE2's \D and \W are the ASCII ones.
	if items == "0-9" {
		return `\D`
	}
	return `\W`
}

// property reads \p{...} or \P{...} at p.pos and writes it.
func (p *parser) property(inClass bool) bool {
	s := p.src
	start := p.pos
	negated := s[start+1] == 'P'
	if start+2 >= len(s) || s[start+2] != '{' {
		return p.fail(start, start+2, Syntax, `\p and \P must be followed by {property}`)
	}
	end := strings.IndexByte(s[start+3:], '}')
	if end < 0 {
		return p.fail(start, start+3, Syntax, `unterminated \p{...}`)
	}
	end += start + 3
	expr := s[start+3 : end]
	kind, canon := lookupProperty(expr, strings.IndexByte(expr, '='))
	if kind == propNone {
		return p.fail(start, end+1, Syntax, "unknown Unicode property name or value")
	}
	p.pos = end + 1
	if p.out == nil {
		return true
	}
	gp := goPropertyFor(kind, canon)
	if gp.unsupported != "" {
		return p.fail(start, end+1, Unsupported, gp.unsupported)
	}
	p.writeSet(gp, negated, inClass)
	return true
}

// writeSet writes a set of code points, or its complement.
func (p *parser) writeSet(gp goProperty, negated, inClass bool) {
	if gp.name != "" {
		if negated {
			p.emit(`\P{` + gp.name + "}")
		} else {
			p.emit(`\p{` + gp.name + "}")
		}
		return
	}
	rs := gp.ranges
	if inClass && negated {
		rs = complement(rs)
	}
	if len(rs) == 0 {
		switch {
		case inClass:
			p.emit(`\P{Any}`) // an item that adds nothing
		case negated:
			p.emit(`[\x00-\x{10FFFF}]`)
		default:
			p.emit(`[^\x00-\x{10FFFF}]`)
		}
		return
	}
	if !inClass {
		if negated {
			p.emit("[^")
		} else {
			p.emit("[")
		}
	}
	for _, r := range rs {
		writeRune(p.out, r.lo)
		if r.hi != r.lo {
			if r.hi > r.lo+1 {
				p.emit("-")
			}
			writeRune(p.out, r.hi)
		}
	}
	if !inClass {
		p.emit("]")
	}
}
