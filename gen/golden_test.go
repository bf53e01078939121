package gen_test

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/gen"
	"github.com/toolgen-go/toolgen/internal/testkit/differential"
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
		flag.Bool("update", false, "rewrite the golden files of TestGolden with the generated code")
	}
}

// goldenDir holds one package per case: its source, the generated file it
// must produce (tools_gen.go.golden) and run_test.go, which TestEndToEnd
// runs against the generated code.
const goldenDir = "testdata/golden"

const goldenFile = "tools_gen.go.golden"

// goldenTypes are the -type lists of the cases that use one; the other
// cases rely on //toolgen:tool directives.
var goldenTypes = map[string][]string{
	"typeflag": {"SearchParams", "deleteInput"},
}

// goldenCases lists the case directories of testdata/golden. Directories
// whose name starts with "_" hold shared test code, not cases.
func goldenCases(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(goldenDir)
	if err != nil {
		t.Fatal(err)
	}
	var cases []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), "_") {
			cases = append(cases, e.Name())
		}
	}
	if len(cases) == 0 {
		t.Fatalf("no cases in %s", goldenDir)
	}
	for name := range goldenTypes {
		if _, err := os.Stat(filepath.Join(goldenDir, name)); err != nil {
			t.Errorf("goldenTypes names %s, which is not a case: %v", name, err)
		}
	}
	return cases
}

// TestGolden generates the code of each case in place, as
// "toolgen [-type ...]" run in its directory would, and compares it with the
// case's golden file. Run with -update to accept new output.
func TestGolden(t *testing.T) {
	for _, name := range goldenCases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(goldenDir, name)
			files, err := gen.Generate(gen.Config{Dir: dir, Types: goldenTypes[name]})
			if err != nil {
				t.Fatalf("Generate: %v", err)
			}
			abs, err := filepath.Abs(filepath.Join(dir, gen.DefaultOutput))
			if err != nil {
				t.Fatal(err)
			}
			if len(files) != 1 || files[0].Path != abs {
				t.Fatalf("Generate returned %s, want the single file %s", filePaths(files), abs)
			}
			got := files[0].Content
			if !bytes.HasPrefix(got, []byte(gen.Header+"\n")) {
				t.Errorf("generated code does not start with %q", gen.Header)
			}
			if formatted, err := format.Source(got); err != nil {
				t.Errorf("generated code does not parse: %v", err)
			} else if !bytes.Equal(formatted, got) {
				t.Errorf("generated code is not gofmt'd (-gofmt +generated):\n%s", lineDiff("gofmt", "generated", string(formatted), string(got)))
			}
			golden := filepath.Join(dir, goldenFile)
			if updating() {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./gen -run TestGolden -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("generated code differs from %s; if the change is intended, run go test ./gen -run TestGolden -update\n%s",
					golden, lineDiff(golden, "generated", string(want), string(got)))
			}
		})
	}
}

func filePaths(files []gen.File) string {
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
		if f.Content == nil {
			paths[i] += " (removal)"
		}
	}
	return fmt.Sprintf("%q", paths)
}

// lineDiff returns a unified diff of a and b, by lines, with three lines of
// context.
func lineDiff(nameA, nameB, a, b string) string {
	x, y := splitLines(a), splitLines(b)
	// lcs[i][j] is the length of the longest common subsequence of x[i:]
	// and y[j:].
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type edit struct {
		op   byte // ' ', '-' or '+'
		line string
		i, j int // line numbers in a and b before this edit
	}
	var edits []edit
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			edits = append(edits, edit{' ', x[i], i, j})
			i, j = i+1, j+1
		case j < len(y) && (i == len(x) || lcs[i][j+1] >= lcs[i+1][j]):
			edits = append(edits, edit{'+', y[j], i, j})
			j++
		default:
			edits = append(edits, edit{'-', x[i], i, j})
			i++
		}
	}
	const context = 3
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", nameA, nameB)
	for k := 0; k < len(edits); {
		if edits[k].op == ' ' {
			k++
			continue
		}
		// A hunk runs from context lines before a change to context lines
		// after the last change that is at most 2*context lines further.
		start := max(0, k-context)
		end := k
		for end < len(edits) {
			if edits[end].op != ' ' {
				end++
				continue
			}
			next := end
			for next < len(edits) && edits[next].op == ' ' {
				next++
			}
			if next == len(edits) || next-end > 2*context {
				end = min(len(edits), end+context)
				break
			}
			end = next
		}
		na, nb := 0, 0
		for _, e := range edits[start:end] {
			if e.op != '+' {
				na++
			}
			if e.op != '-' {
				nb++
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", edits[start].i+1, na, edits[start].j+1, nb)
		for _, e := range edits[start:end] {
			fmt.Fprintf(&out, "%c%s\n", e.op, e.line)
		}
		k = end
	}
	return out.String()
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// TestGoldenSchemasStrictAjv compiles every JSON Schema the golden cases
// generate, canonical and per dialect (Gemini's OpenAPI parameters aside),
// with ajv in strict mode.
func TestGoldenSchemasStrictAjv(t *testing.T) {
	var schemas []differential.Named
	for _, name := range goldenCases(t) {
		tools, err := gen.Definitions(gen.Config{Dir: filepath.Join(goldenDir, name), Types: goldenTypes[name]})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, tt := range tools {
			schemas = append(schemas, differential.Named{Name: name + " " + tt.Name, Schema: tt.Schema.JSON})
			for _, f := range tt.Forms {
				if f.Form.Dialect != tool.Gemini && f.Parameters != nil {
					schemas = append(schemas, differential.Named{Name: name + " " + tt.Name + " " + f.Shape.Name, Schema: f.Parameters})
				}
			}
		}
	}
	if refused := differential.AjvRefuses(t, schemas); len(refused) > 0 {
		t.Errorf("ajv's strict mode refuses:\n%s", strings.Join(refused, "\n"))
	}
}
