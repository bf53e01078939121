package corpus

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/internal/dialecttest"
)

// TestOnePass: for calls drawn from each tool's schema, written and broken
// the ways models write and break JSON, DecodeTJSON returns what ParseArgs
// and DecodeT return.
func TestOnePass(t *testing.T) {
	opts := dialecttest.Options{Calls: 1500, Seed: 26}
	for _, c := range []struct {
		tool  string
		check func() map[string]int
	}{
		{"PricingTool", func() map[string]int { return dialecttest.OnePass(t, &PricingTool, opts) }},
		{"OrderTool", func() map[string]int { return dialecttest.OnePass(t, &OrderTool, opts) }},
		{"TreeTool", func() map[string]int { return dialecttest.OnePass(t, &TreeTool, opts) }},
		{"LabelTool", func() map[string]int { return dialecttest.OnePass(t, &LabelTool, opts) }},
		{"ContactTool", func() map[string]int { return dialecttest.OnePass(t, &ContactTool, opts) }},
		{"PingTool", func() map[string]int { return dialecttest.OnePass(t, &PingTool, opts) }},
		{"AuditTool", func() map[string]int { return dialecttest.OnePass(t, &AuditTool, opts) }},
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
			func(raw []byte) { dialecttest.CheckOnePass(t, PricingTool.Decoder, raw) },
			func(raw []byte) { dialecttest.CheckOnePass(t, OrderTool.Decoder, raw) },
			func(raw []byte) { dialecttest.CheckOnePass(t, TreeTool.Decoder, raw) },
			func(raw []byte) { dialecttest.CheckOnePass(t, LabelTool.Decoder, raw) },
			func(raw []byte) { dialecttest.CheckOnePass(t, ContactTool.Decoder, raw) },
			func(raw []byte) { dialecttest.CheckOnePass(t, PingTool.Decoder, raw) },
			func(raw []byte) { dialecttest.CheckOnePass(t, AuditTool.Decoder, raw) },
		}
		checks[int(data[0])%len(checks)](data[1:])
	})
}
