package dialect

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/internal/forms"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// convertJSON converts the canonical schema of JSON text, which it checks
// is left as it was.
func convertJSON(t *testing.T, d ir.Dialect, schema string) (*Converted, []ir.DialectError) {
	t.Helper()
	v, err := jsonschema.ParseJSON([]byte(schema))
	require.NoError(t, err)
	before := jsonschema.CompactJSON(v)
	c, errs := Convert(d, &ir.Schema{JSON: []byte(schema), Value: v})
	require.Equal(t, before, jsonschema.CompactJSON(v), "%s: lowering changed the canonical value", d)
	return c, errs
}

// convert converts a canonical schema, failing the test on errors.
func convert(t *testing.T, d ir.Dialect, schema string) *Converted {
	t.Helper()
	c, errs := convertJSON(t, d, schema)
	require.Empty(t, errs, "%s", schema)
	return c
}

// convertErrors converts a schema the dialect cannot accept and returns the
// errors as "path: message".
func convertErrors(t *testing.T, d ir.Dialect, schema string) []string {
	t.Helper()
	c, errs := convertJSON(t, d, schema)
	require.Nil(t, c)
	var out []string
	for _, e := range errs {
		assert.Equal(t, d, e.Dialect)
		out = append(out, e.Path+": "+e.Msg())
	}
	return out
}

const weatherSchema = `{"properties":{"city":{"type":"string","maxLength":100,"minLength":1,"description":"City name."},"days":{"type":"integer","maximum":14,"minimum":1},"units":{"type":"string","enum":["c","f"],"description":"Units"},"coords":{"properties":{"lat":{"type":"number"}},"additionalProperties":false,"type":"object","required":["lat"]},"tags":{"items":{"type":"string","pattern":"^[a-z]+$"},"type":"array","maxItems":10}},"additionalProperties":false,"type":"object","required":["city"],"description":"Weather."}`

func TestCanonicalDialectsSendTheSchemaAsIs(t *testing.T) {
	for _, d := range []ir.Dialect{ir.Dialect("openai-nonstrict"), ir.Dialect("anthropic-nonstrict"), ir.Dialect("mcp")} {
		c := convert(t, d, weatherSchema)
		assert.Equal(t, weatherSchema, string(c.Parameters), d)
		assert.Empty(t, c.Moved)
	}
}

