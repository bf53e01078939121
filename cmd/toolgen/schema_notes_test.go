package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/internal/forms"
)

// TestSchemaCommand runs toolgen schema on a schema file with a reference
// to a file beside it, one to a URI mapped with -ref, and a format toolgen
// does not check: a note by default, nothing with
// -annotate-unknown-formats, an error with -strict-formats.
func TestSchemaCommand(t *testing.T) {
	t.Parallel()
	dir := newModule(t, map[string]string{
		"s/p.go": "package s\n",
		"s/tool.json": `{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
			"properties": {"a": {"$ref": "defs.json#/definitions/a"}, "b": {"$ref": "http://example.com/schemas/b.json"},
			"c": {"type": "string", "format": "iri"}}}`,
		"s/defs.json":        `{"definitions": {"a": {"type": "string", "format": "uri-template"}}}`,
		"shared/b.json":      `{"type": "integer", "format": "int32"}`,
		"s/unreachable.json": `{"type": "object", "$defs": {"unused": {"$ref": "https://example.com/elsewhere.json", "format": "iri"}}}`,
	})
	sdir := filepath.Join(dir, "s")
	note := `tool.json:3:28: note: schema at #/properties/c/format: format "iri" is not one toolgen checks (byte, date, date-time, duration, email, hostname, int32, int64, ipv4, ipv6, json-pointer, regex, time, uri, uri-reference, uri-template, uuid); compiled as an annotation: the validator does not check it (-strict-formats refuses it)` + "\n"
	stdout, stderr, code := toolgen(t, sdir, "schema", "-ref", "http://example.com/schemas/=../shared/", "tool.json")
	if code != 0 || stdout != "" || stderr != note {
		t.Fatalf("toolgen schema: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and the note:\n%s", code, stdout, stderr, note)
	}
	src := read(t, filepath.Join(sdir, "tool_gen.go"))
	for _, want := range []string{"package s", "func ValidateTool(v any) tool.Errors", "format.URITemplate(", "format.Int32(",
		"the schema at defs.json#/definitions/a", "the schema at\n// http://example.com/schemas/b.json#"} {
		if !strings.Contains(src, want) {
			t.Errorf("tool_gen.go does not hold %q:\n%s", want, src)
		}
	}
	if strings.Contains(src, dir) {
		t.Errorf("tool_gen.go holds the absolute path %s", dir)
	}

	stdout, stderr, code = toolgen(t, sdir, "schema", "-annotate-unknown-formats", "-ref", "http://example.com/schemas/=../shared/", "tool.json")
	if code != 0 || stdout != "" || stderr != "" {
		t.Errorf("toolgen schema -annotate-unknown-formats: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and no output", code, stdout, stderr)
	}
	stdout, stderr, code = toolgen(t, sdir, "schema", "-strict-formats", "-ref", "http://example.com/schemas/=../shared/", "tool.json")
	if want := `tool.json:3:28: schema at #/properties/c/format: format "iri" is not one toolgen checks`; code != 1 || stdout != "" || !strings.Contains(stderr, want) {
		t.Errorf("toolgen schema -strict-formats: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and %q", code, stdout, stderr, want)
	}
	stdout, stderr, code = toolgen(t, sdir, "schema", "tool.json")
	if want := `tool.json:2:68: schema at #/properties/b/$ref: $ref "http://example.com/schemas/b.json" is a remote reference (to http://example.com/schemas/b.json, not in this document): toolgen fetches nothing over a network; map the URI to a local file with -ref prefix=path`; code != 1 || stdout != "" || !strings.Contains(stderr, want) {
		t.Errorf("toolgen schema without -ref: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and %q", code, stdout, stderr, want)
	}
	for _, args := range [][]string{{"-strict-formats", "-annotate-unknown-formats", "tool.json"}, {"-ref", "nothing", "tool.json"}, {"-draft", "draft-05", "tool.json"}} {
		stdout, stderr, code = toolgen(t, sdir, append([]string{"schema"}, args...)...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, "Usage of toolgen schema:") {
			t.Errorf("toolgen schema %s: exit %d, stdout %q, stderr:\n%s\nwant exit 2 and the usage", strings.Join(args, " "), code, stdout, stderr)
		}
	}
	// What the root does not reach is neither read nor checked.
	stdout, stderr, code = toolgen(t, sdir, "schema", "-strict-formats", "-draft", "2019-09", "unreachable.json")
	if code != 0 || stdout != "" || stderr != "" {
		t.Errorf("toolgen schema unreachable.json: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and no output", code, stdout, stderr)
	}
}

