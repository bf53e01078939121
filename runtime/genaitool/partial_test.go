package genaitool

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/genai"
)

// randomValue is a random JSON value without empty objects or arrays,
// which partialArgs, values addressed by path, cannot express.
func randomValue(rng *rand.Rand, depth int) any {
	switch k := rng.IntN(7); {
	case depth > 3 || k < 2:
		words := []string{"", "a", "Lyon", `quo"te`, "back\\slash", "new\nline", "<&>", "Café", "日本", "😀x"}
		return words[rng.IntN(len(words))] + words[rng.IntN(len(words))]
	case k == 2:
		return float64(rng.IntN(2000)-1000) / 8
	case k == 3:
		return rng.IntN(2) == 0
	case k == 4:
		return nil
	case k == 5:
		a := make([]any, 1+rng.IntN(3))
		for i := range a {
			a[i] = randomValue(rng, depth+1)
		}
		return a
	default:
		m := map[string]any{}
		for range 1 + rng.IntN(3) {
			m[[]string{"city", "days", "a b", "x.y", "lab'el", "n"}[rng.IntN(6)]] = randomValue(rng, depth+1)
		}
		return m
	}
}

// chooser makes the random choices of a generator: a *rand.Rand, or a
// fuzzer's bytes.
type chooser interface{ IntN(n int) int }

// partialArgs is what Vertex AI streams for a value: its leaves in
// document order, addressed by JSONPath, strings split at random.
func partialArgs(rng chooser, path string, v any) []*genai.PartialArg {
	yes := true
	switch v := v.(type) {
	case map[string]any:
		var out []*genai.PartialArg
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			p := path + "." + k
			if strings.ContainsAny(k, " .'") {
				p = path + `["` + k + `"]`
			}
			out = append(out, partialArgs(rng, p, v[k])...)
		}
		return out
	case []any:
		var out []*genai.PartialArg
		for i, e := range v {
			out = append(out, partialArgs(rng, path+"["+strconv.Itoa(i)+"]", e)...)
		}
		return out
	case string:
		var out []*genai.PartialArg
		rs := []rune(v)
		for len(rs) > 0 {
			n := 1 + rng.IntN(len(rs))
			out = append(out, &genai.PartialArg{JsonPath: path, StringValue: string(rs[:n]), WillContinue: &yes})
			rs = rs[n:]
		}
		if len(out) == 0 {
			return []*genai.PartialArg{{JsonPath: path}}
		}
		out[len(out)-1].WillContinue = nil
		return out
	case float64:
		return []*genai.PartialArg{{JsonPath: path, NumberValue: &v}}
	case bool:
		return []*genai.PartialArg{{JsonPath: path, BoolValue: &v}}
	default:
		return []*genai.PartialArg{{JsonPath: path, NULLValue: "NULL_VALUE"}}
	}
}

// The text of a value's partialArgs, in any grouping into chunks, is that
// value: every leaf where its path says, strings whole.
func TestArgsTextIsTheValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 4))
	for range 2000 {
		args := map[string]any{}
		for range 1 + rng.IntN(4) {
			args[[]string{"to", "subject", "days", "labels", "a b"}[rng.IntN(5)]] = randomValue(rng, 1)
		}
		parts := partialArgs(rng, "$", args)
		var a argsText
		var text []byte
		for _, p := range parts {
			var err error
			text, err = a.add(text, p)
			require.NoError(t, err, p.JsonPath)
		}
		text, err := a.end(text)
		require.NoError(t, err)
		var got map[string]any
		require.NoError(t, json.Unmarshal(text, &got), "%s", text)
		assert.Equal(t, args, got, "%s", text)
	}
	var a argsText
	text, err := a.end(nil)
	require.NoError(t, err)
	assert.Equal(t, "{}", string(text), "a call without arguments")
}

// Paths the text cannot follow are errors, never another document: an
// element out of order, a name in an array, an index in an object, a path
// that is not one.
func TestArgsTextRefuses(t *testing.T) {
	n := 1.0
	for _, paths := range [][]string{{"$.a[1]"}, {"$.a[0]", "$.a[2]"}, {"$.a[0]", "$.a.b"}, {"$.a.b", "$.a[0]"}, {"$[0]"}, {"a"}, {"$"}, {"$."}, {"$.a["}, {"$['a"}} {
		var a argsText
		var err error
		for _, p := range paths {
			if _, err = a.add(nil, &genai.PartialArg{JsonPath: p, NumberValue: &n}); err != nil {
				break
			}
		}
		assert.ErrorIs(t, err, errPath, "%v", paths)
	}
}

// A string that says willContinue and a member sent twice are errors,
// never text that closes the string or repeats the member: at another
// path, at a value of another kind, and at the call's end.
func TestArgsTextUnfinished(t *testing.T) {
	yes, n := true, 1.0
	for _, args := range [][]*genai.PartialArg{
		{{JsonPath: "$.a", StringValue: "Tra", WillContinue: &yes}, {JsonPath: "$.b", StringValue: "x"}},
		{{JsonPath: "$.a", StringValue: "Tra", WillContinue: &yes}, {JsonPath: "$.a", NumberValue: &n}},
		{{JsonPath: "$.a", StringValue: "x"}, {JsonPath: "$.a", StringValue: "y"}},
		{{JsonPath: "$.a.b", NumberValue: &n}, {JsonPath: "$.c", NumberValue: &n}, {JsonPath: "$.a.d", NumberValue: &n}},
		{{JsonPath: "$.a", NumberValue: &n, WillContinue: &yes}},
	} {
		var a argsText
		var err error
		for _, arg := range args {
			if _, err = a.add(nil, arg); err != nil {
				break
			}
		}
		assert.Error(t, err, "%s", args[len(args)-1].JsonPath)
	}
	var a argsText
	b, err := a.add(nil, &genai.PartialArg{JsonPath: "$.folder", StringValue: "Tra", WillContinue: &yes})
	require.NoError(t, err)
	_, err = a.end(b)
	assert.EqualError(t, err, "the string at $.folder did not end (willContinue) before the call's end")
}
