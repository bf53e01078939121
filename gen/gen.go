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

	"github.com/toolgen-go/toolgen/gen/internal/dialect"
	"github.com/toolgen-go/toolgen/gen/internal/emit"
	"github.com/toolgen-go/toolgen/gen/internal/goschema"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/load"
)

// DefaultOutput is the name of the generated file in each package.
const DefaultOutput = load.DefaultOutput

// Header is the first line of every generated file. Write refuses to
// overwrite a file that does not start with it.
const Header = ir.Header

// Config says what to generate.
type Config struct {
	// Dir is the directory the patterns are relative to; "" is the current one.
	Dir string
	// Patterns are go/packages patterns; none means ".".
	Patterns []string
	// Tags are build tags for loading. The package they show may differ
	// from the one a plain build sees, so each output carries a //go:build
	// line of their conjunction: it builds only with them.
	Tags []string
	// Types names struct types to generate tools for besides those with a
	// //toolgen:tool directive, as if they had one without options.
	Types []string
	// Output is the generated file's name, in each package's directory;
	// "" means DefaultOutput. A path with a directory (relative to Dir)
	// names one file, and needs the patterns to match a single package.
	Output string
	// Options of the validators; null optional members of a tool always
	// count as absent.
	Options Options
	// Strict makes every tool strict, as the directive option strict=true
	// does (a tool's strict=false overrides it): a definition that would
	// fall back to a less strict form is an error instead.
	Strict bool
}

// Options are the choices of a compilation that a schema does not make:
// NullAbsent, AnnotateUnknownFormats, StrictFormats, Draft, BaseURI and
// Loader (see their documentation in gen/internal/jsonschema).
type Options = jsonschema.Options

// Error is a generation error at a position in the user's source.
type Error = ir.Error

// Errors is every error of a run, sorted by position.
type Errors = ir.Errors

// Note is a message about generated code that is not an error: a tool's
// definition that falls back to a less strict form; in a schema file, a
// format compiled as an annotation or a keyword its draft ignores.
type Note = ir.Note

// loadConfig is what the loader reads of cfg, with the values of the
// dialects= option of a tool and of an output.
func loadConfig(cfg Config) load.Config {
	return load.Config{Dir: cfg.Dir, Patterns: cfg.Patterns, Tags: cfg.Tags, Types: cfg.Types, Output: cfg.Output, Strict: cfg.Strict,
		ToolDialects: dialect.All, OutputDialects: dialect.Outputs}
}

// File is a generated file: its path and content, or nil content when a
// package has no tools (and an old generated file there is to be removed).
type File struct {
	Path    string
	Content []byte
	// Notes are the fallbacks of the file's tools, sorted by position (what
	// a provider gets in a less strict form, and why), and what toolgen
	// found in the package that does nothing.
	Notes []Note
	// positions are those of the file's tools, outputs and result types
	// (see defKey), for Compare.
	positions map[string]token.Position
	// plain is a file that defines no tools or outputs (a client), which
	// Compare compares by its bytes only.
	plain bool
}

