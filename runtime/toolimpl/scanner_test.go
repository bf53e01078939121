package toolimpl

import (
	"encoding/json"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/internal/value"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The ordering of errors is tested on a recursive schema wider and deeper
// than get_weather's: an object whose members m0 to m69 are declared (m0
// and m65 required), each of them null, a boolean, an integer of at most
// 100, the string "ok", an array of at most 3 such integers, or an object
// of the same schema. decodeWide is a one-pass decoder as toolgen would
// generate it; wideErrors is the map validator, written independently.

const wideMembers = 70

var wideShape = func() *Object {
	names := make([]string, wideMembers)
	for i := range names {
		names[i] = "m" + strconv.Itoa(i)
	}
	return NewObject(names, "m0", "a value", "m65", "a value")
}()

// decodeWide reads an object of the schema, as toolgen would generate its
// decode function; its value sums the object's integers, a stand-in for
// the values a decoder stores.
func decodeWide(s *Scanner, at Loc) (sum int64) {
	if !s.Object(at, wideShape, "object") {
		return 0
	}
	for i := s.Next(at); i >= 0; i = s.Next(at) {
		sum += decodeWideValue(s, at.Key(wideShape.names[i]))
	}
	return sum
}

func decodeWideValue(s *Scanner, at Loc) (sum int64) {
	switch s.Kind() {
	case KindNull:
		s.Null()
	case KindBool:
		s.Bool(at, "boolean")
	case KindString:
		if v, ok := s.String(at, "string"); ok && v != "ok" {
			s.Fail(at, "const", `"ok"`)
		}
	case KindNumber:
		return decodeWideInt(s, at)
	case KindArray:
		if s.Array(at, "array", None, 3, false) {
			for i := s.NextItem(at); i >= 0; i = s.NextItem(at) {
				sum += decodeWideInt(s, at.Index(i))
			}
		}
	default:
		return decodeWide(s, at)
	}
	return sum
}

func decodeWideInt(s *Scanner, at Loc) int64 {
	n, ok := s.Integer(at, "integer")
	if !ok {
		return 0
	}
	if n.F > 100 {
		s.Fail(at, "maximum", "<= 100")
		return 0
	}
	// A decode error: the Go field is an int8.
	if x, ok := n.Int(math.MinInt8, math.MaxInt8); ok {
		return x
	}
	s.Range(at, "-128", "127")
	return 0
}

var wide = testFunc[int64](decodeWide)

// wideErrors is the map validator of the schema, and then its decoder,
// written independently of the Scanner: the reference.
func wideErrors(raw []byte) (int64, tool.Errors) {
	args, errs := tool.ParseArgs(raw)
	if errs != nil {
		return 0, errs
	}
	var r Report
	var sum int64
	wideObject(&r, Loc{}, args, nil)
	if errs := r.Errors(); errs != nil {
		return 0, errs
	}
	wideObject(&r, Loc{}, args, &sum)
	if errs := r.Errors(); errs != nil {
		return 0, errs
	}
	return sum, nil
}

// wideObject validates obj, or with sum decodes it.
func wideObject(r *Report, at Loc, obj map[string]any, sum *int64) {
	if sum == nil {
		for _, k := range []string{"m0", "m65"} {
			if _, ok := obj[k]; !ok {
				r.Add(at.Key(k), tool.Error{Code: tool.CodeMissing, Expected: "a value"})
			}
		}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if wideShape.find(k, -1) < 0 {
				r.Add(at.Key(k), tool.Error{Code: tool.CodeUnexpected, Got: value.TypeName(obj[k])})
			}
		}
	}
	for _, k := range wideShape.names {
		if v, ok := obj[k]; ok {
			wideValue(r, at.Key(k), v, sum)
		}
	}
}

func wideValue(r *Report, at Loc, v any, sum *int64) {
	switch x := v.(type) {
	case nil, bool:
	case string:
		if x != "ok" && sum == nil {
			r.Value("const", at, `"ok"`, x)
		}
	case json.Number:
		wideInt(r, at, x, sum)
	case []any:
		if len(x) > 3 && sum == nil {
			r.Value("maxItems", at, "an array of at most 3 items", x)
		}
		for i, item := range Head(x, 3) {
			if num, ok := item.(json.Number); ok {
				wideInt(r, at.Index(i), num, sum)
			} else if sum == nil {
				r.Type(at.Index(i), "integer", item)
			}
		}
	case map[string]any:
		wideObject(r, at, x, sum)
	}
}

func wideInt(r *Report, at Loc, x json.Number, sum *int64) {
	f, _ := value.Number(x)
	if sum == nil {
		if !value.IsInteger(x) {
			r.Type(at, "integer", x)
		} else if f > 100 {
			r.Value("maximum", at, "<= 100", x)
		}
		return
	}
	if n, ok := value.Int(x, math.MinInt8, math.MaxInt8); ok {
		*sum += n
		return
	}
	r.Range(at, "-128", "127", x)
}

