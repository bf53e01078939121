package gen

import (
	"fmt"
	"go/parser"
	"go/token"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"
)

// SchemaFile says how `toolgen schema` compiles a JSON Schema file into a
// validator: the Go counterpart of ajv's standalone mode, for users who hold
// schemas (MCP servers, OpenAPI fragments) rather than structs.
type SchemaFile struct {
	// Input is the path of the JSON Schema file.
	Input string
	// Output is the path of the Go file to write; "" means
	// <input without .json>_gen.go next to the input.
	Output string
	// Package is the Go package name of the output; "" means the package of
	// the Go files already in the output's directory, else the directory's
	// name.
	Package string
	// Func is the validator's name; "" means Validate<Input's base name>.
	Func string
	// Options are the validator's semantics.
	Options Options
	// Refs maps URI prefixes to local files or directories (relative to
	// the working directory), for the references (and $schema) that leave
	// the document: a URI starting with a prefix is read from the path plus
	// the rest of the URI; the longest prefix wins. A file: URI is read
	// from its path. toolgen fetches nothing over a network.
	Refs map[string]string
}

// GenerateSchemaFile compiles the schema file of cfg and returns the file to
// write: func <Func>(v any) tool.Errors, the same code and errors as a
// struct tool's validator.
func GenerateSchemaFile(cfg SchemaFile) ([]File, error) {
	data, err := os.ReadFile(cfg.Input)
	if err != nil {
		return nil, err
	}
	base := strings.TrimSuffix(filepath.Base(cfg.Input), filepath.Ext(cfg.Input))
	if cfg.Output == "" {
		cfg.Output = filepath.Join(filepath.Dir(cfg.Input), base+"_gen.go")
	}
	if cfg.Func == "" {
		cfg.Func = "Validate" + camel(base)
	}
	if cfg.Package == "" {
		cfg.Package = packageOf(filepath.Dir(cfg.Output))
	}
	abs, err := filepath.Abs(cfg.Input)
	if err != nil {
		return nil, err
	}
	opts := cfg.Options
	if opts.BaseURI == "" {
		opts.BaseURI = fileURI(abs)
	}
	if opts.Loader == nil {
		opts.Loader = fileLoader(cfg.Refs)
	}
	src, err := CompileSchema(data, cfg.Package, cfg.Func, filepath.Base(cfg.Input), opts)
	if err != nil {
		return nil, err
	}
	return []File{{Path: cfg.Output, Content: src}}, nil
}

// fileURI is the file: URI of an absolute path.
func fileURI(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/dir on Windows
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// fileLoader reads the documents of URIs from local files: file: URIs from
// their path, others through the prefixes of refs.
func fileLoader(refs map[string]string) func(uri string) ([]byte, error) {
	prefixes := sortedKeys(refs)
	sort.SliceStable(prefixes, func(i, j int) bool { return len(prefixes[i]) > len(prefixes[j]) })
	return func(uri string) ([]byte, error) {
		for _, p := range prefixes {
			if rest, ok := strings.CutPrefix(uri, p); ok {
				return os.ReadFile(filepath.Join(refs[p], filepath.FromSlash(rest)))
			}
		}
		u, err := url.Parse(uri)
		if err == nil && u.Scheme == "file" && (u.Host == "" || u.Host == "localhost") {
			path := u.Path
			if filepath.VolumeName(path[min(1, len(path)):]) != "" {
				path = path[1:] // /C:/dir on Windows
			}
			return os.ReadFile(filepath.FromSlash(path))
		}
		return nil, fmt.Errorf("toolgen fetches nothing over a network; map the URI to a local file with -ref prefix=path")
	}
}

// packageOf returns the package name of the Go files of dir, or a name made
// from the directory's.
func packageOf(dir string) string {
	matches, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, m := range matches {
		if strings.HasSuffix(m, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), m, nil, parser.PackageClauseOnly)
		if err == nil {
			return f.Name.Name
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "main"
	}
	name := strings.ToLower(identifier(filepath.Base(abs)))
	if name == "" || strings.HasSuffix(name, "Arg") {
		return "main"
	}
	return name
}

// CompileSchema compiles a JSON Schema document into the source of a Go
// file of package pkg holding func <fn>(v any) tool.Errors. source names the
// schema in errors and in the doc comment. Errors name the keyword and its
// location in the schema.
func CompileSchema(data []byte, pkg, fn, source string, opts Options) ([]byte, error) {
	return compileSchemaFile(data, pkg, fn, source, opts, false)
}

func compileSchemaFile(data []byte, pkg, fn, source string, opts Options, decideOnly bool) ([]byte, error) {
	if !token.IsIdentifier(pkg) {
		return nil, fmt.Errorf("package name %q is not a Go identifier", pkg)
	}
	if !token.IsIdentifier(fn) || fn == "_" {
		return nil, fmt.Errorf("function name %q is not a Go identifier", fn)
	}
	if note := opts.Note; note != nil {
		opts.Note = func(e Error) { note(Error{Msg: source + ": " + e.Msg}) }
	}
	doc, derrs := compileSchema(data, opts)
	if len(derrs) > 0 {
		var errs Errors
		for _, de := range derrs {
			errs = append(errs, Error{Msg: source + ": " + de.Error()})
		}
		return nil, errs
	}
	f := jen.NewFile(pkg)
	f.HeaderComment(Header[3:])
	f.ImportName(runtimePath, "tool")
	f.ImportName(formatPath, "format")
	f.Const().Id("_").Op("=").Qual(runtimePath, "SupportPackageIsVersion1")
	prefix := strings.TrimPrefix(fn, "Validate")
	if prefix == "" || !token.IsIdentifier(prefix) {
		prefix = fn
	}
	e := newEmitter(f, doc, lowerFirst(prefix), token.Position{Filename: source})
	if decideOnly {
		e.decideValidator(fn)
	} else {
		e.valueValidator(fn, source)
	}
	if len(e.errs) > 0 {
		var errs Errors
		for _, err := range e.errs {
			errs = append(errs, Error{Msg: source + ": " + err.Msg})
		}
		return nil, errs
	}
	var out strings.Builder
	if err := f.Render(&out); err != nil {
		return nil, fmt.Errorf("rendering generated code: %w", err)
	}
	return []byte(out.String()), nil
}
