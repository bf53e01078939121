package openaitool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/openaitool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// A handler's content items go back in the function_call_output as the
// input parts the Responses API docs give it (input_text, input_image and
// input_file with base64 data URLs), after the output's text; the rest as
// text saying what it is.
func TestResponsesContent(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{}, adapters.Showcase("inspected", adapters.ContentItems()))
	srv := replay.Server(t,
		replay.Step{Path: "/v1/responses", Response: "testdata/responses_inspect.json"},
		replay.Step{Path: "/v1/responses", Response: "testdata/responses_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			assert.JSONEq(t, `[{"type":"function_call_output","call_id":"call_In3fV4uY8rBs0xA2","output":[
				{"type":"input_text","text":"inspected"},
				{"type":"input_text","text":"two images, a sound, two documents and a link"},
				{"type":"input_image","image_url":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUg=="},
				{"type":"input_text","text":"{\"type\":\"image\",\"mimeType\":\"image/svg+xml\",\"bytes\":6,\"omitted\":\"this reply cannot carry it\"}"},
				{"type":"input_text","text":"{\"type\":\"audio\",\"mimeType\":\"audio/wav\",\"bytes\":16,\"omitted\":\"this reply cannot carry it\"}"},
				{"type":"input_text","text":"{\"type\":\"resource\",\"uri\":\"file:///notes.txt\",\"mimeType\":\"text/plain\",\"text\":\"the notes\"}"},
				{"type":"input_file","file_data":"data:application/pdf;base64,JVBERi0xLjcKJeLjz9MK","filename":"report.pdf"},
				{"type":"input_text","text":"{\"type\":\"resource_link\",\"uri\":\"https://example.com/data.csv\",\"name\":\"data.csv\",\"mimeType\":\"text/csv\",\"description\":\"the raw data\"}"}
			]}]`, string(body["input"]))
		}},
	)
	c := client(srv.URL)
	ctx := context.Background()
	resp, err := c.Responses.New(ctx, responses.ResponseNewParams{Model: openai.ChatModelGPT4_1,
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Inspect component 1.")}})
	require.NoError(t, err)
	items, err := openaitool.RunResponses(ctx, set, resp, nil)
	require.NoError(t, err)
	_, err = c.Responses.New(ctx, responses.ResponseNewParams{Model: openai.ChatModelGPT4_1, PreviousResponseID: openai.String(resp.ID),
		Input: responses.ResponseNewParamsInputUnion{OfInputItemList: items}})
	require.NoError(t, err)
}

// A Chat Completions tool message takes text only: the items are in it as
// text, each that is not text a JSON note of what it is.
func TestChatContent(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{}, adapters.Showcase(nil, []tool.Content{
		tool.Text("the chart"), tool.Image(adapters.PNG, "image/png"), tool.ResourceLink("https://example.com/c.png", "c.png", "", ""),
	}))
	srv := replay.Server(t,
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/chat_inspect.json"},
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/chat_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var msgs []map[string]any
			require.NoError(t, json.Unmarshal(body["messages"], &msgs))
			require.Len(t, msgs, 3)
			assert.Equal(t, map[string]any{"role": "tool", "tool_call_id": "call_In4gW5vZ9sCt1yB3", "content": "the chart\n" +
				`{"type":"image","mimeType":"image/png","bytes":16,"omitted":"this reply cannot carry it"}` + "\n" +
				`{"type":"resource_link","uri":"https://example.com/c.png","name":"c.png"}`}, msgs[2])
		}},
	)
	c := client(srv.URL)
	ctx := context.Background()
	params := openai.ChatCompletionNewParams{Model: openai.ChatModelGPT4o, Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Chart?")}}
	completion, err := c.Chat.Completions.New(ctx, params)
	require.NoError(t, err)
	more, err := openaitool.RunChat(ctx, set, completion, nil)
	require.NoError(t, err)
	params.Messages = append(params.Messages, more...)
	_, err = c.Chat.Completions.New(ctx, params)
	require.NoError(t, err)
}

// Content that cannot be sent fails the call: the output is the text of
// the failure.
func TestResponsesContentHostile(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{}, adapters.Showcase("x", []tool.Content{tool.Image(adapters.PNG, "text/plain")}))
	var resp responses.Response
	require.NoError(t, json.Unmarshal([]byte(`{"status":"completed","output":[{"type":"function_call","call_id":"c1","name":"inspect","arguments":"{\"component\":1}","status":"completed"}]}`), &resp))
	items, err := openaitool.RunResponses(context.Background(), set, &resp, nil)
	require.NoError(t, err)
	b, err := json.Marshal(items)
	require.NoError(t, err)
	var got []map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	require.Len(t, got, 1)
	assert.Contains(t, got[0]["output"], "the tool produced content that cannot be sent: content item 0 (image): its media type \"text/plain\" is not image/*")
}
