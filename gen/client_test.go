package gen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
)

// generateClient runs toolgen client on tools into a fresh directory.
func generateClient(t *testing.T, tools string) (string, []string, error) {
	t.Helper()
	files, err := gen.GenerateClient(gen.Client{Tools: []byte(tools), Source: "tools.json", Output: filepath.Join(t.TempDir(), "client_gen.go"), Package: "c"})
	if err != nil {
		return "", nil, err
	}
	require.Len(t, files, 1)
	var notes []string
	for _, n := range files[0].Notes {
		notes = append(notes, n.String())
	}
	_, perr := parser.ParseFile(token.NewFileSet(), "client_gen.go", files[0].Content, parser.AllErrors)
	require.NoError(t, perr, "%s", files[0].Content)
	return string(files[0].Content), notes, nil
}

// TestClientNames checks the Go names of tools and members: initialisms,
// keywords, names that collide, names that do not start with a letter.
func TestClientNames(t *testing.T) {
	src, _, err := generateClient(t, `[
		{"name": "get-sum", "inputSchema": {"type": "object", "properties": {"user_id": {"type": "string"}, "user-id": {"type": "string"}}}},
		{"name": "read_graph", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {"url": {"type": "string"}}}},
		{"name": "get_sum", "inputSchema": {"type": "object"}},
		{"name": "func", "inputSchema": {"type": "object"}},
		{"name": "9lives", "inputSchema": {"type": "object"}},
		{"name": "Client", "inputSchema": {"type": "object"}}
	]`)
	require.NoError(t, err)
	for _, want := range []string{
		"type GetSumArgs struct", "UserID  *string `json:\"user_id,omitempty\"`", "UserID2 *string `json:\"user-id,omitempty\"`",
		"func (c *Client) GetSum(ctx context.Context, args GetSumArgs) ([]mcp.Content, error)",
		"func (c *Client) ReadGraph(ctx context.Context, args ReadGraphArgs) (ReadGraphResult, error)",
		"URL *string `json:\"url,omitempty\"`",
		"func (c *Client) GetSum2(", "func (c *Client) Func(", "func (c *Client) P9lives(",
		"func (c *Client) Client(ctx context.Context, args ClientArgs)",
	} {
		assert.Contains(t, src, want)
	}
}

// TestClientNotes checks that what a Go type cannot say is a note naming
// the tool and the member, never dropped silently.
func TestClientNotes(t *testing.T) {
	_, notes, err := generateClient(t, `{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {
		"any": {}, "two": {"type": ["string", "integer"]}, "tuple": {"type": "array", "prefixItems": [{"type": "string"}]},
		"": {"type": "string"}, "mixed": {"oneOf": [{"type": "string"}, {"type": "object"}]},
		"open": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "integer"}}}}}]}`)
	require.NoError(t, err)
	assert.Equal(t, []string{
		`tools.json: note: tool "t": inputSchema/properties/any: a value of no type: json.RawMessage, checked by the validator`,
		`tools.json: note: tool "t": inputSchema/properties/two: a value of several types (string, integer): json.RawMessage, checked by the validator`,
		`tools.json: note: tool "t": inputSchema/properties/tuple: an array of prefixItems (a tuple) is []json.RawMessage`,
		`tools.json: note: tool "t": inputSchema/properties/: the member name "" cannot be a Go json tag: TArgs has no field for it, and cannot send or receive it`,
		`tools.json: note: tool "t": inputSchema/properties/mixed: oneOf of branches that are not all objects: json.RawMessage, checked by the validator`,
		`tools.json: note: tool "t": inputSchema/properties/open: additionalProperties beside properties: TArgsOpen holds the properties only; the other members are checked by the validator and dropped when decoded`,
	}, notes)
}

