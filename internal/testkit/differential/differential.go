// Package differential checks the provider dialects toolgen generates against
// the tools' validators: golden files of every definition and response
// format (Golden, OutputGolden), the agreement tests (Agreement,
// OutputAgreement, ResultAgreement) and ajv's strict mode (StrictAjv). Tests
// of packages with generated tools and outputs call it.
//
// The agreement test draws argument objects from a tool's canonical schema
// (valid ones, and ones broken in one or more places: see
// internal/testkit/toolcalls), validates each with the generated validator
// and, for every dialect, with a reference implementation of JSON Schema
// (santhosh-tekuri/jsonschema v6, draft 2020-12, see
// internal/testkit/reference) compiled from the dialect's parameters
// schema. Where the verdicts differ, the difference must be one of the
// documented ones, each checked:
//
//   - a constraint the dialect cannot express is in the dialect's
//     description instead, and only the validator rejects a value that
//     breaks it;
//   - Gemini's parameters have no additionalProperties: only the validator
//     rejects an undeclared member;
//   - OpenAI strict mode requires every member, an optional one as null:
//     only the dialect rejects an omitted optional member, and accepts the
//     call once each is null;
//   - the validator counts an optional member whose value is null as
//     absent: only the canonical schema (and Gemini's) rejects it, and
//     accepts the call once the member is dropped.
//
// A definition in a fallback form (Definition.Form: OpenAI's non-strict
// form, Gemini's parametersJsonSchema) is checked as that form: the
// agreement test runs on every definition, whatever its form.
//
// Gemini's parameters are OpenAPI 3.0, not JSON Schema: the reference reads
// them with OpenAPI's meaning (lower-case types, nullable: true as a union
// with null).
package differential

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/forms"
	"github.com/toolgen-go/toolgen/internal/testkit/reference"
	"github.com/toolgen-go/toolgen/internal/testkit/toolcalls"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// updating reports the -update flag, which the test binary may have from
// another package of golden files too.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files of the dialects")
	}
}

// paramsMember is where each dialect's definition holds its parameters.
var paramsMember = map[tool.Dialect][]string{
	tool.OpenAI:                   {"function", "parameters"},
	tool.OpenAINonStrict:          {"function", "parameters"},
	tool.OpenAIResponses:          {"parameters"},
	tool.OpenAIResponsesNonStrict: {"parameters"},
	tool.Anthropic:                {"input_schema"},
	tool.AnthropicNonStrict:       {"input_schema"},
	tool.Gemini:                   {"parameters"},
	tool.GeminiJSONSchema:         {"parametersJsonSchema"},
	tool.MCP:                      {"inputSchema"},
}

// Golden compares each definition of each tool, indented, with the file
// dir/<tool>/<dialect>.json, and the fallbacks of the tools with
// dir/fallbacks.txt (one line per definition in a fallback form, none when
// no definition is); go test -update rewrites the files. It also checks
// that each definition holds its Parameters, the tool's name and its
// description, that its form is its dialect's or that dialect's fallback,
// and that a dialect a tool leaves out has no file.
func Golden(t *testing.T, tools tool.Tools, dir string) {
	t.Helper()
	var fallbacks strings.Builder
	for _, tl := range tools {
		for _, d := range forms.Dialects() {
			if def, ok := tl.Dialects.Get(d); ok && def.Fallback != "" {
				fmt.Fprintf(&fallbacks, "%s %s: %s form: %s\n", tl.Name, d, def.Form, def.Fallback)
			}
		}
	}
	path := filepath.Join(dir, "fallbacks.txt")
	switch {
	case updating() && fallbacks.Len() > 0:
		require.NoError(t, os.MkdirAll(dir, 0o755))
		require.NoError(t, os.WriteFile(path, []byte(fallbacks.String()), 0o644))
	case updating():
		os.Remove(path)
	case fallbacks.Len() > 0:
		want, err := os.ReadFile(path)
		require.NoError(t, err, "missing golden file; run go test -update")
		assert.Equal(t, string(want), fallbacks.String(), "%s differs; run go test -update and review the diff", path)
	default:
		_, err := os.Stat(path)
		assert.True(t, os.IsNotExist(err), "no definition falls back, but %s exists", path)
	}
	for _, tl := range tools {
		for _, d := range forms.Dialects() {
			path := filepath.Join(dir, tl.Name, string(d)+".json")
			def, ok := tl.Dialects.Get(d)
			if !ok {
				if updating() {
					os.Remove(path)
				}
				_, err := os.Stat(path)
				assert.True(t, os.IsNotExist(err), "%s leaves %s out, but %s exists", tl.Name, d, path)
				continue
			}
			checkEnvelope(t, tl, d, def)
			var pretty bytes.Buffer
			require.NoError(t, json.Indent(&pretty, def.Tool, "", "  "), "%s %s", tl.Name, d)
			pretty.WriteByte('\n')
			if updating() {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, pretty.Bytes(), 0o644))
				continue
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "missing golden file; run go test -update")
			assert.Equal(t, string(want), pretty.String(), "%s differs; run go test -update and review the diff", path)
		}
	}
}

