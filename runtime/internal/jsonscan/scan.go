// Package jsonscan reads JSON one token at a time, strictly, for toolgen's
// runtime: the grammar, limits and error messages of a tool call's
// arguments. It depends on nothing else in the runtime, so that both the
// application package (which parses arguments into maps) and the package
// generated code calls (which decodes arguments into Go values in one pass)
// can drive the same scanner.
//
// Where encoding/json repairs or guesses, the scanner rejects: invalid UTF-8,
// an escaped lone surrogate, a member name that appears twice in one object,
// values nested deeper than MaxNesting, and numbers beyond float64's range.
// The first error stops the scan; every later call is a no-op that reports
// false.
package jsonscan

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// MaxNesting bounds how deep the scanner follows nested arrays and objects.
const MaxNesting = 512

// Codes of the errors the scanner reports, equal to the runtime's codes of
// the same names.
const (
	CodeBadJSON   = "bad_json"
	CodeBadNumber = "bad_number"
)

// Kind is the JSON type of a value, as its first byte tells it.
type Kind uint8

const (
	Invalid Kind = iota // not the start of a value, or the end of the input
	Null
	Bool
	Number
	String
	Array
	Object
)

// Error is where and why scanning stopped.
type Error struct {
	Code   string // CodeBadJSON or CodeBadNumber
	Strict bool   // JSON that encoding/json accepts and the scanner refuses
	Offset int    // byte offset in the input
	Path   string // RFC 6901 pointer to the value being read
	Msg    string
}

// Reason renders the error as one sentence, after prefix ("the arguments
// are not valid JSON").
func (e *Error) Reason(prefix string) string {
	reason := prefix + ": " + e.Msg
	if e.Path != "" {
		reason += " at " + shortPointer(e.Path)
	}
	if e.Code == CodeBadJSON {
		reason += " (byte " + strconv.Itoa(e.Offset) + ")"
	}
	return reason
}

// What a frame's level contributes to the path of the value being read.
const (
	childNone uint8 = iota
	childKey
	childIndex
)

// frame is an open array or object.
type frame struct {
	child    uint8 // what the path holds for this level
	keyEsc   bool  // the current member name has escapes
	keyStart int   // the current member name: its opening quote,
	keyEnd   int   // and the offset after its closing quote
	index    int   // the current item
	n        int   // members or items read so far
	names    int   // where this object's undeclared names start in Scanner.names
	seen     uint64
	big      *bigFrame // for objects of many members
}

// bigFrame holds what only objects of many members need.
type bigFrame struct {
	seen  []uint64            // declared members 64 and up
	names map[string]struct{} // undeclared names, beyond linearNames
}

// linearNames is how many undeclared names of one object are compared one
// by one before they go into a map.
const linearNames = 16

// inlineFrames is how many levels of nesting need no allocation.
const inlineFrames = 6

// Scanner reads one JSON document. The zero Scanner reads the empty input;
// Reset starts it on a document. A Scanner must not be copied after use.
//
// A document may arrive in parts (a tool call a provider streams): given a
// Source (Start), the scanner asks it for more bytes where it has read every
// byte it has, instead of concluding that the document ends there. It asks
// in one place, avail, so that whatever it decides about the bytes so far it
// would decide about the whole document: the same tokens, the same errors at
// the same offsets, for any split.
type Scanner struct {
	data   []byte
	pos    int
	src    Source // nil: data is the whole document
	ended  bool   // src said the document ends at len(data)
	depth  int
	frames [inlineFrames]frame
	more   []frame
	names  []string // undeclared names of the open objects
	key    string   // the current member name, decoded
	num    string   // the last number's literal
	buf    []byte   // decoded text of the last string with escapes
	err    *Error
}

var emptyObject = []byte("{}")

// A Source gives a Scanner a document that arrives in parts.
type Source interface {
	// More returns the bytes of the document so far, which begin with
	// those it returned before, when hint says they may change what the
	// scanner has read (see Hint) or when the document ends; ok is false
	// at the end, with every byte. The bytes it returned before must not
	// change: the scanner's strings borrow them.
	More(hint Hint) (data []byte, ok bool)
}

// Hint says which bytes, written after those the scanner has, can change
// what it has read: a Source may wait for one of them (or the end) before
// answering More. Waiting changes nothing of what the scanner reports,
// only when: the bytes it skips are those that extend a token without
// completing it or breaking it.
type Hint uint8

