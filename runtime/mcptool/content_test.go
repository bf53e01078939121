package mcptool_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// A handler's content items reach the client as MCP's own, typed, in order,
// after the output's text; their bytes base64 on the wire.
func TestContentItems(t *testing.T) {
	for _, v := range versions {
		cs, _ := connect(t, v, nil, adapters.Showcase("inspected", adapters.ContentItems()))
		res := call(t, cs, "inspect", map[string]any{"component": 1})
		require.False(t, res.IsError, v)
		require.Len(t, res.Content, 8, v)
		assert.Equal(t, &mcp.TextContent{Text: "inspected"}, res.Content[0])
		assert.Equal(t, &mcp.TextContent{Text: "two images, a sound, two documents and a link"}, res.Content[1])
		assert.Equal(t, &mcp.ImageContent{Data: adapters.PNG, MIMEType: "image/png"}, res.Content[2])
		assert.Equal(t, &mcp.ImageContent{Data: []byte("<svg/>"), MIMEType: "image/svg+xml"}, res.Content[3])
		assert.Equal(t, &mcp.AudioContent{Data: adapters.WAV, MIMEType: "audio/wav"}, res.Content[4])
		assert.Equal(t, &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///notes.txt", MIMEType: "text/plain", Text: "the notes"}}, res.Content[5])
		assert.Equal(t, &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///report.pdf", MIMEType: "application/pdf", Blob: adapters.PDF}}, res.Content[6])
		assert.Equal(t, &mcp.ResourceLink{URI: "https://example.com/data.csv", Name: "data.csv", MIMEType: "text/csv", Description: "the raw data"}, res.Content[7])
	}
}

// The items on the wire are what the MCP schema says: base64 data and
// blob, mimeType, the type of each.
func TestContentWire(t *testing.T) {
	res := mcptool.Result(tool.NewSet(adapters.Showcase(nil, adapters.ContentItems()), quiet).
		Call(context.Background(), "inspect", []byte(`{"component":1}`)))
	b, err := json.Marshal(res)
	require.NoError(t, err)
	assert.JSONEq(t, `{"content":[
		{"type":"text","text":"two images, a sound, two documents and a link"},
		{"type":"image","data":"iVBORw0KGgoAAAANSUhEUg==","mimeType":"image/png"},
		{"type":"image","data":"PHN2Zy8+","mimeType":"image/svg+xml"},
		{"type":"audio","data":"UklGRiQAAABXQVZFZm10IA==","mimeType":"audio/wav"},
		{"type":"resource","resource":{"uri":"file:///notes.txt","mimeType":"text/plain","text":"the notes"}},
		{"type":"resource","resource":{"uri":"file:///report.pdf","mimeType":"application/pdf","blob":"JVBERi0xLjcKJeLjz9MK"}},
		{"type":"resource_link","uri":"https://example.com/data.csv","name":"data.csv","mimeType":"text/csv","description":"the raw data"}
	]}`, string(b))
}

// MCP takes content of any media type: items no other provider takes
// reach the client as they are.
func TestContentMediaTypes(t *testing.T) {
	cs, _ := connect(t, versions[0], nil, adapters.Showcase(nil, adapters.MediaItems()))
	res := call(t, cs, "inspect", map[string]any{"component": 1})
	require.False(t, res.IsError)
	assert.Equal(t, []mcp.Content{
		&mcp.ImageContent{Data: adapters.JPEG, MIMEType: "image/jpeg"},
		&mcp.ImageContent{Data: adapters.GIF, MIMEType: "image/gif"},
		&mcp.ImageContent{Data: adapters.WebP, MIMEType: "image/webp"},
		&mcp.ImageContent{Data: adapters.BMP, MIMEType: "image/bmp"},
		&mcp.ImageContent{Data: adapters.HEIC, MIMEType: "image/heic"},
		&mcp.AudioContent{Data: adapters.MP3, MIMEType: "audio/mpeg"},
		&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///photo.png", MIMEType: "image/png", Blob: adapters.PNG}},
		&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///data.zip", MIMEType: "application/zip", Blob: adapters.ZIP}},
		&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///page.html", MIMEType: "text/html", Text: "<p>the page</p>"}},
	}, res.Content)
}

// With a result type, structuredContent is the checked JSON and the first
// text item its serialization, as the spec asks; the items follow.
func TestContentWithTypedResult(t *testing.T) {
	set := tool.NewSet(quiet, adapters.GetForecastTool.HandleContent(func(ctx context.Context, a adapters.GetForecastArgs) (adapters.Forecast, []tool.Content, error) {
		return adapters.Forecast{City: a.City, Days: []adapters.Day{{Day: 1, High: 20}}}, []tool.Content{tool.Image(adapters.PNG, "image/png")}, nil
	}))
	for _, v := range versions {
		cs := session(t, v, set, &mcp.ClientOptions{})
		res := call(t, cs, "get_forecast", map[string]any{"city": "Oslo"})
		require.False(t, res.IsError)
		const want = `{"city":"Oslo","days":[{"day":1,"high":20}]}`
		got, err := json.Marshal(res.StructuredContent)
		require.NoError(t, err)
		assert.JSONEq(t, want, string(got), v)
		require.Len(t, res.Content, 2)
		assert.Equal(t, &mcp.TextContent{Text: want}, res.Content[0])
		assert.Equal(t, &mcp.ImageContent{Data: adapters.PNG, MIMEType: "image/png"}, res.Content[1])
	}
}

// Content beyond its bounds, or not well formed, is a failed call the
// model reads, with isError and one text item: never part of it.
func TestContentHostile(t *testing.T) {
	for name, items := range map[string][]tool.Content{
		"oversized": {tool.Image(bytes.Repeat([]byte{7}, 3<<20+1), "image/png")},
		"too many":  make([]tool.Content, 17),
		"bad MIME":  {tool.Image(adapters.PNG, "audio/wav")},
		"empty":     {tool.Audio(nil, "audio/wav")},
		"mismatch":  {tool.Audio(adapters.MP3, "audio/wav")},
		"long MIME": {tool.ResourceBlob("file:///x", "application/"+strings.Repeat("x", 300), adapters.ZIP)},
	} {
		cs, _ := connect(t, versions[0], nil, adapters.Showcase("inspected", items))
		res := call(t, cs, "inspect", map[string]any{"component": 1})
		assert.True(t, res.IsError, name)
		require.Len(t, res.Content, 1, name)
		got := res.Content[0].(*mcp.TextContent).Text
		assert.Contains(t, got, "The call to inspect failed:\n- the tool produced content that cannot be sent: ", name)
		assert.Less(t, len(got), 2048, name)
	}
}

var quiet = tool.WithLogger(slog.New(slog.DiscardHandler))
