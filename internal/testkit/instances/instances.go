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
	"math/big"
	"math/rand/v2"
	"net/url"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/internal/ecma"
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

// value draws a value that aims to be valid against s.
func (d *drawer) value(s any, depth int) any {
	m := d.flatten(s, depth)
	if _, ok := m["not"]; ok && len(m) == 1 {
		return nil
	}
	if c, ok := m["const"]; ok {
		return c
	}
	if enum, ok := m["enum"].([]any); ok && len(enum) > 0 {
		return pick(d, enum...)
	}
	types := typeList(m["type"])
	if len(types) == 0 {
		types = d.impliedTypes(m)
	}
	var t string
	if len(types) > 1 && slices.Contains(types, "null") && d.pct(80) {
		types = slices.DeleteFunc(slices.Clone(types), func(t string) bool { return t == "null" })
	}
	t = pick(d, types...)
	switch t {
	case "string":
		return d.str(m)
	case "integer", "number":
		return d.number(m, t == "integer")
	case "boolean":
		return d.pct(50)
	case "null":
		return nil
	case "array":
		return d.array(m, depth)
	case "object":
		return d.object(m, depth)
	}
	return d.anything(depth)
}

// impliedTypes guesses the type of a schema without one from its keywords.
func (d *drawer) impliedTypes(m map[string]any) []string {
	has := func(ks ...string) bool {
		for _, k := range ks {
			if _, ok := m[k]; ok {
				return true
			}
		}
		return false
	}
	switch {
	case has("properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties", "propertyNames"):
		return []string{"object"}
	case has("items", "prefixItems", "minItems", "maxItems", "contains", "uniqueItems"):
		return []string{"array"}
	case has("minLength", "maxLength", "pattern", "format"):
		return []string{"string"}
	case has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
		return []string{"number"}
	}
	return []string{"string", "integer", "boolean", "object", "array", "null"}
}

func (d *drawer) anything(depth int) any {
	if depth > 4 {
		return "leaf"
	}
	return pick[any](d, nil, true, json.Number("1.5"), json.Number("7"), "s", []any{json.Number("1")}, map[string]any{"k": "v"})
}

// formatExamples are valid strings of the formats.
var formatExamples = map[string][]string{
	"date-time":     {"2024-05-01T12:00:00Z", "2026-01-31T23:59:59.5+02:00"},
	"date":          {"2024-05-01", "2000-02-29"},
	"time":          {"12:00:00Z", "23:59:59+01:00"},
	"duration":      {"P3DT4H", "PT15M"},
	"email":         {"ada@example.com"},
	"hostname":      {"example.com", "api.github.com"},
	"ipv4":          {"192.168.0.1"},
	"ipv6":          {"2001:db8::1"},
	"uri":           {"https://example.com/a?b=c", "urn:isbn:0451450523"},
	"uri-reference": {"../a/b", "https://example.com/"},
	"uri-template":  {"https://example.com/{id}", "file:///{path}"},
	"uuid":          {"2eb8aa08-aa98-11ea-b4aa-73b441d16380"},
	"json-pointer":  {"/a/b~1c", ""},
	"regex":         {"^[a-z]+$"},
	"byte":          {"aGVsbG8=", ""},
}

var words = []string{"a", "abc", "paris", "main", "README.md", "octocat", "Hello, world", "x_y", "日本", "😀", "42", "", "a b"}

func runeLen(s string) int { return utf8.RuneCountInString(s) }

func intOf(v any, def int) int {
	n, ok := v.(json.Number)
	if !ok {
		return def
	}
	f, err := n.Float64()
	if err != nil || f > 1e6 {
		return def
	}
	return int(f)
}

// str draws a string for s: from its format, its pattern, or words, fit to
// its length.
func (d *drawer) str(m map[string]any) any {
	lo, hi := intOf(m["minLength"], 0), intOf(m["maxLength"], -1)
	fits := func(x string) bool { n := runeLen(x); return n >= lo && (hi < 0 || n <= hi) }
	if f, ok := m["format"].(string); ok {
		if ex := formatExamples[f]; len(ex) > 0 {
			return pick(d, ex...)
		}
	}
	if p, ok := m["pattern"].(string); ok {
		if re2, err := ecma.Translate(p); err == nil {
			if re, err := regexp.Compile(re2); err == nil {
				if tree, err := syntax.Parse(re2, syntax.Perl); err == nil {
					for range 20 {
						var b strings.Builder
						d.regex(&b, tree.Simplify(), 0)
						if s := b.String(); re.MatchString(s) && fits(s) {
							return s
						}
					}
				}
			}
		}
	}
	var candidates []string
	for _, w := range words {
		if fits(w) {
			candidates = append(candidates, w)
		}
	}
	if len(candidates) > 0 && d.pct(70) {
		return pick(d, candidates...)
	}
	n := lo + d.r.IntN(4)
	if hi >= 0 && n > hi {
		n = hi
	}
	return strings.Repeat("x", n)
}