const (
	// AnyByte: every byte may complete or break what is being read.
	AnyByte Hint = iota
	// InString: the scanner is inside a string; printable ASCII bytes other
	// than '"' and '\\' only extend it.
	InString
	// InDigits: the scanner is reading the digits of a number; digits only
	// extend it.
	InDigits
	// InSpace: the scanner is skipping white space, which only extends it.
	InSpace
)

// Extends reports whether every byte of p only extends what a scanner
// reading with hint h has read: a Source that has only such bytes may wait
// for more before answering More.
func (h Hint) Extends(p []byte) bool {
	switch h {
	case InString:
		for _, c := range p {
			if !plain[c] {
				return false
			}
		}
		return true
	case InDigits:
		for _, c := range p {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	case InSpace:
		for _, c := range p {
			if !isSpace(c) {
				return false
			}
		}
		return true
	}
	return len(p) == 0
}

// Arguments returns a tool call's raw arguments as the document to read:
// empty input, or only white space, is the empty object, as providers send
// a call without arguments.
func Arguments(raw []byte) []byte {
	if isBlank(raw) {
		return emptyObject
	}
	return raw
}

// Start starts the scanner on a tool call's raw arguments, as Reset of
// Arguments(raw) does, and, when src is not nil, on the bytes src gives after
// raw: the arguments of a streamed call. Empty arguments, or only white
// space, are the empty object, known at the end of the stream.
func (s *Scanner) Start(raw []byte, src Source) {
	s.Reset(raw)
	s.src = src
	s.skipSpace(InSpace)
	if !s.avail() {
		s.data, s.pos = emptyObject, 0
	}
}

// All returns the whole document, after waiting for its end.
func (s *Scanner) All() []byte {
	for s.fill(AnyByte) {
		s.pos = len(s.data)
	}
	return s.data
}

// avail reports whether a byte is at pos: when every byte so far is read,
// it asks the source for more, or learns that the document ends. It is the
// scanner's one way of telling the end of the input; availFor says why it
// waits.
func (s *Scanner) avail() bool { return s.pos < len(s.data) || s.fill(AnyByte) }

func (s *Scanner) availFor(h Hint) bool { return s.pos < len(s.data) || s.fill(h) }

// fill asks the source for bytes past pos; false at the end.
func (s *Scanner) fill(h Hint) bool {
	for s.src != nil && !s.ended && s.pos >= len(s.data) {
		data, ok := s.src.More(h)
		if len(data) < len(s.data) {
			panic("jsonscan: a Source returned fewer bytes than before")
		}
		s.data = data
		if !ok {
			s.ended = true
		}
	}
	return s.pos < len(s.data)
}

// availAt reports whether a byte is at pos+n, asking the source for more
// as avail does.
func (s *Scanner) availAt(n int) bool {
	at := s.pos
	s.pos += n
	ok := s.avail()
	s.pos = at
	return ok
}

// fullRune reports whether the bytes at pos hold a whole UTF-8 encoding
// (or can hold no more of one), asking the source for more as avail does.
func (s *Scanner) fullRune() {
	for !utf8.FullRune(s.data[s.pos:]) {
		at := s.pos
		s.pos = len(s.data)
		more := s.fill(AnyByte)
		s.pos = at
		if !more {
			return
		}
	}
}

// Reset starts the scanner on data.
func (s *Scanner) Reset(data []byte) {
	clear(s.names) // let go of the previous input
	// push sets each frame it opens: only what a frame left open by an
	// error holds is let go of.
	for i := range s.frames {
		s.frames[i].big = nil
	}
	s.data, s.pos, s.depth, s.more, s.names = data, 0, 0, s.more[:0], s.names[:0]
	s.src, s.ended = nil, false
	s.key, s.num, s.buf, s.err = "", "", s.buf[:0], nil
}

// Err returns the error that stopped the scan, or nil.
func (s *Scanner) Err() *Error { return s.err }

func isBlank(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (s *Scanner) skipSpace(h Hint) {
	for s.availFor(h) && isSpace(s.data[s.pos]) {
		s.pos++
	}
}

// Peek returns the kind of the next value without reading it.
func (s *Scanner) Peek() Kind {
	if s.err != nil {
		return Invalid
	}
	s.skipSpace(InSpace)
	if !s.avail() {
		return Invalid
	}
	switch c := s.data[s.pos]; {
	case c == '{':
		return Object
	case c == '[':
		return Array
	case c == '"':
		return String
	case c == '-' || (c >= '0' && c <= '9'):
		return Number
	case c == 't' || c == 'f':
		return Bool
	case c == 'n':
		return Null
	}
	return Invalid
}

// Finish checks that nothing but white space follows the document's value.
func (s *Scanner) Finish() bool {
	if s.err != nil {
		return false
	}
	s.skipSpace(InSpace)
	if s.avail() {
		return s.fail(false, "unexpected data after the end of the value")
	}
	return true
}

// --- errors ------------------------------------------------------------------

func (s *Scanner) fail(strict bool, msg string) bool {
	if s.err == nil {
		s.err = &Error{Code: CodeBadJSON, Strict: strict, Offset: s.pos, Path: string(s.AppendPointer(nil)), Msg: msg}
	}
	return false
}

func (s *Scanner) unexpected(what string) bool {
	if !s.avail() {
		return s.fail(false, "unexpected end of input, expecting "+what)
	}
	c := s.data[s.pos]
	shown := strconv.QuoteRuneToASCII(rune(c))
	if c >= utf8.RuneSelf {
		s.fullRune()
		if r, size := utf8.DecodeRune(s.data[s.pos:]); r != utf8.RuneError || size > 1 {
			shown = strconv.QuoteRuneToASCII(r)
		} else {
			shown = "byte 0x" + strconv.FormatUint(uint64(c), 16)
		}
	}
	return s.fail(false, "invalid character "+shown+", expecting "+what)
}

// --- the path of the value being read ----------------------------------------

func (s *Scanner) frame(level int) *frame {
	if level < inlineFrames {
		return &s.frames[level]
	}
	return &s.more[level-inlineFrames]
}

func (s *Scanner) top() *frame { return s.frame(s.depth - 1) }

// memberName returns the decoded name of f's current member, borrowed.
func (s *Scanner) memberName(f *frame) string {
	if !f.keyEsc {
		if f.keyEnd-f.keyStart == 2 {
			return ""
		}
		return unsafe.String(&s.data[f.keyStart+1], f.keyEnd-f.keyStart-2)
	}
	// Decode again: the name was valid when it was read.
	sub := Scanner{data: s.data[:f.keyEnd], pos: f.keyStart}
	name, _ := sub.str()
	return name
}

// AppendPointer appends the RFC 6901 JSON Pointer of the value being read:
// "" for the document, "/coords/lat", "/tags/1".
func (s *Scanner) AppendPointer(b []byte) []byte {
	for level := 0; level < s.depth; level++ {
		f := s.frame(level)
		switch f.child {
		case childKey:
			b = AppendPointerKey(append(b, '/'), s.memberName(f))
		case childIndex:
			b = strconv.AppendInt(append(b, '/'), int64(f.index), 10)
		}
	}
	return b
}

// AppendName appends the name a model reads for the value being read:
// "city", "coords.lat", "tags[1]"; nothing for the document.
func (s *Scanner) AppendName(b []byte) []byte {
	first := true
	for level := 0; level < s.depth; level++ {
		f := s.frame(level)
		switch f.child {
		case childKey:
			if !first {
				b = append(b, '.')
			}
			b = append(b, s.memberName(f)...)
			first = false
		case childIndex:
			b = strconv.AppendInt(append(b, '['), int64(f.index), 10)
			b = append(b, ']')
			first = false
		}
	}
	return b
}

// AppendPointerKey appends k escaped for a JSON Pointer: ~ as ~0, / as ~1.
func AppendPointerKey(b []byte, k string) []byte {
	for i := 0; i < len(k); i++ {
		switch k[i] {
		case '~':
			b = append(b, '~', '0')
		case '/':
			b = append(b, '~', '1')
		default:
			b = append(b, k[i])
		}
	}
	return b
}

// --- objects and arrays --------------------------------------------------------

func (s *Scanner) push() *frame {
	if s.depth >= MaxNesting {
		s.fail(true, "values are nested deeper than "+strconv.Itoa(MaxNesting)+" levels")
		return nil
	}
	s.depth++
	if s.depth > inlineFrames && len(s.more) < s.depth-inlineFrames {
		s.more = append(s.more, frame{})
	}
	f := s.top()
	*f = frame{names: len(s.names)}
	return f
}

// Object reads the '{' of an object and reports true, or reports false
// and reads nothing when the next value is not an object. Read the members
// with Next, and call End after the last.
func (s *Scanner) Object() bool {
	if s.Peek() != Object || s.push() == nil {
		return false
	}
	s.pos++
	return true
}

// Array reads the '[' of an array and reports true, or reports false and
// reads nothing when the next value is not an array. Read the items with
// NextItem, and call End after the last.
func (s *Scanner) Array() bool {
	if s.Peek() != Array || s.push() == nil {
		return false
	}
	s.pos++
	return true
}

// End closes the array or object that Object or Array opened, once Next or
// NextItem has reported false.
func (s *Scanner) End() {
	if s.depth == 0 {
		return
	}
	f := s.top()
	s.names = s.names[:f.names]
	f.big = nil
	s.depth--
}

// Count returns how many members or items of the open object or array have
// been read.
func (s *Scanner) Count() int {
	if s.depth == 0 {
		return 0
	}
	return s.top().n
}

// Next reads the name of the next member of the open object and reports
// true, or reads the closing '}' and reports false. The name is Key; then
// call Member or Undeclared, and read the value.
func (s *Scanner) Next() bool {
	f, ok := s.another('}', "',' or '}' after a member")
	if !ok {
		return false
	}
	s.skipSpace(InSpace)
	if !s.avail() || s.data[s.pos] != '"' {
		return s.unexpected("a member name in double quotes")
	}
	start := s.pos
	key, esc, ok := s.stringToken()
	if !ok {
		return false
	}
	f.keyStart, f.keyEnd, f.keyEsc = start, s.pos, esc
	s.key = key
	f.n++
	return true
}

// another reads what follows a member or item of the open object or array:
// the ',' before another one, or the closing bracket end.
func (s *Scanner) another(end byte, after string) (*frame, bool) {
	if s.err != nil || s.depth == 0 {
		return nil, false
	}
	f := s.top()
	f.child = childNone
	s.skipSpace(InSpace)
	switch {
	case s.avail() && s.data[s.pos] == end:
		s.pos++
		return f, false
	case f.n == 0:
		return f, true
	case s.avail() && s.data[s.pos] == ',':
		s.pos++
		return f, true
	}
	return f, s.unexpected(after)
}

// Key returns the name Next read, decoded. It is valid until the next call
// that reads a string.
func (s *Scanner) Key() string { return s.key }

// Member marks the member Next read as the declared member i of the object
// (its index among the declared ones) and reads the ':' after its name. A
// name read twice in one object is an error, reported at the second.
func (s *Scanner) Member(i int) bool {
	if s.err != nil || s.depth == 0 {
		return false
	}
	f := s.top()
	if i < 64 {
		if f.seen&(1<<i) != 0 {
			return s.duplicate(f)
		}
		f.seen |= 1 << i
	} else {
		if f.big == nil {
			f.big = &bigFrame{}
		}
		w := (i - 64) / 64
		for len(f.big.seen) <= w {
			f.big.seen = append(f.big.seen, 0)
		}
		if f.big.seen[w]&(1<<(i%64)) != 0 {
			return s.duplicate(f)
		}
		f.big.seen[w] |= 1 << (i % 64)
	}
	return s.colon(f)
}

// Has reports whether the open object had the declared member i.
func (s *Scanner) Has(i int) bool {
	if s.depth == 0 {
		return false
	}
	f := s.top()
	if i < 64 {
		return f.seen&(1<<i) != 0
	}
	w := (i - 64) / 64
	return f.big != nil && w < len(f.big.seen) && f.big.seen[w]&(1<<(i%64)) != 0
}

// Undeclared marks the member Next read as one that no declared member
// matches, and reads the ':' after its name. A name read twice in one
// object is an error, reported at the second.
func (s *Scanner) Undeclared() bool {
	if s.err != nil || s.depth == 0 {
		return false
	}
	f := s.top()
	key := s.key
	if f.keyEsc {
		key = strings.Clone(key) // s.key is in s.buf, which the next string overwrites
	}
	names := s.names[f.names:]
	switch {
	case f.big != nil && f.big.names != nil:
		if _, dup := f.big.names[key]; dup {
			return s.duplicate(f)
		}
		f.big.names[key] = struct{}{}
	case len(names) < linearNames:
		for _, n := range names {
			if n == key {
				return s.duplicate(f)
			}
		}
		s.names = append(s.names, key)
	default:
		if f.big == nil {
			f.big = &bigFrame{}
		}
		f.big.names = make(map[string]struct{}, 2*linearNames)
		for _, n := range names {
			f.big.names[n] = struct{}{}
		}
		if _, dup := f.big.names[key]; dup {
			return s.duplicate(f)
		}
		f.big.names[key] = struct{}{}
	}
	return s.colon(f)
}

func (s *Scanner) duplicate(f *frame) bool {
	s.pos = f.keyStart
	f.child = childKey
	return s.fail(true, "the member "+quoteShort(s.key)+" appears twice in the same object")
}

func (s *Scanner) colon(f *frame) bool {
	s.skipSpace(InSpace)
	if !s.avail() || s.data[s.pos] != ':' {
		return s.unexpected("':' after a member name")
	}
	s.pos++
	f.child = childKey
	return true
}

// NextItem reports true when the open array has another item, which the
// caller then reads, or reads the closing ']' and reports false.
func (s *Scanner) NextItem() bool {
	f, ok := s.another(']', "',' or ']' after an array item")
	if !ok {
		return false
	}
	f.child, f.index = childIndex, f.n
	f.n++
	return true
}

// --- scalars -------------------------------------------------------------------

// String reads a string and returns it decoded, or reports false and reads
// nothing when the next value is not a string. The string is borrowed: it
// shares memory with the input or with the scanner, and is valid until the
// next call that reads a string. Clone it to keep it.
func (s *Scanner) String() (string, bool) {
	if s.Peek() != String {
		return "", false
	}
	v, _, ok := s.stringToken()
	return v, ok
}

// Number reads a number and returns its literal, or reports false and
// reads nothing when the next value is not a number. The literal follows
// JSON's grammar and lies within float64's range; it is borrowed like a
// String.
func (s *Scanner) Number() (string, bool) {
	if s.Peek() != Number {
		return "", false
	}
	return s.number()
}

// Bool reads true or false, or reports ok false and reads nothing when the
// next value is not a boolean.
func (s *Scanner) Bool() (v, ok bool) {
	if s.Peek() != Bool {
		return false, false
	}
	if s.data[s.pos] == 't' {
		return true, s.literal("true")
	}
	return false, s.literal("false")
}

// Null reads null, or reports false and reads nothing when the next value
// is not null.
func (s *Scanner) Null() bool {
	return s.Peek() == Null && s.literal("null")
}

// Skip reads the next value, whatever it is, checking it like any other,
// and returns its kind; Invalid when it is not JSON. For a number, Literal
// returns its literal.
func (s *Scanner) Skip() Kind {
	if s.err != nil {
		return Invalid
	}
	k := s.Peek()
	var ok bool
	switch k {
	case Object:
		if !s.Object() {
			return Invalid
		}
		for s.Next() {
			if s.Undeclared() {
				s.Skip()
			}
		}
		s.End()
		ok = s.err == nil
	case Array:
		if !s.Array() {
			return Invalid
		}
		for s.NextItem() {
			s.Skip()
		}
		s.End()
		ok = s.err == nil
	case String:
		_, _, ok = s.stringToken()
	case Number:
		_, ok = s.number()
	case Bool:
		_, ok = s.Bool()
	case Null:
		ok = s.Null()
	default:
		ok = s.unexpected("a value")
	}
	if !ok {
		return Invalid
	}
	return k
}

// Literal returns the literal of the last number read, borrowed.
func (s *Scanner) Literal() string { return s.num }

func (s *Scanner) literal(word string) bool {
	for i := 0; i < len(word); i++ {
		if !s.avail() || s.data[s.pos] != word[i] {
			return s.unexpected("the literal " + word)
		}
		s.pos++
	}
	return true
}

// number reads a number at s.pos, which is '-' or a digit.
func (s *Scanner) number() (string, bool) {
	start := s.pos
	if s.data[s.pos] == '-' {
		s.pos++
	}
	intDigits := 1
	if s.avail() && s.data[s.pos] == '0' {
		s.pos++
	} else if intDigits = s.digits(); intDigits == 0 {
		return "", s.unexpected("a digit")
	}
	if s.avail() && s.data[s.pos] == '.' {
		s.pos++
		if s.digits() == 0 {
			return "", s.unexpected("a digit after the decimal point")
		}
	}
	exponent := false
	if s.avail() && (s.data[s.pos] == 'e' || s.data[s.pos] == 'E') {
		s.pos++
		if s.avail() && (s.data[s.pos] == '+' || s.data[s.pos] == '-') {
			s.pos++
		}
		if s.digits() == 0 {
			return "", s.unexpected("a digit in the exponent")
		}
		exponent = true
	}
	lit := unsafe.String(&s.data[start], s.pos-start)
	// Below 1e308 a number without exponent is surely finite; parse the
	// others to find out.
	if exponent || intDigits > 308 {
		if f, err := strconv.ParseFloat(lit, 64); err != nil && math.IsInf(f, 0) {
			s.pos = start
			s.fail(true, "the number "+shortNumber(lit)+" is out of range: a number must lie within ±1.7976931348623157e308")
			s.err.Code = CodeBadNumber
			return "", false
		}
	}
	s.num = lit
	return lit, true
}

func (s *Scanner) digits() int {
	start := s.pos
	for s.availFor(InDigits) && s.data[s.pos] >= '0' && s.data[s.pos] <= '9' {
		s.pos++
	}
	return s.pos - start
}

// plain marks the bytes a string holds as they are: printable ASCII but the
// quote and the backslash.
var plain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// stringToken reads a string at s.pos, which is a '"', and reports whether
// it had escapes.
func (s *Scanner) stringToken() (v string, esc, ok bool) {
	s.pos++
	start := s.pos
	for s.availFor(InString) {
		for s.pos < len(s.data) && plain[s.data[s.pos]] {
			s.pos++
		}
		if !s.availFor(InString) {
			break
		}
		switch c := s.data[s.pos]; {
		case c == '"':
			if s.pos == start {
				s.pos++
				return "", false, true
			}
			v = unsafe.String(&s.data[start], s.pos-start)
			s.pos++
			return v, false, true
		case c == '\\':
			v, ok = s.escaped(start)
			return v, true, ok
		case c < 0x20:
			return "", false, s.fail(false, "a control character must be escaped in a string")
		default:
			s.fullRune()
			r, size := utf8.DecodeRune(s.data[s.pos:])
			if r == utf8.RuneError && size == 1 {
				return "", false, s.fail(true, "a string holds invalid UTF-8")
			}
			s.pos += size
		}
	}
	return "", false, s.unexpected("the end of the string")
}

// str reads a string at s.pos, which is a '"'.
func (s *Scanner) str() (string, bool) {
	v, _, ok := s.stringToken()
	return v, ok
}

// escaped decodes the rest of a string that has an escape at s.pos into
// s.buf.
func (s *Scanner) escaped(start int) (string, bool) {
	b := append(s.buf[:0], s.data[start:s.pos]...)
	defer func() { s.buf = b }()
	for s.availFor(InString) {
		c := s.data[s.pos]
		switch {
		case c == '"':
			s.pos++
			if len(b) == 0 {
				return "", true
			}
			return unsafe.String(&b[0], len(b)), true
		case c == '\\':
			s.pos++
			if !s.avail() {
				return "", s.unexpected("an escape sequence")
			}
			e := s.data[s.pos]
			s.pos++
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, ok := s.hex4()
				if !ok {
					return "", false
				}
				if utf16.IsSurrogate(r) {
					if r >= 0xDC00 || !s.avail() || s.data[s.pos] != '\\' || !s.availAt(1) || s.data[s.pos+1] != 'u' {
						return "", s.fail(true, "a string holds a lone UTF-16 surrogate escape")
					}
					s.pos += 2
					r2, ok := s.hex4()
					if !ok {
						return "", false
					}
					if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
						return "", s.fail(true, "a string holds a lone UTF-16 surrogate escape")
					}
				}
				b = utf8.AppendRune(b, r)
			default:
				s.pos--
				return "", s.fail(false, "invalid escape sequence \\"+string(rune(e)))
			}
		case c < 0x20:
			return "", s.fail(false, "a control character must be escaped in a string")
		case c < utf8.RuneSelf:
			b = append(b, c)
			s.pos++
		default:
			s.fullRune()
			r, size := utf8.DecodeRune(s.data[s.pos:])
			if r == utf8.RuneError && size == 1 {
				return "", s.fail(true, "a string holds invalid UTF-8")
			}
			b = append(b, s.data[s.pos:s.pos+size]...)
			s.pos += size
		}
	}
	return "", s.unexpected("the end of the string")
}

