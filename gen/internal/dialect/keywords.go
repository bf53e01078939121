package dialect

import (
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/internal/words"
)

// actions say what a dialect does with each keyword that schema() does not
// handle itself.
type action int

const (
	fail action = iota // the dialect cannot express it: an error
	keep               // the dialect has it
	move               // into the description
	drop               // an annotation the dialect has no use for
)

// Lowering names the rules by which a form's schema is lowered from the
// canonical one: the values of forms.Form.Lowering.
type Lowering string

const (
	lowerCanonical        Lowering = "canonical" // the canonical schema as it is
	lowerOpenAI           Lowering = "openai-strict"
	lowerAnthropic        Lowering = "anthropic-strict"
	lowerGemini           Lowering = "gemini-openapi"
	lowerGeminiJSONSchema Lowering = "gemini-jsonschema"
)

// rules are what a lowering does that its code does not say: what it does
// with each keyword that schema() does not handle itself, the values of
// format it has, and the suffix of the constant that holds its schemas in
// generated code ("" for the canonical schema's constant).
type rules struct {
	actions  map[string]action
	formats  map[string]bool
	constant string
}

// Constant is the suffix of the name of the constant that holds the
// lowering's schemas in generated code: "OpenAISchema"; "" for the
// canonical schema's constant.
func (l Lowering) Constant() string { return lowerings[l].constant }

// lowerings are the rules of each lowering.
var lowerings = map[Lowering]rules{
	lowerCanonical: {},
	lowerOpenAI: {
		actions: map[string]action{
			"multipleOf": keep, "maximum": keep, "exclusiveMaximum": keep, "minimum": keep, "exclusiveMinimum": keep,
			"pattern": keep, "maxItems": keep, "minItems": keep, "title": keep, "format": keep,
			"minLength": move, "maxLength": move, "uniqueItems": move, "minProperties": move, "maxProperties": move,
			"default": move, "examples": move, "contentEncoding": move,
		},
		formats: map[string]bool{"date-time": true, "time": true, "date": true, "duration": true, "email": true,
			"hostname": true, "ipv4": true, "ipv6": true, "uuid": true},
		constant: "OpenAISchema",
	},
	lowerAnthropic: {
		actions: map[string]action{
			"pattern": keep, "minItems": keep, "format": keep,
			"minLength": move, "maxLength": move, "minimum": move, "maximum": move, "exclusiveMinimum": move,
			"exclusiveMaximum": move, "multipleOf": move, "maxItems": move, "uniqueItems": move,
			"minProperties": move, "maxProperties": move, "default": move, "examples": move, "contentEncoding": move,
		},
		// As the official SDKs' transforms keep them.
		formats: map[string]bool{"date-time": true, "time": true, "date": true, "duration": true, "email": true,
			"hostname": true, "uri": true, "ipv4": true, "ipv6": true, "uuid": true},
		constant: "AnthropicSchema",
	},
	lowerGemini: {
		actions: map[string]action{
			"maximum": keep, "minimum": keep, "minLength": keep, "maxLength": keep, "pattern": keep,
			"maxItems": keep, "minItems": keep, "minProperties": keep, "maxProperties": keep,
			"title": keep, "default": keep, "format": keep,
			"multipleOf": move, "exclusiveMaximum": move, "exclusiveMinimum": move, "uniqueItems": move,
			"contentEncoding": move, "examples": drop, // the first becomes "example"
		},
		formats:  map[string]bool{"date-time": true, "enum": true, "int32": true, "int64": true, "float": true, "double": true},
		constant: "GeminiSchema",
	},
	lowerGeminiJSONSchema: {
		actions: map[string]action{
			"maximum": keep, "minimum": keep, "maxItems": keep, "minItems": keep, "title": keep, "format": keep,
			"multipleOf": move, "exclusiveMaximum": move, "exclusiveMinimum": move, "minLength": move, "maxLength": move,
			"pattern": move, "uniqueItems": move, "minProperties": move, "maxProperties": move,
			"default": move, "examples": move, "contentEncoding": move,
		},
		formats:  map[string]bool{"date-time": true, "date": true, "time": true},
		constant: "GeminiJSONSchema",
	},
}

// annotations are keywords no validator checks; a dialect without them
// leaves them out.
var annotations = map[string]bool{
	"$schema": true, "$id": true, "$comment": true, "$anchor": true, "readOnly": true, "writeOnly": true,
	"deprecated": true, "contentMediaType": true,
}

// keyword converts one keyword by the dialect's table.
func (c *converter) keyword(out *jsonschema.Object, d *describer, k string, v any, path string) {
	a, known := c.rules.actions[k]
	if !known {
		switch {
		case annotations[k]:
			a = drop
		case jsonschema.Assertions[k] || k == "oneOf" || k == "$dynamicRef" || k == "contentSchema":
			a = fail
		default:
			// An extra annotation (jsonschema_extras); only the canonical
			// schema carries those.
			a = drop
		}
	}
	if k == "format" && !c.rules.formats[v.(string)] {
		a = move
	}
	if c.lowering == lowerAnthropic {
		// Anthropic strict mode takes minItems 0 or 1 and simple patterns
		// only.
		if k == "minItems" && numUint(v) > 1 || k == "pattern" && !simplePattern(v.(string)) {
			a = move
		}
	}
	switch a {
	case keep:
		out.Set(k, v)
	case drop:
	case fail:
		c.fail(path, keywordCause(k), "")
	case move:
		switch k {
		case "minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems":
			// Both ends go into one predicate, after the loop.
			d.moved = append(d.moved, Moved{Path: path, Keyword: k})
		case "exclusiveMinimum":
			d.add(path, k, "be greater than "+numText(v))
		case "exclusiveMaximum":
			d.add(path, k, "be less than "+numText(v))
		case "multipleOf":
			d.add(path, k, "be a multiple of "+numText(v))
		case "pattern":
			d.add(path, k, "match the regular expression "+v.(string))
		case "uniqueItems":
			if v == true {
				d.add(path, k, "not contain the same item twice")
			}
		case "minProperties":
			d.add(path, k, "have at least "+words.Plural(numUint(v), "member"))
		case "maxProperties":
			d.add(path, k, "have at most "+words.Plural(numUint(v), "member"))
		case "format":
			d.add(path, k, "be "+dialectFormatText(v.(string)))
		case "default":
			d.note(path, k, "Defaults to "+jsonschema.CompactJSON(v)+".")
		case "examples":
			values, _ := v.([]any)
			if len(values) == 1 {
				d.note(path, k, "Example: "+jsonschema.CompactJSON(values[0])+".")
			} else if len(values) > 1 {
				d.note(path, k, "Examples: "+jsonList(values)+".")
			}
		case "contentEncoding":
			d.note(path, k, "Encoded in "+v.(string)+".")
		default:
			c.fail(path, keywordCause(k), "")
		}
	}
}
