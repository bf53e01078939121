package jsonscan

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// TestAppendQuoteShort: a string of at most MaxShown characters is quoted
// as strconv.Quote quotes it, whichever way AppendQuoteShort takes (the
// copy of printable ASCII, or strconv), every byte at every place; a longer
// one is cut after MaxShown characters.
func TestAppendQuoteShort(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var lits []string
	for c := range 256 {
		for _, at := range []int{0, 1, MaxShown - 1} {
			b := []byte(strings.Repeat("a", MaxShown))
			b[at] = byte(c)
			lits = append(lits, string(b[:at+1]), string(b))
		}
	}
	alphabet := []string{"a", "Z", " ", "~", "\"", "\\", "\x7f", "\x00", "\n", "é", "€", "\xff", "😀"}
	for range 5000 {
		var b strings.Builder
		for range r.IntN(MaxShown + 8) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		lits = append(lits, b.String())
	}
	for _, s := range lits {
		got := string(AppendQuoteShort([]byte("x"), s))
		if utf8.RuneCountInString(s) <= MaxShown {
			assert.Equal(t, "x"+strconv.Quote(s), got, "%q", s)
			continue
		}
		assert.True(t, strings.HasSuffix(got, " characters)"), "%q: %s", s, got)
		assert.True(t, strings.HasPrefix(got, "x\""), "%q: %s", s, got)
	}
}