func (s *Scanner) hex4() (rune, bool) {
	var r rune
	for i := 0; i < 4; i++ {
		if !s.avail() {
			return 0, s.unexpected("a hexadecimal digit")
		}
		c := s.data[s.pos]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, s.unexpected("a hexadecimal digit")
		}
		r = r<<4 | rune(c)
		s.pos++
	}
	return r, true
}

// --- values --------------------------------------------------------------------

// Value reads the next value as encoding/json decodes it into an any with
// UseNumber: map[string]any, []any, string, json.Number, bool or nil. It
// owns what it returns: nothing is borrowed from the input. After an error
// it returns nil, and Err says what went wrong.
func (s *Scanner) Value() any {
	switch s.Peek() {
	case Object:
		return s.object()
	case Array:
		return s.array()
	case String:
		v, _, _ := s.stringToken()
		return strings.Clone(v)
	case Number:
		start := s.pos
		lit, ok := s.number()
		if !ok {
			return nil
		}
		if len(lit) <= 2 && s.data[start] != '-' {
			// A small number is one of a few values, allocated once.
			return smallNumbers[atoi2(lit)]
		}
		return json.Number(strings.Clone(lit))
	case Bool:
		v, _ := s.Bool()
		return v
	}
	s.Skip() // null, or the error
	return nil
}

