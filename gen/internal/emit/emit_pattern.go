package emit

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/internal/ecma"
)

// patternMatch returns how to test a string against an ECMA-262 pattern: a
// loop for a simple anchored run such as ^[a-z0-9_-]+$ (a regexp call costs
// more than a whole validation), else a regexp compiled once, at package
// initialization, from the pattern translated to RE2.
func (e *emitter) patternMatch(p, at string) (func(s jen.Code) jen.Code, bool) {
	if name, ok := e.patterns[p]; ok {
		return patternCall(name, strings.HasPrefix(name, "!")), true
	}
	re2, err := ecma.Translate(p)
	if err != nil {
		e.fail(at, "pattern %q cannot be checked in Go: %v", p, err)
		return nil, false
	}
	name := e.global(e.nameAt(at, "Pattern"))
	if run, ok := parseRun(p); ok {
		e.patterns[p] = "!" + name
		e.vars = append(e.vars, run.emit(name, p))
		return patternCall("!"+name, true), true
	}
	if seq, ok := parseSeq(p); ok {
		e.patterns[p] = "!" + name
		e.vars = append(e.vars, seq.emit(name, p))
		return patternCall("!"+name, true), true
	}
	e.patterns[p] = name
	e.vars = append(e.vars, jen.Commentf("%s matches the pattern %q, translated to RE2.", name, p).Line().
		Var().Id(name).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(re2)))
	return patternCall(name, false), true
}

// nameAt is the base of the name of a package-level helper (a pattern, an
// enum's table) first made for the schema at the location at, a JSON
// Pointer fragment (#/properties/tags/items/pattern), and suffix says what
// it is: named after the last property or definition the location lies
// under (tagsPattern), else after the tool or type of the schema
// (getWeatherArgsPattern); in a schema file, whose package may hold others,
// after both (outlineMailPattern). A file interns its helpers by content,
// so the name is that of the first use; scope.global makes it unique.
func (e *emitter) nameAt(at, suffix string) string {
	segs := strings.Split(strings.TrimPrefix(strings.TrimPrefix(at, "#"), "/"), "/")
	name := ""
	for i := 0; i+1 < len(segs); i++ {
		switch segs[i] {
		case "properties", "$defs", "definitions":
			i++
			seg := strings.NewReplacer("~1", "/", "~0", "~").Replace(segs[i])
			// The type of a definition, without its package.
			if dot := strings.LastIndexByte(seg, '.'); segs[i-1] != "properties" && dot >= 0 {
				seg = seg[dot+1:]
			}
			if w := lowerFirst(Camel(seg)); len(w) <= 24 {
				name = w
			}
		}
	}
	switch {
	case name == "":
		name = e.prefix
	case e.scope.shared:
		name = e.prefix + upperFirst(name)
	}
	return lowerFirst(name + suffix)
}

func patternCall(name string, loop bool) func(s jen.Code) jen.Code {
	if loop {
		fn := strings.TrimPrefix(name, "!")
		return func(s jen.Code) jen.Code { return jen.Id(fn).Call(s) }
	}
	return func(s jen.Code) jen.Code { return jen.Id(name).Dot("MatchString").Call(s) }
}

// runPattern is a pattern ^C{min,max}$ for a character class C: a string
// matches when it is min to max characters of C.
type runPattern struct {
	ranges []runeRange // C, sorted and merged
	negate bool        // C is everything but ranges
	min    int
	max    int // -1: no bound
}

type runeRange struct{ lo, hi rune }

