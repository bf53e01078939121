package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The one-pass decoder must return, for any bytes, what ParseArgs followed
// by DecodeGetWeatherArgs returns: the same GetWeatherArgs, or the same
// errors (codes, paths, names, order, messages).

// mapPath is the reference: parse into a map, then validate and decode.
func mapPath(raw []byte) (GetWeatherArgs, tool.Errors) {
	args, errs := tool.ParseArgs(raw)
	if errs != nil {
		return GetWeatherArgs{}, errs
	}
	return DecodeGetWeatherArgs(args)
}

// checkOnePass compares the one pass with the map path on raw, with the
// default limit of errors and a small one, and ValidateGetWeatherArgs with
// the errors of the map path; it returns the errors.
func checkOnePass(t testing.TB, raw []byte) tool.Errors {
	t.Helper()
	want, wantErrs := mapPath(raw)
	got, gotErrs := DecodeGetWeatherArgsJSON(raw)
	if !assert.ObjectsAreEqual(wantErrs, gotErrs) {
		require.Equal(t, wantErrs.Messages(), gotErrs.Messages(), "messages for %q", raw)
		require.Equal(t, wantErrs, gotErrs, "errors for %q", raw)
	}
	require.Equal(t, want, got, "value of %q", raw)
	if args, errs := tool.ParseArgs(raw); errs == nil {
		require.Equal(t, wantErrs, ValidateGetWeatherArgs(args), "validation of the map of %q", raw)
		// A limit cuts both paths at the same error.
		capped, cappedErrs := GetWeatherTool.Decoder(args, nil, 2)
		got, gotErrs := GetWeatherTool.Decoder(nil, raw, 2)
		require.Equal(t, cappedErrs, gotErrs, "errors of %q, at most 2", raw)
		require.Equal(t, capped, got, "value of %q, at most 2 errors", raw)
	}
	return gotErrs
}

// propertyOrder ranks member names as GetWeatherArgs and Coords declare them.
var propertyOrder = map[string]int{"city": 0, "days": 1, "units": 2, "include_hourly": 3, "coords": 4, "tags": 5, "lat": 0, "lon": 1}

// writer renders argument maps as JSON the way models and libraries differ:
// members in declaration order, sorted, reversed or shuffled; numbers in
// several notations; strings and names with and without escapes.
type writer struct {
	r     *rand.Rand
	order int
}

func (w writer) value(b []byte, v any) []byte {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		switch w.order {
		case 0:
			slices.SortStableFunc(keys, func(a, b string) int { return rank(a) - rank(b) })
		case 2:
			slices.Reverse(keys)
		case 3:
			w.r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		}
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = w.space(w.str(w.space(b), k))
			b = w.value(append(b, ':'), x[k])
		}
		return append(w.space(b), '}')
	case []any:
		b = append(b, '[')
		for i, item := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = w.value(w.space(b), item)
		}
		return append(b, ']')
	case string:
		return w.str(b, x)
	case float64:
		lit, _ := json.Marshal(x)
		if x == float64(int64(x)) && w.r.IntN(6) == 0 {
			return append(b, pick(w.gen(), string(lit)+".0", string(lit)+"e0", string(lit)+"E+0", string(lit)+"0e-1")...)
		}
		return append(b, lit...)
	}
	lit, _ := json.Marshal(v)
	return append(b, lit...)
}

// gen lets pick, the corpus's chooser, draw from the writer's source.
func (w writer) gen() gen { return gen{w.r} }

func rank(k string) int {
	if r, ok := propertyOrder[k]; ok {
		return r
	}
	return 100
}

func (w writer) space(b []byte) []byte {
	if w.r.IntN(5) == 0 {
		b = append(b, pick(w.gen(), " ", "\n  ", "\t")...)
	}
	return b
}

// str writes s as a JSON string, escaping a character now and then.
func (w writer) str(b []byte, s string) []byte {
	quoted, _ := json.Marshal(s)
	if w.r.IntN(8) != 0 {
		return append(b, quoted...)
	}
	b = append(b, '"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\' || c < 0x20 || w.r.IntN(3) == 0:
			if c > 0xFFFF {
				hi, lo := (c-0x10000)>>10+0xD800, (c-0x10000)&0x3FF+0xDC00
				b = fmt.Appendf(b, `\u%04x\u%04X`, hi, lo)
			} else {
				b = fmt.Appendf(b, `\u%04x`, c)
			}
		default:
			b = append(b, string(c)...)
		}
	}
	return append(b, '"')
}

