package decodetest

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The property under test: for every argument JSON the validator accepts,
// DecodeT makes the struct that encoding/json makes of the same JSON. It is
// checked on the maps encoding/json decodes (float64 numbers, against
// json.Unmarshal) and on the maps tool.ParseArgs decodes (json.Number,
// against a json.Decoder with UseNumber, which keeps integers of any size
// exact and puts json.Number in fields of type any).

// roundTrip decodes doc both ways and requires the same struct.
func roundTrip[T any](t *testing.T, decode func(map[string]any) (T, tool.Errors), doc string, floatMap bool) T {
	t.Helper()
	var want T
	dec := json.NewDecoder(strings.NewReader(doc))
	dec.UseNumber()
	require.NoError(t, dec.Decode(&want), doc)
	args, errs := tool.ParseArgs([]byte(doc))
	require.Empty(t, errs, doc)
	got, errs := decode(args)
	require.Empty(t, errs, doc)
	require.Equal(t, want, got, "json.Number map: %s", doc)

	if floatMap {
		var want T
		require.NoError(t, json.Unmarshal([]byte(doc), &want), doc)
		var args map[string]any
		require.NoError(t, json.Unmarshal([]byte(doc), &args), doc)
		got, errs := decode(args)
		require.Empty(t, errs, doc)
		require.Equal(t, want, got, "float64 map: %s", doc)
	}
	return got
}

func TestScalarsCorpus(t *testing.T) {
	zero := `{"b":false,"s":"","i":0,"i8":0,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"f32":0,"f64":0}`
	limits := `{"b":true,"s":"é\u0000\ud83d\ude00","i":-9007199254740992,"i8":-128,"i16":-32768,"i32":-2147483648,"i64":9007199254740992,
		"u":9007199254740992,"u8":255,"u16":65535,"u32":4294967295,"u64":9007199254740992,"f32":3.4028235e38,"f64":-1.7976931348623157e308}`
	roundTrip(t, DecodeScalarsArgs, zero, true)
	roundTrip(t, DecodeScalarsArgs, limits, true)

	// Integers beyond 2^53 are exact only through json.Number.
	big := `{"b":true,"s":"x","i":-9223372036854775808,"i8":127,"i16":32767,"i32":2147483647,"i64":9223372036854775807,
		"u":18446744073709551615,"u8":0,"u16":0,"u32":0,"u64":18446744073709551615,"f32":1e-45,"f64":5e-324}`
	got := roundTrip(t, DecodeScalarsArgs, big, false)
	assert.Equal(t, int64(math.MaxInt64), got.I64)
	assert.Equal(t, uint64(math.MaxUint64), got.U64)
	assert.Equal(t, math.MinInt, got.I)
}

// TestScalarsRandom round-trips random values of every scalar type.
func TestScalarsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		v := ScalarsArgs{
			B: r.IntN(2) == 1, S: randomString(r),
			I: int(r.Int64()), I8: int8(r.Int()), I16: int16(r.Int()), I32: int32(r.Int()), I64: r.Int64() - r.Int64(),
			U: uint(r.Uint64()), U8: uint8(r.Uint()), U16: uint16(r.Uint()), U32: r.Uint32(), U64: r.Uint64(),
			F32: randomFloat32(r), F64: randomFloat64(r),
		}
		doc, err := json.Marshal(v)
		require.NoError(t, err)
		got := roundTrip(t, DecodeScalarsArgs, string(doc), false)
		require.Equal(t, v, got)

		// Within 2^53, the float64 maps of encoding/json read exactly too.
		v.I, v.I64, v.U, v.U64 = int(r.Int64N(1<<53)), r.Int64N(1<<53)-r.Int64N(1<<53), uint(r.Uint64N(1<<53)), r.Uint64N(1<<53)
		doc, err = json.Marshal(v)
		require.NoError(t, err)
		require.Equal(t, v, roundTrip(t, DecodeScalarsArgs, string(doc), true))
	}
}

func randomString(r *rand.Rand) string {
	runes := []rune("aZ09 _-\"\\/\n\t\u0001é東京😀<>&\u2028")
	b := make([]rune, r.IntN(12))
	for i := range b {
		b[i] = runes[r.IntN(len(runes))]
	}
	return string(b)
}

func randomFloat64(r *rand.Rand) float64 {
	switch r.IntN(4) {
	case 0:
		return float64(r.IntN(2000) - 1000)
	case 1:
		return r.NormFloat64() * 1e6
	case 2:
		return math.Float64frombits(r.Uint64()&^(0x7ff<<52) | uint64(r.IntN(0x7fe)+1)<<52) // finite
	}
	return r.Float64() * 1e-300
}

