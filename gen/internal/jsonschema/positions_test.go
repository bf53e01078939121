package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestLocateProperty draws JSON documents (nested objects and arrays,
// names with escapes, /, ~ and multi-byte runes, indented or on one line)
// and locates every pointer of each at once: a member's position holds its
// name, an item's its value.
func TestLocateProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	names := []string{"a", "type", "a/b", "~0", "é", "<&>", `q"uote`, "line\nbreak", "", "0", "$ref"}
	var gen func(depth int) any
	gen = func(depth int) any {
		switch n := r.IntN(6); {
		case depth > 4 || n == 0:
			return r.IntN(100)
		case n == 1:
			return "s" + strconv.Itoa(r.IntN(10))
		case n < 4:
			m := map[string]any{}
			for range r.IntN(4) {
				m[names[r.IntN(len(names))]] = gen(depth + 1)
			}
			return m
		default:
			var list []any
			for range r.IntN(4) {
				list = append(list, gen(depth+1))
			}
			return list
		}
	}
	for i := range 500 {
		doc := map[string]any{"root": gen(0), "other": gen(0)}
		var data []byte
		if i%2 == 0 {
			data, _ = json.MarshalIndent(doc, "", "\t")
		} else {
			data, _ = json.Marshal(doc)
		}
		// Every pointer, and what its position must hold.
		want := map[string]any{}
		var walk func(ptr string, v any)
		walk = func(ptr string, v any) {
			switch x := v.(type) {
			case map[string]any:
				for k, c := range x {
					p := ptr + "/" + PointerToken(k)
					want[p] = located{k, c}
					walk(p, c)
				}
			case []any:
				for j, c := range x {
					p := ptr + "/" + strconv.Itoa(j)
					want[p] = c
					walk(p, c)
				}
			}
		}
		walk("", doc)
		want[""] = doc
		ptrs := make([]string, 0, len(want))
		for p := range want {
			ptrs = append(ptrs, p)
		}
		found := locate(data, ptrs)
		lines := bytes.Split(data, []byte("\n"))
		for _, p := range ptrs {
			lc, ok := found[p]
			if !ok {
				t.Fatalf("document %d: %q not found in\n%s", i, p, data)
			}
			off := lc[1] - 1
			for _, line := range lines[:lc[0]-1] {
				off += len(line) + 1
			}
			got, err := valueAt(data[off:], want[p])
			if err != nil {
				t.Fatalf("document %d: %q at %d:%d: %v", i, p, lc[0], lc[1], err)
			}
			if exp := want[p]; !reflect.DeepEqual(normalize(got), normalize(exp)) {
				t.Fatalf("document %d: %q at %d:%d holds %v, want %v\n%s", i, p, lc[0], lc[1], got, exp, data)
			}
		}
	}
}

// located is what the position of a member holds: its name, then its value.
type located struct {
	Name  string
	Value any
}

// valueAt reads the value that data begins with, or the member when want
// is one.
func valueAt(data []byte, want any) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, ok := want.(located); !ok {
		return v, nil
	}
	name, _ := v.(string)
	rest := bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n")
	if len(rest) == 0 || rest[0] != ':' {
		return nil, fmt.Errorf("no member at %q", data[:min(len(data), 40)])
	}
	var value any
	if err := json.NewDecoder(bytes.NewReader(rest[1:])).Decode(&value); err != nil {
		return nil, err
	}
	return located{name, value}, nil
}

// normalize reads v as encoding/json decodes it.
func normalize(v any) any {
	b, _ := json.Marshal(v)
	var out any
	json.Unmarshal(b, &out)
	return out
}

// BenchmarkLocate positions 10,000 errors, one per member of a 0.6 MB
// schema, in one pass.
func BenchmarkLocate(b *testing.B) {
	var sb strings.Builder
	var ptrs []string
	sb.WriteString("{\"properties\": {\n")
	for i := range 10000 {
		if i > 0 {
			sb.WriteString(",\n")
		}
		fmt.Fprintf(&sb, "  \"p%d\": {\"description\": \"member %d\", \"type\": \"strin\"}", i, i)
		ptrs = append(ptrs, fmt.Sprintf("/properties/p%d/type", i))
	}
	sb.WriteString("}}")
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if got := locate(data, ptrs); len(got) != len(ptrs) {
			b.Fatalf("found %d of %d", len(got), len(ptrs))
		}
	}
}
