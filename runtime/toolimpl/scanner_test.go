package toolimpl

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

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

var wideRequired = []int{0, 65}

func memberIndex(k string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(k, "m"))
	if !strings.HasPrefix(k, "m") || err != nil || n < 0 || n >= wideMembers || strconv.Itoa(n) != k[1:] {
		return -1
	}
	return n
}

// decodeWide reads an object of the schema; sum adds up its integers, a
// stand-in for the values a decoder stores.
func decodeWide(s *Scanner, sum *int64) {
	if !s.Object() {
		s.TypeError("object")
		return
	}
	for s.Next() {
		i := memberIndex(s.Key())
		if i < 0 {
			s.Unexpected()
			continue
		}
		s.Member(i)
		decodeWideValue(s, sum)
	}
	for _, i := range wideRequired {
		if !s.Has(i) {
			s.Missing("m"+strconv.Itoa(i), "a value")
		}
	}
	s.End()
}

func decodeWideValue(s *Scanner, sum *int64) {
	if s.Null() {
		return
	}
	if _, ok := s.Bool(); ok {
		return
	}
	if v, ok := s.String(); ok {
		if v != "ok" {
			s.StringError("const", `"ok"`, v)
		}
		return
	}
	if lit, ok := s.Number(); ok {
		decodeWideInt(s, lit, sum)
		return
	}
	if s.Array() {
		for s.NextItem() {
			lit, ok := s.Number()
			if !ok {
				s.TypeError("integer")
				continue
			}
			decodeWideInt(s, lit, sum)
		}
		if n := s.Count(); n > 3 {
			s.ItemsError("maxItems", "an array of at most 3 items", n)
		}
		s.End()
		return
	}
	decodeWide(s, sum)
}

func decodeWideInt(s *Scanner, lit string, sum *int64) {
	f := Float(lit)
	if !tool.IsInteger(f) {
		s.NumberTypeError("integer", lit)
		return
	}
	if f > 100 {
		s.NumberError("maximum", "<= 100", lit)
		return
	}
	// A decode error: the Go field is an int8.
	if n, ok := Int(lit, math.MinInt8, math.MaxInt8); ok {
		*sum += n
	} else {
		s.RangeError("-128", "127", lit)
	}
}

func decodeWideJSON(raw []byte) (int64, tool.Errors) {
	var s Scanner
	s.Reset(raw)
	var sum int64
	if s.Root() {
		decodeWide(&s, &sum)
	}
	if errs := s.Finish(); errs != nil {
		return 0, errs
	}
	return sum, nil
}

// wideErrors is the map validator of the schema, and then its decoder: the
// reference.
func wideErrors(raw []byte) (int64, tool.Errors) {
	args, errs := tool.ParseArgs(raw)
	if errs != nil {
		return 0, errs
	}
	var sum int64
	if errs := wideObject(args, "", "", nil, nil); errs != nil {
		return 0, errs
	}
	if errs := wideObject(args, "", "", nil, &sum); errs != nil {
		return 0, errs
	}
	return sum, nil
}

func join(name, member string) string {
	if name == "" {
		return member
	}
	return name + "." + member
}

// wideObject validates obj, or with sum decodes it.
func wideObject(obj map[string]any, path, name string, errs tool.Errors, sum *int64) tool.Errors {
	if sum == nil {
		for _, i := range wideRequired {
			k := "m" + strconv.Itoa(i)
			if _, ok := obj[k]; !ok {
				errs = append(errs, tool.Error{Code: tool.CodeMissing, Path: path + "/" + k, Name: join(name, k), Expected: "a value"})
			}
		}
		n := len(errs)
		for k, v := range obj {
			if memberIndex(k) < 0 {
				errs = append(errs, tool.Error{Code: tool.CodeUnexpected, Path: path + "/" + tool.Key(k), Name: join(name, k), Got: tool.TypeName(v)})
			}
		}
		tool.SortByPath(errs[n:])
	}
	for i := range wideMembers {
		k := "m" + strconv.Itoa(i)
		if v, ok := obj[k]; ok {
			errs = wideValue(v, path+"/"+k, join(name, k), errs, sum)
		}
	}
	return errs
}

