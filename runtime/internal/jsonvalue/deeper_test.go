package jsonvalue

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
)

type inner struct {
	V any `json:"v"`
}

type withEmbedded struct {
	inner        // written in this object
	Named  inner `json:"named"`
	hidden any   // not written
	Skip   any   `json:"-"`
}

type withPointer struct {
	*inner
	P *inner
}

// randomGo builds a Go value of the kinds encoding/json walks: maps and
// slices, typed or not, arrays, structs (embedded, tagged, with fields
// encoding/json skips holding values nested deep), pointers, nil ones.
func randomGo(rng *rand.Rand, depth int) any {
	deep := func() any { // what encoding/json never writes
		var v any = 1
		for range 50 {
			v = []any{v}
		}
		return v
	}
	if depth == 0 {
		return []any{nil, 1.5, "s", true, []byte("b"), []int(nil), map[string]any(nil), (*inner)(nil), json.Number("12")}[rng.IntN(9)]
	}
	sub := func() any { return randomGo(rng, depth-1-rng.IntN(2)*rng.IntN(depth)) }
	switch rng.IntN(10) {
	case 0:
		return map[string]any{"a": sub(), "b": sub()}
	case 1:
		return []any{sub(), sub()}
	case 2:
		return map[string][]any{"a": {sub()}}
	case 3:
		return [2]any{sub(), 1}
	case 4:
		return inner{sub()}
	case 5:
		return &inner{sub()}
	case 6:
		return withEmbedded{inner: inner{sub()}, Named: inner{sub()}, hidden: deep(), Skip: deep()}
	case 7:
		return withPointer{inner: &inner{sub()}, P: &inner{sub()}}
	case 8:
		v := sub()
		return &v
	}
	return map[int]any{1: sub()}
}

// jsonDepth is how deep JSON text nests arrays and objects.
func jsonDepth(b []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

// TestNestingMatchesEncodingJSON: over random Go values, NestsDeeper tells
// exactly whether the JSON encoding/json writes nests deeper than the
// limit, and the JSON of a value it passes without anything opaque is JSON
// the runtime's strict scanner reads.
func TestNestingMatchesEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 12))
	for range 20000 {
		v := randomGo(rng, rng.IntN(9))
		b, err := json.Marshal(v)
		require.NoError(t, err)
		depth := jsonDepth(b)
		for limit := range 10 {
			deeper, opaque := Nesting(v, limit)
			require.False(t, opaque)
			require.Equal(t, depth > limit, deeper, "limit %d, %s", limit, b)
		}
		var s jsonscan.Scanner
		s.Reset(b)
		s.Skip()
		require.True(t, s.Finish(), "%s", b)
	}
}

type pointsToItself struct{ Next *pointsToItself }

type embedsItself struct {
	*embedsItself
	X int
}

type writes struct{}

func (writes) MarshalJSON() ([]byte, error) {
	return []byte(strings.Repeat("[", 100) + strings.Repeat("]", 100)), nil
}

// Values that contain themselves are deeper than any limit, however they
// loop; a value that writes itself ends the walk, and is opaque.
func TestNestingCycles(t *testing.T) {
	m := map[string]any{}
	m["m"] = m
	l := []any{nil}
	l[0] = l
	p := &pointsToItself{}
	p.Next = p
	var self any
	self = &self
	hidden := struct{ h any }{}
	hidden.h = &hidden
	e := &embedsItself{}
	e.embedsItself = e
	for _, v := range []any{m, l, p, &self, map[string]any{"x": []any{m}}, e} {
		assert.True(t, NestsDeeper(v, 512))
		assert.True(t, ReachesDeeper(v, 512))
	}
	assert.False(t, NestsDeeper(hidden, 512), "encoding/json writes no unexported field")
	assert.True(t, ReachesDeeper(hidden, 512), "a printer may")
	deeper, opaque := Nesting(map[string]any{"w": writes{}}, 3)
	assert.False(t, deeper)
	assert.True(t, opaque)
	_, opaque = Nesting(json.RawMessage(`[]`), 3)
	assert.True(t, opaque)
}
