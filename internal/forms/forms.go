// Package forms is the table of the forms in which providers take a tool's
// definition or a structured output's format: the JSON around a schema in
// each, its strictness, the form it falls back to, the rules of its
// schemas. toolgen reads it to lower schemas and write its notes, and
// runtime/toolimpl to build a tool's tool.Dialects (an output's
// tool.ResponseFormats) around the generated schemas. Applications name a
// form by its tool.Dialect and need nothing here. It is part of toolgen's
// core; of the rest of toolgen it imports only runtime/tool, whose
// Dialects and ResponseFormats its rows name.
package forms

import "github.com/toolgen-go/toolgen/runtime/tool"

// Form is one form a provider takes a tool definition, or a structured
// output's format, in: a row of the table of forms, which Of reads. Every
// other description of the forms (the generated definitions, toolgen's
// notes) reads this table, so a new form is one row of it, one field of
// tool.Dialects (and, for an output format, of tool.ResponseFormats) and
// one tool.Dialect constant.
type Form struct {
	// Dialect names the form; Name is the Go name of its constant and of
	// the Dialects field that holds a tool's definition in it (and, for an
	// output format, of its ResponseFormats field).
	Dialect tool.Dialect
	Name    string
	// Option is the value of the //toolgen:tool dialects= option that
	// asks for the form ("openai" asks for Chat Completions and Responses
	// API definitions alike).
	Option string
	// Strict reports a form in which the provider holds the model's call
	// to the schema ("strict": true).
	Strict bool
	// Fallback is the form a definition takes where this one cannot
	// express the tool's schema: the next strictest form the provider
	// accepts in the same request; "" for none.
	Fallback tool.Dialect
	// Lowering names the rules by which toolgen lowers a tool's canonical
	// schema into the form's parameters: "canonical" (the schema as it is),
	// "openai-strict", "anthropic-strict", "gemini-openapi" or
	// "gemini-jsonschema". Forms of one lowering have the same parameters.
	Lowering string
	// Title names the form's schema rules in toolgen's messages: "OpenAI
	// strict mode cannot express a map".
	Title string
	// Names is the provider's rule for the names in the form: a tool's,
	// and an output's where its format is named.
	Names NameRule
	// Definition is the JSON of a tool's definition in the form, around
	// its parameters; Format that of a structured output's format, around
	// its schema (zero for a form no output takes).
	Definition, Format Envelope

	definition func(*tool.Dialects) *tool.Definition
	format     func(*tool.ResponseFormats) *tool.ResponseFormat // nil: not a field of ResponseFormats
}

// Envelope is the JSON around a schema in one form: Open; then, if Named,
// the "name" member and, unless empty, the "description" member; then,
// unless there is no schema (a Gemini tool without arguments), a member
// named Key whose value is the schema; then, with Annotations, the tool's
// result schema as "outputSchema" (when it has a result) and its risk and
// idempotence as MCP's "annotations"; then Close.
type Envelope struct {
	Open        string
	Named       bool
	Key         string
	Annotations bool
	Close       string
	// Schema, unless empty, is the JSON Schema dialect the form declares:
	// each schema of the form (the one under Key, and the outputSchema)
	// begins with a "$schema" member of this URI, unless it declares one
	// of its own.
	Schema string
	// Defer, Callers, Examples and Output name the members in which the
	// form takes what a tool's directive asks beyond its schema, written
	// before Close, in this order, only for a tool that asks it; "" where
	// the provider has no such member. Defer is true for defer=true
	// (deferred loading, found through tool search); Callers the values
	// of callers= in the provider's terms; Examples the tool's
	// //toolgen:example arguments; Output the schema of a tool's result
	// (result=), as MCP's outputSchema: the JSON value its output holds.
	Defer, Callers, Examples, Output string
	// Direct and Programmatic are the provider's values, in JSON, of the
	// callers of a callers= option: the strings, comma-separated.
	Direct, Programmatic string
	// Note and Comment say how a tool (or an output) goes to its provider
	// when it falls back to this form: in toolgen's notes (`OpenAI with
	// "strict": false`) and in the doc comment of its generated variable
	// (`"strict": false`); "" in a form nothing falls back to.
	Note, Comment string
}

// NameRule is a provider's rule for tool names, as its reference states
// it. toolgen checks a tool's name against the rule of each form the tool
// is sent in, at generation time; the runtime does not.
type NameRule struct {
	// Pattern is the regular expression a name matches, anchored.
	Pattern string
	// Title names the rule's provider in messages: "OpenAI".
	Title string
}

