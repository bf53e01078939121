package jsonscan

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// --- scalars -------------------------------------------------------------------

// String reads a string and returns it decoded, or reports false and reads
// nothing when the next value is not a string. The string is borrowed: it
// shares memory with the input or with the scanner, and is valid until the
// next call that reads a string. Clone it to keep it.
func (s *Scanner) String() (string, bool) {
	c := s.first()
	if c == 0 {
		c = s.NextByte()
	}
	if c != '"' {
		return "", false
	}
	v, _, ok := s.stringToken()
	return v, ok
}

// Number reads a number and returns its literal, or reports false and
// reads nothing when the next value is not a number. The literal follows
// JSON's grammar and lies within float64's range; it is borrowed like a
// String.
func (s *Scanner) Number() (string, bool) {
	c := s.first()
	if c == 0 {
		c = s.NextByte()
	}
	if kinds[c] != Number {
		return "", false
	}
	n, ok := s.number()
	return n.Lit, ok
}

// Num is a number the scanner read: its literal and, for a short one, the
// float64 it computed while reading it.
type Num struct {
	Lit string // borrowed like a String
	// F is strconv.ParseFloat(Lit, 64), bit for bit, when Short: the
	// literal has at most 15 digits and no exponent, so that its digits
	// make an integer m below 2^53 and it is ±m / 10^k, both exact in a
	// float64, and the one division rounds correctly. Otherwise F is 0.
	F     float64
	Short bool
	Int   bool // Short, without a fraction: F is the integer exactly
}

// NumberValue reads a number as Number does, and returns it with its
// float64 when it is short (see Num): a short literal is parsed as it is
// read, the others are left to strconv.
func (s *Scanner) NumberValue() (Num, bool) {
	c := s.first()
	if c == 0 {
		c = s.NextByte()
	}
	if kinds[c] != Number {
		return Num{}, false
	}
	return s.number()
}

// Bool reads true or false, or reports ok false and reads nothing when the
// next value is not a boolean.
func (s *Scanner) Bool() (v, ok bool) {
	c := s.first()
	if c == 0 {
		c = s.NextByte()
	}
	if kinds[c] != Bool {
		return false, false
	}
	if c == 't' {
		return true, s.literal("true")
	}
	return false, s.literal("false")
}

// Null reads null, or reports false and reads nothing when the next value
// is not null.
func (s *Scanner) Null() bool {
	return s.Peek() == Null && s.literal("null")
}

// Skip reads the next value, whatever it is, checking it like any other,
// and returns its kind; Invalid when it is not JSON. For a number, Literal
// returns its literal.
func (s *Scanner) Skip() Kind {
	if s.err != nil {
		return Invalid
	}
	k := s.Peek()
	var ok bool
	switch k {
	case Object:
		if !s.Object() {
			return Invalid
		}
		for s.Next() {
			if s.Undeclared() {
				s.Skip()
			}
		}
		s.End()
		ok = s.err == nil
	case Array:
		if !s.Array() {
			return Invalid
		}
		for s.NextItem() {
			s.Skip()
		}
		s.End()
		ok = s.err == nil
	case String:
		_, _, ok = s.stringToken()
	case Number:
		var n Num
		n, ok = s.number()
		s.num = n.Lit
	case Bool:
		_, ok = s.Bool()
	case Null:
		ok = s.Null()
	default:
		ok = s.unexpected("a value")
	}
	if !ok {
		return Invalid
	}
	return k
}

// Literal returns the literal of the last number Skip read, borrowed.
func (s *Scanner) Literal() string { return s.num }

func (s *Scanner) literal(word string) bool {
	for i := 0; i < len(word); i++ {
		if s.pos >= len(s.data) && !s.fill(wordHint(word[i:])) || s.data[s.pos] != word[i] {
			return s.unexpected("the literal " + word)
		}
		s.pos++
	}
	return true
}

