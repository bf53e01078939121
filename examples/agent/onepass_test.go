package agent

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/internal/dialecttest"
)

// TestOnePass: for calls drawn from each tool's schema, written and broken
// the ways models write and break JSON, DecodeTJSON returns what ParseArgs
// and DecodeT return.
func TestOnePass(t *testing.T) {
	opts := dialecttest.Options{Calls: 1500, Seed: 21}
	for _, c := range []struct {
		tool  string
		check func() map[string]int
	}{
		{"ReadFileTool", func() map[string]int { return dialecttest.OnePass(t, &ReadFileTool, opts) }},
		{"SearchDocsTool", func() map[string]int { return dialecttest.OnePass(t, &SearchDocsTool, opts) }},
		{"CreateEventTool", func() map[string]int { return dialecttest.OnePass(t, &CreateEventTool, opts) }},
		{"SQLQueryTool", func() map[string]int { return dialecttest.OnePass(t, &SQLQueryTool, opts) }},
		{"RunCommandTool", func() map[string]int { return dialecttest.OnePass(t, &RunCommandTool, opts) }},
		{"HTTPRequestTool", func() map[string]int { return dialecttest.OnePass(t, &HTTPRequestTool, opts) }},
		{"ListIssuesTool", func() map[string]int { return dialecttest.OnePass(t, &ListIssuesTool, opts) }},
	} {
		classes := c.check()
		t.Logf("%s: %v", c.tool, classes)
		assert.Positive(t, classes["valid"], c.tool)
		assert.Positive(t, classes["parse"], c.tool)
	}
}
