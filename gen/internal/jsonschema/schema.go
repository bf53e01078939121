package jsonschema

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
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

// Schema is one compiled (sub)schema of a document: the keywords a validator
// checks, read from JSON. Struct tools and schema files both come here, the
// former through the JSON of their invopop schema, so that the validator
// checks exactly the schema sent to the model.
type Schema struct {
	Loc     string // JSON Pointer of the schema in its document: "#/properties/a"
	Raw     any    // the schema's JSON
	Boolean *bool  // a boolean schema
	meta    *meta  // the draft and keywords it is read with
	res     *resource

	Types []string // allowed JSON types, nil for any

	Ref       string // $ref as written
	refBase   string // the base URI $ref resolves against
	RefTarget *Schema

	// A $dynamicRef (or $recursiveRef) resolves like $ref to dynTarget;
	// when dynamic, the value's dynamic scope may send it to one of
	// dynCandidates, the anchors named dynName of the resources reached.
	DynRef        string
	dynKeyword    string
	dynBase       string
	DynTarget     *Schema
	Dynamic       bool
	DynName       string
	DynCandidates []*Schema

	Enum     []any
	HasEnum  bool
	Const    any
	HasConst bool

	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf json.Number

	MinLength, MaxLength *uint64
	Pattern              string
	Format               string  // a string format toolgen checks; "" otherwise
	NumberFormat         string  // a number format toolgen checks; "" otherwise
	ContentEncoding      string  // "base64" or ""
	ContentMediaType     string  // "application/json" or ""
	ContentSchema        *Schema // of the document contentMediaType decodes

	Items                 *Schema
	PrefixItems           []*Schema
	Contains              *Schema
	MinContains           *uint64
	MaxContains           *uint64
	MinItems, MaxItems    *uint64
	UniqueItems           bool
	Properties            []Member
	PatternProperties     []Member
	AdditionalProperties  *Schema
	PropertyNames         *Schema
	Required              []string
	DependentRequired     []Dependency
	DependentSchemas      []Member
	MinProperties         *uint64
	MaxProperties         *uint64
	AllOf, AnyOf, OneOf   []*Schema
	Not                   *Schema
	If, Then, Else        *Schema
	UnevaluatedProperties *Schema
	UnevaluatedItems      *Schema
	Title, description    string
	DefName               string // the name under $defs, for readable function names
}

// Member is a subschema under a name: a property, a pattern, a dependency.
type Member struct {
	Name   string
	Schema *Schema
}

// Dependency is a dependentRequired entry: the members a member requires.
type Dependency struct {
	Name     string
	Required []string
}

func (s *Schema) IsTrue() bool  { return s == nil || s.Boolean != nil && *s.Boolean }
func (s *Schema) IsFalse() bool { return s != nil && s.Boolean != nil && !*s.Boolean }

// DynamicAnchors are the dynamic anchors of the resource s is in, by name
// ("" for $recursiveAnchor); nil when s is in none.
func (s *Schema) DynamicAnchors() map[string]*Schema {
	if s == nil || s.res == nil {
		return nil
	}
	return s.res.dynamic
}

// ContainsEvaluates reports whether s has a contains that evaluates the
// items it matches, for unevaluatedItems: from draft 2020-12 on.
func (s *Schema) ContainsEvaluates() bool { return s.Contains != nil && s.meta.draft >= draft2020 }

// Document is a schema document being compiled, with the documents its
// references load: schemas by location, resources ($id), anchors.
type Document struct {
	Options   Options
	Root      *Schema
	rootBase  string
	nodes     map[string]*Schema // by location
	resources map[string]*resource
	anchors   map[string]*Schema // absolute URI with #anchor
	metas     map[string]*meta   // metaschemas read, by URI
	Reached   []*Schema          // the schemas reachable from the root, in order
	errs      []Error
	Notes     []Error           // what compiles otherwise than the schema might be read
	cur       *Schema           // the schema being read, which errors and notes belong to
	sources   map[string][]byte // the JSON of the documents read, by location prefix
}

// resource is a schema resource: a document, or a subschema with $id.
type resource struct {
	raw     any
	loc     string
	base    string
	meta    *meta
	dynamic map[string]*Schema // $dynamicAnchor names; "" is $recursiveAnchor
	reached bool
}

// Error is an error or a note at a location; of a schema that is not
// reachable from the root, it is dropped.
type Error struct {
	at, msg string
	node    *Schema
}

