package tool

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"testing"
)

// maxExported bounds the package-level names the package exports (its
// constants, variables, functions and types; methods and fields aside):
// what an application reads in its documentation. What only generated code
// needs belongs in runtime/toolimpl, what only the runtime shares in
// runtime/internal.
const maxExported = 134

func TestExportedIdentifiers(t *testing.T) {
	names := exportedNames(t, ".")
	t.Logf("%d exported names", len(names))
	if len(names) > maxExported {
		t.Errorf("the package exports %d names, more than %d: %v", len(names), maxExported, names)
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
