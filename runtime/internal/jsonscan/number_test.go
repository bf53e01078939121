package jsonscan

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// NumberValue parses a short literal as strconv.ParseFloat does, bit for
// bit, and leaves the others; it reads what Number reads.
func TestNumberValue(t *testing.T) {
	lits := []string{"0", "-0", "0.0", "-0.0", "1", "-1", "48.8566", "2.3522", "-181", "0.1", "0.3",
		"123456789012345", "-123456789012345", "1234567890123456", "12345678901234.5", "1234567890123.45",
		"0.00000000000001", "0.000000000000001", "1.5e3", "1E-2", "-2.5e+10", "1.0", "01", "-", "1.", "-a", "1e"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		digits := make([]byte, 1+r.IntN(18))
		for i := range digits {
			digits[i] = byte('0' + r.IntN(10))
		}
		if digits[0] == '0' {
			digits = digits[:1]
		}
		lit := string(digits)
		if p := r.IntN(len(digits) + 1); p > 0 && p < len(digits) {
			lit = lit[:p] + "." + lit[p:]
		}
		if r.IntN(2) == 0 {
			lit = "-" + lit
		}
		lits = append(lits, lit)
	}
	for _, lit := range lits {
		for _, doc := range []string{lit, lit + ",", lit + " ", lit + "}"} {
			var a, b Scanner
			a.Reset([]byte(doc))
			b.Reset([]byte(doc))
			want, wantOK := a.Number()
			got, ok := b.NumberValue()
			if ok != wantOK || got.Lit != want || a.pos != b.pos || (a.err == nil) != (b.err == nil) ||
				(a.err != nil && *a.err != *b.err) {
				t.Fatalf("%q: NumberValue %+v %v at %d, Number %q %v at %d", doc, got, ok, b.pos, want, wantOK, a.pos)
			}
			if !ok {
				continue
			}
			digits := strings.Count(want, "") - 1 - strings.Count(want, "-") - strings.Count(want, ".")
			short := len(doc) > len(want) && digits <= 15 && !strings.ContainsAny(want, "eE")
			if got.Short != short || got.Int != (short && !strings.Contains(want, ".")) {
				t.Fatalf("%q: %+v, want Short %v", doc, got, short)
			}
			f, _ := strconv.ParseFloat(want, 64)
			if short && math.Float64bits(got.F) != math.Float64bits(f) {
				t.Fatalf("%q: F %v, ParseFloat %v", doc, got.F, f)
			}
		}
	}
}

// plainEnd finds what a byte at a time finds.
func TestPlainEnd(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	special := []byte{'"', '\\', 0, 0x1f, 0x20, 0x7f, 0x80, 0x81, 0xa0, 0xff, 'a', '!', '#', '[', ']', 0x21, 0x5b, 0x5d}
	for range 200000 {
		data := make([]byte, r.IntN(40))
		for i := range data {
			if r.IntN(4) == 0 {
				data[i] = special[r.IntN(len(special))]
			} else {
				data[i] = byte(' ' + r.IntN(95))
			}
		}
		from := 0
		if len(data) > 0 {
			from = r.IntN(len(data) + 1)
		}
		want := from
		for want < len(data) && plain[data[want]] {
			want++
		}
		if got := plainEnd(data, from); got != want {
			t.Fatalf("plainEnd(%q, %d) = %d, want %d", data, from, got, want)
		}
	}
}
