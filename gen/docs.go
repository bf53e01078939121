package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// docIndex finds the doc comments of types and struct fields by their
// declaration position. It parses source files on demand, so it serves
// types of dependencies as well as of the loaded packages.
type docIndex struct {
	fset  *token.FileSet
	files map[string]map[[2]int]string // file -> line, column of a name -> doc
}

func newDocIndex() *docIndex {
	return &docIndex{fset: token.NewFileSet(), files: map[string]map[[2]int]string{}}
}

// lookup returns the doc comment of the type or field named at pos.
func (d *docIndex) lookup(pos token.Position) string {
	if !pos.IsValid() {
		return ""
	}
	docs, ok := d.files[pos.Filename]
	if !ok {
		docs = d.parse(pos.Filename)
		d.files[pos.Filename] = docs
	}
	return docs[[2]int{pos.Line, pos.Column}]
}

func (d *docIndex) parse(filename string) map[[2]int]string {
	docs := map[[2]int]string{}
	f, err := parser.ParseFile(d.fset, filename, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return docs
	}
	at := func(id *ast.Ident) [2]int {
		p := d.fset.Position(id.Pos())
		return [2]int{p.Line, p.Column}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.GenDecl:
			// As invopop does, a type without its own doc comment takes the
			// declaration's, unless an earlier exported one took it.
			declDoc := x.Doc.Text()
			for _, spec := range x.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				doc := ts.Doc.Text()
				if doc == "" {
					doc = declDoc
					if ts.Name.IsExported() {
						declDoc = ""
					}
				}
				docs[at(ts.Name)] = strings.TrimSpace(doc)
			}
		case *ast.Field:
			text := x.Doc.Text()
			if text == "" {
				text = x.Comment.Text()
			}
			for _, name := range x.Names {
				docs[at(name)] = strings.TrimSpace(text)
			}
			if len(x.Names) == 0 { // embedded field: keyed by its type's name
				if id := embeddedName(x.Type); id != nil {
					docs[at(id)] = strings.TrimSpace(text)
				}
			}
		}
		return true
	})
	return docs
}

func embeddedName(e ast.Expr) *ast.Ident {
	switch x := e.(type) {
	case *ast.Ident:
		return x
	case *ast.StarExpr:
		return embeddedName(x.X)
	case *ast.SelectorExpr:
		return x.Sel
	case *ast.IndexExpr:
		return embeddedName(x.X)
	}
	return nil
}