func randomFloat32(r *rand.Rand) float32 {
	switch r.IntN(3) {
	case 0:
		return float32(r.IntN(2000) - 1000)
	case 1:
		return float32(r.NormFloat64() * 1e6)
	}
	return math.Float32frombits(r.Uint32()&^(0xff<<23) | uint32(r.IntN(0xfe)+1)<<23) // finite
}

func TestShapesCorpus(t *testing.T) {
	docs := []string{
		// only the required members
		`{"id":1,"level":"low","origin":{"x":1,"y":2},"pair":[1,2],"anon":{"A":3}}`,
		// every member
		`{"id":-42,"owner":"me","note":"n","level":"high","dist":12.5,"count":65535,"flag":true,
		  "origin":{"x":0.1,"y":-0.2,"label":"o"},"target":{"x":3,"y":4},
		  "path":[{"x":1,"y":1},{"x":2,"y":2,"label":"b"}],"hops":[{"x":5,"y":6}],
		  "grid":[[1,2],[],[3]],"pair":[1e-3,2.5e10],"names":["a","b"],
		  "by_name":{"p":{"x":1,"y":2},"q/~":{"x":3,"y":4}},"by_level":{"low":1,"high":-2},
		  "by_index":{"0":"zero","12":"twelve","007":"seven"},"small":{"127":true,"0":false},
		  "opt":7,"opt_s":"s","ptr_ptr":1.5,"any":{"k":[1,"x",null,true]},"open":{"a":1,"b":null,"c":{"d":[]}},
		  "raw":{"a":[1,2,{"b":null}]},"blob":"aGVsbG8gd29ybGQ=","anon":{"A":-1},"lists":{"x":"AAEC","y":""}}`,
		// empty containers are empty, not nil
		`{"id":0,"level":"low","origin":{"x":0,"y":0},"pair":[0,0],"anon":{"A":0},
		  "path":[],"hops":[],"grid":[],"names":[],"by_name":{},"by_level":{},"by_index":{},"small":{},"open":{},"blob":"","lists":{}}`,
		// null optional members are absent
		`{"id":5,"level":"low","origin":{"x":1,"y":2},"pair":[1,2],"anon":{"A":3},
		  "owner":null,"dist":null,"target":null,"path":null,"opt":null,"opt_s":null,"any":null,"raw":null,"blob":null}`,
	}
	for _, doc := range docs {
		roundTrip(t, DecodeShapesArgs, doc, true)
	}
}

// TestShapesRandom round-trips random ShapesArgs values.
func TestShapesRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		v := randomShapes(r)
		doc, err := json.Marshal(v)
		require.NoError(t, err)
		roundTrip(t, DecodeShapesArgs, string(doc), true)
	}
}

func randomPoint(r *rand.Rand) Point {
	p := Point{X: randomFloat64(r), Y: randomFloat64(r)}
	if r.IntN(2) == 0 {
		p.Label = randomString(r)
	}
	return p
}

func randomShapes(r *rand.Rand) ShapesArgs {
	maybe := func() bool { return r.IntN(2) == 0 }
	v := ShapesArgs{
		Base:   Base{ID: r.Int64N(1<<53) - 1<<52},
		Level:  []Level{Low, High}[r.IntN(2)],
		Origin: randomPoint(r),
		Pair:   [2]float64{randomFloat64(r), randomFloat64(r)},
	}
	v.Anon.A = r.IntN(1000) - 500
	if maybe() {
		v.Owner = randomString(r)
	}
	if maybe() {
		v.Extra = &Extra{Note: randomString(r) + "x"}
	}
	if maybe() {
		v.Dist = Meters(randomFloat64(r))
		v.Count = Count(r.Uint())
		v.Flag = Flag(maybe())
	}
	if maybe() {
		p := randomPoint(r)
		v.Target = &p
	}
	for range r.IntN(3) {
		v.Path = append(v.Path, randomPoint(r))
		p := randomPoint(r)
		v.Hops = append(v.Hops, &p)
		row := make([]int, r.IntN(3))
		for i := range row {
			row[i] = r.IntN(100) - 50
		}
		v.Grid = append(v.Grid, row)
		v.Names = append(v.Names, randomString(r))
	}
	if maybe() {
		v.ByName = map[string]Point{randomString(r): randomPoint(r), "k": randomPoint(r)}
		v.ByLevel = map[Level]int{Low: r.IntN(9), "other": -r.IntN(9)}
		v.ByIndex = map[int]string{r.IntN(1000): randomString(r), 1000 + r.IntN(1000): "big"}
		v.Small = map[int8]bool{int8(r.IntN(128)): maybe()}
		v.Lists = map[string][]uint8{"a": []byte(randomString(r))}
	}
	if maybe() {
		n := r.IntN(100)
		v.Opt = &n
		s := randomString(r)
		v.OptS = &s
		f := randomFloat64(r)
		pf := &f
		v.PtrPtr = &pf
	}
	if maybe() {
		v.Any = randomJSON(r, 3)
		v.Open = map[string]any{"x": randomJSON(r, 2), randomString(r): randomJSON(r, 2)}
		raw, _ := json.Marshal(randomJSON(r, 3))
		v.Raw = raw
		v.Blob = []byte(randomString(r))
	}
	return v
}

