package corpus

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/dialecttest"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestDialectsGolden(t *testing.T) {
	dialecttest.Golden(t, Tools, "testdata/dialects")
}

func TestDialectsAgree(t *testing.T) {
	reports := dialecttest.Agreement(t, Tools, dialecttest.Options{Calls: 4000, Seed: 17})
	for name, byDialect := range reports {
		for d, r := range byDialect {
			t.Logf("%s %-26s valid %4d invalid %4d moved %v undeclared %d omitted %d null %d",
				name, d, r.Valid, r.Invalid, r.Moved, r.Undeclared, r.OmittedNull, r.NullOptional)
		}
	}
	pricing := reports["pricing"]
	for _, kw := range []string{"exclusiveMinimum", "exclusiveMaximum", "multipleOf", "enum", "uniqueItems"} {
		assert.Positive(t, pricing[tool.Gemini].Moved[kw], "gemini %s", kw)
	}
	for _, kw := range []string{"maxLength", "minLength", "uniqueItems"} {
		assert.Positive(t, pricing[tool.OpenAI].Moved[kw], "openai %s", kw)
	}
	assert.Positive(t, reports["order"][tool.GeminiJSONSchema].Moved["pattern"])
	assert.Positive(t, reports["label"][tool.GeminiJSONSchema].Moved["maxLength"], "a map's values")
	assert.Positive(t, reports["tree"][tool.OpenAI].Moved["minLength"], "a recursive type's $defs")
}

// The constraints Gemini lacks are sentences of the descriptions, and the
// validator still rejects a call that breaks them.
func TestGeminiDescribesWhatItLacks(t *testing.T) {
	var params struct {
		Properties map[string]map[string]any
	}
	require.NoError(t, json.Unmarshal(PricingTool.Dialects.Gemini.Parameters, &params))
	price := params.Properties["price"]
	assert.Equal(t, map[string]any{"type": "NUMBER", "description": "Unit price. Must be a multiple of 0.01 and be greater than 0."}, price)
	assert.Equal(t, "Pack size. Must be one of 1, 2, 5, 10.", params.Properties["quantity"]["description"])
	assert.Equal(t, "Up to three distinct flags. Must not contain the same item twice.", params.Properties["flags"]["description"])
	assert.Equal(t, true, params.Properties["note"]["nullable"])

	call := map[string]any{"price": 0.0, "quantity": 3.0, "level": nil, "flags": []any{"sale", "sale"}, "discount": 100.0}
	assert.Equal(t, []string{"enum:quantity", "exclusiveMaximum:discount", "exclusiveMinimum:price", "uniqueItems:flags"},
		PricingTool.Validate(call).Codes())
	call = map[string]any{"price": 0.015, "quantity": 5.0, "level": 2.0}
	assert.Equal(t, []string{"multipleOf:price"}, PricingTool.Validate(call).Codes())
}

// The dialects= option leaves out what a tool cannot be.
func TestLeftOutDialects(t *testing.T) {
	_, ok := TreeTool.Dialects.Get(tool.Gemini)
	assert.False(t, ok, "recursion")
	for _, d := range []tool.Dialect{tool.OpenAI, tool.OpenAIResponses, tool.Gemini} {
		_, ok := LabelTool.Dialects.Get(d)
		assert.False(t, ok, "a map: %s", d)
	}
	_, err := Tools.For(tool.Gemini)
	assert.EqualError(t, err, "tool: tree has no gemini definition: its //toolgen:tool dialects= option leaves gemini out")
	raw, err := tool.Tools{&PricingTool.Tool, &OrderTool.Tool, &PingTool.Tool}.For(tool.Gemini)
	require.NoError(t, err)
	var decls []map[string]any
	require.NoError(t, json.Unmarshal(raw, &decls))
	assert.Len(t, decls, 3)
	assert.Equal(t, map[string]any{"name": "ping", "description": "PingArgs takes no arguments."}, decls[2],
		"a Gemini function without arguments has no parameters")
}