func randomWide(r *rand.Rand, b []byte, depth int) []byte {
	b = append(b, '{')
	for i := range r.IntN(6) {
		if i > 0 {
			b = append(b, ',')
		}
		var key string
		switch r.IntN(8) {
		case 0:
			key = pick(r, []string{"x", "a/b", "a0", "~", "", "m70", "m01", `\u006d5`, "z"})
		case 1:
			key = "m" + strconv.Itoa(60+r.IntN(10))
		default:
			key = "m" + strconv.Itoa(r.IntN(8))
		}
		b = append(b, `"`+key+`":`...)
		switch k := r.IntN(10); {
		case k < 2 && depth < 9:
			b = randomWide(r, b, depth+1)
		case k < 4:
			b = append(b, '[')
			for j := range r.IntN(6) {
				if j > 0 {
					b = append(b, ',')
				}
				b = append(b, pick(r, []string{"1", "101", "1.5", `"x"`, "200", "-300", "5", "1e2", "100.0"})...)
			}
			b = append(b, ']')
		default:
			b = append(b, pick(r, []string{"null", "true", `"ok"`, `"no"`, "7", "101", "2.5", "-129", "127", "1e1", "1e400", "[}"})...)
		}
	}
	return append(b, '}')
}

// validWide returns an object that is valid but for the values its Go
// fields cannot hold.
func validWide(r *rand.Rand, b []byte, depth int) []byte {
	b = append(b, `{"m65":`...)
	b = append(b, pick(r, []string{"1", "-129", "null"})...)
	for i := range r.IntN(4) {
		b = append(b, `,"m`+strconv.Itoa(i+1)+`":`...)
		if depth < 8 && r.IntN(3) == 0 {
			b = validWide(r, b, depth+1)
		} else {
			b = append(b, pick(r, []string{"true", `"ok"`, "7", "-129", "-300", "[1,-129]", "[]", "127"})...)
		}
	}
	return append(b, `,"m0":`+pick(r, []string{"2", "-200", "[-129]"})+`}`...)
}

func TestScannerOrdering(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	seen := map[string]int{}
	for i := range 20_000 {
		raw := randomWide(r, nil, 0)
		if i%4 == 0 {
			raw = validWide(r, nil, 0)
		}
		wantSum, want := wideErrors(raw)
		gotSum, got := wide.DecodeJSON(raw, 0)
		require.Equal(t, want, got, "%s", raw)
		require.Equal(t, wantSum, gotSum, "%s", raw)
		if args, errs := tool.ParseArgs(raw); errs == nil {
			gotSum, got := wide.DecodeArgs(args, 0)
			require.Equal(t, want, got, "%s", raw)
			require.Equal(t, wantSum, gotSum, "%s", raw)
			// A limit cuts the errors where the map validator does: the
			// one pass, which drops the errors past it as it goes
			// (compact), keeps the first ones in the map's order.
			for _, limit := range []int{1, 2, 3, 5} {
				capped, errs := wide.DecodeArgs(args, limit)
				jsonCapped, jsonErrs := wide.DecodeJSON(raw, limit)
				require.Equal(t, errs, jsonErrs, "%s, limit %d", raw, limit)
				require.Equal(t, capped, jsonCapped, "%s, limit %d", raw, limit)
				if len(want) > limit {
					require.Equal(t, want[:limit], errs[:limit], "%s", raw)
					require.Equal(t, tool.CodeTooManyErrors, errs[limit].Code)
					seen["capped"]++
				} else {
					require.Equal(t, want, errs, "%s", raw)
				}
			}
		}
		for _, e := range got {
			seen[string(e.Code)]++
		}
		if len(got) > 1 && !slices.IsSortedFunc(got, func(a, b tool.Error) int { return strings.Compare(a.Path, b.Path) }) {
			seen["reordered"]++
		}
		if strings.Count(string(raw), "{") > inlineGroups+1 && got != nil && got[0].Code != tool.CodeBadJSON {
			seen["deep"]++
		}
	}
	t.Logf("%v", seen)
	for _, code := range []string{"missing", "unexpected", "const", "maximum", "maxItems", "type", "reordered", "deep", "bad_json", "bad_number", "capped"} {
		assert.Greater(t, seen[code], 50, code)
	}
	assert.Greater(t, seen["minimum"], 10, "decode errors of the int8 field")
}

