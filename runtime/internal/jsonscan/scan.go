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
	"strconv"
	"strings"
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
// in one place, fill (through avail), so that whatever it decides about the
// bytes so far it would decide about the whole document: the same tokens,
// the same errors at the same offsets, for any split.
type Scanner struct {
	data   []byte
	pos    int
	src    Source // nil: data is the whole document
	ended  bool   // src said the document ends at len(data)
	depth  int
	top    *frame // the innermost open array or object, when depth > 0
	frames [inlineFrames]frame
	more   []frame
	names  []string // undeclared names of the open objects
	key    string   // the current member name, decoded
	num    string   // the last number's literal
	buf    []byte   // decoded text of the last string with escapes
	watch  watch    // the bounds of the string being read (StringWithin)
	err    *Error
	part   partial // what Partial decoded of the string being read
}

var emptyObject = []byte("{}")

// A Source gives a Scanner a document that arrives in parts.
type Source interface {
	// More returns the bytes of the document so far, which begin with
	// those it returned before and hold more of them, when hint allows
	// (see Hint), or every byte and false at the end of the document. The
	// bytes it returned before must not change: the scanner's strings
	// borrow them.
	More(hint Hint) (data []byte, ok bool)
}

// A PlainSource is a Source that checks, while the scanner waits in a
// string (InString), the bytes written after those it has: PlainTo returns
// how far the bytes More returned last are known to be whole characters of
// the string that only extend it (see InString), plain or valid UTF-8 (0
// for none), which the scanner then does not look at again.
type PlainSource interface {
	Source
	PlainTo() int
}

// Hint says which bytes, written after those the scanner has, can change
// what it has read: a Source may wait for one of them (or the end) before
// answering More. Waiting changes nothing of what the scanner reports,
// only when: the bytes it skips are those that extend a token without
// completing it or breaking it.
//
// Its low byte says what the scanner reads. In a string, the bits above it
// hold what Extend found of a character written in several bytes whose
// last has not come yet, and, in a string held to bounds (see
// StringWithin), the bits above those count the bytes that may still only
// extend the string: the one that makes them could break a bound. In a
// literal, they hold the letters that extend it.
type Hint uint64

const (
	// AnyByte: every byte may complete or break what is being read.
	AnyByte Hint = iota
	// InString: the scanner is inside a string; printable ASCII bytes other
	// than the quote and the backslash, and characters written as valid
	// UTF-8, only extend it: the first byte that is not valid UTF-8 (in a
	// character being written, the first byte that no character continues
	// with) can break it.
	InString
	// InDigits: the scanner is reading the digits of a number; digits only
	// extend it.
	InDigits
	// InSpace: the scanner is skipping white space, which only extends it.
	InSpace
	// InColon: the scanner has read a member name, and waits for its ':'.
	// White space, one ':' and white space after it only extend what it
	// has read: the value's first byte is the next that can change it.
	InColon
	// InNext: the scanner has read a member of an object, and waits for
	// what follows it. White space, one ',', white space, and the opening
	// quote of the next member's name with the plain characters after it,
	// only extend what it has read: a '}', or the quote that closes the
	// name, can change it.
	InNext

	// inName: InNext after its ','.
	inName
	// inWord: the scanner reads a literal (true, false, null); the bits
	// above hintBits hold the letters that extend it, the next one lowest.
	// Its last letter, which completes it, is not among them.
	inWord
	// inInt: the scanner reads the digits of a number's integer part, and
	// has one at least: digits, a '.' or an 'e' only extend it, as none
	// ends the number, nor can be wrong there.
	inInt
	// inFrac0: after the decimal point, before a digit: digits extend it.
	inFrac0
	// inFrac: the digits of a fraction, one at least: digits and an 'e'.
	inFrac
	// inExp: after the 'e' of an exponent: a sign or a digit.
	inExp
	// inExpSign: after the exponent's sign: a digit, then InDigits.
	inExpSign
)

// hintBits are the bits of a Hint that say what the scanner reads.
const hintBits = 8

// In a string, the bits of a Hint above hintBits: the first byte of a
// character being written (0 for none), the bytes it still needs, and
// above those, the budget of a string held to bounds.
const (
	leadShift   = hintBits
	needShift   = leadShift + 8
	budgetShift = needShift + 8
	utf8Bits    = (1<<budgetShift - 1) &^ (1<<hintBits - 1)
)

