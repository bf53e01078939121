package tool

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func dialectTool(name string) *Tool {
	def := func(d Dialect) Definition {
		return Definition{
			Tool:       json.RawMessage(fmt.Sprintf(`{"name":%q,"dialect":%q}`, name, d)),
			Parameters: json.RawMessage(`{"type":"object"}`),
		}
	}
	return &Tool{Name: name, Dialects: Dialects{
		OpenAI: def(OpenAI), OpenAINonStrict: def(OpenAINonStrict), OpenAIResponses: def(OpenAIResponses),
		OpenAIResponsesNonStrict: def(OpenAIResponsesNonStrict), Anthropic: def(Anthropic), AnthropicNonStrict: def(AnthropicNonStrict),
		Gemini:           def(Gemini),
		GeminiJSONSchema: def(GeminiJSONSchema), MCP: def(MCP),
	}}
}

// allDialects are the dialects in the order of the fields of Dialects (as
// internal/forms lists them: its tests hold the two together).
var allDialects = []Dialect{OpenAI, OpenAINonStrict, OpenAIResponses, OpenAIResponsesNonStrict, Anthropic, AnthropicNonStrict, Gemini, GeminiJSONSchema, MCP}

// TestFieldsOfDialects: each dialect reaches its own field of Dialects and
// of ResponseFormats (for the four strictest), and nothing else does.
func TestFieldsOfDialects(t *testing.T) {
	var ds Dialects
	dv := reflect.ValueOf(&ds).Elem()
	require.Equal(t, dv.NumField(), len(allDialects), "a dialect per field of Dialects")
	var fs ResponseFormats
	fv := reflect.ValueOf(&fs).Elem()
	outputs := 0
	for i, d := range allDialects {
		assert.Same(t, dv.Field(i).Addr().Interface(), ds.field(d), "the field of %s", d)
		name := dv.Type().Field(i).Name
		if f := fv.FieldByName(name); f.IsValid() {
			outputs++
			assert.Same(t, f.Addr().Interface(), fs.field(d), "the ResponseFormats field of %s", d)
		} else {
			assert.Nil(t, fs.field(d), "%s is no output format", d)
		}
	}
	assert.Equal(t, fv.NumField(), outputs, "a dialect per field of ResponseFormats")
	assert.Nil(t, ds.field("cohere"))
	assert.Nil(t, fs.field("cohere"))
}

func TestDialectsGet(t *testing.T) {
	tl := dialectTool("a")
	for _, d := range allDialects {
		def, ok := tl.Dialects.Get(d)
		require.True(t, ok, d)
		var got struct{ Dialect Dialect }
		require.NoError(t, json.Unmarshal(def.Tool, &got))
		assert.Equal(t, d, got.Dialect, "Get(%s) returns the field of its own dialect", d)
	}
	_, ok := tl.Dialects.Get("cohere")
	assert.False(t, ok)
	tl.Dialects.Gemini = Definition{}
	_, ok = tl.Dialects.Get(Gemini)
	assert.False(t, ok, "a dialect left out has no definition")
}

func TestToolsFor(t *testing.T) {
	ts := Tools{dialectTool("a"), dialectTool("b")}
	for _, d := range allDialects {
		raw, err := ts.For(d)
		require.NoError(t, err)
		var list []struct {
			Name    string
			Dialect Dialect
		}
		require.NoError(t, json.Unmarshal(raw, &list), "%s", raw)
		require.Len(t, list, 2)
		assert.Equal(t, "a", list[0].Name)
		assert.Equal(t, "b", list[1].Name)
		assert.Equal(t, d, list[1].Dialect)
	}
	raw, err := Tools{}.For(OpenAI)
	require.NoError(t, err)
	assert.JSONEq(t, `[]`, string(raw))

	_, err = ts.For("cohere")
	assert.EqualError(t, err, `tool: unknown dialect "cohere"`)

	ts[1].Dialects.OpenAI = Definition{}
	_, err = ts.For(OpenAI)
	assert.EqualError(t, err, "tool: b has no openai definition: its //toolgen:tool dialects= option leaves openai out")
	_, err = ts.For(OpenAIResponses)
	assert.NoError(t, err, "the Responses definition is a field of its own")

	_, err = Tools{nil}.For(MCP)
	assert.Error(t, err)
}

func TestToolsForGeminiLimit(t *testing.T) {
	var ts Tools
	for i := range maxGeminiTools {
		ts = append(ts, dialectTool(fmt.Sprint("t", i)))
	}
	for _, d := range []Dialect{Gemini, GeminiJSONSchema} {
		_, err := ts.For(d)
		assert.NoError(t, err, "%d tools fit one Gemini request", maxGeminiTools)
	}
	ts = append(ts, dialectTool("one_too_many"))
	for _, d := range []Dialect{Gemini, GeminiJSONSchema} {
		_, err := ts.For(d)
		assert.EqualError(t, err, "tool: 129 tools, but a Gemini request takes at most 128 function declarations: send a subset")
	}
	_, err := ts.For(OpenAI)
	assert.NoError(t, err, "the limit is Gemini's")
}
