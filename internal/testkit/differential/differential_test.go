package differential

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/dialects"
	"github.com/toolgen-go/toolgen/internal/forms"
	"github.com/toolgen-go/toolgen/internal/testkit/toolcalls"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// tamper returns the corpus's pricing tool with one dialect's schema
// rewritten: old becomes new in its Parameters and Tool alike.
func tamper(t *testing.T, d tool.Dialect, old, new string) (*tool.Tool, tool.Definition) {
	t.Helper()
	tl := dialects.PricingTool.Tool
	def, ok := tl.Dialects.Get(d)
	require.True(t, ok)
	require.Contains(t, string(def.Parameters), old)
	def = tool.Definition{
		Tool:       json.RawMessage(strings.Replace(string(def.Tool), old, new, 1)),
		Parameters: json.RawMessage(strings.Replace(string(def.Parameters), old, new, 1)),
	}
	return &tl, def
}

var pricingCalls [][]byte

func problems(t *testing.T, tl *tool.Tool, d tool.Dialect, def tool.Definition) []string {
	t.Helper()
	canonical := decodeSchema(t, tl.Schema)
	if pricingCalls == nil {
		pricingCalls = toolcalls.Objects(canonical, 2000, 1)
	}
	checkEnvelope(t, tl, d, def)
	return agree(t, tl, d, def, canonical, pricingCalls).Problems
}

// The agreement test catches dialects that disagree with the validator in
// ways no documentation allows.
func TestAgreementCatchesDisagreements(t *testing.T) {
	tl := &dialects.PricingTool.Tool
	for _, d := range forms.Dialects() {
		def, _ := tl.Dialects.Get(d)
		assert.Empty(t, problems(t, tl, d, def), "the generated %s dialect agrees", d)
	}

	// A constraint dropped without a word.
	tl, def := tamper(t, tool.OpenAI, `"description":"Buyer name. Must be at least 2 characters. Defaults to \"anon\". Example: \"bob\"."`, `"description":"Buyer name."`)
	got := problems(t, tl, tool.OpenAI, def)
	require.NotEmpty(t, got)
	assert.Contains(t, got[0], `which is no documented difference: no description says ["character"]`)

	// An optional member OpenAI strict mode cannot set to null.
	tl, def = tamper(t, tool.OpenAI, `"discount":{"type":["number","null"]`, `"discount":{"type":"number"`)
	got = problems(t, tl, tool.OpenAI, def)
	require.NotEmpty(t, got)
	assert.Contains(t, got[0], "the dialect rejects it")

	// A required nullable member Gemini cannot set to null. (For an
	// optional one, null is the documented difference: the validator counts
	// it as absent.)
	tl, def = tamper(t, tool.Gemini, `"nullable":true,"description":"Level, required`, `"description":"Level, required`)
	got = problems(t, tl, tool.Gemini, def)
	require.NotEmpty(t, got)
	assert.Contains(t, got[0], "the dialect rejects it")

	// A bound dropped from Gemini's schema.
	tl, def = tamper(t, tool.Gemini, `"maximum":127,`, ``)
	got = problems(t, tl, tool.Gemini, def)
	require.NotEmpty(t, got)
	assert.Contains(t, got[0], `no description says ["at most" "between"]`)

	// A bound Anthropic strict mode lacks, dropped without a word.
	tl, def = tamper(t, tool.Anthropic, ` Must be between 1 and 3.`, ``)
	got = problems(t, tl, tool.Anthropic, def)
	require.NotEmpty(t, got)
	assert.Contains(t, got[0], `no description says ["at least" "between"]`)

	// A dialect stricter than the validator.
	tl, def = tamper(t, tool.GeminiJSONSchema, `"maximum":127`, `"maximum":100`)
	got = problems(t, tl, tool.GeminiJSONSchema, def)
	require.NotEmpty(t, got)
	assert.Contains(t, got[0], "the dialect rejects it")
}

func TestOpenAPIToJSONSchema(t *testing.T) {
	got := openAPIToJSONSchema(map[string]any{
		"type": "OBJECT", "propertyOrdering": []any{"a"},
		"properties": map[string]any{
			"a": map[string]any{"type": "STRING", "enum": []any{"x"}, "nullable": true, "example": "x"},
			"b": map[string]any{"type": "ARRAY", "items": map[string]any{"type": "INTEGER"}},
		},
	})
	assert.Equal(t, map[string]any{
		"type": "object",
		"properties": map[string]any{
			"a": map[string]any{"type": []any{"string", "null"}, "enum": []any{"x", nil}},
			"b": map[string]any{"type": "array", "items": map[string]any{"type": "integer"}},
		},
	}, got)
}

// The strict-mode check refuses what ajv's strict mode refuses: a required
// member its schema does not declare (invopop's form of a oneof_required
// group), an unknown format, a keyword of another type; it accepts the
// form toolgen emits.
func TestAjvStrictMode(t *testing.T) {
	got := AjvRefuses(t, []Named{
		{"group", json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"}},"oneOf":[{"required":["a"],"title":"g"}]}`)},
		{"declared", json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"}},"oneOf":[{"properties":{"a":true},"required":["a"],"title":"g"}]}`)},
		{"format", json.RawMessage(`{"type":"string","format":"colour"}`)},
		{"kind", json.RawMessage(`{"type":"integer","minLength":1}`)},
		{"extra", json.RawMessage(`{"type":"string","x-note":"an annotation"}`)},
	})
	require.Len(t, got, 3, "%q", got)
	assert.Contains(t, got[0], `group: strict mode: required property "a" is not defined`)
	assert.Contains(t, got[1], `format: unknown format "colour"`)
	assert.Contains(t, got[2], `kind: strict mode: missing type "string" for keyword "minLength"`)
}

// The output agreement catches a format that drops a constraint without a
// word, and the result agreement a validator that is not the schema's.
func TestAgreementCatchesOutputAndResultDisagreements(t *testing.T) {
	o := dialects.ProfileOutput.Output
	f := o.Formats.Anthropic
	old := ` Must be between 0 and 150.`
	require.Contains(t, string(f.Schema), old)
	o.Formats.Anthropic = tool.ResponseFormat{Form: f.Form,
		Format: json.RawMessage(strings.Replace(string(f.Format), old, "", 1)),
		Schema: json.RawMessage(strings.Replace(string(f.Schema), old, "", 1))}
	tl := asTool(&o)
	def, _ := tl.Dialects.Get(tool.Anthropic)
	checkFormat(t, tl, tool.Anthropic, def)
	canonical := decodeSchema(t, tl.Schema)
	got := agree(t, tl, tool.Anthropic, def, canonical, toolcalls.Objects(canonical, 2000, 3)).Problems
	require.NotEmpty(t, got)
	assert.Contains(t, got[0], `profile anthropic: the dialect accepts`)
	assert.Contains(t, got[0], `no description says ["at least" "between"]`)

	ship := dialects.ShipTool.Tool
	_, _, problems := resultAgree(t, &ship, json.RawMessage(strings.Replace(string(ship.ResultSchema), `"maxItems":5`, `"maxItems":4`, 1)), Options{Calls: 2000, Seed: 5})
	require.NotEmpty(t, problems)
	assert.Contains(t, problems[0], "ship result")
	_, _, problems = resultAgree(t, &ship, ship.ResultSchema, Options{Calls: 2000, Seed: 5})
	assert.Empty(t, problems)
}
