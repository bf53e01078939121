package dialect

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// Limits of the providers (see docs/providers.md, "Provider dialects").
const (
	openAIMaxNesting    = 10
	openAIMaxProperties = 5000
	openAIMaxEnumValues = 1000
	openAIMaxChars      = 120_000
	openAILongEnum      = 250
	openAILongEnumChars = 15_000

	// Anthropic's strict mode compiles each schema into a grammar; a schema
	// with more optional members or unions than this is refused.
	anthropicMaxOptional = 24
	anthropicMaxUnions   = 16
)

// geminiName is the form of a Gemini parameter name.
var geminiName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,63}$`)

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

// cause is a kind of schema some dialects cannot express, and the form of
// the same data every dialect expresses strictly, if there is one.
type cause struct{ what, instead string }

var (
	causeMap        = cause{"a map", "a list of {key, value} objects"}
	causeIntMap     = cause{"a map with integer keys", "a list of {key, value} objects"}
	causeOpenObject = cause{"an open object (map[string]any)", "a struct of the expected members"}
	causeAny        = cause{"a value of any type (any, json.RawMessage)", "a concrete type"}
	causeRecursive  = cause{"a recursive type", ""}
	causeEmpty      = cause{"an empty struct", "a struct with a member"}
	causeNothing    = cause{"a schema that accepts nothing (false)", ""}
	causeNesting    = cause{"nesting this deep", "fewer levels of nested structs"}
	causeSize       = cause{"a schema this large", "smaller tools"}
	causeTypeList   = cause{"a list of types", ""}
)

// schemaWords name the causes that speak of Go types in a schema's terms,
// for a tool whose schema is a file (schema=).
var schemaWords = map[string]string{
	causeMap.what:        "an object with additionalProperties",
	causeOpenObject.what: `an object without "additionalProperties": false`,
	causeAny.what:        "a schema without a type",
	causeRecursive.what:  "a recursive schema",
	causeEmpty.what:      "an object without properties",
}

func keywordCause(k string) cause {
	switch k {
	case "oneOf":
		return cause{"oneOf (exactly one of several schemas)", ""}
	case "anyOf":
		return cause{"anyOf (any of several schemas)", ""}
	}
	return cause{"keyword " + k, ""}
}

// ConvertJSON turns a tool's canonical schema, in JSON, into its parameters
// schema in dialect d. Constraints the dialect cannot express become
// sentences of the descriptions; a schema the dialect cannot accept at all
// is reported as errors, every one found.
func ConvertJSON(d ir.Dialect, canonical []byte) (*Converted, []ir.DialectError) {
	v, err := jsonschema.ParseJSON(canonical)
	if err != nil {
		return nil, []ir.DialectError{{Dialect: d, Title: Title(d), What: "the schema", Why: "reading it: " + err.Error()}}
	}
	root, ok := v.(*jsonschema.Object)
	if !ok || root.Str("type") != "object" {
		return nil, []ir.DialectError{{Dialect: d, Title: Title(d), What: "a root that is not an object", Why: "the parameters schema must have type object at its root"}}
	}
	out := &Converted{Dialect: d}
	f := optionForm(d)
	if f == nil {
		return nil, []ir.DialectError{{Dialect: d, Title: Title(d), What: "the schema", Why: fmt.Sprintf("unknown dialect %q", d)}}
	}
	if Lowering(f.Lowering) == lowerCanonical {
		out.Parameters = append(json.RawMessage(nil), canonical...)
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

// union converts anyOf or oneOf. Branches that only require members (the
// oneof_required and anyof_required groups) become a sentence; a oneOf of
// schemas is an anyOf where the dialect has no oneOf, its "exactly one" a
// sentence. Only parametersJsonSchema, Gemini's last resort, moves them:
// OpenAI strict mode and Gemini's parameters fall back instead.
func (c *converter) union(out *jsonschema.Object, d *describer, k string, branches []any, path string, level int) {
	if groups, ok := memberGroups(branches); ok {
		if !c.movesUnions() {
			tag := "oneof_required"
			if k == "anyOf" {
				tag = "anyof_required"
			}
			why := "every member is required"
			if c.lowering == lowerGemini {
				why = "every alternative needs a type"
			}
			c.fail(path, cause{fmt.Sprintf("the %s groups %s", tag, strings.Join(groups, "; ")), ""}, "%s", why)
			return
		}
		if k == "oneOf" {
			d.add(path, k, "have exactly one of: "+strings.Join(groups, "; "))
		} else {
			d.add(path, k, "have at least one of: "+strings.Join(groups, "; "))
		}
		return
	}
	if k == "oneOf" {
		if !c.movesUnions() || out.Has("anyOf") {
			c.fail(path, keywordCause(k), "")
			return
		}
		d.add(path, k, "match exactly one of the alternatives")
	}
	conv := make([]any, len(branches))
	for i, b := range branches {
		conv[i] = c.schema(b, path+"/"+k+"/"+strconv.Itoa(i), "", nil, level)
	}
	out.Set("anyOf", conv)
}

// memberGroups returns the members each branch of a union requires, when
// every branch only requires members (with annotations, and declarations
// of the members with the schema true): "email", "phone and fax".
func memberGroups(branches []any) ([]string, bool) {
	var groups []string
	for _, b := range branches {
		o, ok := b.(*jsonschema.Object)
		if !ok || !o.Has("required") {
			return nil, false
		}
		for _, k := range o.Keys {
			switch k {
			case "required", "title", "description":
			case "properties":
				props := o.Values[k].(*jsonschema.Object)
				for _, name := range props.Keys {
					if props.Values[name] != true {
						return nil, false
					}
				}
			default:
				return nil, false
			}
		}
		var members []string
		for _, m := range o.Values["required"].([]any) {
			members = append(members, m.(string))
		}
		groups = append(groups, ir.JoinAnd(members))
	}
	return groups, len(groups) > 0
}

// anyValue is the schema of a value of any type.
func (c *converter) anyValue(path string) any {
	switch c.lowering {
	case lowerOpenAI, lowerAnthropic, lowerGemini:
		c.fail(path, causeAny, "every schema needs a type")
	}
	return jsonschema.NewObject()
}

// dialectNullable recognizes invopop's nullable form {"oneOf": [T, {"type":
// "null"}]} and returns T.
func dialectNullable(s *jsonschema.Object) (any, bool) {
	one, ok := s.Get("oneOf")
	if !ok || len(s.Keys) != 1 {
		return nil, false
	}
	branches, _ := one.([]any)
	if len(branches) != 2 {
		return nil, false
	}
	null, ok := branches[1].(*jsonschema.Object)
	if !ok || len(null.Keys) != 1 || null.Str("type") != "null" {
		return nil, false
	}
	return branches[0], true
}

// nullable makes a converted schema accept null too.
func (c *converter) nullable(v any) any {
	s, ok := v.(*jsonschema.Object)
	if !ok {
		return v
	}
	if c.lowering == lowerGemini {
		if s.Has("nullable") {
			return s
		}
		withNull := jsonschema.NewObject()
		for _, k := range s.Keys {
			if k != "description" {
				withNull.Set(k, s.Values[k])
			}
		}
		withNull.Set("nullable", true)
		if d := s.Str("description"); d != "" {
			withNull.Set("description", d)
		}
		return withNull
	}
	if acceptsNull(s) {
		return s
	}
	null := jsonschema.NewObject().With("type", "null")
	if branches, ok := s.Get("anyOf"); ok && onlyAnnotations(s, "anyOf") {
		// A union already: null is one more branch.
		withNull := jsonschema.NewObject()
		for _, k := range s.Keys {
			withNull.Set(k, s.Values[k])
		}
		withNull.Set("anyOf", append(append([]any{}, branches.([]any)...), null))
		return withNull
	}
	if c.openAI() && !s.Has("enum") && !s.Has("anyOf") {
		if t := s.Str("type"); t == "string" || t == "number" || t == "integer" || t == "boolean" {
			// The form OpenAI documents for an optional field.
			withNull := jsonschema.NewObject()
			for _, k := range s.Keys {
				withNull.Set(k, s.Values[k])
			}
			withNull.Set("type", []any{t, "null"})
			return withNull
		}
	}
	// The description stays with the property, outside the union.
	branch := jsonschema.NewObject()
	for _, k := range s.Keys {
		if k != "description" {
			branch.Set(k, s.Values[k])
		}
	}
	union := jsonschema.NewObject()
	union.Set("anyOf", []any{branch, null})
	if d := s.Str("description"); d != "" {
		union.Set("description", d)
	}
	return union
}

// onlyAnnotations reports whether s has no keyword but k, a description
// and a title.
func onlyAnnotations(s *jsonschema.Object, k string) bool {
	for _, key := range s.Keys {
		if key != k && key != "description" && key != "title" {
			return false
		}
	}
	return true
}

func acceptsNull(s *jsonschema.Object) bool {
	if t, ok := s.Get("type"); ok {
		if types, ok := t.([]any); ok {
			for _, x := range types {
				if x == "null" {
					return true
				}
			}
		}
	}
	if branches, ok := s.Get("anyOf"); ok {
		for _, b := range branches.([]any) {
			if o, ok := b.(*jsonschema.Object); ok && o.Str("type") == "null" && len(o.Keys) == 1 {
				return true
			}
		}
	}
	return false
}

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

func (c *converter) countEnum(values []any, path string) {
	if !c.openAI() {
		return
	}
	before := c.enumValues
	c.enumValues += len(values)
	if before <= openAIMaxEnumValues && c.enumValues > openAIMaxEnumValues && c.enumAt == "" {
		c.enumAt = path
	}
	total := 0
	for _, v := range values {
		if s, ok := v.(string); ok {
			total += len(s)
		} else {
			total += len(jsonschema.CompactJSON(v))
		}
	}
	c.chars += total
	if len(values) > openAILongEnum && total > openAILongEnumChars {
		c.fail(path, cause{fmt.Sprintf("an enum of %d values totalling %d characters", len(values), total), ""}, "an enum of more than %d strings may total at most %d characters", openAILongEnum, openAILongEnumChars)
	}
}

// limits checks the strict modes' limits on the whole schema.
func (c *converter) limits() {
	if c.lowering == lowerAnthropic {
		if c.optional > anthropicMaxOptional {
			c.fail("", causeSize, "at most %d optional members in all, and this schema has %d", anthropicMaxOptional, c.optional)
		}
		if c.unions > anthropicMaxUnions {
			c.fail("", causeSize, "at most %d members that are unions (anyOf, or null with a type) in all, and this schema has %d", anthropicMaxUnions, c.unions)
		}
		return
	}
	if !c.openAI() {
		return
	}
	if c.properties > openAIMaxProperties {
		c.fail("", causeSize, "at most %d object properties in all, and this schema has %d", openAIMaxProperties, c.properties)
	}
	if c.enumValues > openAIMaxEnumValues {
		c.fail(c.enumAt, causeSize, "at most %d enum values in all, and this schema has %d", openAIMaxEnumValues, c.enumValues)
	}
	if c.chars > openAIMaxChars {
		c.fail("", causeSize, "at most %d characters of property names, definition names and enum values in all, and this schema has %d", openAIMaxChars, c.chars)
	}
}
