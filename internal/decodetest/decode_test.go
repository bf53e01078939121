package decodetest

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/toolimpl/value"
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
	got := roundTrip(t, DecodeNode, deep(value.MaxDepth-1), true)
	n := 0
	for p := &got; p.Next != nil; p = p.Next {
		n++
	}
	assert.Equal(t, value.MaxDepth-1, n)
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

// TestNumbersCorpus: json.Number, math/big, netip.Addr and map keys read
// with UnmarshalText decode to what encoding/json makes of the same JSON.
func TestNumbersCorpus(t *testing.T) {
	required := `"num":12.50,"int":9007199254740993`
	docs := []string{
		`{` + required + `}`,
		`{"num":-0.0,"int":-123456789012345678901234567890,"opt_num":1e400000,"p_int":0,"float":"1.5e-1000","p_float":"-Inf",
		  "rat":"22/7","addr":"2001:db8::1","upper":{"a":1,"Bc":2},"addrs":{"10.0.0.1":true,"::1":false}}`,
		`{"num":9007199254740993,"int":0,"opt_num":-1E+2,"p_int":-18446744073709551617,"float":"0x1p-2","rat":"0.75","addr":"127.0.0.1"}`,
		`{` + required + `,"opt_num":null,"p_int":null,"p_float":null,"rat":null,"upper":null,"addrs":{}}`,
	}
	for i, doc := range docs {
		if i == 1 {
			// 1e400000 is beyond float64: ParseArgs refuses it.
			doc = strings.Replace(doc, "1e400000", "1e40", 1)
		}
		got := roundTrip(t, DecodeNumbersArgs, doc, false)
		if i == 0 {
			assert.Equal(t, json.Number("12.50"), got.Num, "as written")
			assert.Equal(t, "9007199254740993", got.Int.String(), "exactly")
		}
	}
	// From encoding/json's float64 maps, numbers as encoding/json writes
	// them.
	roundTrip(t, DecodeNumbersArgs, `{"num":12.5,"int":42,"opt_num":1e-7,"p_int":-7,"upper":{"x":1}}`, true)
	// Beyond 2^53 a float64 is written digit by digit: the exact value the
	// validator judged.
	got, errs := DecodeNumbersArgs(map[string]any{"num": 1e21, "int": 1.0})
	require.Empty(t, errs)
	assert.Equal(t, json.Number("1000000000000000000000"), got.Num)

	// The schema's integers include 1e3 and 3.0, which big.Int's own
	// UnmarshalJSON refuses: DecodeT follows the schema.
	got, errs = DecodeNumbersArgs(parse(t, `{"num":1,"int":1e3,"p_int":3.0}`))
	require.Empty(t, errs)
	assert.Equal(t, "1000", got.Int.String())
	assert.Equal(t, "3", got.PInt.String())

	// Their own methods' errors are the argument's errors.
	_, errs = DecodeNumbersArgs(parse(t, `{"num":1,"int":1,"float":"x","upper":{"bad":1},"addrs":{"nope":true}}`))
	assert.Equal(t, []string{"invalid:addrs.nope", "invalid:float", "invalid:upper.bad"}, errs.Codes())
	assert.Equal(t, "/upper/bad", errs[1].Path, "in field order")
	// A netip.Addr's schema is an IPv4 or IPv6 string: the validator
	// refuses what its UnmarshalText would.
	_, errs = DecodeNumbersArgs(parse(t, `{"num":1,"int":1,"addr":"300.1.1.1"}`))
	assert.Equal(t, []string{"anyOf:addr"}, errs.Codes())
}