// TestScannerDecodeErrors: an error of decoding counts only when the
// arguments are otherwise valid, wherever the validation error comes.
func TestScannerDecodeErrors(t *testing.T) {
	for raw, want := range map[string][]string{
		`{"m0":1,"m65":-129}`:           {"minimum:m65"},
		`{"m0":1,"m65":[-200,1,-129]}`:  {"minimum:m65[0]", "minimum:m65[2]"},
		`{"m0":1,"m65":[128,1,-200]}`:   {"maximum:m65[0]"},
		`{"m0":200,"m65":-129}`:         {"maximum:m0"},
		`{"m65":-129,"m0":{"m0":-129}}`: {"missing:m0.m65"},
		`{"m65":-129,"m0":1,"x":1}`:     {"unexpected:x"},
		`{"m65":-129,"m0":1,"m1":1.5}`:  {"type:m1"},
	} {
		_, errs := wide.DecodeJSON([]byte(raw), 0)
		assert.Equal(t, want, errs.Codes(), raw)
	}
}

func TestScannerMembers(t *testing.T) {
	// Declared members 64 and up are tracked apart from the first 64.
	for raw, want := range map[string][]string{
		`{"m0":1,"m65":1,"m69":1,"m69":1}`:        {"bad_json"},
		`{"m0":1,"m65":1,"m69":1,"m5":1}`:         nil,
		`{"m0":1,"m64":1,"m1":1}`:                 {"missing:m65"},
		`{"m0":1,"m65":1,"m1":{"m65":1,"m65":2}}`: {"bad_json"},
	} {
		_, errs := wide.DecodeJSON([]byte(raw), 0)
		assert.Equal(t, want, errs.Codes(), raw)
	}
}

func TestScannerAny(t *testing.T) {
	raw := []byte(`{"a":{"b":[1,"x",null,true,{"c":1.5e3}]},"d":2}`)
	args, errs := tool.ParseArgs(raw)
	require.Empty(t, errs)
	shape := NewObject([]string{"a", "d"})
	read := testFunc[map[string]any](func(s *Scanner, at Loc) map[string]any {
		got := map[string]any{}
		require.True(t, s.Object(at, shape, "object"))
		for i := s.Next(at); i >= 0; i = s.Next(at) {
			got[shape.names[i]] = s.Any()
		}
		return got
	})
	got, errs := read.DecodeJSON(raw, 0)
	require.Empty(t, errs)
	assert.Equal(t, args, got)
	got, errs = read.DecodeArgs(args, 0)
	require.Empty(t, errs)
	assert.Equal(t, args, got)
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// FuzzScannerWide: on arbitrary bytes, the one pass and the map path of the
// wide schema return what the independent map validator returns.
func FuzzScannerWide(f *testing.F) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 20 {
		f.Add(randomWide(r, nil, 0))
		f.Add(validWide(r, nil, 0))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		wantSum, want := wideErrors(raw)
		gotSum, got := wide.DecodeJSON(raw, 0)
		require.Equal(t, want, got, "%q", raw)
		require.Equal(t, wantSum, gotSum, "%q", raw)
		if args, errs := tool.ParseArgs(raw); errs == nil {
			capped, errs := wide.DecodeArgs(args, 3)
			jsonCapped, jsonErrs := wide.DecodeJSON(raw, 3)
			require.Equal(t, errs, jsonErrs, "%q", raw)
			require.Equal(t, capped, jsonCapped, "%q", raw)
		}
	})
}

// testFunc is a decode function with the entry points generated code
// writes around one.
type testFunc[T any] func(s *Scanner, at Loc) T

func (f testFunc[T]) DecodeJSON(raw []byte, maxErrors int) (out T, errs tool.Errors) {
	if errs = DecodeJSON(raw, maxErrors, func(s *Scanner) { out = f(s, Loc{}) }); errs != nil {
		var zero T
		return zero, errs
	}
	return out, nil
}

func (f testFunc[T]) DecodeArgs(args map[string]any, maxErrors int) (out T, errs tool.Errors) {
	if errs = DecodeArgs(args, maxErrors, func(s *Scanner) { out = f(s, Loc{}) }); errs != nil {
		var zero T
		return zero, errs
	}
	return out, nil
}

// TestKindsAreTheJSONScannersKinds: Scanner.Kind converts the JSON
// scanner's kind of a raw value as it is.
func TestKindsAreTheJSONScannersKinds(t *testing.T) {
	for k, want := range map[jsonscan.Kind]Kind{jsonscan.Invalid: 0, jsonscan.Null: KindNull, jsonscan.Bool: KindBool,
		jsonscan.Number: KindNumber, jsonscan.String: KindString, jsonscan.Array: KindArray, jsonscan.Object: KindObject} {
		assert.Equal(t, want, Kind(k))
	}
	for raw, want := range map[string]Kind{`{"v": null}`: KindNull, `{"v": true}`: KindBool, `{"v": 1}`: KindNumber,
		`{"v": "s"}`: KindString, `{"v": []}`: KindArray, `{"v": {}}`: KindObject} {
		var got Kind
		DecodeJSON([]byte(raw), 0, func(s *Scanner) {
			if s.Object(Loc{}, NewObject([]string{"v"}, "v", "a value"), "object") && s.Next(Loc{}) == 0 {
				got = s.Kind()
				s.Skip()
			}
		})
		assert.Equal(t, want, got, raw)
	}
}
