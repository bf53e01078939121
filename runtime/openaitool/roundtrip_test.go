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

// roundTrip reads raw into the SDK's param type P and writes it back: the
// SDK must keep every member toolgen generates, and add none.
func roundTrip[P any](t *testing.T, raw []byte, what string) {
	t.Helper()
	var p P
	require.NoError(t, json.Unmarshal(raw, &p), what)
	back, err := json.Marshal(p)
	require.NoError(t, err, what)
	assert.JSONEq(t, string(raw), string(back), "%s: read back by %T", what, p)
}

// Every definition of every generated fixture package in the OpenAI
// dialects, and every output's response_format and text.format, survive
// the SDK's own param types: the union the adapter sends and the
// function tool or json_schema member within it.
func TestSDKReadsEveryDefinition(t *testing.T) {
	n := 0
	for _, pkg := range generated.Packages() {
		for _, tl := range pkg.Tools {
			for _, d := range []tool.Dialect{tool.OpenAI, tool.OpenAINonStrict} {
				def, ok := tl.Dialects.Get(d)
				if !ok {
					continue
				}
				what := pkg.Name + "." + tl.Name + " " + string(d)
				roundTrip[openai.ChatCompletionToolUnionParam](t, def.Tool, what)
				roundTrip[openai.ChatCompletionFunctionToolParam](t, def.Tool, what)
				n++
			}
			for _, d := range []tool.Dialect{tool.OpenAIResponses, tool.OpenAIResponsesNonStrict} {
				def, ok := tl.Dialects.Get(d)
				if !ok {
					continue
				}
				what := pkg.Name + "." + tl.Name + " " + string(d)
				roundTrip[responses.ToolUnionParam](t, def.Tool, what)
				roundTrip[responses.FunctionToolParam](t, def.Tool, what)
				n++
			}
		}
		for _, o := range pkg.Outputs {
			if f, ok := o.Formats.Get(tool.OpenAI); ok {
				roundTrip[openai.ChatCompletionNewParamsResponseFormatUnion](t, f.Format, pkg.Name+"."+o.Name+" response_format")
				roundTrip[shared.ResponseFormatJSONSchemaParam](t, f.Format, pkg.Name+"."+o.Name+" response_format")
				n++
			}
			if f, ok := o.Formats.Get(tool.OpenAIResponses); ok {
				roundTrip[responses.ResponseFormatTextConfigUnionParam](t, f.Format, pkg.Name+"."+o.Name+" text.format")
				roundTrip[responses.ResponseFormatTextJSONSchemaConfigParam](t, f.Format, pkg.Name+"."+o.Name+" text.format")
				n++
			}
		}
	}
	assert.Greater(t, n, 100, "the fixtures' definitions were all read")
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
