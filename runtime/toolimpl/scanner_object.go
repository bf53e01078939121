package toolimpl

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/internal/value"
	"github.com/toolgen-go/toolgen/internal/words"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// --- objects -------------------------------------------------------------------

// Object reads an object of the declared members of shape, and reports its
// missing and unexpected members (see Scanner). Read its members with
// Next.
func (s *Scanner) Object(at Loc, shape *Object, expected string) bool {
	if s.vpending {
		s.vpending = false
		obj, ok := value.Object(s.cur)
		if !ok {
			s.r.Type(at, expected, s.cur)
			return false
		}
		g := s.pushValues(shape)
		g.obj = obj
		s.members(at, g)
		return true
	}
	if !s.openRaw(at, expected) {
		return false
	}
	s.push(shape, false)
	return true
}

// members reads the declared members of an object of values, and reports
// its missing and its unexpected members, before any error of its members.
// It looks each declared name up, which measured faster than going over
// the map (a Go map's iteration costs more per member than a lookup), and
// goes over the map only when it holds undeclared members.
func (s *Scanner) members(at Loc, g *group) {
	shape := g.shape
	names := shape.names
	if s.vals == nil {
		s.vals = s.valsBuf[:0]
	}
	g.vals = len(s.vals)
	s.vals = append(s.vals, make([]any, len(names))...)
	s.valsHigh = max(s.valsHigh, len(s.vals))
	vals := s.vals[g.vals:]
	found := 0
	for i, name := range names {
		v, ok := g.obj[name]
		if !ok {
			continue
		}
		vals[i] = v
		found++
		// To read, unless null and absent when null.
		if u := uint(i); u < 128 && (!shape.nullAbsent[i] || !isNull(v)) {
			g.toRead[u/64] |= 1 << (u % 64)
		}
	}
	for j, i := range shape.required {
		if !g.has(i) {
			s.r.Add(at.Key(names[i]), tool.Error{Code: tool.CodeMissing, Expected: shape.expected[j]})
		}
	}
	if len(g.obj) > found {
		s.unexpectedValues(at, g, len(g.obj)-found)
	}
}

// isNull is value.IsNull, inlined for the values encoding/json makes.
func isNull(v any) bool {
	switch v.(type) {
	case nil:
		return true
	case string, float64, bool:
		return false
	}
	return value.IsNull(v)
}

// unexpectedValues reports the n undeclared members of an object of values,
// by name: sorted lazily (see KeysInOrder), so that a Report that fills
// after a few costs time linear in n.
func (s *Scanner) unexpectedValues(at Loc, g *group, n int) {
	var buf [8]string
	keys := buf[:0]
	if n > len(buf) {
		keys = make([]string, 0, n)
	}
	for k := range g.obj {
		if g.shape.find(k, -1) < 0 {
			keys = append(keys, k)
		}
	}
	for k := range inOrder(keys) {
		s.r.Add(at.Key(k), tool.Error{Code: tool.CodeUnexpected, Got: value.TypeName(g.obj[k])})
		if s.r.Full() {
			break
		}
	}
}

// has reports whether the declared member i of an object of values is
// present, for a required member (which is read even when null).
func (g *group) has(i int) bool {
	if i < 128 {
		return g.toRead[i/64]&(1<<(i%64)) != 0
	}
	_, ok := g.obj[g.shape.names[i]]
	return ok
}

// nextValue is Next in an object of values: the members present, but
// those that are not required and are null.
func (s *Scanner) nextValue(g *group) int {
	s.vpending = false
	if !s.r.Full() {
		for w := range g.toRead {
			if b := g.toRead[w]; b != 0 {
				g.toRead[w] = b & (b - 1)
				i := w*64 + bits.TrailingZeros64(b)
				s.cur, s.vpending = s.vals[g.vals+i], true
				return i
			}
		}
		// Past the first 128 members, which the bits do not hold.
		for g.next = max(g.next, 128); g.next < len(g.shape.names); {
			i := g.next
			g.next++
			if v := s.vals[g.vals+i]; g.has(i) && (!g.shape.nullAbsent[i] || !isNull(v)) {
				s.cur, s.vpending = v, true
				return i
			}
		}
	}
	s.pop()
	return -1
}

