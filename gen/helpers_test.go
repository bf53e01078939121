package gen_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
)

// writeFiles writes a module named p with the given files into dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module p\n\ngo 1.24\n"), 0o644))
	for name, content := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
	}
}

func strconvQuote(s string) string { return strconv.Quote(s) }

// noteStrings renders notes as the command prints them.
func noteStrings(notes []gen.Note) []string {
	var out []string
	for _, n := range notes {
		out = append(out, n.String())
	}
	return out
}
