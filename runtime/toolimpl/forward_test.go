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

// TestNoForwarders: toolimpl and its value package own what generated code
// calls. None of their functions (or methods) only calls a function of
// another package with its own arguments, and none of their package-level
// names is only another package's: generated code would call that package
// itself, or toolimpl should own the code.
func TestNoForwarders(t *testing.T) {
	for _, dir := range []string{".", "value"} {
		for _, f := range forwarders(t, dir) {
			t.Errorf("%s only forwards to another package", f)
		}
	}
}

// forwarders lists the declarations of the package in dir (its non-test
// files for this platform) that only forward to another package: a
// function whose body is one return or call of a function of an imported
// package with the function's parameters, in order, as its arguments; a
// variable or constant whose value is a name of an imported package.
func forwarders(t *testing.T, dir string) []string {
	pkg, err := build.ImportDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var found []string
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		imported := map[string]bool{}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			name := path.Base(p)
			if imp.Name != nil {
				name = imp.Name.Name
			}
			imported[name] = true
		}
		ofImport := func(e ast.Expr) bool {
			sel, ok := e.(*ast.SelectorExpr)
			if !ok {
				return false
			}
			x, ok := sel.X.(*ast.Ident)
			return ok && imported[x.Name]
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if call := onlyCall(d.Body); call != nil && ofImport(call.Fun) && passesParams(d.Type.Params, call) {
					found = append(found, fset.Position(d.Pos()).String()+": "+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if v, ok := spec.(*ast.ValueSpec); ok && len(v.Values) == 1 && ofImport(v.Values[0]) {
						found = append(found, fset.Position(v.Pos()).String()+": "+v.Names[0].Name)
					}
				}
			}
		}
	}
	return found
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
