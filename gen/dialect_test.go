package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/forms"
)

// generate runs the generator on a temporary package made of src.
func generate(t *testing.T, src string) ([]File, error, string) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/tools\n\ngo 1.26\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tools.go"), []byte(src), 0o644))
	files, err := Generate(Config{Dir: dir})
	return files, err, dir
}

func TestDialectsOption(t *testing.T) {
	files, err, _ := generate(t, `package tools

// LabelArgs labels a thing.
//
//toolgen:tool dialects=anthropic,openai-nonstrict,mcp,gemini-jsonschema
type LabelArgs struct {
	Labels map[string]string `+"`json:\"labels\"`"+`
}
`)
	require.NoError(t, err)
	require.Len(t, files, 1)
	src := string(files[0].Content)
	for _, field := range []string{"Anthropic,", "OpenAINonStrict,", "OpenAIResponsesNonStrict,", "MCP,", "GeminiJSONSchema,"} {
		assert.Contains(t, src, "{Shape: tool."+field, field)
	}
	for _, field := range []string{"OpenAI,", "OpenAIResponses,", "Gemini,"} {
		assert.NotContains(t, src, "{Shape: tool."+field, "%s is left out", field)
	}
	assert.NotContains(t, src, "labelArgsOpenAISchema")
	assert.NotContains(t, src, "labelArgsGeminiSchema ")
}

// Notes of the files, their positions relative to dir.
func notes(files []File, dir string) []string {
	var out []string
	for _, f := range files {
		for _, n := range f.Notes {
			out = append(out, strings.ReplaceAll(n.String(), dir+string(filepath.Separator), ""))
		}
	}
	return out
}

const fallbackSrc = `package tools

// Node is a tree.
type Node struct {
	Children []Node ` + "`json:\"children\"`" + `
}

// TreeArgs takes a tree.
//
//toolgen:tool
type TreeArgs struct {
	Root Node ` + "`json:\"root\"`" + `
	Meta map[string]string ` + "`json:\"meta,omitempty\"`" + `
	Dashed string ` + "`json:\"dashed-name\"`" + `
	Body any ` + "`json:\"body\"`" + `
}
`

