package toolimpl

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/runtime/toolimpl/value"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Scanner is what a generated decode function reads a tool's arguments
// with, one value after the other, and reports the errors of through. It
// reads either a call's raw argument bytes, in one pass, or the values of a
// map (tool.ParseArgs's, an SDK's, or one built by hand): the same
// generated function, decode<X>, is the one-pass decoder DecodeTJSON, the
// map decoder DecodeT and the validator ValidateT.
//
// A read consumes the next value: the value of the member Next returned,
// of the item NextItem returned, or the arguments themselves. The typed
// reads (String, Number, Integer, Bool, Object, Array, Members) report a
// value of another type as a type error at the location given, with the
// expected type given, and consume it.
//
// # The order of errors
//
// The errors of a call are those of the map validator for the same JSON, in
// its order: per object, missing members in the schema's required order,
// unexpected members by name, then each declared member's errors in
// property order, depth first; per array, its own error, then its items'.
// Reading values, the Scanner reports the missing and unexpected members of
// an object when it opens it, before its members, and an array's own error
// before its items, so that errors come in that order and a limit on their
// number cuts them where the map validator does.
//
// Raw bytes come in the order the model wrote them. Each error belongs to a
// run: the member whose value it is in, or the object's missing or
// unexpected members; when an object or array closes, its runs are sorted
// by rank (missing, unexpected, then members in property order) and, for
// unexpected members and a map's members, by name. When members come in
// property order, as models write them, nothing moves. A limit on the
// number of errors cannot be applied in that order: when a call has more
// errors than its limit, the one pass stops, and the call is read again as
// tool.ParseArgs and the map decoder read it (see DecodeJSON).
type Scanner struct {
	r    Report
	keep bool // decode into Go values, not only validate
	raw  bool // reading raw bytes
	sc   jsonscan.Scanner
	feed *tool.Feed // the stream the raw bytes come from; nil for a whole call
	told bool       // the feed was told of the errors found

	// The next value: in the raw bytes at sc's position, or cur.
	cur      any
	vpending bool // cur holds the next value
	bpending bool // the next value is in the raw bytes, not yet read

	last     lastValue
	lastRaw  bool // the last value was read from raw bytes: last holds it, else cur
	borrowed bool // the last string read is borrowed from the input

	groups [inlineGroups]group
	more   []group
	ng     int
	used   int // the groups used since the Scanner was reset
	runs   []run

	// The values of the declared members of the open objects of values,
	// by index: a group's are vals[g.vals:g.vals+len(g.shape.names)].
	vals    []any
	valsBuf [32]any
}

// lastValue is the last scalar read from raw bytes, for the errors about
// it. (The last value read from a map is cur.)
type lastValue struct {
	kind jsonscan.Kind
	text string // a string or a number's literal, borrowed
	f    float64
	b    bool
}

// group is an object or array opened by Object, Array or Members.
type group struct {
	values bool    // reads the values of obj or list
	shape  *Object // the declared members of an object; nil for a map or an array
	array  bool

	// Values.
	obj     map[string]any
	list    []any
	next    int       // the next member or item to consider
	limit   int       // the items read: at most maxItems
	vals    int       // where the values of its declared members start in Scanner.vals
	present [2]uint64 // the declared members present, when at most 128

	// Raw bytes.
	last     int // the index of the last declared member read
	min, max int // an array's minItems and maxItems; -1 for none

	// The order of errors (raw bytes).
	errStart  int    // r.Len() when the group opened
	runStart  int    // the first error of the current run
	runsStart int    // len(runs) when the group opened
	rank      int    // the rank of the current run
	key       string // the member name the current run is sorted by, when byKey
	byKey     bool
}

// run is a stretch of errors of one rank in one group: a member's, with
// everything nested in it.
type run struct {
	rank       int
	byKey      bool
	key        string
	start, end int
}

// The ranks of an object's errors: the order in which the map validator
// reports them.
const (
	rankMissing    = 0
	rankUnexpected = 1
	rankMembers    = 2 // the declared member i has rank rankMembers+i
)

