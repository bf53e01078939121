package ecma

import (
	"strconv"
	"strings"
	"unicode"
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

// groupName is a named capturing group found by scanGroups.
type groupName struct {
	pos  int32 // offset of its "("; its name, as written, is src[pos+3:end]
	end  int32
	hash uint32
	ok   bool // the name is a valid RegExpIdentifierName
}

// start returns the offset of the group's name.
func (g *groupName) start() int32 { return g.pos + 3 }

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
