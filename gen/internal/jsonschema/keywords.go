package jsonschema

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/internal/ecma"
	"github.com/toolgen-go/toolgen/internal/value"
)

// keywords reads the keywords of an object schema.
func (d *Document) keywords(s *Schema, o *Object, base string, docRoot bool) {
	at := func(k string) string { return s.Loc + "/" + PointerToken(k) }
	if v, ok := o.Get("$schema"); ok && (docRoot || o.Has("$id") || o.Has("id")) {
		s.meta = d.metaOf(v, at("$schema"), s.meta)
	}
	m := s.meta
	if m.draft <= draft7 && o.Has("$ref") {
		// Drafts 7 and earlier ignore the siblings of $ref, $id included.
		for _, k := range o.Keys {
			if k != "$ref" && m.has(k) && !annotationKeywords[k] {
				d.note(at(k), "%s beside $ref is ignored, as %s says (from draft 2019-09 on, the siblings of $ref apply)", k, m.name)
			}
		}
		if r, ok := o.Get("$ref"); ok {
			if ref, isString := r.(string); isString {
				s.Ref, s.refBase = ref, base
			} else {
				d.fail(at("$ref"), "$ref must be a string")
			}
		}
		return
	}
	base = d.identify(s, o, base, at)
	m = s.meta
	for _, k := range o.Keys {
		if !m.has(k) && anyDraft[k] && !annotationKeywords[k] && k != "id" && k != "$id" {
			d.ignored(s, k, at(k))
		}
	}
	has := func(k string) (any, bool) {
		if !m.has(k) {
			return nil, false
		}
		return o.Get(k)
	}
	sub := func(k string) *Schema {
		v, ok := has(k)
		if !ok {
			return nil
		}
		return d.parse(v, at(k), base, m, false)
	}
	subList := func(k string) []*Schema {
		v, ok := has(k)
		if !ok {
			return nil
		}
		list, isList := v.([]any)
		if !isList || len(list) == 0 {
			d.fail(at(k), "%s must be a non-empty array of schemas", k)
			return nil
		}
		out := make([]*Schema, len(list))
		for i, item := range list {
			out[i] = d.parse(item, at(k)+"/"+strconv.Itoa(i), base, m, false)
		}
		return out
	}
	subMap := func(k string, v any) []Member {
		obj, isObject := v.(*Object)
		if !isObject {
			d.fail(at(k), "%s must be an object of schemas", k)
			return nil
		}
		out := make([]Member, len(obj.Keys))
		for i, name := range obj.Keys {
			out[i] = Member{name, d.parse(obj.Values[name], at(k)+"/"+PointerToken(name), base, m, false)}
		}
		return out
	}
	subMapOf := func(k string) []Member {
		v, ok := has(k)
		if !ok {
			return nil
		}
		return subMap(k, v)
	}
	count := func(k string) *uint64 {
		v, ok := has(k)
		if !ok {
			return nil
		}
		n, isNumber := v.(json.Number)
		u, inRange := value.Uint(n, 1<<53)
		if !isNumber || !inRange {
			d.fail(at(k), "%s must be a non-negative integer", k)
			return nil
		}
		return &u
	}
	number := func(k string) json.Number {
		v, ok := has(k)
		if !ok {
			return ""
		}
		n, isNumber := v.(json.Number)
		if !isNumber {
			d.fail(at(k), "%s must be a number", k)
			return ""
		}
		if _, ok := FloatView(n); !ok {
			d.fail(at(k), "%s %s is out of the range of float64", k, n)
		}
		return n
	}
	str := func(k string) (string, bool) {
		v, ok := has(k)
		if !ok {
			return "", false
		}
		x, isString := v.(string)
		if !isString {
			d.fail(at(k), "%s must be a string", k)
			return "", false
		}
		return x, true
	}

	if v, ok := has("type"); ok {
		s.Types = d.types(v, at("type"))
	}
	if r, ok := str("$ref"); ok {
		s.Ref, s.refBase = r, base
	}
	if r, ok := str("$dynamicRef"); ok {
		s.DynRef, s.dynKeyword, s.dynBase = r, "$dynamicRef", base
	}
	if r, ok := str("$recursiveRef"); ok {
		if r != "#" {
			d.fail(at("$recursiveRef"), "$recursiveRef must be \"#\"")
		} else {
			s.DynRef, s.dynKeyword, s.dynBase = r, "$recursiveRef", base
		}
	}
	if v, ok := has("enum"); ok {
		list, isList := v.([]any)
		if !isList {
			d.fail(at("enum"), "enum must be an array")
		}
		s.Enum, s.HasEnum = list, isList
	}
	if v, ok := has("const"); ok {
		s.Const, s.HasConst = v, true
	}
	s.Minimum, s.Maximum = number("minimum"), number("maximum")
	if m.draft == draft4 {
		// Draft 4's exclusiveMinimum and exclusiveMaximum are booleans that
		// make minimum and maximum exclusive.
		for _, b := range []struct {
			keyword string
			bound   *json.Number
			out     *json.Number
		}{{"exclusiveMinimum", &s.Minimum, &s.ExclusiveMinimum}, {"exclusiveMaximum", &s.Maximum, &s.ExclusiveMaximum}} {
			v, ok := has(b.keyword)
			if !ok {
				continue
			}
			if exclusive, isBool := v.(bool); !isBool {
				d.fail(at(b.keyword), "%s must be a boolean in draft-04", b.keyword)
			} else if exclusive {
				*b.out, *b.bound = *b.bound, ""
			}
		}
	} else {
		s.ExclusiveMinimum, s.ExclusiveMaximum = number("exclusiveMinimum"), number("exclusiveMaximum")
	}
	if s.MultipleOf = number("multipleOf"); s.MultipleOf != "" {
		if _, ok := FloatView(s.MultipleOf); !ok || value.Compare(s.MultipleOf, "0") <= 0 {
			d.fail(at("multipleOf"), "multipleOf must be a number greater than 0")
			s.MultipleOf = ""
		}
	}
	s.MinLength, s.MaxLength = count("minLength"), count("maxLength")
	if p, ok := str("pattern"); ok {
		if d.checkPattern(p, at("pattern")) {
			s.Pattern = p
		}
	}
	if f, ok := str("format"); ok {
		switch Formats[f].Kind {
		case KindString:
			s.Format = f
		case KindNumber:
			s.NumberFormat = f
		case "annotation":
		default:
			d.unknownFormat(at("format"), "format %q is not one toolgen checks (%s)", f, strings.Join(CheckedFormats(""), ", "))
		}
	}
	if c, ok := str("contentEncoding"); ok {
		if c == "base64" {
			s.ContentEncoding = c
		} else {
			d.unknownFormat(at("contentEncoding"), "contentEncoding %q is not one toolgen checks (base64)", c)
		}
	}
	if c, ok := str("contentMediaType"); ok {
		if c == "application/json" {
			s.ContentMediaType = c
		} else {
			d.unknownFormat(at("contentMediaType"), "contentMediaType %q is not one toolgen checks (application/json)", c)
		}
	}
	if s.ContentMediaType != "" {
		s.ContentSchema = sub("contentSchema")
	}
	if v, ok := has("items"); ok {
		if _, isList := v.([]any); !isList {
			s.Items = sub("items")
		} else if m.draft == draft2020 {
			d.fail(at("items"), "items as an array is draft 2019-09; draft 2020-12 writes prefixItems (or declare the draft with $schema)")
		} else {
			// Before 2020-12: items as an array is prefixItems, and
			// additionalItems applies to the items after it.
			s.PrefixItems = subList("items")
			s.Items = sub("additionalItems")
		}
	}
	if m.draft == draft2020 {
		s.PrefixItems = subList("prefixItems")
	}
	s.Contains = sub("contains")
	s.MinContains, s.MaxContains = count("minContains"), count("maxContains")
	s.MinItems, s.MaxItems = count("minItems"), count("maxItems")
	if v, ok := has("uniqueItems"); ok {
		b, isBool := v.(bool)
		if !isBool {
			d.fail(at("uniqueItems"), "uniqueItems must be a boolean")
		}
		s.UniqueItems = b
	}
	s.Properties = subMapOf("properties")
	s.PatternProperties = subMapOf("patternProperties")
	for _, p := range s.PatternProperties {
		d.checkPattern(p.Name, at("patternProperties")+"/"+PointerToken(p.Name))
	}
	s.AdditionalProperties = sub("additionalProperties")
	s.PropertyNames = sub("propertyNames")
	if v, ok := has("required"); ok {
		s.Required = d.names(v, at("required"))
	}
	if v, ok := has("dependentRequired"); ok {
		obj, isObject := v.(*Object)
		if !isObject {
			d.fail(at("dependentRequired"), "dependentRequired must be an object of arrays of names")
		} else {
			for _, k := range obj.Keys {
				s.DependentRequired = append(s.DependentRequired, Dependency{k, d.names(obj.Values[k], at("dependentRequired")+"/"+PointerToken(k))})
			}
		}
	}
	s.DependentSchemas = subMapOf("dependentSchemas")
	if v, ok := has("dependencies"); ok {
		// Before 2019-09: an array of names is dependentRequired, a schema
		// dependentSchemas.
		obj, isObject := v.(*Object)
		if !isObject {
			d.fail(at("dependencies"), "dependencies must be an object")
		} else {
			for _, k := range obj.Keys {
				if _, isList := obj.Values[k].([]any); isList {
					s.DependentRequired = append(s.DependentRequired, Dependency{k, d.names(obj.Values[k], at("dependencies")+"/"+PointerToken(k))})
				} else {
					s.DependentSchemas = append(s.DependentSchemas, Member{k, d.parse(obj.Values[k], at("dependencies")+"/"+PointerToken(k), base, m, false)})
				}
			}
		}
	}
	s.MinProperties, s.MaxProperties = count("minProperties"), count("maxProperties")
	s.AllOf, s.AnyOf, s.OneOf = subList("allOf"), subList("anyOf"), subList("oneOf")
	s.Not = sub("not")
	s.If, s.Then, s.Else = sub("if"), sub("then"), sub("else")
	if s.If == nil {
		// then and else without if are annotations, as JSON Schema says.
		s.Then, s.Else = nil, nil
	}
	s.UnevaluatedProperties = sub("unevaluatedProperties")
	s.UnevaluatedItems = sub("unevaluatedItems")
	s.Title, _ = o.Values["title"].(string)
	s.description, _ = o.Values["description"].(string)
	// Definitions are compiled for the references into them, under either
	// name whatever the draft: both are in common use.
	for _, k := range []string{"$defs", "definitions"} {
		if v, ok := o.Get(k); ok {
			for _, def := range subMap(k, v) {
				def.Schema.DefName = def.Name
			}
		}
	}
}