// fallbackOf is the form each dialect falls back to.
var fallbackOf = map[tool.Dialect]tool.Dialect{
	tool.OpenAI:          tool.OpenAINonStrict,
	tool.OpenAIResponses: tool.OpenAIResponsesNonStrict,
	tool.Anthropic:       tool.AnthropicNonStrict,
	tool.Gemini:          tool.GeminiJSONSchema,
}

// formOf is the form of a definition: its Form, or its dialect for a
// definition that does not say.
func formOf(d tool.Dialect, def tool.Definition) tool.Dialect {
	if def.Form == "" {
		return d
	}
	return def.Form
}

// open checks that a definition is in its dialect's form, or in that one's
// fallback with the reason, and returns its form, the whole definition, and
// the object that holds the schema under the last of the members that
// path gives for the form, and that member.
func open(t *testing.T, tl *tool.Tool, d tool.Dialect, def tool.Definition, path func(form tool.Dialect) []string) (form tool.Dialect, whole, holder map[string]any, key string) {
	t.Helper()
	form = formOf(d, def)
	if form == d {
		assert.Empty(t, def.Fallback, "%s %s: a definition in its own form has no fallback", tl.Name, d)
	} else {
		assert.Equal(t, fallbackOf[d], form, "%s %s: the form is the dialect's fallback", tl.Name, d)
		assert.NotEmpty(t, def.Fallback, "%s %s: a fallback says why", tl.Name, d)
	}
	require.NoError(t, json.Unmarshal(def.Tool, &whole), "%s %s", tl.Name, d)
	members := path(form)
	require.NotEmpty(t, members, "%s %s: form %s", tl.Name, d, form)
	holder = whole
	for _, m := range members[:len(members)-1] {
		holder, _ = holder[m].(map[string]any)
		require.NotNil(t, holder, "%s %s: no %s", tl.Name, d, m)
	}
	return form, whole, holder, members[len(members)-1]
}

