package tool

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file is for generated code: where a value lies in the arguments
// (Loc), and the errors of one validation, bounded in number (Report).

// CodeTooManyErrors is the last error of a call that has more errors than its
// limit (DefaultMaxErrors, or a Set's WithMaxErrors): validation stopped
// there, so the errors after the limit are neither reported nor counted.
const CodeTooManyErrors = "too_many_errors"

// DefaultMaxErrors is how many errors a validation reports at most, unless a
// Set's WithMaxErrors says otherwise. A validator that reaches it reports one
// more error, CodeTooManyErrors, and stops walking the arguments.
const DefaultMaxErrors = 100

// MaxKeyLength bounds how much of a member name an error's Path or Name
// repeats: a longer name is cut to its first MaxKeyLength characters and
// "…", so that a huge member name the model sent is not echoed back whole.
const MaxKeyLength = maxShown

// MaxPathLength bounds the bytes of an error's Path and of its Name: the
// location of a value nested deeper keeps its first and last steps, joined
// by "…".
const MaxPathLength = 2048

// Loc is where a value lies in the arguments, for generated code: a chain
// of member names and array indexes back to the arguments themselves (the
// zero Loc), built on the stack as a validator descends and rendered into an
// Error's Path and Name only when an error is reported. Nothing is built or
// rewritten for a valid value, and an error costs its own depth, not the
// depth of every level above it.
type Loc struct {
	parent *Loc
	key    string
	index  int
	kind   uint8
}

const (
	locRoot uint8 = iota
	locKey
	locIndex
)

// Key returns the location of the member named k of the object at l.
func (l *Loc) Key(k string) Loc { return Loc{parent: l, key: k, kind: locKey} }

// Index returns the location of item i of the array at l.
func (l *Loc) Index(i int) Loc { return Loc{parent: l, index: i, kind: locIndex} }

// maxSteps bounds the steps of a location that a rendering follows: far
// deeper than any validator descends, it stops a chain that a misuse made
// cyclic.
const maxSteps = 1 << 16

// name renders l as a model reads it: coords.lat, tags[0].
func (l Loc) name() string { return string(l.appendTo(nil, true)) }

// pointerAndName renders l as an RFC 6901 JSON Pointer (/coords/lat,
// /tags/0) and as a model reads it (coords.lat, tags[0]), with one
// allocation: an error's Path and Name share it.
//
// Rendering copies the bytes of member names: a string of a Loc stored in an
// Error would make the compiler put every Loc on the heap.
func (l Loc) pointerAndName() (pointer, name string) {
	var buf [256]byte
	b := l.appendTo(buf[:0], false)
	n := len(b)
	b = l.appendTo(b, true)
	s := string(b)
	return s[:n], s[n:]
}

// writeStep appends the step at to b, as a name or as a JSON Pointer.
func writeStep(b []byte, at *Loc, first, asName bool) []byte {
	if asName {
		return nameStep(b, at, first)
	}
	return pointerStep(b, at, first)
}

func pointerStep(b []byte, at *Loc, _ bool) []byte {
	b = append(b, '/')
	if at.kind == locIndex {
		return strconv.AppendInt(b, int64(at.index), 10)
	}
	k := shortKey(at.key)
	for i := 0; i < len(k); i++ {
		switch k[i] {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = append(b, k[i])
		}
	}
	return b
}

func nameStep(b []byte, at *Loc, first bool) []byte {
	if at.kind == locIndex {
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(at.index), 10)
		return append(b, ']')
	}
	if !first {
		b = append(b, '.')
	}
	return append(b, shortKey(at.key)...)
}

// appendTo appends the steps of l from the root to dst. It walks the chain
// from l up, writing each step reversed, and reverses what it wrote at the
// end: the Locs stay on the stack, since nothing of them is stored. A
// location longer than MaxPathLength keeps its first quarter and its last
// three quarters, around "…".
func (l Loc) appendTo(dst []byte, asName bool) []byte {
	var scratch [96]byte
	start := len(dst)
	b := dst
	for at := &l; at != nil && at.kind != locRoot; at = at.parent {
		first := at.parent == nil || at.parent.kind == locRoot
		s := writeStep(scratch[:0], at, first, asName)
		for j := len(s) - 1; j >= 0; j-- {
			b = append(b, s[j])
		}
		if len(b)-start > MaxPathLength {
			return l.elided(dst[:start], asName)
		}
	}
	reverse(b[start:])
	return b
}

