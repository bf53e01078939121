// Command gemini shows toolgen's tools with google.golang.org/genai,
// offline: the function declarations come from the generated gemini dialect
// (the OpenAPI subset of parameters) or gemini-jsonschema dialect
// (parametersJsonSchema), and the function calls of a recorded response are
// decoded by the SDK, run through a tool.Set (validation, typed decode, the
// handlers) and answered with function responses. With a client, the same
// values go to client.Models.GenerateContent.
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"log"
	"strings"

	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// declarations are the tools' function declarations, each in the strictest
// form Gemini accepts (parameters in its OpenAPI subset, or
// parametersJsonSchema where that subset cannot express a tool), decoded
// into the SDK's types.
func declarations() ([]*genai.FunctionDeclaration, error) {
	raw, err := travel.Tools.For(tool.Gemini)
	if err != nil {
		return nil, err
	}
	var decls []*genai.FunctionDeclaration
	err = json.Unmarshal(raw, &decls)
	return decls, err
}

// jsonSchemaDeclarations are the same functions with parametersJsonSchema,
// the generated JSON kept as is.
func jsonSchemaDeclarations() []*genai.FunctionDeclaration {
	var decls []*genai.FunctionDeclaration
	for _, t := range travel.Tools {
		decls = append(decls, &genai.FunctionDeclaration{
			Name:                 t.Name,
			Description:          t.Description,
			ParametersJsonSchema: t.Dialects.GeminiJSONSchema.Parameters,
		})
	}
	return decls
}

// config offers the declarations to the model.
func config(decls []*genai.FunctionDeclaration) *genai.GenerateContentConfig {
	return &genai.GenerateContentConfig{Tools: []*genai.Tool{{FunctionDeclarations: decls}}}
}

// answer runs the function calls of a response through set and returns
// the content that continues the conversation: one function response per
// call, {"output": ...} with the tool's output or, for a call the set
// refused, {"error": ...} saying what was wrong, for the model to correct
// its call.
func answer(ctx context.Context, set *tool.Set, resp *genai.GenerateContentResponse) *genai.Content {
	var parts []*genai.Part
	for _, call := range resp.FunctionCalls() {
		res := set.CallArgs(ctx, call.Name, call.Args, tool.CallID(call.ID))
		response := map[string]any{"output": res.Output}
		if res.Status != tool.StatusExecuted {
			response = map[string]any{"error": res.Feedback()}
		}
		part := genai.NewPartFromFunctionResponse(call.Name, response)
		part.FunctionResponse.ID = call.ID
		parts = append(parts, part)
	}
	return genai.NewContentFromParts(parts, genai.RoleUser)
}

// recorded is a generateContent response with two function calls; the
// second breaks two constraints Gemini's parameters cannot express (a
// price of 0, an airline twice), which are in the descriptions instead.
//
//go:embed testdata/generate_content.json
var recorded []byte

// decodeResponse reads a response with the SDK's types.
func decodeResponse(data []byte) (*genai.GenerateContentResponse, error) {
	var r genai.GenerateContentResponse
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

func main() {
	decls, err := declarations()
	if err != nil {
		log.Fatal(err)
	}
	body, err := json.Marshal(config(decls))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("config: %d bytes, %d function declarations\n", len(body), len(decls))
	resp, err := decodeResponse(recorded)
	if err != nil {
		log.Fatal(err)
	}
	set := travel.NewAirline().NewSet()
	for _, p := range answer(context.Background(), set, resp).Parts {
		var out strings.Builder
		enc := json.NewEncoder(&out)
		enc.SetEscapeHTML(false) // print "> 0" as it is
		_ = enc.Encode(p.FunctionResponse.Response)
		fmt.Printf("function response for %s: %s", p.FunctionResponse.Name, out.String())
	}
}
