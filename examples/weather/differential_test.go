package main

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The differential test checks every generated validator against a reference
// implementation of JSON Schema (santhosh-tekuri/jsonschema v6, draft
// 2020-12) compiled from the tool's own Schema, on many generated argument
// maps. The one documented difference is that toolgen counts an optional
// member whose value is null as absent (OpenAI's strict mode sends null for
// an omitted optional field), so such members are dropped before the
// reference sees the instance.

// diffCallsPerTool is how many argument maps the differential test makes per tool.
const diffCallsPerTool = 12_000

// refValidator is a tool's schema compiled by the reference implementation,
// with the parsed schema kept for the null rule.
type refValidator struct {
	schema   *jsonschema.Schema
	document map[string]any
}

func newRefValidator(tb testing.TB, t *tool.Tool) *refValidator {
	tb.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(t.Schema))
	require.NoError(tb, err, "schema of %s", t.Name)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	url := "urn:toolgen:" + t.Name + ".json"
	require.NoError(tb, c.AddResource(url, doc))
	sch, err := c.Compile(url)
	require.NoError(tb, err, "compile schema of %s", t.Name)
	var plain map[string]any
	require.NoError(tb, json.Unmarshal(t.Schema, &plain))
	return &refValidator{schema: sch, document: plain}
}

// instance returns what the reference validates for args: args written by
// encoding/json and read back with exact decimal numbers, less the optional
// members whose value is null.
func (r *refValidator) instance(tb testing.TB, args map[string]any) (any, []byte) {
	tb.Helper()
	data, err := json.Marshal(args)
	require.NoError(tb, err)
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	require.NoError(tb, err)
	dropNullOptional(r.document, inst)
	return inst, data
}

// valid reports the reference's verdict on args, and its error if any.
func (r *refValidator) valid(tb testing.TB, args map[string]any) (ok bool, data []byte, err error) {
	inst, data := r.instance(tb, args)
	err = r.schema.Validate(inst)
	return err == nil, data, err
}

// dropNullOptional deletes, in v and in the objects nested in it, every
// member that the schema declares, does not require, and whose value is null.
func dropNullOptional(schema map[string]any, v any) {
	switch x := v.(type) {
	case map[string]any:
		props, _ := schema["properties"].(map[string]any)
		required := map[string]bool{}
		if req, ok := schema["required"].([]any); ok {
			for _, name := range req {
				if s, ok := name.(string); ok {
					required[s] = true
				}
			}
		}
		for name, sub := range props {
			val, ok := x[name]
			if !ok {
				continue
			}
			if val == nil && !required[name] {
				delete(x, name)
				continue
			}
			if subSchema, ok := sub.(map[string]any); ok {
				dropNullOptional(subSchema, val)
			}
		}
	case []any:
		if items, ok := schema["items"].(map[string]any); ok {
			for _, item := range x {
				dropNullOptional(items, item)
			}
		}
	}
}

// --- argument generators ---------------------------------------------------

// gen makes JSON values of the kinds encoding/json decodes into: float64,
// string, bool, nil, []any and map[string]any.
type gen struct{ r *rand.Rand }

func newGen(seed uint64) gen { return gen{rand.New(rand.NewPCG(seed, 0x70_6f_6f_6c_67_65_6e))} }

func (g gen) pct(p int) bool { return g.r.IntN(100) < p }

func pick[T any](g gen, xs ...T) T { return xs[g.r.IntN(len(xs))] }

// runes of one to four bytes in UTF-8, and one code point that is a
// combining mark: lengths count code points, not bytes or graphemes.
var multiByte = []string{"a", "Z", " ", "é", "ß", "日", "本", "😀", "𝄞", "\u0301", "\u0000", "\n", "\""}

// stringOfLen returns a string of exactly n code points, mostly multi-byte.
func (g gen) stringOfLen(n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(pick(g, multiByte...))
	}
	return b.String()
}

