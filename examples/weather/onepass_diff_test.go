package main

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/onepass"
	"github.com/toolgen-go/toolgen/internal/testkit/toolcalls"
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

// checkOnePass is the one-pass differential test's check (see
// internal/testkit/onepass) on get_weather: the one pass and the map path
// agree on raw, and Validate rejects what they reject with their errors.
func checkOnePass(t testing.TB, raw []byte) tool.Errors {
	t.Helper()
	errs := onepass.Check(t, GetWeatherTool.Decoder, raw)
	if args, parseErrs := tool.ParseArgs(raw); parseErrs == nil {
		require.Equal(t, errs, ValidateGetWeatherArgs(args), "validation of the map of %q", raw)
	}
	return errs
}

// onePassCorpus returns the documents of the differential test: every
// argument map of the validator's differential corpus written four ways,
// some of them broken, and the benchmark and fuzz seeds.
func onePassCorpus() [][]byte {
	r := rand.New(rand.NewPCG(11, 3))
	var docs [][]byte
	w := toolcalls.Writer{R: r, Order: toolcalls.PropertyOrder(GetWeatherTool.Schema)}
	for _, args := range diffCorpus("get_weather") {
		doc := w.Write(nil, args)
		if r.IntN(5) == 0 {
			doc = toolcalls.Mutate(r, doc)
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
	codes := map[tool.Code]int{}
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
	for _, code := range []tool.Code{tool.CodeMissing, tool.CodeUnexpected, tool.CodeType, tool.CodeEnum, "minLength",
		"maxLength", "minimum", "maximum", "pattern", "maxItems", tool.CodeBadJSON, tool.CodeBadNumber, tool.CodeBadShape} {
		assert.Greater(t, codes[code], 20, string(code))
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
