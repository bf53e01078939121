package ecma

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The parser reads a pattern once to count and name its capturing groups
// (scanGroups), then once more to check it, writing the translation as it
// goes when out is set (run). It is iterative: open groups are a stack of
// frames, so deep nesting costs no recursion.

// frameKind is the kind of an open group.
type frameKind uint8

const (
	kindTop        frameKind = iota // the whole pattern
	kindGroup                       // (...), (?:...), (?<name>...), (?ims-ims:...)
	kindLookaround                  // (?=...), (?!...), (?<=...), (?<!...)
)

// frame is an open group.
type frame struct {
	open     int32 // offset of its "(", -1 for the whole pattern
	lastPipe int32 // offset of the last "|" directly inside, -1 if none
	kind     frameKind
	dotAll   bool // the s flag is on inside
}

// The parser keeps the first frames and names in arrays of its own, so
// that validating a pattern allocates nothing unless it nests deeper or has
// more named groups; the rest go to slices.
const (
	stackFrames = 64
	stackNames  = 32
)

type parser struct {
	src string
	pos int
	out *strings.Builder // the translation; nil when only validating

	failed         bool
	errPos, errEnd int
	errKind        Kind
	errMsg         string

	ncap       int // capturing groups in the pattern
	nnames     int // named groups, in order: name(0) ... name(nnames-1)
	nameBuf    [stackNames]groupName
	moreNames  []groupName
	named      int                // named groups met so far by run
	index      map[uint32][]int32 // names by hash, when there are many
	nframes    int                // open groups: frame(0) ... frame(nframes-1)
	frameBuf   [stackFrames]frame
	moreFrames []frame
}

// frame returns the i-th open group; frame(0) is the whole pattern.
func (p *parser) frame(i int) *frame {
	if i < stackFrames {
		return &p.frameBuf[i]
	}
	return &p.moreFrames[i-stackFrames]
}

// name returns the i-th named group.
func (p *parser) name(i int) *groupName {
	if i < stackNames {
		return &p.nameBuf[i]
	}
	return &p.moreNames[i-stackNames]
}

// addName records a named group.
func (p *parser) addName(g groupName) {
	if p.nnames < stackNames {
		p.nameBuf[p.nnames] = g
	} else {
		p.moreNames = append(p.moreNames, g)
	}
	p.nnames++
}

// fail records the first error and returns false.
func (p *parser) fail(pos, end int, kind Kind, msg string) bool {
	if !p.failed {
		p.failed = true
		p.errPos, p.errEnd, p.errKind, p.errMsg = pos, end, kind, msg
	}
	return false
}

// unsupported refuses a valid construct when translating; when only
// validating it is fine.
func (p *parser) unsupported(pos, end int, msg string) bool {
	if p.out == nil {
		return true
	}
	return p.fail(pos, end, Unsupported, msg)
}

// emit writes s to the translation.
func (p *parser) emit(s string) {
	if p.out != nil {
		p.out.WriteString(s)
	}
}

// top returns the innermost open group.
func (p *parser) top() *frame { return p.frame(p.nframes - 1) }

// push opens a group.
func (p *parser) push(open int, kind frameKind, dotAll bool) {
	f := frame{open: int32(open), lastPipe: -1, kind: kind, dotAll: dotAll}
	if p.nframes < stackFrames {
		p.frameBuf[p.nframes] = f
	} else {
		p.moreFrames = append(p.moreFrames[:p.nframes-stackFrames], f)
	}
	p.nframes++
}

// pop closes the innermost group and returns it.
func (p *parser) pop() frame {
	f := *p.top()
	p.nframes--
	return f
}

