package tool

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ParseArgs, written on the scanner generated one-pass decoders drive, must
// accept and reject exactly what the parser it replaced did, with the same
// value or the same error: it is compared with referenceParseArgs on the
// documents of ParseArgs's own tests, on random documents and their
// mutations, and by fuzzing.

// parseCorpus holds the documents of ParseArgs's tests, and more of each
// class of mistake.
var parseCorpus = []string{
	``, ` `, "\n\t\r ", `{}`, ` { } `, "\t{\n}\r\n",
	`{"a":1,"b":-0.5e-3,"c":"x","d":true,"e":false,"f":null,"g":[],"h":{},"i":[1,[2,[3]],{"j":null}]}`,
	`{"s":"\"\\\/\b\f\n\r\t\u0041\u00e9\ud83d\ude00 東京 😀"}`,
	`{"big":123456789012345678901234567890,"tiny":1e-400,"neg":-0,"exp":1E+2}`,
	`{"":1,"a/b":2,"~":3}`,
	`{"n": 9007199254740993}`,
	`{"x": 1`, `{"x": `, `{"x": [1, 2`, `{"x": "abc`, `{"x": 1,}`, `{"x": 1} {}`, `{'x': 1}`,
	`{"x": 01}`, `{"x": .5}`, `{"x": 1.}`, `{"x": tru}`, `{"x": NaN}`, `{"x": "a` + "\n" + `"}`,
	`{"x": "\q"}`, `{"x": "\u12G4"}`, "{\"x\": \"a\xffb\"}", "{\"a\xc0\": 1}", `{"x": "\ud800"}`,
	`{"x": "\udc00\ud800"}`, `{"x": 1, "x": 2}`, `{"a": {"b/c": 1, "b/c": 2}}`,
	`{"x": "\u0061", "a": 1, "\u0078": 2}`, `{"x": 1e400}`, `{"x": [-1.5e309]}`,
	`[1, 2]`, `null`, `"{}"`, `3`, `3.5`, `true`, `[`, `{`, `}`, `"`, `-`, `{"a":-}`, `{"a":1e}`, `{"a":1e+}`,
	`{"a":[1,]}`, `{"a":[,1]}`, `{"a" 1}`, `{"a":1 "b":2}`, `{"a":{"b":{"c":[{"d":1,"d":2}]}}}`,
	`{"a":"\u00"}`, `{"a":"\`, `{"a":"\u`, `{"a":"\ud800\u"}`, `{"a":"\ud800\u0041"}`, `{"a":"\ud800x"}`,
	`{"a":"\ud83d\ude00","b":"\uDBFF\uDFFF"}`, `{"a~1b":1,"a/b":2}`, `{"\u007e":1,"~":2}`,
	`{"a": nul}`, `{"a": falsy}`, `{"a": [true, false, null]}`, "\xef\xbb\xbf{}", "{\"a\":\"\xed\xa0\x80\"}",
	`{"a":1e308,"b":1.7976931348623157e308,"c":1.7976931348623159e308,"d":-1e309,"e":1e-99999}`,
	`{"a":` + strings.Repeat("9", 309) + `}`, `{"a":` + strings.Repeat("9", 308) + `}`,
	`{"a":` + strings.Repeat("9", 400) + `.5}`, `{"a":0.` + strings.Repeat("0", 400) + `1e330}`,
	`{"` + strings.Repeat("k", 200) + `":1,"` + strings.Repeat("k", 200) + `":2}`,
	`{"a":{` + strings.Repeat(`"k":1,`, 3) + `"k":2}}`,
}

// manyKeys returns an object of n distinct members and then, when dup is
// set, the first one again: the scanner switches from comparing names one
// by one to a map.
func manyKeys(n int, dup bool) string {
	var b strings.Builder
	b.WriteString(`{"o":{`)
	for i := range n {
		b.WriteString(`"k` + strconv.Itoa(i) + `":` + strconv.Itoa(i) + `,`)
	}
	if dup {
		b.WriteString(`"\u006b0":0,`)
	}
	b.WriteString(`"end":[]}}`)
	return b.String()
}

func nested(depth int, closed bool) string {
	s := `{"a":` + strings.Repeat(`[{"b":`, depth/2)
	if closed {
		s += "1" + strings.Repeat("}]", depth/2)
	}
	return s + "}"
}

func checkParse(t *testing.T, doc []byte) {
	t.Helper()
	want, wantErrs := referenceParseArgs(doc)
	got, gotErrs := ParseArgs(doc)
	require.Equal(t, wantErrs, gotErrs, "errors for %q", doc)
	require.Equal(t, want, got, "value of %q", doc)
}

func TestParseArgsReferenceCorpus(t *testing.T) {
	docs := append([]string{}, parseCorpus...)
	for _, n := range []int{0, 15, 16, 17, 40} {
		docs = append(docs, manyKeys(n, false), manyKeys(n, true))
	}
	for _, depth := range []int{2, 510, 511, 512, 513, 514, 2000} {
		docs = append(docs, nested(depth, true), nested(depth, false))
	}
	docs = append(docs, `{"a":`+strings.Repeat("[", 511)+strings.Repeat("]", 511)+`}`,
		`{"a":`+strings.Repeat("[", 512)+strings.Repeat("]", 512)+`}`)
	for _, doc := range docs {
		checkParse(t, []byte(doc))
		// Every prefix of a document is a truncated call.
		if len(doc) < 300 {
			for i := range len(doc) {
				checkParse(t, []byte(doc[:i]))
			}
		}
	}
}

func TestParseArgsReferenceRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	errs := map[string]int{}
	for range 30_000 {
		doc := randomDoc(r)
		checkParse(t, doc)
		if _, e := ParseArgs(doc); e != nil {
			errs[string(e[0].Code)]++
		} else {
			errs["valid"]++
		}
	}
	t.Logf("random documents: %v", errs)
	// Both verdicts, and each class of error, are well represented.
	for _, class := range []string{"valid", string(CodeBadJSON), string(CodeBadNumber), string(CodeBadShape)} {
		assert.Greater(t, errs[class], 300, class)
	}
}

