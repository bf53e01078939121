package jsonscan

import "unicode/utf8"

// Bounds of a string checked while it arrives in parts: a streamed call is
// rejected as soon as the string's text so far breaks one, which no later
// byte repairs, rather than at its closing quote. Nothing here is on the
// path of a document read whole.

// Broken says which bound a string broke before its end.
type Broken uint8

const (
	// Unbroken: the string broke no bound (so far).
	Unbroken Broken = iota
	// TooLong: the string has more characters than its most.
	TooLong
	// NoValue: no allowed value begins with the string's text so far.
	NoValue
)

// watch is what the scanner knows of the string being read under bounds,
// kept as it arrives, so that each byte is looked at once whatever the
// split: the characters so far, and the allowed values that begin with
// the text so far.
type watch struct {
	on     bool
	max    int      // the most characters; -1 for no bound
	values []string // the allowed values, sorted; nil for any
	start  int      // the string's first byte, after its quote
	raw    int      // the first byte not looked at yet
	runes  int      // the characters before raw
	n      int      // the bytes of decoded text before raw
	lo, hi int      // values[lo:hi] begin with the decoded text before raw
	broken Broken
}

// StringWithin reads a string as String does. When the document arrives in
// parts (see Start), it also holds the string's text, decoded, to bounds
// while the string arrives: at most max characters (max < 0 for none), as
// utf8.RuneCountInString counts the decoded string, and, when values (in
// sorted order) is not nil, a prefix of one of them. Before the scanner
// asks its Source for more of the string, it looks at the bytes it has
// (an escape once whole), and Broke then reports a bound the text broke;
// the Hint it asks with makes the Source answer as soon as the bytes
// written could break one. The string it returns, and its errors, are
// String's.
func (s *Scanner) StringWithin(max int, values []string) (string, bool) {
	if s.NextByte() != '"' {
		return "", false
	}
	if s.src != nil && !s.ended {
		s.watch = watch{on: true, max: max, values: values, start: s.pos + 1, raw: s.pos + 1, hi: len(values)}
	}
	v, _, ok := s.stringToken()
	s.watch.on, s.watch.broken = false, Unbroken // whole, the caller checks it
	return v, ok
}

// Broke returns the bound the string being read broke, and forgets it:
// Unbroken when it broke none. It is for the Source, while the scanner
// asks it for more of the string.
func (s *Scanner) Broke() Broken {
	b := s.watch.broken
	s.watch.broken = Unbroken
	return b
}

// Bound returns the most characters of the string StringWithin reads.
func (s *Scanner) Bound() int { return s.watch.max }

// PartialString returns the text so far of the string StringWithin reads,
// decoded, up to its last whole character; it costs the string's length.
func (s *Scanner) PartialString() string {
	c := partial{start: s.watch.start, end: s.watch.start}
	return c.decode(s.data)
}

// watchString looks at the bytes of the string that arrived since it last
// did, before the scanner asks for more with hint h, and returns the hint
// to ask with: inside a string held to at most max characters, one that
// lets the Source wait for as many bytes as could not make more.
func (s *Scanner) watchString(h Hint) Hint {
	w := &s.watch
	data := s.data
	i := w.raw
	for i < len(data) && w.broken == Unbroken {
		c := data[i]
		if c == '\\' {
			r, n := partialEscape(data[i:])
			if n == 0 {
				break // not whole yet
			}
			var enc [utf8.UTFMax]byte
			for _, b := range utf8.AppendRune(enc[:0], r) {
				w.match(b)
			}
			w.runes++
			i += n
		} else {
			// The bytes of a character written as it is are its decoded
			// bytes; a character counts at its first byte. Bytes that are
			// not UTF-8 fail the string whatever follows.
			w.match(c)
			if c&0xC0 != 0x80 {
				w.runes++
			}
			i++
		}
		if w.max >= 0 && w.runes > w.max {
			w.broken = TooLong
		}
	}
	w.raw = i
	if w.broken != Unbroken {
		w.on = false
		return h
	}
	if h == InString {
		switch {
		case w.values != nil:
			h = within(1) // any byte may begin no value
		case w.max >= 0:
			// A character takes a byte at least.
			h = within(w.max + 1 - w.runes)
		}
	}
	return h
}

// match narrows the allowed values to those whose byte at w.n is c, and
// counts it. Each value is passed over once for the whole string.
func (w *watch) match(c byte) {
	if w.values == nil || w.broken != Unbroken {
		return
	}
	// values[lo:hi] share their first n bytes: sorted, those whose byte n
	// is c are together, after the value that ends there.
	for w.lo < w.hi && (len(w.values[w.lo]) <= w.n || w.values[w.lo][w.n] < c) {
		w.lo++
	}
	for w.lo < w.hi && w.values[w.hi-1][w.n] > c {
		w.hi--
	}
	w.n++
	if w.lo == w.hi {
		w.broken = NoValue
	}
}
