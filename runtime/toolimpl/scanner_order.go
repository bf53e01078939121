package toolimpl

import (
	"slices"
	"strconv"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// --- reporting -------------------------------------------------------------------

// Fail reports that the scalar just read breaks the keyword code; expected
// says what the schema requires.
func (s *Scanner) Fail(at Loc, code tool.Code, expected string) {
	if !s.lastRaw {
		s.r.Value(code, at, expected, s.cur)
		return
	}
	if s.r.Full() {
		return
	}
	got, actual := s.shown()
	s.r.Add(at, tool.Error{Code: code, Expected: expected, Got: got, Actual: actual})
}

// shown is the JSON type and the text of the scalar just read from raw
// bytes, as TypeName and Show render the same value. The text is written
// in the Report's: it borrows nothing from the raw bytes.
func (s *Scanner) shown() (got, actual string) {
	switch s.last.kind {
	case jsonscan.String:
		start := s.r.textStart()
		s.r.text = jsonscan.AppendQuoteShort(s.r.text, s.last.text)
		return "string", s.r.since(start)
	case jsonscan.Number:
		start := s.r.textStart()
		s.r.text = append(s.r.text, s.last.text...)
		return numberType(s.last.text), s.r.since(start)
	case jsonscan.Bool:
		return "boolean", strconv.FormatBool(s.last.b)
	}
	return "null", "null"
}

// FailValue reports that v, a whole value Hold returned, breaks the keyword
// code.
func (s *Scanner) FailValue(at Loc, code tool.Code, expected string, v any) {
	s.r.Value(code, at, expected, v)
}

// OneOf reports a value, v, valid against matched of the oneOf schemas, not
// exactly one.
func (s *Scanner) OneOf(at Loc, expected string, matched int, v any) {
	s.r.OneOf(at, expected, matched, v)
}

// Range reports a number the schema accepts that the Go field cannot hold, a
// decode error (see Report.Range).
func (s *Scanner) Range(at Loc, min, max string) {
	if !s.lastRaw {
		s.r.Range(at, min, max, s.cur)
		return
	}
	got, actual := s.shown()
	e := tool.Error{Code: "maximum", Expected: "<= " + max, Got: got, Actual: actual}
	if s.last.f < 0 {
		e.Code, e.Expected = "minimum", ">= "+min
	}
	s.r.addDecode(at, e)
}

// TooDeep reports a value nested deeper than MaxDepth, which it reads.
func (s *Scanner) TooDeep(at Loc) {
	s.Skip()
	s.r.TooDeep(at)
}

// Report returns the Report the Scanner reports into, for generated code
// that checks a whole value (see Any).
func (s *Scanner) Report() *Report { return &s.r }

// Decoding reports whether the Scanner decodes into Go values, rather than
// only validating: generated code allocates the values it keeps only then.
// Once a validation error is reported it does not: the value is not
// returned, and a decode error would not count.
func (s *Scanner) Decoding() bool { return s.decoding() }

func (s *Scanner) decoding() bool { return s.keep && s.r.nvalid == 0 }

// --- order -------------------------------------------------------------------------

func (s *Scanner) groupAt(i int) *group {
	if i < inlineGroups {
		return &s.groups[i]
	}
	return &s.more[i-inlineGroups]
}

func (s *Scanner) top() *group {
	if s.ng == 0 {
		return nil
	}
	return s.groupAt(s.ng - 1)
}

// push opens a group of raw bytes: an object of the declared members of
// shape, a map (shape nil, not array) or an array. Read in every call, it
// is set field by field rather than cleared whole: what only values read
// (obj, list, ...) and a key read only when byKey keep what they held,
// which putScanner lets go of. A pointer is written only when it changes:
// while the garbage collector runs, each write of one costs a barrier.
func (s *Scanner) push(shape *Object, array bool) *group {
	s.step()
	n := s.r.Len()
	g := s.grow()
	if g.shape != shape {
		g.shape = shape
	}
	g.values, g.array, g.last = false, array, -1
	g.min, g.max = None, None
	g.errStart, g.runStart, g.runsStart, g.rank, g.byKey, g.hasCut = n, n, len(s.runs), 0, false, false
	return g
}

// pushValues opens a group of values: an object or array of a map, whose
// caller sets obj or list. Its errors come in order: it has no runs.
func (s *Scanner) pushValues(shape *Object) *group {
	g := s.grow()
	if g.shape != shape {
		g.shape = shape
	}
	g.values, g.array = true, false
	g.next, g.limit, g.toRead = 0, 0, [2]uint64{}
	return g
}

// grow adds a group on top of the open ones.
func (s *Scanner) grow() *group {
	s.ng++
	s.used = max(s.used, s.ng)
	if s.ng > inlineGroups && len(s.more) < s.ng-inlineGroups {
		s.more = append(s.more, group{})
	}
	return s.groupAt(s.ng - 1)
}

// pop closes the top group. The values of an object's members stay in
// vals past its length, overwritten by the next object and cleared by
// putScanner.
func (s *Scanner) pop() {
	if s.ng > 0 {
		if g := s.groupAt(s.ng - 1); g.values && g.shape != nil {
			s.vals = s.vals[:g.vals]
		}
		s.ng--
		if s.r.dead && s.ng <= s.deadAt {
			s.live()
		}
	}
}

// setRun starts a run of the given rank in g, not sorted by key. Without
// errors (a valid call) there is no run to close: only that is inlined. (A
// Report holding a value has non-nil errors: see Report.hold.)
func (s *Scanner) setRun(g *group, rank int) {
	if s.r.errs == nil {
		g.rank, g.byKey = rank, false
		return
	}
	s.newRun(g, rank, false, "")
}

// setKeyRun starts a run of the given rank in g, sorted by key.
func (s *Scanner) setKeyRun(g *group, rank int, key string) {
	if s.r.errs == nil {
		g.rank, g.byKey, g.key = rank, true, key
		return
	}
	s.newRun(g, rank, true, key)
}

// newRun is setRun or setKeyRun once errors were reported, or a value held.
func (s *Scanner) newRun(g *group, rank int, byKey bool, key string) {
	if g.rank == rank && !g.byKey && !byKey {
		return
	}
	s.step()
	switch {
	case s.r.dead && !s.r.deadDecode && s.deadAt < s.ng-1:
		// A run of an outer group is dead, and every run inside it.
	case g.hasCut && (!g.cutDecode || s.r.nvalid == 0) && !after(&g.cut, &run{rank: rank, byKey: byKey, key: key}):
		s.kill(s.ng-1, g.cutDecode)
	case s.r.dead && s.ng-1 <= s.deadAt:
		s.live() // the new run may come before the errors that made it dead
	}
	s.closeRun(g)
	g.rank, g.byKey = rank, byKey
	if byKey {
		g.key = key
	}
}

// step is where the one pass moves on in the raw bytes: to a new group, a
// new run or an array's next item. Errors are compacted there, and only
// there, where no caller holds an index into them.
func (s *Scanner) step() {
	if s.r.holding || len(s.r.errs) >= s.r.compactAt && s.r.limitAtEnd {
		s.stepSlow()
	}
}

func (s *Scanner) stepSlow() {
	if s.r.holding {
		s.r.moved()
	}
	if len(s.r.errs) >= s.r.compactAt && s.r.limitAtEnd {
		s.compact()
	}
}

// kill drops the errors reported from now until the current run of the
// group at level ends: they come after at least limit others.
func (s *Scanner) kill(level int, decode bool) {
	s.r.dead, s.r.deadDecode, s.deadAt = true, decode, level
	s.r.setHalt()
}

// live ends what kill started: errors count again.
func (s *Scanner) live() {
	s.r.dead, s.r.deadDecode = false, false
	s.r.setHalt()
}

// compact drops the errors of a one pass that can no longer be among the
// first limit of the call, so that a call with many errors keeps at most
// limit of them, whatever its size, and reads on in one pass.
//
// The open groups' errors lie root first: each group's closed runs, then
// its current run, which holds the groups opened in it. A closed run is in
// its final order inside; the runs of a group will be sorted by rank and
// key, and a run that comes later can only fall between them. So an error
// that has at least limit errors before it now, counting the runs sorted
// before its own at each level, will have as many at the end: it is
// dropped, and where the current run at some level has limit errors before
// it, so will every error reported in it (dead) until the run ends. A
// group keeps the first of its runs that has limit errors up to its end
// (cut): a run that starts later and sorts after it is dead from its start.
//
// Counting: decode errors count only while there is no validation error
// (see Report.Errors); once there is one, they are dropped.
//
// A compaction costs the errors kept, at most limit, and the open groups;
// the next comes limit errors later. Two arrays of errors take turns.
func (s *Scanner) compact() {
	r := &s.r
	limit := r.limit()
	if s.ng == 0 || s.groupAt(s.ng-1).values {
		return
	}
	decodeOnly := r.nvalid == 0
	mixed := !decodeOnly && r.ndec > 0
	// counted(a, b): the errors in [a, b) that count.
	var sums []int32
	if mixed {
		sums = make([]int32, len(r.errs)+1)
		for i := range r.errs {
			sums[i+1] = sums[i]
			if !r.decode[i] {
				sums[i+1]++
			}
		}
	}
	counted := func(a, b int) int {
		if sums == nil {
			return b - a
		}
		return int(sums[b] - sums[a])
	}
	out := s.spare[:0] // the errors before the compaction before
	if cap(out) < 2*limit+1 {
		out = make(tool.Errors, 0, 2*limit+1)
	}
	kept := 0
	// take appends the errors in [a, b) that count whose place from the
	// first is below limit, from the place at on.
	take := func(a, b, at int) int {
		n := 0
		for i := a; i < b && at+n < limit; i++ {
			if mixed && r.decode[i] {
				continue
			}
			out = append(out, r.errs[i])
			n++
		}
		kept += n
		return n
	}
	runs := s.runs[:0] // written behind where they are read
	dead := -1
	take(0, s.groupAt(0).errStart, 0) // before the groups: in order
	base := counted(0, s.groupAt(0).errStart)
	for i := 0; i < s.ng; i++ {
		g := s.groupAt(i)
		end, runsEnd := len(r.errs), len(s.runs)
		if i+1 < s.ng {
			end, runsEnd = s.groupAt(i+1).errStart, s.groupAt(i+1).runsStart
		}
		closed := s.runs[g.runsStart:runsEnd]
		sortRuns(closed)
		cur := run{rank: g.rank, byKey: g.byKey, key: g.key}
		if g.cutDecode && !decodeOnly {
			g.hasCut = false // decode errors count no more
		}
		split := 0 // the closed runs that come before the current one
		before := base
		for split < len(closed) && !after(&closed[split], &cur) {
			before += counted(closed[split].start, closed[split].end)
			if before >= limit && !g.hasCut {
				g.cut, g.hasCut, g.cutDecode = closed[split], true, decodeOnly
			}
			split++
		}
		prefix := counted(g.runStart, end)
		after := before + prefix + counted(end, len(r.errs))
		if after >= limit && !g.hasCut {
			g.cut, g.hasCut, g.cutDecode = cur, true, decodeOnly
		}
		for j, at := split, after; j < len(closed) && !g.hasCut; j++ {
			if at += counted(closed[j].start, closed[j].end); at >= limit {
				g.cut, g.hasCut, g.cutDecode = closed[j], true, decodeOnly
			}
		}
		g.errStart, g.runsStart = len(out), len(runs)
		at := base
		for j, rn := range closed {
			if j == split {
				at = after
			}
			n := counted(rn.start, rn.end)
			if k := take(rn.start, rn.end, at); k > 0 {
				rn.start, rn.end = len(out)-k, len(out)
				runs = append(runs, rn)
			}
			at += n
		}
		runStart := g.runStart
		g.runStart = len(out)
		take(runStart, end, before)
		if before+prefix >= limit && dead < 0 {
			dead = i
		}
		base = before + prefix
	}
	clear(s.runs[len(runs):])
	s.runs = runs
	if kept < counted(0, len(r.errs)) {
		if decodeOnly {
			r.overDecode = true
		} else {
			r.over = true
		}
	}
	clear(r.errs)
	s.spare, r.errs, r.decode = r.errs, out, nil
	r.nvalid, r.ndec = len(out), 0
	if decodeOnly {
		r.nvalid, r.ndec = 0, len(out)
		r.decode = make([]bool, len(out), cap(out))
		for i := range r.decode {
			r.decode[i] = true
		}
	}
	r.compactAt = len(out) + limit
	if dead >= 0 {
		s.kill(dead, decodeOnly)
	}
}

// closeRun ends the current run of g, if it holds errors.
func (s *Scanner) closeRun(g *group) {
	if n := s.r.Len(); n > g.runStart {
		if s.runs == nil {
			s.runs = make([]run, 0, 8)
		}
		s.runs = append(s.runs, run{rank: g.rank, byKey: g.byKey, key: g.key, start: g.runStart, end: n})
		g.runStart = n
	}
}

// sortRuns sorts runs stably by rank and key, and reports whether any
// moved. An object's few runs are sorted in place, without the generic
// sort's calls through a function value.
func sortRuns(runs []run) bool {
	if len(runs) > 12 {
		if slices.IsSortedFunc(runs, compareRuns) {
			return false
		}
		slices.SortStableFunc(runs, compareRuns)
		return true
	}
	moved := false
	for i := 1; i < len(runs); i++ {
		j := i
		for j > 0 && after(&runs[j-1], &runs[i]) {
			j--
		}
		if j < i {
			r := runs[i]
			copy(runs[j+1:i+1], runs[j:i])
			runs[j] = r
			moved = true
		}
	}
	return moved
}

// after reports whether the run a sorts after b: by rank, and by key
// where both are sorted by key. It is the one definition of the order;
// compareRuns is it for the generic sort.
func after(a, b *run) bool {
	if a.rank != b.rank {
		return a.rank > b.rank
	}
	return a.byKey && b.byKey && a.key > b.key
}

func compareRuns(a, b run) int {
	switch {
	case after(&a, &b):
		return 1
	case after(&b, &a):
		return -1
	}
	return 0
}

// order puts g's errors in the map validator's order: its runs, stably
// sorted by rank and key. When they are in order already nothing moves.
func (s *Scanner) order(g *group) {
	if s.r.Len() == g.errStart && len(s.runs) == g.runsStart {
		return // no errors: nothing to order
	}
	s.closeRun(g)
	runs := s.runs[g.runsStart:]
	if sortRuns(runs) {
		s.permute(g.errStart, runs)
	}
	clear(s.runs[g.runsStart:])
	s.runs = s.runs[:g.runsStart]
}

// permute puts the errors from start on in the order of runs, which cover
// them: each error moves once, along the cycles of the permutation, and
// only once into the Report's errors, the copy that costs (its strings are
// pointers the garbage collector is told of).
func (s *Scanner) permute(start int, runs []run) {
	seg := s.r.errs[start:]
	var kinds []bool // whether each error is a decode error, moved with it
	if s.r.decode != nil {
		kinds = s.r.decode[start:]
	}
	// src[d]: where the error to put at d is; -1 once it is there.
	var small [64]int32
	src := small[:0]
	if len(seg) > len(small) {
		src = make([]int32, 0, len(seg))
	}
	for _, r := range runs {
		for i := r.start; i < r.end; i++ {
			src = append(src, int32(i-start))
		}
	}
	for d := range src {
		if src[d] < 0 || int(src[d]) == d {
			continue
		}
		e, k := seg[d], kinds != nil && kinds[d] // the error at d goes where src names d
		for j := d; ; {
			from := int(src[j])
			src[j] = -1
			if from == d {
				seg[j] = e
				if kinds != nil {
					kinds[j] = k
				}
				break
			}
			seg[j] = seg[from]
			if kinds != nil {
				kinds[j] = kinds[from]
			}
			j = from
		}
	}
}

// --- decoding into Go values ----------------------------------------------------

// Int returns the number n, just read, as an integer field of bounds min
// and max holds it; a number the field cannot hold is a decode error (see
// Range), and 0.
func (s *Scanner) Int(at Loc, n Num, min, max int64) int64 {
	if x, ok := n.Int(min, max); ok {
		return x
	}
	s.Range(at, strconv.FormatInt(min, 10), strconv.FormatInt(max, 10))
	return 0
}

// Uint returns the number n, just read, as an unsigned integer field of
// bound max holds it; a number the field cannot hold is a decode error,
// and 0.
func (s *Scanner) Uint(at Loc, n Num, max uint64) uint64 {
	if x, ok := n.Uint(max); ok {
		return x
	}
	s.Range(at, "0", strconv.FormatUint(max, 10))
	return 0
}

// Float32 returns the number n, just read, rounded as encoding/json rounds
// it into a float32; beyond float32's range it is a decode error, and 0.
func (s *Scanner) Float32(at Loc, n Num) float32 {
	if x, ok := n.Float32(); ok {
		return x
	}
	s.Range(at, "-3.4028234663852886e38", "3.4028234663852886e38")
	return 0
}

// Bytes returns the base64 string v, just read, decoded; when it does not
// decode, a decode error.
func (s *Scanner) Bytes(at Loc, v string) []byte {
	if !s.decoding() {
		return nil
	}
	b, ok := Bytes(v)
	if !ok {
		if !s.lastRaw {
			s.r.Decode(at, "contentEncoding", "a base64 string", s.cur)
			return nil
		}
		got, actual := s.shown()
		s.r.addDecode(at, tool.Error{Code: "contentEncoding", Expected: "a base64 string", Got: got, Actual: actual})
		return nil
	}
	return b
}

// NewMap returns an empty map when s decodes, for a map field; nil when it
// only validates.
func NewMap[M ~map[K]V, K comparable, V any](s *Scanner) M {
	if !s.keep {
		return nil
	}
	return M{}
}

// Is reports whether the next value is of the JSON type kind; otherwise it
// reads the value and reports it as a type error, expected saying what the
// schema requires: for a value a decode function reads, whose own type
// error would name its type alone ("object" where "object or null" is
// expected).
func (s *Scanner) Is(at Loc, kind Kind, expected string) bool {
	if k := s.Kind(); k == kind || k == 0 {
		return true
	}
	if s.vpending {
		s.vpending = false
		s.r.Type(at, expected, s.cur)
		return false
	}
	if s.readRaw() {
		s.typeError(at, expected)
	}
	return false
}

// openRaw reads the opening of an object from the raw bytes; a value of
// another type is reported and read past.
func (s *Scanner) openRaw(at Loc, expected string) bool {
	if !s.readRaw() {
		return false
	}
	c := s.sc.ValueByte() // most often at hand: inlined
	if c == 0 {
		c = s.sc.NextByte()
	}
	if c != '{' {
		s.typeError(at, expected)
		return false
	}
	return s.sc.Object()
}
