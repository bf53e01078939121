package gen_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// maxLines is the most lines a production file of the generator holds: a
// larger one is cut by what it writes (emit) or by rule family (plan).
const maxLines = 600

// oversized lists the non-test Go files under root, outside testdata, of
// more than max lines, each with its count.
func oversized(root string, max int) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n := bytes.Count(data, []byte("\n"))
		if len(data) > 0 && data[len(data)-1] != '\n' {
			n++
		}
		if n > max {
			out = append(out, fmt.Sprintf("%s: %d lines", filepath.ToSlash(path), n))
		}
		return nil
	})
	return out, err
}

// TestFileSizes checks that no production file under gen/ is over
// maxLines lines.
func TestFileSizes(t *testing.T) {
	over, err := oversized(".", maxLines)
	require.NoError(t, err)
	for _, f := range over {
		t.Errorf("%s, over %d: split it by what it does, into files named for what they hold", f, maxLines)
	}
}

// TestOversizedNamesTheFile checks that the size check finds a file over
// the limit, names it with its count, and leaves tests and testdata alone.
func TestOversizedNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, lines int) {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(strings.Repeat("//\n", lines)), 0o644))
	}
	write("ok.go", 10)
	write("at.go", 10)
	write("internal/big.go", 11)
	write("big_test.go", 50)
	write("testdata/big.go", 50)
	write("notes.txt", 50)
	over, err := oversized(dir, 10)
	require.NoError(t, err)
	require.Equal(t, []string{filepath.ToSlash(filepath.Join(dir, "internal/big.go")) + ": 11 lines"}, over)
}
