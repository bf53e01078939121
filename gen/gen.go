package gen

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// File is a generated file: its path and content, or nil content when a
// package has no tools (and an old generated file there is to be removed).
type File struct {
	Path    string
	Content []byte
	// Notes are the fallbacks of the file's tools, sorted by position (what
	// a provider gets in a less strict form, and why), and what toolgen
	// found in the package that does nothing.
	Notes []Note
}

// Generate loads the packages of cfg and returns the files to write. It
// reports every error found, in every package; when there is any, it
// returns no file.
func Generate(cfg Config) ([]File, error) {
	pkgs, err := Load(cfg)
	var errs Errors
	if err != nil && !errors.As(err, &errs) {
		return nil, err
	}
	docs := newDocIndex()
	docs.dir = cfg.Dir
	if len(cfg.Tags) > 0 {
		docs.flags = []string{"-tags=" + strings.Join(cfg.Tags, ",")}
	}
	var files []File
	wildcard := slices.ContainsFunc(cfg.Patterns, func(p string) bool { return strings.Contains(p, "...") })
	found := false
	for _, pkg := range pkgs {
		notes := slices.Clone(pkg.Notes)
		if len(pkg.Tools) == 0 && len(pkg.Outputs) == 0 {
			// A package a pattern names with no tool is a note; under a
			// wildcard, only a run that finds none anywhere is.
			if !wildcard {
				notes = append(notes, Note{Pos: token.Position{Filename: pkg.Dir}, Msg: noTools(pkg.Path)})
			}
			// Nothing to write; an old generated file is removed.
			files = append(files, File{Path: pkg.Output, Notes: notes})
			continue
		}
		found = true
		failed := false
		build := func(t *ToolType) *BuiltTool {
			s, err := SchemaWith(pkg.Fset, t.Obj, docs, cfg.Options)
			if err != nil {
				errs = append(errs, asErrors(err)...)
				failed = true
				return nil
			}
			// An output's schema describes the answer, as the output does
			// (not every provider's response format has a description of
			// its own); a tool's description is the definition's, and is
			// not sent twice.
			s.Description = ""
			if t.Output {
				s.Description = t.Description
			}
			if t.Output && (s.Properties == nil || s.Properties.Len() == 0) {
				errs.add(t.Pos, "output %s has no member: a model answers with a JSON object of the members of %s", t.Name, t.Obj.Name())
				failed = true
				return nil
			}
			bt := &BuiltTool{ToolType: t, Schema: s, Options: cfg.Options}
			n, derrs := BuildDefinitions(bt)
			notes = append(notes, n...)
			errs = append(errs, derrs...)
			return bt
		}
		results := map[*types.TypeName]*BuiltResult{}
		var built, outputs []*BuiltTool
		for _, t := range pkg.Tools {
			bt := build(t)
			if bt == nil {
				continue
			}
			if t.Result != nil {
				bt.Result = results[t.Result]
				if bt.Result == nil {
					bt.Result = buildResult(pkg, t.Result, docs, cfg.Options, &errs)
					results[t.Result] = bt.Result
				}
				failed = failed || bt.Result == nil
			}
			built = append(built, bt)
		}
		for _, t := range pkg.Outputs {
			if bt := build(t); bt != nil {
				outputs = append(outputs, bt)
			}
		}
		if failed {
			continue
		}
		src, err := Emit(pkg, built, outputs)
		if err != nil {
			errs = append(errs, asErrors(err)...)
			continue
		}
		declared := packageNames(pkg.Types, pkg.Fset, pkg.Output)
		errs = append(errs, collisions(declared, pkg.Output, src, "rename it")...)
		errs = append(errs, shadowed(src, declared, pkg.Output)...)
		sort.SliceStable(notes, func(i, j int) bool { return before(notes[i].Pos, notes[j].Pos) })
		files = append(files, File{Path: pkg.Output, Content: src, Notes: notes})
	}
	if err := errs.err(); err != nil {
		return nil, err
	}
	if wildcard && !found && len(files) > 0 {
		files[0].Notes = append(files[0].Notes, Note{Msg: noTools(strings.Join(cfg.Patterns, " "))})
	}
	return files, nil
}

func noTools(what string) string {
	return what + " has no type with a //toolgen:tool or //toolgen:output directive, so toolgen generates nothing for it (give -type to name struct types without one)"
}

// buildResult builds the schema of a tool's result type: the schema of
// what encoding/json writes of the struct (see ResultSchema).
func buildResult(pkg *Package, obj *types.TypeName, docs *docIndex, opts Options, errs *Errors) *BuiltResult {
	named := types.Unalias(obj.Type()).(*types.Named)
	s, err := ResultSchema(pkg.Fset, named.Obj(), docs, opts)
	if err != nil {
		*errs = append(*errs, asErrors(err)...)
		return nil
	}
	return &BuiltResult{Obj: obj, Pos: pkg.Fset.Position(obj.Pos()), Schema: s}
}

func asErrors(err error) Errors {
	var es Errors
	if errors.As(err, &es) {
		return es
	}
	return Errors{{Msg: err.Error()}}
}

// collisions reports the top-level names of the generated source that the
// package declares elsewhere: those toolgen cannot rename, since the user
// calls them. fix says what to do.
func collisions(declared map[string]token.Position, output string, src []byte, fix string) Errors {
	f, err := parser.ParseFile(token.NewFileSet(), output, src, parser.SkipObjectResolution)
	if err != nil {
		return Errors{{Msg: fmt.Sprintf("generated code for %s does not parse: %v", output, err)}}
	}
	var errs Errors
	check := func(id *ast.Ident) {
		if id.Name == "_" {
			return
		}
		if pos, ok := declared[id.Name]; ok {
			errs.add(pos, "%s collides with the identifier toolgen generates in %s; %s", id.Name, filepath.Base(output), fix)
		}
	}
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			check(d.Name)
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok {
					for _, n := range vs.Names {
						check(n)
					}
				}
			}
		}
	}
	return errs
}

// Write puts the files in place. It writes only when the content changed,
// through a temporary file and a rename, and never overwrites or removes a
// file that toolgen did not generate.
func Write(files []File) error {
	// Refuse before writing anything, so that a refusal leaves every file
	// as it was.
	for _, f := range files {
		old, err := os.ReadFile(f.Path)
		if f.Content != nil && err == nil && !bytes.HasPrefix(old, []byte(Header+"\n")) {
			return fmt.Errorf("%s exists and was not generated by toolgen; refusing to overwrite it (choose another file with -output)", f.Path)
		}
	}
	for _, f := range files {
		old, err := os.ReadFile(f.Path)
		exists := err == nil
		if f.Content == nil {
			if exists && bytes.HasPrefix(old, []byte(Header+"\n")) {
				if err := os.Remove(f.Path); err != nil {
					return err
				}
			}
			continue
		}
		if exists && bytes.Equal(old, f.Content) {
			continue
		}
		tmp, err := os.CreateTemp(filepath.Dir(f.Path), ".toolgen-*.go.tmp")
		if err != nil {
			return err
		}
		_, werr := tmp.Write(f.Content)
		cerr := tmp.Close()
		if werr == nil {
			werr = cerr
		}
		if werr == nil {
			werr = os.Chmod(tmp.Name(), 0o644)
		}
		if werr == nil {
			werr = os.Rename(tmp.Name(), f.Path)
		}
		if werr != nil {
			os.Remove(tmp.Name())
			return werr
		}
	}
	return nil
}