// ignored notes a keyword that the schema's draft does not define and so
// ignores, unless the schema is read as 2020-12 by default and the keyword
// is one of an older draft whose meaning differs: then it is refused, as
// the author surely meant it.
func (d *Document) ignored(s *Schema, k, at string) {
	m := s.meta
	if m.draft >= draft2019 {
		switch k {
		case "dependencies":
			d.fail(at, "dependencies is a draft-07 keyword that %s ignores; write dependentRequired or dependentSchemas, or declare draft-07 with $schema", m.name)
			return
		case "additionalItems":
			if m.draft == draft2020 {
				d.fail(at, "additionalItems is a draft 2019-09 keyword that draft 2020-12 ignores; write prefixItems and items, or declare the draft with $schema")
				return
			}
		}
	}
	d.note(at, "%s is not a keyword of %s, which ignores it", k, m.name)
}

// identify reads the identifiers of a schema: $id (a new base URI, or in
// drafts 7 and earlier a plain-name fragment that is an anchor), $anchor,
// $dynamicAnchor and $recursiveAnchor. It returns the base URI of the
// schema's keywords.
func (d *Document) identify(s *Schema, o *Object, base string, at func(string) string) string {
	m := s.meta
	idKey := "$id"
	if m.draft == draft4 {
		idKey = "id"
	}
	if v, ok := o.Get(idKey); ok {
		id, isString := v.(string)
		if !isString {
			d.fail(at(idKey), "%s must be a string", idKey)
		} else if u, err := resolveURI(base, id); err != nil {
			d.fail(at(idKey), "%s %q is not a URI reference: %v", idKey, id, err)
		} else {
			fragment := u.Fragment
			u.Fragment, u.RawFragment = "", ""
			if u.String() != base || !strings.HasPrefix(id, "#") {
				base = u.String()
				if _, dup := d.resources[base]; !dup {
					d.resources[base] = &resource{raw: o, loc: s.Loc, base: base, meta: m, dynamic: map[string]*Schema{}}
				}
				s.res = d.resources[base]
			}
			if fragment != "" && m.draft <= draft7 {
				d.anchors[base+"#"+fragment] = s
			}
		}
	}
	for _, k := range []string{"$anchor", "$dynamicAnchor"} {
		if !m.has(k) {
			continue
		}
		if v, ok := o.Get(k); ok {
			name, isString := v.(string)
			if !isString {
				d.fail(at(k), "%s must be a string", k)
				continue
			}
			d.anchors[base+"#"+name] = s
			if k == "$dynamicAnchor" {
				if res := d.resources[base]; res != nil {
					if _, dup := res.dynamic[name]; !dup {
						res.dynamic[name] = s
					}
				}
			}
		}
	}
	if v, ok := o.Get("$recursiveAnchor"); ok && m.has("$recursiveAnchor") {
		if b, _ := v.(bool); b {
			if res := d.resources[base]; res != nil && res.loc == s.Loc {
				res.dynamic[""] = s
			}
		}
	}
	return base
}