// randomJSON returns a value as encoding/json decodes it, with numbers it
// writes back as they were read.
func randomJSON(r *rand.Rand, depth int) any {
	kind := r.IntN(7)
	if depth == 0 {
		kind %= 4
	}
	switch kind {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return float64(r.IntN(1000)) / 8
	case 3:
		return randomString(r)
	case 4, 5:
		list := make([]any, r.IntN(3))
		for i := range list {
			list[i] = randomJSON(r, depth-1)
		}
		return list
	}
	m := map[string]any{}
	for range r.IntN(3) {
		m[randomString(r)] = randomJSON(r, depth-1)
	}
	return m
}

func TestNodeCorpus(t *testing.T) {
	docs := []string{
		`{"name":"root"}`,
		`{"name":"a","children":[{"name":"b"},{"name":"c","children":[{"name":"d","next":{"name":"e"}}]}],"next":{"name":"f","children":[]}}`,
	}
	for _, doc := range docs {
		roundTrip(t, DecodeNode, doc, true)
	}
	// A chain as deep as the validator follows decodes; a deeper one is a
	// depth error, not a stack overflow.
	deep := func(n int) string {
		return strings.Repeat(`{"name":"n","next":`, n) + `{"name":"end"}` + strings.Repeat("}", n)
	}
	got := roundTrip(t, DecodeNode, deep(tool.MaxDepth-1), true)
	n := 0
	for p := &got; p.Next != nil; p = p.Next {
		n++
	}
	assert.Equal(t, tool.MaxDepth-1, n)
	args, errs := tool.ParseArgs([]byte(deep(400)))
	require.Empty(t, errs)
	_, errs = DecodeNode(args)
	require.NotEmpty(t, errs)
	assert.Equal(t, tool.CodeDepth, errs[0].Code)
}

func TestMethods(t *testing.T) {
	got := roundTrip(t, DecodeMethodsArgs, `{"name":"abc","temp":20,"opt":-1.5}`, true)
	assert.Equal(t, Upper("ABC"), got.Name)
	assert.Equal(t, Celsius(40), got.Temp)
	assert.Equal(t, Celsius(-3), *got.Opt)

	// The methods' errors are the argument's errors.
	_, errs := DecodeMethodsArgs(parse(t, `{"name":"bad","temp":2000}`))
	assert.Equal(t, []string{"invalid:name", "invalid:temp"}, errs.Codes())
	assert.Equal(t, []string{"argument 'name' does not decode: bad is not allowed", "argument 'temp' does not decode: too hot"}, errs.Messages())
	assert.Equal(t, "/temp", errs[1].Path)
}

func TestEmpty(t *testing.T) {
	got, errs := decodeEmptyArgs(nil)
	assert.Empty(t, errs)
	assert.Equal(t, emptyArgs{}, got)
	_, errs = decodeEmptyArgs(map[string]any{"x": 1.0})
	assert.Equal(t, []string{"unexpected:x"}, errs.Codes())
}

func parse(t *testing.T, doc string) map[string]any {
	t.Helper()
	args, errs := tool.ParseArgs([]byte(doc))
	require.Empty(t, errs, doc)
	return args
}