func checkEnvelope(t *testing.T, tl *tool.Tool, d tool.Dialect, def tool.Definition) {
	t.Helper()
	form, _, holder, key := open(t, tl, d, def, func(form tool.Dialect) []string { return paramsMember[form] })
	assert.Equal(t, tl.Name, holder["name"], "%s %s: name", tl.Name, d)
	if tl.Description != "" {
		assert.Equal(t, tl.Description, holder["description"], "%s %s: description", tl.Name, d)
	}
	params, ok := holder[key]
	if def.Parameters == nil {
		assert.False(t, ok, "%s %s: parameters without Parameters", tl.Name, d)
		return
	}
	got, _ := json.Marshal(params)
	assert.JSONEq(t, string(def.Parameters), string(got), "%s %s: the definition holds Parameters", tl.Name, d)
	switch form {
	case tool.OpenAI, tool.OpenAIResponses:
		assert.Equal(t, true, holder["strict"])
	case tool.OpenAINonStrict, tool.OpenAIResponsesNonStrict:
		assert.Equal(t, false, holder["strict"])
		assert.JSONEq(t, string(tl.Schema), string(def.Parameters))
	case tool.Anthropic:
		assert.Equal(t, true, holder["strict"])
	case tool.AnthropicNonStrict:
		assert.NotContains(t, holder, "strict")
		assert.JSONEq(t, string(tl.Schema), string(def.Parameters))
	case tool.MCP:
		// The canonical schema, declaring its dialect first (SEP-1613).
		const declared = `{"$schema":"https://json-schema.org/draft/2020-12/schema",`
		assert.True(t, strings.HasPrefix(string(def.Parameters), declared), "%s %s: $schema first", tl.Name, d)
		var params map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(def.Parameters, &params))
		delete(params, "$schema")
		rest, _ := json.Marshal(params)
		assert.JSONEq(t, string(tl.Schema), string(rest))
	}
}

// Options tune Agreement.
type Options struct {
	// Calls is how many argument objects are drawn per tool; 3000 when 0.
	Calls int
	// Seed seeds the draw.
	Seed uint64
}

// Report counts the verdicts of one tool in one dialect.
type Report struct {
	Valid, Invalid int // both agree
	// The documented differences:
	Moved        map[string]int // only the validator rejects: a moved constraint, by keyword
	Undeclared   int            // only the validator rejects: an undeclared member (Gemini)
	OmittedNull  int            // only the dialect rejects: an omitted optional member (OpenAI strict)
	NullOptional int            // only the dialect rejects: a null optional member
	// Problems are the disagreements that are not documented, and the
	// documented differences no call showed.
	Problems []string
}

func (r *Report) problem(format string, args ...any) {
	if len(r.Problems) < 10 {
		r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
	}
}

// Agreement runs the agreement test on every tool and dialect, and returns
// the reports by tool and dialect.
func Agreement(t *testing.T, tools tool.Tools, opts Options) map[string]map[tool.Dialect]*Report {
	t.Helper()
	return agreement(t, tools, forms.Dialects(), checkEnvelope, opts)
}

// envelopeCheck checks the whole of a definition in dialect d around its
// parameters.
type envelopeCheck func(t *testing.T, tl *tool.Tool, d tool.Dialect, def tool.Definition)

func agreement(t *testing.T, tools tool.Tools, dialects []tool.Dialect, envelope envelopeCheck, opts Options) map[string]map[tool.Dialect]*Report {
	t.Helper()
	if opts.Calls == 0 {
		opts.Calls = 3000
	}
	reports := map[string]map[tool.Dialect]*Report{}
	for _, tl := range tools {
		canonical := decodeSchema(t, tl.Schema)
		drawn := toolcalls.Objects(canonical, opts.Calls, opts.Seed)
		reports[tl.Name] = map[tool.Dialect]*Report{}
		// Dialects with the same parameters (OpenAI's two APIs; the ones that
		// send the canonical schema) are checked once.
		done := map[string]*Report{}
		for _, d := range dialects {
			def, ok := tl.Dialects.Get(d)
			if !ok {
				continue
			}
			form := formOf(d, def)
			key := string(form) + "\x00" + string(def.Parameters)
			switch form {
			case tool.OpenAIResponses:
				key = string(tool.OpenAI) + "\x00" + string(def.Parameters)
			case tool.OpenAINonStrict, tool.OpenAIResponsesNonStrict, tool.AnthropicNonStrict, tool.MCP:
				key = "canonical\x00" + string(def.Parameters)
			}
			if rep, ok := done[key]; ok {
				envelope(t, tl, d, def)
				reports[tl.Name][d] = rep
				continue
			}
			envelope(t, tl, d, def)
			rep := agree(t, tl, d, def, canonical, drawn)
			for _, p := range rep.Problems {
				t.Error(p)
			}
			done[key] = rep
			reports[tl.Name][d] = rep
		}
	}
	return reports
}