// The ranks of an array's errors.
const (
	rankArray = 0
	rankItems = 1
)

const inlineGroups = 8

// None is the minItems or maxItems of an array that has none.
const None = -1

// --- reading -----------------------------------------------------------------

// String reads a string. The string is borrowed when the Scanner reads raw
// bytes: it is valid until the next read; Keep returns it to keep.
func (s *Scanner) String(at Loc, expected string) (string, bool) {
	if s.vpending {
		s.vpending, s.lastRaw, s.borrowed = false, false, false
		v, ok := s.cur.(string)
		if !ok {
			s.r.Type(at, expected, s.cur)
		}
		return v, ok
	}
	if !s.readRaw() {
		return "", false
	}
	if s.sc.Peek() != jsonscan.String {
		s.typeError(at, expected)
		return "", false
	}
	v, ok := s.sc.String()
	s.last = lastValue{kind: jsonscan.String, text: v}
	s.lastRaw, s.borrowed = true, true
	return v, ok
}

// Keep returns the string String just returned, for the Go value to keep:
// a copy when it is borrowed from raw bytes, unless the arguments are
// already known to be invalid and the value is not returned.
func (s *Scanner) Keep(v string) string {
	if s.borrowed && v != "" && s.decoding() {
		return strings.Clone(v)
	}
	return v
}

// Number reads a number.
func (s *Scanner) Number(at Loc, expected string) (Num, bool) {
	if s.vpending {
		s.vpending, s.lastRaw = false, false
		f, ok := value.Number(s.cur)
		if !ok {
			s.r.Type(at, expected, s.cur)
			return Num{}, false
		}
		return Num{F: f, v: s.cur}, true
	}
	if !s.readRaw() {
		return Num{}, false
	}
	if s.sc.Peek() != jsonscan.Number {
		s.typeError(at, expected)
		return Num{}, false
	}
	lit, ok := s.sc.Number()
	if !ok {
		return Num{}, false
	}
	f := number(lit)
	s.last = lastValue{kind: jsonscan.Number, text: lit, f: f}
	s.lastRaw = true
	return Num{F: f, lit: lit}, true
}

// Integer reads a number without a fractional part.
func (s *Scanner) Integer(at Loc, expected string) (Num, bool) {
	n, ok := s.Number(at, expected)
	if ok && !n.integer() {
		s.r.Add(at, tool.Error{Code: tool.CodeType, Expected: expected, Got: "number"})
		return n, false
	}
	return n, ok
}

// Bool reads a boolean.
func (s *Scanner) Bool(at Loc, expected string) (v, ok bool) {
	if s.vpending {
		s.vpending, s.lastRaw = false, false
		v, ok = s.cur.(bool)
		if !ok {
			s.r.Type(at, expected, s.cur)
		}
		return v, ok
	}
	if !s.readRaw() {
		return false, false
	}
	if s.sc.Peek() != jsonscan.Bool {
		s.typeError(at, expected)
		return false, false
	}
	v, ok = s.sc.Bool()
	s.last = lastValue{kind: jsonscan.Bool, b: v}
	s.lastRaw = true
	return v, ok
}

// Null reads the next value when it is null (or, in a map built by hand, a
// typed nil), and reports whether it was.
func (s *Scanner) Null() bool {
	if s.vpending {
		if value.IsNull(s.cur) {
			s.vpending = false
			return true
		}
		return false
	}
	if s.bpending && s.sc.Peek() == jsonscan.Null {
		s.bpending = false
		return s.sc.Null()
	}
	return false
}

// Any reads the next value, whatever it is, as encoding/json decodes it into
// an any (numbers as json.Number): for a Go field of type any, and for the
// checks that need a whole value. Read from raw bytes, the value is the
// Scanner's to give: nothing of it is borrowed.
func (s *Scanner) Any() any {
	if s.vpending {
		s.vpending = false
		return s.cur
	}
	if !s.readRaw() {
		return nil
	}
	return s.sc.Value()
}