// TestSchemaReadsOnlyItsFolder runs toolgen schema on a schema whose
// references leave its folder: each is an error at its keyword that shows
// the -ref to add, nothing is written, and the -ref shown makes it compile.
func TestSchemaReadsOnlyItsFolder(t *testing.T) {
	t.Parallel()
	dir := newModule(t, map[string]string{
		"s/p.go":             "package s\n",
		"shared/secret.json": `{"nested": {"type": "string", "const": "hunter2"}}`,
	})
	write(t, filepath.Join(dir, "s", "tool.json"), `{"type": "object",
	"properties": {
		"a": {"$ref": "../shared/secret.json#/nested"},
		"b": {"$ref": "file://`+filepath.ToSlash(filepath.Join(dir, "shared", "secret.json"))+`#/nested"}}}`)
	sdir := filepath.Join(dir, "s")
	stdout, stderr, code := toolgen(t, sdir, "schema", "tool.json")
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	fix := "-ref ../shared/secret.json=../shared/secret.json"
	if code != 1 || stdout != "" || len(lines) != 2 ||
		!strings.HasPrefix(lines[0], "tool.json:3:9: schema at #/properties/a/$ref: ") || !strings.HasSuffix(lines[0], "; to read it, add "+fix) ||
		!strings.HasPrefix(lines[1], "tool.json:4:9: schema at #/properties/b/$ref: ") || !strings.HasSuffix(lines[1], "; to read it, add "+fix) ||
		!strings.Contains(stderr, "is outside the schema's folder "+sdir+", and toolgen schema reads only that folder and what -ref maps") {
		t.Fatalf("toolgen schema: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and two errors ending in %q", code, stdout, stderr, fix)
	}
	if _, err := os.Stat(filepath.Join(sdir, "tool_gen.go")); err == nil {
		t.Error("toolgen schema wrote tool_gen.go")
	}
	for _, ref := range []string{strings.TrimPrefix(fix, "-ref "), "../shared/=../shared/"} {
		if _, stderr, code := toolgen(t, sdir, "schema", "-ref", ref, "tool.json"); code != 0 {
			t.Errorf("toolgen schema -ref %s: exit %d\n%s", ref, code, stderr)
		} else if src := read(t, filepath.Join(sdir, "tool_gen.go")); !strings.Contains(src, "hunter2") {
			t.Errorf("toolgen schema -ref %s: tool_gen.go does not hold the mapped document's const:\n%s", ref, src)
		}
	}
}

// A fallback is a note on standard error, at the field, and the run
// succeeds; -strict makes it an error and writes nothing.
func TestFallbackNotes(t *testing.T) {
	t.Parallel()
	dir := newModule(t, map[string]string{"p/t.go": `package p

// RunCommandArgs runs a command.
//
//toolgen:tool risk=dangerous
type RunCommandArgs struct {
	// The command line.
	Command string ` + "`json:\"command\"`" + `
	// Environment variables.
	Env map[string]string ` + "`json:\"env,omitempty\"`" + `
}
`})
	stdout, stderr, code := toolgen(t, dir, "./...")
	want := `p/t.go:10:2: note: field Env: a map cannot be expressed in OpenAI strict mode (every object needs additionalProperties: false) or in Anthropic strict mode (every object needs additionalProperties: false) or in Gemini's parameters (there is no additionalProperties), so run_command goes to OpenAI with "strict": false and to Anthropic without "strict": true and to Gemini as parametersJsonSchema; a list of {key, value} objects would be strict everywhere
`
	if code != 0 || stdout != "" || stderr != want {
		t.Errorf("toolgen ./...: exit %d, stdout %q, stderr:\n%s\nwant exit 0, stderr:\n%s", code, stdout, stderr, want)
	}
	src := read(t, filepath.Join(dir, "p", "tools_gen.go"))
	if !strings.Contains(src, "var RunCommandTool = ") || !strings.Contains(src, `Form: tool.OpenAINonStrict,`) {
		t.Errorf("generated code without the fallback:\n%s", src)
	}
	if err := os.Remove(filepath.Join(dir, "p", "tools_gen.go")); err != nil {
		t.Fatal(err)
	}

	before := files(t, dir)
	stdout, stderr, code = toolgen(t, dir, "-strict", "./...")
	want = `p/t.go:10:2: field Env: a map cannot be expressed in OpenAI strict mode (every object needs additionalProperties: false) or in Anthropic strict mode (every object needs additionalProperties: false) or in Gemini's parameters (there is no additionalProperties), and strictness is required (strict=true or -strict), so there is no fallback (schema at #/properties/env); use a list of {key, value} objects, or leave openai, anthropic and gemini out with //toolgen:tool dialects=openai-nonstrict,anthropic-nonstrict,gemini-jsonschema,mcp
`
	if code != 1 || stdout != "" || stderr != want {
		t.Errorf("toolgen -strict ./...: exit %d, stdout %q, stderr:\n%s\nwant exit 1, stderr:\n%s", code, stdout, stderr, want)
	}
	sameFiles(t, before, files(t, dir))

	// With -notes, the notes go to a file beside the output, to commit and
	// review, and standard error stays quiet; errors still fail the run.
	stdout, stderr, code = toolgen(t, dir, "-notes=toolgen_notes.txt", "./...")
	if code != 0 || stdout != "" || stderr != "" {
		t.Errorf("toolgen -notes ./...: exit %d, stdout %q, stderr:\n%s\nwant exit 0 and nothing", code, stdout, stderr)
	}
	notes := read(t, filepath.Join(dir, "p", "toolgen_notes.txt"))
	if want := "// Code generated by toolgen. DO NOT EDIT.\nt.go:10:2: note: field Env: a map cannot be expressed in OpenAI strict mode"; !strings.HasPrefix(notes, want) {
		t.Errorf("toolgen_notes.txt:\n%s\nwant it to start with:\n%s", notes, want)
	}
	_, stderr, code = toolgen(t, dir, "-notes=toolgen_notes.txt", "-strict", "./...")
	if code != 1 || !strings.Contains(stderr, "field Env: a map cannot be expressed") {
		t.Errorf("toolgen -notes -strict ./...: exit %d, stderr:\n%s\nwant exit 1 and the error", code, stderr)
	}
}

