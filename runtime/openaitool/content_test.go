package openaitool_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/gif"
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

// sentOutput runs a Responses turn of the SDK's client in which the model
// calls inspect, served by set, and returns the input items the client
// sends back.
func sentOutput(t *testing.T, set *tool.Set) string {
	var sent string
	srv := replay.Server(t,
		replay.Step{Path: "/v1/responses", Response: "testdata/responses_inspect.json"},
		replay.Step{Path: "/v1/responses", Response: "testdata/responses_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			sent = string(body["input"])
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
	return sent
}

// A handler's content items go back in the function_call_output as the
// input parts the Responses API docs give it (input_text, input_image and
// input_file with base64 data URLs), after the output's text; the rest as
// text saying what it is.
func TestResponsesContent(t *testing.T) {
	got := sentOutput(t, adapters.NewSet(&adapters.Files{}, adapters.Showcase("inspected", adapters.ContentItems())))
	assert.JSONEq(t, `[{"type":"function_call_output","call_id":"call_In3fV4uY8rBs0xA2","output":[
		{"type":"input_text","text":"inspected"},
		{"type":"input_text","text":"two images, a sound, two documents and a link"},
		{"type":"input_image","image_url":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUg=="},
		{"type":"input_text","text":"{\"type\":\"image\",\"mimeType\":\"image/svg+xml\",\"bytes\":6,\"omitted\":\"this reply cannot carry it\"}"},
		{"type":"input_text","text":"{\"type\":\"audio\",\"mimeType\":\"audio/wav\",\"bytes\":16,\"omitted\":\"this reply cannot carry it\"}"},
		{"type":"input_text","text":"{\"type\":\"resource\",\"uri\":\"file:///notes.txt\",\"mimeType\":\"text/plain\",\"text\":\"the notes\"}"},
		{"type":"input_file","file_data":"data:application/pdf;base64,JVBERi0xLjcKJeLjz9MK","filename":"report.pdf"},
		{"type":"input_text","text":"{\"type\":\"resource_link\",\"uri\":\"https://example.com/data.csv\",\"name\":\"data.csv\",\"mimeType\":\"text/csv\",\"description\":\"the raw data\"}"}
	]}]`, got)
}

// Of the media types some providers take and others do not, the
// function_call_output carries the images the Responses API takes (JPEG,
// GIF, WebP) as input_image; every other item is input_text saying what it
// is and that its bytes were left out (tool.Content.AsText), never a part
// of a type the API refuses.
func TestResponsesContentTypesOpenAIDoesNotTake(t *testing.T) {
	items := adapters.MediaItems()
	image := func(c tool.Content) any {
		return map[string]any{"type": "input_image", "image_url": "data:" + c.MIMEType + ";base64," + base64.StdEncoding.EncodeToString(c.Data)}
	}
	var parts []any
	for i, c := range items {
		if i < 3 {
			parts = append(parts, image(c))
		} else {
			parts = append(parts, map[string]any{"type": "input_text", "text": c.AsText()})
		}
	}
	want, err := json.Marshal([]any{map[string]any{"type": "function_call_output", "call_id": "call_In3fV4uY8rBs0xA2", "output": parts}})
	require.NoError(t, err)
	assert.JSONEq(t, string(want), sentOutput(t, adapters.NewSet(&adapters.Files{}, adapters.Showcase(nil, items))))
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

// answer runs the function call of a Responses response to inspect with
// set, and returns the function_call_output it answers with, as JSON.
func answer(t *testing.T, set *tool.Set) map[string]any {
	var resp responses.Response
	require.NoError(t, json.Unmarshal([]byte(`{"status":"completed","output":[{"type":"function_call","call_id":"c1","name":"inspect","arguments":"{\"component\":1}","status":"completed"}]}`), &resp))
	items, err := openaitool.RunResponses(context.Background(), set, &resp, nil)
	require.NoError(t, err)
	b, err := json.Marshal(items)
	require.NoError(t, err)
	var got []map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	require.Len(t, got, 1)
	return got[0]
}

// Content that cannot be sent fails the call: the output is the text of
// the failure.
func TestResponsesContentHostile(t *testing.T) {
	for _, c := range []struct {
		item tool.Content
		why  string
	}{
		{tool.Image(adapters.PNG, "text/plain"), `its media type "text/plain" is not image/*`},
		{tool.Image(adapters.JPEG, "image/webp"), `its media type is "image/webp" but its data is JPEG: declare image/jpeg, or send WebP data`},
	} {
		got := answer(t, adapters.NewSet(&adapters.Files{}, adapters.Showcase("x", []tool.Content{c.item})))
		assert.Contains(t, got["output"], "the tool produced content that cannot be sent: content item 0 (image): "+c.why)
	}
}

// OpenAI's image inputs take GIFs that are not animated: an animated GIF
// goes as text saying what it is. Any prefix of one, which a Set sends
// as it does any GIF, is walked without a panic.
func TestResponsesAnimatedGIF(t *testing.T) {
	frame := func(c color.Color) *image.Paletted {
		return image.NewPaletted(image.Rect(0, 0, 2, 2), color.Palette{color.Black, c})
	}
	var still, moving bytes.Buffer
	require.NoError(t, gif.Encode(&still, frame(color.White), nil))
	require.NoError(t, gif.EncodeAll(&moving, &gif.GIF{Image: []*image.Paletted{frame(color.White), frame(color.Gray{Y: 128})}, Delay: []int{10, 10}}))
	part := func(data []byte) any {
		out := answer(t, adapters.NewSet(&adapters.Files{}, adapters.Showcase(nil, []tool.Content{tool.Image(data, "image/gif")})))["output"].([]any)
		require.Len(t, out, 1)
		return out[0]
	}
	assert.Equal(t, "input_image", part(still.Bytes()).(map[string]any)["type"])
	assert.Equal(t, map[string]any{"type": "input_text", "text": fmt.Sprintf(
		`{"type":"image","mimeType":"image/gif","bytes":%d,"omitted":"this reply cannot carry it"}`, moving.Len())}, part(moving.Bytes()))
	for n := 6; n < moving.Len(); n++ {
		part(moving.Bytes()[:n])
	}
}
