package tool

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Dialect names the form in which a provider's API takes a tool definition.
// toolgen converts every tool
// into every dialect at go generate time: its schemas are JSON constants of
// the generated code, and nothing is converted at run time.
type Dialect string

const (
	// OpenAI is a Chat Completions function tool with "strict": true:
	// {"type":"function","function":{"name","description","parameters","strict":true}}.
	// Its parameters follow Structured Outputs: every property required, an
	// optional one as a union with null, additionalProperties false on every
	// object, and the keywords strict mode lacks (minLength, maxLength,
	// uniqueItems, ...) moved into descriptions.
	OpenAI Dialect = "openai"
	// OpenAINonStrict is a Chat Completions function tool with "strict":
	// false and the canonical schema as its parameters.
	OpenAINonStrict Dialect = "openai-nonstrict"
	// OpenAIResponses is a Responses API function tool with "strict": true:
	// {"type":"function","name","description","parameters","strict":true},
	// the parameters of OpenAI.
	OpenAIResponses Dialect = "openai-responses"
	// OpenAIResponsesNonStrict is a Responses API function tool with
	// "strict": false (the Responses API defaults to strict) and the
	// canonical schema as its parameters.
	OpenAIResponsesNonStrict Dialect = "openai-responses-nonstrict"
	// Anthropic is a Messages API tool with "strict": true:
	// {"name","description","input_schema","strict":true}. Its input_schema
	// follows Anthropic's strict mode: additionalProperties false on every
	// object, no recursion, and the keywords strict mode lacks (numeric and
	// length bounds, maxItems, minItems above 1, complex patterns, ...)
	// moved into descriptions.
	Anthropic Dialect = "anthropic"
	// AnthropicNonStrict is a Messages API tool without "strict":
	// {"name","description","input_schema"}, the canonical schema as
	// input_schema.
	AnthropicNonStrict Dialect = "anthropic-nonstrict"
	// Gemini is a function declaration {"name","description","parameters"}
	// whose parameters are in the OpenAPI 3.0 subset of the Gemini API: one
	// upper-case type per schema, "nullable": true for null, no
	// additionalProperties, and the keywords it lacks (exclusiveMinimum,
	// multipleOf, uniqueItems, enums of numbers, ...) moved into
	// descriptions. A tool without arguments has no parameters.
	Gemini Dialect = "gemini"
	// GeminiJSONSchema is a function declaration
	// {"name","description","parametersJsonSchema"} whose parameters are the
	// JSON Schema subset the Gemini API reads, the other keywords (minLength,
	// maxLength, pattern, ...) moved into descriptions.
	GeminiJSONSchema Dialect = "gemini-jsonschema"
	// MCP is a Model Context Protocol tool (protocol 2025-11-25):
	// {"name","description","inputSchema","annotations"}, the canonical
	// schema as inputSchema, the tool's Risk as readOnlyHint and
	// destructiveHint, and Idempotent as idempotentHint.
	MCP Dialect = "mcp"
)

// maxGeminiTools is the most function declarations one Gemini request takes.
const maxGeminiTools = 128

// Definition is a tool in one dialect.
type Definition struct {
	// Tool is the whole definition, as the tools list of a request holds it.
	Tool json.RawMessage
	// Parameters is the arguments' schema in the dialect: the value of the
	// definition's parameters, input_schema, parametersJsonSchema or
	// inputSchema member. It is nil when the definition has none (a Gemini
	// tool without arguments).
	Parameters json.RawMessage
	// Form is the dialect whose form the definition has: the dialect of
	// its field, unless the provider cannot take the tool's schema in that
	// form. Then it is the next strictest form the provider accepts in the
	// same request: OpenAINonStrict for OpenAI (the canonical schema with
	// "strict": false), OpenAIResponsesNonStrict for OpenAIResponses,
	// AnthropicNonStrict for Anthropic (the canonical schema without
	// "strict"), GeminiJSONSchema for Gemini (parametersJsonSchema in place
	// of parameters).
	Form Dialect
	// Fallback says why the definition is in a fallback form ("OpenAI
	// strict mode cannot express a map at #/properties/labels"); "" when
	// it is in the form of its own dialect.
	Fallback string
}

// Dialects holds a tool's Definition in each dialect. A dialect a tool leaves
// out with //toolgen:tool dialects=... has a zero Definition.
type Dialects struct {
	OpenAI                   Definition
	OpenAINonStrict          Definition
	OpenAIResponses          Definition
	OpenAIResponsesNonStrict Definition
	Anthropic                Definition
	AnthropicNonStrict       Definition
	Gemini                   Definition
	GeminiJSONSchema         Definition
	MCP                      Definition
}

// Get returns the Definition of a dialect, and false when the dialect is
// unknown or the tool leaves it out.
func (ds *Dialects) Get(d Dialect) (Definition, bool) {
	if def := ds.field(d); def != nil {
		return *def, def.Tool != nil
	}
	return Definition{}, false
}

// field returns the field of ds that holds the definition of dialect d, or
// nil when d is unknown.
func (ds *Dialects) field(d Dialect) *Definition {
	switch d {
	case OpenAI:
		return &ds.OpenAI
	case OpenAINonStrict:
		return &ds.OpenAINonStrict
	case OpenAIResponses:
		return &ds.OpenAIResponses
	case OpenAIResponsesNonStrict:
		return &ds.OpenAIResponsesNonStrict
	case Anthropic:
		return &ds.Anthropic
	case AnthropicNonStrict:
		return &ds.AnthropicNonStrict
	case Gemini:
		return &ds.Gemini
	case GeminiJSONSchema:
		return &ds.GeminiJSONSchema
	case MCP:
		return &ds.MCP
	}
	return nil
}

// For returns the tools as a JSON array in dialect d, ready to put in a
// request: OpenAI's "tools", Anthropic's "tools", Gemini's
// "functionDeclarations" and MCP's tools/list "tools". Each tool is in the
// strictest form its provider accepts (see Definition.Form); OpenAI and
// Gemini take tools of both forms in one request. It fails when a tool
// leaves d out with its dialects= option, and for more than maxGeminiTools
// Gemini declarations: a Gemini request takes at most that many, so send
// a subset of the tools (Tools is a slice).
func (ts Tools) For(d Dialect) (json.RawMessage, error) {
	if (&Dialects{}).field(d) == nil {
		return nil, fmt.Errorf("tool: unknown dialect %q", d)
	}
	if (d == Gemini || d == GeminiJSONSchema) && len(ts) > maxGeminiTools {
		return nil, fmt.Errorf("tool: %d tools, but a Gemini request takes at most %d function declarations: send a subset", len(ts), maxGeminiTools)
	}
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i, t := range ts {
		if t == nil {
			return nil, fmt.Errorf("tool: tool %d of the list is nil", i)
		}
		def := t.Dialects.field(d)
		if def.Tool == nil {
			return nil, fmt.Errorf("tool: %s has no %s definition: its //toolgen:tool dialects= option leaves %s out", t.Name, d, d)
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(def.Tool)
	}
	buf.WriteByte(']')
	return buf.Bytes(), nil
}
