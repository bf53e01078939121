package tool_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/tool/internal/arm"
)

// The first bytes of files of a few formats: what the content checks read.
var (
	png  = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	jpeg = []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00")
	wav  = []byte("RIFF\x24\x00\x00\x00WAVEfmt ")
	mp3  = []byte("ID3\x04\x00\x00\x00\x00\x00\x00")
	pdf  = []byte("%PDF-1.7")
)

// contentSet serves move with a handler that returns out and items.
func contentSet(out any, items ...tool.Content) *tool.Set {
	return tool.NewSet(arm.MoveTool.HandleContent(func(context.Context, arm.MoveArgs) (any, []tool.Content, error) {
		return out, items, nil
	}), quiet)
}

func TestContentItemsInOrder(t *testing.T) {
	items := []tool.Content{
		tool.Text("the chart"),
		tool.Image(png, "image/png"),
		tool.Audio(wav, "audio/wav"),
		tool.Resource("file:///notes.txt", "text/plain", "some notes"),
		tool.ResourceBlob("file:///report.pdf", "application/pdf", pdf),
		tool.ResourceLink("https://example.com/data.csv", "data.csv", "text/csv", "the raw data"),
	}
	res := contentSet(nil, items...).Call(context.Background(), "move", []byte(`{"x":1,"y":2}`))
	require.Equal(t, tool.StatusExecuted, res.Status, res.Feedback())
	assert.Equal(t, items, res.Content)
	// No output: the items stand alone.
	assert.Equal(t, items, res.Items())
	assert.Equal(t, strings.Join([]string{
		"the chart",
		`{"type":"image","mimeType":"image/png","bytes":16,"omitted":"this reply cannot carry it"}`,
		`{"type":"audio","mimeType":"audio/wav","bytes":16,"omitted":"this reply cannot carry it"}`,
		`{"type":"resource","uri":"file:///notes.txt","mimeType":"text/plain","text":"some notes"}`,
		`{"type":"resource","uri":"file:///report.pdf","mimeType":"application/pdf","bytes":8,"omitted":"this reply cannot carry it"}`,
		`{"type":"resource_link","uri":"https://example.com/data.csv","name":"data.csv","mimeType":"text/csv","description":"the raw data"}`,
	}, "\n"), res.Feedback())
	for _, line := range strings.Split(res.Feedback(), "\n")[1:] {
		assert.True(t, json.Valid([]byte(line)), line)
	}

	// An output comes first.
	res = contentSet(map[string]int{"n": 1}, tool.Image(png, "image/png")).Call(context.Background(), "move", []byte(`{"x":1,"y":2}`))
	assert.Equal(t, []tool.Content{tool.Text(`{"n":1}`), tool.Image(png, "image/png")}, res.Items())
	assert.JSONEq(t, `{"output":{"n":1},"content":["{\"type\":\"image\",\"mimeType\":\"image/png\",\"bytes\":16,\"omitted\":\"this reply cannot carry it\"}"]}`,
		string(res.Gemini().Response))
	res = contentSet(nil, tool.Text("a")).Call(context.Background(), "move", []byte(`{"x":1,"y":2}`))
	assert.JSONEq(t, `{"content":["a"]}`, string(res.Gemini().Response))
}

func TestContentWithTypedResult(t *testing.T) {
	set := tool.NewSet(arm.PositionTool.HandleContent(func(context.Context, arm.PositionArgs) (arm.Position, []tool.Content, error) {
		return arm.Position{X: 1, Y: 2}, []tool.Content{tool.Image(png, "image/png")}, nil
	}), quiet)
	res := set.Call(context.Background(), "position", []byte(`{}`))
	require.Equal(t, tool.StatusExecuted, res.Status, res.Feedback())
	assert.JSONEq(t, `{"x":1,"y":2}`, string(res.Structured))
	items := res.Items()
	require.Len(t, items, 2)
	assert.Equal(t, tool.Text(string(res.Structured)), items[0], "the first text item is the checked JSON")
	assert.Equal(t, tool.ContentImage, items[1].Kind)
	shaped := res.MCP()
	assert.JSONEq(t, `{"x":1,"y":2}`, string(shaped.StructuredContent))

	// A result that does not match its schema fails whatever the content.
	set = tool.NewSet(arm.PositionTool.HandleContent(func(context.Context, arm.PositionArgs) (arm.Position, []tool.Content, error) {
		return arm.Position{X: 11}, []tool.Content{tool.Text("x")}, nil
	}), quiet)
	res = set.Call(context.Background(), "position", []byte(`{}`))
	assert.Equal(t, tool.StatusFailed, res.Status)
	assert.Nil(t, res.Content)
}