// TestDecodeErrors covers the values a validator accepts that a Go field
// cannot hold: each is an error of DecodeT, with its path, and the struct is
// the zero value.
func TestDecodeErrors(t *testing.T) {
	scalars := func(member string) string {
		fields := map[string]string{"b": "false", "s": `""`, "i": "0", "i8": "0", "i16": "0", "i32": "0", "i64": "0",
			"u": "0", "u8": "0", "u16": "0", "u32": "0", "u64": "0", "f32": "0", "f64": "0"}
		k, v, _ := strings.Cut(member, ":")
		fields[k] = v
		var b strings.Builder
		b.WriteString("{")
		for k, v := range fields {
			if b.Len() > 1 {
				b.WriteString(",")
			}
			b.WriteString(strconv.Quote(k) + ":" + v)
		}
		b.WriteString("}")
		return b.String()
	}
	cases := []struct {
		doc, code, path, message string
	}{
		{scalars("i64:9223372036854775808"), "maximum", "/i64", "argument 'i64' should be <= 9223372036854775807, got 9223372036854775808"},
		{scalars("i64:-9223372036854775809"), "minimum", "/i64", "argument 'i64' should be >= -9223372036854775808, got -9223372036854775809"},
		{scalars("i:1e19"), "maximum", "/i", "argument 'i' should be <= 9223372036854775807, got 1e19"},
		{scalars("u64:18446744073709551616"), "maximum", "/u64", "argument 'u64' should be <= 18446744073709551615, got 18446744073709551616"},
		{scalars("f32:1e39"), "maximum", "/f32", "argument 'f32' should be <= 3.4028234663852886e38, got 1e39"},
		{scalars("f32:-1e39"), "minimum", "/f32", "argument 'f32' should be >= -3.4028234663852886e38, got -1e39"},
	}
	for _, c := range cases {
		got, errs := DecodeScalarsArgs(parse(t, c.doc))
		require.Len(t, errs, 1, c.doc)
		assert.Equal(t, c.code, errs[0].Code, c.doc)
		assert.Equal(t, c.path, errs[0].Path, c.doc)
		assert.Equal(t, c.message, errs[0].Message(), c.doc)
		assert.Equal(t, ScalarsArgs{}, got)
	}

	required := `"id":1,"level":"low","origin":{"x":1,"y":2},"pair":[1,2],"anon":{"A":3}`
	shapes := []struct {
		doc, codes, path string
	}{
		{`{` + required + `,"blob":"not base64!"}`, "contentEncoding:blob", "/blob"},
		{`{` + required + `,"lists":{"k":"%%%"}}`, "contentEncoding:lists.k", "/lists/k"},
		{`{` + required + `,"by_index":{"99999999999999999999":"x"}}`, "propertyNames:by_index.99999999999999999999", "/by_index/99999999999999999999"},
		{`{` + required + `,"by_index":{"7":"x","07":"y"}}`, "propertyNames:by_index.7", "/by_index/7"},
		{`{` + required + `,"small":{"128":true}}`, "propertyNames:small.128", "/small/128"},
		{`{` + required + `,"grid":[[1],[2,1e300]]}`, "maximum:grid[1][1]", "/grid/1/1"},
		{`{` + required + `,"path":[{"x":1,"y":2}],"hops":[{"x":1,"y":2}],"by_name":{"a/b":{"x":1,"y":2}},"by_level":{"x":-1e300}}`, "minimum:by_level.x", "/by_level/x"},
	}
	for _, c := range shapes {
		got, errs := DecodeShapesArgs(parse(t, c.doc))
		require.Len(t, errs, 1, c.doc)
		assert.Equal(t, []string{c.codes}, errs.Codes(), c.doc)
		assert.Equal(t, c.path, errs[0].Path, c.doc)
		assert.Zero(t, got.ID)
	}
}

// TestSchemaSemantics covers where DecodeT follows the validator rather than
// encoding/json, which rejects these documents.
func TestSchemaSemantics(t *testing.T) {
	// An integer is a number without a fraction, however it is written.
	doc := `{"b":false,"s":"","i":3.0,"i8":1e2,"i16":-0,"i32":2.5e1,"i64":1E3,"u":7.00,"u8":0e5,"u16":1,"u32":1,"u64":1,"f32":1,"f64":1}`
	var v ScalarsArgs
	assert.Error(t, json.Unmarshal([]byte(doc), &v))
	got, errs := DecodeScalarsArgs(parse(t, doc))
	require.Empty(t, errs)
	assert.Equal(t, ScalarsArgs{I: 3, I8: 100, I16: 0, I32: 25, I64: 1000, U: 7, U8: 0, U16: 1, U32: 1, U64: 1, F32: 1, F64: 1}, got)

	// A null member of an embedded pointer struct leaves it nil, as absent
	// members do (encoding/json allocates it).
	shapes, errs := DecodeShapesArgs(parse(t, `{"id":1,"level":"low","origin":{"x":1,"y":2},"pair":[1,2],"anon":{"A":3},"note":null}`))
	require.Empty(t, errs)
	assert.Nil(t, shapes.Extra)
}

