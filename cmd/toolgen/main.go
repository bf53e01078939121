// Command toolgen generates, for each Go struct annotated with
// //toolgen:tool, the tool's JSON Schema, its definition in each provider's
// form and a type-specialized validator of a model's arguments (and of the
// tool's results, for a tool with result=); for each struct annotated with
// //toolgen:output, each provider's response format and a validator and
// decoder of a model's answer; `toolgen schema` compiles a JSON Schema file
// into such a validator; `toolgen client` writes a typed, validated client of
// an MCP server's tools.
//
// Usage:
//
//	//go:generate go tool toolgen
//	toolgen [-check] [-output file] [-tags tags] [-type T1,T2] [-strict] [-annotate-unknown-formats] [-notes file] [packages]
//	toolgen schema [-check] [-o file.go] [-pkg name] [-func ValidateX] [-draft d] [-null-absent] [-strict-formats | -annotate-unknown-formats] [-ref prefix=path]... [-notes file] schema.json
//	toolgen client [-check] (-from tools.json | -from-command "cmd args" | -from-url URL) [-pkg name] -o file.go [-notes file]
//
// Packages are go/packages patterns, "." by default. The output, one file
// per package in its directory, is tools_gen.go unless -output says
// otherwise; loaded with -tags, it builds only with them (//go:build). A
// tool a provider cannot take in its strictest form goes to it in the next
// strictest; each such fallback is a note on standard error
// (file:line:col: note: ...), or with -strict an error; with -notes, the
// notes go to a generated file of that name beside the output instead, to
// commit and review. toolgen schema reads the schema's folder and what
// -ref maps, nothing else. toolgen client reads a tools/list result, or
// asks a server for it (started on stdio, or over streamable HTTP).
//
// With -check, toolgen writes nothing: it reports each generated file that
// would change, and each change to its tools and outputs, breaking or
// compatible for their callers and clients, and exits 1 if there is any (a
// CI step: go tool toolgen -check ./...). Without it, a run that rewrites a
// file prints those changes as notes.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"github.com/toolgen-go/toolgen/gen"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("toolgen: ")
	if len(os.Args) > 1 && os.Args[1] == "schema" {
		schemaMain(os.Args[2:])
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "client" {
		clientMain(os.Args[2:])
		return
	}
	output := flag.String("output", "", "output file name; default <package dir>/"+gen.DefaultOutput)
	tags := flag.String("tags", "", "comma-separated list of build tags to load the packages with; the output builds only with them (//go:build)")
	typeNames := flag.String("type", "", "comma-separated list of struct type names to generate tools for, besides those with a //toolgen:tool directive")
	strict := flag.Bool("strict", false, "make a definition that would fall back to a less strict form an error (a tool's strict=false overrides it)")
	annotate := flag.Bool("annotate-unknown-formats", false, "treat a format, contentEncoding or contentMediaType toolgen cannot check as an annotation instead of an error")
	notes := flag.String("notes", "", notesUsage)
	check := flag.Bool("check", false, checkUsage)
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "Usage of toolgen:\n")
		fmt.Fprintf(os.Stderr, "\ttoolgen [-check] [-output file] [-tags tags] [-type T1,T2] [-strict] [-annotate-unknown-formats] [-notes file] [packages]\n")
		fmt.Fprintf(os.Stderr, "\ttoolgen schema [flags] schema.json   (toolgen schema -h for its flags)\n")
		fmt.Fprintf(os.Stderr, "\ttoolgen client -from tools.json -pkg name -o file.go   (toolgen client -h for its flags)\n")
		fmt.Fprintf(os.Stderr, "Flags:\n")
		flag.PrintDefaults()
		fmt.Fprint(os.Stderr, checkHelp)
	}
	flag.Parse()

	// As the go command, -tags takes commas or spaces.
	tagList := strings.FieldsFunc(*tags, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
	cfg := gen.Config{Patterns: flag.Args(), Output: *output, Tags: tagList, Types: split(*typeNames),
		Strict: *strict, Options: gen.Options{AnnotateUnknownFormats: *annotate}}
	files, err := gen.Generate(cfg)
	if err == nil && *notes != "" {
		files = gen.NotesFiles(files, *notes)
	}
	finish(files, err, *check)
}

