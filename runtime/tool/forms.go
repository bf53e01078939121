package tool

// Form is one form a provider takes a tool definition, or a structured
// output's format, in: a row of the table of forms, which Dialect.Form
// reads. Every other description of the forms (Dialects.Get, Tools.For,
// ResponseFormats.Get, the generated definitions, toolgen's notes) reads
// this table, so a new form is one row of it.
type Form struct {
	// Dialect names the form; Name is the Go name of its constant and of
	// the Dialects field that holds a tool's definition in it (and, for an
	// output format, of its ResponseFormats field).
	Dialect Dialect
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
	Fallback Dialect
	// Lowering names the rules by which toolgen lowers a tool's canonical
	// schema into the form's parameters: "canonical" (the schema as it is),
	// "openai-strict", "anthropic-strict", "gemini-openapi" or
	// "gemini-jsonschema". Forms of one lowering have the same parameters.
	Lowering string
	// Title names the form's schema rules in toolgen's messages: "OpenAI
	// strict mode cannot express a map".
	Title string
	// Definition is the JSON of a tool's definition in the form, around
	// its parameters; Format that of a structured output's format, around
	// its schema (zero for a form no output takes).
	Definition, Format Envelope

	definition func(*Dialects) *Definition
	format     func(*ResponseFormats) *ResponseFormat // nil: not a field of ResponseFormats
	// maxTools is the most definitions of the form one request of
	// provider takes; 0 for no limit.
	maxTools int
	provider string
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
	// Note and Comment say how a tool (or an output) goes to its provider
	// when it falls back to this form: in toolgen's notes (`OpenAI with
	// "strict": false`) and in the doc comment of its generated variable
	// (`"strict": false`); "" in a form nothing falls back to.
	Note, Comment string
}

// Output reports whether the form is a field of ResponseFormats: the
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

