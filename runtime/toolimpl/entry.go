package toolimpl

import (
	"sync"

	"github.com/toolgen-go/toolgen/internal/value"
	"github.com/toolgen-go/toolgen/internal/words"
	"github.com/toolgen-go/toolgen/runtime/internal/feed"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Feed carries the bytes of a streamed call to a generated Decoder as they
// arrive (tool's Def.Stream and Set.Open make one; nil for a whole call):
// the Decoder passes it to Decode, whose Scanner asks it for more bytes
// where it has read every byte written so far.
type Feed = feed.Feed

// scanners keeps Scanners between calls: a generated function, called
// through a function value, would make the compiler allocate one per call.
var scanners = sync.Pool{New: func() any { return new(Scanner) }}

func getScanner(maxErrors int, keep bool) *Scanner {
	s := scanners.Get().(*Scanner)
	s.r.max = maxErrors // putScanner reset the rest
	s.keep = keep
	return s
}

// putScanner returns s to the pool, keeping the buffers it grew, and
// nothing of the call: its errors and its runs are the caller's no more.
// It writes a pointer only where one is held: while the garbage collector
// runs, each write of one costs a barrier. (A group's shape, a type's, is
// not the call's: it stays.)
func putScanner(s *Scanner) {
	for i := 0; i < s.used; i++ {
		g := s.groupAt(i)
		if g.obj != nil {
			g.obj = nil
		}
		if g.list != nil {
			g.list = nil
		}
		if g.key != "" {
			g.key = ""
		}
		if g.cut.key != "" {
			g.cut.key = ""
		}
	}
	if s.valsHigh > 0 {
		clear(s.vals[:s.valsHigh]) // pop left the values past its length
		if s.valsHigh > len(s.valsBuf) {
			clear(s.valsBuf[:]) // vals outgrew it in this call
		}
		s.vals, s.valsHigh = s.vals[:0], 0
	}
	if len(s.runs) > 0 {
		clear(s.runs)
		s.runs = s.runs[:0]
	}
	s.r.reset()
	if s.spare != nil {
		s.spare = nil // a call's worth of errors: not kept in the pool
	}
	if s.cur != nil {
		s.cur = nil
	}
	if s.last.text != "" {
		s.last.text = ""
	}
	s.num = exact{}
	if s.copied != "" {
		s.copied = ""
	}
	s.ng, s.used = 0, 0
	if s.raw {
		s.sc.Reset(nil)
	}
	if s.feed != nil {
		s.feed = nil
	}
	if s.allowed != nil {
		s.allowed = nil
	}
	s.told = false
	s.vpending, s.bpending, s.borrowed, s.raw, s.lastRaw = false, false, false, false, false
	scanners.Put(s)
}

// The entry points below are not generic: generated code passes read, a
// closure that reads the arguments' value from s with the generated decode
// function of the tool's type and keeps it in the caller's variable. A
// generic entry point would be compiled again for every tool's type, which
// made a package of many tools slow to build.

// Validate checks a tool's arguments, given as a map, with read: nil when
// they are valid, else the errors, at most tool.DefaultMaxErrors and then
// one tool.CodeTooManyErrors. It allocates nothing for valid arguments.
func Validate(args map[string]any, read func(s *Scanner)) tool.Errors {
	s := getScanner(0, false)
	defer putScanner(s)
	s.r.validating = true
	values(s, args, read)
	return s.r.Errors()
}

// Decode reads a tool's arguments with read: from args, or, when args is
// nil, from raw, in one pass (see DecodeJSON), followed, when feed is not
// nil, by the bytes of a streamed call (see DecodeFeed). It returns nil when
// they are valid and read has kept their value, else the errors, at most
// maxErrors (tool.DefaultMaxErrors when maxErrors <= 0) and then one
// tool.CodeTooManyErrors; the caller then returns the zero value.
func Decode(args map[string]any, raw []byte, feed *Feed, maxErrors int, read func(s *Scanner)) tool.Errors {
	switch {
	case args != nil:
		return DecodeArgs(args, maxErrors, read)
	case feed != nil:
		return DecodeFeed(raw, feed, maxErrors, read)
	}
	return DecodeJSON(raw, maxErrors, read)
}

// DecodeArgs reads a tool's arguments, given as a map, with read.
func DecodeArgs(args map[string]any, maxErrors int, read func(s *Scanner)) tool.Errors {
	s := getScanner(maxErrors, true)
	defer putScanner(s)
	values(s, args, read)
	return s.r.Errors()
}

func values(s *Scanner, args map[string]any, read func(s *Scanner)) {
	defer s.r.recoverTooDeep()
	if args == nil {
		args = map[string]any{} // no arguments at all are an empty object
	}
	s.cur, s.vpending = args, true
	read(s)
}

// DecodeJSON reads a tool call's raw arguments with read, in one pass, and
// returns exactly the errors that tool.ParseArgs and then DecodeArgs return
// for the same bytes: the one error of a call that does not parse
// (bad_json, bad_number, bad_shape), or the errors of the arguments, at
// most maxErrors, and then the last one when there are more: the first
// in the map's order, which the one pass keeps as it reads (see Scanner).
// Only a value nested deeper than the checks of a whole value follow
// (value.MaxDepth) makes it read the call again, as
// tool.ParseArgs and DecodeArgs read it, to report the depth error where
// they do.
func DecodeJSON(raw []byte, maxErrors int, read func(s *Scanner)) tool.Errors {
	return decodeJSON(raw, nil, maxErrors, read)
}

// DecodeFeed is DecodeJSON of the arguments of a streamed call: raw, and
// then the bytes feed gives as they arrive. It is the one pass of
// DecodeJSON, whose scanner, where it has read every byte so far, waits
// for more (see Feed) instead of concluding that the arguments end:
// for any split of the same bytes it returns what DecodeJSON returns. The
// first time it waits with errors reported, it tells feed (Feed.Reject):
// the one pass reports an error only about what no later byte can change
// (a token read whole, a member name, the first byte of a value of the
// wrong type), so that the call can be rejected before its end.
func DecodeFeed(raw []byte, feed *Feed, maxErrors int, read func(s *Scanner)) tool.Errors {
	return decodeJSON(raw, feed, maxErrors, read)
}

func decodeJSON(raw []byte, feed *Feed, maxErrors int, read func(s *Scanner)) (errs tool.Errors) {
	s := getScanner(maxErrors, true)
	defer putScanner(s)
	s.r.limitAtEnd, s.raw = true, true
	s.r.compactAt = 2 * s.r.limit()
	var src jsonscan.Source
	if feed != nil {
		s.feed, src = feed, (*feedSource)(s)
		if feed.HasTarget() {
			// The stream shows how far it has read (see Scanner.Probe).
			feed.SetProbe(s)
			defer func() { stopProbe(s, feed, errs) }()
		}
	}
	s.sc.Start(raw, src)
	if first := s.sc.Peek(); first != jsonscan.Object {
		if feed != nil && first != jsonscan.Invalid && first != jsonscan.Number {
			// Whatever follows, the arguments are not an object: known
			// at their first byte, which tells the type but of a number.
			feed.Reject(tool.Errors{badShape(s.kindName(first))})
		}
		kind := s.sc.Skip()
		if feed != nil && kind == jsonscan.Number {
			feed.Reject(tool.Errors{badShape(s.kindName(kind))})
		}
		if !s.sc.Finish() {
			return tool.Errors{parseError(s.sc.Err(), "the arguments are not valid JSON")}
		}
		return tool.Errors{badShape(s.kindName(kind))}
	}
	if !onePass(s, read) {
		if feed != nil {
			s.tell()
			raw = s.sc.All()
		}
		args, errs := tool.ParseArgs(raw)
		if errs != nil {
			return errs
		}
		return DecodeArgs(args, maxErrors, read)
	}
	if !s.sc.Finish() {
		return tool.Errors{parseError(s.sc.Err(), "the arguments are not valid JSON")}
	}
	s.r.cut()
	return s.r.Errors()
}

// badShape is the error of arguments that are a JSON value of type got,
// not an object.
func badShape(got string) tool.Error {
	return tool.Error{Code: tool.CodeBadShape, Expected: "object", Got: got,
		Reason: "the arguments should be a JSON object, got " + got}
}

// feedSource is the Source of the scanner of a streamed call: a Scanner,
// which tells its feed the errors it has found before it waits.
type feedSource Scanner

func (f *feedSource) More(hint jsonscan.Hint) ([]byte, bool) {
	s := (*Scanner)(f)
	s.tell()
	return s.feed.More(hint)
}

// PlainTo is the feed's (jsonscan.PlainSource): the characters of a long
// string are looked at once as they arrive, not again by the scanner.
func (f *feedSource) PlainTo() int { return (*Scanner)(f).feed.PlainTo() }

// tell tells the feed of a streamed call the errors found so far, the first
// time there are some; or, when the string being read has broken a bound
// before its end (see streamString), those and the error its checks will
// report at its end.
func (s *Scanner) tell() {
	if s.feed == nil || s.told {
		return
	}
	if b := s.sc.Broke(); b != jsonscan.Unbroken {
		s.reject(s.broken(b))
		return
	}
	if s.r.Len() == 0 {
		return
	}
	s.told = true
	s.feed.Reject(s.r.found())
}

// reject tells the feed the errors found so far and e, an error the one
// pass will report at the end of the value it is about. The one pass's
// own errors are not changed: their order is the one of the end.
func (s *Scanner) reject(e tool.Error) {
	s.told = true
	s.feed.Reject(append(s.r.found(), e))
}

// broken is the error of the string being read, which broke the bound b:
// the error of its checks, with what is known of the string so far.
func (s *Scanner) broken(b jsonscan.Broken) tool.Error {
	var e tool.Error
	if b == jsonscan.TooLong {
		max := uint64(s.sc.Bound())
		e = tool.Error{Code: "maxLength", Expected: words.MaxLength(max), Got: "string", Actual: words.CharactersAtLeast(max + 1)}
	} else {
		start := s.r.textStart()
		s.r.text = jsonscan.AppendQuoteShort(s.r.text, s.sc.PartialString())
		e = tool.Error{Code: s.allowed.Code, Expected: s.allowed.Expected, Got: "string", Actual: words.Beginning(s.r.since(start))}
	}
	e.Path, e.Name = s.r.location(s.reading())
	return e
}

// reading returns the location of the value the raw bytes' scanner reads,
// from its open arrays and objects: the location the generated code reads
// it at.
func (s *Scanner) reading() Loc {
	depth := s.sc.Depth()
	steps := make([]Loc, depth+1) // steps[0] is the arguments
	n := 0
	for level := range depth {
		switch key, index, member, item := s.sc.Reading(level); {
		case member:
			steps[n+1] = steps[n].Key(key)
			n++
		case item:
			steps[n+1] = steps[n].Index(index)
			n++
		}
	}
	return steps[n]
}

// onePass runs read over raw bytes; it reports false when a check panicked
// with PanicTooDeep (a value nested deeper than the checks of a whole value
// follow), whose error the map decoder places.
func onePass(s *Scanner, read func(s *Scanner)) (ok bool) {
	defer func() {
		if v := recover(); v != nil {
			if !value.IsTooDeep(v) {
				panic(v)
			}
			ok = false
		}
	}()
	s.bpending = true
	read(s)
	return true
}

// Ptr returns a pointer to a copy of v when s decodes, for a pointer field;
// nil when s only validates, or has found the arguments invalid, which
// allocates nothing.
//
// Not inlined: generated decode functions call it for every member of its
// kind, and its body inlined in each made a package of many tools slow to
// build (see docs/performance.md).
//
//go:noinline
func Ptr[T any](s *Scanner, v T) *T { return ptr(s, v) }

// PtrTo is *dst = Ptr(s, v), for a pointer field of the value a decode
// function reads into through a pointer: the store, which needs a write
// barrier, is compiled here once rather than in every decode function.
//
//go:noinline
func PtrTo[T any](s *Scanner, dst **T, v T) { *dst = ptr(s, v) }

func ptr[T any](s *Scanner, v T) *T {
	if !s.decoding() {
		return nil
	}
	p := new(T)
	*p = v
	return p
}

// Append appends v to items when s decodes. Past the caller's array on its
// stack, the items grow by doubling: a call of n items allocates at most
// about 2n (append grows a large slice by a quarter, which allocates and
// copies about five times n).
//
// Not inlined: generated decode functions call it for every member of its
// kind, and its body inlined in each made a package of many tools slow to
// build (see docs/performance.md).
//
//go:noinline
func Append[T any](s *Scanner, items []T, v T) []T {
	if !s.decoding() {
		return items
	}
	if len(items) == cap(items) {
		items = grow(items)
	}
	return append(items, v)
}

// grow returns items in a new array of twice their room.
func grow[T any](items []T) []T {
	grown := make([]T, len(items), max(2*cap(items), 8))
	copy(grown, items)
	return grown
}

// Slice returns a copy of items of their exact length when s decodes, for a
// slice field: an empty slice is not nil. It returns nil when s only
// validates. (Returning the array Append grew would make the caller's array
// escape to the heap, wherever it holds the items.)
//
// Not inlined: generated decode functions call it for every member of its
// kind, and its body inlined in each made a package of many tools slow to
// build (see docs/performance.md).
//
//go:noinline
func Slice[T any](s *Scanner, items []T) []T { return slice(s, items) }

// SliceTo is *dst = Slice(s, items), for a slice field of the value a decode
// function reads into through a pointer: the store, which needs a write
// barrier, is compiled here once rather than in every decode function.
//
//go:noinline
func SliceTo[T any](s *Scanner, dst *[]T, items []T) { *dst = slice(s, items) }

func slice[T any](s *Scanner, items []T) []T {
	if !s.decoding() {
		return nil
	}
	out := make([]T, len(items))
	copy(out, items)
	return out
}

// parseError is the error of arguments that do not parse, as tool.ParseArgs
// reports it.
func parseError(e *jsonscan.Error, prefix string) tool.Error {
	return tool.Error{Code: tool.Code(e.Code), Path: jsonvalue.Clip(e.Path, jsonvalue.MaxField), Reason: e.Reason(prefix)}
}
