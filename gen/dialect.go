package gen

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Dialect is a value of the //toolgen:tool dialects= option: the forms of
// tool.Form whose Option it is ("openai" gives both a Chat Completions and
// a Responses API definition). Every form of one option takes the same
// lowering of the schema.
type Dialect string

// AllDialects lists the dialects in the order the dialects= option uses:
// the options of tool.AllDialects' forms, each once.
var AllDialects = func() []Dialect {
	var ds []Dialect
	for _, f := range shapes {
		if !slices.Contains(ds, Dialect(f.Option)) {
			ds = append(ds, Dialect(f.Option))
		}
	}
	return ds
}()

// shapes are the forms of the runtime's table, in the order of
// tool.Dialects' fields.
var shapes = func() []*tool.Form {
	var fs []*tool.Form
	for _, d := range tool.AllDialects() {
		f, _ := d.Form()
		fs = append(fs, &f)
	}
	return fs
}()

// shapeOf is the form of a dialect of the runtime, or nil.
func shapeOf(d tool.Dialect) *tool.Form {
	for _, f := range shapes {
		if f.Dialect == d {
			return f
		}
	}
	return nil
}

// optionForm is the first form of a dialects= option, or nil.
func optionForm(d Dialect) *tool.Form {
	for _, f := range shapes {
		if Dialect(f.Option) == d {
			return f
		}
	}
	return nil
}

// Limits of the providers (see README, "Dialects").
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
	Dialect Dialect
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

// DialectError is a schema that a dialect cannot accept at all.
type DialectError struct {
	Dialect Dialect
	// Path is the JSON Pointer of the offending schema in the canonical
	// schema: "/properties/meta".
	Path string
	// What is what the dialect cannot express: "a map".
	What string
	// Why is the dialect's rule that excludes it: "every object needs
	// additionalProperties: false".
	Why string
	// Instead names a form of the same data that every dialect expresses
	// strictly: "a list of {key, value} objects"; "" when there is none.
	Instead string
}

// Msg says what cannot be expressed, in which dialect, and why.
func (e DialectError) Msg() string {
	if e.Why == "" {
		return fmt.Sprintf("%s cannot be expressed in %s", e.What, e.Dialect.Title())
	}
	return fmt.Sprintf("%s cannot be expressed in %s (%s)", e.What, e.Dialect.Title(), e.Why)
}

func (e DialectError) Error() string {
	return fmt.Sprintf("%s: schema at #%s: %s", e.Dialect, e.Path, e.Msg())
}

