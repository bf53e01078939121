package format_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"

	"github.com/toolgen-go/toolgen/internal/format"
)

// TestEveryChecker: generated code calls the checker of a format by the
// name format.FuncName gives it, in this package: each is declared here,
// and nothing else is.
func TestEveryChecker(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "format.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok {
			declared = append(declared, fn.Name.Name)
		}
	}
	var want []string
	for _, name := range append(format.Names(), format.NumberNames()...) {
		want = append(want, format.FuncName(name))
	}
	slices.Sort(declared)
	slices.Sort(want)
	if !slices.Equal(declared, want) {
		t.Errorf("format.go declares %v; the checkers are %v", declared, want)
	}
}
