package hostile

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/internal/dialecttest"
)

// TestOnePass: for calls drawn from each tool's schema, written and broken
// the ways models write and break JSON, DecodeTJSON returns what ParseArgs
// and DecodeT return.
func TestOnePass(t *testing.T) {
	opts := dialecttest.Options{Calls: 1500, Seed: 28}
	for _, c := range []struct {
		tool  string
		check func() map[string]int
	}{
		{"SaveTreeTool", func() map[string]int { return dialecttest.OnePass(t, &SaveTreeTool, opts) }},
		{"SetLabelsTool", func() map[string]int { return dialecttest.OnePass(t, &SetLabelsTool, opts) }},
		{"DeleteFilesTool", func() map[string]int { return dialecttest.OnePass(t, &DeleteFilesTool, opts) }},
		{"TransferTool", func() map[string]int { return dialecttest.OnePass(t, &TransferTool, opts) }},
	} {
		classes := c.check()
		t.Logf("%s: %v", c.tool, classes)
		assert.Positive(t, classes["valid"], c.tool)
		assert.Positive(t, classes["parse"], c.tool)
	}
}
