// Command gemini shows toolgen's tools with google.golang.org/genai,
// offline: the function declarations come from the generated gemini dialect
// (the OpenAPI subset of parameters) or gemini-jsonschema dialect
// (parametersJsonSchema), and the function calls of a recorded response are
// decoded by the SDK, validated by the generated validators and answered
// with function responses. With a client, the same values go to
// client.Models.GenerateContent.
package main

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"log"

	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// declarations are the tools' function declarations with parameters in
// Gemini's OpenAPI subset, decoded into the SDK's types.
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

// answer runs the function calls of a response whose arguments the
// validators accept, and returns the content that continues the
// conversation: one function response per call, {"output": result} or, for
// invalid arguments, {"error": errors} for the model to correct its call.
func answer(resp *genai.GenerateContentResponse) *genai.Content {
	var parts []*genai.Part
	for _, call := range resp.FunctionCalls() {
		response := map[string]any{}
		if errs := travel.Tools.Validate(call.Name, call.Args); errs != nil {
			response["error"] = errs
		} else if out, err := travel.Execute(call.Name, call.Args); err != nil {
			response["error"] = err.Error()
		} else {
			response["output"] = json.RawMessage(out)
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
	for _, p := range answer(resp).Parts {
		out, _ := json.Marshal(p.FunctionResponse.Response)
		fmt.Printf("function response for %s: %s\n", p.FunctionResponse.Name, out)
	}
}
