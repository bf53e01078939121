package gen

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/internal/ecma"
	"github.com/toolgen-go/toolgen/runtime/toolimpl/value"
)

// Options are the choices of a compilation that a schema does not make.
type Options struct {
	// NullAbsent counts an optional member whose value is null as absent, as
	// toolgen does for struct tools (OpenAI's strict mode sends null for an
	// omitted optional field). Without it, null is checked like any value,
	// as JSON Schema says.
	NullAbsent bool
	// AnnotateUnknownFormats treats a format, contentEncoding or
	// contentMediaType that toolgen cannot check as an annotation, with no
	// note. Without it, a struct tag's unknown format= is an error (the
	// author wrote it), and a schema file's is an annotation with a note
	// (see CompileSchema), unless StrictFormats.
	AnnotateUnknownFormats bool
	// StrictFormats refuses, in a schema file, a format, contentEncoding or
	// contentMediaType that toolgen cannot check: the validator would accept
	// what the schema may mean to forbid.
	StrictFormats bool
	// Draft is the draft of a schema file without $schema: "draft-04",
	// "draft-06", "draft-07", "2019-09" or "2020-12" (the default), or the
	// draft's metaschema URI.
	Draft string
	// BaseURI is the URI of a schema file without $id, against which its
	// relative references resolve; "" means file:///schema.json.
	BaseURI string
	// Loader returns the schema document at an absolute URI (without
	// fragment) for a $ref or $schema that leaves the compiled document;
	// its error is reported at the keyword. Nil refuses such references:
	// toolgen never fetches anything itself. A Loader decides what may be
	// read and how much: GenerateSchemaFile's own (see SchemaFile.Refs)
	// reads only the schema's folder and what Refs maps, within bounds.
	Loader func(uri string) ([]byte, error)
}

// schema is one compiled (sub)schema of a document: the keywords a validator
// checks, read from JSON. Struct tools and schema files both come here, the
// former through the JSON of their invopop schema, so that the validator
// checks exactly the schema sent to the model.
type schema struct {
	loc     string // JSON Pointer of the schema in its document: "#/properties/a"
	raw     any    // the schema's JSON
	boolean *bool  // a boolean schema
	meta    *meta  // the draft and keywords it is read with
	res     *resource

	types []string // allowed JSON types, nil for any

	ref       string // $ref as written
	refBase   string // the base URI $ref resolves against
	refTarget *schema

	// A $dynamicRef (or $recursiveRef) resolves like $ref to dynTarget;
	// when dynamic, the value's dynamic scope may send it to one of
	// dynCandidates, the anchors named dynName of the resources reached.
	dynRef        string
	dynKeyword    string
	dynBase       string
	dynTarget     *schema
	dynamic       bool
	dynName       string
	dynCandidates []*schema

	enum     []any
	hasEnum  bool
	constant any
	hasConst bool

	minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf json.Number

	minLength, maxLength *uint64
	pattern              string
	format               string  // a string format toolgen checks; "" otherwise
	numberFormat         string  // a number format toolgen checks; "" otherwise
	contentEncoding      string  // "base64" or ""
	contentMediaType     string  // "application/json" or ""
	contentSchema        *schema // of the document contentMediaType decodes

	items                 *schema
	prefixItems           []*schema
	contains              *schema
	minContains           *uint64
	maxContains           *uint64
	minItems, maxItems    *uint64
	uniqueItems           bool
	properties            []member
	patternProperties     []member
	additionalProperties  *schema
	propertyNames         *schema
	required              []string
	dependentRequired     []dependency
	dependentSchemas      []member
	minProperties         *uint64
	maxProperties         *uint64
	allOf, anyOf, oneOf   []*schema
	not                   *schema
	ifS, thenS, elseS     *schema
	unevaluatedProperties *schema
	unevaluatedItems      *schema
	title, description    string
	defName               string // the name under $defs, for readable function names
}

// member is a subschema under a name: a property, a pattern, a dependency.
type member struct {
	name   string
	schema *schema
}

type dependency struct {
	name     string
	required []string
}

func (s *schema) isTrue() bool  { return s == nil || s.boolean != nil && *s.boolean }
func (s *schema) isFalse() bool { return s != nil && s.boolean != nil && !*s.boolean }

// document is a schema document being compiled, with the documents its
// references load: schemas by location, resources ($id), anchors.
type document struct {
	opts      Options
	root      *schema
	rootBase  string
	nodes     map[string]*schema // by location
	resources map[string]*resource
	anchors   map[string]*schema // absolute URI with #anchor
	metas     map[string]*meta   // metaschemas read, by URI
	reached   []*schema          // the schemas reachable from the root, in order
	errs      []docError
	notes     []docError        // what compiles otherwise than the schema might be read
	cur       *schema           // the schema being read, which errors and notes belong to
	sources   map[string][]byte // the JSON of the documents read, by location prefix
}