// metaOf reads $schema: a draft, or a metaschema the Loader reads whose
// $vocabulary says which keywords are in force.
func (d *Document) metaOf(v any, at string, current *meta) *meta {
	uri, ok := v.(string)
	if !ok {
		d.fail(at, "$schema must be a string")
		return current
	}
	if dr, known := draftURIs[normalizeMeta(uri)]; known {
		return drafts[dr]
	}
	if m, done := d.metas[uri]; done {
		return m
	}
	d.metas[uri] = current
	unknown := fmt.Sprintf("$schema %q is not a JSON Schema draft toolgen knows (draft-04, draft-06, draft-07, 2019-09, 2020-12)", uri)
	raw, err := d.read(uri)
	if err != nil {
		d.fail(at, "%s, and its metaschema cannot be read: %v", unknown, err)
		return current
	}
	o, isObject := raw.(*Object)
	var base *meta
	if isObject {
		if u, ok := o.Get("$schema"); ok {
			if s, ok := u.(string); ok {
				if dr, known := draftURIs[normalizeMeta(s)]; known {
					base = drafts[dr]
				}
			}
		}
	}
	if base == nil {
		d.fail(at, "%s, and its metaschema does not declare one as its $schema", unknown)
		return current
	}
	m := base
	if vocabulary, ok := o.Get("$vocabulary"); ok {
		list, isObject := vocabulary.(*Object)
		if !isObject {
			d.fail(at, "the $vocabulary of metaschema %s is not an object", uri)
			return current
		}
		var problems []string
		m, problems = vocabularyMeta(base, uri, list)
		for _, p := range problems {
			d.fail(at, "$schema %q: %s", uri, p)
		}
	}
	d.metas[uri] = m
	return m
}

