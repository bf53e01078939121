package gen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
)

// generateModule writes the files into a module and generates its tools,
// returning the files and the error with paths relative to the module.
func generateModule(t *testing.T, files map[string]string) ([]gen.File, string) {
	t.Helper()
	dir := t.TempDir()
	for name := range files {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755))
	}
	writeFiles(t, dir, files)
	out, err := gen.Generate(gen.Config{Dir: dir})
	if err != nil {
		return nil, strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
	}
	for i := range out {
		for j, n := range out[i].Notes {
			out[i].Notes[j].Msg = strings.ReplaceAll(n.Msg, dir+string(filepath.Separator), "")
			out[i].Notes[j].Pos.Filename = strings.TrimPrefix(n.Pos.Filename, dir+string(filepath.Separator))
		}
	}
	return out, ""
}

// A schema= tool whose file cannot be a tool's schema is an error at the
// directive or at the keyword in the file, with what to do.
func TestSchemaToolErrors(t *testing.T) {
	tools := `package p

// A is a.
//
//toolgen:tool schema=array.json
type A map[string]any

// B is b.
//
//toolgen:tool schema=remote.json dialects=mcp
type B map[string]any

// C is c.
//
//toolgen:tool schema=missing.json
type C struct{}

// D is d.
//
//toolgen:tool schema=/abs/d.json
type D struct{}

// E is e.
//
//toolgen:tool schema=broken.json
type E []string

// F is f.
//
//toolgen:tool schema=bad.json dialects=mcp
type F map[string]any

// G is g.
//
//toolgen:output schema=array.json
type G struct{ A int }

// H is h.
//
//toolgen:tool schema=sub
type H struct{}
`
	_, err := generateModule(t, map[string]string{
		"tools.go":    tools,
		"array.json":  `{"type": "array"}`,
		"remote.json": "{\"type\": \"object\",\n \"properties\": {\"a\": {\"$ref\": \"other.json#/x\"}}}",
		"broken.json": `{"type": "object"}`,
		"bad.json":    "{\"type\": \"object\",\n \"properties\": {\"a\": {\"minLength\": \"x\"}}}",
		"sub/a.json":  `{}`,
	})
	require.NotEmpty(t, err)
	for _, want := range []string{
		`tools.go:6:6: schema=array.json: a tool's arguments are a JSON object, and every provider (MCP's inputSchema too) wants "type": "object" at the root of their schema; add it`,
		`remote.json:2:23: schema at #/properties/a/$ref: $ref "other.json#/x" is a remote reference (to file:///other.json, not in this document): a tool's schema is sent as it is, and its clients read no other document: move what it references into the schema's $defs`,
		`tools.go:16:6: schema=missing.json: stat missing.json: no such file or directory`,
		`tools.go:21:6: schema=/abs/d.json: give the path relative to tools.go, so that the generated code holds no absolute path`,
		`tools.go:26:6: E is neither a struct type nor a map[string]any: a tool with schema= receives its valid arguments as one, through encoding/json`,
		`bad.json:2:23: schema at #/properties/a/minLength: minLength must be a non-negative integer`,
		`tools.go:35:1: unknown //toolgen:output option "schema" (want name=, description=, dialects=, strict= or form=)`,
		`tools.go:41:6: schema=sub: sub is a directory: toolgen schema reads schemas from regular files only`,
	} {
		assert.Contains(t, err, want)
	}
	assert.NotContains(t, err, "abs/d.json: no such file", "an absolute path is not read")
}

// A schema= tool: its schema is the file's, every keyword kept in the
// order written; its validator the file's; the providers whose strict form
// cannot hold it get the non-strict one, a note each; the unknown format is
// a note at its keyword in the file.
func TestSchemaToolGenerated(t *testing.T) {
	files, err := generateModule(t, map[string]string{
		"tools.go": `package p

// OrderArgs places an order.
//
//toolgen:tool schema=order.json dialects=openai,mcp
type OrderArgs struct {
	Item string ` + "`json:\"item\"`" + `
}
`,
		"order.json": `{"type": "object", "properties": {"item": {"type": "string", "format": "iri"}, "qty": {"type": "integer"}},
 "if": {"required": ["qty"]}, "then": {"properties": {"qty": {"minimum": 1}}}, "$comment": "kept"}`,
	})
	require.Empty(t, err)
	require.Len(t, files, 1)
	src := string(files[0].Content)
	assert.Contains(t, src, "orderArgsSchema = `"+`{"type":"object","properties":{"item":{"type":"string","format":"iri"},"qty":{"type":"integer"}},"if":{"required":["qty"]},"then":{"properties":{"qty":{"minimum":1}}},"$comment":"kept"}`+"`")
	assert.Contains(t, src, "var OrderTool = tool.Def[OrderArgs]{\n")
	assert.Contains(t, src, "func ValidateOrderArgs(args map[string]any) tool.Errors {")
	assert.NotContains(t, src, "DecodeOrderArgs", "encoding/json decodes the struct view")
	assert.Contains(t, src, "{Shape: tool.OpenAI, Form: tool.OpenAINonStrict, Parameters: orderArgsSchema, Fallback: ")
	var notes []string
	for _, n := range files[0].Notes {
		notes = append(notes, n.String())
	}
	assert.Contains(t, notes, `order.json:1:62: note: schema at #/properties/item/format: format "iri" is not one toolgen checks (byte, date, date-time, duration, email, hostname, int32, int64, ipv4, ipv6, json-pointer, regex, time, uri, uri-reference, uri-template, uuid); compiled as an annotation: the validator does not check it (-strict-formats refuses it)`)
	assert.Contains(t, strings.Join(notes, "\n"), `tools.go:6:6: note: tool order: keyword if at # of order.json cannot be expressed in OpenAI strict mode, so order goes to OpenAI with "strict": false`)
}
