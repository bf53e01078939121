package corpus

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/differential"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestDialectsGolden(t *testing.T) {
	differential.Golden(t, Tools, "testdata/dialects")
}

func TestDialectsAgree(t *testing.T) {
	reports := differential.Agreement(t, Tools, differential.Options{Calls: 4000, Seed: 17})
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
	// The fallback forms are checked as what they are: Gemini's
	// parametersJsonSchema moves what it lacks, as the dialect of its own.
	assert.Positive(t, reports["label"][tool.Gemini].Moved["patternProperties"], "integer keys")
	assert.Positive(t, reports["contact"][tool.Gemini].Moved["oneOf"], "a oneof_required group")
	assert.Positive(t, reports["contact"][tool.Gemini].Moved["anyOf"], "an anyof_required group")
	assert.Positive(t, reports["tree"][tool.Gemini].Moved["minLength"])
	assert.Positive(t, reports["contact"][tool.OpenAI].NullOptional, "OpenAI's non-strict form is the canonical schema")
}

// Each definition is in the strictest form its provider accepts; the
// fallbacks say why.
func TestFallbacks(t *testing.T) {
	for _, tl := range Tools {
		for _, d := range tool.AllDialects() {
			def, ok := tl.Dialects.Get(d)
			if !ok {
				continue
			}
			want := d
			switch {
			case tl.Name == "tree" && d == tool.Gemini,
				(tl.Name == "label" || tl.Name == "contact") && d == tool.Gemini:
				want = tool.GeminiJSONSchema
			case (tl.Name == "tree" || tl.Name == "label" || tl.Name == "survey") && d == tool.Anthropic:
				want = tool.AnthropicNonStrict
			case (tl.Name == "label" || tl.Name == "contact") && d == tool.OpenAI:
				want = tool.OpenAINonStrict
			case (tl.Name == "label" || tl.Name == "contact") && d == tool.OpenAIResponses:
				want = tool.OpenAIResponsesNonStrict
			}
			assert.Equal(t, want, def.Form, "%s %s", tl.Name, d)
			assert.Equal(t, want != d, def.Fallback != "", "%s %s: %s", tl.Name, d, def.Fallback)
		}
	}
	assert.Equal(t, "Gemini's parameters cannot express a recursive type at #/properties/root", TreeTool.Dialects.Gemini.Fallback)
	assert.Equal(t, "Anthropic strict mode cannot express a recursive type at #/$defs/Node/properties/children/items and #/properties/root", TreeTool.Dialects.Anthropic.Fallback)
	assert.Equal(t, "Anthropic strict mode cannot express a schema this large at #", SurveyTool.Dialects.Anthropic.Fallback)
	assert.Equal(t, "OpenAI strict mode cannot express a map at #/properties/labels, a map with integer keys at #/properties/slots", LabelTool.Dialects.OpenAI.Fallback)
	var strict struct{ Strict bool }
	require.NoError(t, json.Unmarshal(LabelTool.Dialects.OpenAIResponses.Tool, &strict))
	assert.False(t, strict.Strict)
	var decl map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(TreeTool.Dialects.Gemini.Tool, &decl))
	assert.Contains(t, decl, "parametersJsonSchema")
	assert.NotContains(t, decl, "parameters")
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

// The dialects= option leaves a provider out: For refuses a request of
// that dialect with the tool, and takes one without it.
func TestLeftOutDialects(t *testing.T) {
	for _, d := range tool.AllDialects() {
		_, ok := AuditTool.Dialects.Get(d)
		assert.Equal(t, d == tool.MCP, ok, d)
	}
	_, err := Tools.For(tool.Gemini)
	assert.EqualError(t, err, "tool: audit has no gemini definition: its //toolgen:tool dialects= option leaves gemini out")
	var without tool.Tools
	for _, tl := range Tools {
		if tl != &AuditTool.Tool {
			without = append(without, tl)
		}
	}
	raw, err := without.For(tool.Gemini)
	require.NoError(t, err)
	var decls []map[string]any
	require.NoError(t, json.Unmarshal(raw, &decls))
	require.Len(t, decls, len(Tools)-1)
	assert.Equal(t, map[string]any{"name": "ping", "description": "Takes no arguments."}, decls[5],
		"a Gemini function without arguments has no parameters")
	raw, err = Tools.For(tool.MCP)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &decls))
	assert.Len(t, decls, len(Tools))
}

func TestStrictAjv(t *testing.T) {
	differential.StrictAjv(t, Tools)
}

// Outputs lists the structured outputs of the corpus.
var Outputs = []*tool.Output{&ProfileOutput.Output, &CatalogOutput.Output}

func TestOutputsGolden(t *testing.T) {
	differential.OutputGolden(t, Outputs, "testdata/outputs")
}

// Each format of each output agrees with the output's validator, but for
// the documented differences: the constraints a provider's form cannot
// express are in its descriptions, and the validator enforces them.
func TestOutputsAgree(t *testing.T) {
	reports := differential.OutputAgreement(t, Outputs, differential.Options{Calls: 4000, Seed: 23})
	for name, byDialect := range reports {
		for d, r := range byDialect {
			t.Logf("%s %-18s valid %4d invalid %4d moved %v undeclared %d omitted %d null %d",
				name, d, r.Valid, r.Invalid, r.Moved, r.Undeclared, r.OmittedNull, r.NullOptional)
		}
	}
	profile := reports["profile"]
	assert.Positive(t, profile[tool.OpenAI].Moved["maxLength"])
	assert.Positive(t, profile[tool.OpenAI].OmittedNull, "strict mode sends null for an omitted member")
	assert.Positive(t, profile[tool.Anthropic].Moved["maximum"])
	assert.Positive(t, profile[tool.Anthropic].Moved["maxItems"])
	assert.Positive(t, profile[tool.Gemini].Moved["uniqueItems"])
	for _, d := range []tool.Dialect{tool.OpenAI, tool.OpenAIResponses, tool.Anthropic, tool.Gemini} {
		f, _ := ProfileOutput.Formats.Get(d)
		assert.Equal(t, d, f.Form, "profile is strict for %s", d)
	}
	assert.Equal(t, tool.OpenAINonStrict, CatalogOutput.Formats.OpenAI.Form)
	assert.Equal(t, tool.AnthropicNonStrict, CatalogOutput.Formats.Anthropic.Form)
	assert.Equal(t, tool.GeminiJSONSchema, CatalogOutput.Formats.Gemini.Form)
	assert.Positive(t, reports["catalog"][tool.Gemini].Moved["minLength"], "responseJsonSchema moves what it lacks")
}

// The result schema of ship agrees exactly with its validator.
func TestResultsAgree(t *testing.T) {
	counts := differential.ResultAgreement(t, Tools, differential.Options{Calls: 4000, Seed: 29})
	t.Logf("%v", counts)
	assert.Contains(t, counts, "ship")
}

func TestOutputsStrictAjv(t *testing.T) {
	differential.StrictAjvOutputs(t, Outputs)
}
