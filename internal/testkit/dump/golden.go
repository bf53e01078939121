package dump

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// updating reports the -update flag, which the test binary may have from
// another package of golden files too.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files, the behaviour dump among them")
	}
}

// Check renders the behaviour of tools and of what r holds (see Render) and
// compares it with the file path; go test -update rewrites the file.
func (r *Recorder) Check(t *testing.T, tools tool.Tools, path string) {
	t.Helper()
	got, err := r.Render(tools)
	if err != nil {
		t.Fatal(err)
	}
	Golden(t, path, got)
}

// Golden compares got with the file path, and fails with the place of the
// first difference and the lines around it; with -update it rewrites the
// file instead.
func Golden(t *testing.T, path, got string) {
	t.Helper()
	if updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v: run go test -update to write it", err)
	}
	if string(want) != got {
		t.Errorf("the behaviour differs from %s: %s\nIf the change of behaviour is meant to be, rewrite the file with go test -update and review its diff.",
			path, Diff(string(want), got))
	}
}

// Diff describes how got differs from want: the lines of each between the
// lines they have in common at the start and at the end (at most 20 of
// each), with three lines of context, and, in the first line that differs,
// the column and the text around it.
func Diff(want, got string) string {
	a, b := strings.Split(want, "\n"), strings.Split(got, "\n")
	start := 0
	for start < len(a) && start < len(b) && a[start] == b[start] {
		start++
	}
	endA, endB := len(a), len(b)
	for endA > start && endB > start && a[endA-1] == b[endB-1] {
		endA--
		endB--
	}
	var out strings.Builder
	fmt.Fprintf(&out, "lines %d-%d of the file are lines %d-%d now (of %d and %d lines)\n", start+1, endA, start+1, endB, len(a), len(b))
	if start < endA && start < endB {
		x, y := a[start], b[start]
		col := 0
		for col < len(x) && col < len(y) && x[col] == y[col] {
			col++
		}
		from := max(col-60, 0)
		fmt.Fprintf(&out, "line %d differs at byte %d:\n  file: …%s…\n  now:  …%s…\n", start+1, col+1, excerpt(x, from), excerpt(y, from))
	}
	for i := max(start-3, 0); i < start; i++ {
		fmt.Fprintf(&out, "  %s\n", short(a[i]))
	}
	for i := start; i < endA && i < start+20; i++ {
		fmt.Fprintf(&out, "- %s\n", short(a[i]))
	}
	if endA-start > 20 {
		fmt.Fprintf(&out, "- … and %d more lines\n", endA-start-20)
	}
	for i := start; i < endB && i < start+20; i++ {
		fmt.Fprintf(&out, "+ %s\n", short(b[i]))
	}
	if endB-start > 20 {
		fmt.Fprintf(&out, "+ … and %d more lines\n", endB-start-20)
	}
	for i := endA; i < len(a) && i < endA+3; i++ {
		fmt.Fprintf(&out, "  %s\n", short(a[i]))
	}
	return out.String()
}

func excerpt(s string, from int) string {
	to := min(from+160, len(s))
	if from > len(s) {
		return ""
	}
	return s[from:to]
}

func short(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}
