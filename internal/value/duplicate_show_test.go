package value

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// duplicateRef is the definition Duplicate must agree with: the first j with
// an equal earlier item, and the first such i.
func duplicateRef(items []any) (int, int, bool) {
	for j := 1; j < len(items); j++ {
		for i := 0; i < j; i++ {
			if Equal(items[i], items[j]) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

func assertDuplicate(t *testing.T, items []any, wantI, wantJ int, wantFound bool) {
	t.Helper()
	i, j, found := Duplicate(items)
	assert.Equal(t, wantFound, found, "found")
	assert.Equal(t, wantI, i, "i")
	assert.Equal(t, wantJ, j, "j")
	ri, rj, rfound := duplicateRef(items)
	assert.Equal(t, []any{ri, rj, rfound}, []any{i, j, found}, "agrees with the quadratic definition")
}

func TestDuplicate_Small(t *testing.T) {
	tests := []struct {
		name  string
		items []any
		i, j  int
		found bool
	}{
		{"nil", nil, 0, 0, false},
		{"empty", []any{}, 0, 0, false},
		{"one", []any{1.0}, 0, 0, false},
		{"distinct numbers", []any{1.0, 2.0, 3.0}, 0, 0, false},
		{"repeat", []any{1.0, 2.0, 1.0}, 0, 2, true},
		{"adjacent", []any{"a", "b", "b"}, 1, 2, true},
		{"first j wins", []any{1.0, 2.0, 2.0, 1.0}, 1, 2, true},
		{"first i for that j", []any{5.0, 5.0, 5.0}, 0, 1, true},
		{"int and float64", []any{1.0, int(1)}, 0, 1, true},
		{"json.Number and uint16", []any{"x", json.Number("2"), uint16(2)}, 1, 2, true},
		{"float32 and float64", []any{float32(0.5), 0.5}, 0, 1, true},
		{"zero and negative zero", []any{0.0, negZero}, 0, 1, true},
		{"no false positives across types", []any{1.0, "1", true, nil, []any{1.0}, map[string]any{"1": 1.0}, false, 0.0, ""}, 0, 0, false},
		{"nulls", []any{nil, 1.0, nil}, 0, 2, true},
		{"booleans", []any{true, false, true}, 0, 2, true},
		{"nested arrays", []any{[]any{1.0, 2.0}, []any{2.0, 1.0}, []any{1.0, 2.0}}, 0, 2, true},
		{"nested arrays of different types", []any{[]any{1.0, "a"}, []any{int64(1), "a"}}, 0, 1, true},
		{"typed slice and array", []any{[]int{1, 2}, []any{1.0, 2.0}}, 0, 1, true},
		{"nested arrays differ in length", []any{[]any{1.0}, []any{1.0, 1.0}}, 0, 0, false},
		{"objects in different order", []any{map[string]any{"a": 1.0, "b": 2.0}, map[string]any{"b": 2, "a": json.Number("1")}}, 0, 1, true},
		{"objects differ", []any{map[string]any{"a": 1.0}, map[string]any{"a": 2.0}}, 0, 0, false},
		{"empty array and empty object", []any{[]any{}, map[string]any{}}, 0, 0, false},
		{"bool and number", []any{false, 0.0, true, 1.0}, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertDuplicate(t, tt.items, tt.i, tt.j, tt.found)
		})
	}
}

func TestDuplicate_Large(t *testing.T) {
	numbers := func(n int) []any {
		items := make([]any, n)
		for i := range items {
			items[i] = float64(i)
		}
		return items
	}

	t.Run("distinct numbers", func(t *testing.T) {
		assertDuplicate(t, numbers(100), 0, 0, false)
	})
	t.Run("equal numbers of different Go types", func(t *testing.T) {
		items := append(numbers(100), int32(42))
		assertDuplicate(t, items, 42, 100, true)
		items = append(numbers(100), json.Number("7.0"))
		assertDuplicate(t, items, 7, 100, true)
		items = append(numbers(100), uint64(99), float32(3))
		assertDuplicate(t, items, 99, 100, true)
	})
	t.Run("first pair", func(t *testing.T) {
		items := numbers(50)
		items[40] = 10.0 // first duplicate: (10, 40)
		items[45] = 5.0  // later duplicate
		items[20] = 49.0 // pairs with 49 later than 40
		assertDuplicate(t, items, 10, 40, true)
	})
	t.Run("strings", func(t *testing.T) {
		items := make([]any, 40)
		for i := range items {
			items[i] = strconv.Itoa(i)
		}
		assertDuplicate(t, items, 0, 0, false)
		items = append(items, "17")
		assertDuplicate(t, items, 17, 40, true)
	})
	t.Run("no false positives across types", func(t *testing.T) {
		var items []any
		for i := range 10 {
			items = append(items,
				float64(i),
				strconv.Itoa(i),
				[]any{float64(i)},
				map[string]any{"k": float64(i)},
				[]any{strconv.Itoa(i)},
				map[string]any{strconv.Itoa(i): float64(i)},
			)
		}
		items = append(items, true, false, nil, "true", "false", "null", []any{}, map[string]any{}, "", "n0", "s")
		require.Greater(t, len(items), 32)
		assertDuplicate(t, items, 0, 0, false)
	})
	t.Run("nested arrays", func(t *testing.T) {
		var items []any
		for i := range 40 {
			items = append(items, []any{float64(i), []any{"x", float64(i)}})
		}
		assertDuplicate(t, items, 0, 0, false)
		items = append(items, []any{json.Number("12"), []any{"x", int8(12)}})
		assertDuplicate(t, items, 12, 40, true)
	})
	t.Run("nested objects", func(t *testing.T) {
		var items []any
		for i := range 40 {
			items = append(items, map[string]any{"id": float64(i), "tags": []any{"a"}})
		}
		assertDuplicate(t, items, 0, 0, false)
		items = append(items, map[string]any{"tags": []string{"a"}, "id": 33})
		assertDuplicate(t, items, 33, 40, true)
	})
	t.Run("nulls and booleans", func(t *testing.T) {
		items := append(numbers(40), true, false, nil)
		assertDuplicate(t, items, 0, 0, false)
		assertDuplicate(t, append(items, nil), 42, 43, true)
		assertDuplicate(t, append(items, false), 41, 43, true)
	})
	t.Run("bool and number never match", func(t *testing.T) {
		items := append(numbers(40), true, false)
		items[0], items[1] = 5.5, 6.5 // no 0 and 1 left
		items = append(items, 0.0, 1.0)
		assertDuplicate(t, items, 0, 0, false)
	})
	t.Run("non-JSON values", func(t *testing.T) {
		var items []any
		for range 40 {
			items = append(items, make(chan int))
		}
		assertDuplicate(t, items, 0, 0, false)
	})
	t.Run("boundary 32 and 33", func(t *testing.T) {
		for _, n := range []int{31, 32, 33, 34} {
			items := numbers(n)
			assertDuplicate(t, items, 0, 0, false)
			items[n-1] = 3.0
			assertDuplicate(t, items, 3, n-1, true)
		}
	})
	t.Run("many items", func(t *testing.T) {
		// A quadratic scan of 200,000 items would not finish in time.
		items := make([]any, 0, 200_001)
		for i := range 100_000 {
			items = append(items, float64(i), "s"+strconv.Itoa(i))
		}
		i, j, found := Duplicate(items)
		assert.False(t, found)
		assert.Zero(t, i)
		assert.Zero(t, j)
		items = append(items, int(99_999))
		i, j, found = Duplicate(items)
		assert.True(t, found)
		assert.Equal(t, 2*99_999, i)
		assert.Equal(t, 200_000, j)
	})
}

func TestCanonical_EqualValuesShareAKey(t *testing.T) {
	pairs := [][2]any{
		{1.0, int(1)},
		{json.Number("2.50"), float32(2.5)},
		{"a", "a"},
		{true, true},
		{nil, nil},
		{[]any{1.0}, []int{1}},
		{map[string]any{"a": 1.0}, map[string]int{"a": 1}},
	}
	for _, p := range pairs {
		require.True(t, Equal(p[0], p[1]))
		assert.Equal(t, canonicalKey(p[0]), canonicalKey(p[1]), "%#v %#v", p[0], p[1])
	}
}

func TestShow_Strings(t *testing.T) {
	a64 := strings.Repeat("a", 64)
	tests := []struct {
		name string
		s    string
		want string
	}{
		{"empty", "", `""`},
		{"plain", "abc", `"abc"`},
		{"quotes", `say "hi"`, `"say \"hi\""`},
		{"newline", "line\nbreak", `"line\nbreak"`},
		{"unicode kept", "héllo", `"héllo"`},
		{"64 characters is not shortened", a64, `"` + a64 + `"`},
		{"65 characters", a64 + "b", `"` + a64 + `"… (65 characters)`},
		{"1000 characters", strings.Repeat("a", 1000), `"` + a64 + `"… (1000 characters)`},
		{
			"64 multi-byte characters is not shortened",
			strings.Repeat("日", 64),
			`"` + strings.Repeat("日", 64) + `"`,
		},
		{
			"multi-byte counted in characters",
			strings.Repeat("日", 100),
			`"` + strings.Repeat("日", 64) + `"… (100 characters)`,
		},
		{
			"mixed widths",
			strings.Repeat("a😀", 40),
			`"` + strings.Repeat("a😀", 32) + `"… (80 characters)`,
		},
		{
			"invalid UTF-8",
			strings.Repeat("\xff", 70),
			strconv.Quote(strings.Repeat("\xff", 64)) + "… (70 characters)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Show(tt.s))
		})
	}
}

func TestShow_HugeStringIsBounded(t *testing.T) {
	s := strings.Repeat("€", 1_000_000)
	got := Show(s)
	assert.Less(t, len(got), 300)
	assert.True(t, utf8.ValidString(got), "cut on a character boundary")
	assert.True(t, strings.HasSuffix(got, "… (1000000 characters)"), got)
}

func TestShow_Values(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"true", true, "true"},
		{"false", false, "false"},
		{"nil", nil, "null"},
		{"whole float", 1.0, "1"},
		{"float", 2.5, "2.5"},
		{"negative", -7.25, "-7.25"},
		{"int", 42, "42"},
		{"negative int", int64(-7), "-7"},
		{"uint8", uint8(255), "255"},
		{"float32", float32(0.5), "0.5"},
		{"json.Number verbatim", json.Number("1.50"), "1.50"},
		{"array", []any{1.0, 2.0, 3.0}, "an array of 3 items"},
		{"empty array", []any{}, "an array of 0 items"},
		{"typed slice", []string{"a", "b"}, "an array of 2 items"},
		{"go array", [4]int{}, "an array of 4 items"},
		{"object", map[string]any{"a": 1.0, "b": 2.0}, "an object of 2 members"},
		{"empty object", map[string]any{}, "an object of 0 members"},
		{"typed map", map[string]int{"a": 1}, "an object of 1 member"},
		{"nested contents not shown", []any{strings.Repeat("x", 1000)}, "an array of 1 item"},
		{"nil typed map", map[string]int(nil), "null"},
		{"nil typed slice", []int(nil), "null"},
		{"nil object", map[string]any(nil), "null"},
		{"NaN", math.NaN(), "non-finite number NaN"},
		{"+Inf", math.Inf(1), "non-finite number +Inf"},
		{"chan", make(chan int), "Go value of type chan int"},
		{"struct", point{1, 2}, "Go value of type value.point"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Show(tt.v))
		})
	}
}

func TestShow_BigArrayIsBounded(t *testing.T) {
	assert.Equal(t, "an array of 1000000 items", Show(make([]any, 1_000_000)))
	assert.Equal(t, "an array of 1000000 items", Show(make([]int8, 1_000_000)))
}

func canonicalKey(v any) string {
	b, _ := canonical(nil, v, MaxDepth)
	return string(b)
}
