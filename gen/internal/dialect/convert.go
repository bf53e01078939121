package dialect

import (
	"encoding/json"
	"fmt"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// Converted is a tool's parameters schema in one dialect.
type Converted struct {
	Dialect ir.Dialect
	// Parameters is the schema, or nil when the dialect leaves it out (the
	// Gemini parameters of a tool without arguments).
	Parameters json.RawMessage
	// Moved lists the constraints the dialect cannot express, each now a
	// sentence of a description; the validator still enforces them.
	Moved []Moved
}

// Moved is a constraint moved into a description.
type Moved struct {
	// Path is the JSON Pointer of the schema that holds the keyword, in the
	// canonical schema: "/properties/city".
	Path string
	// Keyword is the JSON Schema keyword: "minLength".
	Keyword string
	// Text is the sentence added to the description: "Must be 1-100
	// characters." (for an array's items, to the array's description:
	// "Each item must ...").
	Text string
}

// Convert turns a tool's canonical schema into its parameters schema in
// dialect d, lowering its ordered value (which it does not change: every
// dialect and the emitter read the same one). Constraints the dialect
// cannot express become sentences of the descriptions; a schema the
// dialect cannot accept at all is reported as errors, every one found.
func Convert(d ir.Dialect, canonical *ir.Schema) (*Converted, []ir.DialectError) {
	root, ok := canonical.Value.(*jsonschema.Object)
	if !ok || root.Str("type") != "object" {
		return nil, []ir.DialectError{{Dialect: d, Title: Title(d), What: "a root that is not an object", Why: "the parameters schema must have type object at its root"}}
	}
	out := &Converted{Dialect: d}
	f := optionForm(d)
	if f == nil {
		return nil, []ir.DialectError{{Dialect: d, Title: Title(d), What: "the schema", Why: fmt.Sprintf("unknown dialect %q", d)}}
	}
	if Lowering(f.Lowering) == lowerCanonical {
		out.Parameters = append(json.RawMessage(nil), canonical.JSON...)
		return out, nil
	}
	c := &converter{dialect: d, lowering: Lowering(f.Lowering), rules: lowerings[Lowering(f.Lowering)], root: root}
	conv := c.schema(root, "", "", nil, 1)
	c.limits()
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	out.Moved = c.moved
	if c.lowering == lowerGemini {
		if props, _ := root.Get("properties"); props == nil || len(props.(*jsonschema.Object).Keys) == 0 {
			// Gemini refuses an object without properties; a function
			// without arguments has no parameters.
			return out, nil
		}
	}
	out.Parameters = []byte(jsonschema.CompactJSON(conv))
	return out, nil
}

// converter converts one canonical schema into one dialect, by the rules
// of its lowering.
type converter struct {
	dialect  ir.Dialect
	lowering Lowering
	rules    rules
	root     *jsonschema.Object
	errs     []ir.DialectError
	moved    []Moved

	// OpenAI strict mode's limits.
	properties int
	enumValues int
	chars      int
	enumAt     string // the enum that exceeds the limit of values

	// Anthropic strict mode's limits.
	optional int
	unions   int
}

// fail reports that the dialect cannot express what is at path; why is
// the dialect's rule.
func (c *converter) fail(path string, what cause, why string, args ...any) {
	c.errs = append(c.errs, ir.DialectError{Dialect: c.dialect, Title: Title(c.dialect), Path: path, What: what.what, Why: fmt.Sprintf(why, args...), Instead: what.instead})
}

func (c *converter) openAI() bool { return c.lowering == lowerOpenAI }

// closed reports a dialect that needs additionalProperties: false on every
// object: a strict mode.
func (c *converter) closed() bool { return c.lowering == lowerOpenAI || c.lowering == lowerAnthropic }

// movesUnions reports a dialect that takes an anyOf but no oneOf, nor the
// branches of the oneof_required and anyof_required groups, which only
// require members: it writes what they add as sentences.
func (c *converter) movesUnions() bool {
	return c.lowering == lowerGeminiJSONSchema || c.lowering == lowerAnthropic
}

// schema converts the canonical schema v at path. subject is "" when the
// sentences of moved constraints go into this schema's own description, or
// the subject to prefix them with when they go to hoist, the sentences of
// the enclosing property (an array's items: "Each item"). level counts the
// objects from the root, which is level 1.
func (c *converter) schema(v any, path, subject string, hoist *[]string, level int) any {
	s, ok := v.(*jsonschema.Object)
	if !ok {
		if b, _ := v.(bool); b {
			return c.anyValue(path)
		}
		if c.lowering != lowerGeminiJSONSchema {
			c.fail(path, causeNothing, "")
		}
		return v
	}
	if len(s.Keys) == 0 {
		return c.anyValue(path)
	}
	if inner, ok := dialectNullable(s); ok {
		conv := c.schema(inner, path+"/oneOf/0", subject, hoist, level)
		return c.nullable(conv)
	}
	if ref := s.Str("$ref"); ref != "" {
		return c.ref(s, path)
	}

	out := jsonschema.NewObject()
	d := &describer{}
	typ := s.Str("type")
	if t, ok := s.Get("type"); ok {
		out.Set("type", c.typeName(t, path))
	}
	if typ == "" && !s.Has("anyOf") && !s.Has("oneOf") && !s.Has("allOf") && !s.Has("not") {
		// A value of any type, with a description or other annotations.
		c.anyValue(path)
	}
	isObject := typ == "object"
	if isObject && c.openAI() && level > openAIMaxNesting {
		c.fail(path, causeNesting, "it takes at most %d levels of nested objects, and this object is at level %d", openAIMaxNesting, level)
	}
	var lengths, bounds, counts [2]string
	desc := s.Str("description")
	var sentences []string // hoisted from items
	for _, k := range s.Keys {
		val := s.Values[k]
		switch k {
		case "description", "type":
			// The type is first, the description last, with the sentences of
			// moved constraints.
		case "properties", "required", "additionalProperties", "patternProperties":
			if !isObject {
				c.fail(path, keywordCause(k), "on a schema that is not an object")
			}
			// Done below, in object.
		case "items":
			itemSubject := "Each item"
			if subject != "" {
				itemSubject = "Each item of " + lowerFirstWord(subject)
			}
			target := &sentences
			if hoist != nil {
				target = hoist
			}
			out.Set("items", c.schema(val, path+"/items", itemSubject, target, level))
		case "$defs":
			if path != "" {
				c.fail(path, keywordCause("$defs"), "below the root")
				continue
			}
			if c.lowering == lowerGemini {
				// Only $ref uses them, and Gemini fails each $ref.
				continue
			}
			defs := val.(*jsonschema.Object)
			conv := jsonschema.NewObject()
			for _, name := range defs.Keys {
				c.chars += len(name)
				conv.Set(name, c.schema(defs.Values[name], "/$defs/"+jsonschema.PointerToken(name), "", nil, 1))
			}
			out.Set("$defs", conv)
		case "enum":
			c.enum(out, d, val.([]any), path)
		case "const":
			c.constant(out, d, val, path)
		case "anyOf", "oneOf":
			c.union(out, d, k, val.([]any), path, level)
		case "minLength":
			lengths[0] = numText(val)
			c.keyword(out, d, k, val, path)
		case "maxLength":
			lengths[1] = numText(val)
			c.keyword(out, d, k, val, path)
		case "minimum":
			bounds[0] = numText(val)
			c.keyword(out, d, k, val, path)
		case "maximum":
			bounds[1] = numText(val)
			c.keyword(out, d, k, val, path)
		case "minItems":
			counts[0] = numText(val)
			c.keyword(out, d, k, val, path)
		case "maxItems":
			counts[1] = numText(val)
			c.keyword(out, d, k, val, path)
		default:
			c.keyword(out, d, k, val, path)
		}
	}
	c.rangePredicates(d, path, lengths, bounds, counts)
	if isObject {
		c.object(s, out, path, level, &sentences)
	}
	if c.lowering == lowerGemini && s.Has("examples") {
		if ex, _ := s.Get("examples"); len(ex.([]any)) > 0 {
			out.Set("example", ex.([]any)[0])
		}
	}

	for i := range d.moved {
		d.moved[i].Text = d.text(subject)
	}
	c.moved = append(c.moved, d.moved...)
	own := d.text(subject)
	if hoist != nil {
		if own != "" {
			*hoist = append(*hoist, own)
		}
	} else {
		desc = ir.AppendSentence(desc, own)
	}
	for _, h := range sentences {
		desc = ir.AppendSentence(desc, h)
	}
	if desc != "" {
		out.Set("description", desc)
	}
	return out
}