func TestOpenAIStrict(t *testing.T) {
	c := convert(t, ir.Dialect("openai"), weatherSchema)
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
	c := convert(t, ir.Dialect("openai"), `{"properties":{
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
	c := convert(t, ir.Dialect("openai"), `{"properties":{
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
	c := convert(t, ir.Dialect("openai"), `{"properties":{"s":{"type":"string","minLength":6,"maxLength":6,"description":"A code"}},"additionalProperties":false,"type":"object","required":["s"]}`)
	assert.Contains(t, string(c.Parameters), `"description":"A code. Must be exactly 6 characters."`)
}

func TestOpenAIStrictRecursion(t *testing.T) {
	c := convert(t, ir.Dialect("openai"), `{"$defs":{"Node":{"properties":{"next":{"$ref":"#/$defs/Node","description":"Next."},"v":{"type":"integer"}},"additionalProperties":false,"type":"object","required":["v"]}},
		"properties":{"head":{"$ref":"#/$defs/Node"},"self":{"$ref":"#","description":"Me."}},"additionalProperties":false,"type":"object","required":["head"]}`)
	assert.JSONEq(t, `{"type":"object",
		"$defs":{"Node":{"type":"object","properties":{
			"next":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}],"description":"Next."},
			"v":{"type":"integer"}},"required":["next","v"],"additionalProperties":false}},
		"properties":{"head":{"$ref":"#/$defs/Node"},"self":{"anyOf":[{"$ref":"#"},{"type":"null"}],"description":"Me."}},
		"required":["head","self"],"additionalProperties":false}`, string(c.Parameters))
}

func TestOpenAIStrictRefuses(t *testing.T) {
	errs := convertErrors(t, ir.Dialect("openai"), `{"properties":{
		"m":{"additionalProperties":{"type":"string"},"type":"object"},
		"open":{"type":"object"},
		"any":true,
		"ints":{"patternProperties":{"^[0-9]+$":{"type":"string"}},"additionalProperties":false,"type":"object"}
	},"additionalProperties":false,"type":"object"}`)
	assert.Equal(t, []string{
		"/properties/m: a map cannot be expressed in OpenAI strict mode (every object needs additionalProperties: false)",
		"/properties/open: an open object (map[string]any) cannot be expressed in OpenAI strict mode (every object needs additionalProperties: false)",
		"/properties/any: a value of any type (any, json.RawMessage) cannot be expressed in OpenAI strict mode (every schema needs a type)",
		"/properties/ints: a map with integer keys cannot be expressed in OpenAI strict mode (there is no patternProperties)",
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
	convert(t, ir.Dialect("openai"), nested(10))
	assert.Equal(t, []string{
		"/properties/x/properties/x/properties/x/properties/x/properties/x/properties/x/properties/x/properties/x/properties/x/properties/x: nesting this deep cannot be expressed in OpenAI strict mode (it takes at most 10 levels of nested objects, and this object is at level 11)",
	}, convertErrors(t, ir.Dialect("openai"), nested(11)))

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
	convert(t, ir.Dialect("openai"), props(5000))
	assert.Equal(t, []string{": a schema this large cannot be expressed in OpenAI strict mode (at most 5000 object properties in all, and this schema has 5001)"},
		convertErrors(t, ir.Dialect("openai"), props(5001)))

	enum := func(n, size int) string {
		values := make([]string, n)
		for i := range values {
			values[i] = fmt.Sprintf("%q", fmt.Sprintf("%0*d", size, i))
		}
		return `{"properties":{"e":{"type":"string","enum":[` + strings.Join(values, ",") + `]}},"additionalProperties":false,"type":"object","required":["e"]}`
	}
	convert(t, ir.Dialect("openai"), enum(1000, 4))
	assert.Equal(t, []string{"/properties/e: a schema this large cannot be expressed in OpenAI strict mode (at most 1000 enum values in all, and this schema has 1001)"},
		convertErrors(t, ir.Dialect("openai"), enum(1001, 4)))
	convert(t, ir.Dialect("openai"), enum(250, 100))
	assert.Equal(t, []string{"/properties/e: an enum of 251 values totalling 15060 characters cannot be expressed in OpenAI strict mode (an enum of more than 250 strings may total at most 15000 characters)"},
		convertErrors(t, ir.Dialect("openai"), enum(251, 60)))

	for _, d := range All {
		_, errs := convertJSON(t, d, `{"type":"array","items":{"type":"string"}}`)
		require.Len(t, errs, 1, d)
		assert.Equal(t, "the parameters schema must have type object at its root", errs[0].Why)
	}
}

func TestGemini(t *testing.T) {
	c := convert(t, ir.Dialect("gemini"), weatherSchema)
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
	c := convert(t, ir.Dialect("gemini"), `{"properties":{
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
	c := convert(t, ir.Dialect("gemini"), `{"properties":{},"additionalProperties":false,"type":"object","description":"Ping."}`)
	assert.Nil(t, c.Parameters, "a Gemini function without arguments has no parameters")
	c = convert(t, ir.Dialect("gemini-jsonschema"), `{"properties":{},"additionalProperties":false,"type":"object"}`)
	assert.JSONEq(t, `{"type":"object","properties":{},"additionalProperties":false}`, string(c.Parameters))
}

func TestGeminiRefuses(t *testing.T) {
	errs := convertErrors(t, ir.Dialect("gemini"), `{"$defs":{"Node":{"properties":{"next":{"$ref":"#/$defs/Node"}},"additionalProperties":false,"type":"object"}},"properties":{
		"head":{"$ref":"#/$defs/Node"},
		"include-hourly":{"type":"boolean"},
		"m":{"additionalProperties":{"type":"string"},"type":"object"},
		"open":{"type":"object"},
		"empty":{"properties":{},"additionalProperties":false,"type":"object"},
		"any":true
	},"additionalProperties":false,"type":"object"}`)
	// The $defs are not converted: each $ref to them is an error. One
	// error per object, whatever it lacks.
	assert.Equal(t, []string{
		"/properties/head: a recursive type cannot be expressed in Gemini's parameters (an OpenAPI 3.0 subset without $ref)",
		`/properties/include-hourly: the property name "include-hourly" cannot be expressed in Gemini's parameters (names must match ^[A-Za-z_][A-Za-z0-9_]{0,63}$)`,
		"/properties/m: a map cannot be expressed in Gemini's parameters (there is no additionalProperties)",
		"/properties/open: an open object (map[string]any) cannot be expressed in Gemini's parameters (every object needs a property)",
		"/properties/empty: an empty struct cannot be expressed in Gemini's parameters (every object needs a property)",
		"/properties/any: a value of any type (any, json.RawMessage) cannot be expressed in Gemini's parameters (every schema needs a type)",
	}, errs)
}

func TestGeminiJSONSchema(t *testing.T) {
	c := convert(t, ir.Dialect("gemini-jsonschema"), `{"properties":{
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
	c := convert(t, ir.Dialect("gemini-jsonschema"), `{"properties":{"self":{"$ref":"#","description":"Me."}},"additionalProperties":false,"type":"object"}`)
	assert.JSONEq(t, `{"type":"object","properties":{"self":{"$ref":"#","description":"Me."}},"additionalProperties":false}`, string(c.Parameters))
}

func TestUnknownKeywordsAreRefused(t *testing.T) {
	// A keyword the validator checks and a dialect cannot express is never
	// dropped: it is an error.
	for _, d := range []ir.Dialect{ir.Dialect("openai"), ir.Dialect("gemini"), ir.Dialect("gemini-jsonschema")} {
		errs := convertErrors(t, d, `{"properties":{"a":{"type":"string","not":{"const":"x"}}},"additionalProperties":false,"type":"object"}`)
		assert.Equal(t, []string{"/properties/a: keyword not cannot be expressed in " + Title(d)}, errs, d)
	}
	for _, d := range []ir.Dialect{ir.Dialect("openai"), ir.Dialect("gemini")} {
		errs := convertErrors(t, d, `{"properties":{"b":{"oneOf":[{"type":"string"},{"type":"integer"}]}},"additionalProperties":false,"type":"object"}`)
		assert.Equal(t, []string{"/properties/b: oneOf (exactly one of several schemas) cannot be expressed in " + Title(d)}, errs, d)
	}
}

// parametersJsonSchema is Gemini's last resort: what the struct side
// generates and it lacks is moved into descriptions, so that every tool
// has a Gemini definition.
func TestGeminiJSONSchemaMovesUnionsAndIntegerKeys(t *testing.T) {
	c := convert(t, ir.Dialect("gemini-jsonschema"), `{"properties":{
		"contact":{"properties":{"email":{"type":"string"},"phone":{"type":"string"}},"additionalProperties":false,"type":"object",
			"oneOf":[{"properties":{"email":true},"required":["email"],"title":"by_email"},{"properties":{"phone":true},"required":["phone"],"title":"by_phone"}]},
		"tags":{"properties":{"a":{"type":"string"},"b":{"type":"string"}},"additionalProperties":false,"type":"object",
			"anyOf":[{"properties":{"a":true,"b":true},"required":["a","b"],"title":"ab"}]},
		"priority":{"oneOf":[{"type":"integer"},{"type":"string"}],"description":"A priority."},
		"small":{"patternProperties":{"^[0-9]+$":{"type":"string","maxLength":3}},"additionalProperties":false,"type":"object","description":"By index."}
	},"additionalProperties":false,"type":"object"}`)
	assert.JSONEq(t, `{"type":"object","properties":{
		"contact":{"type":"object","properties":{"email":{"type":"string"},"phone":{"type":"string"}},"additionalProperties":false,"description":"Must have exactly one of: email; phone."},
		"tags":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"additionalProperties":false,"description":"Must have at least one of: a and b."},
		"priority":{"anyOf":[{"type":"integer"},{"type":"string"}],"description":"A priority. Must match exactly one of the alternatives."},
		"small":{"type":"object","additionalProperties":{"type":"string"},"description":"By index. Each member name must match the regular expression ^[0-9]+$. Each value must be at most 3 characters."}
	},"additionalProperties":false}`, string(c.Parameters))
	var moved []string
	for _, m := range c.Moved {
		moved = append(moved, m.Path+" "+m.Keyword)
	}
	assert.Equal(t, []string{"/properties/contact oneOf", "/properties/tags anyOf", "/properties/priority oneOf",
		"/properties/small patternProperties", "/properties/small/patternProperties/^[0-9]+$ maxLength"}, moved)

	// OpenAI strict mode and Gemini's parameters fall back instead.
	for _, d := range []ir.Dialect{ir.Dialect("openai"), ir.Dialect("gemini")} {
		_, errs := convertJSON(t, d, `{"properties":{"email":{"type":"string"}},"additionalProperties":false,"type":"object",
			"oneOf":[{"properties":{"email":true},"required":["email"]}]}`)
		require.Len(t, errs, 1, d)
		assert.Contains(t, errs[0].What, "oneof_required groups email")
	}
}

// ChooseForm goes down the fallbacks until a dialect expresses the schema,
// and reports the last one's errors when none does.
func TestChooseForm(t *testing.T) {
	shape := shapeOf(tool.OpenAIResponses)
	fails := map[ir.Dialect]bool{ir.Dialect("openai"): true}
	convert := func(d ir.Dialect) (*Converted, []ir.DialectError) {
		if fails[d] {
			return nil, []ir.DialectError{{Dialect: d, Path: "/properties/m", What: "a map"}}
		}
		return &Converted{Dialect: d, Parameters: []byte(string(d))}, nil
	}
	f, errs := ChooseForm(shape, convert)
	require.Empty(t, errs)
	assert.Equal(t, tool.OpenAIResponsesNonStrict, f.Form.Dialect)
	assert.Equal(t, "openai-nonstrict", string(f.Parameters))
	assert.Equal(t, "OpenAI strict mode cannot express a map at #/properties/m", FallbackText(f))

	fails[ir.Dialect("openai-nonstrict")] = true
	_, errs = ChooseForm(shape, convert)
	require.Len(t, errs, 1)
	assert.Equal(t, ir.Dialect("openai-nonstrict"), errs[0].Dialect, "the errors of the last form")

	shape = shapeOf(tool.Anthropic)
	f, errs = ChooseForm(shape, convert)
	require.Empty(t, errs)
	assert.Equal(t, shape, f.Form)
	assert.Empty(t, f.Fallback)
	assert.Empty(t, FallbackText(f))
}

// TestEveryFormHasRules: the generator has what it reads of each form of
// the runtime's table: the rules of its lowering, the form among the
// dialects= options, a title, and the phrases of a fallback to it.
func TestEveryFormHasRules(t *testing.T) {
	for _, f := range Shapes {
		if f.Fallback != "" {
			to := shapeOf(f.Fallback)
			require.NotNil(t, to, "%s falls back to a form of the table", f.Name)
			tl, out := &ir.Tool{}, &ir.Tool{Output: true}
			assert.NotEmpty(t, Envelope(tl, to).Note, to.Name)
			assert.NotEmpty(t, Envelope(tl, to).Comment, to.Name)
			if f.Output() {
				assert.NotEmpty(t, Envelope(out, to).Note, to.Name)
				assert.NotEmpty(t, Envelope(out, to).Comment, to.Name)
			}
		}
		_, known := lowerings[Lowering(f.Lowering)]
		assert.True(t, known, "%s: the generator has the rules of lowering %q", f.Name, f.Lowering)
		assert.Contains(t, All, ir.Dialect(f.Option), f.Name)
		assert.Equal(t, f.Title, Title(ir.Dialect(f.Option)), f.Name)
		_, errs := convertJSON(t, ir.Dialect(f.Option), weatherSchema)
		assert.Empty(t, errs, "%s converts", f.Name)
	}
	for l := range lowerings {
		assert.True(t, slices.ContainsFunc(Shapes, func(f *forms.Form) bool { return Lowering(f.Lowering) == l }), "lowering %q: a form takes it", l)
	}
}
