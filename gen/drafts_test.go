package gen_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
	"github.com/toolgen-go/toolgen/internal/testkit/reference"
	"github.com/toolgen-go/toolgen/internal/value"
)

const (
	draft04 = "http://json-schema.org/draft-04/schema#"
	draft06 = "http://json-schema.org/draft-06/schema#"
	draft07 = "http://json-schema.org/draft-07/schema#"
)

// TestOlderDrafts compiles schemas of drafts 4 and 6, which the suite's
// folders do not cover, and compares the validators' verdicts with the
// reference's on each draft's rules: draft-04's boolean exclusiveMinimum
// and exclusiveMaximum and its id, $ref ignoring its siblings, keywords of
// later drafts ignored, dependencies.
func TestOlderDrafts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	cases := []struct {
		schema    string
		instances []string
	}{
		{`{"$schema": "` + draft04 + `", "minimum": 5, "exclusiveMinimum": true, "maximum": 9, "exclusiveMaximum": false}`,
			[]string{`5`, `5.1`, `9`, `9.5`, `"x"`}},
		{`{"$schema": "` + draft04 + `", "maximum": 5, "exclusiveMaximum": true}`, []string{`5`, `4.9`}},
		{`{"$schema": "` + draft04 + `", "id": "http://example.com/root.json", "properties": {"a": {"$ref": "item.json"}, "b": {"$ref": "#num"}},
			"definitions": {"item": {"id": "item.json", "type": "integer"}, "n": {"id": "#num", "type": "number"}}}`,
			[]string{`{"a": 1}`, `{"a": "s"}`, `{"b": 1.5}`, `{"b": "s"}`}},
		{`{"$schema": "` + draft04 + `", "definitions": {"a": {"type": "integer"}}, "properties": {"x": {"$ref": "#/definitions/a", "minimum": 10}}}`,
			[]string{`{"x": 1}`, `{"x": "s"}`}},
		{`{"$schema": "` + draft04 + `", "const": 1, "contains": {"type": "string"}, "propertyNames": {"maxLength": 1}}`,
			[]string{`2`, `[1]`, `{"long": 1}`}},
		{`{"$schema": "` + draft04 + `", "items": [{"type": "string"}], "additionalItems": false}`, []string{`["a"]`, `["a", 1]`, `[1]`}},
		{`{"$schema": "` + draft06 + `", "contains": {"const": 1}, "exclusiveMinimum": 5}`, []string{`[2]`, `[1]`, `5`, `6`}},
		{`{"$schema": "` + draft06 + `", "if": {"type": "string"}, "then": {"minLength": 3}, "contentMediaType": "application/json"}`,
			[]string{`"a"`, `"abcd"`}},
		{`{"$schema": "` + draft06 + `", "dependencies": {"a": ["b"], "c": {"required": ["d"]}, "e": false}}`,
			[]string{`{"a": 1}`, `{"a": 1, "b": 2}`, `{"c": 1}`, `{"c": 1, "d": 1}`, `{"e": 1}`}},
		{`{"$schema": "` + draft06 + `", "$id": "http://example.com/r.json", "$ref": "#/definitions/s", "type": "integer", "definitions": {"s": {"type": "string"}}}`,
			[]string{`"s"`, `1`}},
	}
	dir := t.TempDir()
	var all []suiteCase
	var registry []string
	for i, c := range cases {
		fn := fmt.Sprintf("ValidateD%02d", i)
		src, _, err := gen.CompileSchema([]byte(c.schema), "main", fn, "d.json", gen.Options{})
		require.NoError(t, err, c.schema)
		require.NoError(t, os.WriteFile(filepath.Join(dir, strings.ToLower(fn)+"_gen.go"), src, 0o644))
		registry = append(registry, fn)
		ref, err := reference.Compile([]byte(c.schema))
		require.NoError(t, err, c.schema)
		for _, in := range c.instances {
			_, refValue, ok := reference.Instance([]byte(in))
			require.True(t, ok)
			all = append(all, suiteCase{File: c.schema, Test: in, Func: fn, Data: []byte(in), Valid: ref.Validate(refValue) == nil})
		}
	}
	writeSuiteMain(t, dir, registry)
	verdicts := runCases(t, buildTemp(t, dir), all, false)
	checkVerdicts(t, "drafts", all, verdicts)
	for i, c := range all {
		assert.Equal(t, c.Valid, strings.HasPrefix(verdicts[i], "valid"), "%s on %s: toolgen %q", c.File, c.Test, verdicts[i])
	}
}

