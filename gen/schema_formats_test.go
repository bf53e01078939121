package gen_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
	"github.com/toolgen-go/toolgen/internal/fixtures/formats"
)

// TestFormatCorpusMatchesInvopop proves that toolgen builds the schema
// invopop's Reflector builds (DoNotReference, $schema and $id aside) for
// formats, time.Time, net.IP, url.URL, []byte, json.RawMessage, any,
// int-keyed maps and the oneof_*/anyof_* tags. The one difference is
// toolgen's: the types a oneof_ref or anyof_ref names go to $defs, so that
// the references resolve.
func TestFormatCorpusMatchesInvopop(t *testing.T) {
	values := map[string]any{
		"Times": formats.Times{}, "Network": formats.Network{}, "Blobs": formats.Blobs{},
		"Contact": formats.Contact{}, "Filter": formats.Filter{}, "Value": formats.Value{},
		"Pet": formats.Pet{},
	}
	var names []string
	for name := range values {
		names = append(names, name)
	}
	pkgs, err := gen.Load(gen.Config{Patterns: []string{"github.com/toolgen-go/toolgen/internal/fixtures/formats"}, Types: names})
	require.NoError(t, err)
	require.Len(t, pkgs, 1)
	require.Len(t, pkgs[0].Tools, len(names))
	for _, tt := range pkgs[0].Tools {
		t.Run(tt.Obj.Name(), func(t *testing.T) {
			s, err := gen.SchemaWith(pkgs[0].Fset, tt.Obj, nil, gen.Options{})
			require.NoError(t, err)
			got, err := json.Marshal(s)
			require.NoError(t, err)
			var gotMap map[string]any
			require.NoError(t, json.Unmarshal(got, &gotMap))
			if tt.Obj.Name() == "Pet" {
				defs := gotMap["$defs"].(map[string]any)
				assert.Contains(t, defs, "Cat")
				assert.Contains(t, defs, "Dog")
				delete(gotMap, "$defs")
			}

			r := &jsonschema.Reflector{DoNotReference: true}
			want := r.Reflect(values[tt.Obj.Name()])
			wantJSON, err := json.Marshal(want)
			require.NoError(t, err)
			var wantMap map[string]any
			require.NoError(t, json.Unmarshal(wantJSON, &wantMap))
			delete(wantMap, "$schema")
			delete(wantMap, "$id")
			declareGroupMembers(wantMap)
			gotJSON, _ := json.Marshal(gotMap)
			wantJSON, _ = json.Marshal(wantMap)
			assert.JSONEq(t, string(wantJSON), string(gotJSON))
		})
	}
}

// TestStructTagRefusals checks the errors of tags toolgen cannot honour.
func TestStructTagRefusals(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"p.go": `package p

type Bad struct {
	A string ` + "`json:\"a\" jsonschema:\"format=iri\"`" + `
	B int    ` + "`json:\"b\" jsonschema:\"format=date\"`" + `
	C string ` + "`json:\"c\" jsonschema:\"oneof_type=string;number\"`" + `
	D any    ` + "`json:\"d\" jsonschema:\"oneof_ref=#/$defs/Missing\"`" + `
	E any    ` + "`json:\"e\" jsonschema:\"anyof_type=string;text\"`" + `
	F string ` + "`json:\"f\" jsonschema:\"pattern=(?=a)b\"`" + `
}
`})
	_, err := gen.Generate(gen.Config{Dir: dir, Types: []string{"Bad"}})
	require.Error(t, err)
	msg := err.Error()
	for _, want := range []string{
		`p.go:4:2: field A: format=iri is not a format toolgen checks`,
		`p.go:5:2: field B: format applies to strings, not an integer`,
		`p.go:6:2: field C: oneof_type=string;number on a field of type string: the validator would accept values the field cannot hold`,
		`p.go:7:2: field D: oneof_ref=#/$defs/Missing: toolgen resolves a reference #/$defs/<Type> to a struct type <Type> of the field's package`,
		`p.go:8:2: field E: anyof_type=string;text: "text" is not a JSON Schema type`,
		`p.go:9:2: field F: pattern "(?=a)b" cannot be checked in Go`,
	} {
		assert.Contains(t, msg, want)
	}
	// With unknown formats as annotations, only the others remain.
	_, err = gen.Generate(gen.Config{Dir: dir, Types: []string{"Bad"}, Options: gen.Options{AnnotateUnknownFormats: true}})
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "format=iri")
	assert.Equal(t, 5, strings.Count(err.Error(), "\n")+1, err.Error())
}

// declareGroupMembers makes invopop's oneof_required and anyof_required
// branches what toolgen emits: each declares the members it requires with
// the schema true, which changes nothing but keeps strict validators (ajv's
// strictRequired) from refusing the schema.
func declareGroupMembers(s map[string]any) {
	for _, k := range []string{"oneOf", "anyOf"} {
		branches, _ := s[k].([]any)
		for _, b := range branches {
			branch, _ := b.(map[string]any)
			required, _ := branch["required"].([]any)
			if branch == nil || len(required) == 0 || branch["title"] == nil {
				continue
			}
			props := map[string]any{}
			for _, r := range required {
				props[r.(string)] = true
			}
			branch["properties"] = props
		}
	}
}
