package value

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
)

type (
	namedKey   string
	namedList  []any
	namedSlice []int
	point      struct{ X, Y int }
)

var negZero = math.Copysign(0, -1)

func TestNumber(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want float64
		ok   bool
	}{
		// Every Go integer kind.
		{"int", int(-3), -3, true},
		{"int8 min", int8(math.MinInt8), -128, true},
		{"int16", int16(-300), -300, true},
		{"int32", int32(70000), 70000, true},
		{"int64 min", int64(math.MinInt64), -9223372036854775808, true},
		{"int64 max", int64(math.MaxInt64), 9223372036854775807, true},
		{"uint", uint(7), 7, true},
		{"uint8 max", uint8(255), 255, true},
		{"uint16", uint16(65535), 65535, true},
		{"uint32", uint32(4000000000), 4000000000, true},
		{"uint64 max", uint64(math.MaxUint64), 18446744073709551615, true},
		{"uintptr", uintptr(9), 9, true},
		{"int zero", 0, 0, true},

		// Floats.
		{"float64", 2.5, 2.5, true},
		{"float64 negative", -1e-9, -1e-9, true},
		{"float64 max", math.MaxFloat64, math.MaxFloat64, true},
		{"float64 smallest", math.SmallestNonzeroFloat64, math.SmallestNonzeroFloat64, true},
		{"float64 negative zero", negZero, 0, true},
		{"float32", float32(1.5), 1.5, true},
		{"float32 inexact", float32(0.1), float64(float32(0.1)), true},
		{"float32 max", float32(math.MaxFloat32), math.MaxFloat32, true},

		// json.Number.
		{"json.Number integer", json.Number("42"), 42, true},
		{"json.Number negative exp", json.Number("-1.5e3"), -1500, true},
		{"json.Number fraction", json.Number("0.25"), 0.25, true},
		{"json.Number zero", json.Number("0"), 0, true},
		{"json.Number underflow", json.Number("1e-400"), 0, true},
		{"json.Number overflow", json.Number("1e400"), 0, false},
		{"json.Number negative overflow", json.Number("-1e400"), 0, false},
		{"json.Number garbage", json.Number("abc"), 0, false},
		{"json.Number empty", json.Number(""), 0, false},
		{"json.Number NaN", json.Number("NaN"), 0, false},
		{"json.Number Inf", json.Number("Inf"), 0, false},
		{"json.Number -Infinity", json.Number("-Infinity"), 0, false},
		{"json.Number spaces", json.Number(" 1"), 0, false},

		// Never numbers.
		{"true", true, 0, false},
		{"false", false, 0, false},
		{"NaN", math.NaN(), 0, false},
		{"+Inf", math.Inf(1), 0, false},
		{"-Inf", math.Inf(-1), 0, false},
		{"float32 NaN", float32(math.NaN()), 0, false},
		{"float32 +Inf", float32(math.Inf(1)), 0, false},
		{"float32 -Inf", float32(math.Inf(-1)), 0, false},
		{"numeric string", "1", 0, false},
		{"empty string", "", 0, false},
		{"nil", nil, 0, false},
		{"array", []any{1.0}, 0, false},
		{"object", map[string]any{"a": 1.0}, 0, false},
		{"pointer to number", new(float64), 0, false},
		{"complex", complex(1, 0), 0, false},
		{"bytes", []byte("1"), 0, false},
		{"raw message", json.RawMessage("1"), 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Number(tt.v)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestNumber_DecodedJSON(t *testing.T) {
	// What encoding/json produces, with and without UseNumber.
	var plain map[string]any
	require.NoError(t, json.Unmarshal([]byte(`{"a":1,"b":-2.5,"c":true,"d":"3","e":null}`), &plain))
	dec := json.NewDecoder(strings.NewReader(`{"a":1,"b":-2.5,"c":true,"d":"3","e":null}`))
	dec.UseNumber()
	var numbered map[string]any
	require.NoError(t, dec.Decode(&numbered))

	for _, m := range []map[string]any{plain, numbered} {
		f, ok := Number(m["a"])
		assert.True(t, ok)
		assert.Equal(t, 1.0, f)
		f, ok = Number(m["b"])
		assert.True(t, ok)
		assert.Equal(t, -2.5, f)
		for _, k := range []string{"c", "d", "e"} {
			_, ok = Number(m[k])
			assert.False(t, ok, k)
		}
	}
}

func TestIsInteger(t *testing.T) {
	tests := []struct {
		f    float64
		want bool
	}{
		{3.0, true},
		{3.5, false},
		{0, true},
		{negZero, true},
		{-7, true},
		{-2.5, false},
		{0.5, false},
		{1e300, true},
		{-1e300, true},
		{math.MaxFloat64, true},
		{1 << 53, true},
		{1<<53 + 2, true},
		{math.SmallestNonzeroFloat64, false},
		{1 - 1e-16, false},
		{math.NaN(), false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, IsInteger(tt.f), "IsInteger(%v)", tt.f)
	}
	// A json.Number exactly, whatever its float64: 1e-400 reads as 0, and
	// 1.0000000000000000001 as 1.
	for s, want := range map[string]bool{
		"3": true, "3.0": true, "1e3": true, "1.5e1": true, "1500e-2": true, "-0": true, "0e-400": true,
		"9007199254740993": true, "1e23": true, "3.5": false, "1e-400": false, "-1e-400": false,
		"1.0000000000000000001": false, "9007199254740993.5": false, "15e-1": false, "100e-2": true, "120E-1": true,
		"0e99999999999999999999": true, "1e-99999999999999999999": false, "5.000e+3": true, "5.0001e3": false,
	} {
		assert.Equal(t, want, IsInteger(json.Number(s)), "IsInteger(json.Number(%s))", s)
	}
	assert.True(t, IsInteger(int64(math.MaxInt64)))
	assert.True(t, IsInteger(float32(2)))
	assert.False(t, IsInteger(float32(2.5)))
}

func TestList_FastPathNoCopy(t *testing.T) {
	s := []any{1.0, "a", true, nil}
	var v any = s
	got, ok := List(v)
	require.True(t, ok)
	require.Len(t, got, len(s))
	assert.Equal(t, cap(s), cap(got))
	assert.Same(t, &s[0], &got[0], "a []any is returned as it is")

	got[1] = "changed"
	assert.Equal(t, "changed", s[1], "same backing array")

	if !race.Enabled {
		allocs := testing.AllocsPerRun(100, func() {
			got, ok = List(v)
		})
		assert.Zero(t, allocs)
		assert.True(t, ok)
	}
}

func TestList_EmptyIsArray(t *testing.T) {
	got, ok := List([]any{})
	assert.True(t, ok)
	assert.NotNil(t, got)
	assert.Empty(t, got)

	got, ok = List([]int{})
	assert.True(t, ok)
	assert.NotNil(t, got)
	assert.Empty(t, got)

	got, ok = List([0]int{})
	assert.True(t, ok)
	assert.Empty(t, got)
}

func TestList_TypedIsCopied(t *testing.T) {
	ints := []int{1, 2, 3}
	got, ok := List(ints)
	require.True(t, ok)
	assert.Equal(t, []any{1, 2, 3}, got, "elements keep their Go types")
	got[0] = 99
	assert.Equal(t, 1, ints[0], "a typed slice is copied")

	if !race.Enabled {
		assert.Positive(t, testing.AllocsPerRun(10, func() { _, _ = List(ints) }))
	}

	got, ok = List([]string{"a", "b"})
	require.True(t, ok)
	assert.Equal(t, []any{"a", "b"}, got)

	got, ok = List([][]int{{1}, {2, 3}})
	require.True(t, ok)
	assert.Equal(t, []any{[]int{1}, []int{2, 3}}, got, "only the outer level is converted")

	got, ok = List([]map[string]int{{"a": 1}})
	require.True(t, ok)
	assert.Equal(t, []any{map[string]int{"a": 1}}, got)

	arr := [3]float64{1, 2.5, 3}
	got, ok = List(arr)
	require.True(t, ok)
	assert.Equal(t, []any{1.0, 2.5, 3.0}, got)

	got, ok = List([2]any{nil, "x"})
	require.True(t, ok)
	assert.Equal(t, []any{nil, "x"}, got)

	got, ok = List(namedList{1.0, "x"})
	require.True(t, ok)
	assert.Equal(t, []any{1.0, "x"}, got)

	got, ok = List(namedSlice{4, 5})
	require.True(t, ok)
	assert.Equal(t, []any{4, 5}, got)
}

func TestList_NotArrays(t *testing.T) {
	for _, v := range []any{
		nil,
		[]int(nil),
		[]string(nil),
		namedSlice(nil),
		"",
		"[1,2]",
		[]byte("[1,2]"),
		[]byte{},
		json.RawMessage(`[1,2]`),
		map[string]any{},
		map[string]any{"0": 1},
		1.0,
		true,
		&[]any{1},
		&[2]int{},
		point{1, 2},
		make(chan int),
		func() {},
		json.Number("1"),
	} {
		got, ok := List(v)
		assert.False(t, ok, "List(%#v)", v)
		assert.Nil(t, got, "List(%#v)", v)
	}
}

func TestObject_FastPathNoCopy(t *testing.T) {
	m := map[string]any{"a": 1.0, "b": "x"}
	var v any = m
	got, ok := Object(v)
	require.True(t, ok)
	assert.Equal(t, reflect.ValueOf(m).UnsafePointer(), reflect.ValueOf(got).UnsafePointer(),
		"a map[string]any is returned as it is")
	got["c"] = true
	assert.Equal(t, true, m["c"], "same map")

	if !race.Enabled {
		allocs := testing.AllocsPerRun(100, func() {
			got, ok = Object(v)
		})
		assert.Zero(t, allocs)
		assert.True(t, ok)
	}

	got, ok = Object(map[string]any{})
	assert.True(t, ok)
	assert.NotNil(t, got)
	assert.Empty(t, got)
}

func TestObject_TypedIsCopied(t *testing.T) {
	src := map[string]int{"a": 1, "b": 2}
	got, ok := Object(src)
	require.True(t, ok)
	assert.Equal(t, map[string]any{"a": 1, "b": 2}, got)
	got["a"] = 99
	got["z"] = 0
	assert.Equal(t, map[string]int{"a": 1, "b": 2}, src, "a typed map is copied")

	if !race.Enabled {
		assert.Positive(t, testing.AllocsPerRun(10, func() { _, _ = Object(src) }))
	}

	got, ok = Object(map[namedKey]string{"k": "v"})
	require.True(t, ok)
	assert.Equal(t, map[string]any{"k": "v"}, got, "named string keys become strings")

	got, ok = Object(map[string]map[string]int{"in": {"x": 1}})
	require.True(t, ok)
	assert.Equal(t, map[string]any{"in": map[string]int{"x": 1}}, got, "only the outer level is converted")

	got, ok = Object(map[string]int{})
	assert.True(t, ok)
	assert.NotNil(t, got)
	assert.Empty(t, got)
}

func TestObject_NotObjects(t *testing.T) {
	for _, v := range []any{
		nil,
		map[string]any(nil),
		map[string]int(nil),
		map[namedKey]any(nil),
		map[int]any{1: 2},
		map[any]any{"a": 1},
		map[bool]string{true: "x"},
		&map[string]any{"a": 1},
		[]any{},
		"{}",
		json.RawMessage(`{}`),
		point{},
		&point{},
		1,
		make(chan int),
	} {
		got, ok := Object(v)
		assert.False(t, ok, "Object(%#v)", v)
		assert.Nil(t, got, "Object(%#v)", v)
	}
}

func TestTypeName(t *testing.T) {
	x := 1
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"nil", nil, "null"},
		{"string", "s", "string"},
		{"empty string", "", "string"},
		{"true", true, "boolean"},
		{"false", false, "boolean"},
		{"whole float64", 1.0, "integer"},
		{"float64", 1.5, "number"},
		{"negative zero", negZero, "integer"},
		{"huge whole", 1e300, "integer"},
		{"tiny", 1e-300, "number"},
		{"int", 3, "integer"},
		{"int64", int64(-3), "integer"},
		{"uint8", uint8(3), "integer"},
		{"uintptr", uintptr(3), "integer"},
		{"whole float32", float32(2), "integer"},
		{"float32", float32(2.5), "number"},
		{"json.Number whole", json.Number("7"), "integer"},
		{"json.Number whole with exponent", json.Number("7e2"), "integer"},
		{"json.Number whole with fraction", json.Number("7.0"), "integer"},
		{"json.Number fraction", json.Number("7.25"), "number"},
		{"json.Number invalid", json.Number("abc"), "invalid number"},
		{"json.Number overflow", json.Number("1e400"), "invalid number"},
		{"array", []any{}, "array"},
		{"array of one", []any{1.0}, "array"},
		{"typed slice", []int{1}, "array"},
		{"empty typed slice", []string{}, "array"},
		{"go array", [2]string{}, "array"},
		{"object", map[string]any{}, "object"},
		{"typed map", map[string]int{"a": 1}, "object"},
		{"named key map", map[namedKey]bool{}, "object"},
		{"nil object", map[string]any(nil), "null"},
		{"nil typed map", map[string]int(nil), "null"},
		{"nil typed slice", []int(nil), "null"},
		{"nil non-string-key map", map[int]int(nil), "null"},
		{"nil pointer", (*int)(nil), "null"},
		{"NaN", math.NaN(), "non-finite number NaN"},
		{"+Inf", math.Inf(1), "non-finite number +Inf"},
		{"-Inf", math.Inf(-1), "non-finite number -Inf"},
		{"float32 -Inf", float32(math.Inf(-1)), "non-finite number -Inf"},
		{"float32 NaN", float32(math.NaN()), "non-finite number NaN"},
		{"chan", make(chan int), "Go value of type chan int"},
		{"nil chan", (chan string)(nil), "Go value of type chan string"},
		{"func", func() {}, "Go value of type func()"},
		{"struct", point{}, "Go value of type value.point"},
		{"pointer", &x, "Go value of type *int"},
		{"int-keyed map", map[int]int{1: 1}, "Go value of type map[int]int"},
		{"complex", complex64(1), "Go value of type complex64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, TypeName(tt.v))
		})
	}
}

