package toolimpl

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/forms"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestDialectsForms(t *testing.T) {
	const params = `{"type":"object"}`
	cases := []struct {
		form tool.Dialect
		risk tool.Risk
		want string
	}{
		{tool.OpenAI, tool.RiskAct, `{"type":"function","function":{"name":"n","description":"D \"q\" <b>","parameters":{"type":"object"},"strict":true}}`},
		{tool.OpenAINonStrict, tool.RiskAct, `{"type":"function","function":{"name":"n","description":"D \"q\" <b>","parameters":{"type":"object"},"strict":false}}`},
		{tool.OpenAIResponses, tool.RiskAct, `{"type":"function","name":"n","description":"D \"q\" <b>","parameters":{"type":"object"},"strict":true}`},
		{tool.OpenAIResponsesNonStrict, tool.RiskAct, `{"type":"function","name":"n","description":"D \"q\" <b>","parameters":{"type":"object"},"strict":false}`},
		{tool.Anthropic, tool.RiskAct, `{"name":"n","description":"D \"q\" <b>","input_schema":{"type":"object"},"strict":true}`},
		{tool.AnthropicNonStrict, tool.RiskAct, `{"name":"n","description":"D \"q\" <b>","input_schema":{"type":"object"}}`},
		{tool.Gemini, tool.RiskAct, `{"name":"n","description":"D \"q\" <b>","parameters":{"type":"object"}}`},
		{tool.GeminiJSONSchema, tool.RiskAct, `{"name":"n","description":"D \"q\" <b>","parametersJsonSchema":{"type":"object"}}`},
		{tool.MCP, tool.RiskRead, `{"name":"n","description":"D \"q\" <b>","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"},"annotations":{"readOnlyHint":true,"idempotentHint":true}}`},
		{tool.MCP, tool.RiskAct, `{"name":"n","description":"D \"q\" <b>","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"},"annotations":{"readOnlyHint":false,"destructiveHint":false,"idempotentHint":true}}`},
		{tool.MCP, tool.RiskDangerous, `{"name":"n","description":"D \"q\" <b>","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"},"annotations":{"readOnlyHint":false,"destructiveHint":true,"idempotentHint":false}}`},
	}
	for _, c := range cases {
		// The dangerous tool of the cases is not idempotent.
		got := dialects("n", `D "q" <b>`, c.risk, c.risk != tool.RiskDangerous, "", []Form{{Shape: c.form, Parameters: params}})
		def, ok := got.Get(c.form)
		require.True(t, ok, c.form)
		assert.Equal(t, c.want, string(def.Tool), c.form)
		want := params
		if c.form == tool.MCP {
			want = `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"}`
		}
		assert.Equal(t, want, string(def.Parameters), "%s: Parameters are the definition's schema", c.form)
		assert.Equal(t, c.form, def.Form)
		assert.Empty(t, def.Fallback)
	}
}

// A tool's definitions: each in its field, in the form given, the
// fallbacks saying why; none without parameters has a parameters member;
// the MCP definition carries the result's outputSchema; the fields left
// out stay zero; and the definitions, built in one buffer, do not overlap.
func TestDialects(t *testing.T) {
	got := dialects("ping", "", tool.RiskRead, true, `{"type":"string"}`, []Form{
		{Shape: tool.OpenAI, Form: tool.OpenAINonStrict, Parameters: `{}`, Fallback: "OpenAI strict mode cannot express a map at #/properties/m"},
		{Shape: tool.Gemini},
		{Shape: tool.MCP, Parameters: `{"type":"object"}`},
	})
	assert.Equal(t, `{"type":"function","function":{"name":"ping","parameters":{},"strict":false}}`, string(got.OpenAI.Tool))
	assert.Equal(t, tool.OpenAINonStrict, got.OpenAI.Form)
	assert.Equal(t, "OpenAI strict mode cannot express a map at #/properties/m", got.OpenAI.Fallback)
	assert.Equal(t, `{"name":"ping"}`, string(got.Gemini.Tool))
	assert.Nil(t, got.Gemini.Parameters)
	assert.Equal(t, `{"name":"ping","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"},"outputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"string"},"annotations":{"readOnlyHint":true,"idempotentHint":true}}`, string(got.MCP.Tool))
	for _, d := range []tool.Dialect{tool.OpenAINonStrict, tool.Anthropic, tool.GeminiJSONSchema} {
		_, ok := got.Get(d)
		assert.False(t, ok, d)
	}
	for _, d := range forms.Dialects() {
		if def, ok := got.Get(d); ok {
			assert.True(t, json.Valid(def.Tool), d)
			assert.Equal(t, len(def.Tool), cap(def.Tool), "appending to %s must not write over the next definition", d)
			assert.Equal(t, len(def.Parameters), cap(def.Parameters), "appending to the parameters of %s must not write over its definition", d)
		}
	}
}

