package dump

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/toolgen-go/toolgen/internal/testkit/toolcalls"
)

// hostile returns the calls that break the way models' and attackers'
// JSON breaks, built from a schema's members and base, a valid call: not
// an object, trailing data, a duplicate or undeclared member, null and
// wrong types, numbers beyond every range and in e-notation, invalid
// UTF-8, deep nesting, long and control-character strings.
func hostile(schema, base []byte) []raw {
	props := members(schema)
	var obj map[string]any
	dec := json.NewDecoder(bytes.NewReader(base))
	dec.UseNumber()
	if dec.Decode(&obj) != nil || obj == nil {
		obj = map[string]any{}
	}
	// with returns base with each member of kinds set by value; it writes
	// the call by hand so that a value may be any bytes.
	with := func(value func(kind string) string, kinds ...string) []byte {
		out := map[string]string{}
		for k, v := range obj {
			b, _ := json.Marshal(v)
			out[k] = string(b)
		}
		changed := false
		for _, p := range props {
			if len(kinds) > 0 && !contains(kinds, p.kind) {
				continue
			}
			if v := value(p.kind); v != "" {
				out[p.name] = v
				changed = true
			}
		}
		if !changed {
			return nil
		}
		var b strings.Builder
		b.WriteByte('{')
		for i, k := range sortedKeys(out) {
			if i > 0 {
				b.WriteByte(',')
			}
			name, _ := json.Marshal(k)
			b.Write(name)
			b.WriteByte(':')
			b.WriteString(out[k])
		}
		b.WriteByte('}')
		return []byte(b.String())
	}
	first := ""
	for _, k := range sortedKeys(obj) {
		first = k
		break
	}
	calls := []raw{
		{"hostile call, empty", []byte("")},
		{"hostile call, white space", []byte(" \n\t")},
		{"hostile call, null", []byte("null")},
		{"hostile call, an array", []byte("[]")},
		{"hostile call, a string", []byte(`"{}"`)},
		{"hostile call, a number", []byte("1")},
		{"hostile call, the empty object", []byte("{}")},
		{"hostile call, a byte order mark", append([]byte("\ufeff"), base...)},
		{"hostile call, trailing data", append(append([]byte{}, base...), " x"...)},
		{"hostile call, two objects", append(append([]byte{}, base...), "{}"...)},
		{"hostile call, truncated", base[:len(base)/2]},
		{"hostile call, indented", indent(base)},
		{"hostile call, an undeclared member", insert(base, `"x-undeclared":1`)},
		{"hostile call, an undeclared member with invalid UTF-8 in its name", insert(base, "\"x-\xff\":1")},
		{"hostile call, an undeclared member 600 arrays deep", insert(base, `"x-deep":`+strings.Repeat("[", 600)+strings.Repeat("]", 600))},
	}
	if first != "" {
		v, _ := json.Marshal(obj[first])
		name, _ := json.Marshal(first)
		calls = append(calls, raw{"hostile call, a duplicate member", insert(base, string(name)+":"+string(v))})
		calls = append(calls, raw{"hostile call, members' names escaped", escapeNames(base)})
	}
	kinds := []struct {
		label string
		kinds []string
		value func(kind string) string
	}{
		{"every member null", nil, func(string) string { return "null" }},
		{"every member of a wrong type", nil, wrongType},
		{"every member an object 40 deep", nil, func(string) string { return strings.Repeat(`{"a":`, 40) + "1" + strings.Repeat("}", 40) }},
		{"every member 600 arrays deep", nil, func(string) string { return strings.Repeat("[", 600) + strings.Repeat("]", 600) }},
		{"numbers huge", []string{"integer", "number"}, func(string) string { return "123456789012345678901234567890" }},
		{"numbers beyond float64", []string{"integer", "number"}, func(string) string { return "1e400" }},
		{"numbers in e-notation", []string{"integer", "number"}, func(string) string { return "1E1" }},
		{"numbers with a fraction of zero", []string{"integer", "number"}, func(string) string { return "2.000" }},
		{"numbers negative zero", []string{"integer", "number"}, func(string) string { return "-0" }},
		{"numbers tiny", []string{"integer", "number"}, func(string) string { return "1e-400" }},
		{"strings with invalid UTF-8", []string{"string"}, func(string) string { return "\"a\xffb\"" }},
		{"strings with a lone surrogate", []string{"string"}, func(string) string { return `"\ud800"` }},
		{"strings with escaped control characters", []string{"string"}, func(string) string { return `"a\u0000b\nc"` }},
		{"strings with a raw control character", []string{"string"}, func(string) string { return "\"a\x01b\"" }},
		{"strings 5000 characters long", []string{"string"}, func(string) string { return `"` + strings.Repeat("é", 5000) + `"` }},
		{"arrays of 150 nulls", []string{"array"}, func(string) string { return "[" + strings.Repeat("null,", 149) + "null]" }},
		{"booleans as strings", []string{"boolean"}, func(string) string { return `"true"` }},
		{"booleans as integers", []string{"boolean"}, func(string) string { return "1" }},
	}
	for _, k := range kinds {
		if data := with(k.value, k.kinds...); data != nil {
			calls = append(calls, raw{"hostile call, " + k.label, data})
		}
	}
	return calls
}