// resource is a schema resource: a document, or a subschema with $id.
type resource struct {
	raw     any
	loc     string
	base    string
	meta    *meta
	dynamic map[string]*schema // $dynamicAnchor names; "" is $recursiveAnchor
	reached bool
}

// docError is an error or a note at a location; of a schema that is not
// reachable from the root, it is dropped.
type docError struct {
	at, msg string
	node    *schema
}

func (e docError) Error() string { return "schema at " + e.at + ": " + e.msg }

// defaultBase is the base URI of a document without $id or BaseURI.
const defaultBase = "file:///schema.json"

// compileSchema reads a schema document. The errors name the keyword and its
// location; the document is usable only when there are none. Only the
// schemas reachable from the root are checked: an unused $defs entry may
// hold what toolgen cannot compile.
func compileSchema(data []byte, opts Options) (*document, []docError) {
	raw, err := parseJSON(data)
	if err != nil {
		return nil, []docError{{"#", err.Error(), nil}}
	}
	d := &document{opts: opts, nodes: map[string]*schema{}, resources: map[string]*resource{},
		anchors: map[string]*schema{}, metas: map[string]*meta{}}
	d.rootBase = opts.BaseURI
	if d.rootBase == "" {
		d.rootBase = defaultBase
	}
	m, ok := draftNamed(opts.Draft)
	if !ok {
		return nil, []docError{{"#", fmt.Sprintf("draft %q is not one toolgen knows (draft-04, draft-06, draft-07, 2019-09, 2020-12)", opts.Draft), nil}}
	}
	d.root = d.parseDocument(raw, d.rootBase, "", m)
	d.link()
	d.errs = d.reachable(d.errs)
	if len(d.errs) == 0 {
		d.checkLoops()
	}
	sort.SliceStable(d.errs, func(i, j int) bool { return d.errs[i].at < d.errs[j].at })
	d.notes = d.reachable(d.notes)
	sort.SliceStable(d.notes, func(i, j int) bool { return d.notes[i].at < d.notes[j].at })
	return d, d.errs
}

// reachable keeps the errors of the schemas reachable from the root, and
// those of the document as a whole.
func (d *document) reachable(list []docError) []docError {
	in := map[*schema]bool{}
	for _, s := range d.reached {
		in[s] = true
	}
	var out []docError
	for _, e := range list {
		if e.node == nil || in[e.node] {
			out = append(out, e)
		}
	}
	return out
}

func (d *document) fail(at, format string, args ...any) {
	d.errs = append(d.errs, docError{at, fmt.Sprintf(format, args...), d.cur})
}

func (d *document) note(at, format string, args ...any) {
	d.notes = append(d.notes, docError{at, fmt.Sprintf(format, args...), d.cur})
}

// unknownFormat reports a format or content keyword toolgen cannot check,
// as the options say: an error, a note, or nothing.
func (d *document) unknownFormat(at, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	switch {
	case d.opts.StrictFormats:
		d.fail(at, "%s; toolgen refuses a constraint it cannot enforce (-strict-formats)", msg)
	case !d.opts.AnnotateUnknownFormats:
		d.note(at, "%s; compiled as an annotation: the validator does not check it (-strict-formats refuses it)", msg)
	}
}

func pointerToken(k string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
}

// parseDocument reads a document found at uri, whose locations start with
// prefix, read as m says unless its $schema says otherwise.
func (d *document) parseDocument(raw any, uri, prefix string, m *meta) *schema {
	res := &resource{raw: raw, loc: prefix + "#", base: uri, meta: m, dynamic: map[string]*schema{}}
	d.resources[uri] = res
	s := d.parse(raw, prefix+"#", uri, m, true)
	res.meta = s.meta
	return s
}

// parse compiles the schema raw at location loc, whose base URI is base.
// A resource root (a document, or a schema with an $id) may change the
// draft with $schema.
func (d *document) parse(raw any, loc, base string, m *meta, docRoot bool) *schema {
	if s, ok := d.nodes[loc]; ok {
		return s
	}
	s := &schema{loc: loc, raw: raw, meta: m, res: d.resources[base]}
	d.nodes[loc] = s
	saved := d.cur
	d.cur = s
	defer func() { d.cur = saved }()
	switch x := raw.(type) {
	case bool:
		s.boolean = &x
	case *object:
		d.keywords(s, x, base, docRoot)
	default:
		d.fail(loc, "a schema must be an object or a boolean, not %s", jsonType(raw))
	}
	return s
}