// NewTool builds the definitions from the literal's own fields (name,
// description, risk, idempotence, result schema) and keeps the rest;
// NewOutput builds the formats from its name and description.
func TestNewToolFromLiteral(t *testing.T) {
	validate := func(map[string]any) tool.Errors { return nil }
	got := NewTool(tool.Tool{Name: "del", Description: "Deletes.", Risk: tool.RiskDangerous, Schema: json.RawMessage(`{}`),
		Validate: validate, Idempotent: true, ResultSchema: json.RawMessage(`{"type":"object"}`)},
		[]Form{{Shape: tool.MCP, Parameters: `{}`}, {Shape: tool.Anthropic, Parameters: `{"type":"object"}`}})
	assert.Equal(t, `{"name":"del","description":"Deletes.","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema"},"outputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"},"annotations":{"readOnlyHint":false,"destructiveHint":true,"idempotentHint":true}}`, string(got.Dialects.MCP.Tool))
	assert.Equal(t, `{"name":"del","description":"Deletes.","input_schema":{"type":"object"},"strict":true}`, string(got.Dialects.Anthropic.Tool))
	assert.Equal(t, "del", got.Name)
	assert.Equal(t, `{}`, string(got.Schema))
	assert.NotNil(t, got.Validate)
	assert.True(t, got.Idempotent)

	out := NewOutput(tool.Output{Name: "trip", Description: "A trip.", Schema: json.RawMessage(`{}`)},
		[]Form{{Shape: tool.OpenAI, Parameters: `{"type":"object"}`}})
	assert.Equal(t, `{"type":"json_schema","json_schema":{"name":"trip","description":"A trip.","schema":{"type":"object"},"strict":true}}`, string(out.Formats.OpenAI.Format))
	assert.Equal(t, "trip", out.Name)
}

// Names and descriptions are JSON strings as a model reads them: quotes
// and control characters escaped, HTML characters and non-ASCII as written.
func TestDialectsEscapes(t *testing.T) {
	desc := "Say \"hi\" <b>&</b>\n\tto 世界 \u2028"
	got := dialects("a\\b", desc, tool.RiskAct, true, "", []Form{{Shape: tool.AnthropicNonStrict, Parameters: `{}`}})
	var back struct{ Name, Description string }
	require.NoError(t, json.Unmarshal(got.AnthropicNonStrict.Tool, &back))
	assert.Equal(t, "a\\b", back.Name)
	assert.Equal(t, desc, back.Description)
	assert.Contains(t, string(got.AnthropicNonStrict.Tool), `<b>&</b>`)
}

// The dialect a form declares is the first member of each of its object
// schemas, and a schema that declares its own keeps it alone.
func TestAppendSchema(t *testing.T) {
	const d = "https://json-schema.org/draft/2020-12/schema"
	cases := []struct{ schema, want string }{
		{`{}`, `{"$schema":"` + d + `"}`},
		{`{ }`, `{"$schema":"` + d + `" }`},
		{`{"type":"object"}`, `{"$schema":"` + d + `","type":"object"}`},
		{`{"type":"object","properties":{"$schema":{"type":"string"}}}`, `{"$schema":"` + d + `","type":"object","properties":{"$schema":{"type":"string"}}}`},
		{`{"type":"object","$schema":"http://json-schema.org/draft-07/schema#"}`, `{"type":"object","$schema":"http://json-schema.org/draft-07/schema#"}`},
		{`true`, `true`},
	}
	for _, c := range cases {
		got := appendSchema(nil, d, c.schema)
		assert.Equal(t, c.want, string(got), c.schema)
		assert.True(t, json.Valid(got), c.schema)
		assert.Equal(t, c.schema, string(appendSchema(nil, "", c.schema)), "no dialect: the schema as it is")
	}
}

