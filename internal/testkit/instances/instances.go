// Package instances draws JSON instances from a JSON Schema, for the
// differential tests that compare toolgen's validators with the reference
// on real-world schemas: values built to fit the schema (most of which do),
// and the same values broken in one place (most of which do not). Which is
// which is for a validator to say: the drawer only aims.
//
// It reads the keywords of drafts 7 to 2020-12 that shape values, follows
// references within the document (JSON Pointers and anchors), and draws
// strings for patterns from their syntax tree and for formats from
// examples.
package instances

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// Draw returns n instances of the schema document, as JSON: the first of
// every pair aims to be valid, the second is it broken in one place.
func Draw(schema []byte, n int, seed uint64) ([][]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(schema))
	dec.UseNumber()
	var root any
	if err := dec.Decode(&root); err != nil {
		return nil, err
	}
	d := &drawer{r: rand.New(rand.NewPCG(seed, 0x696e7374)), root: root, anchors: map[string]any{}}
	d.index(root)
	out := make([][]byte, 0, n)
	for i := 0; len(out) < n; i++ {
		v := d.value(root, 0)
		if i%2 == 1 {
			v = d.mutate(v, 0)
		}
		data, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		out = append(out, data)
	}
	return out, nil
}

type drawer struct {
	r       *rand.Rand
	root    any
	anchors map[string]any
}

func (d *drawer) pct(p int) bool { return d.r.IntN(100) < p }

func pick[T any](d *drawer, xs ...T) T { return xs[d.r.IntN(len(xs))] }

// index records the anchors of the document ($anchor, $dynamicAnchor, and
// the "#name" $id of older drafts).
func (d *drawer) index(v any) {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range []string{"$anchor", "$dynamicAnchor"} {
			if a, ok := x[k].(string); ok {
				d.anchors[a] = x
			}
		}
		if id, ok := x["$id"].(string); ok && strings.HasPrefix(id, "#") {
			d.anchors[id[1:]] = x
		}
		for _, c := range x {
			d.index(c)
		}
	case []any:
		for _, c := range x {
			d.index(c)
		}
	}
}

// resolve follows $ref (and $dynamicRef, statically) within the document.
func (d *drawer) resolve(s any) any {
	for range 32 {
		m, ok := s.(map[string]any)
		if !ok {
			return s
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			ref, ok = m["$dynamicRef"].(string)
		}
		if !ok {
			return s
		}
		target := d.lookup(ref)
		if target == nil {
			return map[string]any{}
		}
		if len(m) > 1 && d.draft() >= 2019 {
			// The siblings of $ref apply too: merge them.
			rest := map[string]any{}
			for k, v := range m {
				if k != "$ref" && k != "$dynamicRef" {
					rest[k] = v
				}
			}
			return merge(d.resolve(target), rest)
		}
		s = target
	}
	return map[string]any{}
}

func (d *drawer) draft() int {
	m, _ := d.root.(map[string]any)
	switch s, _ := m["$schema"].(string); {
	case strings.Contains(s, "draft-0"):
		return 7
	case strings.Contains(s, "2019-09"):
		return 2019
	}
	return 2020
}

func (d *drawer) lookup(ref string) any {
	i := strings.IndexByte(ref, '#')
	if i < 0 {
		return nil
	}
	frag, err := url.PathUnescape(ref[i+1:])
	if err != nil {
		return nil
	}
	if frag != "" && frag[0] != '/' {
		return d.anchors[frag]
	}
	v := d.root
	if frag == "" {
		return v
	}
	for _, tok := range strings.Split(frag[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			n, err := strconv.Atoi(tok)
			if err != nil || n < 0 || n >= len(x) {
				return nil
			}
			v = x[n]
		default:
			return nil
		}
	}
	return v
}

// merge combines the keywords of two schemas that both apply: properties
// and requirements add up, types intersect, the rest is taken from either.
func merge(a, b any) any {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if !aok {
		return b
	}
	if !bok {
		return a
	}
	out := map[string]any{}
	for k, v := range am {
		out[k] = v
	}
	for k, v := range bm {
		old, ok := out[k]
		if !ok {
			out[k] = v
			continue
		}
		switch k {
		case "properties":
			p := map[string]any{}
			for n, s := range old.(map[string]any) {
				p[n] = s
			}
			if more, ok := v.(map[string]any); ok {
				for n, s := range more {
					if prev, ok := p[n]; ok {
						p[n] = map[string]any{"allOf": []any{prev, s}}
					} else {
						p[n] = s
					}
				}
			}
			out[k] = p
		case "required":
			r, _ := old.([]any)
			more, _ := v.([]any)
			out[k] = append(append([]any{}, r...), more...)
		case "type":
			out[k] = intersectTypes(old, v)
		case "allOf":
			x, _ := old.([]any)
			y, _ := v.([]any)
			out[k] = append(append([]any{}, x...), y...)
		}
	}
	return out
}

func typeList(t any) []string {
	switch x := t.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, s := range x {
			if s, ok := s.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func intersectTypes(a, b any) any {
	var out []any
	bl := typeList(b)
	for _, t := range typeList(a) {
		if slices.Contains(bl, t) || t == "integer" && slices.Contains(bl, "number") {
			out = append(out, t)
		} else if t == "number" && slices.Contains(bl, "integer") {
			out = append(out, "integer")
		}
	}
	if len(out) == 0 {
		return a
	}
	return out
}

// flatten resolves s and folds its allOf and one branch of its anyOf or
// oneOf into it, so that one schema shapes the value.
func (d *drawer) flatten(s any, depth int) map[string]any {
	for range 8 {
		s = d.resolve(s)
		m, ok := s.(map[string]any)
		if !ok {
			if s == false {
				return map[string]any{"not": map[string]any{}}
			}
			return map[string]any{}
		}
		rest := map[string]any{}
		var next []any
		for k, v := range m {
			switch k {
			case "allOf":
				list, _ := v.([]any)
				next = append(next, list...)
			case "anyOf", "oneOf":
				if list, _ := v.([]any); len(list) > 0 {
					next = append(next, d.branch(list, depth))
				}
			case "$ref", "$dynamicRef":
			default:
				rest[k] = v
			}
		}
		if len(next) == 0 {
			return rest
		}
		for _, n := range next {
			rest = merge(rest, d.resolve(n)).(map[string]any)
		}
		s = rest
	}
	m, _ := s.(map[string]any)
	return m
}

// branch picks an alternative, preferring one that is not null and, deep
// down, one that ends the recursion.
func (d *drawer) branch(list []any, depth int) any {
	var plain []any
	for _, b := range list {
		bm, _ := d.resolve(b).(map[string]any)
		if t := typeList(bm["type"]); len(t) == 1 && t[0] == "null" {
			continue
		}
		if depth > 5 && bm["$ref"] != nil {
			continue
		}
		plain = append(plain, b)
	}
	if len(plain) == 0 || d.pct(10) {
		return pick(d, list...)
	}
	return pick(d, plain...)
}