// within returns the hint of a string that n bytes more could make break a
// bound; n > 0.
func within(n int) Hint {
	const most = 1 << (64 - budgetShift - 1) // fewer bytes are as sound
	return InString | Hint(min(n, most))<<budgetShift
}

// wordHint returns the hint of a scanner that waits for rest, the letters
// of a literal it has not read yet: all but the last extend it.
func wordHint(rest string) Hint {
	var letters Hint
	for i := len(rest) - 2; i >= 0; i-- {
		letters = letters<<8 | Hint(rest[i])
	}
	return inWord | letters<<hintBits
}

// digitsHint returns the hint of a scanner that reads the digits at the
// end of data, a number's (InDigits): from the byte before them, which
// part of the number they are. Digits only, when that is not known
// within a few bytes.
func digitsHint(data []byte) Hint {
	const most = 32 // to tell the part, not to check the digits
	i := len(data)
	for i > 0 && len(data)-i < most && data[i-1]-'0' <= 9 {
		i--
	}
	switch run := len(data) - i; {
	case run == most:
		return InDigits
	case i == 0: // a document that is a number
	case data[i-1] == '.':
		if run > 0 {
			return inFrac
		}
		return inFrac0
	case data[i-1] == 'e' || data[i-1] == 'E' || data[i-1] == '+':
		return InDigits // the exponent's
	case data[i-1] == '-' && i > 1 && (data[i-2] == 'e' || data[i-2] == 'E'):
		return InDigits
	}
	// The integer part's: after the number's '-', or what precedes it.
	if i == len(data) {
		return InDigits
	}
	return inInt
}

// Extends reports whether every byte of p only extends what a scanner
// reading with hint h has read: a Source that has only such bytes may wait
// for more before answering More. For a wait over several parts, Extend
// says what the next part may hold.
func (h Hint) Extends(p []byte) bool {
	_, ok := h.Extend(p)
	return ok
}

// Kind returns what a scanner reading with hint h reads, without the
// budget of a string held to bounds, or what it found of a character.
func (h Hint) Kind() Hint { return h & (1<<hintBits - 1) }

// Incomplete returns, for a hint Extend returned in a string, how many of
// the last bytes it extended with begin a character whose last byte has
// not come yet: the string's characters, whole and valid, end before them.
func (h Hint) Incomplete() int {
	if h.Kind() != InString {
		return 0
	}
	need := int(h >> needShift & 0xff)
	if need == 0 {
		return 0
	}
	return utf8Len(byte(h>>leadShift)) - need
}

// Extend reports whether every byte of p only extends what a scanner
// reading with hint h has read (see Extends), and the hint for the bytes
// after p: h; inside a string held to bounds, h less the bytes of p, which
// extend the string only while they are fewer than the bytes that could
// break a bound; after the ':' of InColon or the ',' of InNext, what the
// scanner waits for then; in a string, what p left of a character written
// in several bytes; in a literal or a number, what may come next. A Source
// that waits for more after p checks the next part with the hint Extend
// returned.
func (h Hint) Extend(p []byte) (Hint, bool) {
	switch h.Kind() {
	case InString:
		if left := h >> budgetShift; left > 0 {
			if uint64(len(p)) >= uint64(left) {
				return h, false
			}
			h -= Hint(len(p)) << budgetShift
		}
		if h&utf8Bits == 0 && (len(p) == 1 && plain[p[0]] || plainEnd(p, 0) == len(p)) {
			return h, true // plain characters, most often one at a time
		}
		return h.extendString(p)
	case InDigits, inInt, inFrac0, inFrac, inExp, inExpSign:
		for _, c := range p {
			switch {
			case c-'0' <= 9:
				switch h {
				case inFrac0:
					h = inFrac
				case inExp, inExpSign:
					h = InDigits
				}
			case c == '.' && h == inInt:
				h = inFrac0
			case (c == 'e' || c == 'E') && (h == inInt || h == inFrac):
				h = inExp
			case (c == '+' || c == '-') && h == inExp:
				h = inExpSign
			default:
				return h, false
			}
		}
		return h, true
	case InSpace:
		return h, spaceEnd(p, 0) == len(p)
	case inWord:
		for _, c := range p {
			if h>>hintBits == 0 || c != byte(h>>hintBits) { // no letter left: a NUL is none
				return h, false
			}
			h = inWord | h>>(hintBits+8)<<hintBits
		}
		return h, true
	case InColon, InNext, inName:
		for i := 0; i < len(p); i++ {
			switch c := p[i]; {
			case isSpace(c):
			case h == InColon && c == ':':
				h = InSpace
			case h == InNext && c == ',':
				h = inName
			case h == inName && c == '"':
				return InString.Extend(p[i+1:])
			default:
				return h, false
			}
		}
		return h, true
	}
	return h, len(p) == 0
}

