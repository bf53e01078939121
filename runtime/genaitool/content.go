package genaitool

import (
	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// functionResponse is the function response of a call's result. A call
// whose handler returned content items (tool.Def.HandleContent) answers
// with {"output": ...} when it has an output, and the items: images
// (PNG, JPEG, WebP) and PDF resources as the response's parts, inline
// data the SDK encodes (Gemini's multimodal function responses), the
// others as the response's "content", the text of each
// (tool.Content.AsText: text as it is, anything else a JSON note of what
// it is).
func functionResponse(res tool.Result, id, name string) *genai.FunctionResponse {
	if res.Status != tool.StatusExecuted || len(res.Content) == 0 {
		return &genai.FunctionResponse{ID: id, Name: name, Response: response(res)}
	}
	m := map[string]any{}
	if len(res.Items()) > len(res.Content) { // an output, then the items
		base := res
		base.Content = nil
		m = response(base)
	}
	var parts []*genai.FunctionResponsePart
	var texts []any
	for _, c := range res.Content {
		t := c.MediaType()
		switch {
		case c.Kind == tool.ContentImage && imageTypes[t],
			c.Kind == tool.ContentResource && len(c.Data) > 0 && t == "application/pdf":
			parts = append(parts, genai.NewFunctionResponsePartFromBytes(c.Data, t))
		default:
			texts = append(texts, c.AsText())
		}
	}
	if len(texts) > 0 {
		m["content"] = texts
	}
	if len(m) == 0 {
		// The API requires a response, and the SDK leaves an empty one out.
		m["output"] = "the result is in the parts of this response"
	}
	return &genai.FunctionResponse{ID: id, Name: name, Response: m, Parts: parts}
}

// imageTypes are the media types of the images Gemini takes in a function
// response.
var imageTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/webp": true}
