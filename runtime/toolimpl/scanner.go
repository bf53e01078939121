package toolimpl

import (
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The ranks of an object's errors: the order in which the map validator of
// the same type reports them. Errors of one rank keep the order they were
// found in, except those of RankUnexpected, which are sorted by path.
const (
	RankMissing           = 0 // required members absent, in required order
	RankDependentRequired = 1 // members required by another one
	RankUnexpected        = 2 // undeclared members, by path
	RankCount             = 3 // minProperties, maxProperties
	RankNames             = 4 // propertyNames
	RankMembers           = 5 // the declared member i has rank RankMembers+i
)

// The ranks of an array's errors: its own (minItems, maxItems, uniqueItems,
// contains), then its items'.
const (
	RankArray = 0
	RankItems = 1
)

// group is an object or array opened by Object or Array: where its errors
// start, and the runs its members' errors form.
type group struct {
	errStart  int  // len(errs) when the group opened
	runStart  int  // the first error of the current run
	runsStart int  // len(runs) when the group opened
	rank      int  // the rank of the current run
	byPath    bool // the current run is ordered by path among its rank
}

// run is a stretch of errors of one rank in one group: a member's, with
// everything nested in it.
type run struct {
	rank       int
	byPath     bool
	start, end int
}

const inlineGroups = 6

// Scanner reads a tool call's raw arguments for a generated decoder, which
// drives it value by value and reports through it what breaks the schema.
// Use one Scanner per call, on the stack:
//
//	var s toolimpl.Scanner
//	s.Reset(raw)
//	var out T
//	if s.Root() {
//		decodeT(&s, &out)
//	}
//	if errs := s.Finish(); errs != nil {
//		return T{}, errs
//	}
//	return out, nil
//
// Strings and literals the Scanner returns are borrowed (see String).
// After a syntax error every method is a no-op that reports false, and
// Finish returns that error alone.
type Scanner struct {
	sc      jsonscan.Scanner
	errs    tool.Errors // the validator's errors, or the decode's while valid
	valid   int         // how many of errs come from validation
	runs    []run
	groups  [inlineGroups]group
	more    []group
	ng      int    // open groups
	shape   string // the JSON type of a document that is not an object
	scratch [128]byte
}

// Reset starts the scanner on a call's raw arguments. Empty arguments, or
// only white space, are the empty object.
func (s *Scanner) Reset(raw []byte) {
	s.sc.Reset(jsonscan.Arguments(raw))
	s.errs, s.valid, s.runs, s.ng, s.shape = nil, 0, s.runs[:0], 0, ""
}

// Root reports whether the arguments are an object, which the decoder then
// reads. Otherwise it reads the whole value, and Finish reports bad_json
// or bad_shape.
func (s *Scanner) Root() bool {
	if s.sc.Peek() == jsonscan.Object {
		return true
	}
	kind := s.sc.Skip()
	if s.sc.Finish() {
		s.shape = s.typeName(kind)
	}
	return false
}

// Finish ends the call: the one error of the parse stage (bad_json,
// bad_number, bad_shape) when there is one, else the validator's errors,
// else those of decoding into Go values, else nil.
func (s *Scanner) Finish() tool.Errors {
	s.sc.Finish()
	if e := s.sc.Err(); e != nil {
		return tool.Errors{parseError(e, "the arguments are not valid JSON")}
	}
	if s.shape != "" {
		return tool.Errors{{Code: tool.CodeBadShape, Expected: "object", Got: s.shape,
			Reason: "the arguments should be a JSON object, got " + s.shape}}
	}
	if len(s.errs) == 0 {
		return nil
	}
	return s.errs
}

func parseError(e *jsonscan.Error, prefix string) tool.Error {
	return tool.Error{Code: e.Code, Path: e.Path, Reason: e.Reason(prefix)}
}

// --- reading ---------------------------------------------------------------------

// Object reads the '{' of an object and reports true, or reports false and
// reads nothing when the next value is not an object. Read the members with
// Next, then call End.
func (s *Scanner) Object() bool {
	if !s.sc.Object() {
		return false
	}
	s.open(RankMembers)
	return true
}

// Array reads the '[' of an array and reports true, or reports false and
// reads nothing when the next value is not an array. Read the items with
// NextItem, then call End.
func (s *Scanner) Array() bool {
	if !s.sc.Array() {
		return false
	}
	s.open(RankItems)
	return true
}

// Next reads the name of the object's next member and reports true, or
// reads the closing '}' and reports false; errors reported after that have
// RankMissing until Rank says otherwise. Match Key against the declared
// names, then call Member or Unexpected.
func (s *Scanner) Next() bool {
	if s.sc.Next() {
		return true
	}
	s.Rank(RankMissing)
	return false
}

// Key returns the member name Next read, decoded and borrowed.
func (s *Scanner) Key() string { return s.sc.Key() }

// Member marks the member Next read as the declared member i (its index in
// property order), whose value the decoder then reads.
func (s *Scanner) Member(i int) {
	if s.sc.Member(i) {
		s.Rank(RankMembers + i)
	}
}

// Has reports whether the object had the declared member i, after Next
// reported false.
func (s *Scanner) Has(i int) bool { return s.sc.Has(i) }

// Unexpected reads the member Next read, whose name no declared member
// has, and reports it.
func (s *Scanner) Unexpected() {
	if !s.sc.Undeclared() {
		return
	}
	g := s.group()
	s.closeRun(g)
	kind := s.sc.Skip()
	if kind == jsonscan.Invalid {
		return
	}
	g.rank, g.byPath = RankUnexpected, true
	s.add(tool.Error{Code: tool.CodeUnexpected, Got: s.typeName(kind)}, "", actual{}, true)
	s.closeRun(g)
}

// NextItem reports true when the array has another item, which the decoder
// then reads, or reads the closing ']' and reports false; errors reported
// after that have RankArray.
func (s *Scanner) NextItem() bool {
	if s.sc.NextItem() {
		return true
	}
	s.Rank(RankArray)
	return false
}

// Count returns how many members or items of the object or array have been
// read.
func (s *Scanner) Count() int { return s.sc.Count() }

// End closes the object or array: its errors take the validator's order.
func (s *Scanner) End() {
	if s.ng > 0 {
		s.close(s.group())
		s.ng--
	}
	s.sc.End()
}

// String reads a string, or reports false and reads nothing when the next
// value is not a string. The string is borrowed: it shares memory with the
// raw arguments or with the scanner, and is valid until the next string is
// read. A decoder clones what it keeps (or stores a constant equal to it).
func (s *Scanner) String() (string, bool) { return s.sc.String() }

// Number reads a number and returns its literal, borrowed like a String, or
// reports false and reads nothing when the next value is not a number.
func (s *Scanner) Number() (string, bool) { return s.sc.Number() }

// Bool reads a boolean, or reports ok false and reads nothing when the next
// value is not one.
func (s *Scanner) Bool() (v, ok bool) { return s.sc.Bool() }

// Null reads null, or reports false and reads nothing when the next value
// is not null.
func (s *Scanner) Null() bool { return s.sc.Null() }

// Value reads the next value as tool.ParseArgs holds it (map[string]any,
// []any, string, json.Number, bool or nil), for the checks that need the
// whole value: the type's map validator then checks it.
func (s *Scanner) Value() any { return s.sc.Value() }

// --- reporting ---------------------------------------------------------------------

// Rank sets the rank of the errors reported next in the open object or
// array.
func (s *Scanner) Rank(r int) {
	if s.ng == 0 {
		return
	}
	g := s.group()
	if g.rank != r || g.byPath {
		s.closeRun(g)
		g.rank, g.byPath = r, false
	}
}

// TypeError reads the next value and reports it as not of the expected
// JSON type.
func (s *Scanner) TypeError(expected string) {
	kind := s.sc.Skip()
	if kind == jsonscan.Invalid {
		return
	}
	s.add(tool.Error{Code: tool.CodeType, Expected: expected, Got: s.typeName(kind)}, "", actual{}, true)
}

// NumberTypeError reports the number just read, lit, as not of the
// expected type: a fraction where an integer is expected.
func (s *Scanner) NumberTypeError(expected, lit string) {
	s.add(tool.Error{Code: tool.CodeType, Expected: expected, Got: numberType(lit)}, "", actual{}, true)
}

// Missing reports that the object lacks the required member name.
func (s *Scanner) Missing(name, expected string) {
	s.add(tool.Error{Code: tool.CodeMissing, Expected: expected}, name, actual{}, true)
}

// StringError reports the string just read, v, as breaking the keyword code.
func (s *Scanner) StringError(code, expected, v string) {
	s.add(tool.Error{Code: code, Expected: expected, Got: "string"}, "", actual{quoted, v, 0}, true)
}

// NumberError reports the number just read, lit, as breaking the keyword
// code.
func (s *Scanner) NumberError(code, expected, lit string) {
	s.add(tool.Error{Code: code, Expected: expected, Got: numberType(lit)}, "", actual{literal, lit, 0}, true)
}

// ItemsError reports the array just read, of n items, as breaking the
// keyword code (minItems, maxItems).
func (s *Scanner) ItemsError(code, expected string, n int) {
	s.add(tool.Error{Code: code, Expected: expected, Got: "array"}, "", actual{items, "", n}, true)
}

// RangeError reports a number the validator accepts that the Go field
// cannot hold, as tool.RangeError does. Like every decode error, it counts
// only when the arguments are otherwise valid.
func (s *Scanner) RangeError(min, max, lit string) {
	e := tool.Error{Code: "maximum", Expected: "<= " + max, Got: numberType(lit)}
	if lit[0] == '-' && Float(lit) < 0 {
		e.Code, e.Expected = "minimum", ">= "+min
	}
	s.add(e, "", actual{literal, lit, 0}, false)
}

// numberType names the JSON type of a number as tool.TypeName does:
// integer when it has no fractional part.
func numberType(lit string) string {
	if tool.IsInteger(Float(lit)) {
		return "integer"
	}
	return "number"
}

func (s *Scanner) typeName(k jsonscan.Kind) string {
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

// actual is how an error shows the value it is about, as tool.Show does.
type actual struct {
	show uint8  // one of the constants below; none by default
	s    string // the string or literal
	n    int    // the number of items
}

const (
	quoted  = 1 + iota // a string, quoted and shortened
	literal            // a number as written
	items              // an array, by its number of items
)

// add records e at the value being read (or, with member, at that member
// of the open object), as an error of validation or of decoding. The path,
// the name and the shown value share one allocation.
func (s *Scanner) add(e tool.Error, member string, a actual, validation bool) {
	if s.sc.Err() != nil {
		return
	}
	if validation {
		if s.valid == 0 && len(s.errs) > 0 {
			s.dropDecodeErrors()
		}
		s.valid++
	} else if s.valid > 0 {
		return // decode errors count only when the arguments are valid
	}
	b := s.sc.AppendPointer(s.scratch[:0])
	if member != "" {
		b = jsonscan.AppendPointerKey(append(b, '/'), member)
	}
	path := len(b)
	b = s.sc.AppendName(b)
	if member != "" {
		if len(b) > path {
			b = append(b, '.')
		}
		b = append(b, member...)
	}
	name := len(b)
	switch a.show {
	case quoted:
		b = jsonscan.AppendQuoteShort(b, a.s)
	case literal:
		b = append(b, a.s...)
	case items:
		b = append(b, "an array of "...)
		b = strconv.AppendInt(b, int64(a.n), 10)
		if a.n == 1 {
			b = append(b, " item"...)
		} else {
			b = append(b, " items"...)
		}
	}
	str := string(b)
	e.Path, e.Name, e.Actual = str[:path], str[path:name], str[name:]
	if s.errs == nil {
		s.errs = make(tool.Errors, 0, 8)
	}
	s.errs = append(s.errs, e)
}

// dropDecodeErrors forgets the errors of decoding found so far: the first
// validation error makes them moot.
func (s *Scanner) dropDecodeErrors() {
	s.errs, s.runs = s.errs[:0], s.runs[:0]
	for i := 0; i < s.ng; i++ {
		g := s.groupAt(i)
		g.errStart, g.runStart, g.runsStart = 0, 0, 0
	}
}

// --- ordering ----------------------------------------------------------------------

func (s *Scanner) groupAt(i int) *group {
	if i < inlineGroups {
		return &s.groups[i]
	}
	return &s.more[i-inlineGroups]
}

func (s *Scanner) group() *group { return s.groupAt(s.ng - 1) }

func (s *Scanner) open(rank int) {
	s.ng++
	if s.ng > inlineGroups && len(s.more) < s.ng-inlineGroups {
		s.more = append(s.more, group{})
	}
	n := len(s.errs)
	*s.group() = group{errStart: n, runStart: n, runsStart: len(s.runs), rank: rank}
}

// closeRun ends the current run of g, if it holds errors.
func (s *Scanner) closeRun(g *group) {
	if n := len(s.errs); n > g.runStart {
		if s.runs == nil {
			s.runs = make([]run, 0, 8)
		}
		s.runs = append(s.runs, run{rank: g.rank, byPath: g.byPath, start: g.runStart, end: n})
		g.runStart = n
	}
}

func (s *Scanner) before(a, b run) int {
	if a.rank != b.rank {
		return a.rank - b.rank
	}
	if a.byPath && b.byPath {
		return strings.Compare(s.errs[a.start].Path, s.errs[b.start].Path)
	}
	return 0
}

// close puts g's errors in the validator's order: its runs, stably sorted
// by rank. Members come in property order in most calls, and then nothing
// moves; otherwise the errors move in place, in linear time.
func (s *Scanner) close(g *group) {
	s.closeRun(g)
	runs := s.runs[g.runsStart:]
	if !slices.IsSortedFunc(runs, s.before) {
		slices.SortStableFunc(runs, s.before)
		seg := s.errs[g.errStart:]
		var small [64]int32
		dest := small[:] // dest[i]: where seg[i] goes
		if len(seg) > len(small) {
			dest = make([]int32, len(seg))
		}
		at := int32(0)
		for _, r := range runs {
			for i := r.start; i < r.end; i++ {
				dest[i-g.errStart] = at
				at++
			}
		}
		for i := range seg {
			for j := dest[i]; j != int32(i); j = dest[i] {
				seg[i], seg[j] = seg[j], seg[i]
				dest[i], dest[j] = dest[j], dest[i]
			}
		}
	}
	s.runs = s.runs[:g.runsStart]
}