// schemaMain compiles a JSON Schema file into a validator.
func schemaMain(args []string) {
	fs := flag.NewFlagSet("toolgen schema", flag.ExitOnError)
	output := fs.String("o", "", "output file; default <schema without .json>_gen.go")
	pkg := fs.String("pkg", "", "package name of the output; default the package of the output's directory")
	fn := fs.String("func", "", "name of the validator function; default Validate<schema file name>")
	draft := fs.String("draft", "", "the draft of a schema without $schema: draft-04, draft-06, draft-07, 2019-09 or 2020-12 (the default)")
	nullAbsent := fs.Bool("null-absent", false, "count an optional member whose value is null as absent, as toolgen does for struct tools")
	strict := fs.Bool("strict-formats", false, "refuse a format, contentEncoding or contentMediaType toolgen cannot check, instead of compiling it as an annotation with a note")
	annotate := fs.Bool("annotate-unknown-formats", false, "compile a format, contentEncoding or contentMediaType toolgen cannot check as an annotation without a note")
	notes := fs.String("notes", "", notesUsage)
	check := fs.Bool("check", false, checkUsage)
	refs := map[string]string{}
	fs.Func("ref", "`prefix=path`: read a $ref to a URI that starts with prefix (or to a file under prefix, a path) from path plus the rest of the URI; without one, only the schema's folder is read (repeatable)", func(v string) error {
		prefix, path, ok := strings.Cut(v, "=")
		if !ok || prefix == "" || path == "" {
			return fmt.Errorf("want prefix=path, as http://example.com/schemas/=./schemas/")
		}
		refs[prefix] = path
		return nil
	})
	fs.Usage = usage(fs, "toolgen schema [-check] [-o file.go] [-pkg name] [-func ValidateX] [-draft d] [-null-absent] [-strict-formats | -annotate-unknown-formats] [-ref prefix=path]... [-notes file] schema.json")
	fs.Parse(args)
	if fs.NArg() != 1 {
		fs.Usage()
		os.Exit(2)
	}
	switch *draft {
	case "", "draft-04", "draft-06", "draft-07", "2019-09", "2020-12":
	default:
		log.Printf("-draft %s: want draft-04, draft-06, draft-07, 2019-09 or 2020-12", *draft)
		fs.Usage()
		os.Exit(2)
	}
	if *strict && *annotate {
		log.Print("-strict-formats and -annotate-unknown-formats exclude each other")
		fs.Usage()
		os.Exit(2)
	}
	files, err := gen.GenerateSchemaFile(gen.SchemaFile{
		Input: fs.Arg(0), Output: *output, Package: *pkg, Func: *fn, Refs: refs,
		Options: gen.Options{Draft: *draft, NullAbsent: *nullAbsent, StrictFormats: *strict, AnnotateUnknownFormats: *annotate},
	})
	if err == nil && *notes != "" {
		files = gen.NotesFiles(files, *notes)
	}
	finish(files, err, *check)
}

// clientMain writes a typed client of an MCP server's tools.
func clientMain(args []string) {
	fs := flag.NewFlagSet("toolgen client", flag.ExitOnError)
	from := fs.String("from", "", "the tools/list result to read: {\"tools\":[...]} or an array of tools (- for standard input)")
	fromCommand := fs.String("from-command", "", "a command that runs an MCP server on standard input and output, split at spaces (no shell): toolgen starts it and asks it for its tools")
	fromURL := fs.String("from-url", "", "the URL of an MCP server over streamable HTTP to ask for its tools")
	timeout := fs.Duration("timeout", 2*time.Minute, "how long -from-command or -from-url may take, a server's start (go run's build) included")
	output := fs.String("o", "", "output file (required)")
	pkg := fs.String("pkg", "", "package name of the output; default the package of the output's directory")
	notes := fs.String("notes", "", notesUsage)
	check := fs.Bool("check", false, "write nothing: report the file if it is out of date, and exit 1 if it is")
	fs.Usage = usage(fs, `toolgen client [-check] (-from tools.json | -from-command "cmd args" | -from-url URL) [-pkg name] -o file.go [-notes file]`)
	fs.Parse(args)
	sources := 0
	for _, s := range []string{*from, *fromCommand, *fromURL} {
		if s != "" {
			sources++
		}
	}
	if fs.NArg() != 0 || sources != 1 || *output == "" {
		if sources != 1 {
			log.Print("give one of -from, -from-command and -from-url")
		}
		fs.Usage()
		os.Exit(2)
	}
	var data []byte
	var err error
	source := *from
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	switch {
	case *fromCommand != "":
		source = *fromCommand
		data, err = gen.ListCommand(ctx, strings.Fields(*fromCommand), "")
	case *fromURL != "":
		source = *fromURL
		data, err = gen.ListURL(ctx, *fromURL, nil)
	default:
		in := os.Stdin
		if *from != "-" {
			in, err = os.Open(*from)
			if err != nil {
				log.Fatal(err)
			}
			defer in.Close()
		}
		data, err = io.ReadAll(io.LimitReader(in, gen.MaxSchemaDocumentBytes+1))
		if err == nil && len(data) > gen.MaxSchemaDocumentBytes {
			err = fmt.Errorf("%s: larger than %d MiB", *from, gen.MaxSchemaDocumentBytes>>20)
		}
	}
	if err != nil {
		log.Fatal(err)
	}
	files, err := gen.GenerateClient(gen.Client{Tools: data, Source: source, Output: *output, Package: *pkg})
	if err == nil && *notes != "" {
		files = gen.NotesFiles(files, *notes)
	}
	finish(files, err, *check)
}

