package ecma

import (
	"strings"
	"unicode/utf8"
)

// groupName is a named capturing group found by scanGroups.
type groupName struct {
	pos  int32 // offset of its "("; its name, as written, is src[pos+3:end]
	end  int32
	hash uint32
	ok   bool // the name is a valid RegExpIdentifierName
}

// start returns the offset of the group's name.
func (g *groupName) start() int32 { return g.pos + 3 }

// namedGroup reads "(?<name>" at p.pos.
func (p *parser) namedGroup() bool {
	start := p.pos
	k := p.named
	if k >= p.nnames || int(p.name(k).pos) != start {
		// scanGroups found no name here: there is no closing ">".
		return p.fail(start, start+3, Syntax, "invalid group name: missing >")
	}
	p.named++
	g := *p.name(k)
	if !g.ok {
		return p.fail(int(g.start()), int(g.end), Syntax, "invalid group name")
	}
	if j := p.previousName(k); j >= 0 {
		// ECMA-262 2025 allows a duplicate name only when the two groups
		// cannot both participate in a match: they are in different
		// alternatives of the innermost disjunction holding both. That
		// disjunction is the innermost group open now that was open before
		// the earlier group, and they are in different alternatives iff a
		// "|" directly in it comes between them. Checking each group against
		// the previous one of the same name is enough.
		x := p.name(j).pos
		lo, hi := 0, p.nframes-1 // frame(0).open is -1 < x
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if p.frame(mid).open < x {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		if p.frame(lo).lastPipe < x {
			return p.fail(int(g.start()), int(g.end), Syntax, "duplicate group name in the same alternative")
		}
	}
	p.pos = int(g.end) + 1
	p.push(start, kindGroup, p.top().dotAll)
	if p.out != nil {
		name := p.src[g.start():g.end]
		if asciiWord(name) {
			p.emit("(?P<" + name + ">")
		} else {
			p.emit("(") // Go's group names are ASCII; the name does not change what matches
		}
	}
	return true
}

// asciiWord reports whether s is made of ASCII letters, digits and "_".
func asciiWord(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return s != ""
}

// previousName returns the index of the last named group before names[k]
// with the same name, or -1.
func (p *parser) previousName(k int) int {
	g := p.name(k)
	if p.index != nil {
		// The list is in increasing order: start below k.
		list := p.index[g.hash]
		lo, hi := 0, len(list)
		for lo < hi {
			if mid := int(uint(lo+hi) >> 1); int(list[mid]) < k {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		for i := lo - 1; i >= 0; i-- {
			if j := int(list[i]); p.sameName(p.name(j).start(), g.start()) {
				return j
			}
		}
		return -1
	}
	for j := k - 1; j >= 0; j-- {
		if h := p.name(j); h.hash == g.hash && p.sameName(h.start(), g.start()) {
			return j
		}
	}
	return -1
}

// hasName reports whether a group has the name at src[start:] (hash h).
func (p *parser) hasName(start int32, h uint32) bool {
	if p.index != nil {
		for _, j := range p.index[h] {
			if g := p.name(int(j)); g.ok && p.sameName(g.start(), start) {
				return true
			}
		}
		return false
	}
	for i := 0; i < p.nnames; i++ {
		if g := p.name(i); g.ok && g.hash == h && p.sameName(g.start(), start) {
			return true
		}
	}
	return false
}

// sameName compares the valid names written at src[a:] and src[b:], each
// ending with ">", as code points (escapes decoded).
func (p *parser) sameName(a, b int32) bool {
	i, j := int(a), int(b)
	for {
		ea, eb := p.src[i] == '>', p.src[j] == '>'
		if ea || eb {
			return ea && eb
		}
		ra, na, _ := nameRune(p.src, i)
		rb, nb, _ := nameRune(p.src, j)
		if ra != rb {
			return false
		}
		i += na
		j += nb
	}
}

// nameRune decodes one code point of a group name at s[i:]: a character or
// a \u escape.
func nameRune(s string, i int) (r rune, n int, ok bool) {
	if s[i] == '\\' {
		if i+1 < len(s) && s[i+1] == 'u' {
			r, n, ok = unicodeEscape(s, i+1)
			return r, n + 1, ok
		}
		return 0, 1, false
	}
	r, n = utf8.DecodeRuneInString(s[i:])
	return r, n, r != utf8.RuneError || n > 1
}

// scanName reads the group name that starts at s[start:] up to ">" and
// returns the offset of the ">" (len(s) if none), its hash and whether it
// is a valid RegExpIdentifierName.
func scanName(s string, start int) (end int, hash uint32, ok bool) {
	const offset32, prime32 = 2166136261, 16777619
	hash = offset32
	ok = true
	i := start
	for i < len(s) && s[i] != '>' {
		r, n, good := nameRune(s, i)
		if !good || (i == start && !isIDStart(r)) || (i > start && !isIDPart(r)) {
			ok = false
			if j := strings.IndexByte(s[i:], '>'); j >= 0 {
				return i + j, hash, false
			}
			return len(s), hash, false
		}
		hash = (hash ^ uint32(r)) * prime32
		i += n
	}
	return i, hash, ok && i > start && i < len(s)
}

// scanGroups counts the capturing groups and records the named ones,
// skipping escapes and character classes.
func (p *parser) scanGroups() {
	s := p.src
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			for i++; i < len(s) && s[i] != ']'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '(':
			if i+1 >= len(s) || s[i+1] != '?' {
				p.ncap++
				continue
			}
			if i+3 < len(s) && s[i+2] == '<' && s[i+3] != '=' && s[i+3] != '!' {
				end, h, ok := scanName(s, i+3)
				if end >= len(s) {
					continue // no ">": run reports it
				}
				p.ncap++
				p.addName(groupName{pos: int32(i), end: int32(end), hash: h, ok: ok})
			}
		}
	}
}