// TestURLsParsed: encoding/json reads a url.URL as an object of its fields,
// while its schema is a uri string; DecodeT parses the string, as the schema
// promises, into exactly what url.Parse returns.
func TestURLsParsed(t *testing.T) {
	const link = "https://user@example.com:8080/a/b%20c?q=1&r=%2F#frag"
	want, err := url.Parse(link)
	require.NoError(t, err)
	got, errs := DecodeNumbersArgs(parse(t, `{"num":1,"int":1,"link":"`+link+`","p_link":"`+link+`","links":["`+link+`","mailto:a@b.c"]}`))
	require.Empty(t, errs)
	assert.Equal(t, *want, got.Link)
	require.NotNil(t, got.PLink)
	assert.Equal(t, *want, *got.PLink)
	require.Len(t, got.Links, 2)
	assert.Equal(t, want, got.Links[0])
	assert.Equal(t, "a@b.c", got.Links[1].Opaque)
	assert.Equal(t, "frag", got.Link.Fragment, "never a silent zero value")

	// Not a URI: the validator says so.
	_, errs = DecodeNumbersArgs(parse(t, `{"num":1,"int":1,"link":"not a uri"}`))
	assert.Equal(t, []string{"format:link"}, errs.Codes())
}

// TestTypedNilsAreAbsent: in a map built by hand, a typed nil (a nil slice,
// map or pointer) is null, and a null optional member is absent.
func TestTypedNilsAreAbsent(t *testing.T) {
	args := map[string]any{
		"id": 1, "level": "low", "origin": map[string]any{"x": 1.0, "y": 2.0}, "pair": []any{1.0, 2.0}, "anon": map[string]any{"A": 3.0},
		"owner": (*string)(nil), "target": (*Point)(nil), "path": []Point(nil), "hops": []*Point(nil), "names": Names(nil),
		"by_name": map[string]Point(nil), "opt": (*int)(nil), "opt_s": (*string)(nil), "ptr_ptr": (**float64)(nil),
		"any": []string(nil), "open": map[string]any(nil), "blob": []byte(nil), "dist": (*float64)(nil),
	}
	assert.Nil(t, ValidateShapesArgs(args))
	got, errs := DecodeShapesArgs(args)
	require.Nil(t, errs)
	assert.Nil(t, got.Target)
	assert.Nil(t, got.Path)
	assert.Nil(t, got.Hops)
	assert.Nil(t, got.Names)
	assert.Nil(t, got.ByName)
	assert.Nil(t, got.Opt)
	assert.Nil(t, got.OptS)
	assert.Nil(t, got.PtrPtr)
	assert.Nil(t, got.Any)
	assert.Nil(t, got.Open)
	assert.Nil(t, got.Blob)
	assert.Empty(t, got.Owner)

	// Items and required members are not optional: a typed nil is null
	// there, a type error.
	args["path"] = []any{(*Point)(nil)}
	args["origin"] = (*Point)(nil)
	assert.Equal(t, []string{"type:origin", "type:path[0]"}, ValidateShapesArgs(args).Codes())
}

