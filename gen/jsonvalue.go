package gen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/toolgen-go/toolgen/runtime/toolimpl/value"
)

// A JSON value as the schema compiler reads it: nil, bool, string,
// json.Number, []any, or *object, whose members keep their order (the order
// of properties is the order of errors).
type object struct {
	keys   []string
	values map[string]any
}

func newObject() *object { return &object{values: map[string]any{}} }

func (o *object) get(k string) (any, bool) {
	v, ok := o.values[k]
	return v, ok
}

func (o *object) has(k string) bool { _, ok := o.values[k]; return ok }

func (o *object) str(k string) string {
	s, _ := o.values[k].(string)
	return s
}

// set sets a member, appending it when new.
func (o *object) set(k string, v any) {
	if _, ok := o.values[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.values[k] = v
}

func (o *object) with(k string, v any) *object { o.set(k, v); return o }

// parseJSON reads one JSON value, keeping the order of object members and
// numbers as written. A member that appears twice keeps its first position
// and its last value, as encoding/json does.
func parseJSON(data []byte) (any, error) {
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
			o := newObject()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, fmt.Errorf("invalid JSON: %v", err)
				}
				v, err := parseJSONValue(dec)
				if err != nil {
					return nil, err
				}
				o.set(kt.(string), v)
			}
			_, err := dec.Token()
			return o, err
		}
	}
	return tok, nil
}

// valueKey returns a key that is the same for two values exactly when the
// run time's value.Equal calls them equal: numbers by their exact value,
// whatever their spelling (1e23 and 100000000000000000000000 alike,
// 9007199254740993 and 9007199254740992 apart, 1e-400 apart from 0), members
// in any order. It is value.IdentityForm of the value as generated code
// holds it, which for JSON's numbers is Equal's equality. It reports false
// for a value nested deeper than value.MaxDepth.
func valueKey(v any) (string, bool) {
	b, w := value.IdentityForm(nil, runtimeValue(v), value.MaxDepth)
	return string(b), w == value.WalkOK
}

// runtimeValue returns v as generated code holds it: an *object as a
// map[string]any.
func runtimeValue(v any) any {
	switch x := v.(type) {
	case *object:
		m := make(map[string]any, len(x.keys))
		for _, k := range x.keys {
			m[k] = runtimeValue(x.values[k])
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

// floatView returns the float64 through which generated code reads the
// number n (value.Number), or false when n is beyond float64's range, which
// the run time does not read as a number. The generator writes it as a Go
// constant and decides nothing by it: comparisons are exact (value.Compare).
func floatView(n json.Number) (float64, bool) {
	return value.Number(n)
}

// compactJSON renders a value as JSON in its own member order, for messages.
func compactJSON(v any) string {
	var b strings.Builder
	writeCompact(&b, v)
	return b.String()
}

func writeCompact(b *strings.Builder, v any) {
	switch x := v.(type) {
	case *object:
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			q, _ := json.Marshal(k)
			b.Write(q)
			b.WriteByte(':')
			writeCompact(b, x.values[k])
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

// jsonType names the JSON type of a parsed value.
func jsonType(v any) string {
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
	case *object:
		return "object"
	}
	return "unknown"
}