// keywords reads the keywords of an object schema.
func (d *document) keywords(s *schema, o *object, base string, docRoot bool) {
	at := func(k string) string { return s.loc + "/" + pointerToken(k) }
	if v, ok := o.get("$schema"); ok && (docRoot || o.has("$id") || o.has("id")) {
		s.meta = d.metaOf(v, at("$schema"), s.meta)
	}
	m := s.meta
	if m.draft <= draft7 && o.has("$ref") {
		// Drafts 7 and earlier ignore the siblings of $ref, $id included.
		for _, k := range o.keys {
			if k != "$ref" && m.has(k) && !annotationKeywords[k] {
				d.note(at(k), "%s beside $ref is ignored, as %s says (from draft 2019-09 on, the siblings of $ref apply)", k, m.name)
			}
		}
		if r, ok := o.get("$ref"); ok {
			if ref, isString := r.(string); isString {
				s.ref, s.refBase = ref, base
			} else {
				d.fail(at("$ref"), "$ref must be a string")
			}
		}
		return
	}
	base = d.identify(s, o, base, at)
	m = s.meta
	for _, k := range o.keys {
		if !m.has(k) && anyDraft[k] && !annotationKeywords[k] && k != "id" && k != "$id" {
			d.ignored(s, k, at(k))
		}
	}
	has := func(k string) (any, bool) {
		if !m.has(k) {
			return nil, false
		}
		return o.get(k)
	}
	sub := func(k string) *schema {
		v, ok := has(k)
		if !ok {
			return nil
		}
		return d.parse(v, at(k), base, m, false)
	}
	subList := func(k string) []*schema {
		v, ok := has(k)
		if !ok {
			return nil
		}
		list, isList := v.([]any)
		if !isList || len(list) == 0 {
			d.fail(at(k), "%s must be a non-empty array of schemas", k)
			return nil
		}
		out := make([]*schema, len(list))
		for i, item := range list {
			out[i] = d.parse(item, at(k)+"/"+strconv.Itoa(i), base, m, false)
		}
		return out
	}
	subMap := func(k string, v any) []member {
		obj, isObject := v.(*object)
		if !isObject {
			d.fail(at(k), "%s must be an object of schemas", k)
			return nil
		}
		out := make([]member, len(obj.keys))
		for i, name := range obj.keys {
			out[i] = member{name, d.parse(obj.values[name], at(k)+"/"+pointerToken(name), base, m, false)}
		}
		return out
	}
	subMapOf := func(k string) []member {
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
		if _, ok := floatView(n); !ok {
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
		s.types = d.types(v, at("type"))
	}
	if r, ok := str("$ref"); ok {
		s.ref, s.refBase = r, base
	}
	if r, ok := str("$dynamicRef"); ok {
		s.dynRef, s.dynKeyword, s.dynBase = r, "$dynamicRef", base
	}
	if r, ok := str("$recursiveRef"); ok {
		if r != "#" {
			d.fail(at("$recursiveRef"), "$recursiveRef must be \"#\"")
		} else {
			s.dynRef, s.dynKeyword, s.dynBase = r, "$recursiveRef", base
		}
	}
	if v, ok := has("enum"); ok {
		list, isList := v.([]any)
		if !isList {
			d.fail(at("enum"), "enum must be an array")
		}
		s.enum, s.hasEnum = list, isList
	}
	if v, ok := has("const"); ok {
		s.constant, s.hasConst = v, true
	}
	s.minimum, s.maximum = number("minimum"), number("maximum")
	if m.draft == draft4 {
		// Draft 4's exclusiveMinimum and exclusiveMaximum are booleans that
		// make minimum and maximum exclusive.
		for _, b := range []struct {
			keyword string
			bound   *json.Number
			out     *json.Number
		}{{"exclusiveMinimum", &s.minimum, &s.exclusiveMinimum}, {"exclusiveMaximum", &s.maximum, &s.exclusiveMaximum}} {
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
		s.exclusiveMinimum, s.exclusiveMaximum = number("exclusiveMinimum"), number("exclusiveMaximum")
	}
	if s.multipleOf = number("multipleOf"); s.multipleOf != "" {
		if _, ok := floatView(s.multipleOf); !ok || value.Compare(s.multipleOf, "0") <= 0 {
			d.fail(at("multipleOf"), "multipleOf must be a number greater than 0")
			s.multipleOf = ""
		}
	}
	s.minLength, s.maxLength = count("minLength"), count("maxLength")
	if p, ok := str("pattern"); ok {
		if d.checkPattern(p, at("pattern")) {
			s.pattern = p
		}
	}
	if f, ok := str("format"); ok {
		switch formatSpecs[f].kind {
		case kindString:
			s.format = f
		case kindNumber:
			s.numberFormat = f
		case "annotation":
		default:
			d.unknownFormat(at("format"), "format %q is not one toolgen checks (%s)", f, strings.Join(checkedFormats(""), ", "))
		}
	}
	if c, ok := str("contentEncoding"); ok {
		if c == "base64" {
			s.contentEncoding = c
		} else {
			d.unknownFormat(at("contentEncoding"), "contentEncoding %q is not one toolgen checks (base64)", c)
		}
	}
	if c, ok := str("contentMediaType"); ok {
		if c == "application/json" {
			s.contentMediaType = c
		} else {
			d.unknownFormat(at("contentMediaType"), "contentMediaType %q is not one toolgen checks (application/json)", c)
		}
	}
	if s.contentMediaType != "" {
		s.contentSchema = sub("contentSchema")
	}
	if v, ok := has("items"); ok {
		if _, isList := v.([]any); !isList {
			s.items = sub("items")
		} else if m.draft == draft2020 {
			d.fail(at("items"), "items as an array is draft 2019-09; draft 2020-12 writes prefixItems (or declare the draft with $schema)")
		} else {
			// Before 2020-12: items as an array is prefixItems, and
			// additionalItems applies to the items after it.
			s.prefixItems = subList("items")
			s.items = sub("additionalItems")
		}
	}
	if m.draft == draft2020 {
		s.prefixItems = subList("prefixItems")
	}
	s.contains = sub("contains")
	s.minContains, s.maxContains = count("minContains"), count("maxContains")
	s.minItems, s.maxItems = count("minItems"), count("maxItems")
	if v, ok := has("uniqueItems"); ok {
		b, isBool := v.(bool)
		if !isBool {
			d.fail(at("uniqueItems"), "uniqueItems must be a boolean")
		}
		s.uniqueItems = b
	}
	s.properties = subMapOf("properties")
	s.patternProperties = subMapOf("patternProperties")
	for _, p := range s.patternProperties {
		d.checkPattern(p.name, at("patternProperties")+"/"+pointerToken(p.name))
	}
	s.additionalProperties = sub("additionalProperties")
	s.propertyNames = sub("propertyNames")
	if v, ok := has("required"); ok {
		s.required = d.names(v, at("required"))
	}
	if v, ok := has("dependentRequired"); ok {
		obj, isObject := v.(*object)
		if !isObject {
			d.fail(at("dependentRequired"), "dependentRequired must be an object of arrays of names")
		} else {
			for _, k := range obj.keys {
				s.dependentRequired = append(s.dependentRequired, dependency{k, d.names(obj.values[k], at("dependentRequired")+"/"+pointerToken(k))})
			}
		}
	}
	s.dependentSchemas = subMapOf("dependentSchemas")
	if v, ok := has("dependencies"); ok {
		// Before 2019-09: an array of names is dependentRequired, a schema
		// dependentSchemas.
		obj, isObject := v.(*object)
		if !isObject {
			d.fail(at("dependencies"), "dependencies must be an object")
		} else {
			for _, k := range obj.keys {
				if _, isList := obj.values[k].([]any); isList {
					s.dependentRequired = append(s.dependentRequired, dependency{k, d.names(obj.values[k], at("dependencies")+"/"+pointerToken(k))})
				} else {
					s.dependentSchemas = append(s.dependentSchemas, member{k, d.parse(obj.values[k], at("dependencies")+"/"+pointerToken(k), base, m, false)})
				}
			}
		}
	}
	s.minProperties, s.maxProperties = count("minProperties"), count("maxProperties")
	s.allOf, s.anyOf, s.oneOf = subList("allOf"), subList("anyOf"), subList("oneOf")
	s.not = sub("not")
	s.ifS, s.thenS, s.elseS = sub("if"), sub("then"), sub("else")
	if s.ifS == nil {
		// then and else without if are annotations, as JSON Schema says.
		s.thenS, s.elseS = nil, nil
	}
	s.unevaluatedProperties = sub("unevaluatedProperties")
	s.unevaluatedItems = sub("unevaluatedItems")
	s.title, _ = o.values["title"].(string)
	s.description, _ = o.values["description"].(string)
	// Definitions are compiled for the references into them, under either
	// name whatever the draft: both are in common use.
	for _, k := range []string{"$defs", "definitions"} {
		if v, ok := o.get(k); ok {
			for _, def := range subMap(k, v) {
				def.schema.defName = def.name
			}
		}
	}
}

// ignored notes a keyword that the schema's draft does not define and so
// ignores, unless the schema is read as 2020-12 by default and the keyword
// is one of an older draft whose meaning differs: then it is refused, as
// the author surely meant it.
func (d *document) ignored(s *schema, k, at string) {
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
func (d *document) identify(s *schema, o *object, base string, at func(string) string) string {
	m := s.meta
	idKey := "$id"
	if m.draft == draft4 {
		idKey = "id"
	}
	if v, ok := o.get(idKey); ok {
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
					d.resources[base] = &resource{raw: o, loc: s.loc, base: base, meta: m, dynamic: map[string]*schema{}}
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
		if v, ok := o.get(k); ok {
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
	if v, ok := o.get("$recursiveAnchor"); ok && m.has("$recursiveAnchor") {
		if b, _ := v.(bool); b {
			if res := d.resources[base]; res != nil && res.loc == s.loc {
				res.dynamic[""] = s
			}
		}
	}
	return base
}

// metaOf reads $schema: a draft, or a metaschema the Loader reads whose
// $vocabulary says which keywords are in force.
func (d *document) metaOf(v any, at string, current *meta) *meta {
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
	o, isObject := raw.(*object)
	var base *meta
	if isObject {
		if u, ok := o.get("$schema"); ok {
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
	if vocabulary, ok := o.get("$vocabulary"); ok {
		list, isObject := vocabulary.(*object)
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

func (d *document) types(v any, at string) []string {
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
			d.fail(at, "type %s is not a JSON Schema type", compactJSON(t))
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

func (d *document) names(v any, at string) []string {
	list, ok := v.([]any)
	if !ok {
		d.fail(at, "want an array of member names")
		return nil
	}
	var out []string
	for _, item := range list {
		name, ok := item.(string)
		if !ok {
			d.fail(at, "want an array of member names, found %s", compactJSON(item))
			continue
		}
		out = append(out, name)
	}
	return out
}

func (d *document) checkPattern(p, at string) bool {
	if _, err := ecma.Translate(p); err != nil {
		d.fail(at, "pattern %q cannot be checked in Go: %v", p, err)
		return false
	}
	return true
}

// formatSpec is how toolgen compiles a format: a checker of runtime/tool/format
// for values of one kind, or nothing for an annotation.
type formatSpec struct {
	kind string // kindString, kindNumber or "annotation"
	fn   string // the checker's name
	text string // what the format requires, for the model
}

// formatSpecs are the formats toolgen knows: JSON Schema's that it checks, and
// those of the OpenAPI Format Registry that tool schemas use (their meaning
// is a check for int32, int64 and byte, an annotation for the others).
var formatSpecs = map[string]formatSpec{
	"date-time":     {kindString, "DateTime", "a date-time (RFC 3339, as 2024-05-01T12:00:00Z)"},
	"date":          {kindString, "Date", "a date (RFC 3339, as 2024-05-01)"},
	"time":          {kindString, "Time", "a time (RFC 3339, as 12:00:00Z)"},
	"duration":      {kindString, "Duration", "a duration (ISO 8601, as P3DT4H)"},
	"email":         {kindString, "Email", "an email address"},
	"hostname":      {kindString, "Hostname", "a host name"},
	"ipv4":          {kindString, "IPv4", "an IPv4 address"},
	"ipv6":          {kindString, "IPv6", "an IPv6 address"},
	"uri":           {kindString, "URI", "an absolute URI"},
	"uri-reference": {kindString, "URIReference", "a URI reference"},
	"uri-template":  {kindString, "URITemplate", "a URI template (RFC 6570)"},
	"uuid":          {kindString, "UUID", "a UUID"},
	"json-pointer":  {kindString, "JSONPointer", "a JSON Pointer"},
	"regex":         {kindString, "Regex", "a regular expression"},
	"byte":          {kindString, "Byte", "a base64 string"},
	"int32":         {kindNumber, "Int32", "a 32-bit integer"},
	"int64":         {kindNumber, "Int64", "a 64-bit integer"},
	"float":         {kind: "annotation"},
	"double":        {kind: "annotation"},
	"binary":        {kind: "annotation"},
	"password":      {kind: "annotation"},
}

// checkedFormats lists the formats toolgen checks on values of a kind
// ("" for any kind).
func checkedFormats(kind string) []string {
	var out []string
	for _, name := range sortedKeys(formatSpecs) {
		if f := formatSpecs[name]; f.kind != "annotation" && (kind == "" || f.kind == kind) {
			out = append(out, name)
		}
	}
	return out
}