// randomDoc returns a JSON document, often mutated into a broken one.
func randomDoc(r *rand.Rand) []byte {
	var b []byte
	if r.IntN(10) == 0 {
		b = randomValue(r, b, 0)
	} else {
		b = randomObject(r, b, 0)
	}
	for n := r.IntN(4); n > 0 && len(b) > 0 && r.IntN(2) == 0; n-- {
		i := r.IntN(len(b))
		switch r.IntN(5) {
		case 0:
			b = b[:i]
		case 1:
			b = append(b[:i:i], b[i+1:]...)
		case 2:
			b = append(b[:i:i], append([]byte{pick(r, mutationBytes)}, b[i:]...)...)
		case 3:
			b[i] = pick(r, mutationBytes)
		case 4:
			b = append(b, pick(r, []string{" ", "}", "]", ",", "{}", "\x00"})...)
		}
	}
	return b
}

var mutationBytes = []byte(`{}[],:"\ u0a-+.eE19tfn` + "\x00\x1f\x7f\x80\xbf\xc3\xed\xf0\xff")

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func space(r *rand.Rand, b []byte) []byte {
	if r.IntN(4) == 0 {
		b = append(b, pick(r, []string{" ", "\n", "\t", "\r\n", "  "})...)
	}
	return b
}

func randomObject(r *rand.Rand, b []byte, depth int) []byte {
	b = append(space(r, b), '{')
	n := r.IntN(5)
	var keys []string
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		key := pick(r, randomKeys)
		if len(keys) > 0 && r.IntN(12) == 0 {
			key = pick(r, keys) // a duplicate
		}
		keys = append(keys, key)
		b = append(space(r, b), key...)
		b = append(space(r, b), ':')
		b = randomValue(r, b, depth+1)
	}
	return append(space(r, b), '}')
}