// usage is the usage of a subcommand: its synopsis, then its flags.
func usage(fs *flag.FlagSet, synopsis string) func() {
	return func() {
		fmt.Fprintf(os.Stderr, "Usage of %s:\n\t%s\nFlags:\n", fs.Name(), synopsis)
		fs.PrintDefaults()
	}
}

// finish reports the errors of a run or its notes, and writes its files,
// with a note of each change a rewrite or a removal makes to a tool or an
// output; with check, it writes nothing and reports each file that would
// change instead, exiting 1 when there is any.
func finish(files []gen.File, err error, check bool) {
	if check {
		if err != nil {
			fmt.Fprintln(os.Stderr, relative(err.Error()))
			os.Exit(1)
		}
		stale, err := gen.Compare(files)
		if err != nil {
			log.Fatal(relative(err.Error()))
		}
		for _, s := range stale {
			fmt.Fprintln(os.Stderr, relative(outOfDate(s)))
			for _, c := range s.Changes {
				fmt.Fprintln(os.Stderr, relative(c.String()))
			}
		}
		if len(stale) > 0 {
			os.Exit(1)
		}
		return
	}
	report(files, err)
	stale, err := gen.Compare(files)
	if err != nil {
		log.Fatal(relative(err.Error()))
	}
	for _, s := range stale {
		if s.Action == "create" {
			continue // everything is new: nothing to tell
		}
		for _, c := range s.Changes {
			fmt.Fprintln(os.Stderr, relative(gen.Note{Pos: c.Pos, Msg: c.Class() + ": " + c.Msg}.String()))
		}
	}
	if err := gen.Write(files); err != nil {
		log.Fatal(relative(err.Error()))
	}
}

// outOfDate is the line -check prints of a file a run would change.
func outOfDate(s gen.Stale) string {
	breaking, compatible := 0, 0
	for _, c := range s.Changes {
		if c.Breaking {
			breaking++
		} else {
			compatible++
		}
	}
	what := ""
	switch {
	case s.Action == "create":
		return s.Path + ": missing; generate it"
	case s.Action == "remove":
		what = "its package defines no tool or output now, so it is to be removed"
	case filepath.Ext(s.Path) != ".go":
		what = "its notes differ"
	case len(s.Changes) == 0:
		what = "its generated code differs, no tool's or output's definition does"
	default:
		var counts []string
		if breaking > 0 {
			counts = append(counts, fmt.Sprintf("%d breaking %s", breaking, plural(breaking, "change")))
		}
		if compatible > 0 {
			counts = append(counts, fmt.Sprintf("%d compatible %s", compatible, plural(compatible, "change")))
		}
		what = strings.Join(counts, ", ")
	}
	return s.Path + ": out of date: " + what + "; regenerate it"
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// report prints the errors of a run, or its notes, one file:line:col:
// message per line as the Go compiler does, with the paths under the
// working directory relative to it; it exits on an error.
func report(files []gen.File, err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, relative(err.Error()))
		os.Exit(1)
	}
	for _, f := range files {
		for _, n := range f.Notes {
			fmt.Fprintln(os.Stderr, relative(n.String()))
		}
	}
}

// relative rewrites the absolute paths under the working directory in a
// message (its position, and those it cites) relative to it.
func relative(msg string) string {
	wd, err := os.Getwd()
	if err != nil || filepath.Dir(wd) == wd {
		return msg
	}
	return strings.ReplaceAll(msg, wd+string(filepath.Separator), "")
}

// checkUsage says what -check does; checkHelp, after the flags, what it
// prints.
const checkUsage = "write nothing: report each generated file that is out of date, with the changes to its tools and outputs, breaking or compatible, and exit 1 if there is any"

const checkHelp = `
With -check, toolgen compares what it would generate with the generated files
on disk (the baseline: no lock file, no version control) and writes nothing.
For each file that would change it prints "file: out of date: ...", then each
change to a tool or an output, at the tool's type:

	file:line:col: breaking: tool get_weather: arguments: days: member added as required: ...
	file:line:col: compatible: tool get_weather: arguments: city: description changed

Breaking, for a tool's callers and clients: a tool removed or renamed, a
member added as required or removed, a type narrowed, an enum value removed,
a bound tightened, a result that may now lack a member or hold a wider value;
and whatever toolgen cannot classify, marked "changed (review)". Compatible:
descriptions, a new optional member, a loosened bound, an enum value added.
It exits 0 when every file is current, 1 when one is not (or on an error).
Give it the flags the //go:generate line gives (-notes, -output, -tags), as
a CI step: go tool toolgen -check ./...

Without -check, a run that rewrites or removes a file prints the same changes
as notes ("file:line:col: note: breaking: ..."), so that a breaking change is
seen when it is made.
`

// notesUsage says what -notes does.
const notesUsage = "write the notes to this generated file beside each output (paths relative to it), not to standard error; a file without notes is removed"

func split(list string) []string {
	var out []string
	for _, s := range strings.Split(list, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