// elided appends a location longer than MaxPathLength to dst.
func (l Loc) elided(dst []byte, asName bool) []byte {
	n := 0
	for at := &l; at != nil && at.kind != locRoot && n < maxSteps; at = at.parent {
		n++
	}
	// The length of each step, from the root.
	lens := make([]int, n)
	var scratch [96]byte
	i := n
	for at := &l; i > 0; at = at.parent {
		i--
		lens[i] = len(writeStep(scratch[:0], at, i == 0, asName))
	}
	// The steps [0, head) and [tail, n) are written.
	head, size := 0, 0
	for head < n-1 && size+lens[head] <= MaxPathLength/4 {
		size += lens[head]
		head++
	}
	tail := n - 1
	size = lens[n-1]
	for tail > head+1 && size+lens[tail-1] <= MaxPathLength*3/4 {
		tail--
		size += lens[tail]
	}
	start := len(dst)
	b := dst
	i = n
	for at := &l; i > 0; at = at.parent {
		i--
		if i >= head && i < tail {
			if i == tail-1 {
				b = append(b, "\xa6\x80\xe2"...) // "…" reversed
			}
			continue
		}
		s := writeStep(scratch[:0], at, i == 0, asName)
		for j := len(s) - 1; j >= 0; j-- {
			b = append(b, s[j])
		}
	}
	reverse(b[start:])
	return b
}

func reverse(b []byte) {
	for x, y := 0, len(b)-1; x < y; x, y = x+1, y-1 {
		b[x], b[y] = b[y], b[x]
	}
}

// shortKey cuts a member name to MaxKeyLength characters.
func shortKey(k string) string {
	if len(k) <= MaxKeyLength {
		return k
	}
	return shorten(k)
}

// Report collects the errors of one validation, for generated code: at most
// its limit, then one error with CodeTooManyErrors, after which Full is
// true and the generated code stops walking the value. The zero Report has
// the limit DefaultMaxErrors.
type Report struct {
	errs Errors
	max  int
	full bool
}

// NewReport returns a Report that keeps at most max errors; max <= 0 means
// DefaultMaxErrors.
func NewReport(max int) Report { return Report{max: max} }

func (r *Report) limit() int {
	if r.max <= 0 {
		return DefaultMaxErrors
	}
	return r.max
}

// room reports whether one more error may be added, and adds the error that
// ends the report when not.
func (r *Report) room() bool {
	if r.full {
		return false
	}
	if len(r.errs) < r.limit() {
		return true
	}
	n := strconv.Itoa(r.limit())
	r.errs = append(r.errs, Error{Code: CodeTooManyErrors, Expected: "at most " + n + " errors",
		Reason: "there are more errors than the " + n + " reported; validation stopped there, so correct these and call again"})
	r.full = true
	return false
}

// Add reports e at location at: its Path and Name are rendered from at.
func (r *Report) Add(at Loc, e Error) {
	if r.room() {
		e.Path, e.Name = at.pointerAndName()
		if r.errs == nil {
			r.errs = make(Errors, 0, 8)
		}
		r.errs = append(r.errs, e)
	}
}

// Type reports a value of the wrong JSON type at location at.
func (r *Report) Type(at Loc, expected string, v any) {
	if r.room() {
		r.Add(at, Error{Code: CodeType, Expected: expected, Got: TypeName(v)})
	}
}

// Value reports a value of the right type that breaks a constraint; code is
// the JSON Schema keyword.
func (r *Report) Value(code string, at Loc, expected string, v any) {
	if r.room() {
		r.Add(at, Error{Code: code, Expected: expected, Got: TypeName(v), Actual: Show(v)})
	}
}

