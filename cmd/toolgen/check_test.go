package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// refundTool is a tool with a result type; refundTool2 adds a required
// member, edits a member's description and drops a member of the result.
const (
	refundTool = `package shop

// RefundArgs refunds an order.
//
//toolgen:tool risk=dangerous result=Refund
type RefundArgs struct {
	// The order to refund.
	OrderID string ` + "`json:\"order_id\"`" + `
}

// Refund is what a refund did.
type Refund struct {
	ID     string ` + "`json:\"id\"`" + `
	Amount int    ` + "`json:\"amount\"`" + `
}
`
	refundTool2 = `package shop

// RefundArgs refunds an order.
//
//toolgen:tool risk=dangerous result=Refund
type RefundArgs struct {
	// The order to refund, as ORD-123.
	OrderID string ` + "`json:\"order_id\"`" + `
	// Cents to refund.
	Cents int ` + "`json:\"cents\"`" + `
}

// Refund is what a refund did.
type Refund struct {
	ID string ` + "`json:\"id\"`" + `
}
`
)

// snapshot is the content and modification time of every file of a module.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for name, mtime := range files(t, dir) {
		out[name] = mtime.String() + "\n" + read(t, filepath.Join(dir, name))
	}
	return out
}

func sameSnapshot(t *testing.T, what string, before, after map[string]string) {
	t.Helper()
	if len(before) != len(after) {
		t.Errorf("%s: files %d, then %d", what, len(before), len(after))
	}
	for name, b := range before {
		if after[name] != b {
			t.Errorf("%s: %s was written", what, name)
		}
	}
}

// TestCheck is toolgen -check from the user's side: current files exit 0
// with nothing printed; after a required member is added and a
// description edited, it exits 1, names the file and each change,
// breaking and compatible, at the tool's type, and writes nothing; a plain
// run then prints the same changes as notes and writes; -check exits 0
// again. A tool gone is a breaking change at the generated file.
func TestCheck(t *testing.T) {
	t.Parallel()
	dir := newModule(t, map[string]string{"shop/tools.go": refundTool, "other/tools.go": weatherTool})
	stdout, stderr, code := toolgen(t, dir, "./...")
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("toolgen ./...: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and nothing printed (new files are not changes)", code, stdout, stderr)
	}
	before := snapshot(t, dir)
	stdout, stderr, code = toolgen(t, dir, "-check", "./...")
	if code != 0 || stdout != "" || stderr != "" {
		t.Errorf("toolgen -check on current files: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and nothing printed", code, stdout, stderr)
	}
	sameSnapshot(t, "toolgen -check on current files", before, snapshot(t, dir))

	write(t, filepath.Join(dir, "shop", "tools.go"), refundTool2)
	before = snapshot(t, dir)
	stdout, stderr, code = toolgen(t, dir, "-check", "./...")
	changes := `shop/tools.go:6:6: breaking: tool refund: arguments: cents: member added as required: a client that does not send it is refused
shop/tools.go:6:6: compatible: tool refund: arguments: order_id: description changed
shop/tools.go:14:6: breaking: tool refund: result: amount: member removed: a client reading it no longer gets it
`
	want := "shop/tools_gen.go: out of date: 2 breaking changes, 1 compatible change; regenerate it\n" + changes
	if code != 1 || stdout != "" || stderr != want {
		t.Errorf("toolgen -check after the change: exit %d, stdout %q, stderr:\n%s\nwant exit 1, stderr:\n%s", code, stdout, stderr, want)
	}
	sameSnapshot(t, "toolgen -check on a stale file", before, snapshot(t, dir))

	stdout, stderr, code = toolgen(t, dir, "./...")
	notes := strings.ReplaceAll(changes, ": breaking: ", ": note: breaking: ")
	notes = strings.ReplaceAll(notes, ": compatible: ", ": note: compatible: ")
	if code != 0 || stdout != "" || stderr != notes {
		t.Errorf("toolgen ./... after the change: exit %d, stdout %q, stderr:\n%s\nwant exit 0, the changes as notes:\n%s", code, stdout, stderr, notes)
	}
	if src := read(t, filepath.Join(dir, "shop", "tools_gen.go")); !strings.Contains(src, `"cents"`) {
		t.Error("the plain run did not write the new schema")
	}
	stdout, stderr, code = toolgen(t, dir, "-check", "./...")
	if code != 0 || stdout != "" || stderr != "" {
		t.Errorf("toolgen -check after regenerating: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and nothing printed", code, stdout, stderr)
	}

	// The package's last tool gone: its file is to be removed.
	write(t, filepath.Join(dir, "other", "tools.go"), "package weather\n")
	before = snapshot(t, dir)
	stdout, stderr, code = toolgen(t, dir, "-check", "./...")
	want = `other/tools_gen.go: out of date: its package defines no tool or output now, so it is to be removed; regenerate it
other/tools_gen.go: breaking: tool get_weather removed
`
	if code != 1 || stdout != "" || stderr != want {
		t.Errorf("toolgen -check with a tool gone: exit %d, stdout %q, stderr:\n%s\nwant exit 1, stderr:\n%s", code, stdout, stderr, want)
	}
	sameSnapshot(t, "toolgen -check with a tool gone", before, snapshot(t, dir))
}

// TestCheckSchemaFile: toolgen schema -check cannot read a schema out of a
// validator, so a change is one for review.
func TestCheckSchemaFile(t *testing.T) {
	t.Parallel()
	dir := newModule(t, map[string]string{
		"s/p.go":     "package s\n",
		"s/one.json": `{"type": "object", "properties": {"a": {"type": "string"}}}`,
	})
	sdir := filepath.Join(dir, "s")
	if _, stderr, code := toolgen(t, sdir, "schema", "one.json"); code != 0 {
		t.Fatalf("toolgen schema: exit %d: %s", code, stderr)
	}
	if stdout, stderr, code := toolgen(t, sdir, "schema", "-check", "one.json"); code != 0 || stdout != "" || stderr != "" {
		t.Errorf("toolgen schema -check on a current file: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and nothing printed", code, stdout, stderr)
	}
	write(t, filepath.Join(sdir, "one.json"), `{"type": "object", "properties": {"a": {"type": "integer"}}}`)
	before := snapshot(t, dir)
	stdout, stderr, code := toolgen(t, sdir, "schema", "-check", "one.json")
	want := "one_gen.go: out of date: 1 breaking change; regenerate it\n" +
		"one_gen.go: breaking: changed (review): the file defines no tool or output, so toolgen cannot tell what its change does\n"
	if code != 1 || stdout != "" || stderr != want {
		t.Errorf("toolgen schema -check on a stale file: exit %d, stdout %q, stderr:\n%s\nwant exit 1, stderr:\n%s", code, stdout, stderr, want)
	}
	sameSnapshot(t, "toolgen schema -check", before, snapshot(t, dir))
}

// TestCheckExamples: the repository's examples are current.
func TestCheckExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every example")
	}
	t.Parallel()
	cmd := exec.Command(toolgenBin, "-check", "./examples/...")
	cmd.Dir = filepath.Join("..", "..")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Errorf("toolgen -check ./examples/...: %v\n%s", err, out.String())
	}
	if out.Len() > 0 {
		t.Errorf("toolgen -check ./examples/... printed:\n%s", out.String())
	}
}
