package jsonscan

import (
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