// A schema a provider cannot take in its strictest form goes to it in the
// next strictest: a note at the field says so, one per field and cause, and
// so do the generated code and the definition.
func TestFallbackNotes(t *testing.T) {
	files, err, dir := generate(t, fallbackSrc)
	require.NoError(t, err)
	assert.Equal(t, []string{
		`tools.go:5:2: note: field Children: a recursive type cannot be expressed in Anthropic strict mode (no schema may refer to itself), so tree goes to Anthropic without "strict": true`,
		`tools.go:12:2: note: field Root: a recursive type cannot be expressed in Anthropic strict mode (no schema may refer to itself) or in Gemini's parameters (an OpenAPI 3.0 subset without $ref), so tree goes to Anthropic without "strict": true and to Gemini as parametersJsonSchema`,
		`tools.go:13:2: note: field Meta: a map cannot be expressed in OpenAI strict mode (every object needs additionalProperties: false) or in Anthropic strict mode (every object needs additionalProperties: false) or in Gemini's parameters (there is no additionalProperties), so tree goes to OpenAI with "strict": false and to Anthropic without "strict": true and to Gemini as parametersJsonSchema; a list of {key, value} objects would be strict everywhere`,
		`tools.go:14:2: note: field Dashed: the property name "dashed-name" cannot be expressed in Gemini's parameters (names must match ^[A-Za-z_][A-Za-z0-9_]{0,63}$), so tree goes to Gemini as parametersJsonSchema; a json name of letters, digits and _ would be strict everywhere`,
		`tools.go:15:2: note: field Body: a value of any type (any, json.RawMessage) cannot be expressed in OpenAI strict mode (every schema needs a type) or in Anthropic strict mode (every schema needs a type) or in Gemini's parameters (every schema needs a type), so tree goes to OpenAI with "strict": false and to Anthropic without "strict": true and to Gemini as parametersJsonSchema; a concrete type would be strict everywhere`,
	}, notes(files, dir))
	src := string(files[0].Content)
	assert.Contains(t, src, `// Fallbacks, where a provider cannot take the schema in its strictest form:
//   - OpenAI, OpenAIResponses: "strict": false, as OpenAI strict mode cannot express a map at
//     #/properties/meta, a value of any type (any, json.RawMessage) at #/properties/body.
//   - Anthropic: without "strict": true, as Anthropic strict mode cannot express a recursive type
//     at #/$defs/Node/properties/children/items and #/properties/root, a map at #/properties/meta,
//     a value of any type (any, json.RawMessage) at #/properties/body.
//   - Gemini: parametersJsonSchema, as Gemini's parameters cannot express a recursive type at
//     #/properties/root, a map at #/properties/meta, the property name "dashed-name" at
//     #/properties/dashed-name, a value of any type (any, json.RawMessage) at #/properties/body.
`)
	assert.Contains(t, src, `{Shape: tool.OpenAI, Form: tool.OpenAINonStrict, Parameters: treeArgsSchema, Fallback: "OpenAI strict mode cannot express a map at #/properties/meta, a value of any type (any, json.RawMessage) at #/properties/body"},`)
	assert.Contains(t, src, `{Shape: tool.Gemini, Form: tool.GeminiJSONSchema, Parameters: treeArgsGeminiJSONSchema, Fallback: `)
	assert.NotContains(t, src, `treeArgsOpenAISchema`, "no strict form")
	assert.NotContains(t, src, `treeArgsGeminiSchema `, "no parameters form")

	// A map in a recursive type: the note is at the field of the type in
	// $defs.
	files, err, dir = generate(t, `package tools

type Node struct {
	Attrs map[string]string `+"`json:\"attrs\"`"+`
	Kids []Node `+"`json:\"kids\"`"+`
}

// TreeArgs holds a tree.
//
//toolgen:tool dialects=openai,mcp
type TreeArgs struct {
	Root Node `+"`json:\"root\"`"+`
}
`)
	require.NoError(t, err)
	assert.Equal(t, []string{`tools.go:4:2: note: field Attrs: a map cannot be expressed in OpenAI strict mode (every object needs additionalProperties: false), so tree goes to OpenAI with "strict": false; a list of {key, value} objects would be strict everywhere`},
		notes(files, dir))
}