// The providers' name rules: OpenAI's function names (Chat Completions and
// Responses), Anthropic's tool names (its API reference; the SDK states
// none), Gemini's function declarations' and MCP's tool names (2026-07-28).
var (
	openAINames    = NameRule{Pattern: `^[a-zA-Z0-9_-]{1,64}$`, Title: "OpenAI"}
	anthropicNames = NameRule{Pattern: `^[a-zA-Z0-9_-]{1,64}$`, Title: "Anthropic"}
	geminiNames    = NameRule{Pattern: `^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$`, Title: "Gemini"}
	mcpNames       = NameRule{Pattern: `^[a-zA-Z0-9_.-]{1,128}$`, Title: "MCP"}
)

// Output reports whether the form is a field of tool.ResponseFormats: the
// strictest output format of its provider.
func (f *Form) Output() bool { return f.format != nil }

// The JSON around the schema in each form, shared by the forms that differ
// only by "strict".
const (
	chatTool       = `{"type":"function","function":{`
	responsesTool  = `{"type":"function",`
	chatFormat     = `{"type":"json_schema","json_schema":{`
	responsesFmt   = `{"type":"json_schema",`
	geminiResponse = `{"responseMimeType":"application/json"`
	openAINote     = `OpenAI with "strict": false`
	openAIComment  = `"strict": false`
	// The dialect of toolgen's schemas, which MCP declares (SEP-1613).
	draft202012 = "https://json-schema.org/draft/2020-12/schema"
)

// The members of deferred loading, callers, examples and a result schema,
// where a provider has them (openai-go's responses.FunctionToolParam,
// anthropic-sdk-go's ToolParam).
var (
	responsesExtras = Envelope{Defer: "defer_loading", Callers: "allowed_callers", Output: "output_schema",
		Direct: `"direct"`, Programmatic: `"programmatic"`}
	// Anthropic names the code that calls a tool by the version of its
	// code execution tool: each version the SDK knows may, whichever the
	// request sends.
	anthropicExtras = Envelope{Defer: "defer_loading", Callers: "allowed_callers", Examples: "input_examples",
		Direct: `"direct"`, Programmatic: `"code_execution_20250825","code_execution_20260120","code_execution_20260521"`}
)

// extended is e with the members of x.
func extended(e, x Envelope) Envelope {
	e.Defer, e.Callers, e.Examples, e.Output = x.Defer, x.Callers, x.Examples, x.Output
	e.Direct, e.Programmatic = x.Direct, x.Programmatic
	return e
}

