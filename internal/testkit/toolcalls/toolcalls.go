// Package toolcalls draws the tool calls of the differential tests from a
// tool's canonical schema (the one toolgen generates: $defs, "#" and
// "#/$defs/Name" references, nullable members as a union with null): argument
// objects, valid or broken the ways a model breaks them (Objects, Draw),
// written the ways models and libraries write JSON (Writer) and broken
// the ways a model's output breaks (Mutate); Raw does all three. The same
// schema and seed always give the same calls: the agreement test
// (internal/testkit/differential), the one-pass test
// (internal/testkit/onepass) and the behaviour dump (internal/testkit/dump)
// draw from it.
//
// It reads only the keywords toolgen emits; internal/testkit/instances draws
// from any JSON Schema, for the real-world schemas.
package toolcalls

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Objects draws n argument objects from root, a canonical schema decoded
// with json.Number numbers, as JSON: most valid, the others broken in one or
// more places (a wrong type, a bound or a length just outside, a pattern or
// an enum missed, a required member missing, an undeclared member, null, an
// optional member omitted).
func Objects(root map[string]any, n int, seed uint64) [][]byte {
	d := &drawer{r: rand.New(rand.NewPCG(seed, 0x64_69_61_6c_65_63_74)), root: root}
	calls := make([][]byte, 0, n)
	for i := range n {
		// A third of the calls are valid everywhere; the others break each
		// place with a small probability, so that a single broken place is
		// common.
		d.breakRate = 0
		if i%3 != 0 {
			d.breakRate = 3 + d.r.IntN(12)
		}
		v := d.value(root, 0)
		data, err := json.Marshal(v)
		if err != nil {
			panic(err)
		}
		if data[0] != '{' {
			data = []byte("{}")
		}
		calls = append(calls, data)
	}
	return calls
}

type drawer struct {
	r         *rand.Rand
	root      map[string]any
	breakRate int // percent of places broken
}

func (d *drawer) pct(p int) bool { return d.r.IntN(100) < p }

func pick[T any](d *drawer, xs ...T) T { return xs[d.r.IntN(len(xs))] }

// value draws a value of schema s: valid, or broken here with breakRate.
func (d *drawer) value(s map[string]any, depth int) any {
	s = Resolve(d.root, s)
	if branch := NonNullBranch(s); branch != nil {
		if d.pct(15) {
			return nil
		}
		return d.value(branch, depth+1)
	}
	if d.pct(d.breakRate) {
		return d.broken(s, depth)
	}
	return d.valid(s, depth)
}

func (d *drawer) valid(s map[string]any, depth int) any {
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		return pick(d, enum...)
	}
	if c, ok := s["const"]; ok {
		return c
	}
	switch s["type"] {
	case "string":
		return d.str(s, true)
	case "integer", "number":
		return d.number(s, true)
	case "boolean":
		return d.pct(50)
	case "array":
		return d.array(s, depth, 0)
	case "object":
		return d.object(s, depth, 0)
	}
	return d.anything(depth)
}

// broken draws a value that breaks s here, or a wrong type.
func (d *drawer) broken(s map[string]any, depth int) any {
	if d.pct(30) {
		return d.wrongType(s)
	}
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		if s["type"] == "string" {
			return pick[any](d, "zz", "", strings.ToUpper(toString(enum[0])))
		}
		return json.Number("987654")
	}
	switch s["type"] {
	case "string":
		return d.str(s, false)
	case "integer", "number":
		return d.number(s, false)
	case "array":
		return d.array(s, depth, pick(d, 1, 2))
	case "object":
		return d.object(s, depth, pick(d, 1, 2, 3))
	}
	return d.wrongType(s)
}

func toString(v any) string { s, _ := v.(string); return s }

func (d *drawer) wrongType(s map[string]any) any {
	pool := []any{nil, true, json.Number("3"), json.Number("3.5"), "3", "", []any{}, map[string]any{}}
	for {
		v := pick(d, pool...)
		if !sameType(s["type"], v) {
			return v
		}
	}
}

func sameType(t any, v any) bool {
	switch v.(type) {
	case nil:
		return t == "null"
	case bool:
		return t == "boolean"
	case json.Number:
		n := v.(json.Number)
		return t == "number" || (t == "integer" && !strings.Contains(string(n), "."))
	case string:
		return t == "string"
	case []any:
		return t == "array"
	case map[string]any:
		return t == "object"
	}
	return false
}

// --- strings ---

