package tool

import (
	"go/build"
	"slices"
	"strings"
	"testing"
)

// TestImports: the package of applications depends, however indirectly, on
// the standard library and, of toolgen's packages, only on its core (what a
// JSON value is, the texts of errors) and the runtime's internal packages:
// nothing of runtime/toolimpl, which generated code calls, and nothing of
// the generator.
func TestImports(t *testing.T) {
	const module = "github.com/toolgen-go/toolgen/"
	allowed := func(path string) bool {
		return path == "internal/value" || path == "internal/words" || strings.HasPrefix(path, "runtime/internal/")
	}
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var reached []string
	var walk func(imports []string, from string)
	walk = func(imports []string, from string) {
		for _, path := range imports {
			if seen[path] {
				continue
			}
			seen[path] = true
			p, err := build.Import(path, pkg.Dir, 0)
			if err != nil {
				t.Fatalf("%s, imported by %s: %v", path, from, err)
			}
			if p.Goroot {
				continue
			}
			own, ok := strings.CutPrefix(path, module)
			if !ok || !allowed(own) {
				t.Errorf("runtime/tool depends on %s (through %s)", path, from)
				continue
			}
			reached = append(reached, own)
			walk(p.Imports, own)
		}
	}
	walk(pkg.Imports, "runtime/tool")
	// The check ran over the packages the runtime does depend on.
	for _, want := range []string{"internal/value", "internal/words", "runtime/internal/jsonscan"} {
		if !slices.Contains(reached, want) {
			t.Errorf("runtime/tool no longer depends on %s: update this test", want)
		}
	}
}
