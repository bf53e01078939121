package gen

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// convert converts a canonical schema, failing the test on errors.
func convert(t *testing.T, d Dialect, schema string) *Converted {
	t.Helper()
	c, errs := ConvertJSON(d, []byte(schema))
	require.Empty(t, errs, "%s", schema)
	return c
}

// convertErrors converts a schema the dialect cannot accept and returns the
// errors as "path: message".
func convertErrors(t *testing.T, d Dialect, schema string) []string {
	t.Helper()
	c, errs := ConvertJSON(d, []byte(schema))
	require.Nil(t, c)
	var out []string
	for _, e := range errs {
		assert.Equal(t, d, e.Dialect)
		out = append(out, e.Path+": "+e.Msg)
	}
	return out
}

const weatherSchema = `{"properties":{"city":{"type":"string","maxLength":100,"minLength":1,"description":"City name."},"days":{"type":"integer","maximum":14,"minimum":1},"units":{"type":"string","enum":["c","f"],"description":"Units"},"coords":{"properties":{"lat":{"type":"number"}},"additionalProperties":false,"type":"object","required":["lat"]},"tags":{"items":{"type":"string","pattern":"^[a-z]+$"},"type":"array","maxItems":10}},"additionalProperties":false,"type":"object","required":["city"],"description":"Weather."}`

func TestCanonicalDialectsSendTheSchemaAsIs(t *testing.T) {
	for _, d := range []Dialect{DialectOpenAINonStrict, DialectAnthropic, DialectMCP} {
		c := convert(t, d, weatherSchema)
		assert.Equal(t, weatherSchema, string(c.Parameters), d)
		assert.Empty(t, c.Moved)
	}
}

func TestOpenAIStrict(t *testing.T) {
	c := convert(t, DialectOpenAI, weatherSchema)
	assert.Equal(t, `{"type":"object","properties":{`+
		`"city":{"type":"string","description":"City name. Must be 1-100 characters."},`+
		`"days":{"type":["integer","null"],"maximum":14,"minimum":1},`+
		`"units":{"anyOf":[{"type":"string","enum":["c","f"]},{"type":"null"}],"description":"Units"},`+
		`"coords":{"anyOf":[{"type":"object","properties":{"lat":{"type":"number"}},"required":["lat"],"additionalProperties":false},{"type":"null"}]},`+
		`"tags":{"anyOf":[{"type":"array","items":{"type":"string","pattern":"^[a-z]+$"},"maxItems":10},{"type":"null"}]}},`+
		`"required":["city","days","units","coords","tags"],"additionalProperties":false,"description":"Weather."}`, string(c.Parameters))
	assert.Equal(t, []Moved{
		{Path: "/properties/city", Keyword: "maxLength", Text: "Must be 1-100 characters."},
		{Path: "/properties/city", Keyword: "minLength", Text: "Must be 1-100 characters."},
	}, c.Moved)
}

func TestOpenAIStrictNullable(t *testing.T) {
	// invopop's nullable form: required and nullable, optional and
	// nullable: one null either way.
	c := convert(t, DialectOpenAI, `{"properties":{
		"a":{"oneOf":[{"type":"string","description":"A."},{"type":"null"}]},
		"b":{"oneOf":[{"type":"object","properties":{"x":{"type":"integer"}},"additionalProperties":false,"required":["x"]},{"type":"null"}]},
		"c":{"oneOf":[{"type":"integer","enum":[1,2]},{"type":"null"}]}
	},"additionalProperties":false,"type":"object","required":["a"]}`)
	assert.JSONEq(t, `{"type":"object","properties":{
		"a":{"type":["string","null"],"description":"A."},
		"b":{"anyOf":[{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false},{"type":"null"}]},
		"c":{"anyOf":[{"type":"integer","enum":[1,2]},{"type":"null"}]}
	},"required":["a","b","c"],"additionalProperties":false}`, string(c.Parameters))
}