func agree(t *testing.T, tl *tool.Tool, field tool.Dialect, def tool.Definition, canonical map[string]any, drawn [][]byte) *Report {
	t.Helper()
	// The definition is held to the rules of its form.
	d := formOf(field, def)
	rep := &Report{Moved: map[string]int{}}
	dialect := canonicalSchemaOf(t, tl, d, def)
	rejected := 0
	ref := compile(t, tl.Name+"."+string(d), dialect)
	for _, call := range drawn {
		verdict := tl.Validate(decodeArgs(t, call))
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(call))
		require.NoError(t, err)
		rawErr := ref.Validate(inst)
		// The call as the dialect would send it: with OpenAI strict mode every
		// omitted optional member null, with the others every null optional
		// member dropped. The validator's verdict is the same.
		fixed, kind := normalize(canonical, d, call)
		fixedJSON, err := json.Marshal(fixed)
		require.NoError(t, err)
		require.Equal(t, verdict.Codes(), tl.Validate(decodeArgs(t, fixedJSON)).Codes(),
			"%s: the validator counts a null optional member as absent: %s and %s", tl.Name, call, fixedJSON)
		refErr := ref.Validate(fixed)
		if rawErr != nil && refErr == nil {
			// Only the optional members made the dialect reject the call.
			if kind == "omitted" {
				rep.OmittedNull++
			} else {
				rep.NullOptional++
			}
		}
		if verdict != nil {
			rejected++
		}
		switch {
		case verdict == nil && refErr == nil:
			rep.Valid++
		case verdict != nil && refErr != nil:
			rep.Invalid++
		case verdict != nil:
			// The dialect accepts what the validator rejects: each error must
			// be a constraint the dialect lacks.
			for _, e := range verdict {
				kind, why := explain(canonical, dialect, d, e)
				if kind == "" {
					rep.problem("%s %s: the dialect accepts %s, the validator rejects it with %s (%s), which is no documented difference: %s",
						tl.Name, d, fixedJSON, e.Code, e.Path, why)
					continue
				}
				if kind == "undeclared" {
					rep.Undeclared++
				} else {
					rep.Moved[kind]++
				}
			}
		default:
			rep.problem("%s %s: the validator accepts %s, the dialect rejects it: %v", tl.Name, d, fixedJSON, refErr)
		}
	}
	if rep.Valid == 0 {
		rep.problem("%s %s: no valid call was drawn", tl.Name, d)
	}
	if rejected == 0 {
		rep.problem("%s %s: no invalid call was drawn", tl.Name, d)
	}
	// Each documented difference this dialect has for this tool was seen.
	for _, kw := range movedKeywords(canonical, dialect, d) {
		if rep.Moved[kw] == 0 {
			rep.problem("%s %s: %s is moved into a description, but no call broke it alone", tl.Name, d, kw)
		}
	}
	if hasOptional(canonical) {
		switch d {
		case tool.OpenAI, tool.OpenAIResponses:
			if rep.OmittedNull == 0 {
				rep.problem("%s %s: no call omitted an optional member", tl.Name, d)
			}
		default:
			if rep.NullOptional == 0 {
				rep.problem("%s %s: no call had a null optional member", tl.Name, d)
			}
		}
	}
	if d == tool.Gemini && hasClosedObject(canonical) {
		if rep.Undeclared == 0 {
			rep.problem("%s %s: no call had an undeclared member alone", tl.Name, d)
		}
	}
	return rep
}

// canonicalSchemaOf returns a dialect's parameters as the reference reads
// them: Gemini's OpenAPI schema read as JSON Schema, the others as they are.
func canonicalSchemaOf(t *testing.T, tl *tool.Tool, d tool.Dialect, def tool.Definition) map[string]any {
	t.Helper()
	params := def.Parameters
	if params == nil {
		// A Gemini function without arguments: an object without members.
		params = json.RawMessage(`{"type":"OBJECT"}`)
	}
	s := decodeSchema(t, params)
	if d == tool.Gemini {
		return openAPIToJSONSchema(s).(map[string]any)
	}
	return s
}

