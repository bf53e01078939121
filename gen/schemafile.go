package gen

import (
	"bytes"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"

	"github.com/toolgen-go/toolgen/gen/internal/emit"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
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
	// Options are the validator's semantics. A nil Options.Loader reads
	// the documents that references (and $schema) name as Refs says; a
	// Loader given replaces that reader, and reads what it decides.
	Options Options
	// Refs maps URI prefixes to local files or folders, for the references
	// (and $schema) that leave the document: a URI starting with a prefix
	// is read from the path plus the rest of the URI (a folder's files and
	// below, never above it); the longest prefix wins. A path, and a prefix
	// that is a path rather than a URI (../common/), are relative to the
	// working directory. Without a prefix, a file: URI is read only in the
	// schema's folder (and below). A symbolic link is followed only when it
	// is relative and stays in the folder. Every document read is a regular
	// file of at most MaxSchemaDocumentBytes, MaxSchemaReadBytes in all.
	// toolgen fetches nothing over a network.
	Refs map[string]string
}

// GenerateSchemaFile compiles the schema file of cfg and returns the file to
// write: func <Func>(v any) tool.Errors, the same code and errors as a
// struct tool's validator.
func GenerateSchemaFile(cfg SchemaFile) ([]File, error) {
	data, err := readSchema(cfg.Input)
	if err != nil {
		return nil, err
	}
	base := strings.TrimSuffix(filepath.Base(cfg.Input), filepath.Ext(cfg.Input))
	if cfg.Output == "" {
		cfg.Output = filepath.Join(filepath.Dir(cfg.Input), base+"_gen.go")
	}
	if cfg.Func == "" {
		cfg.Func = "Validate" + emit.Camel(base)
	}
	if cfg.Package == "" {
		cfg.Package = packageOf(filepath.Dir(cfg.Output))
	}
	// The output joins the package of its directory: its helpers avoid the
	// names the package declares (earlier outputs of toolgen schema among
	// them), and its function must not be one of them.
	declared, errs := emit.DirNames(filepath.Dir(cfg.Output), cfg.Output)
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
		r, err := newFileReader(filepath.Dir(abs), cfg.Refs, len(data))
		if err != nil {
			return nil, err
		}
		opts.Loader = r.load
	}
	src, notes, err := compileSchemaFile(data, cfg.Package, cfg.Func, filepath.Base(cfg.Input), opts, false, declared)
	if err != nil {
		return nil, err
	}
	errs = append(errs, collisions(declared, cfg.Output, src, "choose another name for the validator with -func")...)
	errs = append(errs, emit.Shadowed(src, declared, cfg.Output)...)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return []File{{Path: cfg.Output, Content: src, Notes: notes}}, nil
}

// readSchema reads the schema file named on the command line: of any kind
// (a pipe too), but at most MaxSchemaDocumentBytes.
func readSchema(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := int64(0)
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		size = info.Size()
	}
	data, err := readAtMost(f, size, MaxSchemaDocumentBytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return data, nil
}

// fileURI is the file: URI of an absolute path.
func fileURI(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/dir on Windows
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// filePath is the path of a local file: URI.
func filePath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || (u.Host != "" && u.Host != "localhost") || u.Path == "" {
		return "", false
	}
	path := u.Path
	if filepath.VolumeName(path[1:]) != "" {
		path = path[1:] // /C:/dir on Windows
	}
	return filepath.FromSlash(path), true
}

// MaxSchemaDocumentBytes is the most toolgen schema reads of one document:
// the schema file, or a document it references.
const MaxSchemaDocumentBytes = 16 << 20

// MaxSchemaReadBytes is the most toolgen schema reads for one schema file,
// its own bytes and every document it references together (a document
// referenced under several spellings of its URI is read once for each).
const MaxSchemaReadBytes = 64 << 20

// fileReader is the Loader of GenerateSchemaFile. It reads a file: URI in
// the schema's folder (or below), and a URI that one of Refs maps, from the
// path that maps it: nothing else. A folder is read with os.Root, so that a
// symbolic link out of it is refused too. Every document is a regular file
// (never a device or a FIFO) of at most MaxSchemaDocumentBytes, all of them
// together at most MaxSchemaReadBytes.
type fileReader struct {
	dir    string   // the schema's folder
	maps   []refMap // longest prefix first
	budget int      // bytes left to read
}