// A package of 200 tools generates, compiles and runs: Tools.For gives
// every tool in every dialect, and refuses a Gemini request of more than
// 128 declarations, which a subset of the tools fits.
func TestTwoHundredTools(t *testing.T) {
	t.Parallel()
	var src strings.Builder
	src.WriteString("package many\n")
	for i := range 200 {
		fmt.Fprintf(&src, "\n// Tool%dArgs is tool number %d.\n//\n//toolgen:tool\ntype Tool%dArgs struct {\n\tN int `json:\"n\" jsonschema:\"maximum=%d\"`\n\tTags map[string]string `json:\"tags,omitempty\"`\n}\n", i, i, i, i)
	}
	// Every dialect of the table of forms, which the module cannot import.
	var names []string
	for _, d := range forms.Dialects() {
		f, _ := forms.Of(d)
		names = append(names, "tool."+f.Name)
	}
	dialects := strings.Join(names, ", ")
	dir := newModule(t, map[string]string{
		"many/t.go": src.String(),
		"many/many_test.go": `package many

import (
	"encoding/json"
	"testing"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestFor(t *testing.T) {
	if len(Tools) != 200 {
		t.Fatalf("%d tools", len(Tools))
	}
	for _, d := range []tool.Dialect{` + dialects + `} {
		raw, err := Tools.For(d)
		if d == tool.Gemini || d == tool.GeminiJSONSchema {
			if err == nil || err.Error() != "tool: 200 tools, but a Gemini request takes at most 128 function declarations: send a subset" {
				t.Errorf("For(%s): %v", d, err)
			}
			raw, err = Tools[:128].For(d)
		}
		var list []json.RawMessage
		if err != nil || json.Unmarshal(raw, &list) != nil || len(list) != 128 && len(list) != 200 {
			t.Errorf("For(%s): %d definitions, %v", d, len(list), err)
		}
	}
	if errs := Tools.Validate("tool199", map[string]any{"n": 200.0}); len(errs) != 1 || errs[0].Code != "maximum" {
		t.Errorf("Validate: %v", errs)
	}
}
`,
	})
	stdout, stderr, code := toolgen(t, dir, "./...")
	if code != 0 || stdout != "" || strings.Count(stderr, ": note: field Tags: a map") != 200 {
		t.Fatalf("toolgen: exit %d, stdout %q, stderr:\n%.2000s", code, stdout, stderr)
	}
	cmd := exec.Command("go", "test", "-count=1", "./many")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test: %v\n%s", err, out)
	}
}