// regex writes a string the syntax tree matches.
func (d *drawer) regex(b *strings.Builder, re *syntax.Regexp, depth int) {
	if depth > 40 || b.Len() > 200 {
		return
	}
	reps := func(min, max int) int {
		if max < 0 || max > min+3 {
			max = min + 3
		}
		return min + d.r.IntN(max-min+1)
	}
	switch re.Op {
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		if len(re.Rune) >= 2 {
			i := 2 * d.r.IntN(len(re.Rune)/2)
			lo, hi := re.Rune[i], re.Rune[i+1]
			if hi > lo+64 {
				hi = lo + 64
			}
			b.WriteRune(lo + rune(d.r.IntN(int(hi-lo)+1)))
		}
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('a')
	case syntax.OpCapture:
		d.regex(b, re.Sub[0], depth+1)
	case syntax.OpStar:
		for range reps(0, 2) {
			d.regex(b, re.Sub[0], depth+1)
		}
	case syntax.OpPlus:
		for range reps(1, 3) {
			d.regex(b, re.Sub[0], depth+1)
		}
	case syntax.OpQuest:
		if d.pct(50) {
			d.regex(b, re.Sub[0], depth+1)
		}
	case syntax.OpRepeat:
		for range reps(re.Min, re.Max) {
			d.regex(b, re.Sub[0], depth+1)
		}
	case syntax.OpConcat:
		for _, s := range re.Sub {
			d.regex(b, s, depth+1)
		}
	case syntax.OpAlternate:
		d.regex(b, pick(d, re.Sub...), depth+1)
	}
}

func rat(v any) *big.Rat {
	n, ok := v.(json.Number)
	if !ok {
		return nil
	}
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return nil
	}
	return r
}

func number(v *big.Rat) json.Number {
	if v.IsInt() {
		return json.Number(v.Num().String())
	}
	s := strings.TrimRight(v.FloatString(6), "0")
	return json.Number(strings.TrimSuffix(s, "."))
}

// number draws a number within s's bounds, a multiple of multipleOf.
func (d *drawer) number(m map[string]any, integer bool) any {
	lo, hi := rat(m["minimum"]), rat(m["maximum"])
	if x := rat(m["exclusiveMinimum"]); x != nil {
		lo = new(big.Rat).Add(x, big.NewRat(1, 100))
	}
	if x := rat(m["exclusiveMaximum"]); x != nil {
		hi = new(big.Rat).Sub(x, big.NewRat(1, 100))
	}
	switch {
	case lo == nil && hi == nil:
		lo, hi = big.NewRat(-100, 1), big.NewRat(1000, 1)
	case lo == nil:
		lo = new(big.Rat).Sub(hi, big.NewRat(100, 1))
	case hi == nil:
		hi = new(big.Rat).Add(lo, big.NewRat(100, 1))
	}
	if hi.Cmp(lo) < 0 {
		hi = lo
	}
	step := big.NewRat(1, 4)
	if integer {
		step = big.NewRat(1, 1)
	}
	if mult := rat(m["multipleOf"]); mult != nil && mult.Sign() > 0 {
		step = mult
	}
	// The multiples of step from lo up, capped.
	first := new(big.Rat).Quo(lo, step)
	k := new(big.Int).Quo(first.Num(), first.Denom())
	span := new(big.Rat).Quo(new(big.Rat).Sub(hi, lo), step)
	steps := new(big.Int).Quo(span.Num(), span.Denom())
	if !steps.IsInt64() || steps.Int64() > 1000 {
		steps = big.NewInt(1000)
	}
	for range 8 {
		n := new(big.Int).Add(k, big.NewInt(d.r.Int64N(steps.Int64()+2)))
		v := new(big.Rat).Mul(new(big.Rat).SetInt(n), step)
		if v.Cmp(lo) >= 0 && v.Cmp(hi) <= 0 && (!integer || v.IsInt()) {
			return number(v)
		}
	}
	return number(new(big.Rat).SetInt(new(big.Int).Quo(lo.Num(), lo.Denom())))
}