// member is a member of a schema's root object and its JSON type.
type member struct{ name, kind string }

// members lists the members of a schema's root object, sorted, with the
// first type each may take that is not null ("" when none says).
func members(schema []byte) []member {
	var root map[string]any
	if json.Unmarshal(schema, &root) != nil {
		return nil
	}
	props, _ := toolcalls.Resolve(root, root)["properties"].(map[string]any)
	var out []member
	for _, name := range sortedKeys(props) {
		s, _ := props[name].(map[string]any)
		out = append(out, member{name, kindOf(root, s, 0)})
	}
	return out
}

func kindOf(root, s map[string]any, depth int) string {
	s = toolcalls.Resolve(root, s)
	if s == nil || depth > 8 {
		return ""
	}
	switch t := s["type"].(type) {
	case string:
		if t != "null" {
			return t
		}
	case []any:
		for _, x := range t {
			if x, _ := x.(string); x != "" && x != "null" {
				return x
			}
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		branches, _ := s[k].([]any)
		for _, b := range branches {
			b, _ := b.(map[string]any)
			if kind := kindOf(root, b, depth+1); kind != "" {
				return kind
			}
		}
	}
	return ""
}

// wrongType returns a value of another type than kind.
func wrongType(kind string) string {
	switch kind {
	case "string":
		return "1"
	case "integer", "number":
		return `"1"`
	case "boolean":
		return "0"
	case "array":
		return "{}"
	case "object":
		return "[]"
	}
	return ""
}

// insert writes member as the first member of the object base.
func insert(base []byte, member string) []byte {
	rest := bytes.TrimPrefix(bytes.TrimSpace(base), []byte("{"))
	if bytes.HasPrefix(bytes.TrimSpace(rest), []byte("}")) {
		return []byte("{" + member + "}")
	}
	return append([]byte("{"+member+","), rest...)
}

// indent writes base with white space between every token.
func indent(base []byte) []byte {
	var b bytes.Buffer
	if json.Indent(&b, base, "\n", "\t ") != nil {
		return base
	}
	return b.Bytes()
}

// escapeNames writes the root members' names of base with every character
// escaped as \uXXXX.
func escapeNames(base []byte) []byte {
	var obj map[string]json.RawMessage
	if json.Unmarshal(base, &obj) != nil {
		return base
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range sortedKeys(obj) {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		for _, r := range k {
			if r > 0xFFFF {
				r -= 0x10000
				b.WriteString(`\u` + hex4(0xD800+(r>>10)) + `\u` + hex4(0xDC00+(r&0x3FF)))
				continue
			}
			b.WriteString(`\u` + hex4(r))
		}
		b.WriteString(`":`)
		b.Write(obj[k])
	}
	b.WriteByte('}')
	return []byte(b.String())
}

func hex4(r rune) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[r>>12&0xF], digits[r>>8&0xF], digits[r>>4&0xF], digits[r&0xF]})
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