// refMap is a -ref: the URIs that start with prefix are read from path.
type refMap struct{ flag, prefix, path string }

func newFileReader(dir string, refs map[string]string, used int) (*fileReader, error) {
	r := &fileReader{dir: dir, budget: MaxSchemaReadBytes - used}
	for _, prefix := range slices.Sorted(maps.Keys(refs)) {
		m := refMap{flag: prefix + "=" + refs[prefix], prefix: prefix, path: refs[prefix]}
		// A prefix that is a path stands for its file: URI, relative to
		// the working directory as the path is.
		if u, err := url.Parse(prefix); err != nil || u.Scheme == "" || filepath.IsAbs(prefix) {
			abs, err := filepath.Abs(prefix)
			if err != nil {
				return nil, err
			}
			m.prefix = fileURI(abs)
			if strings.HasSuffix(prefix, "/") || strings.HasSuffix(prefix, string(filepath.Separator)) {
				m.prefix = strings.TrimSuffix(m.prefix, "/") + "/"
			}
		}
		r.maps = append(r.maps, m)
	}
	sort.SliceStable(r.maps, func(i, j int) bool { return len(r.maps[i].prefix) > len(r.maps[j].prefix) })
	return r, nil
}

// load returns the document at uri.
func (r *fileReader) load(uri string) ([]byte, error) {
	for _, m := range r.maps {
		rest, ok := strings.CutPrefix(uri, m.prefix)
		if !ok {
			continue
		}
		if rest = strings.TrimLeft(rest, "/"); rest == "" {
			return r.readFile(m.path)
		}
		rel := filepath.FromSlash(rest)
		if !filepath.IsLocal(rel) {
			return nil, fmt.Errorf("%s leaves the folder %s that -ref %s maps it to", uri, m.path, m.flag)
		}
		return r.readIn(m.path, rel, "the folder "+m.path+" that -ref "+m.flag+" maps")
	}
	path, ok := filePath(uri)
	if !ok {
		return nil, fmt.Errorf("toolgen fetches nothing over a network; map the URI to a local file with -ref prefix=path")
	}
	rel, err := filepath.Rel(r.dir, path)
	if err != nil || !filepath.IsLocal(rel) {
		return nil, fmt.Errorf("%s is outside the schema's folder %s, and toolgen schema reads only that folder and what -ref maps; to read it, add %s", path, r.dir, refFix(path, path))
	}
	return r.readIn(r.dir, rel, "the schema's folder "+r.dir)
}

// readIn reads the file rel of the folder dir, following no symbolic link
// out of it. where names the folder and its rule.
func (r *fileReader) readIn(dir, rel, where string) ([]byte, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	full := filepath.Join(dir, rel)
	info, err := root.Stat(rel)
	if err != nil {
		if _, serr := os.Stat(full); serr == nil {
			// The file exists, but the way to it leaves the folder.
			target, _ := filepath.EvalSymlinks(full)
			return nil, fmt.Errorf("%s is reached through a symbolic link that is absolute or leads out of %s, and toolgen schema reads only the schema's folder and what -ref maps; to read it, add %s", full, where, refFix(full, target))
		}
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %w", full, err)
	}
	if !info.Mode().IsRegular() {
		return nil, notRegular(full, info)
	}
	// O_NONBLOCK: a FIFO put in the file's place since Stat does not block
	// the open, and is refused below.
	f, err := root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return r.readOpen(f, full)
}

// readFile reads the file path that a -ref names.
func (r *fileReader) readFile(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, notRegular(path, info)
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return r.readOpen(f, path)
}

