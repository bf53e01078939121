package refservers

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
)

// newModule returns the directory of a new module, example.com/refclients,
// that requires what the examples module requires (the MCP Go SDK among
// them) with its go.sum, this repository's modules replaced by their
// directories.
func newModule(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	require.NoError(t, err)
	mod, err := os.ReadFile(filepath.Join(root, "examples", "go.mod"))
	require.NoError(t, err)
	sum, err := os.ReadFile(filepath.Join(root, "examples", "go.sum"))
	require.NoError(t, err)
	text := strings.Replace(string(mod), "module github.com/toolgen-go/toolgen/examples\n", "module example.com/refclients\n", 1)
	text = strings.ReplaceAll(text, "=> ..", "=> "+root) // "=> ..", "=> ../runtime/mcptool"
	require.Contains(t, text, "module example.com/refclients\n")
	require.Contains(t, text, "github.com/toolgen-go/toolgen/runtime/mcptool => "+filepath.Join(root, "runtime", "mcptool"))
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(text), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))
	return dir
}

// generate writes the client of tools, a tools/list result, as the package
// pkg of the module dir, and returns its notes.
func generate(t *testing.T, dir, pkg string, tools []byte, source string) []string {
	t.Helper()
	out := filepath.Join(dir, pkg, "client_gen.go")
	require.NoError(t, os.MkdirAll(filepath.Dir(out), 0o755))
	files, err := gen.GenerateClient(gen.Client{Tools: tools, Source: source, Output: out, Package: pkg})
	require.NoError(t, err, "%s", source)
	require.Len(t, files, 1)
	require.NoError(t, os.WriteFile(out, files[0].Content, 0o644))
	var notes []string
	for _, n := range files[0].Notes {
		notes = append(notes, n.String())
	}
	return notes
}

// goCmd runs the go command in the module dir, outside this repository's
// workspace, and fails the test with its output when it fails.
func goCmd(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOWORK=off", "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod")), env...)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go %s:\n%s", strings.Join(args, " "), out)
	return string(out)
}
