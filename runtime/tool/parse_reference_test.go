package tool

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/internal/value"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
)

// This file holds the parser ParseArgs had before it was written on the
// scanner that generated one-pass decoders drive: the reference the tests
// compare the scanner's parse with, value for value and error for error.

// referenceParseArgs is ParseArgs as the reference parser reads raw.
func referenceParseArgs(raw []byte) (map[string]any, Errors) {
	if refIsBlank(raw) {
		return map[string]any{}, nil
	}
	v, perr := refParseJSON(raw)
	if perr != nil {
		return nil, Errors{perr.toError("the arguments are not valid JSON")}
	}
	args, ok := v.(map[string]any)
	if !ok {
		return nil, Errors{shapeError("the arguments should be a JSON object", v)}
	}
	return args, nil
}

func refIsBlank(b []byte) bool {
	for _, c := range b {
		if !refIsSpace(c) {
			return false
		}
	}
	return true
}

func refIsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// parseError is where and why parsing stopped.
type refParseError struct {
	code   string // CodeBadJSON or CodeBadNumber
	strict bool   // JSON that encoding/json accepts, which ParseArgs refuses
	offset int
	path   string
	msg    string
}

func (e *refParseError) toError(prefix string) Error {
	reason := prefix + ": " + e.msg
	if e.path != "" {
		reason += " at " + refShortPointer(e.path)
	}
	if e.code == string(CodeBadJSON) {
		reason += " (byte " + strconv.Itoa(e.offset) + ")"
	}
	return Error{Code: Code(e.code), Path: jsonvalue.Clip(e.path, maxField), Reason: reason}
}

// shortPointer bounds a pointer quoted in a reason: a deeply nested
// hostile value has a long one.
func refShortPointer(p string) string {
	if len(p) <= 2*jsonscan.MaxShown {
		return p
	}
	return p[:2*jsonscan.MaxShown] + "…"
}

// step is one level of the path to the value being parsed, kept unrendered
// until an error needs it.
type refStep struct {
	key   string
	index int // -1 for a member
}

type refParser struct {
	data  []byte
	pos   int
	depth int
	path  []refStep
	buf   []byte // for strings with escapes
	err   *refParseError
}

func refParseJSON(data []byte) (any, *refParseError) {
	p := &refParser{data: data}
	v, ok := p.value()
	if !ok {
		return nil, p.err
	}
	p.skipSpace()
	if p.pos < len(p.data) {
		p.fail(false, "unexpected data after the end of the value")
		return nil, p.err
	}
	return v, nil
}

func (p *refParser) pointer() string {
	var b strings.Builder
	for _, s := range p.path {
		b.WriteByte('/')
		if s.index >= 0 {
			b.WriteString(strconv.Itoa(s.index))
		} else {
			b.WriteString(pointerKey(s.key))
		}
	}
	return b.String()
}

func (p *refParser) fail(strict bool, msg string) bool {
	p.err = &refParseError{code: string(CodeBadJSON), strict: strict, offset: p.pos, path: p.pointer(), msg: msg}
	return false
}

func (p *refParser) unexpected(what string) bool {
	if p.pos >= len(p.data) {
		return p.fail(false, "unexpected end of input, expecting "+what)
	}
	c := p.data[p.pos]
	shown := strconv.QuoteRuneToASCII(rune(c))
	if c >= utf8.RuneSelf {
		if r, size := utf8.DecodeRune(p.data[p.pos:]); r != utf8.RuneError || size > 1 {
			shown = strconv.QuoteRuneToASCII(r)
		} else {
			shown = "byte 0x" + strconv.FormatUint(uint64(c), 16)
		}
	}
	return p.fail(false, "invalid character "+shown+", expecting "+what)
}

func (p *refParser) skipSpace() {
	for p.pos < len(p.data) && refIsSpace(p.data[p.pos]) {
		p.pos++
	}
}

func (p *refParser) value() (any, bool) {
	p.skipSpace()
	if p.pos >= len(p.data) {
		return nil, p.unexpected("a value")
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, ok := p.string()
		return s, ok
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return true, p.literal("true")
	case c == 'f':
		return false, p.literal("false")
	case c == 'n':
		return nil, p.literal("null")
	}
	return nil, p.unexpected("a value")
}

func (p *refParser) literal(word string) bool {
	for i := 0; i < len(word); i++ {
		if p.pos >= len(p.data) || p.data[p.pos] != word[i] {
			return p.unexpected("the literal " + word)
		}
		p.pos++
	}
	return true
}

func (p *refParser) enter() bool {
	p.depth++
	if p.depth > maxNesting {
		return p.fail(true, "values are nested deeper than "+strconv.Itoa(maxNesting)+" levels")
	}
	return true
}

func (p *refParser) object() (any, bool) {
	if !p.enter() {
		return nil, false
	}
	p.pos++ // {
	m := map[string]any{}
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		p.depth--
		return m, true
	}
	for {
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return nil, p.unexpected("a member name in double quotes")
		}
		keyAt := p.pos
		key, ok := p.string()
		if !ok {
			return nil, false
		}
		if _, dup := m[key]; dup {
			p.pos = keyAt
			p.path = append(p.path, refStep{key: key, index: -1})
			return nil, p.fail(true, "the member "+value.Show(key)+" appears twice in the same object")
		}
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, p.unexpected("':' after a member name")
		}
		p.pos++
		p.path = append(p.path, refStep{key: key, index: -1})
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		p.path = p.path[:len(p.path)-1]
		m[key] = v
		p.skipSpace()
		if p.pos < len(p.data) {
			switch p.data[p.pos] {
			case ',':
				p.pos++
				continue
			case '}':
				p.pos++
				p.depth--
				return m, true
			}
		}
		return nil, p.unexpected("',' or '}' after a member")
	}
}

