package gen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
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
	{"gen/internal/compat", []string{"internal/value"}},
	{"gen/internal/jsonschema", []string{"internal/ecma", "internal/value"}},
	{"gen/internal/ir", []string{"internal/forms"}},
	{"gen/internal/gotype", []string{}},
	{"gen/internal/load", []string{"golang.org/x/tools/go/packages", "internal/forms"}},
	{"gen/internal/goschema", []string{"github.com/invopop/jsonschema", "internal/ecma", "internal/value"}},
	{"gen/internal/dialect", []string{"internal/ecma", "internal/forms", "internal/words", "runtime/tool"}},
	{"gen/internal/plan", []string{"internal/words"}},
	{"gen/internal/emit", []string{"github.com/dave/jennifer/jen", "internal/ecma", "internal/format", "internal/value", "runtime/tool"}},
	{"gen/internal/client", []string{"github.com/dave/jennifer/jen"}},
	{"gen", nil},
}

// apart are the stages a stage must not import although they are below it:
// the emitter reads the Go-type facts of gotype and the schemas the
// facade compiled, not the loader or the schema builder.
var apart = map[string][]string{
	"gen/internal/emit": {"gen/internal/load", "gen/internal/goschema"},
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
				if slices.Contains(apart[stages[i].path], strings.TrimPrefix(path, module)) {
					t.Errorf("%s imports %s, which it must read through what the stages below hand it", p.PkgPath, path)
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

// reread are the functions of gen/internal/jsonschema that read schema
// JSON text: the generator's facade reads each schema once (ir.Schema), and
// the stages read what it hands them.
var reread = []string{"ParseJSON", "Compile"}

// TestSchemasReadOnce checks that no stage but gen/internal/jsonschema, which
// owns them, and the facade names a function that reads schema JSON text.
func TestSchemasReadOnce(t *testing.T) {
	const jsonschemaPath = module + "gen/internal/jsonschema"
	checked := 0
	for _, s := range stages {
		if s.path == "gen" || s.path == "gen/internal/jsonschema" {
			continue
		}
		files, err := filepath.Glob(filepath.Join(strings.TrimPrefix(s.path, "gen/"), "*.go"))
		require.NoError(t, err)
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
			require.NoError(t, err)
			checked++
			local := ""
			for _, imp := range f.Imports {
				if imp.Path.Value == strconv.Quote(jsonschemaPath) {
					local = "jsonschema"
					if imp.Name != nil {
						local = imp.Name.Name
					}
				}
			}
			if local == "" {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == local && slices.Contains(reread, sel.Sel.Name) {
					t.Errorf("%s names jsonschema.%s: a stage reads the schema the facade read (ir.Schema: its Value, its compiled Doc), not its JSON", name, sel.Sel.Name)
				}
				return true
			})
		}
	}
	require.NotZero(t, checked, "the stages' files found")
}

// standard reports whether path is a package of the standard library:
// its first element has no dot.
func standard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// core is toolgen's core: what a JSON value is, the texts of errors, the
// table of forms, the format checkers and the ECMA-262 patterns, which the
// runtime and the generator both import (see docs/contributing.md's
// Layout).
var core = []string{"internal/ecma", "internal/format", "internal/forms", "internal/value", "internal/words"}

// audiences are toolgen's packages by who uses them: the core; runtime/tool,
// which applications call; runtime/toolimpl, which generated code calls
// (code in users' modules, which cannot import internal packages: its
// packages are the names of the core's functions it calls); and the
// generator. Each may import, of toolgen's own packages, only those of may
// (a path, or a tree: "runtime/internal/"), and depends, however
// indirectly, on none of never: runtime/tool (and the generator) not on
// what generated code calls, nothing on the generator.
var audiences = []struct {
	packages   []string
	may, never []string
}{
	{[]string{"internal/ecma", "internal/value", "internal/words"}, nil, []string{"runtime/", "gen/"}},
	{[]string{"internal/format"}, []string{"internal/ecma"}, []string{"runtime/", "gen/"}},
	// The rows of the table of forms name the fields of tool.Dialects.
	{[]string{"internal/forms"}, []string{"runtime/tool"}, []string{"runtime/toolimpl/", "gen/"}},
	{[]string{"runtime/tool"}, append([]string{"runtime/internal/"}, core...), []string{"runtime/toolimpl/", "gen/"}},
	{[]string{"runtime/toolimpl/"}, append([]string{"runtime/tool", "runtime/toolimpl/", "runtime/internal/"}, core...), []string{"gen/"}},
	// The generator writes code against runtime/tool's names (its
	// Dialect constants, error codes and fields): it imports them, so that
	// a renamed one breaks its build, not generated code.
	{[]string{"gen/"}, append([]string{"gen/", "runtime/tool"}, core...), []string{"runtime/toolimpl/"}},
}

// under reports whether path (without the module prefix) is one of
// paths: a path, or a tree when it ends in "/".
func under(path string, paths []string) bool {
	for _, p := range paths {
		if path == p || strings.HasSuffix(p, "/") && (strings.HasPrefix(path, p) || path == strings.TrimSuffix(p, "/")) {
			return true
		}
	}
	return false
}

// TestAudiences checks the imports between the core, the runtime and the
// generator (see audiences).
func TestAudiences(t *testing.T) {
	var patterns []string
	for _, a := range audiences {
		for _, p := range a.packages {
			if strings.HasSuffix(p, "/") {
				p += "..."
			}
			patterns = append(patterns, module+p)
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedImports | packages.NeedDeps}, patterns...)
	require.NoError(t, err)
	checked := map[string]bool{}
	for _, p := range pkgs {
		path := strings.TrimPrefix(p.PkgPath, module)
		for _, a := range audiences {
			if !under(path, a.packages) || checked[path] {
				continue
			}
			checked[path] = true
			for _, imp := range slices.Sorted(maps.Keys(p.Imports)) {
				own, ok := strings.CutPrefix(imp, module)
				if ok && !under(own, a.may) {
					t.Errorf("%s imports %s: of toolgen's packages it may import only %v", path, own, a.may)
				}
			}
			packages.Visit([]*packages.Package{p}, nil, func(dep *packages.Package) {
				own, ok := strings.CutPrefix(dep.PkgPath, module)
				if ok && dep != p && under(own, a.never) {
					t.Errorf("%s depends on %s, which it must not (%v)", path, own, a.never)
				}
			})
		}
	}
	for _, want := range append([]string{"runtime/tool", "runtime/toolimpl", "runtime/toolimpl/value", "runtime/toolimpl/format", "gen/internal/emit"}, core...) {
		require.True(t, checked[want], "%s checked", want)
	}
}
