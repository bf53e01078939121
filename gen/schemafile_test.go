package gen_test

import (
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
	"github.com/toolgen-go/toolgen/internal/value"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// TestSchemaFileRefusals checks that what toolgen cannot compile is an
// error naming the keyword and its location in the schema.
func TestSchemaFileRefusals(t *testing.T) {
	for _, c := range []struct{ schema, want string }{
		{`{"$ref": "https://example.com/other.json"}`, `s.json: schema at #/$ref: $ref "https://example.com/other.json" is a remote reference (to https://example.com/other.json, not in this document): toolgen compiles references into the same document unless told where other documents are`},
		{`{"$ref": "#/$defs/missing"}`, `s.json: schema at #/$ref: $ref "#/$defs/missing": nothing at "/$defs/missing" in the document`},
		{`{"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}}`, `applies itself to the same value without end`},
		{`{"pattern": "(?<=a)b"}`, `s.json: schema at #/pattern: pattern "(?<=a)b" cannot be checked in Go`},
		{`{"patternProperties": {"^(a)\\1$": {}}}`, `backreference`},
		{`{"type": "text"}`, `s.json: schema at #/type: type "text" is not a JSON Schema type`},
		{`{"minLength": -1}`, `s.json: schema at #/minLength: minLength must be a non-negative integer`},
		{`{"items": [{}]}`, `s.json: schema at #/items: items as an array is draft 2019-09`},
		{`{"additionalItems": false}`, `s.json: schema at #/additionalItems: additionalItems is a draft 2019-09 keyword that draft 2020-12 ignores`},
		{`{"dependencies": {"a": ["b"]}}`, `s.json: schema at #/dependencies: dependencies is a draft-07 keyword that draft 2020-12 ignores`},
		{`{"$schema": "https://json-schema.org/draft/2019-09/schema", "dependencies": {"a": ["b"]}}`, `dependencies is a draft-07 keyword that draft 2019-09 ignores`},
		{`{"$schema": "http://example.com/my-meta"}`, `s.json: schema at #/$schema: $schema "http://example.com/my-meta" is not a JSON Schema draft toolgen knows (draft-04, draft-06, draft-07, 2019-09, 2020-12), and its metaschema cannot be read`},
		{`{"$schema": "http://json-schema.org/draft-04/schema#", "exclusiveMinimum": 3}`, `s.json: schema at #/exclusiveMinimum: exclusiveMinimum must be a boolean in draft-04`},
		{`{"$recursiveRef": "#/a", "$schema": "https://json-schema.org/draft/2019-09/schema"}`, `s.json: schema at #/$recursiveRef: $recursiveRef must be "#"`},
		{`{"minimum": 1e400}`, `s.json: schema at #/minimum: minimum 1e400 is out of the range of float64`},
		{`[]`, `s.json: schema at #: a schema must be an object or a boolean, not array`},
	} {
		_, _, err := gen.CompileSchema([]byte(c.schema), "p", "ValidateS", "s.json", gen.Options{})
		if assert.Error(t, err, c.schema) {
			assert.Contains(t, err.Error(), keywordAt(c.schema, c.want), c.schema)
		}
	}
}

// keywordAt positions an error "s.json: schema at #/a/b: ..." of a one-line
// schema at its keyword: the last "b" member name, or the root.
func keywordAt(schema, want string) string {
	rest, ok := strings.CutPrefix(want, "s.json: ")
	if !ok {
		return want
	}
	ptr, _, _ := strings.Cut(strings.TrimPrefix(rest, "schema at #"), ": ")
	col := 1
	if i := strings.LastIndexByte(ptr, '/'); i >= 0 {
		col = strings.LastIndex(schema, `"`+ptr[i+1:]+`"`) + 1
	}
	return fmt.Sprintf("s.json:1:%d: %s", col, rest)
}

// TestSchemaFileReachable checks that only what the root reaches is
// compiled and checked: an unused definition may hold anything toolgen
// refuses, and its notes are dropped too.
func TestSchemaFileReachable(t *testing.T) {
	unused := `"unused": {"pattern": "(?<=a)b", "format": "iri", "$ref": "https://example.com/x.json", "type": "text", "minLength": -1}`
	for _, schema := range []string{
		`{"type": "object", "$defs": {` + unused + `}}`,
		`{"$ref": "#/$defs/used", "$defs": {"used": {"type": "string"}, ` + unused + `}}`,
		`{"$schema": "http://json-schema.org/draft-07/schema#", "$ref": "#/definitions/used", "definitions": {"used": {"type": "string"}, ` + unused + `}}`,
		`{"properties": {"a": {"$ref": "#/$defs/used"}}, "$defs": {"used": {"$defs": {` + unused + `}}}}`,
	} {
		var notes []string
		_, noteList, err := gen.CompileSchema([]byte(schema), "p", "ValidateS", "s.json", gen.Options{StrictFormats: true})
		notes = noteStrings(noteList)
		assert.NoError(t, err, schema)
		assert.Empty(t, notes, schema)
	}
	// Reached, the same definition is refused, every error at its place.
	_, _, err := gen.CompileSchema([]byte(`{"$ref": "#/$defs/unused", "$defs": {`+unused+`}}`), "p", "ValidateS", "s.json", gen.Options{StrictFormats: true})
	require.Error(t, err)
	schema := `{"$ref": "#/$defs/unused", "$defs": {` + unused + `}}`
	for _, want := range []string{"#/$defs/unused/pattern", "#/$defs/unused/format", "#/$defs/unused/$ref", "#/$defs/unused/type", "#/$defs/unused/minLength"} {
		assert.Contains(t, err.Error(), keywordAt(schema, "s.json: schema at "+want+": "))
	}
}

// TestSchemaFileFormats checks the formats a schema file may hold: the
// ones toolgen checks compile, OpenAPI's annotations compile silently, and
// an unknown one is an annotation with a note by default, an error with
// StrictFormats, and silent with AnnotateUnknownFormats.
func TestSchemaFileFormats(t *testing.T) {
	schema := []byte(`{"properties": {
		"t": {"format": "uri-template"}, "b": {"format": "byte"}, "i": {"type": "integer", "format": "int32"},
		"l": {"format": "int64"}, "f": {"type": "number", "format": "float"}, "d": {"format": "double"},
		"x": {"format": "binary"}, "p": {"format": "password"},
		"u": {"format": "iri"}, "c": {"contentEncoding": "base32", "contentMediaType": "text/html"}}}`)
	var notes []string
	src, noteList, err := gen.CompileSchema(schema, "p", "ValidateS", "s.json", gen.Options{})
	notes = noteStrings(noteList)
	require.NoError(t, err)
	assert.Equal(t, []string{
		`s.json:5:9: note: schema at #/properties/u/format: format "iri" is not one toolgen checks (byte, date, date-time, duration, email, hostname, int32, int64, ipv4, ipv6, json-pointer, regex, time, uri, uri-reference, uri-template, uuid); compiled as an annotation: the validator does not check it (-strict-formats refuses it)`,
		`s.json:5:33: note: schema at #/properties/c/contentEncoding: contentEncoding "base32" is not one toolgen checks (base64); compiled as an annotation: the validator does not check it (-strict-formats refuses it)`,
		`s.json:5:62: note: schema at #/properties/c/contentMediaType: contentMediaType "text/html" is not one toolgen checks (application/json); compiled as an annotation: the validator does not check it (-strict-formats refuses it)`,
	}, notes)
	for _, call := range []string{"format.URITemplate(", "format.Byte(", "format.Int32(", "format.Int64("} {
		assert.True(t, strings.Contains(string(src), call), "the validator calls %s", call)
	}
	_, _, err = gen.CompileSchema(schema, "p", "ValidateS", "s.json", gen.Options{StrictFormats: true})
	require.Error(t, err)
	assert.Equal(t, 3, strings.Count(err.Error(), "toolgen refuses a constraint it cannot enforce (-strict-formats)"), err.Error())
	notes = nil
	_, noteList, err = gen.CompileSchema(schema, "p", "ValidateS", "s.json", gen.Options{AnnotateUnknownFormats: true})
	notes = noteStrings(noteList)
	require.NoError(t, err)
	assert.Empty(t, notes)
}

// TestSchemaFileEscaping compiles a schema whose every string needs care in
// Go source (quotes, backslashes, newlines, backticks, non-ASCII, a byte
// order mark, a comment terminator), checks that the code is gofmt and vet
// clean, builds it and checks the names in its errors.
func TestSchemaFileEscaping(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	names := []string{`a"b`, `back\slash`, "new\nline", "tab\tand\rcr", "`tick`", "*/ end", "日本語", "\u2028sep", "\ufeffbom", "~/tilde", "", "if", "errs", "v"}
	props := map[string]any{}
	for _, n := range names {
		props[n] = map[string]any{"type": "string", "description": "*/ `x` \" \\ \n", "enum": []any{n, "*/"}, "pattern": "^[^\"`\\\\]*$"}
	}
	schema := map[string]any{
		"$comment":             "*/ /* `",
		"description":          "a schema whose strings need escaping: \" ` \\ \n \ufeff",
		"type":                 "object",
		"properties":           props,
		"required":             names,
		"patternProperties":    map[string]any{"^x\"`\\\\.*$": map[string]any{"const": "\"`\n"}},
		"additionalProperties": map[string]any{"$ref": "#/$defs/q\"uo`te"},
		"$defs":                map[string]any{"q\"uo`te": map[string]any{"type": "integer"}},
	}
	data, err := json.Marshal(schema)
	require.NoError(t, err)
	src, _, err := gen.CompileSchema(data, "main", "ValidateWeird", "weird\n\"name\".json", gen.Options{})
	require.NoError(t, err)
	formatted, err := format.Source(src)
	require.NoError(t, err)
	assert.Equal(t, string(formatted), string(src), "gofmt clean")

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "weird_gen.go"), src, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(`package main

import (
	"fmt"
	"strconv"
)

func main() {
	for _, e := range ValidateWeird(map[string]any{"x\"`+"`"+`\\y": "no", "zz": "not an integer"}) {
		fmt.Println(e.Code, strconv.Quote(e.Path), strconv.Quote(e.Name))
	}
}
`), 0o644))
	buildTemp(t, dir)
	out, err := exec.Command(filepath.Join(dir, "suite.bin")).CombinedOutput()
	require.NoError(t, err, "%s", out)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	var want []string
	for _, n := range names {
		want = append(want, "missing "+quote("/"+strings.NewReplacer("~", "~0", "/", "~1").Replace(n))+" "+quote(n))
	}
	want = append(want, `const "/x\"`+"`"+`\\y" "x\"`+"`"+`\\y"`, `type "/zz" "zz"`)
	assert.Equal(t, want, lines)
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	var q string
	json.Unmarshal(b, &q)
	return strconvQuote(q)
}

