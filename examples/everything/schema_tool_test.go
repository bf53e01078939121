package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

const schemaFile = "json_schema_2020_12.schema.json"

// json_schema_2020_12_tool, a tool whose schema is a file (schema=), is
// listed with that file's schema, every keyword kept: $schema, $defs with
// its $anchor, allOf, anyOf, if/then/else.
func TestSchemaFileToolListed(t *testing.T) {
	file, err := os.ReadFile(schemaFile)
	require.NoError(t, err)
	res, err := connect(t, "").ListTools(context.Background(), nil)
	require.NoError(t, err)
	var listed *mcp.Tool
	for _, l := range res.Tools {
		if l.Name == "json_schema_2020_12_tool" {
			listed = l
		}
	}
	require.NotNil(t, listed)
	in, err := json.Marshal(listed.InputSchema)
	require.NoError(t, err)
	assert.JSONEq(t, string(file), string(in))
	assert.Equal(t, "Takes a contact: a phone or an email, the one its contactMethod names.", listed.Description)

	// Where a provider's strict form cannot hold the schema, the definition
	// says so (non-strict, the same schema); Gemini, which takes neither
	// allOf nor if/then/else, is left out by dialects=.
	ds := JSONSchema202012ToolTool.Dialects
	assert.Equal(t, tool.OpenAINonStrict, ds.OpenAI.Form)
	assert.Contains(t, ds.OpenAI.Fallback, "keyword allOf at #")
	assert.JSONEq(t, string(file), string(ds.OpenAI.Parameters))
	assert.Equal(t, tool.AnthropicNonStrict, ds.Anthropic.Form)
	assert.Nil(t, ds.Gemini.Tool)
	assert.Nil(t, ds.GeminiJSONSchema.Tool)
}

// The tool's verdicts, through a Set and over MCP, are the reference
// validator's (santhosh-tekuri/jsonschema) on the file's schema.
func TestSchemaFileToolVerdicts(t *testing.T) {
	file, err := os.ReadFile(schemaFile)
	require.NoError(t, err)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(file))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	require.NoError(t, c.AddResource(schemaFile, doc))
	ref, err := c.Compile(schemaFile)
	require.NoError(t, err)

	var got []JSONSchema202012Args
	set := tool.NewSet(JSONSchema202012ToolTool.Handle(func(_ context.Context, a JSONSchema202012Args) (any, error) {
		got = append(got, a)
		return "ok", nil
	}))
	cs := connect(t, "")
	cases := []string{
		`{"phone": "555"}`, // else: email
		`{"email": "a@b.c"}`,
		`{"contactMethod": "phone", "phone": "555"}`,
		`{"contactMethod": "email", "email": "a@b.c", "name": "Ann", "address": {"street": "Main", "city": "X"}}`,
		`{"contactMethod": "email", "email": "a@b.c", "address": {"zip": 1}}`, // address is open
		`{}`,              // anyOf: neither phone nor email
		`{"name": "Ann"}`, // anyOf, and else: email
		`{"contactMethod": "phone", "email": "a@b.c"}`,   // then: phone
		`{"phone": "555", "contactMethod": "fax"}`,       // enum, and else: email
		`{"phone": "555", "email": "a@b.c", "x": true}`,  // additionalProperties
		`{"phone": 5, "email": "a@b.c"}`,                 // type
		`{"email": "a@b.c", "address": {"city": 7}}`,     // through $ref
		`{"email": "a@b.c", "address": "Main Street 1"}`, // through $ref
		`{"email": null}`, // null is a value, not absent
	}
	verdicts := map[bool]int{}
	for _, args := range cases {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(args)))
		require.NoError(t, err)
		valid := ref.Validate(v) == nil
		verdicts[valid]++

		res := set.Call(context.Background(), "json_schema_2020_12_tool", []byte(args))
		if valid {
			assert.Equal(t, tool.StatusExecuted, res.Status, "%s: %v", args, res.Errors)
		} else {
			assert.Equal(t, tool.StatusRejected, res.Status, args)
			assert.NotEmpty(t, res.Errors, args)
		}

		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(args), &m))
		r, text := call(t, cs, "json_schema_2020_12_tool", m)
		assert.Equal(t, !valid, r.IsError, "%s: %s", args, text)
	}
	assert.Equal(t, map[bool]int{true: 4, false: 10}, verdicts, "the cases are valid and invalid, as the reference says")
	// The struct receives the valid arguments.
	assert.Contains(t, got, JSONSchema202012Args{Name: "Ann", ContactMethod: ByEmail, Email: "a@b.c", Address: &Address{Street: "Main", City: "X"}})
}
