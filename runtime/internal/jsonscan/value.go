package jsonscan

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

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
		n, ok := s.number()
		lit := n.Lit
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
		f := s.top
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
	if len(s) <= MaxShown && printableASCII(s) {
		// Most values shown: strconv.Quote would copy them as they are.
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
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

// printableASCII reports whether strconv.Quote keeps every byte of s as
// it is: printable ASCII but the quote and the backslash.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
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