// TestDraftNotes checks the notes of what a schema's draft ignores: the
// keywords of other drafts, and the siblings of $ref before 2019-09.
func TestDraftNotes(t *testing.T) {
	var notes []string
	schema := `{"$schema": "` + draft07 + `", "prefixItems": [{}], "dependentRequired": {"a": ["b"]}, "$defs": {},
		"properties": {"a": {"$ref": "#/definitions/x", "type": "string", "description": "kept"}}, "definitions": {"x": {}}}`
	_, noteList, err := gen.CompileSchema([]byte(schema), "p", "ValidateS", "s.json", gen.Options{})
	notes = noteStrings(noteList)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"s.json:1:56: note: schema at #/prefixItems: prefixItems is not a keyword of draft-07, which ignores it",
		"s.json:1:77: note: schema at #/dependentRequired: dependentRequired is not a keyword of draft-07, which ignores it",
		"s.json:2:51: note: schema at #/properties/a/type: type beside $ref is ignored, as draft-07 says (from draft 2019-09 on, the siblings of $ref apply)",
	}, notes)
	// Read as draft 2020-12, the same schema applies them, with no note.
	notes = nil
	_, noteList, err = gen.CompileSchema([]byte(strings.Replace(schema, draft07, "https://json-schema.org/draft/2020-12/schema", 1)), "p", "ValidateS", "s.json",
		gen.Options{})
	notes = noteStrings(noteList)
	require.NoError(t, err)
	assert.Empty(t, notes)
}

// TestNewKeywordErrors runs validators of the keywords toolgen compiles
// beyond its struct tools and checks their errors: codes, paths and order.
func TestNewKeywordErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	schemas := map[string]string{
		"ValidateUnevaluated": `{"type": "object", "properties": {"a": true}, "anyOf": [{"properties": {"b": true}, "required": ["b"]}, {"properties": {"c": true}, "required": ["c"]}],
			"patternProperties": {"^x": true}, "unevaluatedProperties": false}`,
		"ValidateItems": `{"prefixItems": [{"type": "string"}], "contains": {"type": "integer"}, "unevaluatedItems": {"type": "boolean"}}`,
		"ValidateTree": `{"$id": "http://example.com/strict", "$dynamicAnchor": "node", "$ref": "tree", "unevaluatedProperties": false,
			"$defs": {"tree": {"$id": "tree", "$dynamicAnchor": "node", "type": "object", "properties": {"data": true, "children": {"type": "array", "items": {"$dynamicRef": "#node"}}}}}}`,
		"ValidateContent": `{"properties": {"doc": {"contentMediaType": "application/json", "contentSchema": {"required": ["id"], "properties": {"id": {"type": "integer"}}}}}}`,
	}
	dir := t.TempDir()
	for fn, schema := range schemas {
		src, _, err := gen.CompileSchema([]byte(schema), "main", fn, strings.ToLower(fn[len("Validate"):])+".json", gen.Options{})
		require.NoError(t, err, schema)
		require.NoError(t, os.WriteFile(filepath.Join(dir, strings.ToLower(fn)+"_gen.go"), src, 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(`package main

import (
	"encoding/json"
	"fmt"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

func main() {
	for _, c := range []struct {
		fn   func(any) tool.Errors
		data string
	}{
		{ValidateUnevaluated, `+"`"+`{"a": 1, "b": 2, "x1": 3, "z": 4, "c": 5, "y": 6}`+"`"+`},
		{ValidateUnevaluated, `+"`"+`{"a": 1, "c": 2}`+"`"+`},
		{ValidateItems, `+"`"+`["s", 1, true, "t", 2, null]`+"`"+`},
		{ValidateTree, `+"`"+`{"data": 1, "children": [{"data": 2, "children": [{"daat": 3}]}]}`+"`"+`},
		{ValidateContent, `+"`"+`{"doc": "{\"id\": \"x\", \"more\": 1}"}`+"`"+`},
		{ValidateContent, `+"`"+`{"doc": "{}"}`+"`"+`},
		{ValidateContent, `+"`"+`{"doc": "{"}`+"`"+`},
	} {
		var v any
		if err := json.Unmarshal([]byte(c.data), &v); err != nil {
			panic(err)
		}
		fmt.Println(c.fn(v).JSON())
	}
}
`), 0o644))
	buildTemp(t, dir)
	out, err := exec.Command(filepath.Join(dir, "suite.bin")).CombinedOutput()
	require.NoError(t, err, "%s", out)
	// Both branches of anyOf are valid against the first object: both
	// evaluate, "c" too.
	assert.Equal(t, `[{"code":"unexpected","path":"/y","got":"integer"},{"code":"unexpected","path":"/z","got":"integer"}]
[]
[{"code":"type","path":"/3","expected":"boolean","got":"string","actual":"\"t\""},{"code":"type","path":"/5","expected":"boolean","got":"null"}]
[{"code":"unexpected","path":"/children/0/children/0/daat","got":"integer"}]
[{"code":"type","path":"/doc/id","expected":"integer","got":"string","actual":"\"x\""}]
[{"code":"missing","path":"/doc/id","expected":"integer"}]
[{"code":"contentMediaType","path":"/doc","expected":"a JSON document","got":"string","actual":"\"{\""}]
`, string(out))
}

