package toolimpl

import (
	"math"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/internal/value"

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
// number of errors applies at the end, once they are in that order; as it
// reads, the Scanner drops the errors that already have at least limit
// others before them whatever follows (compact), so that a call with any
// number of errors keeps at most about twice the limit, in one pass.
type Scanner struct {
	r    Report
	keep bool // decode into Go values, not only validate
	raw  bool // reading raw bytes
	sc   jsonscan.Scanner
	feed *Feed // the stream the raw bytes come from; nil for a whole call
	told bool  // the feed was told of the errors found
	// The values the string being read from a feed may be (StringIn),
	// for the error of one that none of them begins like.
	allowed *Allowed

	// The next value: in the raw bytes at sc's position, or cur.
	cur      any
	vpending bool // cur holds the next value
	bpending bool // the next value is in the raw bytes, not yet read

	num      exact // the number last read (see Num)
	last     lastValue
	lastRaw  bool // the last value was read from raw bytes: last holds it, else cur
	borrowed bool // the last string read is borrowed from the input
	// One copy of the raw bytes, made when a decode first keeps a string
	// that lies in them: the strings kept share it (see Keep).
	copied string

	groups [inlineGroups]group
	more   []group
	ng     int
	used   int // the groups used since the Scanner was reset
	runs   []run
	deadAt int         // the group whose current run is dead (see compact)
	spare  tool.Errors // the errors compact replaced, for it to write next

	// The values of the declared members of the open objects of values,
	// by index: a group's are vals[g.vals:g.vals+len(g.shape.names)].
	vals     []any
	valsHigh int // the most of vals used since the Scanner was reset
	valsBuf  [32]any
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
	obj    map[string]any
	list   []any
	next   int       // the next member or item to consider
	limit  int       // the items read: at most maxItems
	vals   int       // where the values of its declared members start in Scanner.vals
	toRead [2]uint64 // the declared members among the first 128 yet to read

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
	// A run sorted after cut has at least limit errors before it: its
	// errors are dropped as they come (see Scanner.compact).
	cut       run
	hasCut    bool
	cutDecode bool // cut counts decode errors: it holds while there are only these
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
	return s.str(at, expected, false, None, nil)
}

// StringMax reads a string as String does, of at most max characters: the
// generated check of the string reports one longer. In a streamed call it
// also tells the feed, as soon as the string has more characters than max,
// the errors found so far and the one that check will report, so that the
// stream is rejected before the string ends. A whole call costs a test.
func (s *Scanner) StringMax(at Loc, expected string, max int) (string, bool) {
	return s.str(at, expected, true, max, nil)
}

// StringIn reads a string as String does, that the generated checks require
// to be one of the values of allowed. In a streamed call it also tells the
// feed, as soon as no value begins with the string's text so far, the
// errors found so far and the one those checks will report. A whole call
// costs a test.
func (s *Scanner) StringIn(at Loc, expected string, allowed *Allowed) (string, bool) {
	return s.str(at, expected, true, None, allowed)
}

// str is String, StringMax (bounded, max) and StringIn (bounded,
// allowed), which are inlined into generated code as calls of it.
func (s *Scanner) str(at Loc, expected string, bounded bool, max int, allowed *Allowed) (string, bool) {
	if s.vpending {
		s.vpending, s.lastRaw, s.borrowed = false, false, false
		v, ok := s.cur.(string)
		if !ok {
			s.r.Type(at, expected, s.cur)
		}
		return v, ok
	}
	if bounded && s.feed != nil && !s.told {
		return s.streamString(at, expected, max, allowed)
	}
	if !s.readRaw() {
		return "", false
	}
	v, ok := s.sc.String()
	if !ok {
		s.notRead(at, expected)
		return "", false
	}
	s.last = lastValue{kind: jsonscan.String, text: v}
	s.lastRaw, s.borrowed = true, true
	return v, ok
}

// Allowed are the values a string may be, an enum's or a const's, with the
// error of a string that is none of them: a streamed string is rejected as
// soon as none begins with its text (see StringIn).
type Allowed struct {
	Sorted   []string  // the values, sorted
	Code     tool.Code // the error's code: "enum" or "const"
	Expected string    // its expected text
}

// streamString is String of a streamed call, whose string the scanner holds
// to at most max characters, or to the values of allowed, as it arrives
// (see tell).
func (s *Scanner) streamString(at Loc, expected string, max int, allowed *Allowed) (string, bool) {
	if !s.readRaw() {
		return "", false
	}
	var values []string
	if allowed != nil {
		values = allowed.Sorted
	}
	s.allowed = allowed
	v, ok := s.sc.StringWithin(max, values)
	s.allowed = nil
	if !ok {
		s.notRead(at, expected)
		return "", false
	}
	s.last = lastValue{kind: jsonscan.String, text: v}
	s.lastRaw, s.borrowed = true, true
	return v, ok
}

// Keep returns the string String just returned, for the Go value to keep:
// a copy when it is borrowed from raw bytes, unless the arguments are
// already known to be invalid and the value is not returned. The strings of
// one call that have no escapes share one copy of the raw bytes, made at
// the first: a call costs one allocation for all of them, and its value
// keeps no more memory alive than the size of its arguments.
//
// Not inlined: generated decode functions call it for every member of its
// kind, and its body inlined in each made a package of many tools slow to
// build (see docs/performance.md).
//
//go:noinline
func (s *Scanner) Keep(v string) string { return s.kept(v) }

// KeepTo is *dst = s.Keep(v), for a string field of the value a decode
// function reads into through a pointer: the store, which needs a write
// barrier, is compiled here once rather than in every decode function.
//
//go:noinline
func (s *Scanner) KeepTo(dst *string, v string) { *dst = s.kept(v) }

func (s *Scanner) kept(v string) string {
	if !s.borrowed || !s.decoding() {
		return v
	}
	return s.keepBorrowed(v)
}

// keepBorrowed is Keep of a string borrowed from raw bytes.
func (s *Scanner) keepBorrowed(v string) string {
	if v == "" {
		return v
	}
	if off, ok := s.sc.Offset(v); ok {
		if s.sc.Stable() {
			// A stream's bytes, which its feed never writes over.
			return v
		}
		if s.copied == "" {
			s.copied = string(s.sc.Input())
		}
		return s.copied[off : off+len(v)]
	}
	return strings.Clone(v) // decoded from escapes into the scanner's buffer
}

// Number reads a number.
func (s *Scanner) Number(at Loc, expected string) (Num, bool) {
	if s.vpending {
		s.vpending, s.lastRaw = false, false
		if f, ok := s.cur.(float64); ok && f-f == 0 {
			// encoding/json's number: an integer below 2^53 is one
			// exactly, as a short literal is. Only a finite one (f-f is
			// NaN for ±Inf and NaN): those no JSON can hold, put in a map
			// by hand, value.Number refuses as it does any other Go value.
			s.num = exact{v: s.cur, small: f == math.Trunc(f) && f > -1<<53 && f < 1<<53}
			return Num{F: f, x: &s.num}, true
		}
		f, ok := value.Number(s.cur)
		if !ok {
			s.r.Type(at, expected, s.cur)
			return Num{}, false
		}
		s.num = exact{v: s.cur}
		return Num{F: f, x: &s.num}, true
	}
	if !s.readRaw() {
		return Num{}, false
	}
	v, ok := s.sc.NumberValue()
	if !ok {
		s.notRead(at, expected)
		return Num{}, false
	}
	s.num = exact{lit: v.Lit, small: v.Int}
	n := Num{F: v.F, x: &s.num}
	if !v.Short {
		n.F = number(v.Lit, &s.num) // a long literal, or one a stream split
	}
	s.last = lastValue{kind: jsonscan.Number, text: v.Lit, f: n.F}
	s.lastRaw = true
	return n, true
}

// Integer reads a number without a fractional part.
func (s *Scanner) Integer(at Loc, expected string) (Num, bool) {
	n, ok := s.Number(at, expected)
	if ok && !n.integer() {
		if !s.lastRaw {
			s.r.Type(at, expected, s.cur)
			return n, false
		}
		if !s.r.Full() {
			got, actual := s.shown()
			s.r.Add(at, tool.Error{Code: tool.CodeType, Expected: expected, Got: got, Actual: actual})
		}
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
	v, ok = s.sc.Bool()
	if !ok {
		s.notRead(at, expected)
		return false, false
	}
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
	s.r.hold()
	return s.sc.Value()
}

// Unchecked returns the next value whole, as Any does, for a member of type
// any whose schema checks nothing: the value goes into the Go value as it
// is, or nowhere. When nothing will use it (s only validates, has found the
// call invalid, or reads a stream whose value is not used: see
// Feed.SetVerdictOnly), a value of the raw bytes is skipped, not built, and
// Unchecked returns nil: a member of a million tiny objects costs no
// million maps.
func (s *Scanner) Unchecked() any {
	if !s.vpending && s.bpending && (!s.decoding() || s.feed != nil && s.feed.VerdictOnly()) {
		s.bpending = false
		s.sc.Skip()
		return nil
	}
	return s.Any()
}

// Hold returns the next value, whatever it is, as Any does, without reading
// it: the reads that follow read that value. It is for the checks of a value
// as a whole (anyOf, oneOf, an enum of objects), which generated code makes
// after reading the value as usual.
func (s *Scanner) Hold() any {
	if !s.vpending && s.readRaw() {
		s.r.hold()
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
	if !s.bpending {
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
	if !s.bpending {
		return false
	}
	s.bpending = false
	return true
}

// notRead follows a typed read of the raw bytes that read nothing: the
// value is of another type, a type error, unless the raw bytes do not parse.
func (s *Scanner) notRead(at Loc, expected string) {
	if s.sc.Err() == nil {
		s.typeError(at, expected)
	}
}

// typeError reads the next value of the raw bytes, which is not of the
// expected type, and reports it.
//
// The first byte of a value tells its type, but for a number (integer or
// number): the error is reported before the value is read, which may be
// long, so that a streamed call is rejected at that byte.
//
// A string, number or boolean is shown too, once it is read (Report.Type):
// a streamed call rejected before then is told its type alone.
func (s *Scanner) typeError(at Loc, expected string) {
	kind := s.sc.Peek()
	if kind == jsonscan.Number || kind == jsonscan.Invalid {
		if kind = s.sc.Skip(); kind != jsonscan.Invalid && !s.r.Full() {
			start := s.r.textStart()
			s.r.text = append(s.r.text, s.sc.Literal()...)
			s.r.Add(at, tool.Error{Code: tool.CodeType, Expected: expected, Got: s.kindName(kind), Actual: s.r.since(start)})
		}
		return
	}
	n := s.r.Len()
	s.r.Add(at, tool.Error{Code: tool.CodeType, Expected: expected, Got: s.kindName(kind)})
	added := s.r.Len() > n && s.r.errs[n].Code == tool.CodeType // not the last error past the limit
	switch kind {
	case jsonscan.String:
		v, ok := s.sc.String()
		if ok && added {
			start := s.r.textStart()
			s.r.text = jsonscan.AppendQuoteShort(s.r.text, v)
			s.r.errs[n].Actual = s.r.since(start)
		}
	case jsonscan.Bool:
		v, ok := s.sc.Bool()
		if ok && added {
			s.r.errs[n].Actual = strconv.FormatBool(v)
		}
	default:
		s.sc.Skip()
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
