package gen

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

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
	// The output joins the package of its directory: its helpers avoid the
	// names the package declares (earlier outputs of toolgen schema among
	// them), and its function must not be one of them.
	declared, errs := dirNames(filepath.Dir(cfg.Output), cfg.Output)
	if len(errs) > 0 {
		return nil, errs
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
	src, notes, err := compileSchemaFile(data, cfg.Package, cfg.Func, filepath.Base(cfg.Input), opts, false, declared)
	if err != nil {
		return nil, err
	}
	errs = append(errs, collisions(declared, cfg.Output, src, "choose another name for the validator with -func")...)
	errs = append(errs, shadowed(src, declared, cfg.Output)...)
	if err := errs.err(); err != nil {
		return nil, err
	}
	return []File{{Path: cfg.Output, Content: src, Notes: notes}}, nil
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

// invalidUTF8 returns the offset of the first byte of data that is not
// UTF-8, or -1.
func invalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
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
// schema in errors, notes and the doc comment. Errors name the keyword and
// its location in the schema; notes say what compiles otherwise than the
// schema might be read (an unknown format as an annotation, a keyword its
// draft ignores).
func CompileSchema(data []byte, pkg, fn, source string, opts Options) ([]byte, []Note, error) {
	return compileSchemaFile(data, pkg, fn, source, opts, false, nil)
}

// compileSchemaFile compiles a schema file into a file of a package that
// declares the names declared, which the helpers avoid.
func compileSchemaFile(data []byte, pkg, fn, source string, opts Options, decideOnly bool, declared map[string]token.Position) ([]byte, []Note, error) {
	if !token.IsIdentifier(pkg) {
		return nil, nil, fmt.Errorf("package name %q is not a Go identifier", pkg)
	}
	if !token.IsIdentifier(fn) || fn == "_" {
		return nil, nil, fmt.Errorf("function name %q is not a Go identifier", fn)
	}
	if i := invalidUTF8(data); i >= 0 {
		line, col := 1+bytes.Count(data[:i], []byte("\n")), i-bytes.LastIndexByte(data[:i], '\n')
		return nil, nil, Errors{{Pos: token.Position{Filename: source, Line: line, Column: col}, Msg: "invalid UTF-8: a JSON document is UTF-8, and JSON decoders would read U+FFFD instead"}}
	}
	doc, derrs := compileSchema(data, opts)
	var notes []Note
	if doc != nil {
		for _, n := range doc.notes {
			notes = append(notes, Note{Pos: token.Position{Filename: source}, Msg: n.Error()})
		}
	}
	if len(derrs) > 0 {
		var errs Errors
		for _, de := range derrs {
			errs = append(errs, Error{Msg: source + ": " + de.Error()})
		}
		return nil, notes, errs
	}
	f := jen.NewFile(pkg)
	f.HeaderComment(Header[3:])
	sc := newScope(declared)
	sc.importRuntime(f)
	sc.public(fn)
	f.Const().Id("_").Op("=").Qual(implPath, "SupportPackageIsVersion4")
	prefix := strings.TrimPrefix(fn, "Validate")
	if prefix == "" || !token.IsIdentifier(prefix) {
		prefix = fn
	}
	e := newEmitter(f, sc, doc, lowerFirst(prefix), token.Position{Filename: source})
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
		return nil, notes, errs
	}
	var out strings.Builder
	if err := f.Render(&out); err != nil {
		return nil, notes, fmt.Errorf("rendering generated code: %w", err)
	}
	return []byte(out.String()), notes, nil
}