// OneOf reports a value valid against matched of the oneOf schemas, not
// exactly one.
func (r *Report) OneOf(at Loc, expected string, matched int, v any) {
	if r.room() {
		e := Error{Code: "oneOf", Expected: expected, Got: TypeName(v), Actual: Show(v)}
		if matched > 1 {
			e.Actual = "a value valid against " + Index(matched) + " of them"
		}
		r.Add(at, e)
	}
}

// Full reports whether the report reached its limit: the generated code
// then stops walking the value.
func (r *Report) Full() bool { return r.full }

// Len returns the number of errors reported so far.
func (r *Report) Len() int { return len(r.errs) }

// Truncate drops the errors after the first n, so that the members of an
// object visited in Go's map order can be visited again in key order.
func (r *Report) Truncate(n int) {
	if n < len(r.errs) {
		clear(r.errs[n:])
		r.errs = r.errs[:n]
		r.full = false
	}
}

// Errors returns the errors reported, nil when there are none.
func (r *Report) Errors() Errors {
	if len(r.errs) == 0 {
		return nil
	}
	return r.errs
}

// extend adds errors reported elsewhere, with their own paths, within the
// limit.
func (r *Report) extend(errs Errors) {
	for _, e := range errs {
		if !r.room() {
			return
		}
		r.errs = append(r.errs, e)
	}
}

// RecoverTooDeep, deferred by a generated validator, turns the panic of
// PanicTooDeep into a depth error. Any other panic goes on.
func (r *Report) RecoverTooDeep() {
	if v := recover(); v != nil {
		if _, ok := v.(tooDeep); !ok {
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
	if f, ok := Number(v); ok && f < 0 {
		r.Value("minimum", at, ">= "+min, v)
		return
	}
	r.Value("maximum", at, "<= "+max, v)
}

// Decode reports a value that the validator accepted but that does not
// decode into its Go field: code is the keyword concerned
// ("contentEncoding" for bad base64, "propertyNames" for map keys), expected
// what the field needs.
func (r *Report) Decode(at Loc, code, expected string, v any) {
	r.Value(code, at, expected, v)
}

// maxReason bounds how much of the error of a type's own decoding method a
// Reason repeats.
const maxReason = 200

// Invalid reports a value that the schema accepts but that its Go type's own
// UnmarshalJSON or UnmarshalText method (or, for a url.URL, url.Parse)
// refuses, with code CodeInvalid and the method's error, shortened, as the
// Reason.
func (r *Report) Invalid(at Loc, err error, v any) {
	if !r.room() {
		return
	}
	msg := err.Error()
	if len(msg) > maxReason {
		cut := maxReason
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut] + "…"
	}
	subject := "the arguments do not"
	if name := at.name(); name != "" {
		subject = "argument '" + name + "' does not"
	}
	r.Add(at, Error{Code: CodeInvalid, Got: TypeName(v), Actual: Show(v), Reason: strings.Join([]string{subject, " decode: ", msg}, "")})
}

// Head returns the first n items of list, or list when it is shorter: the
// items a validator checks when an array is longer than its maxItems.
func Head(list []any, n int) []any {
	if len(list) > n {
		return list[:n]
	}
	return list
}

// KeysInOrder yields the keys of m in ascending order, for generated code
// that reports errors member by member: it sorts lazily (a heap), so that a
// loop that stops when its Report is full after a few members costs time
// linear in the number of members, not n·log n.
func KeysInOrder(m map[string]any) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		for i := len(keys)/2 - 1; i >= 0; i-- {
			siftDown(keys, i)
		}
		for n := len(keys); n > 0; n-- {
			if !yield(keys[0]) {
				return
			}
			keys[0] = keys[n-1]
			keys = keys[:n-1]
			siftDown(keys, 0)
		}
	}
}

// siftDown restores the min-heap order of keys below i.
func siftDown(keys []string, i int) {
	for {
		least := i
		if l := 2*i + 1; l < len(keys) && keys[l] < keys[least] {
			least = l
		}
		if r := 2*i + 2; r < len(keys) && keys[r] < keys[least] {
			least = r
		}
		if least == i {
			return
		}
		keys[i], keys[least] = keys[least], keys[i]
		i = least
	}
}