// TestDeepValueUnderNot checks that a value nested past value.MaxDepth under
// a recursive reference is an error even where a failed check would pass
// (under not, in oneOf): the depth limit is never a verdict.
func TestDeepValueUnderNot(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	schema := `{"$defs": {"list": {"type": "array", "items": {"$ref": "#/$defs/list"}}},
		"properties": {"a": {"not": {"$ref": "#/$defs/list"}}, "b": {"$ref": "#/$defs/list"}}}`
	src, _, err := gen.CompileSchema([]byte(schema), "main", "ValidateDeep", "deep.json", gen.Options{})
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "deep_gen.go"), src, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(`package main

import "fmt"

func main() {
	var deep any = []any{}
	for range 100_000 {
		deep = []any{deep}
	}
	var shallow any = []any{[]any{}}
	fmt.Println(ValidateDeep(map[string]any{"a": deep}).Codes())
	fmt.Println(ValidateDeep(map[string]any{"b": deep}).Codes())
	fmt.Println(ValidateDeep(map[string]any{"a": shallow}).Codes())
	fmt.Println(ValidateDeep(map[string]any{"a": "x", "b": shallow}).Codes())
}
`), 0o644))
	buildTemp(t, dir)
	out, err := exec.Command(filepath.Join(dir, "suite.bin")).CombinedOutput()
	require.NoError(t, err, "%s", out)
	// Codes renders a long name shortened in its middle (256 bytes).
	deepCode := tool.Errors{{Code: tool.CodeDepth, Name: "b" + strings.Repeat("[0]", value.MaxDepth)}}.Codes()[0]
	assert.Equal(t, "[depth]\n["+deepCode+"]\n[not:a]\n[]\n", string(out))
}