// Where toolgen would do nothing it says so, at the place, with the fix:
// a comment that looks like a directive, a directive no type carries, a
// tool type in a _test.go file, a tool without a description, a package
// without tools. The run succeeds and generates what there is.
func TestSilentCasesAreNotes(t *testing.T) {
	t.Parallel()
	dir := newModule(t, map[string]string{
		"p/t.go": `package p

// SpacedArgs has a space after the slashes.
//
// toolgen:tool
type SpacedArgs struct {
	A string ` + "`json:\"a\"`" + `
}

//toolgen:tool

// DetachedArgs has its directive above a blank line.
type DetachedArgs struct {
	A string ` + "`json:\"a\"`" + `
}

//toolgen:tool
type UndocumentedArgs struct {
	A string ` + "`json:\"a\"`" + `
}

/* Toolgen: output */
type Answer struct {
	A string ` + "`json:\"a\"`" + `
}
`,
		"p/t_test.go": `package p

// TestOnlyArgs is declared with the tests.
//
//toolgen:tool
type TestOnlyArgs struct {
	A string ` + "`json:\"a\"`" + `
}
`,
		"empty/e.go": "package empty\n\n// Plain is no tool.\ntype Plain struct{}\n",
	})
	stdout, stderr, code := toolgen(t, dir, "./p", "./empty")
	want := `p/t.go:5:1: note: this comment is not a toolgen directive, so it does nothing: a directive is a line comment that begins //toolgen: with no space, as //toolgen:tool
p/t.go:10:1: note: this directive is not in the doc comment of a type, so it does nothing: write it in the comment right above ` + "`type T struct`" + `, with no blank line between them
p/t.go:18:6: note: tool undocumented has no description, and a model chooses a tool by its description: write a doc comment above UndocumentedArgs, or //toolgen:tool description="..."
p/t.go:22:1: note: this comment is not a toolgen directive, so it does nothing: a directive is a line comment that begins //toolgen: with no space, as //toolgen:output
p/t_test.go:6:6: note: TestOnlyArgs is in a _test.go file, which toolgen does not read (it loads the package as it builds, without its tests), so nothing is generated for it: move it to a file without the _test suffix
empty: note: example.com/m/empty has no type with a //toolgen:tool or //toolgen:output directive, so toolgen generates nothing for it (give -type to name struct types without one)
`
	if code != 0 || stdout != "" || stderr != want {
		t.Errorf("toolgen ./p ./empty: exit %d, stdout %q, stderr:\n%s\nwant exit 0, stderr:\n%s", code, stdout, stderr, want)
	}
	src := read(t, filepath.Join(dir, "p", "tools_gen.go"))
	if !strings.Contains(src, "var UndocumentedTool = ") || strings.Contains(src, "Spaced") || strings.Contains(src, "TestOnly") {
		t.Errorf("generated code for other tools than the one with a directive:\n%s", src)
	}
	if _, err := os.Stat(filepath.Join(dir, "empty", "tools_gen.go")); !os.IsNotExist(err) {
		t.Errorf("a package without tools got a file: %v", err)
	}
	// Under a wildcard, packages without tools are ordinary: a note only
	// when no package has any.
	_, stderr, code = toolgen(t, dir, "./empty/...")
	want = "note: ./empty/... has no type with a //toolgen:tool or //toolgen:output directive, so toolgen generates nothing for it (give -type to name struct types without one)\n"
	if code != 0 || stderr != want {
		t.Errorf("toolgen ./empty/...: exit %d, stderr:\n%s\nwant exit 0, stderr:\n%s", code, stderr, want)
	}
}

// An error at a field declared in another package points at the field, as
// one in the tool's own package does: its line and its column.
func TestErrorAtAFieldOfAnotherPackage(t *testing.T) {
	t.Parallel()
	dir := newModule(t, map[string]string{
		"q/q.go": `package q

// Inner is declared apart from the tool.
type Inner struct {
	Name string ` + "`json:\"name\"`" + `
	Ch   chan int ` + "`json:\"ch\"`" + `
}
`,
		"p/t.go": `package p

import "example.com/m/q"

// UseArgs uses q.Inner.
//
//toolgen:tool
type UseArgs struct {
	In q.Inner ` + "`json:\"in\"`" + `
}
`,
	})
	_, stderr, code := toolgen(t, dir, "./p")
	want := "q/q.go:6:2: field Ch: chan int has no JSON form (encoding/json cannot encode it); leave the field out with json:\"-\"\n"
	if code != 1 || stderr != want {
		t.Errorf("toolgen ./p: exit %d, stderr:\n%s\nwant exit 1, stderr:\n%s", code, stderr, want)
	}
}