// wrongType returns a value of any JSON type but kind: "string", "number",
// "integer", "boolean", "array" or "object". Null is always among them.
func (g gen) wrongType(kind string) any {
	var pool []any
	if kind != "boolean" {
		pool = append(pool, true, false)
	}
	if kind != "number" && kind != "integer" {
		pool = append(pool, 3.0, 0.0, -1.0, 3.5, 1e300)
	}
	if kind == "integer" {
		pool = append(pool, 3.5, 0.5, -2.25, 1.0000000000000002, 1e-300)
	}
	if kind != "string" {
		pool = append(pool, "", "3", "true", "null", "c")
	}
	if kind != "array" {
		pool = append(pool, []any{}, []any{1.0}, []any{"a", nil})
	}
	if kind != "object" {
		pool = append(pool, map[string]any{}, map[string]any{"a": 1.0}, map[string]any{"lat": 1.0, "lon": 2.0})
	}
	pool = append(pool, nil)
	return pick(g, pool...)
}

// number returns a finite float64: integers, fractions, extremes.
func (g gen) number() any {
	switch g.r.IntN(4) {
	case 0:
		return float64(g.r.IntN(2001) - 1000)
	case 1:
		return (g.r.Float64() - 0.5) * math.Pow(10, float64(g.r.IntN(12)-4))
	default:
		return pick[any](g, 0.0, math.Copysign(0, -1), 0.1, -0.1, 1e21, -1e21, 1e308, -1e308,
			math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 9007199254740993.0, 3.0, 3.5)
	}
}

// extraKey returns a member name no schema here declares.
func (g gen) extraKey() string {
	return pick(g, "tz", "Units", "City", "", " ", "city ", "a/b", "~0", "country", "unit", "日本", "days\u0000", "coords.lat")
}

// member sets key in m, or leaves it out, according to how the dice fall:
// absent, null, a wrong type, a boundary value (valid or not), or a valid value.
func (g gen) member(m map[string]any, key, kind string, absent, null, wrong, boundary int, valid, edge func() any) {
	x := g.r.IntN(100)
	switch {
	case x < absent:
	case x < absent+null:
		m[key] = nil
	case x < absent+null+wrong:
		m[key] = g.wrongType(kind)
	case x < absent+null+wrong+boundary:
		m[key] = edge()
	default:
		m[key] = valid()
	}
}

// extras adds members that are not declared, now and then.
func (g gen) extras(m map[string]any, p int) {
	for g.pct(p) {
		m[g.extraKey()] = pick[any](g, nil, "x", 1.0, true, []any{}, map[string]any{})
		p /= 2
	}
}

func (g gen) tag() string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789_-"
	n := 1 + g.r.IntN(12)
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[g.r.IntN(len(alphabet))]
	}
	return string(b)
}

func (g gen) badTag() any {
	return pick[any](g, "", "A", "Tag", "a b", "a\n", "\na", "a\u0000", "é", "ａ", "tag!", "a.b", "a/b",
		"tag\r", "日本", " ", 1.0, true, nil, []any{"a"}, map[string]any{})
}

func (g gen) tags() any {
	n := g.r.IntN(11) // 0..10
	if g.pct(15) {
		n = pick(g, 0, 10, 11, 12, 30)
	}
	list := make([]any, n)
	for i := range list {
		list[i] = g.tag()
	}
	if n > 0 && g.pct(30) {
		list[g.r.IntN(n)] = g.badTag()
	}
	return list
}

func (g gen) degrees(limit float64) any {
	switch g.r.IntN(3) {
	case 0:
		return pick[any](g, limit, -limit, 0.0, math.Copysign(0, -1),
			math.Nextafter(limit, math.Inf(1)), math.Nextafter(-limit, math.Inf(-1)),
			limit+0.5, -limit-0.5, limit+1, -limit-1, 1e300, -1e300)
	default:
		return (g.r.Float64()*2 - 1) * limit
	}
}

func (g gen) coords() any {
	c := map[string]any{}
	g.member(c, "lat", "number", 5, 2, 4, 20, func() any { return g.degrees(90) }, func() any { return g.degrees(90) })
	g.member(c, "lon", "number", 5, 2, 4, 20, func() any { return g.degrees(180) }, func() any { return g.degrees(180) })
	if g.pct(6) {
		c[pick(g, "alt", "Lat", "", "lat ", "latitude", "lat/lon")] = pick[any](g, 1.0, nil, "x")
	}
	return c
}