func (s *Scanner) object() any {
	if s.push() == nil {
		return nil
	}
	s.pos++ // {
	m := map[string]any{}
	for s.Next() {
		f := s.top()
		// The map finds a repeated name: no other record of the names.
		if _, dup := m[s.key]; dup {
			s.duplicate(f)
			break
		}
		key := strings.Clone(s.key)
		if !s.colon(f) {
			break
		}
		v := s.Value()
		if s.err != nil {
			break
		}
		m[key] = v
	}
	s.End()
	if s.err != nil {
		return nil
	}
	return m
}

func (s *Scanner) array() any {
	if s.push() == nil {
		return nil
	}
	s.pos++ // [
	list := []any{}
	for s.NextItem() {
		v := s.Value()
		if s.err != nil {
			break
		}
		if len(list) == cap(list) {
			// Doubled, not grown by append's quarter: a long array costs
			// twice its size in allocation, not five times.
			list = append(make([]any, 0, 2*cap(list)+4), list...)
		}
		list = append(list, v)
	}
	s.End()
	if s.err != nil {
		return nil
	}
	return list
}

// smallNumbers are the json.Numbers 0 to 99, as any.
var smallNumbers = func() (n [100]any) {
	for i := range n {
		n[i] = json.Number(strconv.Itoa(i))
	}
	return n
}()