func TestOpenAIStrictMovesWhatItLacks(t *testing.T) {
	c := convert(t, DialectOpenAI, `{"properties":{
		"tags":{"items":{"type":"string","minLength":2},"type":"array","uniqueItems":true,"description":"Tags"},
		"n":{"type":"integer","default":3,"examples":[1,2]},
		"s":{"type":"string","maxLength":1},
		"b":{"type":"string","contentEncoding":"base64","readOnly":true,"x-extra":"yes"},
		"f":{"type":"string","format":"uri"},
		"e":{"type":"string","format":"email"}
	},"additionalProperties":false,"type":"object","required":["tags","n","s","b","f","e"]}`)
	var got struct{ Properties map[string]map[string]any }
	require.NoError(t, json.Unmarshal(c.Parameters, &got))
	props := got.Properties
	assert.Equal(t, "Tags. Must not contain the same item twice. Each item must be at least 2 characters.", props["tags"]["description"])
	assert.NotContains(t, props["tags"], "uniqueItems")
	assert.Equal(t, map[string]any{"type": "string"}, props["tags"]["items"])
	assert.Equal(t, "Defaults to 3. Examples: 1, 2.", props["n"]["description"])
	assert.Equal(t, "Must be at most 1 character.", props["s"]["description"])
	assert.Equal(t, map[string]any{"type": "string", "description": "Encoded in base64."}, props["b"])
	assert.Equal(t, "Must be an absolute URI.", props["f"]["description"])
	assert.Equal(t, "email", props["e"]["format"], "email is a format strict mode has")
}

func TestTagsDescriptionGetsAPeriod(t *testing.T) {
	c := convert(t, DialectOpenAI, `{"properties":{"s":{"type":"string","minLength":6,"maxLength":6,"description":"A code"}},"additionalProperties":false,"type":"object","required":["s"]}`)
	assert.Contains(t, string(c.Parameters), `"description":"A code. Must be exactly 6 characters."`)
}

func TestOpenAIStrictRecursion(t *testing.T) {
	c := convert(t, DialectOpenAI, `{"$defs":{"Node":{"properties":{"next":{"$ref":"#/$defs/Node","description":"Next."},"v":{"type":"integer"}},"additionalProperties":false,"type":"object","required":["v"]}},
		"properties":{"head":{"$ref":"#/$defs/Node"},"self":{"$ref":"#","description":"Me."}},"additionalProperties":false,"type":"object","required":["head"]}`)
	assert.JSONEq(t, `{"type":"object",
		"$defs":{"Node":{"type":"object","properties":{
			"next":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}],"description":"Next."},
			"v":{"type":"integer"}},"required":["next","v"],"additionalProperties":false}},
		"properties":{"head":{"$ref":"#/$defs/Node"},"self":{"anyOf":[{"$ref":"#"},{"type":"null"}],"description":"Me."}},
		"required":["head","self"],"additionalProperties":false}`, string(c.Parameters))
}

func TestOpenAIStrictRefuses(t *testing.T) {
	errs := convertErrors(t, DialectOpenAI, `{"properties":{
		"m":{"additionalProperties":{"type":"string"},"type":"object"},
		"open":{"type":"object"},
		"any":true,
		"ints":{"patternProperties":{"^[0-9]+$":{"type":"string"}},"additionalProperties":false,"type":"object"}
	},"additionalProperties":false,"type":"object"}`)
	assert.Equal(t, []string{
		"/properties/m: OpenAI strict mode needs additionalProperties: false on every object, so a map cannot be expressed",
		"/properties/open: OpenAI strict mode needs additionalProperties: false on every object, so an open object (map[string]any) cannot be expressed",
		"/properties/any: OpenAI strict mode needs a type in every schema, so a value of any type (any, json.RawMessage) cannot be expressed",
		"/properties/ints: patternProperties (a map with integer keys) cannot be expressed in the openai dialect",
	}, errs)
}

// nested returns an object schema with depth levels of nested objects.
func nested(depth int) string {
	s := `{"type":"string"}`
	for range depth {
		s = `{"properties":{"x":` + s + `},"additionalProperties":false,"type":"object","required":["x"]}`
	}
	return s
}

