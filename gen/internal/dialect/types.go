package dialect

import (
	"encoding/json"
	"fmt"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// This file lowers type, enum and const, and a schema of any type.

// anyValue is the schema of a value of any type.
func (c *converter) anyValue(path string) any {
	switch c.lowering {
	case lowerOpenAI, lowerAnthropic, lowerGemini:
		c.fail(path, causeAny, "every schema needs a type")
	}
	return jsonschema.NewObject()
}

// gemini types are the names of the OpenAPI subset's Type enum.
var geminiTypes = map[string]string{
	"string": "STRING", "number": "NUMBER", "integer": "INTEGER", "boolean": "BOOLEAN",
	"array": "ARRAY", "object": "OBJECT", "null": "NULL",
}

func (c *converter) typeName(v any, path string) any {
	t, ok := v.(string)
	if !ok {
		if c.lowering == lowerGemini {
			c.fail(path, causeTypeList, "one type per schema")
		}
		return v
	}
	if c.lowering == lowerGemini {
		if g, ok := geminiTypes[t]; ok && t != "null" {
			return g
		}
		c.fail(path, cause{fmt.Sprintf("type %q", t), ""}, "")
	}
	return t
}

// enum converts an enum: Gemini's parameters take strings only,
// parametersJsonSchema strings and numbers.
func (c *converter) enum(out *jsonschema.Object, d *describer, values []any, path string) {
	c.countEnum(values, path)
	allStrings, allScalars := true, true
	for _, v := range values {
		switch v.(type) {
		case string:
		case json.Number:
			allStrings = false
		default:
			allStrings, allScalars = false, false
		}
	}
	switch {
	case c.lowering == lowerGemini && !allStrings,
		c.lowering == lowerGeminiJSONSchema && !allScalars:
		d.add(path, "enum", "be one of "+jsonList(values))
	default:
		out.Set("enum", values)
	}
}

// constant converts const into a one-value enum where the dialect has no
// const.
func (c *converter) constant(out *jsonschema.Object, d *describer, v any, path string) {
	_, isString := v.(string)
	_, isNumber := v.(json.Number)
	switch {
	case c.lowering == lowerAnthropic:
		out.Set("const", v)
	case c.openAI(),
		c.lowering == lowerGemini && isString,
		c.lowering == lowerGeminiJSONSchema && (isString || isNumber):
		c.countEnum([]any{v}, path)
		out.Set("enum", []any{v})
	default:
		d.add(path, "const", "be "+jsonschema.CompactJSON(v))
	}
}