func TestContentOfAFailedCallIsDropped(t *testing.T) {
	set := tool.NewSet(arm.MoveTool.HandleContent(func(context.Context, arm.MoveArgs) (any, []tool.Content, error) {
		return nil, []tool.Content{tool.Text("partial")}, assert.AnError
	}), quiet)
	res := set.Call(context.Background(), "move", []byte(`{"x":1,"y":2}`))
	assert.Equal(t, tool.StatusFailed, res.Status)
	assert.Nil(t, res.Content)
	assert.Len(t, res.Items(), 1)
	assert.NotContains(t, res.Feedback(), "partial")
}

// TestContentHostile: content beyond its bounds or not well formed fails
// the call with bad_result and a reason; nothing is cut, nothing panics.
func TestContentHostile(t *testing.T) {
	many := make([]tool.Content, 17)
	for i := range many {
		many[i] = tool.Text("x")
	}
	big := append(bytes.Clone(png), bytes.Repeat([]byte{1}, 2<<20)...)
	for _, c := range []struct {
		name  string
		items []tool.Content
		why   string
	}{
		{"too many", many, "17 content items, more than 16"},
		{"too large in all", []tool.Content{tool.Image(big, "image/png"), tool.Image(big, "image/png")}, "from item 1 on are more than 3145728 bytes"},
		{"one too large", []tool.Content{tool.Image(bytes.Repeat([]byte{1}, 3<<20+1), "image/png")}, "more than 3145728 bytes"},
		{"empty image", []tool.Content{tool.Image(nil, "image/png")}, "item 0 (image): it has no data"},
		{"empty audio", []tool.Content{tool.Audio([]byte{}, "audio/wav")}, "it has no data"},
		{"empty text", []tool.Content{tool.Text("")}, "the text is empty"},
		{"image as audio", []tool.Content{tool.Audio(png, "image/png")}, `media type "image/png" is not audio/*`},
		{"no media type", []tool.Content{tool.Image(png, "")}, "it has no media type"},
		{"no subtype", []tool.Content{tool.Image(png, "png")}, `media type "png" is not a type/subtype`},
		{"bad media type", []tool.Content{tool.Image(png, "image/png;;")}, `is not valid`},
		{"wildcard", []tool.Content{tool.Image(png, "image/*")}, "is not a type/subtype"},
		{"parameters", []tool.Content{tool.Image(png, "image/png; x=1")}, "has parameters"},
		{"long media type", []tool.Content{tool.Image(png, "image/"+strings.Repeat("p", 300))}, "longer than 255 bytes"},
		{"control characters", []tool.Content{tool.Image(png, "image/png\n")}, "is not valid"},
		{"bad UTF-8", []tool.Content{tool.Text("\xff")}, "not valid UTF-8"},
		{"no kind", []tool.Content{{Text: "x"}}, `the kind "" is not text`},
		{"unknown kind", []tool.Content{{Kind: "video", Data: png, MIMEType: "video/mp4"}}, `the kind "video"`},
		{"relative URI", []tool.Content{tool.Resource("notes.txt", "", "x")}, "not an absolute URI"},
		{"no URI", []tool.Content{tool.ResourceLink("", "x", "", "")}, "it has no URI"},
		{"link without name", []tool.Content{tool.ResourceLink("file:///x", "", "", "")}, "it has no name"},
		{"empty resource", []tool.Content{tool.ResourceBlob("file:///x", "", nil)}, "neither text nor data"},
		{"both", []tool.Content{{Kind: tool.ContentResource, URI: "file:///x", Text: "a", Data: png}}, "both text and data"},
		{"image with text", []tool.Content{{Kind: tool.ContentImage, Data: png, MIMEType: "image/png", Text: "a"}}, "has no text"},
		{"link with data", []tool.Content{{Kind: tool.ContentResourceLink, URI: "file:///x", Name: "x", Data: png}}, "has no data"},
		{"text with a name", []tool.Content{{Kind: tool.ContentText, Text: "a", Name: "n"}}, "only a resource_link"},
		// The data is not what the media type says.
		{"PNG as JPEG", []tool.Content{tool.Image(png, "image/jpeg")}, `item 0 (image): its media type is "image/jpeg" but its data is PNG: declare image/png, or send JPEG data`},
		{"JPEG as image/jpg", []tool.Content{tool.Image(jpeg, "image/jpg")}, `its data is JPEG: declare image/jpeg`},
		{"MP3 as WAV", []tool.Content{tool.Audio(mp3, "audio/wav")}, `its media type is "audio/wav" but its data does not begin as WAV data does`},
		{"WAV as unknown audio", []tool.Content{tool.Audio(wav, "audio/x-custom")}, `its data is WAV: declare audio/wav`},
		{"text as PNG", []tool.Content{tool.Image([]byte("not an image"), "image/png")}, `does not begin as PNG data does: send PNG data, or declare the type it is`},
		{"PNG as SVG", []tool.Content{tool.Image(png, "image/svg+xml")}, `its data is PNG: declare image/png, or send SVG data`},
		{"SVG as PNG", []tool.Content{tool.Image([]byte("<svg/>"), "image/png")}, `its data is SVG: declare image/svg+xml, or send PNG data`},
		{"blob not a PDF", []tool.Content{tool.ResourceBlob("file:///r.pdf", "application/pdf", png)}, `item 0 (resource): its media type is "application/pdf" but its data is PNG: declare image/png, or send PDF data`},
		{"text as a PNG resource", []tool.Content{tool.Resource("file:///r.png", "image/png", "hello")}, `does not begin as PNG data does`},
		{"blob with a bad type", []tool.Content{tool.ResourceBlob("file:///r", "application/", pdf)}, `is not valid`},
		{"link with a bad type", []tool.Content{tool.ResourceLink("file:///r", "r", "text/plain; x", "")}, `is not valid`},
		{"long blob type", []tool.Content{tool.ResourceBlob("file:///r", "application/"+strings.Repeat("x", 250), pdf)}, "longer than 255 bytes"},
		{"mismatch after a good item", []tool.Content{tool.Image(png, "image/png"), tool.Image(jpeg, "image/png")}, `item 1 (image): its media type is "image/png" but its data is JPEG`},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := contentSet("ok", c.items...).Call(context.Background(), "move", []byte(`{"x":1,"y":2}`))
			require.Equal(t, tool.StatusFailed, res.Status)
			require.Len(t, res.Errors, 1)
			assert.Equal(t, tool.CodeBadResult, res.Errors[0].Code)
			assert.Contains(t, res.Errors[0].Reason, "the tool produced content that cannot be sent: ")
			assert.Contains(t, res.Err.Error(), c.why)
			assert.Nil(t, res.Content)
			assert.Less(t, len(res.Feedback()), 4096, "the model reads a bounded text")
			assert.NotContains(t, res.Feedback()[strings.Index(res.Feedback(), "\n")+1:], "\n-", "one error")
		})
	}
}