// strict=true, or Config.Strict (the -strict flag), makes each fallback an
// error; a tool's strict=false overrides the flag.
func TestStrictForbidsFallbacks(t *testing.T) {
	src := strings.Replace(fallbackSrc, "//toolgen:tool\n", "//toolgen:tool strict=true\n", 1)
	_, err, dir := generate(t, src)
	require.Error(t, err)
	text := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
	assert.Equal(t, strings.Join([]string{
		`tools.go:5:2: field Children: a recursive type cannot be expressed in Anthropic strict mode (no schema may refer to itself), and strictness is required (strict=true or -strict), so there is no fallback (schema at #/$defs/Node/properties/children/items); leave anthropic out with //toolgen:tool dialects=openai,openai-nonstrict,anthropic-nonstrict,gemini,gemini-jsonschema,mcp`,
		`tools.go:12:2: field Root: a recursive type cannot be expressed in Anthropic strict mode (no schema may refer to itself) or in Gemini's parameters (an OpenAPI 3.0 subset without $ref), and strictness is required (strict=true or -strict), so there is no fallback (schema at #/properties/root); leave anthropic and gemini out with //toolgen:tool dialects=openai,openai-nonstrict,anthropic-nonstrict,gemini-jsonschema,mcp`,
		`tools.go:13:2: field Meta: a map cannot be expressed in OpenAI strict mode (every object needs additionalProperties: false) or in Anthropic strict mode (every object needs additionalProperties: false) or in Gemini's parameters (there is no additionalProperties), and strictness is required (strict=true or -strict), so there is no fallback (schema at #/properties/meta); use a list of {key, value} objects, or leave openai, anthropic and gemini out with //toolgen:tool dialects=openai-nonstrict,anthropic-nonstrict,gemini-jsonschema,mcp`,
		`tools.go:14:2: field Dashed: the property name "dashed-name" cannot be expressed in Gemini's parameters (names must match ^[A-Za-z_][A-Za-z0-9_]{0,63}$), and strictness is required (strict=true or -strict), so there is no fallback (schema at #/properties/dashed-name); use a json name of letters, digits and _, or leave gemini out with //toolgen:tool dialects=openai,openai-nonstrict,anthropic,anthropic-nonstrict,gemini-jsonschema,mcp`,
		`tools.go:15:2: field Body: a value of any type (any, json.RawMessage) cannot be expressed in OpenAI strict mode (every schema needs a type) or in Anthropic strict mode (every schema needs a type) or in Gemini's parameters (every schema needs a type), and strictness is required (strict=true or -strict), so there is no fallback (schema at #/properties/body); use a concrete type, or leave openai, anthropic and gemini out with //toolgen:tool dialects=openai-nonstrict,anthropic-nonstrict,gemini-jsonschema,mcp`,
	}, "\n"), text)

	// Leaving the providers out makes it strict.
	src = strings.Replace(fallbackSrc, "//toolgen:tool\n", "//toolgen:tool strict=true dialects=openai-nonstrict,anthropic-nonstrict,gemini-jsonschema,mcp\n", 1)
	files, err, _ := generate(t, src)
	require.NoError(t, err)
	assert.Empty(t, files[0].Notes)

	dir = t.TempDir()
	writeModule(t, dir, fallbackSrc+`
// PlainArgs has nothing to fall back for.
//
//toolgen:tool
type PlainArgs struct {
	A int `+"`json:\"a\"`"+`
}

// LooseArgs may fall back.
//
//toolgen:tool strict=false
type LooseArgs struct {
	M map[string]int `+"`json:\"m\"`"+`
}
`)
	_, err = Generate(Config{Dir: dir, Strict: true})
	require.Error(t, err)
	assert.Len(t, strings.Split(err.Error(), "\n"), 5, "TreeArgs's five fallbacks, none of LooseArgs: %v", err)
	assert.NotContains(t, err.Error(), "field M:")
}

func writeModule(t *testing.T, dir, src string) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/tools\n\ngo 1.26\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tools.go"), []byte(src), 0o644))
}

func TestDialectsOptionErrors(t *testing.T) {
	_, err, dir := generate(t, `package tools

//toolgen:tool dialects=openai,gemini,cohere
type BadOption struct{}

//toolgen:tool dialects=mcp,mcp
type TwiceOption struct{}

//toolgen:tool dialects=
type EmptyOption struct{}

//toolgen:tool strict=maybe
type MaybeStrict struct{}
`)
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		`tools.go:3:1: dialects=openai,gemini,cohere: unknown dialect "cohere" (want some of openai, openai-nonstrict, anthropic, anthropic-nonstrict, gemini, gemini-jsonschema, mcp)`,
		`tools.go:6:1: dialects=mcp,mcp: dialect mcp is listed twice`,
		`tools.go:9:1: directive option "dialects=" must be key=value`,
		`tools.go:12:1: strict=maybe: want true or false`,
	}, "\n"), strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
}

