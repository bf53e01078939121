package tool

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// importPath is the package's import path, as the places that use it
// import it.
const importPath = "github.com/toolgen-go/toolgen/runtime/tool"

// TestExportedNamesAreUsed: every exported name of the package is one an
// application uses, as the repository shows it: in an example program
// (examples/, its generated files aside), in an adapter (runtime/*tool), in
// an Example function, or in a guide (README.md, docs/). What only
// generated code or toolgen needs belongs in runtime/toolimpl, what only
// the runtime shares in runtime/internal: a name no application path uses
// is an API nobody learns, which go doc shows all the same.
func TestExportedNamesAreUsed(t *testing.T) {
	root := filepath.Join("..", "..")
	used := map[string][]string{} // name: where
	walkGo(t, root, func(path string, rel string) {
		name := filepath.Base(rel)
		example := strings.HasSuffix(name, "_test.go")
		inPlace := strings.HasPrefix(rel, "examples/") || isAdapter(rel) || example
		if !inPlace || strings.HasSuffix(name, "_gen.go") {
			return
		}
		for _, n := range selectorsOf(t, path, example) {
			used[n] = append(used[n], rel)
		}
	})
	docs := guides(t, root)
	ref := regexp.MustCompile(`\btool\.([A-Z]\w*)`)
	for rel, text := range docs {
		for _, m := range ref.FindAllStringSubmatch(text, -1) {
			used[m[1]] = append(used[m[1]], rel)
		}
	}

	// A type an application reaches through a name it uses (Result.Status,
	// Def.Handle's Handler) is used too: it need not be spelled out.
	refs := typeRefs(t, ".")
	for queue := slices.Collect(maps.Keys(used)); len(queue) > 0; {
		n := queue[0]
		queue = queue[1:]
		for _, r := range refs[n] {
			if len(used[r]) == 0 {
				queue = append(queue, r)
			}
			used[r] = append(used[r], "tool."+n)
		}
	}

	var unused []string
	for _, n := range exportedNames(t, ".") {
		if len(used[n]) == 0 {
			unused = append(unused, n)
		}
	}
	if len(unused) > 0 {
		t.Errorf("exported names no application path uses: %s\n"+
			"Use each in an example program (examples/) or an adapter (runtime/*tool), show it in an Example "+
			"function (runtime/tool/example_*_test.go) or a guide (docs/, as tool.%s); or, if only generated "+
			"code or toolgen needs it, move it to runtime/toolimpl; if only the runtime, to runtime/internal.",
			strings.Join(unused, ", "), unused[0])
	}
}

// isAdapter reports whether rel, a path from the repository's root, is a
// file of an adapter: a module runtime/<name>tool.
func isAdapter(rel string) bool {
	dir, _, ok := strings.Cut(strings.TrimPrefix(rel, "runtime/"), "/")
	return ok && strings.HasPrefix(rel, "runtime/") && strings.HasSuffix(dir, "tool") && dir != "tool"
}

// walkGo calls fn for each Go file under root, but for testdata and the
// package itself.
func walkGo(t *testing.T, root string, fn func(path, rel string)) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if n := d.Name(); rel != "." && (strings.HasPrefix(n, ".") || n == "testdata" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") {
			fn(path, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// selectorsOf returns the names the file at path selects from this package
// (tool.Set, tool.CodeTimeout): in its Example functions only when
// examples is set.
func selectorsOf(t *testing.T, path string, examples bool) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	local := ""
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == importPath {
			local = "tool"
			if imp.Name != nil {
				local = imp.Name.Name
			}
		}
	}
	if local == "" {
		return nil
	}
	var names []string
	collect := func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok && id.Name == local {
				names = append(names, s.Sel.Name)
			}
		}
		return true
	}
	for _, decl := range f.Decls {
		if fd, ok := decl.(*ast.FuncDecl); examples && (!ok || fd.Recv != nil || !strings.HasPrefix(fd.Name.Name, "Example")) {
			continue
		}
		ast.Inspect(decl, collect)
	}
	return names
}