// TestBoundsBeyond2To53 is the property: for values drawn around every
// bound of BoundsArgs, beyond 2^53 and below, as a json.Number, int64,
// uint64 and float64, the validator accepts exactly the values that satisfy
// the bound, as exact numbers; and DecodeT gives the handler exactly the
// value judged (or a range error when its Go type cannot hold it).
func TestBoundsBeyond2To53(t *testing.T) {
	rat := func(s string) *big.Rat {
		r, ok := new(big.Rat).SetString(s)
		require.True(t, ok, s)
		return r
	}
	member := func(lo, hi string, loEx, hiEx bool, multiple string, enum ...string) func(*big.Rat) bool {
		return func(x *big.Rat) bool {
			if lo != "" && (x.Cmp(rat(lo)) < 0 || loEx && x.Cmp(rat(lo)) == 0) {
				return false
			}
			if hi != "" && (x.Cmp(rat(hi)) > 0 || hiEx && x.Cmp(rat(hi)) == 0) {
				return false
			}
			if multiple != "" && !new(big.Rat).Quo(x, rat(multiple)).IsInt() {
				return false
			}
			if len(enum) == 0 {
				return true
			}
			for _, e := range enum {
				if x.Cmp(rat(e)) == 0 {
					return true
				}
			}
			return false
		}
	}
	type field struct {
		name   string
		valid  func(*big.Rat) bool
		bounds []string
		goMin  string // the Go type's range, "" for json.Number
		goMax  string
	}
	const i64min, i64max, u64max = "-9223372036854775808", "9223372036854775807", "18446744073709551615"
	fields := []field{
		{"max", member("", "1000000000000000000", false, false, ""), []string{"1000000000000000000"}, i64min, i64max},
		{"min", member("-1000000000000000000", "", false, false, ""), []string{"-1000000000000000000"}, i64min, i64max},
		{"even", member("", "", false, false, "2"), []string{"9007199254740993", "-9007199254740993", "9223372036854775806"}, i64min, i64max},
		{"ex_max", member("", "9007199254740993", false, true, ""), []string{"9007199254740993"}, i64min, i64max},
		{"ex_min", member("-9007199254740993", "", true, false, ""), []string{"-9007199254740993"}, i64min, i64max},
		{"big", member("0", "10000000000000000000", false, false, ""), []string{"10000000000000000000", "0"}, "0", u64max},
		{"id", member("", "", false, false, "", "9007199254740992", "1"), []string{"9007199254740992", "1"}, i64min, i64max},
		{"num", member("-9223372036854775809", "18446744073709551616", false, false, ""), []string{"-9223372036854775809", "18446744073709551616"}, "", ""},
		{"ids", member("0", "", false, false, "", "18446744073709551615", "9007199254740993"), []string{"18446744073709551615", "9007199254740993"}, "0", u64max},
	}
	r := rand.New(rand.NewPCG(5, 6))
	checked := 0
	for _, f := range fields {
		for _, b := range f.bounds {
			for range 40 {
				d := int64(r.IntN(7) - 3)
				if r.IntN(4) == 0 {
					d = r.Int64N(2001) - 1000
				}
				x := new(big.Rat).Add(rat(b), new(big.Rat).SetInt64(d))
				text := x.Num().String()
				var values []any
				values = append(values, json.Number(text))
				if i, err := strconv.ParseInt(text, 10, 64); err == nil {
					values = append(values, i)
				}
				if u, err := strconv.ParseUint(text, 10, 64); err == nil {
					values = append(values, u)
				}
				fl, _ := x.Float64()
				values = append(values, fl)
				for _, v := range values {
					exact := x
					if fl, isFloat := v.(float64); isFloat {
						exact = new(big.Rat).SetFloat64(fl) // a float64 is its own exact value
					}
					want := f.valid(exact)
					var item any = v
					if f.name == "ids" {
						item = []any{v}
					}
					args := map[string]any{f.name: item}
					errs := ValidateBoundsArgs(args)
					require.Equal(t, want, errs == nil, "%s = %#v (%s): %v", f.name, v, exact.RatString(), errs.Codes())
					checked++
					if !want {
						continue
					}
					got, errs := DecodeBoundsArgs(args)
					fits := f.goMin == "" || exact.Cmp(rat(f.goMin)) >= 0 && exact.Cmp(rat(f.goMax)) <= 0
					if !fits {
						require.NotEmpty(t, errs, "%s = %#v does not fit its field", f.name, v)
						continue
					}
					require.Empty(t, errs, "%s = %#v", f.name, v)
					var decoded string
					switch f.name {
					case "max":
						decoded = strconv.FormatInt(got.Max, 10)
					case "min":
						decoded = strconv.FormatInt(got.Min, 10)
					case "even":
						decoded = strconv.FormatInt(got.Even, 10)
					case "ex_max":
						decoded = strconv.FormatInt(got.ExMax, 10)
					case "ex_min":
						decoded = strconv.FormatInt(got.ExMin, 10)
					case "big":
						decoded = strconv.FormatUint(got.Big, 10)
					case "id":
						decoded = strconv.FormatInt(got.ID, 10)
					case "ids":
						decoded = strconv.FormatUint(got.IDs[0], 10)
					case "num":
						decoded = string(got.Num)
					}
					require.Zero(t, rat(decoded).Cmp(exact), "%s = %#v decoded as %s", f.name, v, decoded)
				}
			}
		}
	}
	t.Logf("%d values checked", checked)
}
