package openaitool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/generated"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/openaitool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Every definition of every generated fixture package in the OpenAI
// dialects, and every output's response_format and text.format, survive
// the SDK's own param types: the union the adapter sends and the
// function tool or json_schema member within it.
func TestSDKReadsEveryDefinition(t *testing.T) {
	n := generated.Definitions([]tool.Dialect{tool.OpenAI, tool.OpenAINonStrict}, func(what string, def tool.Definition) {
		generated.RoundTrip[openai.ChatCompletionToolUnionParam](t, def.Tool, what)
		generated.RoundTrip[openai.ChatCompletionFunctionToolParam](t, def.Tool, what)
	})
	n += generated.Definitions([]tool.Dialect{tool.OpenAIResponses, tool.OpenAIResponsesNonStrict}, func(what string, def tool.Definition) {
		generated.RoundTrip[responses.ToolUnionParam](t, def.Tool, what)
		generated.RoundTrip[responses.FunctionToolParam](t, def.Tool, what)
	})
	n += generated.Formats(tool.OpenAI, func(what string, f tool.ResponseFormat) {
		generated.RoundTrip[openai.ChatCompletionNewParamsResponseFormatUnion](t, f.Format, what)
		generated.RoundTrip[shared.ResponseFormatJSONSchemaParam](t, f.Format, what)
	})
	n += generated.Formats(tool.OpenAIResponses, func(what string, f tool.ResponseFormat) {
		generated.RoundTrip[responses.ResponseFormatTextConfigUnionParam](t, f.Format, what)
		generated.RoundTrip[responses.ResponseFormatTextJSONSchemaConfigParam](t, f.Format, what)
	})
	assert.GreaterOrEqual(t, n, 150, "the fixtures' definitions were all read")
}

// sent returns the definitions of set's tools in dialect d, as a request
// must hold them: the tools that leave d out are left out.
func sent(set *tool.Set, d tool.Dialect) []json.RawMessage {
	var defs []json.RawMessage
	for _, tl := range set.Tools() {
		if def, ok := tl.Dialects.Get(d); ok {
			defs = append(defs, def.Tool)
		}
	}
	return defs
}

// checkSent requires the request's tools to be defs, each as generated.
func checkSent(t *testing.T, name string, defs []json.RawMessage, body map[string]json.RawMessage) {
	t.Helper()
	var got []json.RawMessage
	require.NoError(t, json.Unmarshal(body["tools"], &got), name)
	require.Len(t, got, len(defs), name)
	for i := range defs {
		assert.JSONEq(t, string(defs[i]), string(got[i]), "%s: tool %d", name, i)
	}
}

// The SDK's client sends the tools of every fixture set, through ChatTools
// and ResponsesTools, and each output through ResponseFormat and
// TextFormat, as generated.
func TestRequestsSendEveryDefinition(t *testing.T) {
	ctx := context.Background()
	for _, pkg := range generated.Packages() {
		set := pkg.NewSet()
		srv := replay.Server(t,
			replay.Step{Path: "/v1/chat/completions", Response: "testdata/chat_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
				checkSent(t, pkg.Name, sent(set, tool.OpenAI), body)
			}},
			replay.Step{Path: "/v1/responses", Response: "testdata/responses_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
				checkSent(t, pkg.Name, sent(set, tool.OpenAIResponses), body)
			}},
		)
		c := client(srv.URL)
		_, err := c.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: openai.ChatModelGPT4_1,
			Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("hello")},
			Tools:    openaitool.ChatTools(set)})
		require.NoError(t, err, pkg.Name)
		_, err = c.Responses.New(ctx, responses.ResponseNewParams{Model: openai.ChatModelGPT4_1,
			Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("hello")},
			Tools: openaitool.ResponsesTools(set)})
		require.NoError(t, err, pkg.Name)

		for _, o := range pkg.Outputs {
			srv := replay.Server(t,
				replay.Step{Path: "/v1/chat/completions", Response: "testdata/chat_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
					assert.JSONEq(t, string(o.Formats.OpenAI.Format), string(body["response_format"]), o.Name)
				}},
				replay.Step{Path: "/v1/responses", Response: "testdata/responses_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
					var text struct{ Format json.RawMessage }
					require.NoError(t, json.Unmarshal(body["text"], &text))
					assert.JSONEq(t, string(o.Formats.OpenAIResponses.Format), string(text.Format), o.Name)
				}},
			)
			c := client(srv.URL)
			_, err := c.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: openai.ChatModelGPT4_1,
				Messages:       []openai.ChatCompletionMessageParamUnion{openai.UserMessage("hello")},
				ResponseFormat: openaitool.ResponseFormat(o)})
			require.NoError(t, err, o.Name)
			_, err = c.Responses.New(ctx, responses.ResponseNewParams{Model: openai.ChatModelGPT4_1,
				Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("hello")},
				Text:  responses.ResponseTextConfigParam{Format: openaitool.TextFormat(o)}})
			require.NoError(t, err, o.Name)
		}
	}
}