// number reads a number at s.pos, which is '-' or a digit.
func (s *Scanner) number() (Num, bool) {
	// Most numbers are short and end in the bytes the scanner has: read
	// and parsed here, in one pass; the others by longNumber.
	data, start := s.data, s.pos
	i := start
	if data[i] == '-' {
		i++
	}
	var m uint64
	from := i
	if i < len(data) && data[i] == '0' {
		i++
	} else {
		for i < len(data) && data[i]-'0' <= 9 {
			m = m*10 + uint64(data[i]-'0')
			i++
		}
		if i == from {
			return s.longNumber()
		}
	}
	n, frac := i-from, 0
	if i < len(data) && data[i] == '.' {
		i++
		at := i
		for i < len(data) && data[i]-'0' <= 9 {
			m = m*10 + uint64(data[i]-'0')
			i++
		}
		if frac = i - at; frac == 0 {
			return s.longNumber()
		}
		n += frac
	}
	// What follows must be in data, and be no exponent ('e' or 'E').
	if i >= len(data) || data[i]|0x20 == 'e' || n > 15 {
		return s.longNumber()
	}
	f := float64(m) // exact: m < 10^15 < 2^53
	if frac > 0 {
		f /= pow10[frac]
	}
	if data[start] == '-' {
		f = -f // -0 too
	}
	s.pos = i
	return Num{Lit: unsafe.String(&data[start], i-start), F: f, Short: true, Int: frac == 0}, true
}

// pow10 are the powers of ten up to 10^15, which a float64 holds exactly.
var pow10 = [16]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15}

// longNumber is number for the numbers that are not short, or do not end
// in the bytes the scanner has, or do not follow the grammar.
func (s *Scanner) longNumber() (Num, bool) {
	start := s.pos
	if s.data[s.pos] == '-' {
		s.pos++
	}
	intDigits := 1
	if s.avail() && s.data[s.pos] == '0' {
		s.pos++
	} else if intDigits = s.digits(); intDigits == 0 {
		return Num{}, s.unexpected("a digit")
	}
	if s.avail() && s.data[s.pos] == '.' {
		s.pos++
		if s.digits() == 0 {
			return Num{}, s.unexpected("a digit after the decimal point")
		}
	}
	exponent := false
	if s.avail() && (s.data[s.pos] == 'e' || s.data[s.pos] == 'E') {
		s.pos++
		if s.avail() && (s.data[s.pos] == '+' || s.data[s.pos] == '-') {
			s.pos++
		}
		if s.digits() == 0 {
			return Num{}, s.unexpected("a digit in the exponent")
		}
		exponent = true
	}
	lit := unsafe.String(&s.data[start], s.pos-start)
	// Below 1e308 a number without exponent is surely finite; parse the
	// others to find out.
	if exponent || intDigits > 308 {
		if f, err := strconv.ParseFloat(lit, 64); err != nil && math.IsInf(f, 0) {
			s.pos = start
			s.fail(true, "the number "+shortNumber(lit)+" is out of range: a number must lie within ±1.7976931348623157e308")
			s.err.Code = CodeBadNumber
			return Num{}, false
		}
	}
	return Num{Lit: lit}, true
}

func (s *Scanner) digits() int {
	start := s.pos
	for {
		data, i := s.data, s.pos
		for i < len(data) && data[i]-'0' <= 9 {
			i++
		}
		s.pos = i
		if i < len(data) || !s.fill(InDigits) {
			return s.pos - start
		}
	}
}

// plain marks the bytes a string holds as they are: printable ASCII but the
// quote and the backslash.
var plain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// stringToken reads a string at s.pos, which is a '"', and reports whether
// it had escapes.
func (s *Scanner) stringToken() (v string, esc, ok bool) {
	data := s.data
	start := s.pos + 1
	for i := start; ; {
		i = plainEnd(data, i)
		if i >= len(data) {
			s.pos = i
			if !s.fill(InString) {
				break
			}
			data = s.data // more of the string
			if src, ok := s.src.(PlainSource); ok {
				i = max(i, src.PlainTo()) // checked as it arrived
			}
			continue
		}
		switch c := data[i]; {
		case c == '"':
			s.pos = i + 1
			if i == start {
				return "", false, true
			}
			return unsafe.String(&data[start], i-start), false, true
		case c == '\\':
			s.pos = i
			v, ok = s.escaped(start)
			return v, true, ok
		case c < 0x20:
			s.pos = i
			return "", false, s.fail(false, "a control character must be escaped in a string")
		default:
			s.pos = i
			s.fullRune()
			data = s.data
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				return "", false, s.fail(true, "a string holds invalid UTF-8")
			}
			i += size
		}
	}
	return "", false, s.unexpected("the end of the string")
}