func genGetWeatherArgs(g gen) map[string]any {
	m := map[string]any{}
	g.member(m, "city", "string", 3, 2, 3, 10,
		func() any {
			return pick(g, "Paris", "Lima", "São Paulo", "東京", "Zürich", g.stringOfLen(1+g.r.IntN(100)))
		},
		func() any { return g.stringOfLen(pick(g, 0, 1, 2, 99, 100, 101, 102, 200)) })
	g.member(m, "days", "integer", 45, 3, 3, 8,
		func() any { return float64(1 + g.r.IntN(14)) },
		func() any {
			return pick[any](g, 0.0, 1.0, 14.0, 15.0, -1.0, math.Copysign(0, -1), 0.999999, 14.000001,
				1.5, 13.5, 1e300, -1e300, 7.0, math.Nextafter(14, 15), math.Nextafter(1, 0))
		})
	g.member(m, "units", "string", 45, 3, 3, 6,
		func() any { return pick(g, "c", "f") },
		func() any { return pick(g, "C", "F", "k", "", "cc", " c", "c ", "celsius", "ｃ") })
	g.member(m, "include_hourly", "boolean", 45, 3, 3, 0,
		func() any { return g.pct(50) },
		func() any { return true })
	g.member(m, "coords", "object", 50, 3, 3, 0, g.coords, g.coords)
	g.member(m, "tags", "array", 45, 3, 3, 0, g.tags, g.tags)
	g.extras(m, 5)
	return m
}

func genCurrentWeatherArgs(g gen) map[string]any {
	m := map[string]any{}
	anyString := func() any {
		return pick(g, "Paris", "", "c", "Kelvin", g.stringOfLen(g.r.IntN(120)))
	}
	g.member(m, "city", "string", 8, 4, 8, 0, anyString, anyString)
	g.member(m, "units", "string", 40, 8, 8, 0, anyString, anyString)
	g.extras(m, 8)
	return m
}

func genAddArgs(g gen) map[string]any {
	m := map[string]any{}
	g.member(m, "a", "number", 6, 4, 8, 0, g.number, g.number)
	g.member(m, "b", "number", 6, 4, 8, 0, g.number, g.number)
	g.extras(m, 8)
	return m
}

// diffCorpus returns the deterministic argument maps for a tool.
func diffCorpus(name string) []map[string]any {
	gens := map[string]struct {
		seed uint64
		make func(gen) map[string]any
	}{
		"get_weather":     {1, genGetWeatherArgs},
		"current_weather": {2, genCurrentWeatherArgs},
		"add":             {3, genAddArgs},
	}
	spec, ok := gens[name]
	if !ok {
		return nil
	}
	g := newGen(spec.seed)
	corpus := make([]map[string]any, diffCallsPerTool)
	for i := range corpus {
		corpus[i] = spec.make(g)
	}
	return corpus
}

// --- the differential test -------------------------------------------------

func TestDifferentialAgainstReference(t *testing.T) {
	require.Len(t, Tools, 3)
	for _, tl := range Tools {
		t.Run(tl.Name, func(t *testing.T) {
			ref := newRefValidator(t, tl)
			corpus := diffCorpus(tl.Name)
			require.Len(t, corpus, diffCallsPerTool, "no generator for tool %s", tl.Name)

			var valid, invalid, mismatches int
			codes := map[tool.Code]int{}
			for _, args := range corpus {
				var errs tool.Errors
				require.NotPanics(t, func() { errs = tl.Validate(args) })
				refValid, data, refErr := ref.valid(t, args)
				genValid := len(errs) == 0
				if genValid {
					valid++
				} else {
					invalid++
				}
				for _, e := range errs {
					codes[e.Code]++
				}
				if genValid != refValid {
					mismatches++
					if mismatches <= 20 {
						t.Errorf("verdicts differ on %s\n  toolgen valid=%v errors=%v\n  reference valid=%v error=%v",
							data, genValid, errs.Codes(), refValid, refErr)
					}
				}
			}
			t.Logf("%s: %d maps, %d valid, %d invalid, %d disagreements; error codes %v",
				tl.Name, len(corpus), valid, invalid, mismatches, codes)
			assert.Zero(t, mismatches, "maps on which toolgen and the reference disagree")
			// Both classes must be well represented, or agreement means little.
			assert.GreaterOrEqual(t, valid, len(corpus)/5, "valid maps")
			assert.GreaterOrEqual(t, invalid, len(corpus)/5, "invalid maps")

			want := map[string][]tool.Code{
				"get_weather": {tool.CodeMissing, tool.CodeUnexpected, tool.CodeType, tool.CodeEnum,
					"minLength", "maxLength", "minimum", "maximum", "pattern", "maxItems"},
				"current_weather": {tool.CodeMissing, tool.CodeUnexpected, tool.CodeType},
				"add":             {tool.CodeMissing, tool.CodeUnexpected, tool.CodeType},
			}[tl.Name]
			for _, code := range want {
				assert.GreaterOrEqual(t, codes[code], 50, "errors of code %q in the corpus", code)
			}
		})
	}
}