// Hold returns the next value, whatever it is, as Any does, without reading
// it: the reads that follow read that value. It is for the checks of a value
// as a whole (anyOf, oneOf, an enum of objects), which generated code makes
// after reading the value as usual.
func (s *Scanner) Hold() any {
	if !s.vpending && s.readRaw() {
		v := s.sc.Value()
		if s.sc.Err() == nil {
			s.cur, s.vpending = v, true
		}
	}
	return s.cur
}

// Kind is the JSON type of a value, as its first byte tells it; 0 is none.
type Kind uint8

// The kinds of JSON values. They have the values of the JSON scanner's
// kinds (runtime/internal/jsonscan), so that the kind of the next raw value
// converts as it is, as reflect.Kind does internal/abi.Kind.
const (
	KindNull Kind = 1 + iota
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

// Kind returns the JSON type of the next value, without reading it; 0 when
// there is none (the arguments do not parse, or the value was read). A
// value of a map built by hand is of the kind it would be written as.
func (s *Scanner) Kind() Kind {
	if s.vpending {
		switch v := s.cur.(type) {
		case string:
			return KindString
		case bool:
			return KindBool
		case map[string]any:
			if v != nil {
				return KindObject
			}
		case []any:
			if v != nil {
				return KindArray
			}
		}
		switch {
		case value.IsNull(s.cur):
			return KindNull
		case value.TypeName(s.cur) == "integer" || value.TypeName(s.cur) == "number":
			return KindNumber
		}
		if _, ok := value.List(s.cur); ok {
			return KindArray
		}
		if _, ok := value.Object(s.cur); ok {
			return KindObject
		}
		return 0
	}
	if !s.bpending || s.r.stopped {
		return 0
	}
	return Kind(s.sc.Peek())
}

// Skip reads the next value, whatever it is.
func (s *Scanner) Skip() {
	if s.vpending {
		s.vpending = false
		return
	}
	if s.readRaw() {
		s.sc.Skip()
	}
}

// readRaw reports whether the next value is to be read from the raw bytes.
func (s *Scanner) readRaw() bool {
	if !s.bpending || s.r.stopped {
		return false
	}
	s.bpending = false
	return true
}

// typeError reads the next value of the raw bytes, which is not of the
// expected type, and reports it.
//
// The first byte of a value tells its type, but for a number (integer or
// number): the error is reported before the value is read, which may be
// long, so that a streamed call is rejected at that byte.
func (s *Scanner) typeError(at Loc, expected string) {
	if kind := s.sc.Peek(); kind != jsonscan.Number && kind != jsonscan.Invalid {
		s.r.Add(at, tool.Error{Code: tool.CodeType, Expected: expected, Got: s.kindName(kind)})
		s.sc.Skip()
		return
	}
	if kind := s.sc.Skip(); kind != jsonscan.Invalid {
		s.r.Add(at, tool.Error{Code: tool.CodeType, Expected: expected, Got: s.kindName(kind)})
	}
}

// kindName names the JSON type of the value sc just read, as TypeName
// does.
func (s *Scanner) kindName(k jsonscan.Kind) string {
	switch k {
	case jsonscan.Null:
		return "null"
	case jsonscan.Bool:
		return "boolean"
	case jsonscan.String:
		return "string"
	case jsonscan.Array:
		return "array"
	case jsonscan.Object:
		return "object"
	case jsonscan.Number:
		return numberType(s.sc.Literal())
	}
	return ""
}

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
		g := s.push(true)
		g.shape, g.obj = shape, obj
		s.members(at, g)
		return true
	}
	if !s.openRaw(at, expected) {
		return false
	}
	g := s.push(false)
	g.shape, g.last = shape, -1
	return true
}