// forms is the table of forms, in the order of the fields of tool.Dialects.
var forms = [...]Form{
	{
		Dialect: tool.OpenAI, Name: "OpenAI", Option: "openai", Strict: true, Fallback: tool.OpenAINonStrict,
		Lowering: "openai-strict", Title: "OpenAI strict mode", Names: openAINames,
		Definition: Envelope{Open: chatTool, Named: true, Key: "parameters", Close: `,"strict":true}}`},
		Format:     Envelope{Open: chatFormat, Named: true, Key: "schema", Close: `,"strict":true}}`},
		definition: func(ds *tool.Dialects) *tool.Definition { return &ds.OpenAI },
		format:     func(fs *tool.ResponseFormats) *tool.ResponseFormat { return &fs.OpenAI },
	},
	{
		Dialect: tool.OpenAINonStrict, Name: "OpenAINonStrict", Option: "openai-nonstrict",
		Lowering: "canonical", Title: "OpenAI's non-strict tools", Names: openAINames,
		Definition: Envelope{Open: chatTool, Named: true, Key: "parameters", Close: `,"strict":false}}`, Note: openAINote, Comment: openAIComment},
		Format:     Envelope{Open: chatFormat, Named: true, Key: "schema", Close: `,"strict":false}}`, Note: openAINote, Comment: openAIComment},
		definition: func(ds *tool.Dialects) *tool.Definition { return &ds.OpenAINonStrict },
	},
	{
		Dialect: tool.OpenAIResponses, Name: "OpenAIResponses", Option: "openai", Strict: true, Fallback: tool.OpenAIResponsesNonStrict,
		Lowering: "openai-strict", Title: "OpenAI strict mode", Names: openAINames,
		Definition: extended(Envelope{Open: responsesTool, Named: true, Key: "parameters", Close: `,"strict":true}`}, responsesExtras),
		Format:     Envelope{Open: responsesFmt, Named: true, Key: "schema", Close: `,"strict":true}`},
		definition: func(ds *tool.Dialects) *tool.Definition { return &ds.OpenAIResponses },
		format:     func(fs *tool.ResponseFormats) *tool.ResponseFormat { return &fs.OpenAIResponses },
	},
	{
		Dialect: tool.OpenAIResponsesNonStrict, Name: "OpenAIResponsesNonStrict", Option: "openai-nonstrict",
		Lowering: "canonical", Title: "OpenAI's non-strict tools", Names: openAINames,
		Definition: extended(Envelope{Open: responsesTool, Named: true, Key: "parameters", Close: `,"strict":false}`, Note: openAINote, Comment: openAIComment}, responsesExtras),
		Format:     Envelope{Open: responsesFmt, Named: true, Key: "schema", Close: `,"strict":false}`, Note: openAINote, Comment: openAIComment},
		definition: func(ds *tool.Dialects) *tool.Definition { return &ds.OpenAIResponsesNonStrict },
	},
	{
		Dialect: tool.Anthropic, Name: "Anthropic", Option: "anthropic", Strict: true, Fallback: tool.AnthropicNonStrict,
		Lowering: "anthropic-strict", Title: "Anthropic strict mode", Names: anthropicNames,
		Definition: extended(Envelope{Open: "{", Named: true, Key: "input_schema", Close: `,"strict":true}`}, anthropicExtras),
		Format:     Envelope{Open: `{"type":"json_schema"`, Key: "schema", Close: "}"},
		definition: func(ds *tool.Dialects) *tool.Definition { return &ds.Anthropic },
		format:     func(fs *tool.ResponseFormats) *tool.ResponseFormat { return &fs.Anthropic },
	},
	{
		// An output falls back to a tool that the request forces: the
		// answer is its input.
		Dialect: tool.AnthropicNonStrict, Name: "AnthropicNonStrict", Option: "anthropic-nonstrict",
		Lowering: "canonical", Title: "Anthropic's non-strict tools", Names: anthropicNames,
		Definition: extended(Envelope{Open: "{", Named: true, Key: "input_schema", Close: "}",
			Note: `Anthropic without "strict": true`, Comment: `without "strict": true`}, anthropicExtras),
		Format: Envelope{Open: "{", Named: true, Key: "input_schema", Close: "}",
			Note: "Anthropic as a tool the request forces", Comment: "a tool the request forces"},
		definition: func(ds *tool.Dialects) *tool.Definition { return &ds.AnthropicNonStrict },
	},
	{
		Dialect: tool.Gemini, Name: "Gemini", Option: "gemini", Fallback: tool.GeminiJSONSchema,
		Lowering: "gemini-openapi", Title: "Gemini's parameters", Names: geminiNames,
		Definition: Envelope{Open: "{", Named: true, Key: "parameters", Close: "}"},
		Format:     Envelope{Open: geminiResponse, Key: "responseSchema", Close: "}"},
		definition: func(ds *tool.Dialects) *tool.Definition { return &ds.Gemini },
		format:     func(fs *tool.ResponseFormats) *tool.ResponseFormat { return &fs.Gemini },
	},
	{
		Dialect: tool.GeminiJSONSchema, Name: "GeminiJSONSchema", Option: "gemini-jsonschema",
		Lowering: "gemini-jsonschema", Title: "Gemini's parametersJsonSchema", Names: geminiNames,
		Definition: Envelope{Open: "{", Named: true, Key: "parametersJsonSchema", Close: "}",
			Note: "Gemini as parametersJsonSchema", Comment: "parametersJsonSchema"},
		Format: Envelope{Open: geminiResponse, Key: "responseJsonSchema", Close: "}",
			Note: "Gemini as responseJsonSchema", Comment: "responseJsonSchema"},
		definition: func(ds *tool.Dialects) *tool.Definition { return &ds.GeminiJSONSchema },
	},
	{
		Dialect: tool.MCP, Name: "MCP", Option: "mcp",
		Lowering: "canonical", Title: "MCP's inputSchema", Names: mcpNames,
		Definition: Envelope{Open: "{", Named: true, Key: "inputSchema", Annotations: true, Close: "}", Schema: draft202012},
		definition: func(ds *tool.Dialects) *tool.Definition { return &ds.MCP },
	},
}

// Of returns the row of the table of forms that describes d, and false
// when d is no dialect.
func Of(d tool.Dialect) (Form, bool) {
	if f := of(d); f != nil {
		return *f, true
	}
	return Form{}, false
}

// of is the row of d, or nil.
func of(d tool.Dialect) *Form {
	for i := range forms {
		if forms[i].Dialect == d {
			return &forms[i]
		}
	}
	return nil
}

// Dialects lists every dialect, in the order of the fields of
// tool.Dialects.
func Dialects() []tool.Dialect {
	ds := make([]tool.Dialect, len(forms))
	for i := range forms {
		ds[i] = forms[i].Dialect
	}
	return ds
}

// Definition returns the field of ds that holds the definition of dialect
// d, or nil when d is unknown.
func Definition(ds *tool.Dialects, d tool.Dialect) *tool.Definition {
	if f := of(d); f != nil {
		return f.definition(ds)
	}
	return nil
}

// Format returns the field of fs that holds the format of the provider
// whose strictest dialect is d, or nil when d names none.
func Format(fs *tool.ResponseFormats, d tool.Dialect) *tool.ResponseFormat {
	if f := of(d); f != nil && f.format != nil {
		return f.format(fs)
	}
	return nil
}
