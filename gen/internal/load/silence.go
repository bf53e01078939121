package load

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

// The notes of this file are toolgen speaking where it would otherwise do
// nothing and say nothing: a comment that looks like a directive but is
// none, a directive no type declaration carries, a tool type in a _test.go
// file, a tool without a description.

// lookalike matches a comment that means to be a directive but is not one:
// a space after //, around the colon, or another case (// toolgen:tool,
// //toolgen :tool, //Toolgen:tool, /* toolgen:tool */).
var lookalike = regexp.MustCompile(`(?i)^(//|/\*)\s*toolgen\s*:\s*([a-z]*)`)

// directiveNotes finds the comments of a package's files that look like
// directives and are not, and the directives that no type's doc comment
// holds (a blank line between them and the type, or a directive above a
// function or a variable), each a note at the comment with the fix.
func directiveNotes(p *packages.Package, output string) []ir.Note {
	var notes []ir.Note
	for _, file := range p.Syntax {
		if p.Fset.Position(file.Pos()).Filename == output {
			continue
		}
		docs := map[*ast.CommentGroup]bool{}
		for _, decl := range file.Decls {
			if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				docs[gd.Doc] = true
				for _, spec := range gd.Specs {
					docs[spec.(*ast.TypeSpec).Doc] = true
				}
			}
		}
		for _, group := range file.Comments {
			for _, c := range group.List {
				pos := p.Fset.Position(c.Pos())
				if strings.HasPrefix(c.Text, "//toolgen:") {
					if !docs[group] {
						notes = append(notes, ir.Note{Pos: pos, Msg: "this directive is not in the doc comment of a type, so it does nothing: write it in the comment right above `type T struct`, with no blank line between them"})
					}
					continue
				}
				if m := lookalike.FindStringSubmatch(c.Text); m != nil {
					verb := strings.ToLower(m[2])
					if verb != "output" {
						verb = "tool"
					}
					notes = append(notes, ir.Note{Pos: pos, Msg: "this comment is not a toolgen directive, so it does nothing: a directive is a line comment that begins //toolgen: with no space, as //toolgen:" + verb})
				}
			}
		}
	}
	return notes
}

// testFileNotes finds the types a package's _test.go files annotate as
// tools or outputs: toolgen loads a package as it builds, without them.
func testFileNotes(dir string) []ir.Note {
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	var notes []ir.Note
	fset := token.NewFileSet()
	for _, name := range files {
		// Most test files name no directive: only those that do are parsed.
		src, err := os.ReadFile(name)
		if err != nil || !bytes.Contains(src, []byte("//toolgen:")) {
			continue
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			continue // the go command reports it when the tests build
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for i, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && i == 0 {
					doc = gd.Doc
				}
				if doc == nil {
					continue
				}
				for _, c := range doc.List {
					if strings.HasPrefix(c.Text, directive) || strings.HasPrefix(c.Text, outputDirective) {
						notes = append(notes, ir.Note{Pos: fset.Position(ts.Name.Pos()), Msg: ts.Name.Name + " is in a _test.go file, which toolgen does not read (it loads the package as it builds, without its tests), so nothing is generated for it: move it to a file without the _test suffix"})
						break
					}
				}
			}
		}
	}
	return notes
}

// descriptionNotes finds the tools and outputs without a description.
func descriptionNotes(pkg *ir.Package) []ir.Note {
	var notes []ir.Note
	for _, t := range append(append([]*ir.Tool{}, pkg.Tools...), pkg.Outputs...) {
		if strings.TrimSpace(t.Description) != "" {
			continue
		}
		what, why := "tool", "a model chooses a tool by its description"
		if t.Output {
			what, why = "output", "a model reads it as what its answer is"
		}
		notes = append(notes, ir.Note{Pos: t.Pos, Msg: what + " " + t.Name + " has no description, and " + why + ": write a doc comment above " + t.Obj.Name() + ", or " + Directive(t) + ` description="..."`})
	}
	return notes
}
