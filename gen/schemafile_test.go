package gen_test

import (
	"encoding/json"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// TestSchemaFileRefusals checks that what toolgen cannot compile is an
// error naming the keyword and its location in the schema.
func TestSchemaFileRefusals(t *testing.T) {
	for _, c := range []struct{ schema, want string }{
		{`{"$dynamicRef": "#meta"}`, `s.json: schema at #/$dynamicRef: keyword $dynamicRef: dynamic references are not supported`},
		{`{"properties": {"a": {"unevaluatedProperties": false}}}`, `s.json: schema at #/properties/a/unevaluatedProperties: keyword unevaluatedProperties`},
		{`{"items": {"unevaluatedItems": false}}`, `s.json: schema at #/items/unevaluatedItems: keyword unevaluatedItems`},
		{`{"$ref": "https://example.com/other.json"}`, `s.json: schema at #/$ref: $ref "https://example.com/other.json" is a remote reference`},
		{`{"$ref": "#/$defs/missing"}`, `s.json: schema at #/$ref: $ref "#/$defs/missing": nothing at "/$defs/missing" in the document`},
		{`{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}}`, `applies itself to the same value without end`},
		{`{"pattern": "(?<=a)b"}`, `s.json: schema at #/pattern: pattern "(?<=a)b" cannot be checked in Go`},
		{`{"patternProperties": {"^(a)\\1$": {}}}`, `backreference`},
		{`{"format": "iri"}`, `s.json: schema at #/format: format "iri" is not one toolgen checks`},
		{`{"contentEncoding": "base32"}`, `s.json: schema at #/contentEncoding: contentEncoding "base32" is not one toolgen checks`},
		{`{"type": "text"}`, `s.json: schema at #/type: type "text" is not a JSON Schema type`},
		{`{"minLength": -1}`, `s.json: schema at #/minLength: minLength must be a non-negative integer`},
		{`{"items": [{}]}`, `s.json: schema at #/items: items as an array is draft 2019-09`},
		{`{"$schema": "http://example.com/my-meta"}`, `s.json: schema at #/$schema: $schema "http://example.com/my-meta" is not a JSON Schema draft toolgen knows`},
		{`{"$schema": "http://json-schema.org/draft-07/schema#", "$ref": "#/definitions/a", "type": "object", "definitions": {"a": {}}}`, `$ref beside type: draft 7 and earlier ignore the siblings of $ref`},
		{`{"minimum": 1e400}`, `s.json: schema at #/minimum: minimum 1e400 is out of the range of float64`},
		{`[]`, `s.json: schema at #: a schema must be an object or a boolean, not array`},
	} {
		_, err := gen.CompileSchema([]byte(c.schema), "p", "ValidateS", "s.json", gen.Options{})
		if assert.Error(t, err, c.schema) {
			assert.Contains(t, err.Error(), c.want, c.schema)
		}
	}
	// An unknown format is an annotation when asked.
	_, err := gen.CompileSchema([]byte(`{"format": "iri", "contentMediaType": "text/html"}`), "p", "ValidateS", "s.json", gen.Options{AnnotateUnknownFormats: true})
	assert.NoError(t, err)
	// Draft 7 schemas compile where their keywords mean the same.
	_, err = gen.CompileSchema([]byte(`{"$schema": "http://json-schema.org/draft-07/schema#", "properties": {"a": {"$ref": "#/definitions/a"}}, "definitions": {"a": {"type": "string"}}}`), "p", "ValidateS", "s.json", gen.Options{})
	assert.NoError(t, err)
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
	src, err := gen.CompileSchema(data, "main", "ValidateWeird", "weird\n\"name\".json", gen.Options{})
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

// TestDeepValueUnderNot checks that a value nested past tool.MaxDepth under
// a recursive reference is an error even where a failed check would pass
// (under not, in oneOf): the depth limit is never a verdict.
func TestDeepValueUnderNot(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	schema := `{"$defs": {"list": {"type": "array", "items": {"$ref": "#/$defs/list"}}},
		"properties": {"a": {"not": {"$ref": "#/$defs/list"}}, "b": {"$ref": "#/$defs/list"}}}`
	src, err := gen.CompileSchema([]byte(schema), "main", "ValidateDeep", "deep.json", gen.Options{})
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
	// Codes renders a long name shortened in its middle (tool.MaxField).
	deepCode := tool.Errors{{Code: tool.CodeDepth, Name: "b" + strings.Repeat("[0]", tool.MaxDepth)}}.Codes()[0]
	assert.Equal(t, "[depth]\n["+deepCode+"]\n[not:a]\n[]\n", string(out))
}

// TestSchemaFileNullAbsent checks -null-absent: a null optional member is
// skipped, as for struct tools; without it, null is checked like any value.
func TestSchemaFileNullAbsent(t *testing.T) {
	schema := []byte(`{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["a"]}`)
	strict, err := gen.CompileSchema(schema, "p", "ValidateS", "s.json", gen.Options{})
	require.NoError(t, err)
	absent, err := gen.CompileSchema(schema, "p", "ValidateS", "s.json", gen.Options{NullAbsent: true})
	require.NoError(t, err)
	assert.Contains(t, string(strict), "if hasB {")
	assert.Contains(t, string(absent), "if hasB && b != nil {")
	assert.Contains(t, string(absent), "if hasA {", "a required member's null is a type error")
}