// openAPIToJSONSchema reads an OpenAPI 3.0 schema of Gemini's subset with
// OpenAPI's meaning: type names are upper-case, nullable: true admits null,
// example and propertyOrdering are annotations.
func openAPIToJSONSchema(v any) any {
	s, ok := v.(map[string]any)
	if !ok {
		return v
	}
	out := map[string]any{}
	for k, x := range s {
		switch k {
		case "type":
			out[k] = strings.ToLower(x.(string))
		case "properties":
			props := map[string]any{}
			for name, p := range x.(map[string]any) {
				props[name] = openAPIToJSONSchema(p)
			}
			out[k] = props
		case "items":
			out[k] = openAPIToJSONSchema(x)
		case "anyOf":
			var branches []any
			for _, b := range x.([]any) {
				branches = append(branches, openAPIToJSONSchema(b))
			}
			out[k] = branches
		case "nullable", "example", "propertyOrdering":
		default:
			out[k] = x
		}
	}
	if s["nullable"] == true {
		if t, ok := out["type"].(string); ok {
			out["type"] = []any{t, "null"}
		}
		if enum, ok := out["enum"].([]any); ok {
			out["enum"] = append(enum, nil)
		}
	}
	return out
}

func compile(t *testing.T, name string, schema map[string]any) *jsonschema.Schema {
	t.Helper()
	data, err := json.Marshal(schema)
	require.NoError(t, err)
	// The reference asserts formats and content as the generated validator
	// does, with the same format checkers and pattern translation.
	sch, err := reference.Compile(data)
	require.NoError(t, err, "the %s schema is not valid JSON Schema", name)
	return sch
}

func decodeSchema(t *testing.T, data []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var s map[string]any
	require.NoError(t, dec.Decode(&s))
	return s
}

func decodeArgs(t *testing.T, call []byte) map[string]any {
	t.Helper()
	var args map[string]any
	require.NoError(t, json.Unmarshal(call, &args))
	return args
}

// --- the documented differences ---------------------------------------------

// phrases are what a description says of each moved keyword, any of them.
var phrases = map[string][]string{
	"minLength": {"character"}, "maxLength": {"character"}, "pattern": {"regular expression"},
	"exclusiveMinimum": {"greater than"}, "exclusiveMaximum": {"less than"}, "multipleOf": {"multiple of"},
	"uniqueItems": {"same item twice"}, "enum": {"one of"}, "const": {"ust be"}, "format": {"ust be"},
	"minimum": {"at least", "between"}, "maximum": {"at most", "between"}, "minItems": {"item"}, "maxItems": {"item"},
	"minProperties": {"member"}, "maxProperties": {"member"},
	"oneOf": {"exactly one"}, "anyOf": {"at least one of"}, "patternProperties": {"member name"},
	"contentEncoding": {"Encoded in"},
}

// says reports whether a description says what the moved keyword kw did.
func says(desc, kw string) bool {
	for _, p := range phrases[kw] {
		if strings.Contains(desc, p) {
			return true
		}
	}
	return false
}