// Next moves to the next declared member of the object Object opened and
// returns its index in the shape's members, whose value the caller then
// reads; or closes the object and returns -1. A member that is not required
// and is null is absent: Next goes past it. Reading raw bytes, Next reports
// the unexpected members it meets, and, at the end, the missing ones.
func (s *Scanner) Next(at Loc) int {
	g := s.top()
	if g == nil {
		return -1
	}
	if g.values {
		return s.nextValue(g)
	}
	s.skipRaw()
	for {
		if !s.sc.Next() {
			if s.sc.Err() == nil {
				s.closeObject(at, g)
				s.sc.End()
			}
			break
		}
		k := s.sc.Key()
		i := g.shape.find(k, g.last+1)
		if i < 0 {
			if !s.unexpected(at, g) {
				break
			}
			continue
		}
		if !s.sc.Member(i) {
			break
		}
		if g.shape.nullAbsent[i] {
			c := s.sc.ValueByte() // most often at hand: inlined
			if c == 0 {
				c = s.sc.NextByte()
			}
			if c == 'n' { // null: absent
				s.sc.Null()
				continue
			}
		}
		g.last = i
		s.setRun(g, rankMembers+i)
		s.bpending = true
		return i
	}
	s.pop()
	return -1
}

// unexpected reads an undeclared member of raw bytes and reports it.
// It is reported as soon as its name is read, before its value, which may be
// long: whatever follows, the member is there (a streamed call is rejected
// then); the value's type is filled in once it is read.
func (s *Scanner) unexpected(at Loc, g *group) bool {
	start := s.r.textStart() // the name outlives the scanner's buffer: it sorts the errors
	s.r.text = append(s.r.text, s.sc.Key()...)
	key := s.r.since(start)
	s.setKeyRun(g, rankUnexpected, key)
	n := s.r.Len()
	s.r.Add(at.Key(key), tool.Error{Code: tool.CodeUnexpected})
	if !s.sc.Undeclared() {
		return false
	}
	kind := s.sc.Skip()
	if kind == jsonscan.Invalid {
		return false
	}
	if s.r.Len() > n {
		s.r.errs[n].Got = s.kindName(kind)
	}
	return true
}

// closeObject reports the missing members of an object of raw bytes and
// puts its errors in order.
func (s *Scanner) closeObject(at Loc, g *group) {
	if s.ng == 1 && s.feed != nil && s.feed.Probe() == s {
		s.ended(g)
	}
	s.setRun(g, rankMissing)
	seen := s.sc.SeenFirst()
	for j, i := range g.shape.required {
		if i < 64 && seen&(1<<i) == 0 || i >= 64 && !s.sc.Has(i) {
			s.r.Add(at.Key(g.shape.names[i]), tool.Error{Code: tool.CodeMissing, Expected: g.shape.expected[j]})
		}
	}
	s.order(g)
}

// Members reads an object whose members are all alike, a map, calling fn
// with the name of each member, whose value fn then reads. Its errors come
// in the order of the members' names: reading values, Go's map order first
// and, only when that reported errors, again in order.
func (s *Scanner) Members(at Loc, expected string, fn func(k string)) bool {
	if s.vpending {
		s.vpending = false
		obj, ok := value.Object(s.cur)
		if !ok {
			s.r.Type(at, expected, s.cur)
			return false
		}
		n := s.r.Len()
		for k, v := range obj {
			s.member(k, v, fn)
			if s.r.Full() {
				break
			}
		}
		if s.r.Len() > n {
			s.r.Truncate(n)
			for k := range KeysInOrder(obj) {
				s.member(k, obj[k], fn)
				if s.r.Full() {
					break
				}
			}
		}
		return true
	}
	if !s.openRaw(at, expected) {
		return false
	}
	g := s.push(nil, false)
	for s.sc.Next() && s.sc.Undeclared() {
		k := strings.Clone(s.sc.Key())
		s.setKeyRun(g, rankMembers, k)
		s.bpending = true
		fn(k)
		s.skipRaw()
	}
	if s.sc.Err() == nil {
		s.order(g)
		s.sc.End()
	}
	s.pop()
	return true
}

func (s *Scanner) member(k string, v any, fn func(k string)) {
	s.cur, s.vpending = v, true
	fn(k)
	s.vpending = false
}

