package anthropictool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/anthropictool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// sentContent runs a turn of the SDK's client in which the model calls
// inspect, served by set, and returns the content of the tool_result the
// client sends back.
func sentContent(t *testing.T, set *tool.Set) string {
	var sent []byte
	srv := replay.Server(t,
		replay.Step{Path: "/v1/messages", Response: "testdata/message_inspect.json"},
		replay.Step{Path: "/v1/messages", Response: "testdata/message_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			msgs := messages(t, body)
			require.Len(t, msgs, 3)
			var err error
			sent, err = json.Marshal(msgs[2]["content"])
			require.NoError(t, err)
		}},
	)
	c := client(srv.URL)
	ctx := context.Background()
	params := anthropic.MessageNewParams{Model: anthropic.ModelClaudeSonnet4_5_20250929, MaxTokens: 1024,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Inspect component 1."))}}
	msg, err := c.Messages.New(ctx, params)
	require.NoError(t, err)
	more, err := anthropictool.Run(ctx, set, msg, nil)
	require.NoError(t, err)
	params.Messages = append(params.Messages, more...)
	_, err = c.Messages.New(ctx, params)
	require.NoError(t, err)
	return string(sent)
}

// A handler's content items go back in the tool_result as the content
// blocks Anthropic's docs give it (text, image with a base64 source,
// document with a text or base64 PDF source), after the output's text; the
// rest as text that says what it is.
func TestContentBlocks(t *testing.T) {
	got := sentContent(t, adapters.NewSet(&adapters.Files{}, adapters.Showcase("inspected", adapters.ContentItems())))
	assert.JSONEq(t, `[{"type":"tool_result","tool_use_id":"toolu_01In5pE7cT2sWq9LmB4vXk8d","content":[
		{"type":"text","text":"inspected"},
		{"type":"text","text":"two images, a sound, two documents and a link"},
		{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgoAAAANSUhEUg=="}},
		{"type":"text","text":"{\"type\":\"image\",\"mimeType\":\"image/svg+xml\",\"bytes\":6,\"omitted\":\"this reply cannot carry it\"}"},
		{"type":"text","text":"{\"type\":\"audio\",\"mimeType\":\"audio/wav\",\"bytes\":16,\"omitted\":\"this reply cannot carry it\"}"},
		{"type":"document","title":"file:///notes.txt","source":{"type":"text","media_type":"text/plain","data":"the notes"}},
		{"type":"document","title":"file:///report.pdf","source":{"type":"base64","media_type":"application/pdf","data":"JVBERi0xLjcKJeLjz9MK"}},
		{"type":"text","text":"{\"type\":\"resource_link\",\"uri\":\"https://example.com/data.csv\",\"name\":\"data.csv\",\"mimeType\":\"text/csv\",\"description\":\"the raw data\"}"}
	]}]`, got)
}

// Of the media types some providers take and others do not, Anthropic's
// request carries the images it takes (JPEG, GIF, WebP) as image blocks
// and a text resource as a plain-text document; every other item is a
// text block saying what it is and that its bytes were left out
// (tool.Content.AsText), never a block of a type Anthropic refuses.
func TestContentTypesAnthropicDoesNotTake(t *testing.T) {
	items := adapters.MediaItems()
	image := func(c tool.Content) any {
		return map[string]any{"type": "image", "source": map[string]any{"type": "base64", "media_type": c.MIMEType, "data": c.Data}}
	}
	note := func(c tool.Content) any { return map[string]any{"type": "text", "text": c.AsText()} }
	want, err := json.Marshal([]any{map[string]any{"type": "tool_result", "tool_use_id": "toolu_01In5pE7cT2sWq9LmB4vXk8d", "content": []any{
		image(items[0]), image(items[1]), image(items[2]),
		note(items[3]), note(items[4]), note(items[5]), note(items[6]), note(items[7]),
		map[string]any{"type": "document", "title": "file:///page.html", "source": map[string]any{"type": "text", "media_type": "text/plain", "data": "<p>the page</p>"}},
	}}})
	require.NoError(t, err)
	assert.JSONEq(t, string(want), sentContent(t, adapters.NewSet(&adapters.Files{}, adapters.Showcase(nil, items))))
	assert.Contains(t, items[3].AsText(), `"mimeType":"image/bmp","bytes":18,"omitted":"this reply cannot carry it"`)
}

// A Stream answers with the same blocks as Run.
func TestStreamContentBlocks(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{}, adapters.Showcase("inspected", adapters.ContentItems()))
	got := streamTurn(t, set, tool.NewGuard(tool.Limits{}), "testdata/stream_inspect.sse", false)
	require.NoError(t, got.err)
	require.Len(t, got.sent, 3)
	result := got.sent[2]["content"].([]any)[0].(map[string]any)
	assert.Equal(t, "toolu_01In5pE7cT2sWq9LmB4vXk8d", result["tool_use_id"])
	blocks := result["content"].([]any)
	require.Len(t, blocks, 8)
	assert.Equal(t, map[string]any{"type": "image", "source": map[string]any{"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgoAAAANSUhEUg=="}}, blocks[2])
	assert.Equal(t, "document", blocks[6].(map[string]any)["type"])
}

// Content that cannot be sent fails the call: one text block, is_error.
// An image whose bytes are not of its media type, which Anthropic's API
// refuses, is such content.
func TestContentHostile(t *testing.T) {
	for _, c := range []struct {
		item tool.Content
		why  string
	}{
		{tool.Image(adapters.PNG, "image/"), `its media type "image/" is not valid`},
		{tool.Image(adapters.PNG, "image/jpeg"), `its media type is "image/jpeg" but its data is PNG: declare image/png, or send JPEG data`},
	} {
		set := adapters.NewSet(&adapters.Files{}, adapters.Showcase(nil, []tool.Content{c.item}))
		msg := &anthropic.Message{StopReason: anthropic.StopReasonToolUse}
		require.NoError(t, json.Unmarshal([]byte(`{"content":[{"type":"tool_use","id":"toolu_1","name":"inspect","input":{"component":1}}],"stop_reason":"tool_use"}`), msg))
		more, err := anthropictool.Run(context.Background(), set, msg, nil)
		require.NoError(t, err)
		got, err := json.Marshal(more[1])
		require.NoError(t, err)
		var user struct{ Content []map[string]any }
		require.NoError(t, json.Unmarshal(got, &user))
		blocks := user.Content
		require.Len(t, blocks, 1)
		assert.Equal(t, true, blocks[0]["is_error"])
		content := blocks[0]["content"].([]any)
		require.Len(t, content, 1)
		assert.Contains(t, content[0].(map[string]any)["text"], "the tool produced content that cannot be sent: content item 0 (image): "+c.why)
	}
}