// run checks (and translates) the pattern.
func (p *parser) run() bool {
	if len(p.src) > 1<<31-1 {
		return p.fail(0, 0, Syntax, "pattern longer than 2 GiB") // offsets are int32
	}
	if !utf8.ValidString(p.src) {
		for i := 0; i < len(p.src); {
			r, n := utf8.DecodeRuneInString(p.src[i:])
			if r == utf8.RuneError && n == 1 {
				return p.fail(i, i+1, Syntax, "invalid UTF-8")
			}
			i += n
		}
	}
	p.scanGroups()
	if p.nnames > stackNames {
		p.index = make(map[uint32][]int32, p.nnames)
		for i := 0; i < p.nnames; i++ {
			h := p.name(i).hash
			p.index[h] = append(p.index[h], int32(i))
		}
	}
	p.push(-1, kindTop, false)
	quantifiable := false // the last term is an atom a quantifier may follow
	for p.pos < len(p.src) {
		start := p.pos
		switch c := p.src[p.pos]; c {
		case '|':
			p.top().lastPipe = int32(p.pos)
			p.emit("|")
			p.pos++
			quantifiable = false
		case '(':
			if !p.openGroup() {
				return false
			}
			quantifiable = false
		case ')':
			if p.nframes == 1 {
				return p.fail(start, start+1, Syntax, "unmatched )")
			}
			f := p.pop()
			p.emit(")")
			p.pos++
			// Lookarounds are not quantifiable in Unicode mode.
			quantifiable = f.kind != kindLookaround
		case '*', '+', '?', '{':
			if !p.quantifier(quantifiable) {
				return false
			}
			quantifiable = false
		case '}':
			return p.fail(start, start+1, Syntax, "lone } (it must be escaped in Unicode mode)")
		case ']':
			return p.fail(start, start+1, Syntax, "lone ] (it must be escaped in Unicode mode)")
		case '^':
			p.emit("^")
			p.pos++
			quantifiable = false
		case '$':
			// Go's $ without the m flag is the end of the text, as ECMA-262's $
			// without the m flag: neither matches before a final newline.
			p.emit("$")
			p.pos++
			quantifiable = false
		case '.':
			if p.top().dotAll {
				p.emit(`(?s:.)`)
			} else {
				p.emit(`[^\n\r\x{2028}\x{2029}]`)
			}
			p.pos++
			quantifiable = true
		case '[':
			if !p.class() {
				return false
			}
			quantifiable = true
		case '\\':
			q, ok := p.atomEscape()
			if !ok {
				return false
			}
			quantifiable = q
		default:
			r, n := utf8.DecodeRuneInString(p.src[p.pos:])
			p.pos += n
			if !p.literal(r, start, false) {
				return false
			}
			quantifiable = true
		}
	}
	if p.nframes > 1 {
		open := int(p.top().open)
		return p.fail(open, open+1, Syntax, "missing )")
	}
	return true
}

// openGroup reads the opening of a group at p.pos.
func (p *parser) openGroup() bool {
	start := p.pos
	s := p.src
	dotAll := p.top().dotAll
	if start+1 >= len(s) || s[start+1] != '?' {
		p.pos++
		p.emit("(")
		p.push(start, kindGroup, dotAll)
		return true
	}
	if start+2 >= len(s) {
		return p.fail(start, start+2, Syntax, "incomplete group")
	}
	switch s[start+2] {
	case ':':
		p.pos += 3
		p.emit("(?:")
		p.push(start, kindGroup, dotAll)
		return true
	case '=', '!':
		p.pos += 3
		p.push(start, kindLookaround, dotAll)
		return p.unsupported(start, start+3, "lookahead: RE2 has no lookaround")
	case '<':
		if start+3 < len(s) && (s[start+3] == '=' || s[start+3] == '!') {
			p.pos += 4
			p.push(start, kindLookaround, dotAll)
			return p.unsupported(start, start+4, "lookbehind: RE2 has no lookaround")
		}
		return p.namedGroup()
	}
	// Modifiers: (?ims-ims:...), ECMA-262 2025.
	const flagI, flagM, flagS = 1, 2, 4
	var add, remove uint8
	dash := false
	i := start + 2
	for ; i < len(s) && s[i] != ':'; i++ {
		var bit uint8
		switch s[i] {
		case 'i':
			bit = flagI
		case 'm':
			bit = flagM
		case 's':
			bit = flagS
		case '-':
			if dash {
				return p.fail(start, i+1, Syntax, "invalid modifiers: two -")
			}
			dash = true
			continue
		default:
			return p.fail(start, i+1, Syntax, "invalid group: (? must be followed by :, =, !, <=, <!, <name> or modifiers and :")
		}
		if (add|remove)&bit != 0 {
			return p.fail(start, i+1, Syntax, "invalid modifiers: a flag appears twice")
		}
		if dash {
			remove |= bit
		} else {
			add |= bit
		}
	}
	if i >= len(s) {
		return p.fail(start, i, Syntax, "incomplete group")
	}
	if add == 0 && remove == 0 {
		return p.fail(start, i+1, Syntax, "invalid modifiers: (?-:...) modifies nothing")
	}
	p.pos = i + 1
	if add&flagS != 0 {
		dotAll = true
	}
	if remove&flagS != 0 {
		dotAll = false
	}
	p.push(start, kindGroup, dotAll)
	if add&flagI != 0 {
		return p.unsupported(start, p.pos, "the i modifier: ECMA-262 and RE2 case folding differ")
	}
	if add&flagM != 0 {
		return p.unsupported(start, p.pos, "the m modifier: ECMA-262's ^ and $ then match at CR, U+2028 and U+2029 too, RE2's at LF only")
	}
	// Removing i or m, which are never on here, changes nothing.
	p.emit("(?:")
	return true
}