func TestOpenAIStrictLimits(t *testing.T) {
	convert(t, DialectOpenAI, nested(10))
	assert.Equal(t, []string{
		"/properties/x/properties/x/properties/x/properties/x/properties/x/properties/x/properties/x/properties/x/properties/x/properties/x: OpenAI strict mode takes at most 10 levels of nested objects, and this object is at level 11",
	}, convertErrors(t, DialectOpenAI, nested(11)))

	props := func(n int) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"p%d":{"type":"integer"}`, i)
		}
		return `{"properties":{` + b.String() + `},"additionalProperties":false,"type":"object"}`
	}
	convert(t, DialectOpenAI, props(5000))
	assert.Equal(t, []string{": OpenAI strict mode takes at most 5000 object properties in all, and this schema has 5001"},
		convertErrors(t, DialectOpenAI, props(5001)))

	enum := func(n, size int) string {
		values := make([]string, n)
		for i := range values {
			values[i] = fmt.Sprintf("%q", fmt.Sprintf("%0*d", size, i))
		}
		return `{"properties":{"e":{"type":"string","enum":[` + strings.Join(values, ",") + `]}},"additionalProperties":false,"type":"object","required":["e"]}`
	}
	convert(t, DialectOpenAI, enum(1000, 4))
	assert.Equal(t, []string{"/properties/e: OpenAI strict mode takes at most 1000 enum values in all, and this schema has 1001"},
		convertErrors(t, DialectOpenAI, enum(1001, 4)))
	convert(t, DialectOpenAI, enum(250, 100))
	assert.Equal(t, []string{"/properties/e: OpenAI strict mode takes an enum of more than 250 strings only when they total at most 15000 characters, and these total 15060"},
		convertErrors(t, DialectOpenAI, enum(251, 60)))

	for _, d := range AllDialects {
		_, errs := ConvertJSON(d, []byte(`{"type":"array","items":{"type":"string"}}`))
		require.Len(t, errs, 1, d)
		assert.Equal(t, "the parameters schema must have type object at its root", errs[0].Msg)
	}
}

func TestGemini(t *testing.T) {
	c := convert(t, DialectGemini, weatherSchema)
	assert.Equal(t, `{"type":"OBJECT","properties":{`+
		`"city":{"type":"STRING","maxLength":100,"minLength":1,"description":"City name."},`+
		`"days":{"type":"INTEGER","maximum":14,"minimum":1},`+
		`"units":{"type":"STRING","enum":["c","f"],"description":"Units"},`+
		`"coords":{"type":"OBJECT","properties":{"lat":{"type":"NUMBER"}},"required":["lat"]},`+
		`"tags":{"type":"ARRAY","items":{"type":"STRING","pattern":"^[a-z]+$"},"maxItems":10}},`+
		`"required":["city"],"propertyOrdering":["city","days","units","coords","tags"],"description":"Weather."}`, string(c.Parameters))
	assert.Empty(t, c.Moved)
}

func TestGeminiMovesWhatItLacks(t *testing.T) {
	c := convert(t, DialectGemini, `{"properties":{
		"price":{"type":"number","exclusiveMinimum":0,"multipleOf":0.01,"description":"Price"},
		"size":{"type":"integer","enum":[1,2,4]},
		"ids":{"items":{"type":"integer","exclusiveMaximum":10},"type":"array","uniqueItems":true},
		"v":{"const":"x","type":"string"},
		"n":{"oneOf":[{"type":"integer","examples":[3,4],"default":1},{"type":"null"}]}
	},"additionalProperties":false,"type":"object","required":["price"]}`)
	assert.JSONEq(t, `{"type":"OBJECT","properties":{
		"price":{"type":"NUMBER","description":"Price. Must be greater than 0 and be a multiple of 0.01."},
		"size":{"type":"INTEGER","description":"Must be one of 1, 2, 4."},
		"ids":{"type":"ARRAY","items":{"type":"INTEGER"},"description":"Must not contain the same item twice. Each item must be less than 10."},
		"v":{"type":"STRING","enum":["x"]},
		"n":{"type":"INTEGER","default":1,"example":3,"nullable":true}
	},"required":["price"],"propertyOrdering":["price","size","ids","v","n"]}`, string(c.Parameters))
	var keywords []string
	for _, m := range c.Moved {
		keywords = append(keywords, m.Path+" "+m.Keyword)
	}
	assert.Equal(t, []string{
		"/properties/price exclusiveMinimum", "/properties/price multipleOf", "/properties/size enum",
		"/properties/ids/items exclusiveMaximum", "/properties/ids uniqueItems",
	}, keywords)
}

func TestGeminiWithoutArguments(t *testing.T) {
	c := convert(t, DialectGemini, `{"properties":{},"additionalProperties":false,"type":"object","description":"Ping."}`)
	assert.Nil(t, c.Parameters, "a Gemini function without arguments has no parameters")
	c = convert(t, DialectGeminiJSONSchema, `{"properties":{},"additionalProperties":false,"type":"object"}`)
	assert.JSONEq(t, `{"type":"object","properties":{},"additionalProperties":false}`, string(c.Parameters))
}

func TestGeminiRefuses(t *testing.T) {
	errs := convertErrors(t, DialectGemini, `{"$defs":{"Node":{"properties":{"next":{"$ref":"#/$defs/Node"}},"additionalProperties":false,"type":"object"}},"properties":{
		"head":{"$ref":"#/$defs/Node"},
		"include-hourly":{"type":"boolean"},
		"m":{"additionalProperties":{"type":"string"},"type":"object"},
		"open":{"type":"object"},
		"empty":{"properties":{},"additionalProperties":false,"type":"object"},
		"any":true
	},"additionalProperties":false,"type":"object"}`)
	// The $defs are not converted: each $ref to them is an error.
	assert.Equal(t, []string{
		"/properties/head: Gemini's parameters (an OpenAPI 3.0 subset) have no $ref, so a recursive type cannot be expressed",
		`/properties/include-hourly: Gemini parameter names must match ^[A-Za-z_][A-Za-z0-9_]{0,63}$, and "include-hourly" does not`,
		"/properties/m: Gemini's parameters have no additionalProperties, so a map cannot be expressed",
		"/properties/m: Gemini's parameters need at least one property in every object, so an empty struct, a map or an open object cannot be expressed",
		"/properties/open: Gemini's parameters need at least one property in every object, so an empty struct, a map or an open object cannot be expressed",
		"/properties/empty: Gemini's parameters need at least one property in every object, so an empty struct, a map or an open object cannot be expressed",
		"/properties/any: Gemini's parameters need a type in every schema, so a value of any type (any, json.RawMessage) cannot be expressed",
	}, errs)
}

func TestGeminiJSONSchema(t *testing.T) {
	c := convert(t, DialectGeminiJSONSchema, `{"properties":{
		"city":{"type":"string","maxLength":100,"minLength":1,"pattern":"^[A-Z]","description":"City"},
		"tags":{"items":{"type":"string","pattern":"^[a-z]+$"},"type":"array","maxItems":10},
		"labels":{"additionalProperties":{"type":"string","maxLength":5},"type":"object","description":"Labels."},
		"n":{"oneOf":[{"type":"integer","multipleOf":2},{"type":"null"}]},
		"b":{"type":"boolean","enum":[true]}
	},"additionalProperties":false,"type":"object","required":["city"]}`)
	assert.JSONEq(t, `{"type":"object","properties":{
		"city":{"type":"string","description":"City. Must be 1-100 characters and match the regular expression ^[A-Z]."},
		"tags":{"type":"array","items":{"type":"string"},"maxItems":10,"description":"Each item must match the regular expression ^[a-z]+$."},
		"labels":{"type":"object","additionalProperties":{"type":"string"},"description":"Labels. Each value must be at most 5 characters."},
		"n":{"anyOf":[{"type":"integer"},{"type":"null"}],"description":"Must be a multiple of 2."},
		"b":{"type":"boolean","description":"Must be one of true."}
	},"required":["city"],"additionalProperties":false}`, string(c.Parameters))
}

func TestGeminiJSONSchemaKeepsRecursion(t *testing.T) {
	c := convert(t, DialectGeminiJSONSchema, `{"properties":{"self":{"$ref":"#","description":"Me."}},"additionalProperties":false,"type":"object"}`)
	assert.JSONEq(t, `{"type":"object","properties":{"self":{"$ref":"#","description":"Me."}},"additionalProperties":false}`, string(c.Parameters))
}

func TestUnknownKeywordsAreRefused(t *testing.T) {
	// A keyword the validator checks and a dialect cannot express is never
	// dropped: it is an error.
	for _, d := range []Dialect{DialectOpenAI, DialectGemini, DialectGeminiJSONSchema} {
		errs := convertErrors(t, d, `{"properties":{"a":{"type":"string","not":{"const":"x"}},"b":{"oneOf":[{"type":"string"},{"type":"integer"}]}},"additionalProperties":false,"type":"object"}`)
		assert.Equal(t, []string{
			"/properties/a: keyword not cannot be expressed in the " + string(d) + " dialect",
			"/properties/b: keyword oneOf cannot be expressed in the " + string(d) + " dialect",
		}, errs, d)
	}
}

func TestDefinitionParts(t *testing.T) {
	cases := []struct {
		field, risk, want string
	}{
		{"OpenAI", "act", `{"type":"function","function":{"name":"n","description":"D \"q\" <b>","parameters":{"type":"object"},"strict":true}}`},
		{"OpenAINonStrict", "act", `{"type":"function","function":{"name":"n","description":"D \"q\" <b>","parameters":{"type":"object"},"strict":false}}`},
		{"OpenAIResponses", "act", `{"type":"function","name":"n","description":"D \"q\" <b>","parameters":{"type":"object"},"strict":true}`},
		{"OpenAIResponsesNonStrict", "act", `{"type":"function","name":"n","description":"D \"q\" <b>","parameters":{"type":"object"},"strict":false}`},
		{"Anthropic", "act", `{"name":"n","description":"D \"q\" <b>","input_schema":{"type":"object"}}`},
		{"Gemini", "act", `{"name":"n","description":"D \"q\" <b>","parameters":{"type":"object"}}`},
		{"GeminiJSONSchema", "act", `{"name":"n","description":"D \"q\" <b>","parametersJsonSchema":{"type":"object"}}`},
		{"MCP", "read", `{"name":"n","description":"D \"q\" <b>","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}}`},
		{"MCP", "act", `{"name":"n","description":"D \"q\" <b>","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":false,"destructiveHint":false}}`},
		{"MCP", "dangerous", `{"name":"n","description":"D \"q\" <b>","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":false,"destructiveHint":true}}`},
	}
	for _, c := range cases {
		before, after := DefinitionParts(c.field, "n", `D "q" <b>`, c.risk, true)
		assert.Equal(t, c.want, before+`{"type":"object"}`+after, c.field)
		assert.True(t, json.Valid([]byte(before+"{}"+after)))
	}
	before, after := DefinitionParts("Gemini", "ping", "", "read", false)
	assert.Equal(t, `{"name":"ping"}`, before)
	assert.Empty(t, after)
	assert.Len(t, Shapes, 8)
}