// TestSchemaFileNullAbsent checks -null-absent: a null optional member is
// skipped, as for struct tools; without it, null is checked like any value.
func TestSchemaFileNullAbsent(t *testing.T) {
	schema := []byte(`{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["a"]}`)
	strict, _, err := gen.CompileSchema(schema, "p", "ValidateS", "s.json", gen.Options{})
	require.NoError(t, err)
	absent, _, err := gen.CompileSchema(schema, "p", "ValidateS", "s.json", gen.Options{NullAbsent: true})
	require.NoError(t, err)
	assert.Contains(t, string(strict), "if hasB {")
	assert.Contains(t, string(absent), "if hasB && b != nil {")
	assert.Contains(t, string(absent), "if hasA {", "a required member's null is a type error")
}

// ifChain is a schema whose $defs d0..d(n-1) each apply d(i+1) as if, then
// and else: a DAG of n levels with 3^n paths. owner says which schemas have
// unevaluatedProperties: "root" or "each" level.
func ifChain(n int, owner string) []byte {
	defs := map[string]any{}
	for i := range n {
		next := map[string]any{"$ref": fmt.Sprintf("#/$defs/d%d", i+1)}
		d := map[string]any{"if": next, "then": next, "else": next}
		if owner == "each" {
			d["unevaluatedProperties"] = false
		}
		defs[fmt.Sprintf("d%d", i)] = d
	}
	defs[fmt.Sprintf("d%d", n)] = map[string]any{"properties": map[string]any{"a": map[string]any{"type": "string"}}}
	root := map[string]any{"$defs": defs, "$ref": "#/$defs/d0"}
	if owner == "root" {
		root["unevaluatedProperties"] = false
	}
	data, err := json.Marshal(root)
	if err != nil {
		panic(err)
	}
	return data
}