// members reads the declared members of an object of values, and reports
// its missing and its unexpected members, before any error of its members.
func (s *Scanner) members(at Loc, g *group) {
	names := g.shape.names
	if s.vals == nil {
		s.vals = s.valsBuf[:0]
	}
	g.vals = len(s.vals)
	s.vals = append(s.vals, make([]any, len(names))...)
	vals := s.vals[g.vals:]
	present := 0
	for i, name := range names {
		if v, ok := g.obj[name]; ok {
			vals[i] = v
			present++
			if i < 128 {
				g.present[i/64] |= 1 << (i % 64)
			}
		}
	}
	for j, i := range g.shape.required {
		if !g.has(i) {
			s.r.Add(at.Key(names[i]), tool.Error{Code: tool.CodeMissing, Expected: g.shape.expected[j]})
		}
	}
	if len(g.obj) > present {
		for k := range KeysInOrder(g.obj) {
			if g.shape.find(k, -1) < 0 {
				s.r.Add(at.Key(k), tool.Error{Code: tool.CodeUnexpected, Got: value.TypeName(g.obj[k])})
			}
			if s.r.Full() {
				break
			}
		}
	}
}

// has reports whether the declared member i of an object of values is
// present.
func (g *group) has(i int) bool {
	if i < 128 {
		return g.present[i/64]&(1<<(i%64)) != 0
	}
	_, ok := g.obj[g.shape.names[i]]
	return ok
}

