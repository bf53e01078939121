package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/internal/value"
)

// A JSON value as the schema compiler reads it: nil, bool, string,
// json.Number, []any, or *object, whose members keep their order (the order
// of properties is the order of errors).
type Object struct {
	Keys   []string
	Values map[string]any
}

func NewObject() *Object { return &Object{Values: map[string]any{}} }

func (o *Object) Get(k string) (any, bool) {
	v, ok := o.Values[k]
	return v, ok
}

func (o *Object) Has(k string) bool { _, ok := o.Values[k]; return ok }

func (o *Object) Str(k string) string {
	s, _ := o.Values[k].(string)
	return s
}

// Set sets a member, appending it when new.
func (o *Object) Set(k string, v any) {
	if _, ok := o.Values[k]; !ok {
		o.Keys = append(o.Keys, k)
	}
	o.Values[k] = v
}

func (o *Object) With(k string, v any) *Object { o.Set(k, v); return o }

// ParseJSON reads one JSON value, keeping the order of object members and
// numbers as written. A member that appears twice keeps its first position
// and its last value, as encoding/json does.
func ParseJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := parseJSONValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("invalid JSON: more than one value")
	}
	return v, nil
}

func parseJSONValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '[':
			list := []any{}
			for dec.More() {
				v, err := parseJSONValue(dec)
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			_, err := dec.Token()
			return list, err
		case '{':
			o := NewObject()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, fmt.Errorf("invalid JSON: %v", err)
				}
				v, err := parseJSONValue(dec)
				if err != nil {
					return nil, err
				}
				o.Set(kt.(string), v)
			}
			_, err := dec.Token()
			return o, err
		}
	}
	return tok, nil
}

// ValueKey returns a key that is the same for two values exactly when the
// run time's value.Equal calls them equal: numbers by their exact value,
// whatever their spelling (1e23 and 100000000000000000000000 alike,
// 9007199254740993 and 9007199254740992 apart, 1e-400 apart from 0), members
// in any order. It is value.IdentityForm of the value as generated code
// holds it, which for JSON's numbers is Equal's equality. It reports false
// for a value nested deeper than value.MaxDepth.
func ValueKey(v any) (string, bool) {
	b, w := value.IdentityForm(nil, runtimeValue(v), value.MaxDepth)
	return string(b), w == value.WalkOK
}

// runtimeValue returns v as generated code holds it: an *Object as a
// map[string]any.
func runtimeValue(v any) any {
	switch x := v.(type) {
	case *Object:
		m := make(map[string]any, len(x.Keys))
		for _, k := range x.Keys {
			m[k] = runtimeValue(x.Values[k])
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, item := range x {
			l[i] = runtimeValue(item)
		}
		return l
	}
	return v
}

// FloatView returns the float64 through which generated code reads the
// number n (value.Number), or false when n is beyond float64's range, which
// the run time does not read as a number. The generator writes it as a Go
// constant and decides nothing by it: comparisons are exact (value.Compare).
func FloatView(n json.Number) (float64, bool) {
	return value.Number(n)
}

// CompactJSON renders a value as JSON in its own member order: the JSON of
// a schema, of its constants and of the values a message shows.
func CompactJSON(v any) string {
	var b strings.Builder
	writeCompact(&b, v)
	return b.String()
}

func writeCompact(b *strings.Builder, v any) {
	switch x := v.(type) {
	case *Object:
		b.WriteByte('{')
		for i, k := range x.Keys {
			if i > 0 {
				b.WriteByte(',')
			}
			q, _ := MarshalJSON(k)
			b.Write(q)
			b.WriteByte(':')
			writeCompact(b, x.Values[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, item := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCompact(b, item)
		}
		b.WriteByte(']')
	case json.Number:
		b.WriteString(string(x))
	default:
		q, _ := MarshalJSON(x)
		b.Write(q)
	}
}

// MarshalJSON is json.Marshal without HTML escaping, the one way the
// generator writes JSON: a model and a person read "<", ">" and "&" as they
// are, not as \u003c, \u003e and \u0026. encoding/json escapes those three
// in the JSON a Marshaler returns (jsonschema.Schema is one) even when told
// not to, so they are unescaped in its output. The Deceptive runes are
// escaped (encoding/json escapes some: U+2028, U+2029, the C0 controls), so
// that the JSON holds the exact text and shows it as it is.
func MarshalJSON(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return escapeDeceptive(unescapeHTML(b)), nil
}

// Deceptive reports whether r changes how the text around it displays, or
// ends a line where a reader sees none: the Unicode bidirectional controls
// (what Trojan-source attacks hide code with), the line and paragraph
// separators, the byte order mark and the control characters but tab and
// newline. Whatever text the generator writes (JSON, Go comments and
// strings) holds them escaped, never raw.
func Deceptive(r rune) bool {
	switch {
	case r < 0x20:
		return r != '\t' && r != '\n'
	case r >= 0x7F && r <= 0x9F, // DEL, C1 controls
		r == 0x061C, r == 0x200E, r == 0x200F, // marks
		r >= 0x202A && r <= 0x202E, // embeddings and overrides
		r >= 0x2066 && r <= 0x2069, // isolates
		r == 0x2028, r == 0x2029, r == 0xFEFF:
		return true
	}
	return false
}

// escapeDeceptive writes the Deceptive runes of JSON text as \u escapes:
// outside its strings JSON text is ASCII with no control character, so each
// is in a string, where the escape stands for it.
func escapeDeceptive(b []byte) []byte {
	if !bytes.ContainsFunc(b, func(r rune) bool { return r >= 0x7F && Deceptive(r) }) {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for _, r := range string(b) {
		if r >= 0x7F && Deceptive(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = utf8.AppendRune(out, r)
		}
	}
	return out
}

// unescapeHTML rewrites the escapes \u003c, \u003e and \u0026 of JSON text
// as the characters they stand for. A backslash is only ever in a string,
// where it starts an escape: an escaped backslash is skipped whole.
func unescapeHTML(b []byte) []byte {
	if !bytes.Contains(b, []byte(`\u00`)) {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' || i+1 == len(b) {
			out = append(out, b[i])
			continue
		}
		if b[i+1] == 'u' && i+6 <= len(b) {
			if c, ok := htmlEscapes[string(b[i+2:i+6])]; ok {
				out = append(out, c)
				i += 5
				continue
			}
		}
		out = append(out, b[i], b[i+1])
		i++
	}
	return out
}

// htmlEscapes are the escapes encoding/json writes for HTML's characters.
var htmlEscapes = map[string]byte{"003c": '<', "003e": '>', "0026": '&'}

// JSONType names the JSON type of a parsed value.
func JSONType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		return "number"
	case []any:
		return "array"
	case *Object:
		return "object"
	}
	return "unknown"
}

// The kinds of JSON value: the JSON types, where the number kind holds
// integers too.
const (
	KindString  = "string"
	KindNumber  = "number"
	KindObject  = "object"
	KindArray   = "array"
	KindBoolean = "boolean"
	KindNull    = "null"
)

// InvalidUTF8 returns the offset of the first byte of data that is not
// UTF-8, or -1.
func InvalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}
