package toolimpl

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path"
	"path/filepath"
	"strconv"
	"testing"
)

// TestNoForwarders: toolimpl owns what generated code calls. None of its
// functions (or methods) only calls a function of another package with its
// own arguments, and none of its package-level names is only another
// package's: generated code would call that package itself, or toolimpl
// should own the code.
func TestNoForwarders(t *testing.T) {
	decls, _ := declarations(t, ".")
	for _, d := range decls {
		if d.to != "" {
			t.Errorf("%s: %s only forwards to %s", d.pos, d.name, d.to)
		}
	}
}

// TestNamesOfTheCore: the two packages generated code imports besides
// toolimpl, value and format, are the functions of toolgen's core
// (internal/value, internal/format) under a name code in a user's module
// can import, as it cannot import toolgen's internal packages: each of their
// declarations forwards to the one of the same name in the core, and they
// declare nothing else, so that the core owns all their code. (Each
// forwarder is inlined: generated code calls the core's function.)
func TestNamesOfTheCore(t *testing.T) {
	for _, dir := range []string{"value", "format"} {
		decls, n := declarations(t, dir)
		core := "github.com/toolgen-go/toolgen/internal/" + dir + "."
		if len(decls) == 0 || len(decls) != n {
			t.Errorf("%s declares %d names, %d of them functions, variables or constants: it is only names of the core", dir, n, len(decls))
		}
		for _, d := range decls {
			if d.to != core+d.name {
				t.Errorf("%s: %s forwards to %q, not to %s%s", d.pos, d.name, d.to, core, d.name)
			}
		}
	}
}

// A declaration is a package-level name of a package: to is what it only
// forwards to (import path.name), "" when it does more.
type declaration struct {
	pos, name, to string
}

// declarations lists the functions and package-level variables and
// constants of the package in dir (its non-test files for this platform),
// and counts all its declarations, types included. A function forwards
// when its body is one return or call of a function of an imported package
// with the function's parameters, in order, as its arguments; a variable or
// constant when its value is a name of an imported package.
func declarations(t *testing.T, dir string) ([]declaration, int) {
	pkg, err := build.ImportDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var found []declaration
	n := 0
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		imported := map[string]string{}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			name := path.Base(p)
			if imp.Name != nil {
				name = imp.Name.Name
			}
			imported[name] = p
		}
		ofImport := func(e ast.Expr) string {
			sel, ok := e.(*ast.SelectorExpr)
			if !ok {
				return ""
			}
			if x, ok := sel.X.(*ast.Ident); ok && imported[x.Name] != "" {
				return imported[x.Name] + "." + sel.Sel.Name
			}
			return ""
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				n++
				to := ""
				if call := onlyCall(d.Body); call != nil && passesParams(d.Type.Params, call) {
					to = ofImport(call.Fun)
				}
				found = append(found, declaration{fset.Position(d.Pos()).String(), d.Name.Name, to})
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.ValueSpec:
						for i, name := range s.Names {
							n++
							to := ""
							if len(s.Values) == len(s.Names) {
								to = ofImport(s.Values[i])
							}
							found = append(found, declaration{fset.Position(name.Pos()).String(), name.Name, to})
						}
					case *ast.TypeSpec:
						n++
					}
				}
			}
		}
	}
	return found, n
}

// onlyCall returns the call a body consists of (return f(...) or f(...)),
// or nil.
func onlyCall(body *ast.BlockStmt) *ast.CallExpr {
	if body == nil || len(body.List) != 1 {
		return nil
	}
	var e ast.Expr
	switch s := body.List[0].(type) {
	case *ast.ReturnStmt:
		if len(s.Results) != 1 {
			return nil
		}
		e = s.Results[0]
	case *ast.ExprStmt:
		e = s.X
	}
	call, _ := e.(*ast.CallExpr)
	return call
}

// passesParams reports whether call's arguments are the parameters, in
// order.
func passesParams(params *ast.FieldList, call *ast.CallExpr) bool {
	var names []string
	for _, field := range params.List {
		for _, n := range field.Names {
			names = append(names, n.Name)
		}
	}
	if len(names) != len(call.Args) {
		return false
	}
	for i, arg := range call.Args {
		if id, ok := arg.(*ast.Ident); !ok || id.Name != names[i] {
			return false
		}
	}
	return true
}
