package genaitool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/genaitool"
)

// ToolConfig's mode and allowed names reach Gemini in the request's
// toolConfig, through the SDK's own client, beside the declarations: a tool
// sent as parametersJsonSchema (tag, a map) is validated alike.
func TestToolConfigValidated(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{})
	srv := replay.Server(t,
		replay.Step{Path: path, Response: "testdata/answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			assert.JSONEq(t, `{"functionCallingConfig":{"mode":"VALIDATED","allowedFunctionNames":["get_forecast","tag"]}}`, string(body["toolConfig"]))
			var tools []struct{ FunctionDeclarations []map[string]json.RawMessage }
			require.NoError(t, json.Unmarshal(body["tools"], &tools))
			require.Len(t, tools, 1)
			var names []string
			for _, d := range tools[0].FunctionDeclarations {
				var name string
				require.NoError(t, json.Unmarshal(d["name"], &name))
				names = append(names, name)
				if name == "tag" {
					assert.Contains(t, d, "parametersJsonSchema")
				}
			}
			assert.Contains(t, names, "tag")
			assert.Contains(t, names, "get_forecast")
		}},
	)
	tools, err := genaitool.Tools(set)
	require.NoError(t, err)
	tc, err := genaitool.ToolConfig(set, genai.FunctionCallingConfigModeValidated, "get_forecast", "tag")
	require.NoError(t, err)
	_, err = client(t, srv.URL).Models.GenerateContent(context.Background(), model,
		genai.Text("Forecast for Nice."), &genai.GenerateContentConfig{Tools: tools, ToolConfig: tc})
	require.NoError(t, err)
}

func TestToolConfigErrors(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{})
	tc, err := genaitool.ToolConfig(set, genai.FunctionCallingConfigModeValidated)
	require.NoError(t, err)
	assert.Equal(t, &genai.FunctionCallingConfig{Mode: genai.FunctionCallingConfigModeValidated}, tc.FunctionCallingConfig, "no names: every declared function")
	_, err = genaitool.ToolConfig(set, genai.FunctionCallingConfigModeValidated, "get_forecast", "get_weather")
	assert.EqualError(t, err, `genaitool: allowed function "get_weather" is not a tool of the set`)
	_, err = genaitool.ToolConfig(set, genai.FunctionCallingConfigModeAuto, "get_forecast")
	assert.EqualError(t, err, "genaitool: Gemini reads allowed function names in mode ANY or VALIDATED, not AUTO")
}