// The number of tools of a package is not limited: a Gemini request's
// limit is checked by Tools.For, on the tools of the request.
func TestManyTools(t *testing.T) {
	var b strings.Builder
	b.WriteString("package tools\n")
	for i := range 200 {
		fmt.Fprintf(&b, "\n// T%dArgs is tool %d.\n//\n//toolgen:tool\ntype T%dArgs struct{ A int `json:\"a\"` }\n", i, i, i)
	}
	files, err, _ := generate(t, b.String())
	require.NoError(t, err)
	require.Len(t, files, 1)
	assert.Empty(t, files[0].Notes)
	assert.Equal(t, 200, strings.Count(string(files[0].Content), "{Shape: tool.Gemini, Parameters: "))
}

// TestDialectConstantsAvoidThePackage: a constant toolgen would declare
// that the package declares already takes another name.
func TestDialectConstantsAvoidThePackage(t *testing.T) {
	files, err, _ := generate(t, `package tools

const pingArgsOpenAISchema = "mine"

//toolgen:tool
type PingArgs struct{}
`)
	require.NoError(t, err)
	src := string(files[0].Content)
	assert.Contains(t, src, "pingArgsOpenAISchema2 ")
	assert.NotContains(t, src, "pingArgsOpenAISchema ")
}

// TestEveryFormEmitted: every form of the runtime's table is generated,
// for a tool, in its own form and as the fallback it names, and for an
// output where it is an output format.
func TestEveryFormEmitted(t *testing.T) {
	files, err, _ := generate(t, `package tools

// Strict converts a struct.
//
//toolgen:tool
type StrictArgs struct {
	A string `+"`json:\"a\"`"+`
}

// Loose takes a map, which no strict form expresses.
//
//toolgen:tool
type LooseArgs struct {
	M map[string]string `+"`json:\"m\"`"+`
}

// Answer is an answer.
//
//toolgen:output
type Answer struct {
	M map[string]string `+"`json:\"m\"`"+`
}
`)
	require.NoError(t, err)
	src := string(files[0].Content)
	table := func(name string) string {
		_, rest, ok := strings.Cut(src, "var "+name+" = []toolimpl.Form{")
		require.True(t, ok, "the table %s", name)
		rows, _, _ := strings.Cut(rest, "\n}\n")
		return rows
	}
	strict, loose, answer := table("strictArgsForms"), table("looseArgsForms"), table("answerForms")
	for _, d := range forms.Dialects() {
		f, _ := forms.Of(d)
		shape := "{Shape: tool." + f.Name + ","
		assert.Contains(t, strict, shape, "the tool's %s definition", f.Name)
		assert.Contains(t, loose, shape, "the tool's %s definition", f.Name)
		assert.Equal(t, f.Output(), strings.Contains(answer, shape), "the output's %s format", f.Name)
		if f.Fallback != "" {
			to, _ := forms.Of(f.Fallback)
			assert.Contains(t, loose, shape+" Form: tool."+to.Name+",", "%s falls back to %s", f.Name, to.Name)
			if f.Output() {
				assert.Contains(t, answer, shape+" Form: tool."+to.Name+",", "the output's %s format falls back to %s", f.Name, to.Name)
			}
		}
	}
}

// An Anthropic definition in each form: strict with its own schema, and
// the non-strict fallback with the canonical schema.
func TestAnthropicForms(t *testing.T) {
	files, err, _ := generate(t, fallbackSrc)
	require.NoError(t, err)
	src := string(files[0].Content)
	assert.Contains(t, src, `{Shape: tool.Anthropic, Form: tool.AnthropicNonStrict, Parameters: treeArgsSchema, Fallback: "Anthropic strict mode cannot express`)

	files, err, _ = generate(t, `package tools

// PlainArgs has bounds.
//
//toolgen:tool
type PlainArgs struct {
	N int `+"`json:\"n\" jsonschema:\"minimum=1\"`"+`
}
`)
	require.NoError(t, err)
	src = string(files[0].Content)
	assert.Contains(t, src, "`{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"description\":\"Must be at least 1.\"}},\"required\":[\"n\"],\"additionalProperties\":false}`")
	assert.Contains(t, src, "{Shape: tool.Anthropic, Parameters: plainArgsAnthropicSchema},")
}
