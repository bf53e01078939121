// Command anthropic shows toolgen's tools with
// github.com/anthropics/anthropic-sdk-go/v2, offline: the request's tools
// come from the generated definitions, and the tool_use blocks of a recorded
// response are decoded by the SDK, validated by the generated validators and
// answered with tool_result blocks, is_error set for invalid input. With a
// client, the same values go to client.Messages.New.
package main

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"log"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/toolgen-go/toolgen/examples/travel"
)

// tools are the request's tools: each generated definition as is.
func tools() []anthropic.ToolUnionParam {
	var out []anthropic.ToolUnionParam
	for _, t := range travel.Tools {
		out = append(out, param.Override[anthropic.ToolUnionParam](t.Dialects.Anthropic.Tool))
	}
	return out
}

// request is a Messages request that offers the travel tools.
func request(question string) anthropic.MessageNewParams {
	return anthropic.MessageNewParams{
		Model:     anthropic.ModelClaudeSonnet4_5,
		MaxTokens: 1024,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(question))},
		Tools:     tools(),
	}
}

// answer runs the tool_use blocks of a response whose input the validators
// accept, and returns the user message that continues the conversation:
// one tool_result block per tool_use, holding the tool's result or, with
// is_error, the errors as JSON for the model to correct its call.
func answer(msg *anthropic.Message) anthropic.MessageParam {
	var results []anthropic.ContentBlockParamUnion
	for _, block := range msg.Content {
		if block.Type != "tool_use" {
			continue
		}
		use := block.AsToolUse()
		content, isError := run(use.Name, use.Input)
		results = append(results, anthropic.NewToolResultBlock(use.ID, content, isError))
	}
	return anthropic.NewUserMessage(results...)
}

// run validates and executes one tool_use; it reports whether the result is
// an error.
func run(name string, input json.RawMessage) (string, bool) {
	var args map[string]any
	if err := json.Unmarshal(input, &args); err != nil {
		return fmt.Sprintf(`[{"code":"json","path":"","expected":"a JSON object","got":%q}]`, err.Error()), true
	}
	if errs := travel.Tools.Validate(name, args); errs != nil {
		return errs.JSON(), true
	}
	out, err := travel.Execute(name, args)
	if err != nil {
		return err.Error(), true
	}
	return out, false
}

// recorded is a Messages API response with two tool_use blocks; the
// second's reference is lower-case and it has a member get_booking does not
// declare.
//
//go:embed testdata/message.json
var recorded []byte

// decodeMessage reads a response with the SDK's types.
func decodeMessage(data []byte) (*anthropic.Message, error) {
	var m anthropic.Message
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

func main() {
	body, err := json.Marshal(request("Find me a business flight from Paris to New York on May 1st, and check booking gj5007."))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("request: %d bytes, %d tools\n", len(body), len(travel.Tools))
	msg, err := decodeMessage(recorded)
	if err != nil {
		log.Fatal(err)
	}
	for _, block := range answer(msg).OfUser.Content {
		r := block.OfToolResult
		fmt.Printf("tool_result for %s (is_error %v): %s\n", r.ToolUseID, r.IsError.Value, r.Content[0].OfText.Text)
	}
}