func (d *drawer) array(m map[string]any, depth int) any {
	lo, hi := intOf(m["minItems"], 0), intOf(m["maxItems"], -1)
	n := lo + d.r.IntN(3)
	if depth > 5 {
		n = lo
	}
	if hi >= 0 && n > hi {
		n = hi
	}
	var prefix []any
	if p, ok := m["prefixItems"].([]any); ok {
		prefix = p
	} else if p, ok := m["items"].([]any); ok {
		prefix = p
	}
	items := m["items"]
	if prefix != nil {
		if _, isList := items.([]any); isList {
			items = m["additionalItems"]
		}
		if n < len(prefix) && (hi < 0 || len(prefix) <= hi) && d.pct(70) {
			n = len(prefix)
		}
	}
	out := []any{}
	for i := range n {
		var s any = map[string]any{}
		switch {
		case i < len(prefix):
			s = prefix[i]
		case items != nil:
			s = items
		}
		out = append(out, d.value(s, depth+1))
	}
	if c, ok := m["contains"]; ok && (hi < 0 || len(out) < hi) {
		min := intOf(m["minContains"], 1)
		for range min {
			if hi >= 0 && len(out) >= hi {
				break
			}
			out = append(out, d.value(c, depth+1))
		}
	}
	if m["uniqueItems"] == true {
		var seen []string
		var uniq []any
		for _, x := range out {
			k, _ := json.Marshal(x)
			if !slices.Contains(seen, string(k)) {
				seen = append(seen, string(k))
				uniq = append(uniq, x)
			}
		}
		if uniq == nil {
			uniq = []any{}
		}
		out = uniq
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func (d *drawer) object(m map[string]any, depth int) any {
	props, _ := m["properties"].(map[string]any)
	required := map[string]bool{}
	if list, ok := m["required"].([]any); ok {
		for _, r := range list {
			if s, ok := r.(string); ok {
				required[s] = true
			}
		}
	}
	out := map[string]any{}
	for _, name := range sortedKeys(props) {
		if !required[name] && (depth > 3 || d.pct(50)) {
			continue
		}
		out[name] = d.value(props[name], depth+1)
	}
	for _, name := range sortedKeys(toAnyMap(required)) {
		if _, done := out[name]; !done {
			out[name] = d.anything(depth + 1)
		}
	}
	if pp, ok := m["patternProperties"].(map[string]any); ok {
		for _, p := range sortedKeys(pp) {
			if d.pct(50) {
				if k, ok := d.str(map[string]any{"pattern": p}).(string); ok {
					out[k] = d.value(pp[p], depth+1)
				}
			}
		}
	}
	if add, ok := m["additionalProperties"]; ok && add != false && d.pct(40) {
		out[pick(d, "extra", "k1", "日本")] = d.value(add, depth+1)
	}
	// Dependencies: a present member brings the members it requires.
	for _, k := range []string{"dependentRequired", "dependencies"} {
		deps, _ := m[k].(map[string]any)
		for _, name := range sortedKeys(deps) {
			list, isList := deps[name].([]any)
			if _, present := out[name]; !present || !isList {
				continue
			}
			for _, r := range list {
				if s, ok := r.(string); ok {
					if _, done := out[s]; !done {
						out[s] = d.value(props[s], depth+1)
					}
				}
			}
		}
	}
	if max := intOf(m["maxProperties"], -1); max >= 0 {
		for _, k := range sortedKeys(out) {
			if len(out) <= max {
				break
			}
			if !required[k] {
				delete(out, k)
			}
		}
	}
	return out
}

func toAnyMap(m map[string]bool) map[string]any {
	out := map[string]any{}
	for k := range m {
		out[k] = true
	}
	return out
}

// mutate breaks a value in one place, at the top or in a member or item.
func (d *drawer) mutate(v any, depth int) any {
	switch x := v.(type) {
	case map[string]any:
		if len(x) > 0 && d.pct(60) && depth < 6 {
			k := pick(d, sortedKeys(x)...)
			out := copyMap(x)
			out[k] = d.mutate(x[k], depth+1)
			return out
		}
		out := copyMap(x)
		switch {
		case len(x) > 0 && d.pct(40):
			delete(out, pick(d, sortedKeys(x)...))
		case d.pct(50):
			out[pick(d, "x-undeclared", "tz", "", "a/b")] = pick[any](d, "x", json.Number("1"), nil)
		default:
			return d.wrongType(v)
		}
		return out
	case []any:
		if len(x) > 0 && d.pct(60) && depth < 6 {
			i := d.r.IntN(len(x))
			out := slices.Clone(x)
			out[i] = d.mutate(x[i], depth+1)
			return out
		}
		switch {
		case len(x) > 0 && d.pct(30):
			return append(slices.Clone(x), x[0])
		case len(x) > 0 && d.pct(30):
			return x[:len(x)-1]
		case d.pct(30):
			return append(slices.Clone(x), "extra")
		}
		return d.wrongType(v)
	case string:
		if d.pct(30) {
			return d.wrongType(v)
		}
		return pick[any](d, "", "not a "+pick(d, "date", "uri", "uuid", "format"), strings.Repeat("z", 300), "{", x+"!", d.wrongType(v))
	case json.Number:
		next := json.Number("1")
		if r := rat(x); r != nil {
			next = number(r.Add(r, big.NewRat(1, 1)))
		}
		return pick[any](d, json.Number("-1"), json.Number("1e12"), json.Number("0.5"), next, d.wrongType(v))
	}
	return d.wrongType(v)
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (d *drawer) wrongType(v any) any {
	pool := []any{nil, true, json.Number("3"), json.Number("3.5"), "3", []any{}, map[string]any{}}
	for {
		w := pick(d, pool...)
		if sameKind(v, w) {
			continue
		}
		return w
	}
}

func sameKind(a, b any) bool {
	switch a.(type) {
	case nil:
		return b == nil
	case bool:
		_, ok := b.(bool)
		return ok
	case json.Number:
		_, ok := b.(json.Number)
		return ok
	case string:
		_, ok := b.(string)
		return ok
	case []any:
		_, ok := b.([]any)
		return ok
	case map[string]any:
		_, ok := b.(map[string]any)
		return ok
	}
	return false
}
