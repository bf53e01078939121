package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/internal/dialecttest"
)

// TestOnePass: for calls drawn from each tool's schema, written and broken
// the ways models write and break JSON, DecodeTJSON returns what ParseArgs
// and DecodeT return.
func TestOnePass(t *testing.T) {
	opts := dialecttest.Options{Calls: 1500, Seed: 23}
	for _, c := range []struct {
		tool  string
		check func() map[string]int
	}{
		{"GetBatteryTool", func() map[string]int { return dialecttest.OnePass(t, &GetBatteryTool, opts) }},
		{"MoveToTool", func() map[string]int { return dialecttest.OnePass(t, &MoveToTool, opts) }},
		{"OpenDoorTool", func() map[string]int { return dialecttest.OnePass(t, &OpenDoorTool, opts) }},
	} {
		classes := c.check()
		t.Logf("%s: %v", c.tool, classes)
		assert.Positive(t, classes["valid"], c.tool)
		assert.Positive(t, classes["parse"], c.tool)
	}
}
