package jsonscan

import (
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// What a stream's snapshot asks the scanner of a document that arrives in
// parts, while it waits for more: the open arrays and objects, what each
// is reading, and the string being read. Nothing here is on the path of a
// document read whole.

// CountAt returns how many members or items the open array or object at
// level has begun.
func (s *Scanner) CountAt(level int) int { return s.frame(level).n }

// Names calls fn with the names of the members the open object at level
// had that no declared member matches (see Undeclared): in the order read,
// then, past the first few, in no order.
func (s *Scanner) Names(level int, fn func(name string)) {
	f := s.frame(level)
	end := len(s.names)
	if level+1 < s.depth {
		end = s.frame(level + 1).names
	}
	for _, n := range s.names[f.names:end] {
		fn(n)
	}
	if f.big != nil && f.big.names != nil {
		for n := range f.big.names {
			if !slices.Contains(s.names[f.names:end], n) {
				fn(n)
			}
		}
	}
}

// Depth returns how many arrays and objects are open.
func (s *Scanner) Depth() int { return s.depth }

// Reading returns what the open array or object at level (0 the outermost)
// is reading: the name of the member whose value is being read, decoded
// (member true), or the index of the item being read (item true); neither
// between two members or items.
func (s *Scanner) Reading(level int) (key string, index int, member, item bool) {
	f := s.frame(level)
	switch f.child {
	case childKey:
		return s.memberName(f), 0, true, false
	case childIndex:
		return "", f.index, false, true
	}
	if level == s.depth-1 && f.n > 0 && f.keyEnd <= s.pos && spaceEnd(s.data[:s.pos], f.keyEnd) == s.pos {
		// A name read, and nothing but white space after it: its ':' and
		// value are to come.
		return s.memberName(f), 0, true, false
	}
	return "", 0, false, false
}

// Seen reports whether the open object at level had the declared member i
// (see Member).
func (s *Scanner) Seen(level, i int) bool {
	f := s.frame(level)
	if i < 64 {
		return f.seen&(1<<i) != 0
	}
	w := (i - 64) / 64
	return f.big != nil && w < len(f.big.seen) && f.big.seen[w]&(1<<(i%64)) != 0
}

// Partial returns the text so far of the string the innermost open object
// is reading as a member's value, decoded, and true; or false when it reads
// no string. data is the document so far: the bytes the scanner has and
// those written after them, which begin with them. The text shares data
// where the string has no escapes; it ends before an escape or a character
// not yet whole.
//
// The scanner keeps what it decoded of the string: a call costs the bytes
// that arrived since the call before, so that a stream snapshotted after
// every fragment of a long string reads each byte once.
func (s *Scanner) Partial(data []byte) (string, bool) {
	if s.depth == 0 || s.err != nil {
		return "", false
	}
	f := s.top
	if f.child != childKey {
		return "", false
	}
	c := &s.part
	if c.key != f.keyEnd {
		*c = partial{key: f.keyEnd, at: f.keyEnd, looked: c.looked}
	}
	if c.start == 0 {
		i := c.at
		for i < len(data) && (isSpace(data[i]) || data[i] == ':') {
			i++
		}
		c.looked += i - c.at
		if c.at = i; i >= len(data) || data[i] != '"' {
			return "", false
		}
		c.start, c.end = i+1, i+1
	}
	return c.decode(data), true
}

// partial is what Partial decoded of the string being read, for the next
// call to go on from.
type partial struct {
	key    int    // the end of the name of the member whose value it is
	at     int    // how far the bytes after the name were looked at
	start  int    // the string's text, after its quote; 0 until it is found
	end    int    // how far the text is decoded, at a whole character
	text   []byte // the text decoded, once it had a byte not kept as is
	looked int    // the bytes looked at since Reset, for tests of the cost
}

// decode decodes the string whose text starts at c.start in data, up to
// its closing quote or the last character whole, going on from c.end.
func (c *partial) decode(data []byte) string {
	start, i := c.start, c.end
	if c.text == nil {
		i = plainEnd(data, i)
		c.looked += i - c.end
		c.end = i
		if i >= len(data) || data[i] == '"' {
			if i == start {
				return ""
			}
			return unsafe.String(&data[start], i-start)
		}
		// Only appended to from here on: the strings returned before,
		// which share it, never change.
		c.text = append(make([]byte, 0, 2*(i-start)+16), data[start:i]...)
	}
	b := c.text
	from := i
loop:
	for i < len(data) {
		ch := data[i]
		switch {
		case ch == '"' || ch < 0x20:
			break loop
		case ch == '\\':
			r, n := partialEscape(data[i:])
			if n == 0 {
				break loop
			}
			b = utf8.AppendRune(b, r)
			i += n
		case ch < utf8.RuneSelf:
			b = append(b, ch)
			i++
		default:
			if !utf8.FullRune(data[i:]) {
				break loop
			}
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n == 1 {
				break loop
			}
			b = append(b, data[i:i+n]...)
			i += n
		}
	}
	c.looked += i - from
	c.text, c.end = b, i
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// partialEscape decodes the escape that p begins with, and how many bytes
// it takes; 0 when p does not hold it whole (or it is not valid).
func partialEscape(p []byte) (rune, int) {
	if len(p) < 2 {
		return 0, 0
	}
	switch p[1] {
	case '"', '\\', '/':
		return rune(p[1]), 2
	case 'b':
		return '\b', 2
	case 'f':
		return '\f', 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'u':
		r, ok := hex(p, 2)
		if !ok {
			return 0, 0
		}
		if !utf16.IsSurrogate(r) {
			return r, 6
		}
		if len(p) < 12 || p[6] != '\\' || p[7] != 'u' {
			return 0, 0
		}
		r2, ok := hex(p, 8)
		if !ok {
			return 0, 0
		}
		if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
			return d, 12
		}
		return utf8.RuneError, 6
	}
	return 0, 0
}

func hex(p []byte, at int) (rune, bool) {
	if len(p) < at+4 {
		return 0, false
	}
	v, err := strconv.ParseUint(string(p[at:at+4]), 16, 32)
	return rune(v), err == nil
}