// TestContentReplayed: a duplicate of a call to a tool that is not
// idempotent returns the first call's content too.
func TestContentReplayed(t *testing.T) {
	runs := 0
	set := tool.NewSet(arm.MoveTool.HandleContent(func(context.Context, arm.MoveArgs) (any, []tool.Content, error) {
		runs++
		return "moved", []tool.Content{tool.Image(png, "image/png"), tool.ResourceLink("file:///log", "log", "", "")}, nil
	}), quiet)
	first := set.Call(context.Background(), "move", []byte(`{"x":1,"y":2}`), tool.RequestID("r1"))
	again := set.Call(context.Background(), "move", []byte(`{"x":1,"y":2}`), tool.RequestID("r1"))
	assert.Equal(t, 1, runs)
	assert.True(t, again.Duplicate)
	assert.Equal(t, first.Content, again.Content)
	assert.Equal(t, first.Items(), again.Items())
}

func TestHandleContentNil(t *testing.T) {
	assert.PanicsWithValue(t, "tool: HandleContent of move with a nil function", func() { arm.MoveTool.HandleContent(nil) })
	assert.PanicsWithValue(t, "tool: HandleContent of position with a nil function", func() { arm.PositionTool.HandleContent(nil) })
}

// FuzzContent: whatever a handler returns as an item, the call executes
// with it whole or fails with bad_result; nothing panics, and the text
// form of an item that is not text is one JSON object.
func FuzzContent(f *testing.F) {
	f.Add("image", "image/png", "", "", "", []byte("\x89PNG"))
	f.Add("resource", "text/plain; charset=utf-8", "file:///a", "", "hello", []byte(nil))
	f.Add("resource_link", "", "https://x/y", "y", "", []byte(nil))
	f.Add("audio", "audio/", "", "", "", []byte{0})
	f.Fuzz(func(t *testing.T, kind, mimeType, uri, name, text string, data []byte) {
		c := tool.Content{Kind: tool.ContentKind(kind), MIMEType: mimeType, URI: uri, Name: name, Text: text, Data: data}
		res := contentSet("ok", c).Call(context.Background(), "move", []byte(`{"x":1,"y":2}`))
		switch res.Status {
		case tool.StatusExecuted:
			require.Equal(t, []tool.Content{c}, res.Content)
			if c.Kind != tool.ContentText {
				require.True(t, json.Valid([]byte(c.AsText())), c.AsText())
			}
		case tool.StatusFailed:
			require.Equal(t, tool.CodeBadResult, res.Errors[0].Code)
			require.Nil(t, res.Content)
		default:
			t.Fatalf("status %s", res.Status)
		}
		_ = res.Feedback()
		_ = res.Gemini()
	})
}

