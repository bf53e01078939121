package decodetest

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/internal/dialecttest"
)

// TestOnePass: for calls drawn from each tool's schema, written and broken
// the ways models write and break JSON, DecodeTJSON returns what ParseArgs
// and DecodeT return.
func TestOnePass(t *testing.T) {
	opts := dialecttest.Options{Calls: 1500, Seed: 27}
	for _, c := range []struct {
		tool  string
		check func() map[string]int
	}{
		{"ScalarsTool", func() map[string]int { return dialecttest.OnePass(t, &ScalarsTool, opts) }},
		{"ShapesTool", func() map[string]int { return dialecttest.OnePass(t, &ShapesTool, opts) }},
		{"NodeTool", func() map[string]int { return dialecttest.OnePass(t, &NodeTool, opts) }},
		{"MethodsTool", func() map[string]int { return dialecttest.OnePass(t, &MethodsTool, opts) }},
		{"emptyTool", func() map[string]int { return dialecttest.OnePass(t, &emptyTool, opts) }},
		{"NumbersTool", func() map[string]int { return dialecttest.OnePass(t, &NumbersTool, opts) }},
		{"BoundsTool", func() map[string]int { return dialecttest.OnePass(t, &BoundsTool, opts) }},
		{"SpelledTool", func() map[string]int { return dialecttest.OnePass(t, &SpelledTool, opts) }},
	} {
		classes := c.check()
		t.Logf("%s: %v", c.tool, classes)
		assert.Positive(t, classes["valid"], c.tool)
		assert.Positive(t, classes["parse"], c.tool)
	}
}

// FuzzOnePass: on arbitrary bytes, DecodeTJSON returns what ParseArgs and
// DecodeT return, for each tool of the package (the first byte picks it).
func FuzzOnePass(f *testing.F) {
	for i, seed := range []string{`{}`, `{"a":1}`, `{"a":`, `[]`, `{"x":[{"y":null}],"z":"\u00e9"}`} {
		f.Add(append([]byte{byte(i)}, seed...))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		checks := []func([]byte){
			func(raw []byte) { dialecttest.CheckOnePass(t, ScalarsTool.Decoder, raw) },
			func(raw []byte) { dialecttest.CheckOnePass(t, ShapesTool.Decoder, raw) },
			func(raw []byte) { dialecttest.CheckOnePass(t, NodeTool.Decoder, raw) },
			func(raw []byte) { dialecttest.CheckOnePass(t, MethodsTool.Decoder, raw) },
			func(raw []byte) { dialecttest.CheckOnePass(t, emptyTool.Decoder, raw) },
			func(raw []byte) { dialecttest.CheckOnePass(t, NumbersTool.Decoder, raw) },
			func(raw []byte) { dialecttest.CheckOnePass(t, BoundsTool.Decoder, raw) },
			func(raw []byte) { dialecttest.CheckOnePass(t, SpelledTool.Decoder, raw) },
		}
		checks[int(data[0])%len(checks)](data[1:])
	})
}
