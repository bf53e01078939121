package dialect

import (
	"fmt"
	"regexp"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// This file lowers an object's members (properties, required,
// additionalProperties, patternProperties) and a $ref, which the canonical
// schema uses for recursive types.

// geminiName is the form of a Gemini parameter name.
var geminiName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,63}$`)

// ref converts a $ref, which the canonical schema uses for recursive types.
func (c *converter) ref(s *jsonschema.Object, path string) any {
	if c.lowering == lowerGemini {
		c.fail(path, causeRecursive, "an OpenAPI 3.0 subset without $ref")
		return s
	}
	if c.lowering == lowerAnthropic && recursiveRef(c.root, s.Str("$ref")) {
		c.fail(path, causeRecursive, "no schema may refer to itself")
		return s
	}
	out := jsonschema.NewObject()
	for _, k := range s.Keys {
		switch k {
		case "$ref", "description", "title":
			out.Set(k, s.Values[k])
		default:
			c.fail(path, keywordCause(k), "next to $ref")
		}
	}
	if c.closed() && len(out.Keys) > 1 {
		// The strict modes take no keyword next to $ref: the description
		// goes around it.
		wrapped := jsonschema.NewObject()
		wrapped.Set("anyOf", []any{jsonschema.NewObject().With("$ref", s.Str("$ref"))})
		for _, k := range out.Keys[1:] {
			wrapped.Set(k, out.Values[k])
		}
		return wrapped
	}
	return out
}

// object converts the properties, required and additionalProperties of an
// object schema into out; the sentences of a map's values go to sentences.
func (c *converter) object(s, out *jsonschema.Object, path string, level int, sentences *[]string) {
	props := jsonschema.NewObject()
	if p, ok := s.Get("properties"); ok {
		props = p.(*jsonschema.Object)
	}
	required := map[string]bool{}
	var requiredList []any
	if r, ok := s.Get("required"); ok {
		requiredList = r.([]any)
		for _, name := range requiredList {
			required[name.(string)] = true
		}
	}
	additional, hasAdditional := s.Get("additionalProperties")
	closed := hasAdditional && additional == false

	convProps := jsonschema.NewObject()
	for _, name := range props.Keys {
		p := path + "/properties/" + jsonschema.PointerToken(name)
		if c.lowering == lowerGemini && !geminiName.MatchString(name) {
			c.fail(p, cause{fmt.Sprintf("the property name %q", name), "a json name of letters, digits and _"}, "names must match %s", geminiName)
		}
		c.properties++
		c.chars += len(name)
		conv := c.schema(props.Values[name], p, "", nil, level+1)
		if c.openAI() && !required[name] {
			conv = c.nullable(conv)
		}
		if o, ok := conv.(*jsonschema.Object); ok && c.lowering == lowerAnthropic {
			if _, isList := o.Values["type"].([]any); isList || o.Has("anyOf") {
				c.unions++
			}
		}
		convProps.Set(name, conv)
	}
	patterns, hasPatterns := s.Get("patternProperties")

	var names []any
	for _, name := range props.Keys {
		names = append(names, name)
	}
	// One error per object: the first of what the dialect lacks.
	var lacks *cause
	switch {
	case hasPatterns:
		lacks = &causeIntMap
	case hasAdditional && !closed && additional != true:
		lacks = &causeMap
	case !closed:
		lacks = &causeOpenObject
	case len(props.Keys) == 0 && path != "":
		lacks = &causeEmpty
	}
	switch c.lowering {
	case lowerOpenAI, lowerAnthropic:
		switch {
		case lacks == nil || *lacks == causeEmpty:
		case *lacks == causeIntMap:
			c.fail(path, *lacks, "there is no patternProperties")
		default:
			c.fail(path, *lacks, "every object needs additionalProperties: false")
		}
		out.Set("properties", convProps)
		if c.openAI() {
			out.Set("required", emptyIfNil(names))
		} else if len(requiredList) > 0 {
			out.Set("required", requiredList)
			c.optional += len(props.Keys) - len(requiredList)
		} else {
			c.optional += len(props.Keys)
		}
		out.Set("additionalProperties", false)
	case lowerGemini:
		switch {
		case lacks == nil:
		case *lacks == causeEmpty || *lacks == causeOpenObject:
			c.fail(path, *lacks, "every object needs a property")
		case *lacks == causeIntMap:
			c.fail(path, *lacks, "there is no patternProperties")
		default:
			c.fail(path, *lacks, "there is no additionalProperties")
		}
		// additionalProperties: false is left out: the Gemini API's schema has
		// no such field. The validator still rejects undeclared members.
		out.Set("properties", convProps)
		if len(requiredList) > 0 {
			out.Set("required", requiredList)
		}
		if len(names) > 1 {
			// Gemini may order properties alphabetically otherwise.
			out.Set("propertyOrdering", names)
		}
	case lowerGeminiJSONSchema:
		if s.Has("properties") {
			out.Set("properties", convProps)
		}
		if len(requiredList) > 0 {
			out.Set("required", requiredList)
		}
		switch {
		case hasPatterns:
			// A map with integer keys: its values as additionalProperties,
			// the keys' pattern in the description.
			pp := patterns.(*jsonschema.Object)
			if len(pp.Keys) != 1 || !closed || len(props.Keys) > 0 {
				c.fail(path, keywordCause("patternProperties"), "")
				break
			}
			pattern := pp.Keys[0]
			text := "Each member name must match the regular expression " + pattern + "."
			*sentences = append(*sentences, text)
			c.moved = append(c.moved, Moved{Path: path, Keyword: "patternProperties", Text: text})
			out.Set("additionalProperties", c.schema(pp.Values[pattern], path+"/patternProperties/"+jsonschema.PointerToken(pattern), "Each value", sentences, level+1))
		case hasAdditional:
			if closed || additional == true {
				out.Set("additionalProperties", additional)
			} else {
				out.Set("additionalProperties", c.schema(additional, path+"/additionalProperties", "Each value", sentences, level+1))
			}
		}
	}
}

func emptyIfNil(xs []any) []any {
	if xs == nil {
		return []any{}
	}
	return xs
}
