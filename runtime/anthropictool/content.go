package anthropictool

import (
	"encoding/base64"

	"github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// toolResult is the tool_result block of a call's result: its items
// (tool.Result.Items) as content blocks, or, for a call without content
// items, its Feedback as text, is_error unless the call executed.
func toolResult(id string, res tool.Result) anthropic.ContentBlockParamUnion {
	if res.Status != tool.StatusExecuted || len(res.Content) == 0 {
		return anthropic.NewToolResultBlock(id, res.Feedback(), res.Status != tool.StatusExecuted)
	}
	items := res.Items()
	blocks := make([]anthropic.ToolResultBlockParamContentUnion, 0, len(items))
	for _, c := range items {
		blocks = append(blocks, block(c))
	}
	return anthropic.ContentBlockParamUnion{OfToolResult: &anthropic.ToolResultBlockParam{ToolUseID: id, Content: blocks}}
}

// block is the tool_result content block of an item: text; an image of a
// media type Anthropic takes (JPEG, PNG, GIF, WebP), base64; a text
// resource as a plain-text document and a PDF resource as a PDF document,
// titled with their URI. Anything else (audio, other images and
// documents, a resource link) is its text (tool.Content.AsText), which
// says what it was.
func block(c tool.Content) anthropic.ToolResultBlockParamContentUnion {
	switch c.Kind {
	case tool.ContentImage:
		if t := c.MediaType(); imageTypes[t] {
			return anthropic.ToolResultBlockParamContentUnion{OfImage: &anthropic.ImageBlockParam{
				Source: anthropic.ImageBlockParamSourceUnion{OfBase64: &anthropic.Base64ImageSourceParam{
					Data: base64.StdEncoding.EncodeToString(c.Data), MediaType: anthropic.Base64ImageSourceMediaType(t)}}}}
		}
	case tool.ContentResource:
		var src anthropic.DocumentBlockParamSourceUnion
		switch {
		case c.Text != "":
			src.OfText = &anthropic.PlainTextSourceParam{Data: c.Text}
		case c.MediaType() == "application/pdf":
			src.OfBase64 = &anthropic.Base64PDFSourceParam{Data: base64.StdEncoding.EncodeToString(c.Data)}
		default:
			return text(c.AsText())
		}
		doc := &anthropic.DocumentBlockParam{Source: src}
		doc.Title = anthropic.String(c.URI)
		return anthropic.ToolResultBlockParamContentUnion{OfDocument: doc}
	}
	return text(c.AsText())
}

func text(s string) anthropic.ToolResultBlockParamContentUnion {
	return anthropic.ToolResultBlockParamContentUnion{OfText: &anthropic.TextBlockParam{Text: s}}
}

// imageTypes are the media types of the images Anthropic takes.
var imageTypes = map[string]bool{"image/jpeg": true, "image/png": true, "image/gif": true, "image/webp": true}
