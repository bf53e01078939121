package goschema

import (
	"encoding/json"
	"testing"

	invopop "github.com/invopop/jsonschema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/load"
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
	pkgs, err := load.Load(load.Config{Patterns: []string{"github.com/toolgen-go/toolgen/internal/fixtures/formats"}, Types: names})
	require.NoError(t, err)
	require.Len(t, pkgs, 1)
	require.Len(t, pkgs[0].Tools, len(names))
	for _, tt := range pkgs[0].Tools {
		t.Run(tt.Obj.Name(), func(t *testing.T) {
			s, err := SchemaWith(pkgs[0].Fset, tt.Obj, nil, jsonschema.Options{})
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

			r := &invopop.Reflector{DoNotReference: true}
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
