package main

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/output.txt")

// TestOutput: the command's output over the recorded streams, held to
// testdata/output.txt (go test ./examples/stream -update rewrites it).
func TestOutput(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out))
	if *update {
		require.NoError(t, os.WriteFile("testdata/output.txt", out.Bytes(), 0o644))
	}
	want, err := os.ReadFile("testdata/output.txt")
	require.NoError(t, err)
	assert.Equal(t, string(want), out.String())
}

// TestRejectedEarly: each bad call is rejected within the fragment that
// completes "append" (the first 43 bytes), its handler never runs, and a
// valid call runs once, after its end.
func TestRejectedEarly(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out))
	s := out.String()
	assert.Equal(t, 2, bytes.Count(out.Bytes(), []byte("rejected after 43 bytes")), s)
	assert.Equal(t, 1, bytes.Count(out.Bytes(), []byte("ran write_file")), s)
	assert.Contains(t, s, "finish_reason tool_calls after 2249 bytes")
}