// Generate loads the packages of cfg and returns the files to write. It
// reports every error found, in every package; when there is any, it
// returns no file.
func Generate(cfg Config) ([]File, error) {
	pkgs, err := load.Load(loadConfig(cfg))
	var errs Errors
	if err != nil && !errors.As(err, &errs) {
		return nil, err
	}
	var flags []string
	if len(cfg.Tags) > 0 {
		flags = []string{"-tags=" + strings.Join(cfg.Tags, ",")}
	}
	docs := load.NewDocs(cfg.Dir, flags)
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
		build := func(t *ir.Tool) *ir.Tool {
			if t.SchemaFile != "" {
				schema, n, serrs := toolSchema(t, cfg.Options)
				notes = append(notes, n...)
				if len(serrs) > 0 {
					errs = append(errs, serrs...)
					failed = true
					return nil
				}
				t.Schema = schema
				forms, n, derrs := dialect.Choose(t)
				t.Forms = forms
				notes = append(notes, n...)
				errs = append(errs, derrs...)
				return t
			}
			schemaOf := goschema.SchemaWith
			if t.Output {
				schemaOf = goschema.OutputSchema
			}
			s, err := schemaOf(pkg.Fset, t.Obj, docs, cfg.Options)
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
				errs.Add(t.Pos, "output %s has no member: a model answers with a JSON object of the members of %s", t.Name, t.Obj.Name())
				failed = true
				return nil
			}
			// Read once: the dialects lower its value, the decoder renders
			// it compiled from the very JSON sent to the model, a null
			// optional member absent.
			var ok bool
			if t.Schema, ok = typeSchema(s, cfg.Options, true, t.Pos, &errs); !ok {
				failed = true
				return nil
			}
			if t.Form {
				form, err := goschema.FormSchema(pkg.Fset, t.Obj, s, docs)
				if err == nil {
					t.FormSchema, err = jsonschema.MarshalJSON(form)
				}
				if err != nil {
					errs = append(errs, asErrors(err)...)
					failed = true
					return nil
				}
			}
			forms, n, derrs := dialect.Choose(t)
			t.Forms = forms
			notes = append(notes, n...)
			errs = append(errs, derrs...)
			return t
		}
		results := map[*types.TypeName]*ir.Result{}
		var built, outputs []*ir.Tool
		for _, it := range pkg.Tools {
			t := build(it)
			if t == nil {
				continue
			}
			checkExamples(t, &errs)
			if note := extrasNote(t); note != "" {
				notes = append(notes, Note{Pos: t.Pos, Msg: note})
			}
			if t.ResultType != nil {
				t.Result = results[t.ResultType]
				if t.Result == nil {
					t.Result = buildResult(pkg, t.ResultType, docs, cfg.Options, &errs)
					results[t.ResultType] = t.Result
				}
				failed = failed || t.Result == nil
			}
			built = append(built, t)
		}
		for _, it := range pkg.Outputs {
			if t := build(it); t != nil {
				outputs = append(outputs, t)
			}
		}
		if failed {
			continue
		}
		src, err := emit.Emit(pkg, built, outputs)
		if err != nil {
			errs = append(errs, asErrors(err)...)
			continue
		}
		declared := emit.PackageNames(pkg.Types, pkg.Fset, pkg.Output)
		errs = append(errs, collisions(declared, pkg.Output, src, "rename it")...)
		errs = append(errs, emit.Shadowed(src, declared, pkg.Output)...)
		sort.SliceStable(notes, func(i, j int) bool { return ir.Before(notes[i].Pos, notes[j].Pos) })
		files = append(files, File{Path: pkg.Output, Content: src, Notes: notes, positions: positions(built, outputs)})
	}
	if err := errs.Err(); err != nil {
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
func buildResult(pkg *ir.Package, obj *types.TypeName, docs *load.Docs, opts Options, errs *Errors) *ir.Result {
	named := types.Unalias(obj.Type()).(*types.Named)
	s, err := goschema.ResultSchema(pkg.Fset, named.Obj(), docs, opts)
	if err != nil {
		*errs = append(*errs, asErrors(err)...)
		return nil
	}
	r := &ir.Result{Obj: obj, Pos: pkg.Fset.Position(obj.Pos())}
	// Its validator follows JSON Schema exactly, as a client checking a
	// structuredContent does: a null member is null.
	var ok bool
	if r.Schema, ok = typeSchema(s, opts, false, r.Pos, errs); !ok {
		return nil
	}
	return r
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
			errs.Add(pos, "%s collides with the identifier toolgen generates in %s; %s", id.Name, filepath.Base(output), fix)
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
	if err := refuse(files); err != nil {
		return err
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

// refuse returns an error for the first file to write over one that
// toolgen did not generate.
func refuse(files []File) error {
	for _, f := range files {
		old, err := os.ReadFile(f.Path)
		if f.Content != nil && err == nil && !bytes.HasPrefix(old, []byte(Header+"\n")) {
			return fmt.Errorf("%s exists and was not generated by toolgen; refusing to overwrite it (choose another file with -output)", f.Path)
		}
	}
	return nil
}