// quantifier reads a quantifier at p.pos.
func (p *parser) quantifier(quantifiable bool) bool {
	s := p.src
	start := p.pos
	end := start + 1
	min, max := 0, -1 // max -1: unbounded
	switch s[start] {
	case '*':
	case '+':
		min = 1
	case '?':
		max = 1
	case '{':
		n, i := decimal(s, start+1)
		if i == start+1 {
			return p.fail(start, start+1, Syntax, "lone { (it must be escaped in Unicode mode)")
		}
		min, max = n, n
		if i < len(s) && s[i] == ',' {
			max = -1
			i++
			if m, j := decimal(s, i); j > i {
				max = m
				i = j
			}
		}
		if i >= len(s) || s[i] != '}' {
			return p.fail(start, start+1, Syntax, "lone { (it must be escaped in Unicode mode)")
		}
		end = i + 1
		if max >= 0 && min > max {
			return p.fail(start, end, Syntax, "numbers out of order in {} quantifier")
		}
	}
	if !quantifiable {
		return p.fail(start, end, Syntax, "nothing to repeat")
	}
	lazy := end < len(s) && s[end] == '?'
	p.pos = end
	if lazy {
		p.pos++
	}
	if p.out == nil {
		return true
	}
	if s[start] == '{' {
		if min > 1000 || max > 1000 {
			return p.fail(start, end, Unsupported, "repeat count above 1000, RE2's limit")
		}
		p.emit("{" + strconv.Itoa(min))
		if max != min {
			p.emit(",")
			if max >= 0 {
				p.emit(strconv.Itoa(max))
			}
		}
		p.emit("}")
	} else {
		p.emit(s[start : start+1])
	}
	if lazy {
		p.emit("?")
	}
	return true
}

// decimal reads decimal digits at s[i:], saturating at 1<<30.
func decimal(s string, i int) (n, end int) {
	for end = i; end < len(s) && '0' <= s[end] && s[end] <= '9'; end++ {
		if n < 1<<30 {
			n = n*10 + int(s[end]-'0')
		}
	}
	return n, end
}

// atomEscape reads an escape outside a character class at p.pos.
func (p *parser) atomEscape() (quantifiable, ok bool) {
	s := p.src
	start := p.pos
	if start+1 >= len(s) {
		return false, p.fail(start, start+1, Syntax, `\ at end of pattern`)
	}
	switch c := s[start+1]; c {
	case 'b', 'B':
		p.pos += 2
		// Without the i flag, ECMA-262's word characters are RE2's: ASCII.
		p.emit(s[start : start+2])
		return false, true
	case 'd', 'D', 'w', 'W', 's', 'S':
		p.pos += 2
		p.classEscape(c, false)
		return true, true
	case 'p', 'P':
		return true, p.property(false)
	case 'k':
		if start+2 >= len(s) || s[start+2] != '<' {
			return false, p.fail(start, start+2, Syntax, `\k must be followed by <name>`)
		}
		end, h, good := scanName(s, start+3)
		if end >= len(s) || !good {
			return false, p.fail(start, end, Syntax, `invalid group name in \k<name>`)
		}
		if !p.hasName(int32(start+3), h) {
			return false, p.fail(start, end+1, Syntax, `\k<name> names no group`)
		}
		p.pos = end + 1
		return true, p.unsupported(start, end+1, "backreference: RE2 has no backreferences")
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		n, end := decimal(s, start+1)
		if n > p.ncap {
			return false, p.fail(start, end, Syntax, "backreference to a group that does not exist")
		}
		p.pos = end
		return true, p.unsupported(start, end, "backreference: RE2 has no backreferences")
	}
	r, ok := p.characterEscape(false)
	if !ok {
		return false, false
	}
	return true, p.literal(r, start, false)
}