// explain says which documented difference makes the dialect accept a value
// the validator rejects with e: the moved keyword, or "undeclared"; or ""
// and why not.
func explain(canonical, dialect map[string]any, d tool.Dialect, e tool.Error) (string, string) {
	segs := pointer(e.Path)
	if e.Code == tool.CodeUnexpected {
		obj, _ := walk(canonical, canonical, segs[:len(segs)-1])
		dobj, descs := walk(dialect, dialect, segs[:len(segs)-1])
		if d == tool.Gemini && obj != nil && obj["additionalProperties"] == false && dobj != nil && dobj["additionalProperties"] == nil {
			return "undeclared", ""
		}
		if obj != nil && obj["patternProperties"] != nil && dobj != nil && dobj["patternProperties"] == nil {
			// A map with integer keys whose key pattern is a sentence.
			for _, desc := range descs {
				if says(desc, "patternProperties") {
					return "patternProperties", ""
				}
			}
			return "", fmt.Sprintf("no description says %q: %q", phrases["patternProperties"], descs)
		}
		return "", "the dialect's object declares the same members"
	}
	s, _ := walk(canonical, canonical, segs)
	ds, descs := walk(dialect, dialect, segs)
	if s == nil || ds == nil {
		return "", "no schema at " + e.Path
	}
	code := string(e.Code)
	if _, ok := s[code]; !ok {
		if durationBound(s, e) {
			return "duration", ""
		}
		return "", "the canonical schema has no " + code + " there"
	}
	if _, ok := ds[code]; ok {
		return "", "the dialect has " + code + " there too"
	}
	for _, desc := range descs {
		if says(desc, code) {
			return code, ""
		}
	}
	return "", fmt.Sprintf("no description says %q: %q", phrases[code], descs)
}

// durationBound reports whether e is the bound of a time.Duration argument
// (a string in Go's duration syntax, its pattern), which JSON Schema cannot
// state: its field's bounds, which the description states, or
// time.Duration's range.
func durationBound(s map[string]any, e tool.Error) bool {
	pattern, _ := s["pattern"].(string)
	return strings.Contains(pattern, "(ns|us|µs|μs|ms|s|m|h)") && (e.Code == "minimum" || e.Code == "maximum") &&
		strings.HasPrefix(e.Expected, "a duration ")
}

// walk follows an instance path through a schema: properties, items,
// additionalProperties, $ref, and the unions with null of nullable and
// optional members. It returns the schema of the value and the descriptions
// met from the last property on, where moved constraints are written.
func walk(root, s map[string]any, segs []string) (map[string]any, []string) {
	var descs []string
	for {
		s = toolcalls.Resolve(root, s)
		if d, ok := s["description"].(string); ok {
			descs = append(descs, d)
		}
		if branch := toolcalls.NonNullBranch(s); branch != nil {
			s = branch
			continue
		}
		if len(segs) == 0 {
			return s, descs
		}
		seg := segs[0]
		segs = segs[1:]
		if props, ok := s["properties"].(map[string]any); ok && props[seg] != nil {
			s, _ = props[seg].(map[string]any)
			descs = nil
		} else if items, ok := s["items"].(map[string]any); ok {
			s = items
		} else if add, ok := s["additionalProperties"].(map[string]any); ok {
			s = add
		} else if pp, ok := s["patternProperties"].(map[string]any); ok && len(pp) == 1 {
			for _, p := range pp {
				s, _ = p.(map[string]any)
			}
		} else {
			return nil, nil
		}
		if s == nil {
			return nil, nil
		}
	}
}