var randomKeys = []string{`"a"`, `"b"`, `"city"`, `""`, `"a/b"`, `"~0"`, `"\u0061"`, `"\n"`, `"日本"`, `"\ud83d\ude00"`, `"x\"y"`}

func randomValue(r *rand.Rand, b []byte, depth int) []byte {
	b = space(r, b)
	k := r.IntN(9)
	if depth > 4 && k >= 7 {
		k = r.IntN(7)
	}
	switch k {
	case 0:
		return append(b, pick(r, []string{"true", "false", "null"})...)
	case 1, 2:
		return append(b, pick(r, randomNumbers)...)
	case 3, 4:
		return append(b, pick(r, randomStrings)...)
	case 5, 6:
		if depth > 6 {
			return append(b, "0"...)
		}
		if k == 5 {
			return randomObject(r, b, depth)
		}
		b = append(b, '[')
		for i := range r.IntN(4) {
			if i > 0 {
				b = append(b, ',')
			}
			b = randomValue(r, b, depth+1)
		}
		return append(space(r, b), ']')
	default:
		return randomObject(r, b, depth)
	}
}

var randomNumbers = []string{"0", "-0", "1", "-1", "3.0", "3.5", "1e2", "1E-2", "-0.0e+0", "9007199254740993",
	"123456789012345678901234567890", "1e400", "-1e400", "1e-400", "1.7976931348623157e308", "1.8e308", "0.1", "14", "-90.5"}

var randomStrings = []string{`""`, `"a"`, `"Paris"`, `"\u00e9"`, `"\ud83d\ude00"`, `"\ud800"`, `"a\"b"`, `"\\"`, `"\/"`,
	`"\b\f\n\r\t"`, `"東京"`, "\"\xff\"", "\"a\tb\"", `"\x"`, `"\u12"`, `"trip"`, `"Not OK"`}

func FuzzParseArgsReference(f *testing.F) {
	for _, doc := range parseCorpus {
		f.Add([]byte(doc))
	}
	f.Add([]byte(manyKeys(20, true)))
	f.Fuzz(func(t *testing.T, doc []byte) {
		checkParse(t, doc)
	})
}

func TestParseArgsReferenceLongInputs(t *testing.T) {
	long := strings.Repeat("é", 1_000_000)
	checkParse(t, []byte(`{"s": "`+long+`"}`))
	checkParse(t, []byte(`{"s": "\n`+long+`"}`))
	checkParse(t, []byte(`{"n": `+strings.Repeat("9", 100_000)+`}`))
	checkParse(t, []byte(`{"n": `+strings.Repeat("9", 100_000)+`e-99999}`))
	checkParse(t, []byte(manyKeys(20_000, true)))
	checkParse(t, []byte(`{"a":`+strings.Repeat(`{"a":`, 100_000)))
}

// BenchmarkParseArgs compares ParseArgs with the parser it replaced, on a
// tool call and on an object of many members.
//
//	go test ./runtime/tool -run '^$' -bench ParseArgs -benchmem -count 6 | benchstat -col /parser -
func BenchmarkParseArgs(b *testing.B) {
	docs := map[string][]byte{
		"call":    []byte(`{"city":"Paris","days":3,"units":"c","include_hourly":true,"coords":{"lat":48.85,"lon":2.35},"tags":["weekend_2","trip"]}`),
		"members": []byte(manyKeys(1000, false)),
	}
	for _, name := range []string{"call", "members"} {
		doc := docs[name]
		b.Run("doc="+name+"/parser=scanner", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ParseArgs(doc)
			}
		})
		b.Run("doc="+name+"/parser=reference", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				referenceParseArgs(doc)
			}
		})
	}
}
