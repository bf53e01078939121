package gen

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/internal/ecma"
)

// Options are the choices of a compilation that a schema does not make.
type Options struct {
	// NullAbsent counts an optional member whose value is null as absent, as
	// toolgen does for struct tools (OpenAI's strict mode sends null for an
	// omitted optional field). Without it, null is checked like any value,
	// as JSON Schema says.
	NullAbsent bool
	// AnnotateUnknownFormats treats a format, contentEncoding or
	// contentMediaType that toolgen cannot check as an annotation. Without
	// it, such a keyword is a generation error: the validator would accept
	// what the schema forbids.
	AnnotateUnknownFormats bool
}

// schema is one compiled (sub)schema of a document: the keywords a validator
// checks, read from JSON. Struct tools and schema files both come here, the
// former through the JSON of their invopop schema, so that the validator
// checks exactly the schema sent to the model.
type schema struct {
	loc     string // JSON Pointer of the schema in its document: "#/properties/a"
	boolean *bool  // a boolean schema

	types []string // allowed JSON types, nil for any

	ref       string // $ref as written
	refBase   string // the base URI $ref resolves against
	refTarget *schema

	enum     []any
	hasEnum  bool
	constant any
	hasConst bool

	minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf json.Number

	minLength, maxLength *uint64
	pattern              string
	format               string // a format toolgen checks; "" otherwise
	contentEncoding      string // "base64" or ""
	contentMediaType     string // "application/json" or ""

	items                  *schema
	prefixItems            []*schema
	contains               *schema
	minContains            *uint64
	maxContains            *uint64
	minItems, maxItems     *uint64
	uniqueItems            bool
	properties             []member
	patternProperties      []member
	additionalProperties   *schema
	propertyNames          *schema
	required               []string
	dependentRequired      []dependency
	dependentSchemas       []member
	minProperties          *uint64
	maxProperties          *uint64
	allOf, anyOf, oneOf    []*schema
	not                    *schema
	ifS, thenS, elseS      *schema
	title, description     string
	defName                string // the name under $defs, for readable function names
	hasAssertionsBesideRef bool
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

// document is a schema document being compiled: its schemas by location,
// its resources ($id) and anchors, for resolving $ref.
type document struct {
	opts      Options
	root      *schema
	raw       any
	nodes     map[string]*schema // by location
	resources map[string]resource
	anchors   map[string]*schema // absolute URI with #anchor
	errs      []docError
	oldDraft  bool // $schema is draft 7 or earlier: $ref ignores its siblings
}

type resource struct {
	raw  any
	loc  string
	base string
}

type docError struct {
	at, msg string
}

func (e docError) Error() string { return "schema at " + e.at + ": " + e.msg }

// defaultBase is the base URI of a document without $id.
const defaultBase = "file:///schema.json"

// compileSchema reads a schema document. The errors name the keyword and its
// location; the document is usable only when there are none.
func compileSchema(data []byte, opts Options) (*document, []docError) {
	raw, err := parseJSON(data)
	if err != nil {
		return nil, []docError{{"#", err.Error()}}
	}
	d := &document{opts: opts, raw: raw, nodes: map[string]*schema{}, resources: map[string]resource{}, anchors: map[string]*schema{}}
	if o, ok := raw.(*object); ok {
		if v, ok := o.get("$schema"); ok {
			d.checkDraft(v)
		}
	}
	d.root = d.parse(raw, "#", defaultBase)
	if _, ok := d.resources[defaultBase]; !ok {
		d.resources[defaultBase] = resource{raw: raw, loc: "#", base: defaultBase}
	}
	d.resolveRefs()
	if len(d.errs) == 0 {
		d.checkLoops()
	}
	sort.SliceStable(d.errs, func(i, j int) bool { return d.errs[i].at < d.errs[j].at })
	return d, d.errs
}

func (d *document) fail(at, format string, args ...any) {
	d.errs = append(d.errs, docError{at, fmt.Sprintf(format, args...)})
}

var drafts = map[string]bool{ // true: draft 7 or earlier
	"https://json-schema.org/draft/2020-12/schema": false,
	"https://json-schema.org/draft/2019-09/schema": false,
	"http://json-schema.org/draft-07/schema":       true,
	"http://json-schema.org/draft-06/schema":       true,
	"http://json-schema.org/draft-04/schema":       true,
}

func (d *document) checkDraft(v any) {
	s, ok := v.(string)
	if !ok {
		d.fail("#/$schema", "$schema must be a string")
		return
	}
	key := strings.TrimSuffix(strings.Replace(s, "https://json-schema.org/draft-0", "http://json-schema.org/draft-0", 1), "#")
	old, known := drafts[key]
	if !known {
		d.fail("#/$schema", "$schema %q is not a JSON Schema draft toolgen knows; it compiles draft 2020-12 (and the keywords of drafts 4 to 2019-09 that mean the same)", s)
		return
	}
	d.oldDraft = old
}

func pointerToken(k string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
}

// parse compiles the schema raw at location loc, whose base URI is base.
func (d *document) parse(raw any, loc, base string) *schema {
	if s, ok := d.nodes[loc]; ok {
		return s
	}
	s := &schema{loc: loc}
	d.nodes[loc] = s
	switch x := raw.(type) {
	case bool:
		s.boolean = &x
		return s
	case *object:
		d.keywords(s, x, base)
	default:
		d.fail(loc, "a schema must be an object or a boolean, not %s", jsonType(raw))
	}
	return s
}

// unsupported are keywords toolgen refuses rather than ignores, and why.
var unsupported = map[string]string{
	"$dynamicRef":           "dynamic references are not supported",
	"$recursiveRef":         "dynamic references ($recursiveRef, draft 2019-09) are not supported",
	"unevaluatedProperties": "unevaluatedProperties needs run-time annotation tracking, which toolgen's straight-line validators do not do",
	"unevaluatedItems":      "unevaluatedItems needs run-time annotation tracking, which toolgen's straight-line validators do not do",
	"contentSchema":         "contentSchema is not supported",
	"dependencies":          "dependencies is a draft 7 keyword that draft 2020-12 ignores; write dependentRequired or dependentSchemas",
	"additionalItems":       "additionalItems is a draft 2019-09 keyword that draft 2020-12 ignores; write prefixItems and items",
}

// keywords reads the keywords of an object schema.
func (d *document) keywords(s *schema, o *object, base string) {
	at := func(k string) string { return s.loc + "/" + pointerToken(k) }
	if v, ok := o.get("$id"); ok {
		id, isString := v.(string)
		if !isString {
			d.fail(at("$id"), "$id must be a string")
		} else if u, err := resolveURI(base, id); err != nil {
			d.fail(at("$id"), "$id %q is not a URI reference: %v", id, err)
		} else {
			u.Fragment, u.RawFragment = "", ""
			base = u.String()
			if _, dup := d.resources[base]; !dup {
				d.resources[base] = resource{raw: o, loc: s.loc, base: base}
			}
		}
	}
	for _, k := range []string{"$anchor", "$dynamicAnchor"} {
		if v, ok := o.get(k); ok {
			name, isString := v.(string)
			if !isString {
				d.fail(at(k), "%s must be a string", k)
				continue
			}
			d.anchors[base+"#"+name] = s
		}
	}
	for _, k := range o.keys {
		if why, bad := unsupported[k]; bad {
			d.fail(at(k), "keyword %s: %s", k, why)
		}
	}
	sub := func(k string) *schema {
		v, ok := o.get(k)
		if !ok {
			return nil
		}
		return d.parse(v, at(k), base)
	}
	subList := func(k string) []*schema {
		v, ok := o.get(k)
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
			out[i] = d.parse(item, at(k)+"/"+strconv.Itoa(i), base)
		}
		return out
	}
	subMap := func(k string) []member {
		v, ok := o.get(k)
		if !ok {
			return nil
		}
		m, isObject := v.(*object)
		if !isObject {
			d.fail(at(k), "%s must be an object of schemas", k)
			return nil
		}
		out := make([]member, len(m.keys))
		for i, name := range m.keys {
			out[i] = member{name, d.parse(m.values[name], at(k)+"/"+pointerToken(name), base)}
		}
		return out
	}
	count := func(k string) *uint64 {
		v, ok := o.get(k)
		if !ok {
			return nil
		}
		n, isNumber := v.(json.Number)
		f, err := strconv.ParseFloat(string(n), 64)
		if !isNumber || err != nil || f < 0 || f != math.Trunc(f) || f > 1<<53 {
			d.fail(at(k), "%s must be a non-negative integer", k)
			return nil
		}
		u := uint64(f)
		return &u
	}
	number := func(k string) json.Number {
		v, ok := o.get(k)
		if !ok {
			return ""
		}
		n, isNumber := v.(json.Number)
		if !isNumber {
			d.fail(at(k), "%s must be a number", k)
			return ""
		}
		return n
	}
	str := func(k string) (string, bool) {
		v, ok := o.get(k)
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

	if v, ok := o.get("type"); ok {
		s.types = d.types(v, at("type"))
	}
	if r, ok := str("$ref"); ok {
		s.ref, s.refBase = r, base
	}
	if v, ok := o.get("enum"); ok {
		list, isList := v.([]any)
		if !isList {
			d.fail(at("enum"), "enum must be an array")
		}
		s.enum, s.hasEnum = list, isList
	}
	if v, ok := o.get("const"); ok {
		s.constant, s.hasConst = v, true
	}
	s.minimum, s.maximum = number("minimum"), number("maximum")
	s.exclusiveMinimum, s.exclusiveMaximum = number("exclusiveMinimum"), number("exclusiveMaximum")
	if s.multipleOf = number("multipleOf"); s.multipleOf != "" {
		if f, err := strconv.ParseFloat(string(s.multipleOf), 64); err != nil || f <= 0 {
			d.fail(at("multipleOf"), "multipleOf must be a number greater than 0")
			s.multipleOf = ""
		}
	}
	for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
		if n, ok := o.get(k); ok {
			if n, isNumber := n.(json.Number); isNumber {
				if _, err := strconv.ParseFloat(string(n), 64); err != nil {
					d.fail(at(k), "%s %s is out of the range of float64", k, n)
				}
			}
		}
	}
	s.minLength, s.maxLength = count("minLength"), count("maxLength")
	if p, ok := str("pattern"); ok {
		if d.checkPattern(p, at("pattern")) {
			s.pattern = p
		}
	}
	if f, ok := str("format"); ok {
		if formatFuncs[f] != "" {
			s.format = f
		} else if !d.opts.AnnotateUnknownFormats {
			d.fail(at("format"), "format %q is not one toolgen checks (%s); toolgen refuses a constraint it cannot enforce, unless unknown formats are annotations (-annotate-unknown-formats)", f, strings.Join(knownFormats(), ", "))
		}
	}
	if c, ok := str("contentEncoding"); ok {
		if c == "base64" {
			s.contentEncoding = c
		} else if !d.opts.AnnotateUnknownFormats {
			d.fail(at("contentEncoding"), "contentEncoding %q is not one toolgen checks (base64), unless unknown formats are annotations (-annotate-unknown-formats)", c)
		}
	}
	if c, ok := str("contentMediaType"); ok {
		if c == "application/json" {
			s.contentMediaType = c
		} else if !d.opts.AnnotateUnknownFormats {
			d.fail(at("contentMediaType"), "contentMediaType %q is not one toolgen checks (application/json), unless unknown formats are annotations (-annotate-unknown-formats)", c)
		}
	}
	if v, ok := o.get("items"); ok {
		if _, isList := v.([]any); isList {
			d.fail(at("items"), "items as an array is draft 2019-09; draft 2020-12 writes prefixItems")
		} else {
			s.items = sub("items")
		}
	}
	s.prefixItems = subList("prefixItems")
	s.contains = sub("contains")
	s.minContains, s.maxContains = count("minContains"), count("maxContains")
	s.minItems, s.maxItems = count("minItems"), count("maxItems")
	if v, ok := o.get("uniqueItems"); ok {
		b, isBool := v.(bool)
		if !isBool {
			d.fail(at("uniqueItems"), "uniqueItems must be a boolean")
		}
		s.uniqueItems = b
	}
	s.properties = subMap("properties")
	s.patternProperties = subMap("patternProperties")
	for _, p := range s.patternProperties {
		d.checkPattern(p.name, at("patternProperties")+"/"+pointerToken(p.name))
	}
	s.additionalProperties = sub("additionalProperties")
	s.propertyNames = sub("propertyNames")
	if v, ok := o.get("required"); ok {
		s.required = d.names(v, at("required"))
	}
	if v, ok := o.get("dependentRequired"); ok {
		m, isObject := v.(*object)
		if !isObject {
			d.fail(at("dependentRequired"), "dependentRequired must be an object of arrays of names")
		} else {
			for _, k := range m.keys {
				s.dependentRequired = append(s.dependentRequired, dependency{k, d.names(m.values[k], at("dependentRequired")+"/"+pointerToken(k))})
			}
		}
	}
	s.dependentSchemas = subMap("dependentSchemas")
	s.minProperties, s.maxProperties = count("minProperties"), count("maxProperties")
	s.allOf, s.anyOf, s.oneOf = subList("allOf"), subList("anyOf"), subList("oneOf")
	s.not = sub("not")
	s.ifS, s.thenS, s.elseS = sub("if"), sub("then"), sub("else")
	if s.ifS == nil {
		// then and else without if are annotations, as JSON Schema says.
		s.thenS, s.elseS = nil, nil
	}
	s.title, _ = o.values["title"].(string)
	s.description, _ = o.values["description"].(string)
	// $defs are compiled for the references into them; definitions (draft 7)
	// are compiled on demand when referenced.
	for _, def := range subMap("$defs") {
		def.schema.defName = def.name
	}
	if s.ref != "" && d.oldDraft {
		for _, k := range o.keys {
			if assertions[k] && k != "$ref" && k != "$defs" {
				d.fail(at("$ref"), "$ref beside %s: draft 7 and earlier ignore the siblings of $ref, draft 2020-12 applies them; toolgen refuses the ambiguity", k)
				break
			}
		}
	}
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

func resolveURI(base, ref string) (*url.URL, error) {
	r, err := url.Parse(ref)
	if err != nil {
		return nil, err
	}
	b, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	return b.ResolveReference(r), nil
}

// resolveRefs points every $ref at its schema in the document. A reference
// that leaves the document is remote, and refused.
func (d *document) resolveRefs() {
	// Resolving may compile schemas on demand; iterate to a fixed point.
	done := map[*schema]bool{}
	for {
		var pending []*schema
		for _, s := range d.nodes {
			if s.ref != "" && !done[s] {
				pending = append(pending, s)
			}
		}
		if len(pending) == 0 {
			return
		}
		sort.Slice(pending, func(i, j int) bool { return pending[i].loc < pending[j].loc })
		for _, s := range pending {
			done[s] = true
			s.refTarget = d.resolve(s)
		}
	}
}

func (d *document) resolve(s *schema) *schema {
	at := s.loc + "/$ref"
	u, err := resolveURI(s.refBase, s.ref)
	if err != nil {
		d.fail(at, "$ref %q is not a URI reference: %v", s.ref, err)
		return nil
	}
	fragment := u.Fragment
	u.Fragment, u.RawFragment = "", ""
	res, ok := d.resources[u.String()]
	if !ok {
		d.fail(at, "$ref %q is a remote reference (to %s, not in this document); toolgen compiles references into the same document only", s.ref, u.String())
		return nil
	}
	if fragment != "" && !strings.HasPrefix(fragment, "/") {
		target, ok := d.anchors[u.String()+"#"+fragment]
		if !ok {
			d.fail(at, "$ref %q: no $anchor %q in the document", s.ref, fragment)
		}
		return target
	}
	raw, loc := res.raw, res.loc
	if fragment != "" {
		for _, tok := range strings.Split(fragment[1:], "/") {
			tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
			switch x := raw.(type) {
			case *object:
				v, ok := x.get(tok)
				if !ok {
					d.fail(at, "$ref %q: nothing at %q in the document", s.ref, fragment)
					return nil
				}
				raw = v
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(x) || strconv.Itoa(i) != tok {
					d.fail(at, "$ref %q: nothing at %q in the document", s.ref, fragment)
					return nil
				}
				raw = x[i]
			default:
				d.fail(at, "$ref %q: nothing at %q in the document", s.ref, fragment)
				return nil
			}
			loc += "/" + pointerToken(tok)
		}
	}
	return d.parse(raw, loc, res.base)
}

// inPlace lists the subschemas that apply to the same value as s.
func (s *schema) inPlace() []*schema {
	var out []*schema
	if s.refTarget != nil {
		out = append(out, s.refTarget)
	}
	out = append(out, s.allOf...)
	out = append(out, s.anyOf...)
	out = append(out, s.oneOf...)
	for _, x := range []*schema{s.not, s.ifS, s.thenS, s.elseS} {
		if x != nil {
			out = append(out, x)
		}
	}
	for _, m := range s.dependentSchemas {
		out = append(out, m.schema)
	}
	return out
}

// children lists every subschema of s and the target of its $ref.
func (s *schema) children() []*schema {
	out := s.inPlace()
	for _, list := range [][]member{s.properties, s.patternProperties} {
		for _, m := range list {
			out = append(out, m.schema)
		}
	}
	out = append(out, s.prefixItems...)
	for _, x := range []*schema{s.items, s.contains, s.additionalProperties, s.propertyNames} {
		if x != nil {
			out = append(out, x)
		}
	}
	return out
}

// checkLoops refuses schemas that apply themselves to the same value without
// end, such as a $ref to itself: no instance could ever be validated.
func (d *document) checkLoops() {
	state := map[*schema]int{} // 1 on the path, 2 done
	var path []*schema
	var visit func(s *schema)
	visit = func(s *schema) {
		switch state[s] {
		case 1:
			var locs []string
			for i := len(path) - 1; i >= 0; i-- {
				locs = append([]string{path[i].loc}, locs...)
				if path[i] == s {
					break
				}
			}
			d.fail(s.loc, "the schema applies itself to the same value without end (%s -> %s)", strings.Join(locs, " -> "), s.loc)
			return
		case 2:
			return
		}
		state[s] = 1
		path = append(path, s)
		for _, c := range s.inPlace() {
			visit(c)
		}
		path = path[:len(path)-1]
		state[s] = 2
	}
	locs := make([]string, 0, len(d.nodes))
	for loc := range d.nodes {
		locs = append(locs, loc)
	}
	sort.Strings(locs)
	for _, loc := range locs {
		if state[d.nodes[loc]] == 0 {
			visit(d.nodes[loc])
		}
	}
}

// formatFuncs maps the formats toolgen checks to their checker in
// runtime/tool/format.
var formatFuncs = map[string]string{
	"date-time":     "DateTime",
	"date":          "Date",
	"time":          "Time",
	"duration":      "Duration",
	"email":         "Email",
	"hostname":      "Hostname",
	"ipv4":          "IPv4",
	"ipv6":          "IPv6",
	"uri":           "URI",
	"uri-reference": "URIReference",
	"uuid":          "UUID",
	"json-pointer":  "JSONPointer",
	"regex":         "Regex",
}

func knownFormats() []string { return sortedKeys(formatFuncs) }