// TestHandBuiltMaps decodes maps an application built by hand, with Go
// values of every numeric kind and typed slices and maps.
func TestHandBuiltMaps(t *testing.T) {
	got, errs := DecodeScalarsArgs(map[string]any{"b": true, "s": "x", "i": int8(-5), "i8": int64(-128), "i16": uint8(200), "i32": float32(7),
		"i64": uint64(math.MaxInt64), "u": int(5), "u8": uint16(255), "u16": json.Number("65535"), "u32": uint32(math.MaxUint32),
		"u64": uint(math.MaxUint64), "f32": 0.5, "f64": int64(1 << 60)})
	require.Empty(t, errs)
	assert.Equal(t, ScalarsArgs{B: true, S: "x", I: -5, I8: -128, I16: 200, I32: 7, I64: math.MaxInt64, U: 5, U8: 255, U16: 65535,
		U32: math.MaxUint32, U64: math.MaxUint64, F32: 0.5, F64: 1 << 60}, got)

	shapes, errs := DecodeShapesArgs(map[string]any{"id": 1, "level": "high", "origin": map[string]float64{"x": 1, "y": 2},
		"pair": []float64{3, 4}, "anon": map[string]int{"A": 9}, "names": []string{"a"}, "grid": [][]int{{1, 2}}})
	require.Empty(t, errs)
	assert.Equal(t, Point{X: 1, Y: 2}, shapes.Origin)
	assert.Equal(t, [2]float64{3, 4}, shapes.Pair)
	assert.Equal(t, 9, shapes.Anon.A)
	assert.Equal(t, Names{"a"}, shapes.Names)
	assert.Equal(t, [][]int{{1, 2}}, shapes.Grid)
}

// TestAllocations proves that DecodeT allocates what the struct owns and
// nothing else: for each document, as many allocations as building the same
// pointers, slices and maps by hand.
func TestAllocations(t *testing.T) {
	scalars := `{"b":true,"s":"x","i":1,"i8":1,"i16":1,"i32":1,"i64":1,"u":1,"u8":1,"u16":1,"u32":1,"u64":1,"f32":1.5,"f64":1.5}`
	for _, args := range []map[string]any{parse(t, scalars), floatMap(t, scalars)} {
		assert.Zero(t, testing.AllocsPerRun(100, func() { scalarsSink, _ = DecodeScalarsArgs(args) }))
	}
	cases := []struct {
		doc  string
		want func() ShapesArgs // the same containers, by hand
	}{
		{`{"id":1,"level":"low","origin":{"x":1,"y":2},"pair":[1,2],"anon":{"A":3},"dist":2,"count":3,"flag":true}`,
			func() ShapesArgs { return ShapesArgs{} }},
		{`{"id":1,"level":"low","origin":{"x":1,"y":2},"pair":[1,2],"anon":{"A":3},"note":"n","target":{"x":1,"y":2},
		   "path":[{"x":1,"y":1},{"x":2,"y":2}],"names":["a","b"],"opt":3}`,
			func() ShapesArgs {
				return ShapesArgs{Extra: new(Extra), Target: new(Point), Path: make([]Point, 2), Names: make(Names, 2), Opt: new(int)}
			}},
		{`{"id":1,"level":"low","origin":{"x":1,"y":2},"pair":[1,2],"anon":{"A":3},"by_name":{"a":{"x":1,"y":2}},"grid":[[1,2],[3]]}`,
			func() ShapesArgs {
				m := make(map[string]Point, 1)
				m["a"] = Point{}
				g := make([][]int, 2)
				g[0], g[1] = make([]int, 2), make([]int, 1)
				return ShapesArgs{ByName: m, Grid: g}
			}},
	}
	for _, c := range cases {
		baseline := testing.AllocsPerRun(100, func() { shapesSink = c.want() })
		for _, args := range []map[string]any{parse(t, c.doc), floatMap(t, c.doc)} {
			allocs := testing.AllocsPerRun(100, func() { shapesSink, _ = DecodeShapesArgs(args) })
			assert.Equal(t, baseline, allocs, c.doc)
		}
	}
}

var (
	scalarsSink ScalarsArgs
	shapesSink  ShapesArgs
)

func floatMap(t *testing.T, doc string) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.NewDecoder(bytes.NewReader([]byte(doc))).Decode(&m))
	return m
}
