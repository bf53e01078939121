package toolimpl

import (
	"sync"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Func is the generated decode function of a tool's argument type T: it
// reads the value at location at from s and returns it as a T, checking it
// against the tool's schema.
type Func[T any] func(s *Scanner, at Loc) T

// scanners keeps Scanners between calls: a generated function, called
// through a Func, would make the compiler allocate one per call.
var scanners = sync.Pool{New: func() any { return new(Scanner) }}

func getScanner(maxErrors int, keep bool) *Scanner {
	s := scanners.Get().(*Scanner)
	s.r = Report{max: maxErrors}
	s.keep = keep
	return s
}

// putScanner returns s to the pool, keeping the buffers it grew, and
// nothing of the call: its errors and its runs are the caller's no more.
func putScanner(s *Scanner) {
	for i := 0; i < s.used; i++ {
		*s.groupAt(i) = group{}
	}
	clear(s.vals) // pop cleared the values past its length
	clear(s.runs)
	s.r, s.cur, s.last, s.runs, s.vals, s.ng, s.used = Report{}, nil, lastValue{}, s.runs[:0], s.vals[:0], 0, 0
	if s.raw {
		s.sc.Reset(nil)
	}
	s.vpending, s.bpending, s.borrowed, s.raw, s.lastRaw = false, false, false, false, false
	scanners.Put(s)
}

// Validate checks a tool's arguments, given as a map, against its schema:
// nil when they are valid, else the errors, at most maxErrors
// (tool.DefaultMaxErrors when maxErrors <= 0) and then one
// tool.CodeTooManyErrors. It allocates nothing for valid arguments.
func (f Func[T]) Validate(args map[string]any, maxErrors int) tool.Errors {
	s := getScanner(maxErrors, false)
	defer putScanner(s)
	s.r.validating = true
	f.values(s, args)
	return s.r.Errors()
}

// DecodeArgs checks a tool's arguments, given as a map, and returns them as
// a T; when they are not valid, the zero T and the errors, as Validate
// returns them.
func (f Func[T]) DecodeArgs(args map[string]any, maxErrors int) (T, tool.Errors) {
	s := getScanner(maxErrors, true)
	defer putScanner(s)
	out := f.values(s, args)
	if errs := s.r.Errors(); errs != nil {
		var zero T
		return zero, errs
	}
	return out, nil
}

func (f Func[T]) values(s *Scanner, args map[string]any) (out T) {
	defer s.r.recoverTooDeep()
	if args == nil {
		args = map[string]any{} // no arguments at all are an empty object
	}
	s.cur, s.vpending = args, true
	return f(s, Loc{})
}

// DecodeJSON reads a tool call's raw arguments into a T in one pass and
// returns it; otherwise the zero T and exactly the errors that
// tool.ParseArgs and then DecodeArgs return for the same bytes: the one
// error of a call that does not parse (bad_json, bad_number, bad_shape), or
// the errors of the arguments, at most maxErrors. A call with more errors
// than that, which only the end of the one pass could put in order, is read
// again as tool.ParseArgs and DecodeArgs read it: only broken or hostile
// calls take that second, equally linear, pass.
func (f Func[T]) DecodeJSON(raw []byte, maxErrors int) (T, tool.Errors) {
	var zero T
	s := getScanner(maxErrors, true)
	defer putScanner(s)
	s.r.stopWhenFull, s.raw = true, true
	s.sc.Reset(jsonscan.Arguments(raw))
	if s.sc.Peek() != jsonscan.Object {
		kind := s.sc.Skip()
		if !s.sc.Finish() {
			return zero, tool.Errors{tool.ParseError(s.sc.Err(), "the arguments are not valid JSON")}
		}
		got := s.kindName(kind)
		return zero, tool.Errors{{Code: tool.CodeBadShape, Expected: "object", Got: got,
			Reason: "the arguments should be a JSON object, got " + got}}
	}
	out, ok := f.raw(s)
	if !ok || s.r.stopped {
		args, errs := tool.ParseArgs(raw)
		if errs != nil {
			return zero, errs
		}
		return f.DecodeArgs(args, maxErrors)
	}
	if !s.sc.Finish() {
		return zero, tool.Errors{tool.ParseError(s.sc.Err(), "the arguments are not valid JSON")}
	}
	if errs := s.r.Errors(); errs != nil {
		return zero, errs
	}
	return out, nil
}

// raw runs the one pass; it reports false when a check panicked with
// tool.PanicTooDeep (a value nested deeper than the checks of a whole value
// follow), whose error the map decoder places.
func (f Func[T]) raw(s *Scanner) (out T, ok bool) {
	defer func() {
		if v := recover(); v != nil {
			if !tool.IsTooDeep(v) {
				panic(v)
			}
			ok = false
		}
	}()
	s.bpending = true
	return f(s, Loc{}), true
}

// Ptr returns a pointer to a copy of v when s decodes, for a pointer field;
// nil when s only validates, or has found the arguments invalid, which
// allocates nothing.
func Ptr[T any](s *Scanner, v T) *T {
	if !s.decoding() {
		return nil
	}
	p := new(T)
	*p = v
	return p
}

// Append appends v to items when s decodes.
func Append[T any](s *Scanner, items []T, v T) []T {
	if !s.decoding() {
		return items
	}
	return append(items, v)
}

// Slice returns a copy of items of their exact length when s decodes, for a
// slice field: an empty slice is not nil. It returns nil when s only
// validates.
func Slice[T any](s *Scanner, items []T) []T {
	if !s.decoding() {
		return nil
	}
	out := make([]T, len(items))
	copy(out, items)
	return out
}

// MapDecoder is the tool.Decoder of a generated check function, which
// validates a map into a Report and, when it is valid and out is not nil,
// decodes it into *out.
func MapDecoder[T any](check func(r *Report, args map[string]any, out *T)) tool.Decoder[T] {
	return mapDecoder[T](check)
}

type mapDecoder[T any] func(r *Report, args map[string]any, out *T)

func (m mapDecoder[T]) DecodeArgs(args map[string]any, maxErrors int) (T, tool.Errors) {
	r := NewReport(maxErrors)
	var out T
	m(&r, args, &out)
	if errs := r.Errors(); errs != nil {
		var zero T
		return zero, errs
	}
	return out, nil
}

func (m mapDecoder[T]) DecodeJSON(raw []byte, maxErrors int) (T, tool.Errors) {
	args, errs := tool.ParseArgs(raw)
	if errs != nil {
		var zero T
		return zero, errs
	}
	return m.DecodeArgs(args, maxErrors)
}