// TestClientDescriptions checks that a description, whatever it holds,
// stays in its comment.
func TestClientDescriptions(t *testing.T) {
	src, _, err := generateClient(t, `[{"name": "t", "description": "a */ b\nfunc init() { panic(1) }\r\n\u202e\u0000",
		"inputSchema": {"type": "object", "properties": {"x": {"type": "string", "description": "*/ var X = 1 /*"}}}}]`)
	require.NoError(t, err)
	f, err := parser.ParseFile(token.NewFileSet(), "c.go", src, 0)
	require.NoError(t, err)
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok {
			assert.NotEqual(t, "init", fn.Name.Name, "a description became code")
		}
	}
	assert.Nil(t, f.Scope.Lookup("X"), "a description became code")
	assert.Contains(t, src, "// func init() { panic(1) }\n")
	assert.Contains(t, src, `\u202e`)
	assert.NotContains(t, src, "\u202e")
}

// TestClientRefusals checks that what cannot work is an error naming the
// tool and what it cannot express.
func TestClientRefusals(t *testing.T) {
	for _, c := range []struct{ tools, want string }{
		{`{}`, `tools.json: the tools/list result has no "tools" array`},
		{`[{"inputSchema": {}}]`, `tools.json: tool 0 has no name`},
		{`[{"name": "a", "inputSchema": {}}, {"name": "a", "inputSchema": {}}]`, `tools.json: tool "a" is listed twice`},
		{`[{"name": "a"}]`, `tools.json: tool "a" has no inputSchema, which MCP requires`},
		{`[{"name": "a", "inputSchema": []}]`, `tools.json: tool "a": a schema is not an object`},
		{`[{"name": "a", "inputSchema": {"$ref": "https://example.com/s.json"}}]`, `tools.json: tool "a": inputSchema: schema at #/$ref: $ref "https://example.com/s.json" is a remote reference`},
		{`[{"name": "a", "inputSchema": {}, "outputSchema": {"pattern": "(?<=a)b"}}]`, `tools.json: tool "a": outputSchema: schema at #/pattern: pattern "(?<=a)b" cannot be checked in Go`},
	} {
		_, _, err := generateClient(t, c.tools)
		if assert.Error(t, err, c.tools) {
			assert.True(t, strings.Contains(err.Error(), c.want), "%s:\n got %s\nwant %s", c.tools, err, c.want)
		}
	}
}

// TestClientRootRef checks that a schema that is only a reference to one
// of its definitions, as zod-to-json-schema writes a named schema and as
// the MCP protocol's definitions are read, is typed by the definition; and
// that a schema listed twice is declared and checked once.
func TestClientRootRef(t *testing.T) {
	src, notes, err := generateClient(t, `[
		{"name": "t", "inputSchema": {"$ref": "#/$defs/Point", "$defs": {"Point": {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]}}},
			"outputSchema": {"$ref": "#/definitions/Node", "definitions": {"Node": {"type": "object", "properties": {"next": {"$ref": "#/definitions/Node"}}}}}},
		{"name": "u", "inputSchema": {"description": "A point.", "$ref": "#/$defs/Point", "$defs": {"Point": {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]}}}},
		{"name": "v", "inputSchema": {"$ref": "#/$defs/Point", "$defs": {"Point": {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]}}}},
		{"name": "w", "inputSchema": {"$ref": "#/$defs/Box/properties/inner", "$defs": {"Box": {"type": "object", "properties": {"inner": {"type": "object", "properties": {"z": {"type": "boolean"}}}}}}}}
	]`)
	require.NoError(t, err)
	assert.Empty(t, notes)
	for _, want := range []string{
		"type Point struct {\n\tX float64 `json:\"x\"`\n}", "type TArgs = Point\n", "type UArgs = Point\n",
		// A schema listed again is the first one's type and validator.
		"// Its schema is TArgs's.\ntype VArgs = TArgs\n", "\"v\", args, validateTArgs,",
		"type Node struct {\n\tNext *Node `json:\"next,omitempty\"`\n}", "type TResult = Node\n",
		"type WArgs struct {\n\tZ *bool `json:\"z,omitempty\"`\n}",
	} {
		assert.Contains(t, src, want)
	}
}