func wideValue(v any, path, name string, errs tool.Errors, sum *int64) tool.Errors {
	switch x := v.(type) {
	case nil, bool:
	case string:
		if x != "ok" && sum == nil {
			errs = append(errs, tool.ValueError("const", path, name, `"ok"`, x))
		}
	case json.Number:
		errs = wideInt(x, path, name, errs, sum)
	case []any:
		if len(x) > 3 && sum == nil {
			errs = append(errs, tool.ValueError("maxItems", path, name, "an array of at most 3 items", x))
		}
		for i, item := range x {
			p, n := path+"/"+strconv.Itoa(i), name+"["+strconv.Itoa(i)+"]"
			if num, ok := item.(json.Number); ok {
				errs = wideInt(num, p, n, errs, sum)
			} else if sum == nil {
				errs = append(errs, tool.TypeError(p, n, "integer", item))
			}
		}
	case map[string]any:
		errs = wideObject(x, path, name, errs, sum)
	}
	return errs
}

func wideInt(x json.Number, path, name string, errs tool.Errors, sum *int64) tool.Errors {
	f, _ := tool.Number(x)
	if sum == nil {
		if !tool.IsInteger(f) {
			return append(errs, tool.TypeError(path, name, "integer", x))
		}
		if f > 100 {
			return append(errs, tool.ValueError("maximum", path, name, "<= 100", x))
		}
		return errs
	}
	if n, ok := tool.Int(x, math.MinInt8, math.MaxInt8); ok {
		*sum += n
		return errs
	}
	return append(errs, tool.RangeError(path, name, "-128", "127", x))
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
		gotSum, got := decodeWideJSON(raw)
		require.Equal(t, want, got, "%s", raw)
		require.Equal(t, wantSum, gotSum, "%s", raw)
		for _, e := range got {
			seen[e.Code]++
		}
		if len(got) > 1 && !slices.IsSortedFunc(got, func(a, b tool.Error) int { return strings.Compare(a.Path, b.Path) }) {
			seen["reordered"]++
		}
		if strings.Count(string(raw), "{") > inlineGroups+1 && got != nil && got[0].Code != tool.CodeBadJSON {
			seen["deep"]++
		}
	}
	t.Logf("%v", seen)
	for _, code := range []string{"missing", "unexpected", "const", "maximum", "maxItems", "type", "reordered", "deep", "bad_json", "bad_number"} {
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
		_, errs := decodeWideJSON([]byte(raw))
		assert.Equal(t, want, errs.Codes(), raw)
	}
}

func TestScannerMembers(t *testing.T) {
	// Declared members 64 and up are tracked apart from the first 64.
	for raw, want := range map[string][]string{
		`{"m0":1,"m65":1,"m69":1,"m69":1}`:        {"bad_json:"},
		`{"m0":1,"m65":1,"m69":1,"m5":1}`:         nil,
		`{"m0":1,"m64":1,"m1":1}`:                 {"missing:m65"},
		`{"m0":1,"m65":1,"m1":{"m65":1,"m65":2}}`: {"bad_json:"},
	} {
		_, errs := decodeWideJSON([]byte(raw))
		assert.Equal(t, want, errs.Codes(), raw)
	}
}

func TestScannerValue(t *testing.T) {
	raw := []byte(`{"a":{"b":[1,"x",null,true,{"c":1.5e3}]},"d":2}`)
	args, errs := tool.ParseArgs(raw)
	require.Empty(t, errs)
	var s Scanner
	s.Reset(raw)
	require.True(t, s.Root())
	require.True(t, s.Object())
	got := map[string]any{}
	for s.Next() {
		key := strings.Clone(s.Key())
		s.Member(len(got))
		got[key] = s.Value()
	}
	s.End()
	require.Empty(t, s.Finish())
	assert.Equal(t, args, got)
}
