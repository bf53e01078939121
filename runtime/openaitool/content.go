package openaitool

import (
	"encoding/base64"
	"net/url"
	"path"

	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// outputParts is the output of a function_call_output holding a call's
// content items (tool.Result.Items), as input parts: text as input_text;
// an image OpenAI takes (PNG, JPEG, WebP, a GIF that is not animated) as
// input_image with a base64 data URL; a PDF resource as input_file with a base64 data URL, named
// after its URI; anything else (audio, another image or document type, a
// text resource, a resource link) as input_text of tool.Content.AsText,
// which says what it is.
func outputParts(items []tool.Content) responses.ResponseFunctionCallOutputItemListParam {
	parts := make(responses.ResponseFunctionCallOutputItemListParam, 0, len(items))
	for _, c := range items {
		t := c.MediaType()
		switch {
		case c.Kind == tool.ContentImage && imageTypes[t] && !(t == "image/gif" && animated(c.Data)):
			parts = append(parts, responses.ResponseFunctionCallOutputItemUnionParam{OfInputImage: &responses.ResponseInputImageContentParam{
				ImageURL: param.NewOpt(dataURL(t, c.Data))}})
		case c.Kind == tool.ContentResource && len(c.Data) > 0 && t == "application/pdf":
			parts = append(parts, responses.ResponseFunctionCallOutputItemUnionParam{OfInputFile: &responses.ResponseInputFileContentParam{
				FileData: param.NewOpt(dataURL(t, c.Data)), Filename: param.NewOpt(fileName(c.URI))}})
		default:
			parts = append(parts, responses.ResponseFunctionCallOutputItemUnionParam{OfInputText: &responses.ResponseInputTextContentParam{
				Text: c.AsText()}})
		}
	}
	return parts
}

// imageTypes are the media types of the images OpenAI takes.
var imageTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/webp": true, "image/gif": true}

// animated reports whether a GIF holds more than one image, which
// OpenAI's image inputs do not take. It walks the GIF's blocks, in time
// linear in its size; a GIF it cannot walk counts as one image.
func animated(gif []byte) bool {
	// colors is the size of a color table a packed field announces.
	colors := func(packed byte) int {
		if packed&0x80 == 0 {
			return 0
		}
		return 3 << (packed&7 + 1)
	}
	// subBlocks is the offset after the data sub-blocks at i.
	subBlocks := func(i int) int {
		for i < len(gif) && gif[i] != 0 {
			i += 1 + int(gif[i])
		}
		return i + 1
	}
	if len(gif) < 13 {
		return false
	}
	images := 0
	for i := 13 + colors(gif[10]); i < len(gif); {
		switch gif[i] {
		case 0x21: // an extension: its label, then sub-blocks
			i = subBlocks(i + 2)
		case 0x2c: // an image: its descriptor, color table, LZW code size, sub-blocks
			if images++; images > 1 {
				return true
			}
			if i+10 > len(gif) {
				return false
			}
			i = subBlocks(i + 10 + colors(gif[i+9]) + 1)
		default: // the trailer, or bytes that are not a GIF's
			return false
		}
	}
	return false
}

func dataURL(mediaType string, data []byte) string {
	return "data:" + mediaType + ";base64," + base64.StdEncoding.EncodeToString(data)
}

// fileName is the last element of a URI's path, "document.pdf" without one.
func fileName(uri string) string {
	if u, err := url.Parse(uri); err == nil {
		if name := path.Base(u.Path); name != "." && name != "/" {
			return name
		}
	}
	return "document.pdf"
}