func pointer(p string) []string {
	if p == "" {
		return nil
	}
	segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, s := range segs {
		segs[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(s)
	}
	return segs
}

// normalize rewrites a call the validator accepts and the dialect rejects in
// the one way the documented differences allow: for OpenAI strict mode each
// omitted optional member becomes null, for the other dialects each null
// optional member is dropped.
func normalize(canonical map[string]any, d tool.Dialect, call []byte) (any, string) {
	inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(call))
	kind := "null"
	if d == tool.OpenAI || d == tool.OpenAIResponses {
		kind = "omitted"
	}
	var fix func(s map[string]any, v any, depth int)
	fix = func(s map[string]any, v any, depth int) {
		if depth > 50 {
			return
		}
		s = toolcalls.Resolve(canonical, s)
		if b := toolcalls.NonNullBranch(s); b != nil {
			fix(b, v, depth+1)
			return
		}
		switch x := v.(type) {
		case map[string]any:
			props, _ := s["properties"].(map[string]any)
			required := map[string]bool{}
			for _, r := range asList(s["required"]) {
				required[r.(string)] = true
			}
			for name, p := range props {
				val, present := x[name]
				switch {
				case required[name]:
				case kind == "omitted" && !present:
					x[name] = nil
					continue
				case kind == "null" && present && val == nil:
					delete(x, name)
					continue
				}
				if present {
					ps, _ := p.(map[string]any)
					fix(ps, val, depth+1)
				}
			}
			if add, ok := s["additionalProperties"].(map[string]any); ok {
				for name, val := range x {
					if _, declared := props[name]; !declared {
						fix(add, val, depth+1)
					}
				}
			}
		case []any:
			if items, ok := s["items"].(map[string]any); ok {
				for _, item := range x {
					fix(items, item, depth+1)
				}
			}
		}
	}
	fix(canonical, inst, 0)
	return inst, kind
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// movedKeywords lists the validated keywords of the canonical schema that
// the dialect's schema lacks at the same place.
func movedKeywords(canonical, dialect map[string]any, d tool.Dialect) []string {
	seen := map[string]bool{}
	var out []string
	var visit func(c, ds map[string]any, depth int)
	visit = func(c, ds map[string]any, depth int) {
		if c == nil || ds == nil || depth > 20 {
			return
		}
		c, ds = toolcalls.Resolve(canonical, c), toolcalls.Resolve(dialect, ds)
		if b := toolcalls.NonNullBranch(c); b != nil {
			c = b
		}
		if b := toolcalls.NonNullBranch(ds); b != nil {
			ds = b
		}
		for kw := range phrases {
			if _, ok := c[kw]; ok {
				_, has := ds[kw]
				if kw == "const" && ds["enum"] != nil {
					has = true // a one-value enum
				}
				if kw == "oneOf" && ds["anyOf"] != nil {
					// A oneOf of schemas as an anyOf: only a value valid
					// against two alternatives breaks it, and alternatives
					// may have none in common.
					has = true
				}
				if !has && !seen[kw] && !(kw == "uniqueItems" && c[kw] != true) {
					seen[kw] = true
					out = append(out, kw)
				}
			}
		}
		if props, ok := c["properties"].(map[string]any); ok {
			dprops, _ := ds["properties"].(map[string]any)
			for name, p := range props {
				ps, _ := p.(map[string]any)
				dps, _ := dprops[name].(map[string]any)
				visit(ps, dps, depth+1)
			}
		}
		for _, k := range []string{"items", "additionalProperties"} {
			cs, _ := c[k].(map[string]any)
			dss, _ := ds[k].(map[string]any)
			visit(cs, dss, depth+1)
		}
		if pp, ok := c["patternProperties"].(map[string]any); ok && len(pp) == 1 && ds["patternProperties"] == nil {
			// A map with integer keys, its values as additionalProperties.
			dss, _ := ds["additionalProperties"].(map[string]any)
			for _, p := range pp {
				cs, _ := p.(map[string]any)
				visit(cs, dss, depth+1)
			}
		}
	}
	visit(canonical, dialect, 0)
	return out
}

func hasOptional(s map[string]any) bool {
	found := false
	eachObject(s, func(o map[string]any) {
		props, _ := o["properties"].(map[string]any)
		if len(asList(o["required"])) < len(props) {
			found = true
		}
	})
	return found
}

func hasClosedObject(s map[string]any) bool {
	found := false
	eachObject(s, func(o map[string]any) {
		if o["additionalProperties"] == false {
			found = true
		}
	})
	return found
}

// eachObject calls f on the root and the object schemas of its properties
// and items (the schemas the draw reaches without a $ref).
func eachObject(s map[string]any, f func(map[string]any)) {
	var visit func(map[string]any, int)
	visit = func(s map[string]any, depth int) {
		if s == nil || depth > 20 {
			return
		}
		if b := toolcalls.NonNullBranch(s); b != nil {
			s = b
		}
		if s["type"] == "object" {
			f(s)
		}
		if props, ok := s["properties"].(map[string]any); ok {
			for _, p := range props {
				ps, _ := p.(map[string]any)
				visit(ps, depth+1)
			}
		}
		items, _ := s["items"].(map[string]any)
		visit(items, depth+1)
	}
	visit(s, 0)
}
