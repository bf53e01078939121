package gen_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"
)

const module = "github.com/toolgen-go/toolgen/"

// stages are the packages of the generator, lowest first: each may import
// only those before it, and besides the standard library only what its
// package doc names (nil: anything). A package of gen/internal missing here
// fails the test, so that a new stage is placed, not just added.
var stages = []struct {
	path  string
	other []string
}{
	{"gen/internal/compat", []string{"runtime/toolimpl/value"}},
	{"gen/internal/jsonschema", []string{"internal/ecma", "runtime/toolimpl/value"}},
	{"gen/internal/ir", []string{"runtime/tool", "runtime/toolimpl/forms"}},
	{"gen/internal/load", []string{"golang.org/x/tools/go/packages"}},
	{"gen/internal/goschema", []string{"github.com/invopop/jsonschema", "internal/ecma", "runtime/toolimpl/value"}},
	{"gen/internal/dialect", []string{"internal/ecma", "runtime/tool", "runtime/toolimpl/forms", "runtime/toolimpl/words"}},
	{"gen/internal/plan", []string{"runtime/toolimpl/words"}},
	{"gen/internal/emit", []string{"github.com/dave/jennifer/jen", "internal/ecma", "runtime/tool", "runtime/toolimpl/format", "runtime/toolimpl/value"}},
	{"gen", nil},
}

// TestLayering checks that the imports of the generator's stages point
// down: no stage imports one above it, and none imports what its package
// doc does not allow.
func TestLayering(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedImports}, module+"gen/...")
	require.NoError(t, err)
	rank := map[string]int{}
	for i, s := range stages {
		rank[module+s.path] = i
	}
	checked := 0
	for _, p := range pkgs {
		i, isStage := rank[p.PkgPath]
		if !isStage {
			if strings.HasPrefix(p.PkgPath, module+"gen/internal/") {
				t.Errorf("%s is not a stage of gen/layering_test.go: place it in the order of the stages", p.PkgPath)
			}
			continue
		}
		checked++
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			if j, ok := rank[path]; ok {
				if j >= i {
					t.Errorf("%s imports %s, a stage above it", p.PkgPath, path)
				}
				continue
			}
			allowed := stages[i].other
			if allowed == nil || standard(path) {
				continue
			}
			if !slices.Contains(allowed, strings.TrimPrefix(path, module)) {
				t.Errorf("%s imports %s, which its package doc does not allow", p.PkgPath, path)
			}
		}
	}
	require.Equal(t, len(stages), checked, "every stage loaded")
}

// standard reports whether path is a package of the standard library:
// its first element has no dot.
func standard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
