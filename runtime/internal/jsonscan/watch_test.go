package jsonscan

import (
	"strings"
	"testing"
)

// byteSource gives a document one byte at a time, and records, at each
// More, the bound the string broke (asked before it waits) and the hint.
type byteSource struct {
	s      *Scanner
	doc    []byte
	n      int
	broken []Broken // at each More: the bytes so far were doc[:n]
	at     []int
	hints  []Hint
}

func (b *byteSource) More(h Hint) ([]byte, bool) {
	if k := b.s.Broke(); k != Unbroken {
		b.broken, b.at = append(b.broken, k), append(b.at, b.n)
	}
	b.hints = append(b.hints, h)
	if b.n == len(b.doc) {
		return b.doc, false
	}
	b.n++
	return b.doc[:b.n], true
}

// TestStringWithin: a string is found to break its bounds at the byte that
// completes the character (its first byte, for one written as it is) past
// max, or that no allowed value continues with, and never before; the
// string read is String's.
func TestStringWithin(t *testing.T) {
	values := []string{"c", "create", "f", "overwrite"} // sorted
	for _, c := range []struct {
		doc    string
		max    int
		values []string
		want   Broken
		at     int // the bytes written when it is found
	}{
		{`"abc"`, 3, nil, Unbroken, 0},
		{`"abcd"`, 3, nil, TooLong, 5},
		{`"ab\u00e9"`, 3, nil, Unbroken, 0},
		{`"abc\u00e9"`, 3, nil, TooLong, 10},
		{`"ab\ud83d\ude00"`, 3, nil, Unbroken, 0},
		{`"abc\ud83d\ude00"`, 3, nil, TooLong, 16},
		{`"abcé"`, 3, nil, TooLong, 5}, // é's first byte
		{`"ééé"`, 3, nil, Unbroken, 0},
		{`"ab\n\tc"`, 4, nil, TooLong, 8},
		{`"c"`, -1, values, Unbroken, 0},
		{`"cr"`, -1, values, Unbroken, 0},
		{`"cx"`, -1, values, NoValue, 3},
		{`"cc"`, -1, values, NoValue, 3},
		{`"createx"`, -1, values, NoValue, 8},
		{`"x"`, -1, values, NoValue, 2},
		{`"over"`, -1, values, Unbroken, 0},
		{`"\u0063r"`, -1, values, Unbroken, 0},
		{`"\u0063x"`, -1, values, NoValue, 8},
		{`"\u0078"`, -1, values, NoValue, 7},
		{`"é"`, -1, []string{"è"}, NoValue, 3}, // the second byte differs
		{`""`, -1, values, Unbroken, 0},
	} {
		src := &byteSource{doc: []byte(c.doc)}
		var s Scanner
		src.s = &s
		s.Start(nil, src)
		v, ok := s.StringWithin(c.max, c.values)
		whole := Scanner{}
		whole.Reset([]byte(c.doc))
		want, _ := whole.String()
		if !ok || v != want {
			t.Errorf("%s: read %q %v, want %q", c.doc, v, ok, want)
		}
		switch {
		case c.want == Unbroken && len(src.broken) > 0:
			t.Errorf("%s: broken %v at %d, want unbroken", c.doc, src.broken, src.at)
		case c.want != Unbroken && (len(src.broken) != 1 || src.broken[0] != c.want || src.at[0] != c.at):
			t.Errorf("%s: broken %v at %v, want %v at %d", c.doc, src.broken, src.at, c.want, c.at)
		}
	}
}

// TestHintBudget: inside a string of at most max characters, plain bytes
// extend it until they could make it longer.
func TestHintBudget(t *testing.T) {
	h, ok := within(3).Extend([]byte("ab"))
	if !ok || h.Extends([]byte("c")) {
		t.Error("3 bytes of a string of 2 characters more at most extend it")
	}
	h = InString
	if !h.Extends([]byte("abcdefghijklmnopqrstuvwxyz")) || h.Extends([]byte(`"`)) {
		t.Error("a string without bounds")
	}
}

