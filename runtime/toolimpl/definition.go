package toolimpl

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonstr"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// A Form is a tool's definition in one field of tool.Dialects: the field
// (Shape, named by its dialect); the dialect whose form the definition takes
// when it is not the field's own (Form, the fallback toolgen chose, and
// Fallback, why); the parameters schema in that form ("" for none: a Gemini
// tool without arguments). Generated code declares a tool's forms as a
// table of constants, which takes no code to initialize.
type Form struct {
	Shape, Form          tool.Dialect
	Parameters, Fallback string
}

// Dialects returns a tool's definitions: each form's definition around its
// parameters, with the tool's name, description, MCP annotations (of its
// risk and idempotence) and outputSchema (result, its result's schema, ""
// for none). The generator writes each parameters schema once, as a
// constant; the definitions around them are built here, once, when the
// package is initialized, into one buffer. The rest of the tool's Tool is
// static data.
func Dialects(name, description string, risk tool.Risk, idempotent bool, result string, forms []Form) tool.Dialects {
	var buf bytes.Buffer
	ends := make([]int, len(forms))
	for i, f := range forms {
		form := f.form()
		before, after := definitionParts(form, name, description, risk, idempotent)
		buf.WriteString(before)
		if f.Parameters != "" {
			buf.WriteString(`,"` + parametersKey(form) + `":`)
			buf.WriteString(f.Parameters)
			if form == tool.MCP && result != "" {
				buf.WriteString(`,"outputSchema":`)
				buf.WriteString(result)
			}
		}
		buf.WriteString(after)
		ends[i] = buf.Len()
	}
	var ds tool.Dialects
	all, start := buf.Bytes(), 0
	for i, f := range forms {
		def := tool.Definition{
			Tool:     json.RawMessage(all[start:ends[i]:ends[i]]),
			Form:     f.form(),
			Fallback: f.Fallback,
		}
		if f.Parameters != "" {
			def.Parameters = json.RawMessage(f.Parameters)
		}
		*field(&ds, f.Shape) = def
		start = ends[i]
	}
	return ds
}

// form is the dialect whose form the definition takes.
func (f *Form) form() tool.Dialect {
	if f.Form == "" {
		return f.Shape
	}
	return f.Form
}

// definitionParts returns the JSON of a tool definition in the form of
// dialect form around its parameters member: the definition is before,
// then `,"<key>":` and the parameters when it has some, then after.
func definitionParts(form tool.Dialect, name, description string, risk tool.Risk, idempotent bool) (before, after string) {
	head := `"name":` + jsonString(name)
	if description != "" {
		head += `,"description":` + jsonString(description)
	}
	switch form {
	case tool.OpenAI, tool.OpenAINonStrict:
		return `{"type":"function","function":{` + head, `,"strict":` + strconv.FormatBool(form == tool.OpenAI) + `}}`
	case tool.OpenAIResponses, tool.OpenAIResponsesNonStrict:
		return `{"type":"function",` + head, `,"strict":` + strconv.FormatBool(form == tool.OpenAIResponses) + `}`
	case tool.Anthropic:
		return "{" + head, `,"strict":true}`
	case tool.MCP:
		return "{" + head, `,"annotations":` + mcpAnnotations(risk, idempotent) + "}"
	case tool.AnthropicNonStrict, tool.Gemini, tool.GeminiJSONSchema:
		return "{" + head, "}"
	}
	panic("toolimpl: unknown dialect " + strconv.Quote(string(form)))
}

// parametersKey is the member of a definition that holds its parameters.
func parametersKey(form tool.Dialect) string {
	switch form {
	case tool.Anthropic, tool.AnthropicNonStrict:
		return "input_schema"
	case tool.GeminiJSONSchema:
		return "parametersJsonSchema"
	case tool.MCP:
		return "inputSchema"
	}
	return "parameters"
}

// mcpAnnotations are the MCP tool annotations of a risk class and of
// idempotence: idempotentHint means calling the tool again with the same
// arguments has no further effect.
func mcpAnnotations(risk tool.Risk, idempotent bool) string {
	hint := `"idempotentHint":` + strconv.FormatBool(idempotent) + "}"
	switch risk {
	case tool.RiskRead:
		return `{"readOnlyHint":true,` + hint
	case tool.RiskDangerous:
		return `{"readOnlyHint":false,"destructiveHint":true,` + hint
	}
	return `{"readOnlyHint":false,"destructiveHint":false,` + hint
}

// jsonString is s as a JSON string, without HTML escaping, so that
// descriptions read as written, as the schemas' descriptions do.
func jsonString(s string) string { return string(jsonstr.Append(nil, s)) }

// field is the field of ds that holds the definition of shape.
func field(ds *tool.Dialects, shape tool.Dialect) *tool.Definition {
	switch shape {
	case tool.OpenAI:
		return &ds.OpenAI
	case tool.OpenAINonStrict:
		return &ds.OpenAINonStrict
	case tool.OpenAIResponses:
		return &ds.OpenAIResponses
	case tool.OpenAIResponsesNonStrict:
		return &ds.OpenAIResponsesNonStrict
	case tool.Anthropic:
		return &ds.Anthropic
	case tool.AnthropicNonStrict:
		return &ds.AnthropicNonStrict
	case tool.Gemini:
		return &ds.Gemini
	case tool.GeminiJSONSchema:
		return &ds.GeminiJSONSchema
	case tool.MCP:
		return &ds.MCP
	}
	panic("toolimpl: unknown dialect " + strconv.Quote(string(shape)))
}