// readOpen reads an open regular file within the bounds.
func (r *fileReader) readOpen(f *os.File, name string) ([]byte, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, notRegular(name, info)
	}
	limit := min(MaxSchemaDocumentBytes, r.budget)
	data, err := readAtMost(f, info.Size(), limit)
	if err != nil {
		if limit < MaxSchemaDocumentBytes {
			return nil, fmt.Errorf("%s: toolgen schema reads at most %d MiB for one schema, the documents it references included", name, MaxSchemaReadBytes>>20)
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	r.budget -= len(data)
	return data, nil
}

// readAtMost reads r, whose size is size if known (else <= 0), failing past
// limit bytes.
func readAtMost(r io.Reader, size int64, limit int) ([]byte, error) {
	tooLarge := fmt.Errorf("larger than %d MiB, the most toolgen schema reads of one document", MaxSchemaDocumentBytes>>20)
	if size > int64(limit) {
		return nil, tooLarge
	}
	data, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(data) > limit {
		return nil, tooLarge
	}
	return data, nil
}

func notRegular(name string, info os.FileInfo) error {
	kind := "not a regular file"
	switch m := info.Mode(); {
	case m.IsDir():
		kind = "a directory"
	case m&os.ModeNamedPipe != 0:
		kind = "a FIFO"
	case m&os.ModeDevice != 0:
		kind = "a device"
	case m&os.ModeSocket != 0:
		kind = "a socket"
	}
	return fmt.Errorf("%s is %s: toolgen schema reads schemas from regular files only", name, kind)
}

// refFix is the -ref that reads the file path from target, each written
// relative to the working directory unless that climbs to the top.
func refFix(path, target string) string {
	rel := func(p string) string {
		wd, err := os.Getwd()
		if err != nil {
			return p
		}
		r, err := filepath.Rel(wd, p)
		if err != nil {
			return p
		}
		r = filepath.ToSlash(r)
		segs, up := strings.Split(r, "/"), 0
		for up < len(segs) && segs[up] == ".." {
			up++
		}
		if up >= len(strings.Split(strings.Trim(filepath.ToSlash(wd), "/"), "/")) {
			return p
		}
		if !strings.HasPrefix(r, "../") {
			r = "./" + r
		}
		return r
	}
	if target == "" {
		target = path
	}
	return "-ref " + rel(path) + "=" + rel(target)
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
	name := strings.ToLower(emit.Identifier(filepath.Base(abs)))
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
	_, doc, notes, err := readSchemaFile(data, source, opts)
	if err != nil {
		return nil, notes, err
	}
	src, err := emit.SchemaFile(doc, pkg, fn, source, decideOnly, declared)
	if err != nil {
		return nil, notes, err
	}
	return src, notes, nil
}

// readSchemaFile reads a schema file once: its value, and the document
// compiled from it, with the notes of the compilation; its errors are at
// their keywords in the file, which source names.
func readSchemaFile(data []byte, source string, opts Options) (any, *jsonschema.Document, []Note, error) {
	if i := jsonschema.InvalidUTF8(data); i >= 0 {
		line, col := 1+bytes.Count(data[:i], []byte("\n")), i-bytes.LastIndexByte(data[:i], '\n')
		return nil, nil, nil, Errors{{Pos: token.Position{Filename: source, Line: line, Column: col}, Msg: "invalid UTF-8: a JSON document is UTF-8, and JSON decoders would read U+FFFD instead"}}
	}
	v, err := jsonschema.ParseJSON(data)
	if err != nil {
		// As Compile words it: at the document's root.
		return nil, nil, nil, Errors{{Msg: source + ": schema at #: " + err.Error()}}
	}
	doc, derrs := jsonschema.CompileValue(v, opts)
	var notes []Note
	if doc == nil {
		var errs Errors
		for _, de := range derrs {
			errs = append(errs, Error{Msg: source + ": " + de.Error()})
		}
		return nil, nil, nil, errs
	}
	for i, pos := range doc.Place(data, source, doc.Notes) {
		notes = append(notes, Note{Pos: pos, Msg: doc.Notes[i].Error()})
	}
	sort.SliceStable(notes, func(i, j int) bool { return ir.Before(notes[i].Pos, notes[j].Pos) })
	if len(derrs) > 0 {
		var errs Errors
		for i, pos := range doc.Place(data, source, derrs) {
			if pos.IsValid() {
				errs = append(errs, Error{Pos: pos, Msg: derrs[i].Error()})
			} else {
				errs = append(errs, Error{Msg: pos.Filename + ": " + derrs[i].Error()})
			}
		}
		return nil, nil, notes, errs.Err()
	}
	return v, doc, notes, nil
}
