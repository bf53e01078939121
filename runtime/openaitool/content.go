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
// an image OpenAI takes (PNG, JPEG, WebP, GIF) as input_image with a base64
// data URL; a PDF resource as input_file with a base64 data URL, named
// after its URI; anything else (audio, another image or document type, a
// text resource, a resource link) as input_text of tool.Content.AsText,
// which says what it is.
func outputParts(items []tool.Content) responses.ResponseFunctionCallOutputItemListParam {
	parts := make(responses.ResponseFunctionCallOutputItemListParam, 0, len(items))
	for _, c := range items {
		t := c.MediaType()
		switch {
		case c.Kind == tool.ContentImage && imageTypes[t]:
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