// forms is the table of forms, in the order of the fields of Dialects.
var forms = [...]Form{
	{
		Dialect: OpenAI, Name: "OpenAI", Option: "openai", Strict: true, Fallback: OpenAINonStrict,
		Lowering: "openai-strict", Title: "OpenAI strict mode",
		Definition: Envelope{Open: chatTool, Named: true, Key: "parameters", Close: `,"strict":true}}`},
		Format:     Envelope{Open: chatFormat, Named: true, Key: "schema", Close: `,"strict":true}}`},
		definition: func(ds *Dialects) *Definition { return &ds.OpenAI },
		format:     func(fs *ResponseFormats) *ResponseFormat { return &fs.OpenAI },
	},
	{
		Dialect: OpenAINonStrict, Name: "OpenAINonStrict", Option: "openai-nonstrict",
		Lowering: "canonical", Title: "OpenAI's non-strict tools",
		Definition: Envelope{Open: chatTool, Named: true, Key: "parameters", Close: `,"strict":false}}`, Note: openAINote, Comment: openAIComment},
		Format:     Envelope{Open: chatFormat, Named: true, Key: "schema", Close: `,"strict":false}}`, Note: openAINote, Comment: openAIComment},
		definition: func(ds *Dialects) *Definition { return &ds.OpenAINonStrict },
	},
	{
		Dialect: OpenAIResponses, Name: "OpenAIResponses", Option: "openai", Strict: true, Fallback: OpenAIResponsesNonStrict,
		Lowering: "openai-strict", Title: "OpenAI strict mode",
		Definition: Envelope{Open: responsesTool, Named: true, Key: "parameters", Close: `,"strict":true}`},
		Format:     Envelope{Open: responsesFmt, Named: true, Key: "schema", Close: `,"strict":true}`},
		definition: func(ds *Dialects) *Definition { return &ds.OpenAIResponses },
		format:     func(fs *ResponseFormats) *ResponseFormat { return &fs.OpenAIResponses },
	},
	{
		Dialect: OpenAIResponsesNonStrict, Name: "OpenAIResponsesNonStrict", Option: "openai-nonstrict",
		Lowering: "canonical", Title: "OpenAI's non-strict tools",
		Definition: Envelope{Open: responsesTool, Named: true, Key: "parameters", Close: `,"strict":false}`, Note: openAINote, Comment: openAIComment},
		Format:     Envelope{Open: responsesFmt, Named: true, Key: "schema", Close: `,"strict":false}`, Note: openAINote, Comment: openAIComment},
		definition: func(ds *Dialects) *Definition { return &ds.OpenAIResponsesNonStrict },
	},
	{
		Dialect: Anthropic, Name: "Anthropic", Option: "anthropic", Strict: true, Fallback: AnthropicNonStrict,
		Lowering: "anthropic-strict", Title: "Anthropic strict mode",
		Definition: Envelope{Open: "{", Named: true, Key: "input_schema", Close: `,"strict":true}`},
		Format:     Envelope{Open: `{"type":"json_schema"`, Key: "schema", Close: "}"},
		definition: func(ds *Dialects) *Definition { return &ds.Anthropic },
		format:     func(fs *ResponseFormats) *ResponseFormat { return &fs.Anthropic },
	},
	{
		// An output falls back to a tool that the request forces: the
		// answer is its input.
		Dialect: AnthropicNonStrict, Name: "AnthropicNonStrict", Option: "anthropic-nonstrict",
		Lowering: "canonical", Title: "Anthropic's non-strict tools",
		Definition: Envelope{Open: "{", Named: true, Key: "input_schema", Close: "}",
			Note: `Anthropic without "strict": true`, Comment: `without "strict": true`},
		Format: Envelope{Open: "{", Named: true, Key: "input_schema", Close: "}",
			Note: "Anthropic as a tool the request forces", Comment: "a tool the request forces"},
		definition: func(ds *Dialects) *Definition { return &ds.AnthropicNonStrict },
	},
	{
		Dialect: Gemini, Name: "Gemini", Option: "gemini", Fallback: GeminiJSONSchema,
		Lowering: "gemini-openapi", Title: "Gemini's parameters",
		Definition: Envelope{Open: "{", Named: true, Key: "parameters", Close: "}"},
		Format:     Envelope{Open: geminiResponse, Key: "responseSchema", Close: "}"},
		definition: func(ds *Dialects) *Definition { return &ds.Gemini },
		format:     func(fs *ResponseFormats) *ResponseFormat { return &fs.Gemini },
		maxTools:   maxGeminiTools, provider: "Gemini",
	},
	{
		Dialect: GeminiJSONSchema, Name: "GeminiJSONSchema", Option: "gemini-jsonschema",
		Lowering: "gemini-jsonschema", Title: "Gemini's parametersJsonSchema",
		Definition: Envelope{Open: "{", Named: true, Key: "parametersJsonSchema", Close: "}",
			Note: "Gemini as parametersJsonSchema", Comment: "parametersJsonSchema"},
		Format: Envelope{Open: geminiResponse, Key: "responseJsonSchema", Close: "}",
			Note: "Gemini as responseJsonSchema", Comment: "responseJsonSchema"},
		definition: func(ds *Dialects) *Definition { return &ds.GeminiJSONSchema },
		maxTools:   maxGeminiTools, provider: "Gemini",
	},
	{
		Dialect: MCP, Name: "MCP", Option: "mcp",
		Lowering: "canonical", Title: "MCP's inputSchema",
		Definition: Envelope{Open: "{", Named: true, Key: "inputSchema", Annotations: true, Close: "}", Schema: draft202012},
		definition: func(ds *Dialects) *Definition { return &ds.MCP },
	},
}

// Form returns the row of the table of forms that describes d, and false
// when d is no dialect.
func (d Dialect) Form() (Form, bool) {
	if f := formOf(d); f != nil {
		return *f, true
	}
	return Form{}, false
}

// formOf is the row of d, or nil.
func formOf(d Dialect) *Form {
	for i := range forms {
		if forms[i].Dialect == d {
			return &forms[i]
		}
	}
	return nil
}