func TestDialectsUnknownDialect(t *testing.T) {
	assert.Panics(t, func() { dialects("x", "", tool.RiskAct, true, "", []Form{{Shape: "openai-legacy"}}) })
}

// The formats of a structured output in each form, byte for byte: names
// and descriptions as written (no HTML escaping), the schema as given.
func TestFormatsForms(t *testing.T) {
	for _, c := range []struct {
		shape, form tool.Dialect
		want        string
	}{
		{tool.OpenAI, tool.OpenAI, `{"type":"json_schema","json_schema":{"name":"n","description":"D <b>","schema":{},"strict":true}}`},
		{tool.OpenAI, tool.OpenAINonStrict, `{"type":"json_schema","json_schema":{"name":"n","description":"D <b>","schema":{},"strict":false}}`},
		{tool.OpenAIResponses, tool.OpenAIResponses, `{"type":"json_schema","name":"n","description":"D <b>","schema":{},"strict":true}`},
		{tool.OpenAIResponses, tool.OpenAIResponsesNonStrict, `{"type":"json_schema","name":"n","description":"D <b>","schema":{},"strict":false}`},
		{tool.Anthropic, tool.Anthropic, `{"type":"json_schema","schema":{}}`},
		{tool.Anthropic, tool.AnthropicNonStrict, `{"name":"n","description":"D <b>","input_schema":{}}`},
		{tool.Gemini, tool.Gemini, `{"responseMimeType":"application/json","responseSchema":{}}`},
		{tool.Gemini, tool.GeminiJSONSchema, `{"responseMimeType":"application/json","responseJsonSchema":{}}`},
	} {
		f := Form{Shape: c.shape, Parameters: `{}`}
		if c.form != c.shape {
			f.Form, f.Fallback = c.form, "why"
		}
		fs := formats("n", "D <b>", []Form{f})
		got, ok := fs.Get(c.shape)
		require.True(t, ok, c.form)
		assert.Equal(t, c.want, string(got.Format), c.form)
		assert.Equal(t, `{}`, string(got.Schema))
		assert.Equal(t, c.form, got.Form)
		assert.Equal(t, f.Fallback, got.Fallback)
	}
	assert.Panics(t, func() { formats("n", "", []Form{{Shape: tool.MCP, Parameters: `{}`}}) }, "MCP is no output format")
	assert.Panics(t, func() { formats("n", "", []Form{{Shape: tool.OpenAI, Form: tool.MCP, Parameters: `{}`}}) }, "no output takes the MCP form")
}

// TestEveryForm: every form of the runtime's table wraps a tool's
// definition, and an output's format where it has one, as its envelope
// says: valid JSON, the schema under the envelope's key, the name where
// the envelope has it, and "strict": true exactly in a strict form's
// definition.
func TestEveryForm(t *testing.T) {
	const schema = `{"type":"object","properties":{"a":{"type":"string"}}}`
	for _, d := range forms.Dialects() {
		row, ok := forms.Of(d)
		require.True(t, ok, d)
		ds := dialects("n", "D", tool.RiskRead, true, `{"type":"object"}`, []Form{{Shape: d, Parameters: schema}})
		def, ok := ds.Get(d)
		require.True(t, ok, d)
		members := object(t, def.Tool)
		if inner, ok := members["function"]; ok {
			members = object(t, inner)
		}
		want := schema
		if row.Definition.Schema != "" {
			want = `{"$schema":"` + row.Definition.Schema + `",` + schema[1:]
			assert.JSONEq(t, `{"$schema":"`+row.Definition.Schema+`","type":"object"}`, string(members["outputSchema"]), "%s: the outputSchema declares the dialect", d)
		}
		assert.JSONEq(t, want, string(members[row.Definition.Key]), "%s: the parameters under %q", d, row.Definition.Key)
		assert.Equal(t, string(members[row.Definition.Key]), string(def.Parameters), "%s: Parameters are the definition's", d)
		assert.Equal(t, `"n"`, string(members["name"]), d)
		assert.Equal(t, row.Strict, string(members["strict"]) == "true", "%s: strict as its row says", d)
		assert.Equal(t, row.Definition.Annotations, members["annotations"] != nil && members["outputSchema"] != nil, d)

		if row.Format == (forms.Envelope{}) {
			continue
		}
		shape := d
		for _, o := range forms.Dialects() {
			if of, _ := forms.Of(o); of.Output() && of.Fallback == d {
				shape = o
			}
		}
		fs := formats("n", "D", []Form{{Shape: shape, Form: d, Parameters: schema}})
		format, ok := fs.Get(shape)
		require.True(t, ok, "%s: an output format, or the fallback of one", d)
		members = object(t, format.Format)
		if inner, ok := members["json_schema"]; ok {
			members = object(t, inner)
		}
		assert.JSONEq(t, schema, string(members[row.Format.Key]), "%s: the schema under %q", d, row.Format.Key)
		assert.Equal(t, row.Format.Named, members["name"] != nil, d)
	}
}

