package toolimpl

import (
	"strconv"
	"strings"
	"unsafe"

	"github.com/toolgen-go/toolgen/internal/value"
	"github.com/toolgen-go/toolgen/internal/words"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Report collects the errors of one validation: at most its limit, then
// one error with tool.CodeTooManyErrors, after which Full is true and the
// generated code stops walking the value. The zero Report has the limit
// tool.DefaultMaxErrors.
//
// Errors come in two kinds. A validation error says the arguments break
// the schema. A decode error says that a value the schema accepts does not
// fit its Go field (an int8 and 300, a type's UnmarshalText refusing it):
// it counts only when the arguments are otherwise valid. The errors of
// both kinds are kept in the order they come, which generated code reorders
// (see Truncate, and Scanner's runs); Errors returns the validation errors
// when there are any, the decode errors otherwise, each kind within its own
// limit.
type Report struct {
	errs   tool.Errors
	decode []bool // decode[i]: errs[i] is a decode error; nil while there is none
	nvalid int    // the validation errors, the last one included
	ndec   int    // the decode errors, the last one included
	max    int
	full   bool // the validation errors reached the limit
	// For a one pass (see Scanner): the limit applies at the end (cut),
	// to errors the Scanner puts in order; until then it drops those that
	// can no longer be among the first (Scanner.compact).
	limitAtEnd bool
	compactAt  int  // the number of errors at which the Scanner compacts them
	over       bool // validation errors past the limit were dropped
	overDecode bool // decode errors past the limit were dropped
	// dead: an error reported now comes after at least limit others,
	// until the Scanner moves on (see Scanner.compact); deadDecode: that
	// counts decode errors, which a validation error would make moot.
	dead, deadDecode bool
	// holding: a whole value, held from the raw bytes, is walked, whose
	// errors come in order (see Scanner.Hold); once it has more validation
	// errors than the limit by itself, past floor, the walk stops. (Decode
	// errors never stop a walk.)
	holding    bool
	floor      int
	halt       bool // Full: a walk can stop, its errors would come past the limit
	validating bool // only validating: decode errors are not reported

	// text holds the bytes of the texts the report writes (locations,
	// values shown), one allocation for the errors of a call rather than
	// one per text. Bytes are only appended: a string of the bytes
	// written stays as it is when text grows into another array.
	text []byte
}

// reset makes r the zero Report again. Its errors and texts are the
// caller's: they are let go of, not reused. A pointer is written only
// where one is held, as while the garbage collector runs each write of one
// costs a barrier.
func (r *Report) reset() {
	if r.errs != nil {
		r.errs = nil
	}
	if r.decode != nil {
		r.decode = nil
	}
	if r.text != nil {
		r.text = nil
	}
	r.nvalid, r.ndec, r.max, r.compactAt, r.floor = 0, 0, 0, 0, 0
	r.full, r.limitAtEnd, r.over, r.overDecode, r.validating = false, false, false, false, false
	r.dead, r.deadDecode, r.holding, r.halt = false, false, false, false
}

// textStart returns where the next text written into r.text starts.
func (r *Report) textStart() int {
	if r.text == nil {
		r.text = make([]byte, 0, 256)
	}
	return len(r.text)
}

// since returns the bytes of r.text written from start on, as a string.
func (r *Report) since(start int) string {
	if len(r.text) == start {
		return ""
	}
	return unsafe.String(&r.text[start], len(r.text)-start)
}

// location renders at into an error's Path and Name: as an RFC 6901 JSON
// Pointer (/coords/lat, /tags/0) and as a model reads it (coords.lat,
// tags[0]). It copies the bytes of member names: a string of a Loc kept in
// an Error would make the compiler put every Loc on the heap.
func (r *Report) location(at Loc) (pointer, name string) {
	start := r.textStart()
	// The steps, from at up, walked once for both renderings; a deep or
	// long location takes appendTo's way.
	var chain [16]*Loc
	n := 0
	for step := &at; step != nil && step.parent != nil; step = step.parent {
		if n == len(chain) {
			return r.locationFar(at, start)
		}
		chain[n] = step
		n++
	}
	b := r.text
	for i := n - 1; i >= 0; i-- {
		b = pointerStep(b, chain[i])
	}
	p := len(b) - start
	for i := n - 1; i >= 0; i-- {
		b = nameStep(b, chain[i], i == n-1)
	}
	if p > maxPathLength || len(b)-start-p > maxPathLength {
		return r.locationFar(at, start)
	}
	r.text = b
	s := r.since(start)
	return s[:p], s[p:]
}

// locationFar is location for a location of many steps or many bytes,
// which appendTo elides.
func (r *Report) locationFar(at Loc, start int) (pointer, name string) {
	r.text = at.appendTo(r.text[:start], false)
	n := len(r.text) - start
	r.text = at.appendTo(r.text, true)
	s := r.since(start)
	return s[:n], s[n:]
}

// NewReport returns a Report that keeps at most max errors; max <= 0 means
// tool.DefaultMaxErrors.
func NewReport(max int) Report { return Report{max: max} }

func (r *Report) limit() int {
	if r.max <= 0 {
		return tool.DefaultMaxErrors
	}
	return r.max
}

// tooMany is the last error of a report that reached its limit.
func (r *Report) tooMany() tool.Error {
	expected, reason := words.TooMany(r.limit())
	return tool.Error{Code: tool.CodeTooManyErrors, Expected: expected, Reason: reason}
}

// Add reports the validation error e at location at: its Path and Name
// are rendered from at.
func (r *Report) Add(at Loc, e tool.Error) {
	if r.full {
		return
	}
	if r.limitAtEnd {
		if r.halt {
			return
		}
		if r.dead && !r.deadDecode {
			r.over = true // an error past the limit: a walk may stop now
			r.setHalt()
			return
		}
	} else if r.nvalid >= r.limit() {
		r.push(false, r.tooMany())
		r.full = true
		return
	}
	e.Path, e.Name = r.location(at)
	r.push(false, e)
}

// addDecode reports the decode error e at location at.
func (r *Report) addDecode(at Loc, e tool.Error) {
	if r.validating || r.nvalid > 0 || !r.limitAtEnd && r.ndec > r.limit() {
		return // the arguments are not valid, or the limit is reached: the error does not count
	}
	if r.limitAtEnd && r.dead {
		r.overDecode = true
		return
	}
	if !r.limitAtEnd && r.ndec == r.limit() {
		e = r.tooMany()
	} else {
		e.Path, e.Name = r.location(at)
	}
	r.push(true, e)
}

func (r *Report) push(decode bool, e tool.Error) {
	if cap(r.errs) == 0 {
		r.errs = make(tool.Errors, 0, 8)
	}
	if decode && r.decode == nil {
		r.decode = make([]bool, len(r.errs), cap(r.errs))
	}
	r.errs = append(r.errs, e)
	if r.decode != nil {
		r.decode = append(r.decode, decode)
	}
	if decode {
		r.ndec++
	} else {
		r.nvalid++
		if r.holding && r.nvalid-r.floor > r.limit() {
			r.halt = true // the held value has more validation errors than the limit by itself
		}
	}
}

// hold starts the walk of a value held whole from the raw bytes: its
// errors come in order, so that once it has more than the limit of its
// own, the walk can stop.
func (r *Report) hold() {
	r.holding, r.floor = true, r.nvalid
	if r.errs == nil {
		r.errs = holdingNoErrors // non-nil: the Scanner's fast paths, which test errs alone, step aside
	}
}

// holdingNoErrors is the errors of a Report that holds a value and has no
// error yet: empty, not nil, and of no capacity, so that nothing is ever
// written into it.
var holdingNoErrors = tool.Errors{}

// moved ends the walk hold started, if any: the Scanner reads raw bytes
// again, where errors may come out of order.
func (r *Report) moved() {
	if r.holding {
		r.holding = false
		if len(r.errs) == 0 {
			r.errs = nil // was holdingNoErrors
		}
		r.setHalt()
	}
}

// setHalt sets what Full reports past the limit: an error was dropped and
// the current run is dead, or the value held has more validation errors
// than the limit by itself. (A dead run alone does not stop a walk: whether it
// holds an error decides whether there are more errors than the limit.)
func (r *Report) setHalt() {
	r.halt = r.dead && !r.deadDecode && r.over || r.holding && r.nvalid-r.floor > r.limit()
}

// cut applies the limit to the errors of a one pass, in order at its end:
// at most limit errors of the kind Errors returns, and then the last one,
// when there were more.
func (r *Report) cut() {
	r.Errors() // the validation errors alone, when there are any
	over := r.over
	if r.nvalid == 0 {
		over = r.overDecode
	}
	limit := r.limit()
	if len(r.errs) > limit || over && len(r.errs) > 0 {
		clear(r.errs[min(limit, len(r.errs)):])
		r.errs = append(r.errs[:min(limit, len(r.errs))], r.tooMany())
		r.decode = nil
	}
}

// Type reports a value of the wrong JSON type at location at: its type
// and, for a scalar, the value ("number 19.99"), which says more than its
// type to a model that wrote it.
func (r *Report) Type(at Loc, expected string, v any) {
	r.Add(at, tool.Error{Code: tool.CodeType, Expected: expected, Got: value.TypeName(v), Actual: value.ShowScalar(v)})
}

// Value reports a value of the right type that breaks a constraint; code is
// the JSON Schema keyword.
func (r *Report) Value(code tool.Code, at Loc, expected string, v any) {
	r.Add(at, tool.Error{Code: code, Expected: expected, Got: value.TypeName(v), Actual: value.Show(v)})
}

// OneOf reports a value valid against matched of the oneOf schemas, not
// exactly one.
func (r *Report) OneOf(at Loc, expected string, matched int, v any) {
	e := tool.Error{Code: "oneOf", Expected: expected, Got: value.TypeName(v), Actual: value.Show(v)}
	if matched > 1 {
		e.Actual = "a value valid against " + strconv.Itoa(matched) + " of them"
	}
	r.Add(at, e)
}

// Full reports whether the report reached its limit with validation
// errors: the generated code then stops walking the value. (Decode errors
// never stop the walk: a validation error further on would replace them.)
func (r *Report) Full() bool { return r.full || r.halt }

// Len returns the number of errors reported so far, of both kinds.
func (r *Report) Len() int { return len(r.errs) }

// Truncate drops the errors after the first n, so that the members of an
// object visited in Go's map order can be visited again in key order.
func (r *Report) Truncate(n int) {
	if n >= len(r.errs) {
		return
	}
	for i := n; i < len(r.errs); i++ {
		if r.decode != nil && r.decode[i] {
			r.ndec--
		} else {
			r.nvalid--
		}
	}
	clear(r.errs[n:])
	r.errs = r.errs[:n]
	if r.decode != nil {
		r.decode = r.decode[:n]
	}
	r.full = false
	if r.holding {
		r.setHalt()
	}
}

// Errors returns the errors reported, nil when there are none: the
// validation errors when there are any, else the decode errors.
func (r *Report) Errors() tool.Errors {
	switch {
	case len(r.errs) == 0:
		return nil
	case r.ndec > 0 && r.nvalid > 0:
		out := r.errs[:0]
		for i, e := range r.errs {
			if !r.decode[i] {
				out = append(out, e)
			}
		}
		clear(r.errs[len(out):])
		r.errs, r.decode, r.ndec = out, nil, 0
	}
	return r.errs
}

// found returns a copy of the first errors reported so far, at most the
// limit, in the order they were found (not yet the order of the end), as
// Errors would return them: the validation errors when there are any,
// else the decode errors.
func (r *Report) found() tool.Errors {
	out := make(tool.Errors, 0, min(len(r.errs), r.limit()))
	for i, e := range r.errs {
		if len(out) == r.limit() {
			break
		}
		if r.nvalid == 0 || r.decode == nil || !r.decode[i] {
			out = append(out, e)
		}
	}
	return out
}

// TooDeep reports a value nested deeper than MaxDepth at location at.
func (r *Report) TooDeep(at Loc) { r.Add(at, TooDeep()) }

// recoverTooDeep turns the panic of PanicTooDeep into a depth error;
// any other panic goes on.
func (r *Report) recoverTooDeep() {
	if v := recover(); v != nil {
		if !value.IsTooDeep(v) {
			panic(v)
		}
		r.Add(Loc{}, TooDeep())
	}
}

// Range reports a number a validator accepted that the Go field cannot
// hold: an int beyond 64 bits, a float beyond float32. Its code is
// "minimum" or "maximum", the bound it crosses; min and max are the field
// type's bounds as text.
func (r *Report) Range(at Loc, min, max string, v any) {
	if f, ok := value.Number(v); ok && f < 0 {
		r.Decode(at, "minimum", ">= "+min, v)
		return
	}
	r.Decode(at, "maximum", "<= "+max, v)
}

// Decode reports a value that the validator accepted but that does not
// decode into its Go field: code is the keyword concerned
// ("contentEncoding" for bad base64, "propertyNames" for map keys), expected
// what the field needs.
func (r *Report) Decode(at Loc, code tool.Code, expected string, v any) {
	r.addDecode(at, tool.Error{Code: code, Expected: expected, Got: value.TypeName(v), Actual: value.Show(v)})
}

// maxReason bounds how much of the error of a type's own decoding method a
// Reason repeats.
const maxReason = 200

// Invalid reports a value that the schema accepts but that its Go type's own
// UnmarshalJSON or UnmarshalText method (or, for a url.URL, url.Parse)
// refuses, with code tool.CodeInvalid and the method's error, shortened, as
// the Reason.
func (r *Report) Invalid(at Loc, err error, v any) {
	if r.validating || r.nvalid > 0 {
		return
	}
	subject := "the arguments do not"
	if name := at.name(); name != "" {
		subject = "argument '" + name + "' does not"
	}
	r.addDecode(at, tool.Error{Code: tool.CodeInvalid, Got: value.TypeName(v), Actual: value.Show(v),
		Reason: strings.Join([]string{subject, " decode: ", cut(err.Error(), maxReason)}, "")})
}

// RecoverTooDeep, deferred by a generated validator, turns the panic of
// PanicTooDeep into a depth error. Any other panic goes on.
func (r *Report) RecoverTooDeep() {
	if v := recover(); v != nil {
		if !value.IsTooDeep(v) {
			panic(v)
		}
		r.Add(Loc{}, TooDeep())
	}
}
