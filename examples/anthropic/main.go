// Command anthropic shows toolgen's tools with
// github.com/anthropics/anthropic-sdk-go/v2, offline: the request's tools
// come from the generated definitions, and the tool_use blocks of a recorded
// response are decoded by the SDK, run through a tool.Set (validation, typed
// decode, the handlers) and answered with tool_result blocks, is_error set
// for a call the set refused. With a client, the same values go to
// client.Messages.New.
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"log"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/tool"
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

// answer runs the tool_use blocks of a response through set and returns
// the user message that continues the conversation: one tool_result block
// per tool_use, holding the tool's output or, with is_error, what was
// wrong, for the model to correct its call.
func answer(ctx context.Context, set *tool.Set, msg *anthropic.Message) anthropic.MessageParam {
	var results []anthropic.ContentBlockParamUnion
	for _, block := range msg.Content {
		if block.Type != "tool_use" {
			continue
		}
		use := block.AsToolUse()
		res := set.Call(ctx, use.Name, use.Input, tool.CallID(use.ID))
		results = append(results, anthropic.NewToolResultBlock(use.ID, res.Feedback(), res.Status != tool.StatusExecuted))
	}
	return anthropic.NewUserMessage(results...)
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
	set := travel.NewAirline().NewSet()
	for _, block := range answer(context.Background(), set, msg).OfUser.Content {
		r := block.OfToolResult
		fmt.Printf("tool_result for %s (is_error %v):\n%s\n", r.ToolUseID, r.IsError.Value, r.Content[0].OfText.Text)
	}
}
