package genaitool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/internal/testkit/generated"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/genaitool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Every definition of every generated fixture package in the Gemini
// dialects survives genai.FunctionDeclaration (parameters as a
// *genai.Schema, parametersJsonSchema as it is), its parameters alone
// genai.Schema too, and every output's format survives
// genai.GenerateContentConfig (responseSchema as a *genai.Schema,
// responseJsonSchema as it is).
func TestSDKReadsEveryDefinition(t *testing.T) {
	n := generated.Definitions([]tool.Dialect{tool.Gemini, tool.GeminiJSONSchema}, func(what string, def tool.Definition) {
		generated.RoundTrip[genai.FunctionDeclaration](t, def.Tool, what)
		if def.Form == tool.Gemini && def.Parameters != nil {
			generated.RoundTrip[genai.Schema](t, def.Parameters, what+" parameters")
		}
	})
	n += generated.Formats(tool.Gemini, func(what string, f tool.ResponseFormat) {
		generated.RoundTrip[genai.GenerateContentConfig](t, f.Format, what)
		if f.Form == tool.Gemini {
			generated.RoundTrip[genai.Schema](t, f.Schema, what+" responseSchema")
		}
	})
	assert.GreaterOrEqual(t, n, 65, "the fixtures' definitions were all read")
}

// The SDK's client sends the declarations of every fixture set whose tools
// all go to Gemini through Tools, and each output through SetOutput, as
// generated; Tools refuses a set of a tool that leaves gemini out.
func TestRequestsSendEveryDefinition(t *testing.T) {
	ctx := context.Background()
	contents := []*genai.Content{genai.NewContentFromText("hello", genai.RoleUser)}
	for _, pkg := range generated.Packages() {
		set := pkg.NewSet()
		var want []any
		all := true
		for _, tl := range set.Tools() {
			def, ok := tl.Dialects.Get(tool.Gemini)
			if all = all && ok; all {
				want = append(want, asJSON(t, def.Tool))
			}
		}
		tools, err := genaitool.Tools(set)
		if !all {
			require.Error(t, err, pkg.Name)
			continue
		}
		require.NoError(t, err, pkg.Name)
		srv := replay.Server(t, replay.Step{Path: path, Response: "testdata/answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var sent []struct{ FunctionDeclarations []json.RawMessage }
			require.NoError(t, json.Unmarshal(body["tools"], &sent), pkg.Name)
			require.Len(t, sent, 1, pkg.Name)
			var got []any
			for _, d := range sent[0].FunctionDeclarations {
				got = append(got, asJSON(t, d))
			}
			assert.Equal(t, want, got, pkg.Name)
		}})
		_, err = client(t, srv.URL).Models.GenerateContent(ctx, model, contents, &genai.GenerateContentConfig{Tools: tools})
		require.NoError(t, err, pkg.Name)

		for _, o := range pkg.Outputs {
			f := o.Formats.Gemini
			srv := replay.Server(t, replay.Step{Path: path, Response: "testdata/answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
				var cfg map[string]json.RawMessage
				require.NoError(t, json.Unmarshal(body["generationConfig"], &cfg))
				got := map[string]any{}
				for _, k := range []string{"responseMimeType", "responseSchema", "responseJsonSchema"} {
					if v, ok := cfg[k]; ok {
						got[k] = asJSON(t, v)
					}
				}
				assert.Equal(t, asJSON(t, f.Format), any(got), o.Name)
			}})
			config := &genai.GenerateContentConfig{}
			require.NoError(t, genaitool.SetOutput(config, o))
			_, err := client(t, srv.URL).Models.GenerateContent(ctx, model, contents, config)
			require.NoError(t, err, o.Name)
		}
	}
}