func object(t *testing.T, raw []byte) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &m), "%s", raw)
	return m
}

// BenchmarkWrap is what initializing a package costs per tool (its nine
// definitions) and per output (its four formats).
func BenchmarkWrap(b *testing.B) {
	const schema = `{"type":"object","properties":{"city":{"type":"string","description":"City name."}},"required":["city"],"additionalProperties":false}`
	var rows []Form
	for _, d := range forms.Dialects() {
		rows = append(rows, Form{Shape: d, Parameters: schema})
	}
	outputs := []Form{{Shape: tool.OpenAI, Parameters: schema}, {Shape: tool.OpenAIResponses, Parameters: schema},
		{Shape: tool.Anthropic, Parameters: schema}, {Shape: tool.Gemini, Parameters: schema}}
	b.Run("Dialects", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			dialects("get_weather", "Asks for the weather.", tool.RiskRead, true, "", rows)
		}
	})
	b.Run("Formats", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			formats("itinerary", "A trip.", outputs)
		}
	})
}

// NewToolWith writes each member a form takes, in the table's order and
// before Close; the result schema only for a tool code may call; nothing
// in a form without the members, and, with a fallback, the members of the
// form the definition takes.
func TestNewToolWith(t *testing.T) {
	const params = `{"type":"object"}`
	const result = `{"type":"object","properties":{"n":{"type":"integer"}}}`
	base := tool.Tool{Name: "n", Risk: tool.RiskRead, Idempotent: true, ResultSchema: json.RawMessage(result)}
	rows := []Form{{Shape: tool.OpenAI, Parameters: params}, {Shape: tool.OpenAIResponses, Form: tool.OpenAIResponsesNonStrict, Parameters: params},
		{Shape: tool.Anthropic, Parameters: params}, {Shape: tool.Gemini, Parameters: params}, {Shape: tool.MCP, Parameters: params}}
	all := NewToolWith(base, rows, Extra{Defer: true, Callers: []string{"direct", "programmatic"}, Examples: []string{`{"a":1}`, `{"a":2}`}})
	assert.Equal(t, `{"type":"function","function":{"name":"n","parameters":{"type":"object"},"strict":true}}`, string(all.Dialects.OpenAI.Tool))
	assert.Equal(t, `{"type":"function","name":"n","parameters":{"type":"object"},"defer_loading":true,"allowed_callers":["direct","programmatic"],"output_schema":`+result+`,"strict":false}`,
		string(all.Dialects.OpenAIResponses.Tool))
	assert.Equal(t, `{"name":"n","input_schema":{"type":"object"},"defer_loading":true,"allowed_callers":["direct","code_execution_20250825","code_execution_20260120","code_execution_20260521"],"input_examples":[{"a":1},{"a":2}],"strict":true}`,
		string(all.Dialects.Anthropic.Tool))
	plain := NewTool(base, rows)
	assert.Equal(t, string(plain.Dialects.Gemini.Tool), string(all.Dialects.Gemini.Tool))
	assert.Equal(t, string(plain.Dialects.MCP.Tool), string(all.Dialects.MCP.Tool))
	for _, d := range []tool.Dialect{tool.OpenAIResponses, tool.Anthropic} {
		def, _ := all.Dialects.Get(d)
		assert.True(t, json.Valid(def.Tool), d)
	}

	direct := NewToolWith(base, rows, Extra{Callers: []string{"direct"}})
	assert.Equal(t, `{"type":"function","name":"n","parameters":{"type":"object"},"allowed_callers":["direct"],"output_schema":`+result+`,"strict":false}`,
		string(direct.Dialects.OpenAIResponses.Tool), "a result's schema whoever calls the tool")
	none := NewToolWith(base, rows, Extra{})
	assert.Equal(t, plain.Dialects, none.Dialects)
}
