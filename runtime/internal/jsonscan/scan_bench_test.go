package jsonscan

import (
	"strconv"
	"strings"
	"testing"
)

// itemsDoc is an object of an array of n small objects, as a long call of
// many items has.
func itemsDoc(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"title": "Many entries", "entries": [`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`{"id": ` + strconv.Itoa(i) + `, "label": "entry_` + strconv.Itoa(i%1000) + `", "score": 0.` + strconv.Itoa(100+i%900) + `}`)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// BenchmarkSkip measures the scanner alone over a document of many items:
// the floor under a decode that reads it.
func BenchmarkSkip(b *testing.B) {
	doc := itemsDoc(1000)
	b.SetBytes(int64(len(doc)))
	var s Scanner
	for b.Loop() {
		s.Reset(doc)
		if s.Skip() != Object || !s.Finish() {
			b.Fatal(s.Err())
		}
	}
}
