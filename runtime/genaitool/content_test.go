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
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// sentResponse runs a turn of the SDK's client in which the model calls
// inspect, served by set, and returns the function response part the
// client sends back.
func sentResponse(t *testing.T, set *tool.Set) string {
	var sent string
	srv := replay.Server(t,
		replay.Step{Path: path, Response: "testdata/function_call_inspect.json"},
		replay.Step{Path: path, Response: "testdata/answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var contents []struct{ Parts []json.RawMessage }
			require.NoError(t, json.Unmarshal(body["contents"], &contents))
			require.Len(t, contents, 3)
			require.Len(t, contents[2].Parts, 1)
			sent = string(contents[2].Parts[0])
		}},
	)
	c := client(t, srv.URL)
	ctx := context.Background()
	contents := []*genai.Content{genai.NewContentFromText("Inspect component 1.", genai.RoleUser)}
	resp, err := c.Models.GenerateContent(ctx, model, contents, nil)
	require.NoError(t, err)
	more, err := genaitool.Run(ctx, set, resp, nil)
	require.NoError(t, err)
	_, err = c.Models.GenerateContent(ctx, model, append(contents, more...), nil)
	require.NoError(t, err)
	return sent
}

// A handler's content items go back in the function response: images and
// PDFs as its parts, inline data base64 on the wire (Gemini's multimodal
// function responses); the rest as "content", beside the output.
func TestContentParts(t *testing.T) {
	got := sentResponse(t, adapters.NewSet(&adapters.Files{}, adapters.Showcase("inspected", adapters.ContentItems())))
	assert.JSONEq(t, `{"functionResponse":{"id":"fc-5d2b7e","name":"inspect",
		"parts":[
			{"inlineData":{"mimeType":"image/png","data":"iVBORw0KGgoAAAANSUhEUg=="}},
			{"inlineData":{"mimeType":"application/pdf","data":"JVBERi0xLjcKJeLjz9MK"}}
		],
		"response":{"output":"inspected","content":[
			"two images, a sound, two documents and a link",
			"{\"type\":\"image\",\"mimeType\":\"image/svg+xml\",\"bytes\":6,\"omitted\":\"this reply cannot carry it\"}",
			"{\"type\":\"audio\",\"mimeType\":\"audio/wav\",\"bytes\":16,\"omitted\":\"this reply cannot carry it\"}",
			"{\"type\":\"resource\",\"uri\":\"file:///notes.txt\",\"mimeType\":\"text/plain\",\"text\":\"the notes\"}",
			"{\"type\":\"resource_link\",\"uri\":\"https://example.com/data.csv\",\"name\":\"data.csv\",\"mimeType\":\"text/csv\",\"description\":\"the raw data\"}"
		]}}}`, got)
}

// Of the media types some providers take and others do not, the function
// response carries the images Gemini takes in one (JPEG, WebP) as its
// parts; every other item is in its "content", text saying what it is and
// that its bytes were left out (tool.Content.AsText), never a part of a
// type Gemini refuses.
func TestContentTypesGeminiDoesNotTake(t *testing.T) {
	items := adapters.MediaItems()
	var parts, texts []any
	for i, c := range items {
		if i == 0 || i == 2 {
			parts = append(parts, map[string]any{"inlineData": map[string]any{"mimeType": c.MIMEType, "data": c.Data}})
		} else {
			texts = append(texts, c.AsText())
		}
	}
	want, err := json.Marshal(map[string]any{"functionResponse": map[string]any{"id": "fc-5d2b7e", "name": "inspect",
		"parts": parts, "response": map[string]any{"content": texts}}})
	require.NoError(t, err)
	assert.JSONEq(t, string(want), sentResponse(t, adapters.NewSet(&adapters.Files{}, adapters.Showcase(nil, items))))
}

// Without an output, the items alone; content that cannot be sent fails
// the call with an error response.
func TestContentAloneAndHostile(t *testing.T) {
	call := &genai.GenerateContentResponse{Candidates: []*genai.Candidate{{FinishReason: genai.FinishReasonStop, Content: genai.NewContentFromParts([]*genai.Part{
		genai.NewPartFromFunctionCall("inspect", map[string]any{"component": 1})}, genai.RoleModel)}}}
	set := adapters.NewSet(&adapters.Files{}, adapters.Showcase(nil, []tool.Content{tool.Image(adapters.JPEG, "image/jpeg")}))
	more, err := genaitool.Run(context.Background(), set, call, nil)
	require.NoError(t, err)
	fr := more[1].Parts[0].FunctionResponse
	assert.Equal(t, map[string]any{"output": "the result is in the parts of this response"}, fr.Response)
	assert.Equal(t, []*genai.FunctionResponsePart{genai.NewFunctionResponsePartFromBytes(adapters.JPEG, "image/jpeg")}, fr.Parts)

	for _, c := range []struct {
		item tool.Content
		why  string
	}{
		{tool.ResourceBlob("file:///x.pdf", "application/pdf", nil), "content item 0 (resource): it has neither text nor data"},
		{tool.ResourceBlob("file:///x.pdf", "application/pdf", adapters.ZIP), `content item 0 (resource): its media type is "application/pdf" but its data does not begin as PDF data does`},
		{tool.Image(adapters.PNG, "image/jpeg"), `content item 0 (image): its media type is "image/jpeg" but its data is PNG: declare image/png, or send JPEG data`},
	} {
		set = adapters.NewSet(&adapters.Files{}, adapters.Showcase(nil, []tool.Content{c.item}))
		more, err = genaitool.Run(context.Background(), set, call, nil)
		require.NoError(t, err)
		fr = more[1].Parts[0].FunctionResponse
		assert.Nil(t, fr.Parts)
		assert.Contains(t, fr.Response["error"], "the tool produced content that cannot be sent: "+c.why)
	}
}