// guides returns the text of README.md and of the Markdown files under
// docs/, by path from the repository's root.
func guides(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	out["README.md"] = string(readme)
	docs := filepath.Join(root, "docs")
	if _, err := os.Stat(docs); err != nil {
		return out
	}
	err = filepath.WalkDir(docs, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(root, path)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// typeRefs returns, for each exported package-level name of the package
// in dir, the exported types its declaration refers to: a type's fields
// and its exported methods' signatures, a function's signature, a value's
// type.
func typeRefs(t *testing.T, dir string) map[string][]string {
	t.Helper()
	pkg, err := build.ImportDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	add := func(from string, n ast.Node) {
		if n == nil {
			return
		}
		ast.Inspect(n, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.Ident:
				if x.IsExported() {
					out[from] = append(out[from], x.Name)
				}
			case *ast.Field:
				// A field's or a parameter's name is no reference.
				ast.Inspect(x.Type, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok && id.IsExported() {
						out[from] = append(out[from], id.Name)
					}
					return true
				})
				return false
			case *ast.SelectorExpr:
				return false // another package's name
			}
			return true
		})
	}
	for _, file := range pkg.GoFiles {
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, file), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				from := d.Name.Name
				if d.Recv != nil {
					from = receiverType(d.Recv.List[0].Type)
				}
				add(from, d.Type)
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						add(s.Name.Name, s.Type)
					case *ast.ValueSpec:
						for _, n := range s.Names {
							add(n.Name, s.Type)
						}
					}
				}
			}
		}
	}
	return out
}

// receiverType is the name of a method's receiver type.
func receiverType(x ast.Expr) string {
	for {
		switch e := x.(type) {
		case *ast.StarExpr:
			x = e.X
		case *ast.IndexExpr:
			x = e.X
		case *ast.IndexListExpr:
			x = e.X
		case *ast.Ident:
			return e.Name
		default:
			return ""
		}
	}
}

// exportedNames lists the exported package-level names of the package in
// dir, as its non-test files (for this platform) declare them.
func exportedNames(t *testing.T, dir string) []string {
	pkg, err := build.ImportDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var names []string
	for _, file := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, file), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					names = append(names, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							names = append(names, s.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								names = append(names, n.Name)
							}
						}
					}
				}
			}
		}
	}
	slices.Sort(names)
	return names
}

// TestDocumentedLimits: the documentation (the package's, the methods' and
// README's) states the limits and defaults in numbers, not as constants an
// application would have to look up; changing one changes those texts too.
func TestDocumentedLimits(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want int64
	}{
		{"a text of a rendering, in bytes", maxField, 256},
		{"a message", maxMessage, 796},
		{"an error in JSON", maxJSONError, 3148},
		{"Feedback besides its errors", maxFeedbackBase, 1024},
		{"the errors Output.Feedback lists", maxFeedbackErrors, 20},
		{"a confirmation besides its members", int64(maxConfirmationBase), 2103},
		{"a member of a confirmation", int64(maxConfirmationMember), 17920},
		{"the raw arguments a Set parses", defaultMaxArgumentSize, 1 << 20},
		{"the bytes of the calls in flight", defaultMaxInFlight, 4 << 20},
		{"the records of each kind of a memory store", defaultMaxRecords, 10_000},
		{"the calls of a step", defaultMaxCalls, 32},
		{"a handler's time limit, in seconds", int64(defaultTimeout.Seconds()), 30},
		{"the dedupe window, in minutes", int64(defaultDedupeWindow.Minutes()), 10},
		{"the shortest approval key, in bytes", minApprovalKey, 32},
		{"an approval's lifetime, in minutes", int64(defaultApprovalLifetime.Minutes()), 15},
		{"the content items of a call", maxContentItems, 16},
		{"the content of a call, in bytes", maxContentBytes, 3 << 20},
		{"a content item's media type, in bytes", maxMIMEType, 255},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d, documented as %d", c.name, c.got, c.want)
		}
	}
}
