package load

import (
	"go/ast"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Docs finds the doc comments of types and struct fields by their
// declaration position. It parses source files on demand, so it serves
// types of dependencies as well as of the loaded packages.
//
// Comments are keyed by file, line and name, not by column: the types of
// a package loaded from compiled export data (every package but those
// toolgen was asked to load: another package of the module, a dependency,
// the standard library) carry lines but not columns. The column only
// tells apart two declarations of one name on one line.
//
// Export data may also name files as a build with -trimpath does
// ($GOROOT/src/..., module@version/...): a file that does not exist is
// looked for in the directory of its package, which the go command names.
type Docs struct {
	fset  *token.FileSet
	files map[string]map[docKey][]docEntry
	// dir and flags are the go command's working directory and build
	// flags, for finding package directories.
	dir   string
	flags []string
	dirs  map[string]string // package path -> directory
}

type docKey struct {
	line int
	name string
}

type docEntry struct {
	column int
	doc    string
}

// NewDocs returns an empty index. dir and flags are the go command's
// working directory and build flags, for finding package directories.
func NewDocs(dir string, flags []string) *Docs {
	return &Docs{fset: token.NewFileSet(), files: map[string]map[docKey][]docEntry{}, dir: dir, flags: flags, dirs: map[string]string{}}
}

// Lookup returns the doc comment of obj, a type, a field or a constant, whose
// declaration is at pos.
func (d *Docs) Lookup(pos token.Position, obj types.Object) string {
	if !pos.IsValid() {
		return ""
	}
	entries := d.entries(pos, obj)
	if len(entries) == 1 {
		return describe(obj, entries[0].doc)
	}
	// Two declarations of the name on the line: only a column tells.
	for _, e := range entries {
		if e.column == pos.Column {
			return describe(obj, e.doc)
		}
	}
	return ""
}

// Position is pos, the position of obj's declaration, with its column
// found in the source when the position has none: the types of a package
// loaded from export data carry lines only, and an error at such a field
// points at its name as at any other.
func (d *Docs) Position(pos token.Position, obj types.Object) token.Position {
	if d == nil || !pos.IsValid() || pos.Column > 1 {
		return pos
	}
	if entries := d.entries(pos, obj); len(entries) == 1 {
		pos.Column = entries[0].column
	}
	return pos
}

// entries are the declarations named as obj on the line of pos, from its
// file, parsed once.
func (d *Docs) entries(pos token.Position, obj types.Object) []docEntry {
	docs, ok := d.files[pos.Filename]
	if !ok {
		docs = d.parse(d.source(pos.Filename, obj.Pkg()))
		d.files[pos.Filename] = docs
	}
	return docs[docKey{pos.Line, obj.Name()}]
}

// describe is the description of obj, a type or a field, from its doc
// comment: the text as go doc shows it, and for a type without the Go name
// it begins with.
func describe(obj types.Object, doc string) string {
	if _, ok := obj.(*types.TypeName); ok {
		return TypeDescription(obj.Name(), doc)
	}
	return DocText(doc)
}

// DocText is a doc comment as go doc shows it, for a reader who sees no
// source: the lines of a paragraph joined, paragraphs, lists and code
// blocks kept, no trailing newline.
func DocText(doc string) string {
	var p comment.Parser
	printer := comment.Printer{TextWidth: -1}
	return strings.TrimRight(string(printer.Text(p.Parse(doc))), "\n")
}

// source is the file a position names, or when there is no such file, the
// file of that name in the directory of the package.
func (d *Docs) source(filename string, pkg *types.Package) string {
	if _, err := os.Stat(filename); err == nil || pkg == nil {
		return filename
	}
	dir, ok := d.dirs[pkg.Path()]
	if !ok {
		args := append(append([]string{"list", "-find", "-f", "{{.Dir}}"}, d.flags...), "--", pkg.Path())
		cmd := exec.Command("go", args...)
		cmd.Dir = d.dir
		out, err := cmd.Output()
		if err == nil {
			dir = strings.TrimSpace(string(out))
		}
		d.dirs[pkg.Path()] = dir
	}
	if dir == "" {
		return filename
	}
	return filepath.Join(dir, filepath.Base(filename))
}

func (d *Docs) parse(filename string) map[docKey][]docEntry {
	docs := map[docKey][]docEntry{}
	f, err := parser.ParseFile(d.fset, filename, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return docs
	}
	add := func(id *ast.Ident, doc string) {
		p := d.fset.Position(id.Pos())
		k := docKey{p.Line, id.Name}
		docs[k] = append(docs[k], docEntry{p.Column, strings.TrimSpace(doc)})
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.GenDecl:
			// As invopop does, a type without its own doc comment takes the
			// declaration's, unless an earlier exported one took it.
			declDoc := x.Doc.Text()
			for _, spec := range x.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok {
					// A constant's doc comment, or its line comment: the
					// title of its value in a form's enum.
					text := vs.Doc.Text()
					if text == "" && !x.Lparen.IsValid() {
						text = declDoc
					}
					if text == "" {
						text = vs.Comment.Text()
					}
					for _, name := range vs.Names {
						add(name, text)
					}
					continue
				}
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
				add(ts.Name, doc)
			}
		case *ast.Field:
			text := x.Doc.Text()
			if text == "" {
				text = x.Comment.Text()
			}
			for _, name := range x.Names {
				add(name, text)
			}
			if len(x.Names) == 0 { // embedded field: keyed by its type's name
				if id := embeddedName(x.Type); id != nil {
					add(id, text)
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
