package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
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

// CompactJSON renders a value as JSON in its own member order, for messages.
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
			q, _ := json.Marshal(k)
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
		q, _ := json.Marshal(x)
		b.Write(q)
	}
}

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

// WriteOrdered writes a value read by parseJSON, members in order and
// without HTML escaping, so that descriptions read as written.
func WriteOrdered(buf *bytes.Buffer, v any) {
	switch x := v.(type) {
	case *Object:
		buf.WriteByte('{')
		for i, k := range x.Keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeString(buf, k)
			buf.WriteByte(':')
			WriteOrdered(buf, x.Values[k])
		}
		buf.WriteByte('}')
	case []any:
		buf.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			WriteOrdered(buf, e)
		}
		buf.WriteByte(']')
	case string:
		writeString(buf, x)
	case json.Number:
		buf.WriteString(x.String())
	case bool:
		buf.WriteString(strconv.FormatBool(x))
	case nil:
		buf.WriteString("null")
	default:
		b, _ := json.Marshal(x)
		buf.Write(b)
	}
}

func writeString(buf *bytes.Buffer, s string) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	buf.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

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