// TestUnevaluatedChainBounded checks that the subschemas an unevaluated
// keyword looks through are counted once per schema, not once per path: a
// chain of if/then/else references 40 levels deep (3^40 paths) is refused
// as fast as a short one (on a walk of every path it would not finish), and
// each error is reported once, however many paths reach it.
func TestUnevaluatedChainBounded(t *testing.T) {
	for _, owner := range []string{"root", "each"} {
		for _, n := range []int{4, 8, 40} {
			_, _, err := gen.CompileSchema(ifChain(n, owner), "p", "ValidateS", "s.json", gen.Options{})
			if n == 4 {
				assert.NoError(t, err, "%s %d: 121 subschemas are few enough", owner, n)
				continue
			}
			require.Error(t, err, "%s %d", owner, n)
			lines := strings.Split(err.Error(), "\n")
			seen := map[string]bool{}
			for _, line := range lines {
				assert.False(t, seen[line], "%s %d: reported twice: %s", owner, n, line)
				seen[line] = true
				assert.Contains(t, line, "toolgen refuses to generate that much code")
			}
			if owner == "root" {
				assert.Len(t, lines, 1, "%s %d: one keyword, one error", owner, n)
			} else {
				// Each level with 6 levels or more below it: 1093 paths or more.
				assert.Len(t, lines, n-5, "%s %d", owner, n)
			}
		}
	}
}
