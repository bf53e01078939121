package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClientCommand runs toolgen client: the file it writes, its notes,
// -check, and the usage errors.
func TestClientCommand(t *testing.T) {
	t.Parallel()
	dir := newModule(t, map[string]string{
		"c/tools.json": `{"tools": [{"name": "get-sum", "inputSchema": {"type": "object", "properties": {"a": {"type": "number"}, "any": {}}, "required": ["a"]},
			"outputSchema": {"type": "object", "properties": {"sum": {"type": "number"}}}}]}`,
	})
	cdir := filepath.Join(dir, "c")
	note := `tools.json: note: tool "get-sum": inputSchema/properties/any: a value of no type: json.RawMessage, checked by the validator` + "\n"
	stdout, stderr, code := toolgen(t, cdir, "client", "-from", "tools.json", "-o", "client_gen.go")
	if code != 0 || stdout != "" || stderr != note {
		t.Fatalf("toolgen client: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and the note:\n%s", code, stdout, stderr, note)
	}
	src := read(t, filepath.Join(cdir, "client_gen.go"))
	for _, want := range []string{"package c\n", "type GetSumArgs struct", "func (c *Client) GetSum(ctx context.Context, args GetSumArgs) (GetSumResult, error)"} {
		if !strings.Contains(src, want) {
			t.Errorf("client_gen.go does not hold %q:\n%s", want, src)
		}
	}
	if _, stderr, code := toolgen(t, cdir, "client", "-check", "-from", "tools.json", "-o", "client_gen.go"); code != 0 {
		t.Errorf("toolgen client -check on a current file: exit %d, stderr:\n%s", code, stderr)
	}
	if err := os.WriteFile(filepath.Join(cdir, "tools.json"), []byte(`[{"name": "get-sum", "inputSchema": {"type": "object"}}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = toolgen(t, cdir, "client", "-check", "-from", "tools.json", "-o", "client_gen.go")
	if code != 1 || !strings.Contains(stderr, "client_gen.go: out of date") {
		t.Errorf("toolgen client -check after the tools changed: exit %d, stderr:\n%s\nwant exit 1, out of date", code, stderr)
	}
	if read(t, filepath.Join(cdir, "client_gen.go")) != src {
		t.Error("toolgen client -check wrote the file")
	}
	for _, args := range [][]string{{"-o", "x.go"}, {"-from", "tools.json"}, {"-from", "tools.json", "-from-url", "http://localhost", "-o", "x.go"}, {"-from", "tools.json", "-o", "x.go", "extra"}} {
		stdout, stderr, code := toolgen(t, cdir, append([]string{"client"}, args...)...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, "Usage of toolgen client:") {
			t.Errorf("toolgen client %s: exit %d, stdout %q, stderr:\n%s\nwant exit 2 and the usage", strings.Join(args, " "), code, stdout, stderr)
		}
	}
	_, stderr, code = toolgen(t, cdir, "client", "-from-command", "sh -c exit", "-o", "x.go")
	if code != 1 || !strings.Contains(stderr, "server sh -c exit: initialize: ") {
		t.Errorf("toolgen client -from-command of no server: exit %d, stderr:\n%s\nwant exit 1 naming the server", code, stderr)
	}
}