// TestDifferentialNullRule pins the one documented difference from JSON
// Schema: a null optional member is absent, a null required one is not.
func TestDifferentialNullRule(t *testing.T) {
	ref := newRefValidator(t, &GetWeatherTool.Tool)
	args := map[string]any{"city": "Paris", "days": nil, "units": nil, "include_hourly": nil, "coords": nil, "tags": nil}
	assert.Empty(t, GetWeatherTool.Validate(args))
	ok, _, err := ref.valid(t, args)
	assert.True(t, ok, "%v", err)

	for _, args := range []map[string]any{
		{"city": nil},
		{"city": "Paris", "coords": map[string]any{"lat": nil, "lon": 1.0}},
		{"city": "Paris", "tags": []any{nil}},
		{"city": "Paris", "tz": nil},
	} {
		assert.NotEmpty(t, GetWeatherTool.Validate(args), "%v", args)
		ok, data, _ := ref.valid(t, args)
		assert.False(t, ok, "%s", data)
	}
}

// --- fuzzing ---------------------------------------------------------------

var fuzzSeeds = []string{
	`{"city": "Paris"}`,
	`{"city": "Paris", "days": 3, "units": "c", "include_hourly": true, "coords": {"lat": 48.85, "lon": 2.35}, "tags": ["a", "b_c-1"]}`,
	`{"days": true, "tz": "UTC"}`,
	`{"city": "", "days": 20, "coords": {"lat": 91}, "tags": ["ok", "Not OK"], "tz": "UTC"}`,
	`{"city": "Paris", "days": 3.0, "units": null, "coords": null, "tags": null, "include_hourly": null}`,
	`{"city": "Paris", "days": 3.5}`,
	`{"city": "Paris", "days": 1e2}`,
	`{"city": "Paris", "coords": {"lat": -90, "lon": 180, "alt": 1}}`,
	`{"city": "Paris", "coords": {"lat": "1", "lon": null}}`,
	`{"city": "Paris", "tags": ["a","b","c","d","e","f","g","h","i","j","k"]}`,
	`{"city": "日本日本", "units": "ｃ"}`,
	`{"city": null}`,
	`{"city": ["Paris"], "days": {}, "units": [], "include_hourly": 0, "coords": [], "tags": {}}`,
	`{"a/b": 1, "~": 2, "": 3}`,
	`[]`,
	`null`,
	`"city"`,
}

func FuzzGetWeatherArgs(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	ref := newRefValidator(f, &GetWeatherTool.Tool)
	f.Fuzz(func(t *testing.T, input string) {
		var v any
		if err := json.Unmarshal([]byte(input), &v); err != nil {
			t.Skip()
		}
		args, ok := v.(map[string]any)
		if !ok {
			t.Skip()
		}
		var errs tool.Errors
		require.NotPanics(t, func() { errs = ValidateGetWeatherArgs(args) }, "input %q", input)
		refValid, data, refErr := ref.valid(t, args)
		if genValid := len(errs) == 0; genValid != refValid {
			t.Fatalf("verdicts differ on %s (input %q)\n  toolgen valid=%v errors=%v\n  reference valid=%v error=%v",
				data, input, genValid, errs.Codes(), refValid, refErr)
		}
	})
}