// --- generation: the dialects= option, and errors at the field ---------------

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
	for _, field := range []string{"Anthropic:", "OpenAINonStrict:", "OpenAIResponsesNonStrict:", "MCP:", "GeminiJSONSchema:"} {
		assert.Contains(t, src, "\t\t"+field+" tool.Definition{", field)
	}
	for _, field := range []string{"OpenAI:", "OpenAIResponses:", "Gemini:"} {
		assert.NotContains(t, src, "\t\t"+field+" tool.Definition{", "%s is left out", field)
	}
	assert.NotContains(t, src, "labelArgsOpenAISchema")
	assert.NotContains(t, src, "labelArgsGeminiSchema ")
}

func TestDialectErrorsPointAtTheField(t *testing.T) {
	_, err, dir := generate(t, `package tools

// Node is a tree.
type Node struct {
	Children []Node `+"`json:\"children\"`"+`
}

// TreeArgs takes a tree.
//
//toolgen:tool
type TreeArgs struct {
	Root Node `+"`json:\"root\"`"+`
	Meta map[string]string `+"`json:\"meta,omitempty\"`"+`
	Dashed string `+"`json:\"dashed-name\"`"+`
}
`)
	require.Error(t, err)
	text := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
	assert.Equal(t, strings.Join([]string{
		`tools.go:12:2: field Root: Gemini's parameters (an OpenAPI 3.0 subset) have no $ref, so a recursive type cannot be expressed (schema at #/properties/root); leave gemini out with //toolgen:tool dialects=openai-nonstrict,anthropic,gemini-jsonschema,mcp`,
		`tools.go:13:2: field Meta: OpenAI strict mode needs additionalProperties: false on every object, so a map cannot be expressed (schema at #/properties/meta); leave openai out with //toolgen:tool dialects=openai-nonstrict,anthropic,gemini-jsonschema,mcp`,
		`tools.go:13:2: field Meta: Gemini's parameters have no additionalProperties, so a map cannot be expressed (schema at #/properties/meta); leave gemini out with //toolgen:tool dialects=openai-nonstrict,anthropic,gemini-jsonschema,mcp`,
		`tools.go:13:2: field Meta: Gemini's parameters need at least one property in every object, so an empty struct, a map or an open object cannot be expressed (schema at #/properties/meta); leave gemini out with //toolgen:tool dialects=openai-nonstrict,anthropic,gemini-jsonschema,mcp`,
		`tools.go:14:2: field Dashed: Gemini parameter names must match ^[A-Za-z_][A-Za-z0-9_]{0,63}$, and "dashed-name" does not (schema at #/properties/dashed-name); leave gemini out with //toolgen:tool dialects=openai-nonstrict,anthropic,gemini-jsonschema,mcp`,
	}, "\n"), text)

	// A map in a recursive type: the error is at the field of the type in
	// $defs.
	_, err, dir = generate(t, `package tools

type Node struct {
	Attrs map[string]string `+"`json:\"attrs\"`"+`
	Kids []Node `+"`json:\"kids\"`"+`
}

//toolgen:tool dialects=openai,mcp
type TreeArgs struct {
	Root Node `+"`json:\"root\"`"+`
}
`)
	require.Error(t, err)
	assert.Equal(t, `tools.go:4:2: field Attrs: OpenAI strict mode needs additionalProperties: false on every object, so a map cannot be expressed (schema at #/$defs/Node/properties/attrs); leave openai out with //toolgen:tool dialects=mcp`,
		strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
}

func TestDialectsOptionErrors(t *testing.T) {
	_, err, dir := generate(t, `package tools

//toolgen:tool dialects=openai,gemini,cohere
type BadOption struct{}

//toolgen:tool dialects=mcp,mcp
type TwiceOption struct{}

//toolgen:tool dialects=
type EmptyOption struct{}
`)
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		`tools.go:3:1: dialects=openai,gemini,cohere: unknown dialect "cohere" (want some of openai, openai-nonstrict, anthropic, gemini, gemini-jsonschema, mcp)`,
		`tools.go:6:1: dialects=mcp,mcp: dialect mcp is listed twice`,
		`tools.go:9:1: directive option "dialects=" must be key=value`,
	}, "\n"), strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
}

func TestGeminiToolLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("package tools\n")
	for i := range 129 {
		fmt.Fprintf(&b, "\n//toolgen:tool\ntype T%dArgs struct{ A int `json:\"a\"` }\n", i)
	}
	_, err, dir := generate(t, b.String())
	require.Error(t, err)
	text := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
	assert.Equal(t, "tools.go:388:6: tool t128: the package has more than 128 tools in the gemini dialect, and a Gemini request takes at most 128 function declarations; leave gemini out of some tools with //toolgen:tool dialects=..., or split the package\n"+
		"tools.go:388:6: tool t128: the package has more than 128 tools in the gemini-jsonschema dialect, and a Gemini request takes at most 128 function declarations; leave gemini-jsonschema out of some tools with //toolgen:tool dialects=..., or split the package", text)

	// Leaving Gemini out of one tool makes the package fit.
	src := strings.Replace(b.String(), "//toolgen:tool\ntype T0Args", "//toolgen:tool dialects=openai,anthropic,mcp\ntype T0Args", 1)
	_, err, _ = generate(t, src)
	assert.NoError(t, err)
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