func TestTypeName_DecodedJSON(t *testing.T) {
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(
		`{"s":"x","b":false,"i":3,"n":3.5,"z":-0,"a":[1],"o":{"k":1},"null":null,"e":1e2}`), &v))
	want := map[string]string{
		"s": "string", "b": "boolean", "i": "integer", "n": "number", "z": "integer",
		"a": "array", "o": "object", "null": "null", "e": "integer",
	}
	for k, w := range want {
		assert.Equal(t, w, TypeName(v[k]), k)
	}
}

func TestEqual(t *testing.T) {
	equal := []struct {
		name string
		a, b any
	}{
		{"1 and 1.0", 1, 1.0},
		{"1.0 and int(1)", 1.0, int(1)},
		{"int and json.Number", int(1), json.Number("1")},
		{"json.Number and uint8", json.Number("1.0"), uint8(1)},
		{"json.Number spellings", json.Number("1e2"), json.Number("100")},
		{"float32 and float64", float32(0.5), 0.5},
		{"int64 and uint64", int64(7), uint64(7)},
		{"zero and negative zero", 0.0, negZero},
		{"strings", "a", "a"},
		{"empty strings", "", ""},
		{"true", true, true},
		{"false", false, false},
		{"nils", nil, nil},
		{"nil and nil object", nil, map[string]any(nil)},
		{"nil and nil typed map", nil, map[string]int(nil)},
		{"nil and nil typed slice", nil, []int(nil)},
		{"empty arrays", []any{}, []any{}},
		{"empty array and empty typed slice", []any{}, []int{}},
		{"arrays", []any{1.0, "a", nil}, []any{1, "a", nil}},
		{"array and typed slice", []any{1.0, 2.0}, []int{1, 2}},
		{"array and go array", []any{"x", "y"}, [2]string{"x", "y"}},
		{"nested arrays", []any{[]any{1.0, []any{2.0}}, []any{}}, []any{[]any{1, []float64{2}}, [][]any{}}},
		{"nested arrays mixed", []any{[]any{1.0, []any{2.0}}}, []any{[]any{json.Number("1"), []int{2}}}},
		{"empty objects", map[string]any{}, map[string]any{}},
		{"empty object and typed map", map[string]any{}, map[string]int{}},
		{"objects", map[string]any{"a": 1.0, "b": "x"}, map[string]any{"b": "x", "a": 1}},
		{"object and typed map", map[string]any{"a": 1.0}, map[string]int{"a": 1}},
		{
			"nested objects",
			map[string]any{"a": map[string]any{"x": []any{1.0, 2.0}, "y": nil}, "b": true},
			map[string]any{"b": true, "a": map[string]any{"y": nil, "x": []int{1, 2}}},
		},
		{"objects with null members", map[string]any{"a": nil}, map[string]any{"a": nil}},
	}
	for _, tt := range equal {
		t.Run("equal/"+tt.name, func(t *testing.T) {
			assert.True(t, Equal(tt.a, tt.b), "Equal(a, b)")
			if !isNilish(tt.a) && !isNilish(tt.b) || tt.a == nil && tt.b == nil {
				// Typed nils are checked in one direction only; see
				// TestKnownBug_EqualTypedNilAsymmetric.
				assert.True(t, Equal(tt.b, tt.a), "Equal(b, a)")
				assert.True(t, Equal(tt.a, tt.a), "Equal(a, a)")
			}
		})
	}

	unequal := []struct {
		name string
		a, b any
	}{
		{"false and 0", false, 0},
		{"true and 1", true, 1},
		{"true and 1.0", true, 1.0},
		{"false and json.Number 0", false, json.Number("0")},
		{"string and number", "1", 1},
		{"string and json.Number", "1", json.Number("1")},
		{"different numbers", 1, 1.0000001},
		{"different ints", int8(1), int16(2)},
		{"NaN and NaN", math.NaN(), math.NaN()},
		{"invalid json.Number and string", json.Number("abc"), "abc"},
		{"number and invalid json.Number", 1, json.Number("abc")},
		{"strings case", "a", "A"},
		{"booleans", true, false},
		{"nil and 0", nil, 0},
		{"nil and empty string", nil, ""},
		{"nil and false", nil, false},
		{"nil and empty array", nil, []any{}},
		{"nil and empty object", nil, map[string]any{}},
		{"empty array and empty object", []any{}, map[string]any{}},
		{"array lengths", []any{1.0}, []any{1.0, 1.0}},
		{"array order", []any{1.0, 2.0}, []any{2.0, 1.0}},
		{"array null element and empty", []any{nil}, []any{}},
		{"array and string", []any{"a"}, "a"},
		{"nested array lengths", []any{[]any{1.0}}, []any{[]any{1.0, 2.0}}},
		{"object sizes", map[string]any{"a": 1.0}, map[string]any{"a": 1.0, "b": 2.0}},
		{"object keys", map[string]any{"a": 1.0}, map[string]any{"b": 1.0}},
		{"object null members with different keys", map[string]any{"a": nil}, map[string]any{"b": nil}},
		{"object values", map[string]any{"a": 1.0}, map[string]any{"a": "1"}},
		{"nested object values", map[string]any{"a": map[string]any{"b": false}}, map[string]any{"a": map[string]any{"b": 0.0}}},
		{"object and typed map values", map[string]any{"a": 1.0}, map[string]int{"a": 2}},
		{"chan and itself", make(chan int), make(chan int)},
	}
	for _, tt := range unequal {
		t.Run("unequal/"+tt.name, func(t *testing.T) {
			assert.False(t, Equal(tt.a, tt.b), "Equal(a, b)")
			assert.False(t, Equal(tt.b, tt.a), "Equal(b, a)")
		})
	}
}

// isNilish reports a non-nil interface holding a nil map, slice or pointer.
func isNilish(v any) bool {
	if v == nil {
		return false
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Map, reflect.Slice, reflect.Pointer, reflect.Chan, reflect.Func, reflect.Interface:
		return rv.IsNil()
	}
	return false
}
