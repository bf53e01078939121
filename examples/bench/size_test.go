package bench

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkSize measures the one pass over valid calls of 1 KiB, 64 KiB and
// 1 MiB, each grown along one axis: one long string (shape=string), many
// array items (shape=items), or many notes nested 100 deep (shape=nesting).
// It reports MB/s of arguments read: a pass linear in the input reads the
// same MB/s at every size.
//
//	go test ./examples/bench -run '^$' -bench Size -benchmem -count 6
func BenchmarkSize(b *testing.B) {
	for _, shape := range sizeShapes {
		for _, size := range []struct {
			name string
			n    int
		}{{"1KiB", 1 << 10}, {"64KiB", 64 << 10}, {"1MiB", 1 << 20}} {
			raw := shape.call(size.n)
			b.Run("shape="+shape.name+"/size="+size.name, func(b *testing.B) {
				if _, errs := DecodeStoreNotesArgsJSON(raw); errs != nil {
					b.Fatal(errs)
				}
				b.SetBytes(int64(len(raw)))
				b.ReportAllocs()
				for b.Loop() {
					sizeSink, _ = DecodeStoreNotesArgsJSON(raw)
				}
			})
		}
	}
}

var sizeSink StoreNotesArgs

// sizeShapes make a valid store_notes call of about n bytes, at least n.
var sizeShapes = []struct {
	name string
	call func(n int) []byte
}{
	{"string", func(n int) []byte {
		var b strings.Builder
		b.WriteString(`{"title": "A long text", "text": "`)
		words := []string{"The ", "quick ", "brown ", "fox ", "jumps ", "over ", "the ", "lazy ", "dog. "}
		for i := 0; b.Len() < n-2; i++ {
			b.WriteString(words[i%len(words)])
		}
		b.WriteString(`"}`)
		return []byte(b.String())
	}},
	{"items", func(n int) []byte {
		var b strings.Builder
		b.WriteString(`{"title": "Many entries", "entries": [`)
		for i := 0; b.Len() < n-2; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(`{"id": ` + strconv.Itoa(i) + `, "label": "entry_` + strconv.Itoa(i%1000) + `", "score": 0.` + strconv.Itoa(100+i%900) + `}`)
		}
		b.WriteString(`]}`)
		return []byte(b.String())
	}},
	{"nesting", func(n int) []byte {
		const depth = 100
		var b strings.Builder
		b.WriteString(`{"title": "Nested notes", "notes": [`)
		for i := 0; b.Len() < n-2; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			for d := 0; d < depth; d++ {
				b.WriteString(`{"text": "note ` + strconv.Itoa(d) + `", "notes": [`)
			}
			b.WriteString(`{"text": "leaf"}`)
			b.WriteString(strings.Repeat("]}", depth))
		}
		b.WriteString(`]}`)
		return []byte(b.String())
	}},
}

// TestSizeCalls checks that each of BenchmarkSize's calls is valid and
// decodes as encoding/json decodes it, at the smallest size.
func TestSizeCalls(t *testing.T) {
	for _, shape := range sizeShapes {
		raw := shape.call(1 << 10)
		require.GreaterOrEqual(t, len(raw), 1<<10, shape.name)
		got, errs := DecodeStoreNotesArgsJSON(raw)
		require.Nil(t, errs, shape.name)
		var want StoreNotesArgs
		require.NoError(t, json.Unmarshal(raw, &want), shape.name)
		require.Equal(t, want, got, shape.name)
	}
}
