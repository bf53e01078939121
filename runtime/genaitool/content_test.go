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

// A handler's content items go back in the function response: images and
// PDFs as its parts, inline data base64 on the wire (Gemini's multimodal
// function responses); the rest as "content", beside the output.
func TestContentParts(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{}, adapters.Showcase("inspected", adapters.ContentItems()))
	srv := replay.Server(t,
		replay.Step{Path: path, Response: "testdata/function_call_inspect.json"},
		replay.Step{Path: path, Response: "testdata/answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var contents []struct{ Parts []json.RawMessage }
			require.NoError(t, json.Unmarshal(body["contents"], &contents))
			require.Len(t, contents, 3)
			require.Len(t, contents[2].Parts, 1)
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
				]}}}`, string(contents[2].Parts[0]))
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
}

// Without an output, the items alone; content that cannot be sent fails
// the call with an error response.
func TestContentAloneAndHostile(t *testing.T) {
	call := &genai.GenerateContentResponse{Candidates: []*genai.Candidate{{FinishReason: genai.FinishReasonStop, Content: genai.NewContentFromParts([]*genai.Part{
		genai.NewPartFromFunctionCall("inspect", map[string]any{"component": 1})}, genai.RoleModel)}}}
	set := adapters.NewSet(&adapters.Files{}, adapters.Showcase(nil, []tool.Content{tool.Image(adapters.PNG, "image/jpeg")}))
	more, err := genaitool.Run(context.Background(), set, call, nil)
	require.NoError(t, err)
	fr := more[1].Parts[0].FunctionResponse
	assert.Equal(t, map[string]any{"output": "the result is in the parts of this response"}, fr.Response)
	assert.Equal(t, []*genai.FunctionResponsePart{genai.NewFunctionResponsePartFromBytes(adapters.PNG, "image/jpeg")}, fr.Parts)

	set = adapters.NewSet(&adapters.Files{}, adapters.Showcase(nil, []tool.Content{tool.ResourceBlob("file:///x.pdf", "application/pdf", nil)}))
	more, err = genaitool.Run(context.Background(), set, call, nil)
	require.NoError(t, err)
	fr = more[1].Parts[0].FunctionResponse
	assert.Nil(t, fr.Parts)
	assert.Contains(t, fr.Response["error"], "the tool produced content that cannot be sent: content item 0 (resource): it has neither text nor data")
}
