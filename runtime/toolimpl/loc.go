package toolimpl

import (
	"strconv"
	"unicode/utf8"
)

// The bounds of an error's Path and Name, as tool.Error documents them: a
// member name longer than maxKeyLength characters is cut to them and "…",
// so that a huge name the model sent is not echoed back whole, and a
// location longer than maxPathLength bytes keeps its first and last steps
// around "…".
const (
	maxKeyLength  = 64
	maxPathLength = 2048
)

// Loc is where a value lies in the arguments: a chain of member names and
// array indexes back to the arguments themselves (the zero Loc), built on
// the stack as generated code descends and rendered into an Error's Path
// and Name only when an error is reported. Nothing is built or rewritten
// for a valid value, and an error costs its own depth, not the depth of
// every level above it. Nothing keeps a Loc: the Report renders it at once.
//
// It is four words, no more: generated code passes one to nearly every call
// it makes, and each word is code to compile in every decode function.
type Loc struct {
	parent *Loc   // nil at the root
	key    string // a member's name
	index  int    // an item's index; -1 at a member
}

// Key returns the location of the member named k of the object at l.
func (l *Loc) Key(k string) Loc { return Loc{parent: l, key: k, index: -1} }

// Index returns the location of item i of the array at l.
func (l *Loc) Index(i int) Loc { return Loc{parent: l, index: i} }

// maxSteps bounds the steps of a location that a rendering follows: far
// deeper than any validator descends, it stops a chain that a misuse made
// cyclic.
const maxSteps = 1 << 16

// name renders l as a model reads it: coords.lat, tags[0].
func (l Loc) name() string { return string(l.appendTo(nil, true)) }

// writeStep appends the step at to b, as a name or as a JSON Pointer.
func writeStep(b []byte, at *Loc, first, asName bool) []byte {
	if asName {
		return nameStep(b, at, first)
	}
	return pointerStep(b, at)
}

func pointerStep(b []byte, at *Loc) []byte {
	b = append(b, '/')
	if at.index >= 0 {
		return strconv.AppendInt(b, int64(at.index), 10)
	}
	k := shortKey(at.key)
	from := 0 // the bytes of k from here on are not written yet
	for i := 0; i < len(k); i++ {
		if c := k[i]; c == '~' || c == '/' {
			b = append(b, k[from:i]...)
			if c == '~' {
				b = append(b, "~0"...)
			} else {
				b = append(b, "~1"...)
			}
			from = i + 1
		}
	}
	return append(b, k[from:]...)
}

func nameStep(b []byte, at *Loc, first bool) []byte {
	if at.index >= 0 {
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(at.index), 10)
		return append(b, ']')
	}
	if !first {
		b = append(b, '.')
	}
	return append(b, shortKey(at.key)...)
}

// appendTo appends the steps of l from the root to dst. A location longer
// than maxPathLength keeps its first quarter and its last three quarters,
// around "…".
func (l Loc) appendTo(dst []byte, asName bool) []byte {
	// The steps, from l up, on the stack: nothing of the Locs is stored,
	// so that they stay on the stack too.
	var chain [16]*Loc
	n := 0
	for at := &l; at != nil && at.parent != nil; at = at.parent {
		if n == len(chain) {
			return l.appendReversed(dst, asName)
		}
		chain[n] = at
		n++
	}
	b := dst
	for i := n - 1; i >= 0; i-- {
		b = writeStep(b, chain[i], i == n-1, asName)
	}
	if len(b)-len(dst) > maxPathLength {
		return l.elided(dst, asName)
	}
	return b
}

// appendReversed is appendTo for a location of many steps: it walks the
// chain from l up, writing each step reversed, and reverses what it wrote
// at the end.
func (l Loc) appendReversed(dst []byte, asName bool) []byte {
	var scratch [96]byte
	start := len(dst)
	b := dst
	for at := &l; at != nil && at.parent != nil; at = at.parent {
		first := at.parent == nil || at.parent.parent == nil
		s := writeStep(scratch[:0], at, first, asName)
		for j := len(s) - 1; j >= 0; j-- {
			b = append(b, s[j])
		}
		if len(b)-start > maxPathLength {
			return l.elided(dst[:start], asName)
		}
	}
	reverse(b[start:])
	return b
}

// elided appends a location longer than maxPathLength to dst.
func (l Loc) elided(dst []byte, asName bool) []byte {
	n := 0
	for at := &l; at != nil && at.parent != nil && n < maxSteps; at = at.parent {
		n++
	}
	// The length of each step, from the root.
	lens := make([]int, n)
	var scratch [96]byte
	i := n
	for at := &l; i > 0; at = at.parent {
		i--
		lens[i] = len(writeStep(scratch[:0], at, i == 0, asName))
	}
	// The steps [0, head) and [tail, n) are written.
	head, size := 0, 0
	for head < n-1 && size+lens[head] <= maxPathLength/4 {
		size += lens[head]
		head++
	}
	tail := n - 1
	size = lens[n-1]
	for tail > head+1 && size+lens[tail-1] <= maxPathLength*3/4 {
		tail--
		size += lens[tail]
	}
	start := len(dst)
	b := dst
	i = n
	for at := &l; i > 0; at = at.parent {
		i--
		if i >= head && i < tail {
			if i == tail-1 {
				b = append(b, "\xa6\x80\xe2"...) // "…" reversed
			}
			continue
		}
		s := writeStep(scratch[:0], at, i == 0, asName)
		for j := len(s) - 1; j >= 0; j-- {
			b = append(b, s[j])
		}
	}
	reverse(b[start:])
	return b
}

func reverse(b []byte) {
	for x, y := 0, len(b)-1; x < y; x, y = x+1, y-1 {
		b[x], b[y] = b[y], b[x]
	}
}

// shortKey cuts a member name to maxKeyLength characters.
func shortKey(k string) string {
	if len(k) <= maxKeyLength {
		return k
	}
	runes := 0
	for i := range k {
		if runes == maxKeyLength {
			return k[:i] + "…"
		}
		runes++
	}
	return k
}

// keep cuts a text to n bytes at a character boundary, adding "…".
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
