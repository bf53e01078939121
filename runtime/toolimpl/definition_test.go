package toolimpl

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
		{tool.MCP, tool.RiskRead, `{"name":"n","description":"D \"q\" <b>","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true,"idempotentHint":true}}`},
		{tool.MCP, tool.RiskAct, `{"name":"n","description":"D \"q\" <b>","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":false,"destructiveHint":false,"idempotentHint":true}}`},
		{tool.MCP, tool.RiskDangerous, `{"name":"n","description":"D \"q\" <b>","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":false,"destructiveHint":true,"idempotentHint":false}}`},
	}
	for _, c := range cases {
		// The dangerous tool of the cases is not idempotent.
		got := Dialects("n", `D "q" <b>`, c.risk, c.risk != tool.RiskDangerous, "", []Form{{Shape: c.form, Parameters: params}})
		def, ok := got.Get(c.form)
		require.True(t, ok, c.form)
		assert.Equal(t, c.want, string(def.Tool), c.form)
		assert.Equal(t, params, string(def.Parameters))
		assert.Equal(t, c.form, def.Form)
		assert.Empty(t, def.Fallback)
	}
}

// A tool's definitions: each in its field, in the form given, the
// fallbacks saying why; none without parameters has a parameters member;
// the MCP definition carries the result's outputSchema; the fields left
// out stay zero; and the definitions, built in one buffer, do not overlap.
func TestDialects(t *testing.T) {
	got := Dialects("ping", "", tool.RiskRead, true, `{"type":"string"}`, []Form{
		{Shape: tool.OpenAI, Form: tool.OpenAINonStrict, Parameters: `{}`, Fallback: "OpenAI strict mode cannot express a map at #/properties/m"},
		{Shape: tool.Gemini},
		{Shape: tool.MCP, Parameters: `{"type":"object"}`},
	})
	assert.Equal(t, `{"type":"function","function":{"name":"ping","parameters":{},"strict":false}}`, string(got.OpenAI.Tool))
	assert.Equal(t, tool.OpenAINonStrict, got.OpenAI.Form)
	assert.Equal(t, "OpenAI strict mode cannot express a map at #/properties/m", got.OpenAI.Fallback)
	assert.Equal(t, `{"name":"ping"}`, string(got.Gemini.Tool))
	assert.Nil(t, got.Gemini.Parameters)
	assert.Equal(t, `{"name":"ping","inputSchema":{"type":"object"},"outputSchema":{"type":"string"},"annotations":{"readOnlyHint":true,"idempotentHint":true}}`, string(got.MCP.Tool))
	for _, d := range []tool.Dialect{tool.OpenAINonStrict, tool.Anthropic, tool.GeminiJSONSchema} {
		_, ok := got.Get(d)
		assert.False(t, ok, d)
	}
	for _, d := range tool.AllDialects() {
		if def, ok := got.Get(d); ok {
			assert.True(t, json.Valid(def.Tool), d)
			assert.Equal(t, len(def.Tool), cap(def.Tool), "appending to %s must not write over the next definition", d)
		}
	}
}

// Names and descriptions are JSON strings as a model reads them: quotes
// and control characters escaped, HTML characters and non-ASCII as written.
func TestDialectsEscapes(t *testing.T) {
	desc := "Say \"hi\" <b>&</b>\n\tto 世界 \u2028"
	got := Dialects("a\\b", desc, tool.RiskAct, true, "", []Form{{Shape: tool.AnthropicNonStrict, Parameters: `{}`}})
	var back struct{ Name, Description string }
	require.NoError(t, json.Unmarshal(got.AnthropicNonStrict.Tool, &back))
	assert.Equal(t, "a\\b", back.Name)
	assert.Equal(t, desc, back.Description)
	assert.Contains(t, string(got.AnthropicNonStrict.Tool), `<b>&</b>`)
}

func TestDialectsUnknownDialect(t *testing.T) {
	assert.Panics(t, func() { Dialects("x", "", tool.RiskAct, true, "", []Form{{Shape: "openai-legacy"}}) })
}