// extendString is Extend of InString past a character that is not plain:
// a character written as valid UTF-8 extends the string, even when its
// bytes come in several parts; any other byte can break or end it.
func (h Hint) extendString(p []byte) (Hint, bool) {
	lead, need := byte(h>>leadShift), int(h>>needShift&0xff)
	for i := 0; ; {
		for ; need > 0; need-- {
			if i == len(p) {
				return h&^utf8Bits | Hint(lead)<<leadShift | Hint(need)<<needShift, true
			}
			lo, hi := byte(0x80), byte(0xBF)
			if need == utf8Len(lead)-1 { // the byte after the first
				switch lead {
				case 0xE0:
					lo = 0xA0 // not an overlong encoding
				case 0xED:
					hi = 0x9F // not a surrogate
				case 0xF0:
					lo = 0x90 // not an overlong encoding
				case 0xF4:
					hi = 0x8F // not past U+10FFFF
				}
			}
			if c := p[i]; c < lo || c > hi {
				return h, false
			}
			i++
		}
		if i = plainEnd(p, i); i == len(p) {
			return h &^ utf8Bits, true
		}
		lead = p[i]
		if need = utf8Len(lead) - 1; need <= 0 {
			return h, false // a quote, a backslash, a control character, not UTF-8
		}
		i++
	}
}

// utf8Len returns how many bytes a character that begins with c, valid
// UTF-8, has: 0 for a byte no multi-byte character begins with.
func utf8Len(c byte) int {
	switch {
	case c < 0xC2:
		return 0
	case c < 0xE0:
		return 2
	case c < 0xF0:
		return 3
	case c < 0xF5:
		return 4
	}
	return 0
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
	s.skipSpace()
	if !s.avail() {
		s.data, s.pos = emptyObject, 0
	}
}

// Stable reports whether the input's bytes stay as they are after the
// scan, a Source's: strings borrowed from them may be kept.
func (s *Scanner) Stable() bool { return s.src != nil }

// All returns the whole document, after waiting for its end.
func (s *Scanner) All() []byte {
	for s.fill(AnyByte) {
		s.pos = len(s.data)
	}
	return s.data
}

// avail reports whether a byte is at pos: when every byte so far is read,
// it asks the source for more, or learns that the document ends. It is,
// with availFor, the scanner's one way of telling the end of its input.
func (s *Scanner) avail() bool { return s.pos < len(s.data) || s.fill(AnyByte) }

// availFor is avail, saying what the scanner reads (see Hint).
func (s *Scanner) availFor(h Hint) bool { return s.pos < len(s.data) || s.fill(h) }