// TestHintExtend: what each hint lets a Source wait through, whatever the
// split of the bytes: whether they only extend what the scanner reads, and,
// in a string, how many of the last begin a character not yet whole.
func TestHintExtend(t *testing.T) {
	for _, c := range []struct {
		h          Hint
		p          string
		ok         bool
		incomplete int
	}{
		{InString, "abc", true, 0},
		{InString, "été", true, 0},
		{InString, "\xc3", true, 1},
		{InString, "a\xe2\x82", true, 2},
		{InString, "\xf0\x9f\x98", true, 3},
		{InString, "\xf0\x9f\x98\x80z", true, 0},
		{InString, "\x80", false, 0},
		{InString, "\xc3(", false, 0},
		{InString, "\xc0\x80", false, 0},
		{InString, "\xe0\x80\x80", false, 0},
		{InString, "\xed\xa0\x80", false, 0},
		{InString, "\xf4\x90\x80\x80", false, 0},
		{InString, "\xf5", false, 0},
		{InString, "é\"", false, 0},
		{InString, "\xc3\\", false, 0},
		{within(3), "éa", false, 0}, // 3 bytes could make one character too many
		{within(4), "é\xc3", true, 1},
		{wordHint("rue"), "ru", true, 0},
		{wordHint("rue"), "rue", false, 0}, // completes it
		{wordHint("rue"), "x", false, 0},
		{wordHint("alse"), "als", true, 0},
		{wordHint("e"), "e", false, 0},
		{wordHint("e"), "\x00", false, 0}, // no letter is left to extend it
		{wordHint("rue"), "ru\x00", false, 0},
		{inInt, "12.5e+10", true, 0},
		{inInt, "1.e", false, 0},
		{inInt, "1..", false, 0},
		{inInt, "1e5.", false, 0},
		{inInt, "1e+-", false, 0},
		{inInt, "1e5e", false, 0},
		{inInt, "1,", false, 0},
		{InDigits, "12", true, 0},
		{InDigits, ".", false, 0},
		{inFrac0, "e", false, 0},
		{inFrac, "5E-3", true, 0},
	} {
		h, ok := c.h.Extend([]byte(c.p))
		if ok != c.ok || ok && h.Incomplete() != c.incomplete {
			t.Errorf("%#x %q: %v, %d incomplete; want %v, %d", c.h, c.p, ok, h.Incomplete(), c.ok, c.incomplete)
		}
		// Byte by byte, the same.
		h, ok = c.h, true
		for i := 0; i < len(c.p) && ok; i++ {
			h, ok = h.Extend([]byte(c.p[i : i+1]))
		}
		if ok != c.ok || ok && h.Incomplete() != c.incomplete {
			t.Errorf("%#x %q byte by byte: %v, %d incomplete; want %v, %d", c.h, c.p, ok, h.Incomplete(), c.ok, c.incomplete)
		}
	}
}

// TestDigitsHint: the part of a number the scanner waits in, told from the
// bytes before its digits.
func TestDigitsHint(t *testing.T) {
	for _, c := range []struct {
		data string
		want Hint
	}{
		{`{"a":12`, inInt},
		{`[-3`, inInt},
		{`7`, inInt},
		{`{"a":1.`, inFrac0},
		{`{"a":1.25`, inFrac},
		{`{"a":1e`, InDigits},
		{`{"a":1E5`, InDigits},
		{`{"a":1e-`, InDigits},
		{`{"a":1.5e+0`, InDigits},
		{`{"a":-`, InDigits},
		{`[` + strings.Repeat("9", 40), InDigits}, // too far back to tell
	} {
		if got := digitsHint([]byte(c.data)); got != c.want {
			t.Errorf("%s: %d, want %d", c.data, got, c.want)
		}
	}
}