// pool holds strings for patterns: words, codes, dates, identifiers, and
// strings that match few patterns.
var pool = []string{
	"a", "abc", "paris", "trip", "weekend_2", "a-b", "x_y", "Paris", "New York", "ABC", "CDG", "JFK", "LHR",
	"NRT", "AF", "BA", "U2", "LH", "7X", "12A", "3C", "9K", "2026-05-01", "2026-12-31", "1999-01-01",
	"AF1234", "BA0117", "ABC-123", "XYZ-909", "AB-12", "LH4410", "ZX9K2L", "ABC123", "Q7W8E9", "AF123", "0", "42", "日本", "😀", "a b",
	"Not OK", "UPPER", "-", "_", "x.y", "ab12", "a/b",
}

var runes = []string{"a", "Z", "é", "ß", "日", "😀", "\u0301", " ", "7"}

// formatPool holds strings in each format and strings in none of them.
var formatPool = map[string][2][]string{
	"date-time":     {{"2026-05-01T09:30:00Z", "2026-12-31T23:59:59+01:00"}, {"tomorrow", "2026-05-01"}},
	"date":          {{"2026-05-01", "1999-12-31"}, {"tomorrow", "2026-13-01"}},
	"time":          {{"09:30:00Z", "23:59:59+01:00"}, {"noon", "25:00:00Z"}},
	"duration":      {{"P3D", "PT1H30M"}, {"3 days", "P"}},
	"email":         {{"ada@example.com", "bob.smith@example.org"}, {"ada", "ada@"}},
	"hostname":      {{"example.com", "api.example.org"}, {"-bad-", "a..b"}},
	"ipv4":          {{"192.0.2.1", "10.0.0.255"}, {"192.0.2", "256.0.0.1"}},
	"ipv6":          {{"2001:db8::1", "::1"}, {"2001:db8:::1", "1.2.3.4"}},
	"uri":           {{"https://example.com/a", "urn:isbn:0451450523"}, {"not a uri", "/relative"}},
	"uri-reference": {{"/a/b", "https://example.com"}, {"\\bad"}},
	"uuid":          {{"0b8a2f4e-1c9d-4f3a-9e7b-5d6c2a1f0e3b"}, {"1234", "0b8a2f4e1c9d4f3a9e7b5d6c2a1f0e3b"}},
	"json-pointer":  {{"/a/0", ""}, {"a/0", "/~2"}},
	"regex":         {{"^a+$", "[0-9]"}, {"(", "[a-"}},
}

// str draws a string that fits s's length, pattern and format (ok) or
// breaks one of them.
func (d *drawer) str(s map[string]any, ok bool) any {
	lo, hi := intOf(s["minLength"], 0), intOf(s["maxLength"], -1)
	var re *regexp.Regexp
	if p, has := s["pattern"].(string); has {
		re = regexp.MustCompile(p)
	}
	format, hasFormat := formatPool[toString(s["format"])]
	inFormat := func(x string) bool { return !hasFormat || slices.Contains(format[0], x) }
	fits := func(x string) bool {
		n := utf8.RuneCountInString(x)
		return n >= lo && (hi < 0 || n <= hi) && (re == nil || re.MatchString(x)) && inFormat(x)
	}
	if ok {
		var candidates []string
		for _, c := range append(append([]string{}, pool...), format[0]...) {
			if fits(c) {
				candidates = append(candidates, c)
			}
		}
		if re == nil && !hasFormat {
			for range 4 {
				n := lo + d.r.IntN(6)
				if hi >= 0 && n > hi {
					n = hi
				}
				candidates = append(candidates, d.runesOf(n))
			}
		}
		if len(candidates) == 0 {
			return "no string of the pool fits"
		}
		return pick(d, candidates...)
	}
	var breaks []string
	for _, c := range format[1] {
		n := utf8.RuneCountInString(c)
		if n >= lo && (hi < 0 || n <= hi) && (re == nil || re.MatchString(c)) {
			breaks = append(breaks, c)
		}
	}
	if lo > 0 {
		breaks = append(breaks, d.runesOf(lo-1))
	}
	if hi >= 0 {
		breaks = append(breaks, d.runesOf(hi+1))
	}
	if re != nil {
		for _, c := range pool {
			if !re.MatchString(c) && (utf8.RuneCountInString(c) >= lo && (hi < 0 || utf8.RuneCountInString(c) <= hi)) {
				breaks = append(breaks, c)
			}
		}
	}
	if len(breaks) == 0 {
		return d.wrongType(s)
	}
	return pick(d, breaks...)
}

func (d *drawer) runesOf(n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(pick(d, runes...))
	}
	return b.String()
}

func intOf(v any, def int) int {
	n, ok := v.(json.Number)
	if !ok {
		return def
	}
	i, err := n.Int64()
	if err != nil {
		return def
	}
	return int(i)
}

// --- numbers ---