func (p *refParser) array() (any, bool) {
	if !p.enter() {
		return nil, false
	}
	p.pos++ // [
	list := []any{}
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		p.depth--
		return list, true
	}
	for i := 0; ; i++ {
		p.path = append(p.path, refStep{index: i})
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		p.path = p.path[:len(p.path)-1]
		if len(list) == cap(list) {
			// Doubled, not grown by append's quarter: a long array costs
			// twice its size in allocation, not five times.
			list = append(make([]any, 0, 2*cap(list)+4), list...)
		}
		list = append(list, v)
		p.skipSpace()
		if p.pos < len(p.data) {
			switch p.data[p.pos] {
			case ',':
				p.pos++
				continue
			case ']':
				p.pos++
				p.depth--
				return list, true
			}
		}
		return nil, p.unexpected("',' or ']' after an array item")
	}
}

func (p *refParser) number() (any, bool) {
	start := p.pos
	digits := func() int {
		n := 0
		for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.data[p.pos] == '-' {
		p.pos++
	}
	intDigits, exponent := 1, false
	if p.pos < len(p.data) && p.data[p.pos] == '0' {
		p.pos++
	} else if intDigits = digits(); intDigits == 0 {
		return nil, p.unexpected("a digit")
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return nil, p.unexpected("a digit after the decimal point")
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		exponent = true
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return nil, p.unexpected("a digit in the exponent")
		}
	}
	if p.pos-start <= 2 && p.data[start] != '-' {
		// A small number is one of a few values, allocated once.
		return refSmallNumbers[refAtoi2(p.data[start:p.pos])], true
	}
	n := json.Number(p.data[start:p.pos])
	// Without an exponent, a number of at most 308 digits before its point
	// is within float64's range: no need to convert it here.
	if exponent || intDigits > 308 {
		if f, err := strconv.ParseFloat(string(n), 64); err != nil && math.IsInf(f, 0) {
			p.err = &refParseError{code: string(CodeBadNumber), strict: true, offset: start, path: p.pointer(),
				msg: "the number " + refShortNumber(string(n)) + " is out of range: a number must lie within ±1.7976931348623157e308"}
			return nil, false
		}
	}
	return n, true
}

// smallNumbers are the json.Numbers 0 to 99, as any.
var refSmallNumbers = func() (n [100]any) {
	for i := range n {
		n[i] = json.Number(strconv.Itoa(i))
	}
	return n
}()

// atoi2 reads one or two digits.
func refAtoi2(b []byte) int {
	if len(b) == 1 {
		return int(b[0] - '0')
	}
	return int(b[0]-'0')*10 + int(b[1]-'0')
}

func refShortNumber(s string) string {
	if len(s) <= jsonscan.MaxShown {
		return s
	}
	return s[:jsonscan.MaxShown] + "… (" + strconv.Itoa(len(s)) + " characters)"
}

// string reads a string at p.pos, which is a '"'.
func (p *refParser) string() (string, bool) {
	p.pos++
	start := p.pos
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			s := string(p.data[start:p.pos])
			p.pos++
			return s, true
		case c == '\\':
			return p.escapedString(start)
		case c < 0x20:
			return "", p.fail(false, "a control character must be escaped in a string")
		case c < utf8.RuneSelf:
			p.pos++
		default:
			r, size := utf8.DecodeRune(p.data[p.pos:])
			if r == utf8.RuneError && size == 1 {
				return "", p.fail(true, "a string holds invalid UTF-8")
			}
			p.pos += size
		}
	}
	return "", p.unexpected("the end of the string")
}

func (p *refParser) escapedString(start int) (string, bool) {
	b := append(p.buf[:0], p.data[start:p.pos]...)
	defer func() { p.buf = b[:0] }()
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(b), true
		case c == '\\':
			p.pos++
			if p.pos >= len(p.data) {
				return "", p.unexpected("an escape sequence")
			}
			e := p.data[p.pos]
			p.pos++
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
				r, ok := p.hex4()
				if !ok {
					return "", false
				}
				if utf16.IsSurrogate(r) {
					if r >= 0xDC00 || p.pos+1 >= len(p.data) || p.data[p.pos] != '\\' || p.data[p.pos+1] != 'u' {
						return "", p.fail(true, "a string holds a lone UTF-16 surrogate escape")
					}
					p.pos += 2
					r2, ok := p.hex4()
					if !ok {
						return "", false
					}
					if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
						return "", p.fail(true, "a string holds a lone UTF-16 surrogate escape")
					}
				}
				b = utf8.AppendRune(b, r)
			default:
				p.pos--
				return "", p.fail(false, "invalid escape sequence \\"+string(rune(e)))
			}
		case c < 0x20:
			return "", p.fail(false, "a control character must be escaped in a string")
		case c < utf8.RuneSelf:
			b = append(b, c)
			p.pos++
		default:
			r, size := utf8.DecodeRune(p.data[p.pos:])
			if r == utf8.RuneError && size == 1 {
				return "", p.fail(true, "a string holds invalid UTF-8")
			}
			b = append(b, p.data[p.pos:p.pos+size]...)
			p.pos += size
		}
	}
	return "", p.unexpected("the end of the string")
}

func (p *refParser) hex4() (rune, bool) {
	var r rune
	for i := 0; i < 4; i++ {
		if p.pos >= len(p.data) {
			return 0, p.unexpected("a hexadecimal digit")
		}
		c := p.data[p.pos]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, p.unexpected("a hexadecimal digit")
		}
		r = r<<4 | rune(c)
		p.pos++
	}
	return r, true
}