func (e Error) Error() string { return "schema at " + e.at + ": " + e.msg }

// defaultBase is the base URI of a document without $id or BaseURI.
const defaultBase = "file:///schema.json"

// Compile reads a schema document. The errors name the keyword and its
// location; the document is usable only when there are none. Only the
// schemas reachable from the root are checked: an unused $defs entry may
// hold what toolgen cannot compile.
func Compile(data []byte, opts Options) (*Document, []Error) {
	raw, err := ParseJSON(data)
	if err != nil {
		return nil, []Error{{"#", err.Error(), nil}}
	}
	return CompileValue(raw, opts)
}

// CompileValue is Compile of a document already read (ParseJSON's value),
// which it does not change: the generator reads a schema once and hands
// the value to the dialects and to both compilations.
func CompileValue(raw any, opts Options) (*Document, []Error) {
	d := &Document{Options: opts, nodes: map[string]*Schema{}, resources: map[string]*resource{},
		anchors: map[string]*Schema{}, metas: map[string]*meta{}}
	d.rootBase = opts.BaseURI
	if d.rootBase == "" {
		d.rootBase = defaultBase
	}
	m, ok := draftNamed(opts.Draft)
	if !ok {
		return nil, []Error{{"#", fmt.Sprintf("draft %q is not one toolgen knows (draft-04, draft-06, draft-07, 2019-09, 2020-12)", opts.Draft), nil}}
	}
	d.Root = d.parseDocument(raw, d.rootBase, "", m)
	d.link()
	d.errs = d.reachable(d.errs)
	if len(d.errs) == 0 {
		d.checkLoops()
	}
	sort.SliceStable(d.errs, func(i, j int) bool { return d.errs[i].at < d.errs[j].at })
	d.Notes = d.reachable(d.Notes)
	sort.SliceStable(d.Notes, func(i, j int) bool { return d.Notes[i].at < d.Notes[j].at })
	return d, d.errs
}

// reachable keeps the errors of the schemas reachable from the root, and
// those of the document as a whole.
func (d *Document) reachable(list []Error) []Error {
	in := map[*Schema]bool{}
	for _, s := range d.Reached {
		in[s] = true
	}
	var out []Error
	for _, e := range list {
		if e.node == nil || in[e.node] {
			out = append(out, e)
		}
	}
	return out
}

func (d *Document) fail(at, format string, args ...any) {
	d.errs = append(d.errs, Error{at, fmt.Sprintf(format, args...), d.cur})
}

func (d *Document) note(at, format string, args ...any) {
	d.Notes = append(d.Notes, Error{at, fmt.Sprintf(format, args...), d.cur})
}

// unknownFormat reports a format or content keyword toolgen cannot check,
// as the options say: an error, a note, or nothing.
func (d *Document) unknownFormat(at, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	switch {
	case d.Options.StrictFormats:
		d.fail(at, "%s; toolgen refuses a constraint it cannot enforce (-strict-formats)", msg)
	case !d.Options.AnnotateUnknownFormats:
		d.note(at, "%s; compiled as an annotation: the validator does not check it (-strict-formats refuses it)", msg)
	}
}

func PointerToken(k string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
}

// parseDocument reads a document found at uri, whose locations start with
// prefix, read as m says unless its $schema says otherwise.
func (d *Document) parseDocument(raw any, uri, prefix string, m *meta) *Schema {
	res := &resource{raw: raw, loc: prefix + "#", base: uri, meta: m, dynamic: map[string]*Schema{}}
	d.resources[uri] = res
	s := d.parse(raw, prefix+"#", uri, m, true)
	res.meta = s.meta
	return s
}

// parse compiles the schema raw at location loc, whose base URI is base.
// A resource root (a document, or a schema with an $id) may change the
// draft with $schema.
func (d *Document) parse(raw any, loc, base string, m *meta, docRoot bool) *Schema {
	if s, ok := d.nodes[loc]; ok {
		return s
	}
	s := &Schema{Loc: loc, Raw: raw, meta: m, res: d.resources[base]}
	d.nodes[loc] = s
	saved := d.cur
	d.cur = s
	defer func() { d.cur = saved }()
	switch x := raw.(type) {
	case bool:
		s.Boolean = &x
	case *Object:
		d.keywords(s, x, base, docRoot)
	default:
		d.fail(loc, "a schema must be an object or a boolean, not %s", JSONType(raw))
	}
	return s
}