// skipRaw reads a value of raw bytes that the caller left unread.
func (s *Scanner) skipRaw() {
	if s.bpending {
		s.bpending = false
		s.sc.Skip()
	}
	s.vpending = false
}

// --- arrays --------------------------------------------------------------------

// Array reads an array, whose items are then read with NextItem, and reports
// the first of these that it breaks: more items than max (maxItems), fewer
// than min (minItems), two equal items when unique (uniqueItems); None for
// no bound. Only the first max items are checked.
func (s *Scanner) Array(at Loc, expected string, min, max int, unique bool) bool {
	if unique && !s.vpending {
		// Items are compared with one another: read them as values.
		s.Hold()
	}
	if s.vpending {
		s.vpending = false
		list, ok := value.List(s.cur)
		if !ok {
			s.r.Type(at, expected, s.cur)
			return false
		}
		g := s.pushValues(nil)
		g.array, g.list, g.limit = true, list, len(list)
		if max >= 0 && g.limit > max {
			g.limit = max
		}
		switch {
		case min >= 0 && len(list) < min:
			s.r.Value("minItems", at, words.MinItems(uint64(min)), list)
		case max >= 0 && len(list) > max:
			s.r.Value("maxItems", at, words.MaxItems(uint64(max)), list)
		case unique:
			if i, j, dup := value.Duplicate(list); dup {
				s.r.Add(at, tool.Error{Code: "uniqueItems", Expected: words.UniqueItems, Got: "array",
					Actual: "items " + strconv.Itoa(i) + " and " + strconv.Itoa(j) + " are equal"})
			}
		}
		return true
	}
	if !s.readRaw() {
		return false
	}
	c := s.sc.ValueByte() // most often at hand: inlined
	if c == 0 {
		c = s.sc.NextByte()
	}
	if c != '[' {
		s.typeError(at, expected)
		return false
	}
	if !s.sc.Array() {
		return false
	}
	g := s.push(nil, true)
	g.min, g.max = min, max
	g.rank = rankItems
	return true
}

// NextItem moves to the next item of the array Array opened and returns its
// index, whose value the caller then reads; or closes the array and returns
// -1.
func (s *Scanner) NextItem(at Loc) int {
	g := s.top()
	if g == nil {
		return -1
	}
	if g.values {
		s.vpending = false
		if !s.r.Full() && g.next < g.limit {
			i := g.next
			g.next++
			s.cur, s.vpending = g.list[i], true
			return i
		}
		s.pop()
		return -1
	}
	s.skipRaw()
	for {
		if !s.sc.NextItem() {
			if s.sc.Err() == nil {
				s.closeArray(at, g)
				s.sc.End()
			}
			break
		}
		i := s.sc.Count() - 1
		if g.max >= 0 && i >= g.max {
			if i == g.max && s.feed != nil && !s.told {
				s.tooManyItems(at, g)
			}
			s.sc.Skip() // past maxItems: not checked
			continue
		}
		s.step()
		s.bpending = true
		return i
	}
	s.pop()
	return -1
}

// tooManyItems tells the feed of a streamed call, at the first byte of the
// item past an array's maxItems, the error the array will have when it
// closes: it has too many items whatever follows. A byte that begins no
// value is a syntax error, which the scanner reports.
func (s *Scanner) tooManyItems(at Loc, g *group) {
	if s.sc.Peek() == jsonscan.Invalid {
		return
	}
	e := tool.Error{Code: "maxItems", Expected: words.MaxItems(uint64(g.max)), Got: "array", Actual: words.ItemsAtLeast(uint64(g.max) + 1)}
	e.Path, e.Name = s.r.location(at)
	s.reject(e)
}

// closeArray reports an array's own error and puts its errors in order.
func (s *Scanner) closeArray(at Loc, g *group) {
	n := s.sc.Count()
	var code tool.Code
	expected := ""
	switch {
	case g.min >= 0 && n < g.min:
		code, expected = "minItems", words.MinItems(uint64(g.min))
	case g.max >= 0 && n > g.max:
		code, expected = "maxItems", words.MaxItems(uint64(g.max))
	}
	if code != "" {
		s.setRun(g, rankArray)
		s.r.Add(at, tool.Error{Code: code, Expected: expected, Got: "array", Actual: words.Items(uint64(n))})
	}
	s.order(g)
}