type bounds struct {
	lo, hi       *big.Rat
	loEx, hiEx   bool
	multiple     *big.Rat
	integer      bool
	declaredLoHi bool
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

func boundsOf(s map[string]any) bounds {
	b := bounds{integer: s["type"] == "integer", multiple: rat(s["multipleOf"])}
	b.lo, b.hi = rat(s["minimum"]), rat(s["maximum"])
	if x := rat(s["exclusiveMinimum"]); x != nil {
		b.lo, b.loEx = x, true
	}
	if x := rat(s["exclusiveMaximum"]); x != nil {
		b.hi, b.hiEx = x, true
	}
	b.declaredLoHi = b.lo != nil || b.hi != nil
	return b
}

func (b bounds) fits(v *big.Rat) bool {
	if b.lo != nil && (v.Cmp(b.lo) < 0 || (b.loEx && v.Cmp(b.lo) == 0)) {
		return false
	}
	if b.hi != nil && (v.Cmp(b.hi) > 0 || (b.hiEx && v.Cmp(b.hi) == 0)) {
		return false
	}
	if b.integer && !v.IsInt() {
		return false
	}
	if b.multiple != nil && !new(big.Rat).Quo(v, b.multiple).IsInt() {
		return false
	}
	return true
}

func number(v *big.Rat) json.Number {
	if v.IsInt() {
		return json.Number(v.Num().String())
	}
	s := v.FloatString(6)
	s = strings.TrimRight(s, "0")
	return json.Number(strings.TrimSuffix(s, "."))
}

// number draws a number that fits s's bounds, integrality and multipleOf
// (ok), or breaks one of them.
func (d *drawer) number(s map[string]any, ok bool) any {
	b := boundsOf(s)
	lo, hi := big.NewRat(-1000, 1), big.NewRat(1000, 1)
	if b.lo != nil {
		lo = b.lo
	}
	if b.hi != nil {
		hi = b.hi
	}
	if b.lo != nil && b.hi == nil {
		hi = new(big.Rat).Add(lo, big.NewRat(1000, 1))
	}
	if b.hi != nil && b.lo == nil {
		lo = new(big.Rat).Sub(hi, big.NewRat(1000, 1))
	}
	step := big.NewRat(1, 100)
	if b.integer {
		step = big.NewRat(1, 1)
	}
	if b.multiple != nil {
		step = b.multiple
	}
	var candidates []*big.Rat
	if ok {
		span := new(big.Rat).Quo(new(big.Rat).Sub(hi, lo), step)
		// Within a span beyond int64's range, the first 2^40 steps.
		quo := new(big.Int).Quo(span.Num(), span.Denom())
		steps := int64(1 << 40)
		if quo.IsInt64() && quo.Int64() < steps {
			steps = max(quo.Int64(), 0)
		}
		first := new(big.Rat).Quo(lo, step)
		start := new(big.Int).Quo(first.Num(), first.Denom())
		for range 3 {
			k := new(big.Int).Add(start, big.NewInt(d.r.Int64N(steps+3)-1))
			candidates = append(candidates, new(big.Rat).Mul(new(big.Rat).SetInt(k), step))
		}
		candidates = append(candidates, lo, hi)
		var fit []*big.Rat
		for _, c := range candidates {
			if b.fits(c) {
				fit = append(fit, c)
			}
		}
		if len(fit) == 0 {
			return json.Number("0")
		}
		return number(pick(d, fit...))
	}
	one := big.NewRat(1, 1)
	if b.lo != nil {
		candidates = append(candidates, new(big.Rat).Sub(b.lo, one), b.lo)
	}
	if b.hi != nil {
		candidates = append(candidates, new(big.Rat).Add(b.hi, one), b.hi)
	}
	mid := new(big.Rat).Quo(new(big.Rat).Add(lo, hi), big.NewRat(2, 1))
	if b.integer {
		candidates = append(candidates, new(big.Rat).Add(mid, big.NewRat(1, 2)))
	}
	if b.multiple != nil {
		candidates = append(candidates, new(big.Rat).Add(new(big.Rat).Mul(b.multiple, big.NewRat(3, 1)), new(big.Rat).Quo(b.multiple, big.NewRat(2, 1))))
	}
	var breaks []*big.Rat
	for _, c := range candidates {
		if !b.fits(c) {
			breaks = append(breaks, c)
		}
	}
	if len(breaks) == 0 {
		return d.wrongType(s)
	}
	return number(pick(d, breaks...))
}

// --- arrays and objects ---

// array draws an array; with broken > 0, one of its own constraints is
// broken (too few or too many items, a duplicate).
func (d *drawer) array(s map[string]any, depth, broken int) any {
	items, _ := s["items"].(map[string]any)
	lo, hi := intOf(s["minItems"], 0), intOf(s["maxItems"], -1)
	n := lo + d.r.IntN(4)
	if depth > 6 {
		n = lo
	}
	if hi >= 0 && n > hi {
		n = hi
	}
	var out []any
	if broken > 0 {
		var ways []func()
		if lo > 0 {
			ways = append(ways, func() { n = lo - 1 })
		}
		if hi >= 0 {
			ways = append(ways, func() { n = hi + 1 })
		}
		if s["uniqueItems"] == true && (hi < 0 || hi >= 2) {
			ways = append(ways, func() { n = -1 })
		}
		if len(ways) == 0 {
			return d.wrongType(s)
		}
		pick(d, ways...)()
		if n == -1 {
			v := d.valid(itemsOr(items), depth+1)
			return []any{v, v}
		}
	}
	if broken > 0 {
		// The count is broken: the items are valid, so that a long array
		// breaks the count alone.
		rate := d.breakRate
		d.breakRate = 0
		defer func() { d.breakRate = rate }()
	}
	for i := range n {
		if i >= 16 {
			// One too many of a large maxItems: the items past the 16th
			// repeat the first, so that nested arrays do not multiply.
			out = append(out, out[0])
			continue
		}
		out = append(out, d.value(itemsOr(items), depth+1))
	}
	if s["uniqueItems"] == true && broken == 0 {
		out = unique(out)
	}
	if out == nil {
		out = []any{}
	}
	return out
}

func itemsOr(s map[string]any) map[string]any {
	if s == nil {
		return map[string]any{}
	}
	return s
}

func unique(xs []any) []any {
	var out []any
	var seen []string
	for _, x := range xs {
		k, _ := json.Marshal(x)
		if !slices.Contains(seen, string(k)) {
			seen = append(seen, string(k))
			out = append(out, x)
		}
	}
	return out
}

// extraKeys are member names no schema here declares.
var extraKeys = []string{"tz", "Units", "", " ", "a/b", "~0", "country", "日本", "x-extra"}

// object draws an object; with broken > 0, a required member is missing, or
// there is an undeclared member, or a null required member.
func (d *drawer) object(s map[string]any, depth, broken int) any {
	props, _ := s["properties"].(map[string]any)
	required := map[string]bool{}
	for _, r := range asList(s["required"]) {
		required[r.(string)] = true
	}
	names := make([]string, 0, len(props))
	for name := range props {
		names = append(names, name)
	}
	slices.Sort(names)
	out := map[string]any{}
	for _, name := range names {
		ps, _ := props[name].(map[string]any)
		if ps == nil {
			ps = map[string]any{}
		}
		if !required[name] {
			switch {
			case depth > 4 || d.pct(35):
				continue // omitted
			case d.pct(12):
				out[name] = nil
				continue
			}
		}
		out[name] = d.value(ps, depth+1)
	}
	if add, ok := s["additionalProperties"].(map[string]any); ok {
		for i := range d.r.IntN(3) {
			out[pick(d, "k", "key", "日本", "a b")+string(rune('0'+i))] = d.value(add, depth+1)
		}
	}
	if pp, ok := s["patternProperties"].(map[string]any); ok {
		for _, p := range sortedValues(pp) {
			ps, _ := p.(map[string]any)
			for i := range d.r.IntN(3) {
				out[string(rune('1'+i))] = d.value(ps, depth+1)
			}
		}
	}
	if _, closed := s["additionalProperties"]; !closed && s["patternProperties"] == nil && props == nil && d.pct(50) {
		out["anything"] = d.anything(depth + 1)
	}
	if broken > 0 {
		var ways []func()
		var req []string
		for _, name := range names {
			if required[name] {
				req = append(req, name)
			}
		}
		if len(req) > 0 {
			ways = append(ways, func() { delete(out, pick(d, req...)) })
			ways = append(ways, func() { out[pick(d, req...)] = nil })
		}
		if s["additionalProperties"] == false {
			ways = append(ways, func() { out[pick(d, extraKeys...)] = pick[any](d, "x", json.Number("1"), nil, true) })
		}
		if pp, ok := s["patternProperties"].(map[string]any); ok {
			// A member name outside the pattern, with a valid value.
			for _, p := range sortedValues(pp) {
				ps, _ := p.(map[string]any)
				ways = append(ways, func() { out[pick(d, "k", "-1", "x7")] = d.valid(ps, depth+1) })
			}
		}
		if len(ways) == 0 {
			return d.wrongType(s)
		}
		pick(d, ways...)()
	}
	return out
}

// sortedValues returns the values of m in the order of their keys: a draw
// takes random numbers per value, so that the order of a map would make it
// change from run to run.
func sortedValues(m map[string]any) []any {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	values := make([]any, len(keys))
	for i, k := range keys {
		values[i] = m[k]
	}
	return values
}

func (d *drawer) anything(depth int) any {
	if depth > 6 {
		return "leaf"
	}
	return pick[any](d, nil, true, json.Number("1.5"), "s", []any{json.Number("1")}, map[string]any{"k": "v"})
}
