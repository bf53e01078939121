package toolimpl

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLocRendering: a location renders the same whether its steps are
// written from the root (up to 16 steps) or reversed from the end (any
// number): member names with ~ and /, long and multibyte names, indexes,
// chains short and deep, paths past maxPathLength.
func TestLocRendering(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	keys := []string{"", "a", "city", "a/b", "~0", "東京", strings.Repeat("k", 70), strings.Repeat("é", 80), strings.Repeat("x", 300)}
	for range 3000 {
		depth := r.IntN(40)
		locs := make([]Loc, depth)
		at := &Loc{}
		for i := range locs {
			if r.IntN(3) == 0 {
				locs[i] = at.Index(r.IntN(1000))
			} else {
				locs[i] = at.Key(keys[r.IntN(len(keys))])
			}
			at = &locs[i]
		}
		for _, asName := range []bool{false, true} {
			prefix := []byte("prefix")
			assert.Equal(t, string(at.appendReversed(prefix, asName)), string(at.appendTo(prefix, asName)), "depth %d", depth)
		}
	}
	tags := Loc{}
	at := tags.Key("tags")
	item := at.Index(1)
	var rep Report
	assert.Equal(t, [2]string{"/tags/1", "tags[1]"}, func() [2]string { p, n := rep.location(item); return [2]string{p, n} }())
}
