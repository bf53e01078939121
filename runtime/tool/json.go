package tool

import (
	"math/bits"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonstr"
)

// This file writes the JSON renderings of errors and results by hand, byte
// for byte as encoding/json writes them without HTML escaping: a rejected
// call is rendered on every call, and reflection would cost it more than
// validating it.

// appendJSONString appends s quoted as encoding/json quotes it with
// SetEscapeHTML(false).
var appendJSONString = jsonstr.Append

// appendErrorsJSON appends the JSON rendering of errs (see MarshalJSON).
// Each member's closing quote, the next member's name and its opening quote
// are written at once: most members are a few bytes long.
func appendErrorsJSON(b []byte, errs Errors) []byte {
	b = append(b, '[')
	for i := range errs {
		e := &errs[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"code":"`...)
		b = appendFieldText(b, string(e.Code))
		b = append(b, `","path":"`...)
		b = appendFieldText(b, e.Path)
		if len(e.Expected) > maxField {
			b = appendQuotedText(append(b, `","expected":"`...), expectedField(e.Expected))
		} else {
			b = appendFieldMember(b, `","expected":"`, e.Expected)
		}
		b = appendFieldMember(b, `","got":"`, e.Got)
		b = appendFieldMember(b, `","actual":"`, e.Actual)
		b = appendFieldMember(b, `","reason":"`, e.Reason)
		b = append(b, `"}`...)
	}
	return append(b, ']')
}

// plainField marks the bytes that field keeps as they are and a JSON
// string holds as they are: printable ASCII but the quote and the
// backslash.
var plainField = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// plainPrefix returns the length of the longest prefix of s made of
// plainField bytes, reading eight bytes at a time.
func plainPrefix(s string) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// notPlain has the high bit of each byte of x that is not plain set,
	// and maybe of bytes above such a byte, never below the first.
	notPlain := func(x uint64) uint64 {
		q, bs := x^(ones*'"'), x^(ones*'\\')
		return ((x-ones*0x20)&^x | (x + ones) | x | (q-ones)&^q | (bs-ones)&^bs) & highs
	}
	i := 0
	if len(s) >= 8 {
		for ; i+8 <= len(s); i += 8 {
			if m := notPlain(load64(s, i)); m != 0 {
				return i + bits.TrailingZeros64(m)/8
			}
		}
		// The last bytes, in a word that overlaps those read.
		if i < len(s) {
			last := len(s) - 8
			if m := notPlain(load64(s, last)); m != 0 {
				return last + bits.TrailingZeros64(m)/8
			}
		}
		return len(s)
	}
	for i < len(s) && plainField[s[i]] {
		i++
	}
	return i
}

// load64 reads the eight bytes of s at i as a little-endian word.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// appendFieldJSON appends field(s) quoted as appendJSONString quotes it.
func appendFieldJSON(b []byte, s string) []byte {
	return append(appendFieldText(append(b, '"'), s), '"')
}

// appendFieldText appends field(s) as appendJSONString writes it between
// its quotes: in one pass when field keeps s as it is (a short text of
// printable characters, the usual error field), else through field. Of the
// characters field keeps, a JSON string escapes the quote and the
// backslash only (U+2028 and U+2029 field escapes).
func appendFieldText(b []byte, s string) []byte {
	if len(s) > maxField {
		return appendQuotedText(b, field(s))
	}
	i := plainPrefix(s)
	if i == len(s) {
		return append(b, s...)
	}
	start := len(b)
	from := 0
	for {
		for i < len(s) && plainField[s[i]] {
			i++
		}
		if i == len(s) {
			break
		}
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, s[from:i]...)
			b = append(b, '\\', c)
			i++
			from = i
			continue
		case c >= utf8.RuneSelf:
			if r, size := utf8.DecodeRuneInString(s[i:]); (r != utf8.RuneError || size > 1) && !unsafeRune(r) {
				i += size
				continue
			}
		}
		// A character field escapes.
		return appendQuotedText(b[:start], field(s))
	}
	return append(b, s[from:]...)
}

// appendQuotedText appends s as appendJSONString writes it between its
// quotes.
func appendQuotedText(b []byte, s string) []byte {
	start := len(b)
	b = appendJSONString(b, s)
	n := copy(b[start:], b[start+1:len(b)-1])
	return b[:start+n]
}

// appendFieldMember appends member, the end of the member before and the
// start of this one (","name":"), and field(v), unless v is empty.
func appendFieldMember(b []byte, member, v string) []byte {
	if v == "" {
		return b
	}
	return appendFieldText(append(b, member...), v)
}