// TestDeepDynamicValues checks that values nested past value.MaxDepth through
// dynamic references, and under unevaluatedItems whose branches recurse,
// are a depth error, not a stack overflow, and that a wide valid value is
// valid. Values nested 100 deep under unevaluated keywords whose branches
// (and contains) recurse are checked in linear time: were a branch decided
// twice per level, the program would not end.
func TestDeepDynamicValues(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	schemas := map[string]string{
		"ValidateDynamic":   `{"$id": "http://example.com/list", "$dynamicAnchor": "node", "type": "array", "items": {"$dynamicRef": "#node"}, "unevaluatedItems": false}`,
		"ValidateRecursive": `{"$schema": "https://json-schema.org/draft/2019-09/schema", "$recursiveAnchor": true, "anyOf": [{"type": "integer"}, {"type": "array", "items": {"$recursiveRef": "#"}}]}`,
		"ValidateBranches":  `{"$defs": {"t": {"anyOf": [{"type": "array", "items": {"$ref": "#/$defs/t"}}, {"type": "integer"}]}}, "$ref": "#/$defs/t", "unevaluatedItems": false}`,
		"ValidateOneOf": `{"$defs": {"e": {"type": "object", "oneOf": [{"properties": {"op": {"const": "not"}, "arg": {"$ref": "#/$defs/e"}}, "required": ["op", "arg"]},
			{"properties": {"v": {"type": "integer"}}, "required": ["v"]}], "unevaluatedProperties": false}}, "$ref": "#/$defs/e"}`,
		"ValidateBase": `{"$defs": {"base": {"type": "object", "anyOf": [{"properties": {"arg": {"$ref": "#/$defs/e"}}, "required": ["arg"]},
			{"properties": {"v": {"type": "integer"}}, "required": ["v"]}]}, "e": {"$ref": "#/$defs/base", "unevaluatedProperties": false}}, "$ref": "#/$defs/e"}`,
		"ValidateNested": `{"$defs": {"e": {"type": "object", "anyOf": [{"anyOf": [{"properties": {"arg": {"$ref": "#/$defs/e"}}, "required": ["arg"]}]},
			{"required": ["v"], "properties": {"v": true}}], "unevaluatedProperties": false}}, "$ref": "#/$defs/e"}`,
		"ValidateContains": `{"$defs": {"e": {"type": "array", "contains": {"anyOf": [{"$ref": "#/$defs/e"}, {"type": "integer"}]}, "unevaluatedItems": false}}, "$ref": "#/$defs/e"}`,
	}
	dir := t.TempDir()
	for fn, schema := range schemas {
		src, _, err := gen.CompileSchema([]byte(schema), "main", fn, strings.ToLower(fn)+".json", gen.Options{})
		require.NoError(t, err, schema)
		require.NoError(t, os.WriteFile(filepath.Join(dir, strings.ToLower(fn)+"_gen.go"), src, 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(`package main

import (
	"fmt"
	"strings"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

func main() {
	var deep any = []any{}
	for range 100_000 {
		deep = []any{deep}
	}
	var wide = make([]any, 100_000)
	for i := range wide {
		wide[i] = []any{}
	}
	for _, fn := range []func(any) []string{
		func(v any) []string { return codes(ValidateDynamic(v)) },
		func(v any) []string { return codes(ValidateRecursive(v)) },
		func(v any) []string { return codes(ValidateBranches(v)) },
	} {
		fmt.Println(fn(deep), len(fn(wide)))
	}
	var not, arg, nested, list any = map[string]any{"v": 1.0}, map[string]any{"v": 1.0}, map[string]any{"v": 1.0}, []any{1.0}
	for range 100 {
		not = map[string]any{"op": "not", "arg": not}
		arg = map[string]any{"arg": arg}
		nested = map[string]any{"arg": nested}
		list = []any{list}
	}
	fmt.Println(len(ValidateOneOf(not)), len(ValidateBase(arg)), len(ValidateNested(nested)), len(ValidateContains(list)))
}

// codes lists the codes of errs, with the depth of the path of a depth error.
func codes(errs tool.Errors) []string {
	var out []string
	for _, e := range errs {
		out = append(out, fmt.Sprintf("%s@%d", e.Code, strings.Count(e.Path, "/")))
	}
	return out
}
`), 0o644))
	buildTemp(t, dir)
	out, err := exec.Command(filepath.Join(dir, "suite.bin")).CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Equal(t, fmt.Sprintf("[depth@%d] 0\n[depth@0] 0\n[depth@0] 0\n0 0 0 0\n", value.MaxDepth+1), string(out))
}