// fill asks the source for bytes past pos; false at the end.
func (s *Scanner) fill(h Hint) bool {
	for s.src != nil && !s.ended && s.pos >= len(s.data) {
		switch {
		case s.watch.on:
			h = s.watchString(h)
		case h == InDigits:
			h = digitsHint(s.data)
		}
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

// fullRune makes sure the bytes at pos hold a whole UTF-8 encoding (or can
// hold no more of one), asking the source for more as avail does.
func (s *Scanner) fullRune() {
	for !utf8.FullRune(s.data[s.pos:]) && s.availAt(len(s.data)-s.pos) {
	}
}

// Reset starts the scanner on data.
func (s *Scanner) Reset(data []byte) {
	clear(s.names) // let go of the previous input
	// push sets each frame it opens and End lets go of what it held: only
	// what a frame left open by an error holds is let go of.
	if s.depth > 0 {
		for i := range s.frames {
			s.frames[i].big = nil
		}
	}
	s.data, s.pos, s.depth, s.top, s.more, s.names = data, 0, 0, nil, s.more[:0], s.names[:0]
	s.src, s.ended = nil, false
	s.key, s.num, s.buf, s.err = "", "", s.buf[:0], nil
	s.part = partial{} // its text is shared by the strings Partial returned
}

// Input returns the document the scanner reads.
func (s *Scanner) Input() []byte { return s.data }

// Offset returns where v, a string the scanner returned, lies in the input,
// and true; false when it does not lie there (it was decoded from escapes).
func (s *Scanner) Offset(v string) (int, bool) {
	if len(s.data) == 0 {
		return 0, false
	}
	// Compared as addresses only: never converted back to a pointer.
	p := uintptr(unsafe.Pointer(unsafe.StringData(v)))
	base := uintptr(unsafe.Pointer(&s.data[0]))
	if p < base || p-base+uintptr(len(v)) > uintptr(len(s.data)) {
		return 0, false
	}
	return int(p - base), true
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

// skipSpace is inlined: most tokens follow no space at all.
func (s *Scanner) skipSpace() {
	if s.pos < len(s.data) && s.data[s.pos] > ' ' {
		return
	}
	s.skipSpaces()
}

func (s *Scanner) skipSpaces() { s.skipSpacesFor(InSpace) }

// skipSpaceFor is skipSpace where the scanner waits with hint h for the
// bytes after the white space: InColon, InNext or inName, which let a
// stream wait for more bytes than InSpace does.
func (s *Scanner) skipSpaceFor(h Hint) {
	if s.pos < len(s.data) && s.data[s.pos] > ' ' {
		return
	}
	s.skipSpacesFor(h)
}

func (s *Scanner) skipSpacesFor(h Hint) {
	// One space, as encoders write after ':' and ','.
	if s.pos+1 < len(s.data) && s.data[s.pos] == ' ' && s.data[s.pos+1] > ' ' {
		s.pos++
		return
	}
	for s.pos = spaceEnd(s.data, s.pos); s.pos == len(s.data) && s.fill(h); {
		s.pos = spaceEnd(s.data, s.pos)
	}
}

// spaceEnd returns the index of the first byte of data from i on that is
// not white space, or len(data).
func spaceEnd(data []byte, i int) int {
	for i < len(data) && isSpace(data[i]) {
		i++
	}
	return i
}

// Peek returns the kind of the next value without reading it.
func (s *Scanner) Peek() Kind {
	return kinds[s.NextByte()] // kinds[0] is Invalid
}

// NextByte returns the first byte of the next value, which Peek looks at:
// 0 at the end of the input or once the scan has stopped.
func (s *Scanner) NextByte() byte {
	if c := s.first(); c != 0 {
		return c
	}
	return s.spacedByte()
}

// spacedByte is NextByte where white space may come first.
func (s *Scanner) spacedByte() (c byte) {
	if s.err == nil {
		s.skipSpace()
		if s.avail() {
			c = s.data[s.pos]
		}
	}
	return c
}

// first is NextByte where no white space comes first, as most values
// follow none, and inlined: 0 where the caller must ask NextByte.
func (s *Scanner) first() byte {
	if s.pos < len(s.data) && s.err == nil {
		if c := s.data[s.pos]; c > ' ' {
			return c
		}
	}
	return 0
}

// kinds are the kinds of the values that start with each byte.
var kinds = func() (k [256]Kind) {
	k['{'], k['['], k['"'], k['t'], k['f'], k['n'] = Object, Array, String, Bool, Bool, Null
	k['-'] = Number
	for c := '0'; c <= '9'; c++ {
		k[c] = Number
	}
	return k
}()

// Finish checks that nothing but white space follows the document's value.
func (s *Scanner) Finish() bool {
	if s.err != nil {
		return false
	}
	s.skipSpace()
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
	f := s.frame(s.depth - 1)
	*f = frame{names: len(s.names)}
	s.top = f
	return f
}

// Object reads the '{' of an object and reports true, or reports false
// and reads nothing when the next value is not an object. Read the members
// with Next, and call End after the last.
func (s *Scanner) Object() bool {
	c := s.first()
	if c == 0 {
		c = s.NextByte()
	}
	if c != '{' || s.push() == nil {
		return false
	}
	s.pos++
	return true
}

// Array reads the '[' of an array and reports true, or reports false and
// reads nothing when the next value is not an array. Read the items with
// NextItem, and call End after the last.
func (s *Scanner) Array() bool {
	c := s.first()
	if c == 0 {
		c = s.NextByte()
	}
	if c != '[' || s.push() == nil {
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
	f := s.top
	s.names = s.names[:f.names]
	f.big = nil
	s.depth--
	if s.top = nil; s.depth > 0 {
		s.top = s.frame(s.depth - 1)
	}
}

// Count returns how many members or items of the open object or array have
// been read.
func (s *Scanner) Count() int {
	if s.depth == 0 {
		return 0
	}
	return s.top.n
}

// Next reads the name of the next member of the open object, after the ','
// that separates it from the one before, and reports true; or reads the
// closing '}' and reports false. The name is Key; then call Member or
// Undeclared, and read the value.
func (s *Scanner) Next() bool {
	if s.err != nil || s.depth == 0 {
		return false
	}
	f := s.top
	f.child = childNone
	// Most names are written as encoders write them, right after the '{'
	// or after ',' or ", ", short and plain, and are read here; the others
	// by member, from the same place.
	data, i := s.data, s.pos
	if i < len(data) && data[i] == '}' {
		s.pos = i + 1
		return false
	}
	if f.n > 0 {
		if i+1 < len(data) && data[i] == ',' {
			i++
			if data[i] == ' ' {
				i++
			}
		} else {
			i = len(data)
		}
	}
	if i < len(data) && data[i] == '"' {
		if end := plainEnd(data, i+1); end < len(data) && data[end] == '"' {
			key := ""
			if end > i+1 {
				key = unsafe.String(&data[i+1], end-i-1)
			}
			s.key, s.pos = key, end+1
			f.keyStart, f.keyEnd, f.keyEsc = i, s.pos, false
			f.n++
			return true
		}
	}
	return s.member(f)
}

// member is Next for the names it does not read itself.
func (s *Scanner) member(f *frame) bool {
	if f.n > 0 {
		s.skipSpaceFor(InNext)
	} else {
		s.skipSpace()
	}
	if !s.avail() {
		if f.n == 0 {
			return s.unexpected("a member name in double quotes")
		}
		return s.unexpected("',' or '}' after a member")
	}
	c := s.data[s.pos]
	if c == '}' {
		s.pos++
		return false
	}
	if f.n > 0 {
		if c != ',' {
			return s.unexpected("',' or '}' after a member")
		}
		s.pos++
		s.skipSpaceFor(inName)
		if !s.avail() {
			return s.unexpected("a member name in double quotes")
		}
		c = s.data[s.pos]
	}
	if c != '"' {
		return s.unexpected("a member name in double quotes")
	}
	start := s.pos
	// Most names are short and plain: read here, not by stringToken.
	data := s.data
	i := plainEnd(data, start+1)
	var key string
	esc := false
	if i < len(data) && data[i] == '"' {
		if i > start+1 {
			key = unsafe.String(&data[start+1], i-start-1)
		}
		s.pos = i + 1
	} else {
		var ok bool
		if key, esc, ok = s.stringToken(); !ok {
			return false
		}
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
	f := s.top
	f.child = childNone
	// As most items are followed: the closing bracket, or ',' or ", " and
	// the next one's first byte; the first, by its first byte.
	if i, data := s.pos, s.data; i < len(data) {
		switch c := data[i]; {
		case c == end:
			s.pos = i + 1
			return f, false
		case f.n == 0:
			if c > ' ' {
				return f, true
			}
		case c == ',' && i+2 < len(data):
			i++
			if data[i] == ' ' && data[i+1] > ' ' {
				i++
			}
			s.pos = i
			return f, true
		}
	}
	// The ',' after an item wakes a stream's decoder: what a Snapshot says
	// is being written must not depend on where the writes split.
	s.skipSpace()
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
	f := s.top
	if i >= 64 {
		return s.bigMember(f, i)
	}
	if f.seen&(1<<i) != 0 {
		return s.duplicate(f)
	}
	f.seen |= 1 << i
	// As most names are followed: ':', or ": " and the value's first byte.
	if j, data := s.pos, s.data; j+2 < len(data) && data[j] == ':' {
		j++
		if data[j] == ' ' && data[j+1] > ' ' {
			j++
		}
		s.pos = j
		f.child = childKey
		return true
	}
	return s.colon(f)
}

// bigMember is Member for the declared members 64 and up.
func (s *Scanner) bigMember(f *frame, i int) bool {
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
	return s.colon(f)
}

// Has reports whether the open object had the declared member i.
func (s *Scanner) Has(i int) bool {
	if s.depth == 0 {
		return false
	}
	f := s.top
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
	f := s.top
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
	if s.pos < len(s.data) && s.data[s.pos] == ':' { // as most names are followed
		s.pos++
		f.child = childKey
		return true
	}
	return s.spacedColon(f)
}

func (s *Scanner) spacedColon(f *frame) bool {
	s.skipSpaceFor(InColon)
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