func TestContentMediaType(t *testing.T) {
	assert.Equal(t, "image/png", tool.Image(png, "Image/PNG").MediaType())
	assert.Equal(t, "text/plain", tool.Resource("file:///a", "text/plain; charset=utf-8", "a").MediaType())
	assert.Equal(t, "", tool.Text("a").MediaType())
	assert.Equal(t, "", tool.Image(png, "image/png;;").MediaType())
}

// Data is accepted as declared when it begins as the declared format's
// files do, under any of the format's usual types and in any case, and
// when the checks cannot tell what it is: a type they do not know, of data
// no format they know surely begins with.
func TestContentMediaTypeAsDeclared(t *testing.T) {
	for _, items := range [][]tool.Content{
		{tool.Image(png, "Image/PNG")},
		{tool.Image(jpeg, "image/pjpeg")},
		{tool.Audio(wav, "audio/x-wav"), tool.Audio(wav, "audio/wave"), tool.Audio(wav, "audio/vnd.wave")},
		{tool.Audio(mp3, "audio/mpeg"), tool.Audio(mp3, "audio/mp3")},
		{tool.Audio([]byte("\x00\x01\x02\x03"), "audio/l16")},
		{tool.Image([]byte("\x00\x00\x00\x0cjP  \r\n\x87\n"), "image/jp2")},
		{tool.Image([]byte("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), "image/svg+xml")},
		{tool.Resource("file:///logo.svg", "image/svg+xml", "<svg/>")},
		{tool.ResourceBlob("file:///r.pdf", "application/pdf", pdf)},
		{tool.ResourceBlob("file:///r.bin", "application/octet-stream", png)},
		{tool.ResourceBlob("file:///r.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", []byte("PK\x03\x04"))},
		{tool.Resource("file:///r.json", "application/json", `{"a":1}`)},
		{tool.ResourceLink("file:///r.png", "r.png", "image/png", "")},
	} {
		res := contentSet(nil, items...).Call(context.Background(), "move", []byte(`{"x":1,"y":2}`))
		assert.Equal(t, tool.StatusExecuted, res.Status, res.Feedback())
		assert.Equal(t, items, res.Content)
	}
}

// The log says what the handler must fix: the tool and the item whose
// data is not what it declares.
func TestContentMismatchLogged(t *testing.T) {
	var log bytes.Buffer
	set := tool.NewSet(arm.MoveTool.HandleContent(func(context.Context, arm.MoveArgs) (any, []tool.Content, error) {
		return nil, []tool.Content{tool.Image(png, "image/jpeg")}, nil
	}), tool.WithLogger(slog.New(slog.NewJSONHandler(&log, nil))))
	res := set.Call(context.Background(), "move", []byte(`{"x":1,"y":2}`))
	require.Equal(t, tool.StatusFailed, res.Status)
	var rec struct {
		Level, Msg, Tool string
		Problems         []string
	}
	require.NoError(t, json.NewDecoder(&log).Decode(&rec))
	assert.Equal(t, "ERROR", rec.Level)
	assert.Equal(t, "tool content cannot be sent", rec.Msg)
	assert.Equal(t, "move", rec.Tool)
	assert.Equal(t, []string{`content item 0 (image): its media type is "image/jpeg" but its data is PNG: declare image/png, or send JPEG data`}, rec.Problems)
}