// Title is the dialect's name in messages, its forms' tool.Form.Title:
// "OpenAI strict mode".
func (d Dialect) Title() string {
	if f := optionForm(d); f != nil {
		return f.Title
	}
	return "the " + string(d) + " dialect"
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
func ConvertJSON(d Dialect, canonical []byte) (*Converted, []DialectError) {
	v, err := jsonschema.ParseJSON(canonical)
	if err != nil {
		return nil, []DialectError{{Dialect: d, What: "the schema", Why: "reading it: " + err.Error()}}
	}
	root, ok := v.(*jsonschema.Object)
	if !ok || root.Str("type") != "object" {
		return nil, []DialectError{{Dialect: d, What: "a root that is not an object", Why: "the parameters schema must have type object at its root"}}
	}
	out := &Converted{Dialect: d}
	f := optionForm(d)
	if f == nil {
		return nil, []DialectError{{Dialect: d, What: "the schema", Why: fmt.Sprintf("unknown dialect %q", d)}}
	}
	if lowering(f.Lowering) == lowerCanonical {
		out.Parameters = append(json.RawMessage(nil), canonical...)
		return out, nil
	}
	c := &converter{dialect: d, lowering: lowering(f.Lowering), rules: lowerings[lowering(f.Lowering)], root: root}
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
	dialect  Dialect
	lowering lowering
	rules    rules
	root     *jsonschema.Object
	errs     []DialectError
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
	c.errs = append(c.errs, DialectError{Dialect: c.dialect, Path: path, What: what.what, Why: fmt.Sprintf(why, args...), Instead: what.instead})
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

// describer collects the sentences that replace the keywords a dialect lacks,
// for one value.
type describer struct {
	preds []string // "be 1-100 characters", joined into one "Must ..." sentence
	notes []string // whole sentences: "Defaults to 3."
	moved []Moved
}

func (d *describer) add(path, keyword, pred string) {
	d.preds = append(d.preds, pred)
	d.moved = append(d.moved, Moved{Path: path, Keyword: keyword})
}

func (d *describer) note(path, keyword, sentence string) {
	d.notes = append(d.notes, sentence)
	d.moved = append(d.moved, Moved{Path: path, Keyword: keyword})
}

// text renders the sentences; subject is "" for the value itself, or
// "Each item" for an array's items.
func (d *describer) text(subject string) string {
	var parts []string
	if len(d.preds) > 0 {
		s := "Must "
		if subject != "" {
			s = subject + " must "
		}
		parts = append(parts, s+joinAnd(d.preds)+".")
	}
	for _, n := range d.notes {
		if subject != "" {
			n = subject + ": " + lowerFirstWord(n)
		}
		parts = append(parts, n)
	}
	return strings.Join(parts, " ")
}

func joinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func lowerFirstWord(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
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
		groups = append(groups, joinAnd(members))
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

// actions say what a dialect does with each keyword that schema() does not
// handle itself.
type action int

const (
	fail action = iota // the dialect cannot express it: an error
	keep               // the dialect has it
	move               // into the description
	drop               // an annotation the dialect has no use for
)

// lowering names the rules by which a form's schema is lowered from the
// canonical one: the values of tool.Form.Lowering.
type lowering string

const (
	lowerCanonical        lowering = "canonical" // the canonical schema as it is
	lowerOpenAI           lowering = "openai-strict"
	lowerAnthropic        lowering = "anthropic-strict"
	lowerGemini           lowering = "gemini-openapi"
	lowerGeminiJSONSchema lowering = "gemini-jsonschema"
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

// lowerings are the rules of each lowering.
var lowerings = map[lowering]rules{
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
			d.add(path, k, "have at least "+plural(numUint(v), "member"))
		case "maxProperties":
			d.add(path, k, "have at most "+plural(numUint(v), "member"))
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

// rangePredicates adds the moved lower and upper bounds of a schema as one
// predicate each, before the others: "be 1-100 characters".
func (c *converter) rangePredicates(d *describer, path string, lengths, bounds, counts [2]string) {
	isMoved := func(k string) bool {
		for _, m := range d.moved {
			if m.Keyword == k && m.Path == path {
				return true
			}
		}
		return false
	}
	pair := func(lo, hi string, loKey, hiKey string) (string, string) {
		if !isMoved(loKey) {
			lo = ""
		}
		if !isMoved(hiKey) {
			hi = ""
		}
		return lo, hi
	}
	var preds []string
	if lo, hi := pair(lengths[0], lengths[1], "minLength", "maxLength"); lo != "" || hi != "" {
		preds = append(preds, rangeText(lo, hi, "character"))
	}
	if lo, hi := pair(bounds[0], bounds[1], "minimum", "maximum"); lo != "" || hi != "" {
		switch {
		case lo != "" && hi != "":
			preds = append(preds, "be between "+lo+" and "+hi)
		case lo != "":
			preds = append(preds, "be at least "+lo)
		default:
			preds = append(preds, "be at most "+hi)
		}
	}
	if lo, hi := pair(counts[0], counts[1], "minItems", "maxItems"); lo != "" || hi != "" {
		preds = append(preds, "have "+strings.TrimPrefix(rangeText(lo, hi, "item"), "be "))
	}
	// The ranges come first: "Must be 1-100 characters and match ...".
	d.preds = append(preds, d.preds...)
}

// rangeText is "be 1-100 characters", "be at least 1 character", "be at most
// 100 characters" or "be exactly 6 characters".
func rangeText(lo, hi, noun string) string {
	n := func(s string) uint64 { u, _ := strconv.ParseUint(s, 10, 64); return u }
	switch {
	case lo != "" && hi != "" && lo == hi:
		return "be exactly " + plural(n(lo), noun)
	case lo != "" && hi != "":
		return "be " + lo + "-" + hi + " " + noun + "s"
	case lo != "":
		return "be at least " + plural(n(lo), noun)
	}
	return "be at most " + plural(n(hi), noun)
}

var formatNames = map[string]string{
	"date-time": "a date and time in RFC 3339 form (2006-01-02T15:04:05Z)",
	"date":      "a date in RFC 3339 form (2006-01-02)",
	"time":      "a time in RFC 3339 form (15:04:05Z)",
	"duration":  "an ISO 8601 duration (P3DT4H)",
	"email":     "an email address",
	"hostname":  "a host name",
	"ipv4":      "an IPv4 address",
	"ipv6":      "an IPv6 address",
	"uuid":      "a UUID",
	"uri":       "an absolute URI",
}

func dialectFormatText(f string) string {
	if t, ok := formatNames[f]; ok {
		return t
	}
	return "in the format " + strconv.Quote(f)
}

func numText(v any) string {
	if n, ok := v.(json.Number); ok {
		return n.String()
	}
	return jsonschema.CompactJSON(v)
}

func numUint(v any) uint64 {
	u, _ := strconv.ParseUint(numText(v), 10, 64)
	return u
}

func jsonList(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = jsonschema.CompactJSON(v)
	}
	return strings.Join(parts, ", ")
}

// --- definitions ---------------------------------------------------------

// Form is a tool's definition in one form of the runtime's table: in the
// form of its own (Shape, the tool.Dialects field), the strictest, or in
// that of a fallback (Form).
type Form struct {
	Shape, Form *tool.Form
	// Parameters is the parameters schema in Form's dialect; nil when the
	// definition has none.
	Parameters []byte
	// Fallback lists why each stricter form was passed over; empty when
	// Form is Shape.
	Fallback []DialectError
}

// FallbackText says why a definition is not in its shape's own form, for
// the tool.Definition's Fallback: "OpenAI strict mode cannot express a map
// at #/properties/labels".
func (f *Form) FallbackText() string {
	var parts []string
	var dialects []Dialect
	for _, e := range f.Fallback {
		if !slices.Contains(dialects, e.Dialect) {
			dialects = append(dialects, e.Dialect)
		}
	}
	for _, d := range dialects {
		// Grouped by what cannot be expressed: "a map at #/a and #/b".
		var whats []string
		paths := map[string][]string{}
		for _, e := range f.Fallback {
			if e.Dialect != d || slices.Contains(paths[e.What], "#"+e.Path) {
				continue
			}
			if paths[e.What] == nil {
				whats = append(whats, e.What)
			}
			paths[e.What] = append(paths[e.What], "#"+e.Path)
		}
		for i, w := range whats {
			whats[i] = w + " at " + joinAnd(paths[w])
		}
		parts = append(parts, d.Title()+" cannot express "+strings.Join(whats, ", "))
	}
	return strings.Join(parts, "; ")
}

// ChooseForm picks the form of a shape for a tool: the shape's own when its
// dialect expresses the schema, otherwise down the fallbacks of the
// runtime's table the first that does. convert converts the tool's
// canonical schema into a dialect. When no form does, it returns the
// errors of the last one tried.
func ChooseForm(shape *tool.Form, convert func(Dialect) (*Converted, []DialectError)) (*Form, []DialectError) {
	f := &Form{Shape: shape}
	for form := shape; ; {
		conv, errs := convert(Dialect(form.Option))
		if len(errs) == 0 {
			f.Form, f.Parameters = form, conv.Parameters
			return f, nil
		}
		next := shapeOf(form.Fallback)
		if next == nil {
			return nil, errs
		}
		f.Fallback = append(f.Fallback, errs...)
		form = next
	}
}

// phrase says how t goes to a provider in form f: i is 0 for notes, 1 for
// comments.
func (t *Tool) phrase(f *tool.Form, i int) string {
	e := &f.Definition
	if t.Output {
		e = &f.Format
	}
	return [2]string{e.Note, e.Comment}[i]
}