// mutate breaks a document the ways a model's output breaks: truncated,
// a byte lost or changed, a member repeated, data after the end.
func mutate(r *rand.Rand, b []byte) []byte {
	if len(b) == 0 {
		return b
	}
	i := r.IntN(len(b))
	switch r.IntN(8) {
	case 0:
		return b[:i]
	case 1:
		return append(b[:i:i], b[i+1:]...)
	case 2:
		b[i] = "{}[],:\"\\ 0-e.tnx\x00\xff"[r.IntN(18)]
		return b
	case 3:
		if j := strings.LastIndexByte(string(b), '}'); j > 1 {
			member := pick(gen{r}, `"city":"x"`, `"days":1`, `"lat":1`, `"tz":null`, `"\u0063ity":"y"`)
			return append(b[:j:j], append([]byte(","+member), b[j:]...)...)
		}
		return b
	case 4:
		return append(b, pick(gen{r}, " {}", "x", ",", " \n")...)
	case 5:
		return append(append([]byte("["), b...), ']') // not an object
	case 6:
		for _, k := range []string{`"days":`, `"lat":`, `"lon":`, `"tags":[`} {
			if j := bytes.Index(b, []byte(k)); j >= 0 {
				j += len(k)
				return append(b[:j:j], append([]byte(pick(gen{r}, "1e999,", "-2e308,", "1"+strings.Repeat("0", 309)+",")), b[j:]...)...)
			}
		}
		return b
	default:
		return append(b[:i:i], append([]byte(pick(gen{r}, `"`, `\u`, `\ud800`, "\xc3", `1e999`, `[`, `{"a":`)), b[i:]...)...)
	}
}

// onePassCorpus returns the documents of the differential test: every
// argument map of the validator's differential corpus written four ways,
// some of them broken, and the benchmark and fuzz seeds.
func onePassCorpus() [][]byte {
	r := rand.New(rand.NewPCG(11, 3))
	var docs [][]byte
	for _, args := range diffCorpus("get_weather") {
		w := writer{r: r, order: r.IntN(4)}
		doc := w.value(nil, args)
		if r.IntN(5) == 0 {
			doc = mutate(r, doc)
		}
		docs = append(docs, doc)
	}
	for _, s := range append(fuzzSeeds, benchValidJSON, benchInvalidJSON, "", "  ", "{}", `{"city":"Paris"} `, `{"city":"Paris"} x`) {
		docs = append(docs, []byte(s))
	}
	return docs
}

func TestOnePassDifferential(t *testing.T) {
	classes := map[string]int{}
	codes := map[string]int{}
	for _, doc := range onePassCorpus() {
		errs := checkOnePass(t, doc)
		switch {
		case errs == nil:
			classes["valid"]++
		case errs[0].Code == tool.CodeBadJSON || errs[0].Code == tool.CodeBadNumber || errs[0].Code == tool.CodeBadShape:
			classes["parse"]++
		default:
			classes["invalid"]++
			if !slices.IsSortedFunc(errs, func(a, b tool.Error) int { return strings.Compare(a.Path, b.Path) }) {
				classes["reordered"]++
			}
		}
		for _, e := range errs {
			codes[e.Code]++
		}
	}
	t.Logf("documents: %v; error codes: %v", classes, codes)
	for _, class := range []string{"valid", "parse", "invalid"} {
		assert.Greater(t, classes[class], 1000, class)
	}
	// Errors whose order is not their paths' order prove the ordering.
	assert.Greater(t, classes["reordered"], 100, "invalid calls whose errors are not in path order")
	for _, code := range []string{tool.CodeMissing, tool.CodeUnexpected, tool.CodeType, tool.CodeEnum, "minLength",
		"maxLength", "minimum", "maximum", "pattern", "maxItems", tool.CodeBadJSON, tool.CodeBadNumber, tool.CodeBadShape} {
		assert.Greater(t, codes[code], 20, code)
	}
}

// TestOnePassHostile compares both paths on large and deep calls: many
// undeclared members (ordered by path, duplicates found by a map), many
// invalid items, a long name, nesting at the parser's limit.
func TestOnePassHostile(t *testing.T) {
	var many strings.Builder
	many.WriteString(`{"city":"Paris",`)
	for i := range 20_000 {
		many.WriteString(`"k` + strconv.Itoa(20_000-i) + `":` + strconv.Itoa(i) + `,`)
	}
	tags := `"tags":[` + strings.Repeat(`"Bad",1,`, 5_000) + `"ok"]`
	for _, doc := range []string{
		many.String() + tags + `}`,
		many.String() + `"k7":1}`,
		`{"city":"` + strings.Repeat("é", 200_000) + `"}`,
		`{"` + strings.Repeat("k", 100_000) + `":1,"coords":{"` + strings.Repeat("/", 1000) + `":{}}}`,
		`{"city":"x","coords":{"lat":1,"lon":2,"alt":` + strings.Repeat("[", 509) + strings.Repeat("]", 509) + `}}`,
		`{"city":"x","coords":{"lat":1,"lon":2,"alt":` + strings.Repeat("[", 510) + strings.Repeat("]", 510) + `}}`,
		`{"tz":{"a":1,"b":{"c":[1,2,{"d":1,"d":2}]}}}`,
	} {
		checkOnePass(t, []byte(doc))
	}
}

func FuzzOnePassGetWeatherArgs(f *testing.F) {
	for _, s := range append(fuzzSeeds, benchValidJSON, benchInvalidJSON, `{"city":"a","city":"b"}`, `{"coords":{"lat":1e400}}`,
		`{"tags":["a",`, `{"\u0063ity":"x","tags":["Bad"],"days":1.5,"zz":1,"aa":[]}`) {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		checkOnePass(t, raw)
	})
}