// nextValue returns the index of the next declared member of an object of
// values to read, or -1: the members present, but those that are not
// required and are null.
func (g *group) nextValue(vals []any) int {
	for g.next < len(vals) {
		i := g.next
		if i < 128 {
			// The bits of the members to read, from i on.
			toRead := g.present[i/64] >> (i % 64)
			if toRead == 0 {
				g.next = (i/64 + 1) * 64
				continue
			}
			i += bits.TrailingZeros64(toRead)
		}
		g.next = i + 1
		if !g.has(i) {
			continue
		}
		if v := vals[i]; g.shape.optional[i] && !g.shape.readNull[i] && (v == nil || value.IsNull(v)) {
			continue
		}
		return i
	}
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
		s.vpending = false
		if i := g.nextValue(s.vals[g.vals:]); i >= 0 && !s.r.Full() {
			s.cur, s.vpending = s.vals[g.vals+i], true
			return i
		}
		s.pop()
		return -1
	}
	s.skipRaw()
	for !s.r.stopped {
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
		if g.shape.optional[i] && !g.shape.readNull[i] && s.sc.Peek() == jsonscan.Null {
			s.sc.Null()
			continue
		}
		g.last = i
		s.setRun(g, rankMembers+i, false, "")
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
	s.setRun(g, rankUnexpected, true, key)
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
	s.setRun(g, rankMissing, false, "")
	for j, i := range g.shape.required {
		if !s.sc.Has(i) {
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
	g := s.push(false)
	for !s.r.stopped && s.sc.Next() && s.sc.Undeclared() {
		k := strings.Clone(s.sc.Key())
		s.setRun(g, rankMembers, true, k)
		s.bpending = true
		fn(k)
		s.skipRaw()
	}
	if !s.r.stopped && s.sc.Err() == nil {
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
		g := s.push(true)
		g.array, g.list, g.limit = true, list, len(list)
		if max >= 0 && g.limit > max {
			g.limit = max
		}
		switch {
		case min >= 0 && len(list) < min:
			s.r.Value("minItems", at, "an array of at least "+items(min), list)
		case max >= 0 && len(list) > max:
			s.r.Value("maxItems", at, "an array of at most "+items(max), list)
		case unique:
			if i, j, dup := value.Duplicate(list); dup {
				s.r.Add(at, tool.Error{Code: "uniqueItems", Expected: "an array of unique items", Got: "array",
					Actual: "items " + strconv.Itoa(i) + " and " + strconv.Itoa(j) + " are equal"})
			}
		}
		return true
	}
	if !s.readRaw() {
		return false
	}
	if s.sc.Peek() != jsonscan.Array {
		s.typeError(at, expected)
		return false
	}
	if !s.sc.Array() {
		return false
	}
	g := s.push(false)
	g.array, g.min, g.max = true, min, max
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
	for !s.r.stopped {
		if !s.sc.NextItem() {
			if s.sc.Err() == nil {
				s.closeArray(at, g)
				s.sc.End()
			}
			break
		}
		i := s.sc.Count() - 1
		if g.max >= 0 && i >= g.max {
			s.sc.Skip() // past maxItems: not checked
			continue
		}
		s.bpending = true
		return i
	}
	s.pop()
	return -1
}

// closeArray reports an array's own error and puts its errors in order.
func (s *Scanner) closeArray(at Loc, g *group) {
	n := s.sc.Count()
	code, expected := "", ""
	switch {
	case g.min >= 0 && n < g.min:
		code, expected = "minItems", "an array of at least "+items(g.min)
	case g.max >= 0 && n > g.max:
		code, expected = "maxItems", "an array of at most "+items(g.max)
	}
	if code != "" {
		s.setRun(g, rankArray, false, "")
		s.r.Add(at, tool.Error{Code: code, Expected: expected, Got: "array", Actual: "an array of " + items(n)})
	}
	s.order(g)
}

func items(n int) string {
	if n == 1 {
		return "1 item"
	}
	return strconv.Itoa(n) + " items"
}

// --- reporting -------------------------------------------------------------------

// Fail reports that the scalar just read breaks the keyword code; expected
// says what the schema requires.
func (s *Scanner) Fail(at Loc, code, expected string) {
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
func (s *Scanner) FailValue(at Loc, code, expected string, v any) { s.r.Value(code, at, expected, v) }

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

func (s *Scanner) push(values bool) *group {
	s.ng++
	s.used = max(s.used, s.ng)
	if s.ng > inlineGroups && len(s.more) < s.ng-inlineGroups {
		s.more = append(s.more, group{})
	}
	n := s.r.Len()
	g := s.groupAt(s.ng - 1)
	*g = group{values: values, errStart: n, runStart: n, runsStart: len(s.runs), min: None, max: None}
	return g
}

func (s *Scanner) pop() {
	if s.ng > 0 {
		g := s.groupAt(s.ng - 1)
		if g.values && g.shape != nil {
			clear(s.vals[g.vals:])
			s.vals = s.vals[:g.vals]
		}
		s.ng--
	}
}

// setRun starts a run of the given rank in g.
func (s *Scanner) setRun(g *group, rank int, byKey bool, key string) {
	if g.rank == rank && !g.byKey && !byKey {
		return
	}
	s.closeRun(g)
	g.rank, g.byKey, g.key = rank, byKey, key
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

func compareRuns(a, b run) int {
	if a.rank != b.rank {
		return a.rank - b.rank
	}
	if a.byKey && b.byKey {
		return strings.Compare(a.key, b.key)
	}
	return 0
}

// order puts g's errors in the map validator's order: its runs, stably
// sorted by rank and key. When they are in order already nothing moves;
// otherwise the errors are copied aside and back, run by run: each moves
// twice, and only once into the Report's errors, the copy that costs (its
// strings are pointers the garbage collector is told of).
func (s *Scanner) order(g *group) {
	s.closeRun(g)
	runs := s.runs[g.runsStart:]
	if !slices.IsSortedFunc(runs, compareRuns) {
		slices.SortStableFunc(runs, compareRuns)
		seg := s.r.errs[g.errStart:]
		var small [16]tool.Error
		aside := append(small[:0], seg...)
		var kinds, kindsAside []bool // whether each error is a decode error, moved with it
		if s.r.decode != nil {
			kinds = s.r.decode[g.errStart:]
			kindsAside = slices.Clone(kinds)
		}
		at := 0
		for _, r := range runs {
			from, to := r.start-g.errStart, r.end-g.errStart
			copy(seg[at:], aside[from:to])
			if kinds != nil {
				copy(kinds[at:], kindsAside[from:to])
			}
			at += to - from
		}
	}
	clear(s.runs[g.runsStart:])
	s.runs = s.runs[:g.runsStart]
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
	if s.sc.Peek() != jsonscan.Object {
		s.typeError(at, expected)
		return false
	}
	return s.sc.Object()
}
