package instances

import (
	"encoding/json"
	"math/big"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/internal/ecma"
)

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