// plainEnd returns the index of the first byte of data from i on that a
// string does not hold as it is (a quote, a backslash, a control character
// or a byte of a multi-byte character), or len(data). It reads eight bytes
// at a time.
func plainEnd(data []byte, i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for i+8 <= len(data) {
		w := binary.LittleEndian.Uint64(data[i:])
		q, bs := w^(ones*'"'), w^(ones*'\\')
		// A high bit where a byte is zero in q or bs, or below 0x20 in w,
		// or is 0x80 and up: exact at the lowest such byte, below which
		// no subtraction borrows. (The high bit of a byte of q-ones,
		// bs-ones or w-ones*0x20 is also set where the byte of w is 0x80
		// and up, which | w flags anyway.)
		if m := ((q - ones) | (bs - ones) | (w - ones*0x20) | w) & highs; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(data) && plain[data[i]] {
		i++
	}
	return i
}

// str reads a string at s.pos, which is a '"'.
func (s *Scanner) str() (string, bool) {
	v, _, ok := s.stringToken()
	return v, ok
}

// escaped decodes the rest of a string that has an escape at s.pos into
// s.buf.
func (s *Scanner) escaped(start int) (string, bool) {
	b := append(s.buf[:0], s.data[start:s.pos]...)
	defer func() { s.buf = b }()
	for s.availFor(InString) {
		c := s.data[s.pos]
		switch {
		case c == '"':
			s.pos++
			if len(b) == 0 {
				return "", true
			}
			return unsafe.String(&b[0], len(b)), true
		case c == '\\':
			s.pos++
			if !s.avail() {
				return "", s.unexpected("an escape sequence")
			}
			e := s.data[s.pos]
			s.pos++
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, ok := s.hex4()
				if !ok {
					return "", false
				}
				if utf16.IsSurrogate(r) {
					if r >= 0xDC00 || !s.avail() || s.data[s.pos] != '\\' || !s.availAt(1) || s.data[s.pos+1] != 'u' {
						return "", s.fail(true, "a string holds a lone UTF-16 surrogate escape")
					}
					s.pos += 2
					r2, ok := s.hex4()
					if !ok {
						return "", false
					}
					if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
						return "", s.fail(true, "a string holds a lone UTF-16 surrogate escape")
					}
				}
				b = utf8.AppendRune(b, r)
			default:
				s.pos--
				return "", s.fail(false, "invalid escape sequence \\"+string(rune(e)))
			}
		case c < 0x20:
			return "", s.fail(false, "a control character must be escaped in a string")
		case c < utf8.RuneSelf:
			b = append(b, c)
			s.pos++
		default:
			s.fullRune()
			r, size := utf8.DecodeRune(s.data[s.pos:])
			if r == utf8.RuneError && size == 1 {
				return "", s.fail(true, "a string holds invalid UTF-8")
			}
			b = append(b, s.data[s.pos:s.pos+size]...)
			s.pos += size
		}
	}
	return "", s.unexpected("the end of the string")
}

func (s *Scanner) hex4() (rune, bool) {
	var r rune
	for i := 0; i < 4; i++ {
		if !s.avail() {
			return 0, s.unexpected("a hexadecimal digit")
		}
		c := s.data[s.pos]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, s.unexpected("a hexadecimal digit")
		}
		r = r<<4 | rune(c)
		s.pos++
	}
	return r, true
}