// atoi2 reads one or two digits.
func atoi2(b string) int {
	if len(b) == 1 {
		return int(b[0] - '0')
	}
	return int(b[0]-'0')*10 + int(b[1]-'0')
}

// --- shortened echoes ------------------------------------------------------------

// MaxShown bounds how much of a received string an error repeats.
const MaxShown = 64

// quoteShort quotes a string, shortened to MaxShown characters.
func quoteShort(s string) string { return string(AppendQuoteShort(nil, s)) }

// AppendQuoteShort appends s quoted as strconv.Quote does, shortened to
// MaxShown characters: "abc…" (1000 characters).
func AppendQuoteShort(b []byte, s string) []byte {
	n := utf8.RuneCountInString(s)
	if n <= MaxShown {
		return strconv.AppendQuote(b, s)
	}
	cut, runes := 0, 0
	for cut = range s {
		if runes == MaxShown {
			break
		}
		runes++
	}
	b = strconv.AppendQuote(b, s[:cut])
	b = append(b, "… ("...)
	b = strconv.AppendInt(b, int64(n), 10)
	return append(b, " characters)"...)
}

func shortNumber(s string) string {
	if len(s) <= MaxShown {
		return s
	}
	return s[:MaxShown] + "… (" + strconv.Itoa(len(s)) + " characters)"
}

// shortPointer bounds a pointer quoted in a reason: a deeply nested hostile
// value has a long one.
func shortPointer(p string) string {
	if len(p) <= 2*MaxShown {
		return p
	}
	return p[:2*MaxShown] + "…"
}