func (d *Document) types(v any, at string) []string {
	var list []any
	switch x := v.(type) {
	case string:
		list = []any{x}
	case []any:
		list = x
	default:
		d.fail(at, "type must be a string or an array of strings")
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, t := range list {
		name, ok := t.(string)
		switch name {
		case "null", "boolean", "object", "array", "number", "integer", "string":
		default:
			ok = false
		}
		if !ok {
			d.fail(at, "type %s is not a JSON Schema type", CompactJSON(t))
			continue
		}
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	if len(out) == 0 {
		// An empty list of types accepts nothing.
		return []string{}
	}
	return out
}

func (d *Document) names(v any, at string) []string {
	list, ok := v.([]any)
	if !ok {
		d.fail(at, "want an array of member names")
		return nil
	}
	var out []string
	for _, item := range list {
		name, ok := item.(string)
		if !ok {
			d.fail(at, "want an array of member names, found %s", CompactJSON(item))
			continue
		}
		out = append(out, name)
	}
	return out
}

func (d *Document) checkPattern(p, at string) bool {
	if _, err := ecma.Translate(p); err != nil {
		d.fail(at, "pattern %q cannot be checked in Go: %v", p, err)
		return false
	}
	return true
}

// Assertions are the JSON Schema keywords a validator checks; an extra of
// one of these names would be sent to the model but not enforced.
var Assertions = map[string]bool{
	"type": true, "enum": true, "const": true, "multipleOf": true, "maximum": true, "exclusiveMaximum": true,
	"minimum": true, "exclusiveMinimum": true, "maxLength": true, "minLength": true, "pattern": true,
	"maxItems": true, "minItems": true, "uniqueItems": true, "maxContains": true, "minContains": true,
	"maxProperties": true, "minProperties": true, "required": true, "dependentRequired": true, "format": true,
	"properties": true, "patternProperties": true, "additionalProperties": true, "propertyNames": true,
	"items": true, "prefixItems": true, "contains": true, "allOf": true, "anyOf": true, "oneOf": true, "not": true,
	"if": true, "then": true, "else": true, "dependentSchemas": true, "$ref": true, "$defs": true,
}