// parseRun recognizes ^ATOM QUANTIFIER$ where ATOM is a class [...], \d, \w,
// a dot or a literal character and QUANTIFIER is +, *, ?, {n}, {n,} or
// {n,m} (or none). Anything else is left to regexp.
func parseRun(p string) (runPattern, bool) {
	var r runPattern
	if len(p) < 3 || p[0] != '^' || p[len(p)-1] != '$' {
		return r, false
	}
	body := p[1 : len(p)-1]
	if strings.HasSuffix(body, `\`) {
		return r, false
	}
	rest, ok := r.atom(body)
	if !ok {
		return r, false
	}
	if r.min, r.max, rest, ok = quantifier(rest); !ok || rest != "" {
		return r, false
	}
	r.ranges = mergeRanges(r.ranges)
	return r, len(r.ranges) > 0
}

// quantifier reads the quantifier at the start of s, if any, and returns
// the bounds it sets and the rest: +, *, ?, {n}, {n,} or {n,m}, or none
// (exactly one). A lazy quantifier, or one quantifier after another, is not
// read.
func quantifier(s string) (min, max int, rest string, ok bool) {
	min, max, rest = 1, 1, s
	switch {
	case s == "":
		return min, max, rest, true
	case s[0] == '+':
		max, rest = -1, s[1:]
	case s[0] == '*':
		min, max, rest = 0, -1, s[1:]
	case s[0] == '?':
		min, rest = 0, s[1:]
	case s[0] == '{':
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return 0, 0, s, false
		}
		inner := s[1:end]
		rest = s[end+1:]
		lo, hi, comma := strings.Cut(inner, ",")
		n, err := strconv.Atoi(lo)
		if err != nil || n < 0 || !isDigits(lo) || n > 1<<20 {
			return 0, 0, s, false
		}
		min, max = n, n
		if comma {
			max = -1
			if hi != "" {
				m, err := strconv.Atoi(hi)
				if err != nil || !isDigits(hi) || m < n || m > 1<<20 {
					return 0, 0, s, false
				}
				max = m
			}
		}
	default:
		return min, max, rest, true
	}
	if rest != "" && strings.ContainsRune("+*?{", rune(rest[0])) {
		return 0, 0, s, false
	}
	return min, max, rest, true
}

// seqPattern is a pattern ^R1 R2 ... Rn$ of runs of ASCII classes (a
// literal character, an escaped one, a class, \d or \w, each with a
// quantifier) that a string can match in one way only: each run of
// variable length but the last is followed by a run of at least one
// character of a class disjoint from its own, so that the run takes every
// character of its class it meets, and a loop per run checks the string
// without backtracking.
type seqPattern []runPattern

// parseSeq recognizes a seqPattern of two runs or more.
func parseSeq(p string) (seqPattern, bool) {
	if len(p) < 3 || p[0] != '^' || p[len(p)-1] != '$' {
		return nil, false
	}
	body := p[1 : len(p)-1]
	if strings.HasSuffix(body, `\`) {
		return nil, false
	}
	var q seqPattern
	for body != "" {
		var r runPattern
		var rest string
		var ok bool
		switch {
		case body[0] == '/':
			r.ranges, rest, ok = []runeRange{{'/', '/'}}, body[1:], true
		case body[0] == '\\' && len(body) > 1 && strings.IndexByte(escapedLiterals, body[1]) >= 0:
			r.ranges, rest, ok = []runeRange{{rune(body[1]), rune(body[1])}}, body[2:], true
		default:
			rest, ok = r.atom(body)
		}
		if !ok || r.negate {
			return nil, false
		}
		if r.min, r.max, body, ok = quantifier(rest); !ok {
			return nil, false
		}
		r.ranges = mergeRanges(r.ranges)
		if len(r.ranges) == 0 || r.ranges[len(r.ranges)-1].hi >= utf8.RuneSelf {
			return nil, false
		}
		q = append(q, r)
	}
	if len(q) < 2 {
		return nil, false
	}
	for k := 0; k+1 < len(q); k++ {
		if q[k].min != q[k].max && (q[k+1].min < 1 || overlap(q[k].ranges, q[k+1].ranges)) {
			return nil, false
		}
	}
	return q, true
}

// literal reports whether the run is one character, of one value.
func (r runPattern) literal() bool {
	return r.min == 1 && r.max == 1 && len(r.ranges) == 1 && r.ranges[0].lo == r.ranges[0].hi
}

// overlap reports whether two sets of ranges share a character.
func overlap(a, b []runeRange) bool {
	for _, x := range a {
		for _, y := range b {
			if x.lo <= y.hi && y.lo <= x.hi {
				return true
			}
		}
	}
	return false
}

// emit renders the sequence as a function of a string, byte by byte (its
// classes are ASCII: a byte of a multi-byte character is in none of them).
func (q seqPattern) emit(name, pattern string) jen.Code {
	i, s := jen.Id("i"), jen.Id("s")
	c := jen.Id("s").Index(jen.Id("i"))
	variable := false
	for _, r := range q {
		variable = variable || r.min != r.max
	}
	var body []jen.Code
	if variable {
		body = append(body, jen.List(jen.Id("i"), jen.Id("n")).Op(":=").List(jen.Lit(0), jen.Lit(0)))
	} else {
		body = append(body, jen.Id("i").Op(":=").Lit(0))
	}
	fail := jen.Return(jen.False())
	for k := 0; k < len(q); k++ {
		r := q[k]
		// Literal characters in a row: one prefix.
		lit := ""
		for ; k < len(q) && q[k].literal(); k++ {
			lit += string(q[k].ranges[0].lo)
		}
		if len(lit) > 1 {
			body = append(body,
				jen.If(jen.Op("!").Qual("strings", "HasPrefix").Call(jen.Add(s).Index(jen.Add(i).Op(":")), jen.Lit(lit))).Block(fail),
				jen.Add(i).Op("+=").Lit(len(lit)))
			k--
			continue
		}
		k -= len(lit)
		switch {
		case r.min == 1 && r.max == 1:
			body = append(body,
				jen.If(jen.Add(i).Op(">=").Len(s).Op("||").Op("!").Parens(r.in(c))).Block(fail),
				jen.Add(i).Op("++"))
		case r.min == r.max:
			body = append(body,
				jen.If(jen.Len(s).Op("-").Add(i).Op("<").Lit(r.min)).Block(fail),
				jen.For(jen.Id("end").Op(":=").Add(i).Op("+").Lit(r.min), jen.Add(i).Op("<").Id("end"), jen.Add(i).Op("++")).Block(
					jen.If(jen.Op("!").Parens(r.in(c))).Block(fail)))
		default:
			body = append(body, jen.For(jen.Id("n").Op("=").Lit(0), jen.Add(i).Op("<").Len(s).Op("&&").Parens(r.in(c)), jen.Id("n").Op("++")).Block(
				jen.Add(i).Op("++")))
			var bad jen.Code
			if r.min > 0 {
				bad = jen.Id("n").Op("<").Lit(r.min)
			}
			if r.max >= 0 {
				long := jen.Id("n").Op(">").Lit(r.max)
				if bad == nil {
					bad = long
				} else {
					bad = jen.Add(bad).Op("||").Add(long)
				}
			}
			if bad != nil {
				body = append(body, jen.If(bad).Block(fail))
			}
		}
	}
	body = append(body, jen.Return(jen.Add(i).Op("==").Len(s)))
	return jen.Commentf("%s reports whether s matches the pattern %q, compiled to a loop per run.", name, pattern).Line().
		Add(notInlined()).Func().Id(name).Params(jen.Id("s").String()).Bool().Block(body...)
}

// notInlined is the directive that keeps a pattern's loop out of the decode
// functions that call it: inlined in each, it made a package of many tools
// slow to build (see docs/performance.md), for a call that costs a
// nanosecond.
func notInlined() *jen.Statement {
	return jen.Comment("//").Line().Comment("//go:noinline").Line()
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

var (
	digitRanges = []runeRange{{'0', '9'}}
	wordRanges  = []runeRange{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	// ECMA-262's dot matches anything but a line terminator.
	lineTerminators = []runeRange{{'\n', '\n'}, {'\r', '\r'}, {0x2028, 0x2029}}
)

// escapedLiterals are the characters an escape makes literal.
const escapedLiterals = `\]-[^./$*+?(){}|`

// atom reads the atom at the start of s and returns the rest.
func (r *runPattern) atom(s string) (string, bool) {
	switch {
	case strings.HasPrefix(s, `\d`):
		r.ranges = digitRanges
		return s[2:], true
	case strings.HasPrefix(s, `\w`):
		r.ranges = wordRanges
		return s[2:], true
	case strings.HasPrefix(s, "."):
		r.ranges, r.negate = lineTerminators, true
		return s[1:], true
	case strings.HasPrefix(s, "["):
		return r.class(s[1:])
	}
	c, size := utf8.DecodeRuneInString(s)
	if c == utf8.RuneError || strings.ContainsRune(`\^$.*+?()[]{}|/`, c) {
		return s, false
	}
	r.ranges = []runeRange{{c, c}}
	return s[size:], true
}

// class reads a character class after its [ and returns what follows its ].
func (r *runPattern) class(s string) (string, bool) {
	if strings.HasPrefix(s, "^") {
		r.negate = true
		s = s[1:]
	}
	first := true
	for {
		if s == "" {
			return s, false
		}
		if s[0] == ']' && !first {
			return s[1:], true
		}
		first = false
		lo, rest, isClass, ok := classChar(s)
		if !ok {
			return s, false
		}
		if isClass != nil {
			r.ranges = append(r.ranges, isClass...)
			s = rest
			continue
		}
		hi := lo
		// A range a-z; a - before ] is a literal.
		if strings.HasPrefix(rest, "-") && len(rest) > 1 && rest[1] != ']' {
			h, after, hClass, ok := classChar(rest[1:])
			if !ok || hClass != nil || h < lo {
				return s, false
			}
			hi, rest = h, after
		}
		r.ranges = append(r.ranges, runeRange{lo, hi})
		s = rest
	}
}

// classChar reads one member of a class: a character, or \d or \w.
func classChar(s string) (c rune, rest string, class []runeRange, ok bool) {
	if s[0] == '\\' {
		if len(s) < 2 {
			return 0, s, nil, false
		}
		switch s[1] {
		case 'd':
			return 0, s[2:], digitRanges, true
		case 'w':
			return 0, s[2:], wordRanges, true
		}
		if strings.IndexByte(escapedLiterals, s[1]) >= 0 {
			return rune(s[1]), s[2:], nil, true
		}
		return 0, s, nil, false
	}
	c, size := utf8.DecodeRuneInString(s)
	if c == utf8.RuneError || c == '[' || c == ']' {
		return 0, s, nil, false
	}
	return c, s[size:], nil, true
}

func mergeRanges(rs []runeRange) []runeRange {
	rs = append([]runeRange{}, rs...)
	sort.Slice(rs, func(i, j int) bool { return rs[i].lo < rs[j].lo })
	var out []runeRange
	for _, x := range rs {
		if n := len(out); n > 0 && x.lo <= out[n-1].hi+1 {
			if x.hi > out[n-1].hi {
				out[n-1].hi = x.hi
			}
			continue
		}
		out = append(out, x)
	}
	return out
}

// in is the condition that c (a byte or a rune) is in the ranges.
func (r runPattern) in(c jen.Code) jen.Code {
	var cond jen.Code
	for _, x := range r.ranges {
		var term jen.Code
		if x.lo == x.hi {
			term = jen.Add(c).Op("==").LitRune(x.lo)
		} else {
			term = jen.LitRune(x.lo).Op("<=").Add(c).Op("&&").Add(c).Op("<=").LitRune(x.hi)
		}
		if cond == nil {
			cond = term
		} else {
			cond = jen.Add(cond).Op("||").Add(term)
		}
	}
	return cond
}

// emit renders the run as a function of a string. An ASCII class is checked
// byte by byte: a byte of a multi-byte character is never in it, so the
// length in bytes is the length in characters. Other classes are checked
// rune by rune, an invalid byte reading as U+FFFD, as regexp reads it.
func (r runPattern) emit(name, pattern string) jen.Code {
	ascii := !r.negate && r.ranges[len(r.ranges)-1].hi < utf8.RuneSelf
	var body []jen.Code
	lengthOK := func(n jen.Code) jen.Code {
		var cond jen.Code
		if r.min > 0 {
			cond = jen.Add(n).Op(">=").Lit(r.min)
		}
		if r.max >= 0 {
			c := jen.Add(n).Op("<=").Lit(r.max)
			if cond == nil {
				cond = c
			} else {
				cond = jen.Add(cond).Op("&&").Add(c)
			}
		}
		return cond
	}
	if ascii {
		var short jen.Code
		if r.min > 0 {
			short = jen.Len(jen.Id("s")).Op("<").Lit(r.min)
		}
		if r.max >= 0 {
			long := jen.Len(jen.Id("s")).Op(">").Lit(r.max)
			if short == nil {
				short = long
			} else {
				short = jen.Add(short).Op("||").Add(long)
			}
		}
		if short != nil {
			body = append(body, jen.If(short).Block(jen.Return(jen.False())))
		}
		body = append(body,
			jen.For(jen.Id("i").Op(":=").Lit(0), jen.Id("i").Op("<").Len(jen.Id("s")), jen.Id("i").Op("++")).Block(
				jen.Id("c").Op(":=").Id("s").Index(jen.Id("i")),
				jen.If(jen.Op("!").Parens(r.in(jen.Id("c")))).Block(jen.Return(jen.False())),
			),
			jen.Return(jen.True()))
	} else {
		var fail jen.Code = jen.Op("!").Parens(r.in(jen.Id("c")))
		if r.negate {
			fail = r.in(jen.Id("c"))
		}
		cond := lengthOK(jen.Id("n"))
		counted := cond != nil
		loop := []jen.Code{jen.If(fail).Block(jen.Return(jen.False()))}
		if counted {
			loop = append(loop, jen.Id("n").Op("++"))
			body = append(body, jen.Id("n").Op(":=").Lit(0))
		}
		body = append(body, jen.For(jen.List(jen.Id("_"), jen.Id("c")).Op(":=").Range().Id("s")).Block(loop...))
		if counted {
			body = append(body, jen.Return(cond))
		} else {
			body = append(body, jen.Return(jen.True()))
		}
	}
	return jen.Commentf("%s reports whether s matches the pattern %q, compiled to a loop.", name, pattern).Line().
		Add(notInlined()).Func().Id(name).Params(jen.Id("s").String()).Bool().Block(body...)
}
