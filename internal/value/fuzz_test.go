package value

import (
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzShowString(f *testing.F) {
	for _, s := range []string{"", "abc", strings.Repeat("a", 64), strings.Repeat("é", 65), strings.Repeat("\xff", 70)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Show(s)
		n := utf8.RuneCountInString(s)
		if n <= maxShown {
			if got != strconv.Quote(s) {
				t.Fatalf("Show(%q) = %q", s, got)
			}
			return
		}
		suffix := "… (" + strconv.Itoa(n) + " characters)"
		if !strings.HasSuffix(got, suffix) {
			t.Fatalf("Show(%q) = %q, want suffix %q", s, got, suffix)
		}
		prefix, err := strconv.Unquote(strings.TrimSuffix(got, suffix))
		if err != nil {
			t.Fatalf("Show(%q) = %q: prefix not quoted: %v", s, got, err)
		}
		if !strings.HasPrefix(s, prefix) || utf8.RuneCountInString(prefix) != maxShown {
			t.Fatalf("Show(%q) = %q: prefix is not the first %d characters", s, got, maxShown)
		}
	})
}

func FuzzNumberJSON(f *testing.F) {
	for _, x := range []float64{0, 1, -1, 0.5, 1e300, 1e-300, 123456789, math.MaxFloat64, math.SmallestNonzeroFloat64} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			if _, ok := Number(x); ok {
				t.Fatalf("Number(%v) ok", x)
			}
			return
		}
		b, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := Number(json.Number(b))
		if !ok || got != x {
			t.Fatalf("Number(json.Number(%s)) = %v, %v; want %v", b, got, ok, x)
		}
		// The text encoding/json writes is the float64's exact value
		// unless the float64 is an integer beyond 2^53 (1e300, whose
		// binary value is not 10^300); NumberText writes its digits.
		written, _ := new(big.Rat).SetString(string(b))
		exactText := x != math.Trunc(x) || written.Cmp(new(big.Rat).SetFloat64(x)) == 0
		if Equal(x, json.Number(b)) != exactText || Equal(json.Number(b), x) != exactText {
			t.Fatalf("Equal(%v, json.Number(%s)) = %v", x, b, !exactText)
		}
		if text, ok := NumberText(x); !ok || !Equal(x, text) || !Equal(text, x) {
			t.Fatalf("Equal(%v, NumberText = %s) = false", x, text)
		}
		want := "number"
		if x == math.Trunc(x) {
			want = "integer"
		}
		if TypeName(x) != want || TypeName(json.Number(b)) != want {
			t.Fatalf("TypeName(%v) = %q, TypeName(json.Number) = %q; want %q", x, TypeName(x), TypeName(json.Number(b)), want)
		}
	})
}

// palette holds JSON values in the Go forms a validator meets, with equal
// values of different forms; -0 is left out (see
// TestKnownBug_DuplicateNegativeZeroLargeList).
var palette = []any{
	0.0, 1.0, int(1), json.Number("1"), uint8(0), 2.5, float32(2.5),
	"", "a", "1", true, false, nil,
	[]any{}, []any{1.0}, []int{1}, []any{"a", 1.0}, [2]any{"a", 1},
	map[string]any{}, map[string]any{"a": 1.0}, map[string]int{"a": 1}, map[string]any{"b": 1.0},
}

func FuzzDuplicate(f *testing.F) {
	f.Add([]byte{0, 1})
	f.Add([]byte{1, 2, 3})
	f.Add([]byte{13, 14, 15, 16, 17, 18, 19, 20, 21})
	f.Add([]byte(strings.Repeat("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a", 5)))
	f.Add([]byte("abcdefghijklmnopqrstuvwxyz0123456789"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 200 {
			data = data[:200]
		}
		items := make([]any, len(data))
		for k, b := range data {
			// Values outside the palette are distinct numbers.
			if int(b) < len(palette) {
				items[k] = palette[b]
			} else {
				items[k] = float64(b) + 0.125
			}
		}
		i, j, found := Duplicate(items)
		ri, rj, rfound := duplicateRef(items)
		if i != ri || j != rj || found != rfound {
			t.Fatalf("Duplicate(%v) = %d, %d, %v; want %d, %d, %v", items, i, j, found, ri, rj, rfound)
		}
		for a := range items {
			for b := range items {
				if Equal(items[a], items[b]) != Equal(items[b], items[a]) {
					t.Fatalf("Equal not symmetric for %#v and %#v", items[a], items[b])
				}
			}
		}
	})
}
