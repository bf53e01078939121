// Command openai shows toolgen's tools with github.com/openai/openai-go/v3,
// offline: the request's tools come from the generated definitions (each in
// the strictest form OpenAI accepts, Chat Completions and Responses API),
// and the tool calls of a recorded chat completion are decoded with the
// SDK's types, run through a tool.Set (validation, typed decode, the
// handlers) and answered with tool messages built by the SDK. With a
// client, the same values go to client.Chat.Completions.New.
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"log"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// chatTools are the Chat Completions tools: each generated definition as
// is, so the schema's member order (the order strict mode generates in) is
// kept.
func chatTools() []openai.ChatCompletionToolUnionParam {
	var tools []openai.ChatCompletionToolUnionParam
	for _, t := range travel.Tools {
		tools = append(tools, param.Override[openai.ChatCompletionToolUnionParam](t.Dialects.OpenAI.Tool))
	}
	return tools
}

// responsesTools are the same tools for the Responses API.
func responsesTools() []responses.ToolUnionParam {
	var tools []responses.ToolUnionParam
	for _, t := range travel.Tools {
		tools = append(tools, param.Override[responses.ToolUnionParam](t.Dialects.OpenAIResponses.Tool))
	}
	return tools
}

// request is a Chat Completions request that offers the travel tools.
func request(question string) openai.ChatCompletionNewParams {
	return openai.ChatCompletionNewParams{
		Model:    openai.ChatModelGPT4o,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage(question)},
		Tools:    chatTools(),
	}
}

// answer runs the tool calls of a completion through set and returns the
// messages that continue the conversation: the assistant's message, then
// one tool message per call, holding the tool's output or, for a call the
// set refused, what was wrong, for the model to correct its call.
func answer(ctx context.Context, set *tool.Set, completion *openai.ChatCompletion) []openai.ChatCompletionMessageParamUnion {
	msg := completion.Choices[0].Message
	msgs := []openai.ChatCompletionMessageParamUnion{msg.ToParam()}
	for _, call := range msg.ToolCalls {
		res := set.Call(ctx, call.Function.Name, []byte(call.Function.Arguments), tool.CallID(call.ID))
		msgs = append(msgs, openai.ToolMessage(res.Feedback(), call.ID))
	}
	return msgs
}

// recorded is a chat completion as the API returns it: two tool calls, the
// second with arguments strict mode let through but the validator rejects
// (a flight number and a name too short).
//
//go:embed testdata/chat_completion.json
var recorded []byte

// decodeCompletion reads a chat completion with the SDK's types.
func decodeCompletion(data []byte) (*openai.ChatCompletion, error) {
	var c openai.ChatCompletion
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, err
	}
	return &c, nil
}

func main() {
	body, err := json.Marshal(request("Fly me from Paris to New York on May 1st, and book AF1 for Ada."))
	if err != nil {
		log.Fatal(err)
	}
	strict := 0
	for _, t := range travel.Tools {
		if t.Dialects.OpenAI.Form == tool.OpenAI {
			strict++
		}
	}
	fmt.Printf("request: %d bytes, %d tools, %d of them strict\n", len(body), len(travel.Tools), strict)
	if _, err := travel.Tools.For(tool.OpenAI); err != nil {
		log.Fatal(err)
	}

	completion, err := decodeCompletion(recorded)
	if err != nil {
		log.Fatal(err)
	}
	set := travel.NewAirline().NewSet()
	for _, m := range answer(context.Background(), set, completion)[1:] {
		fmt.Printf("tool message for %s:\n%s\n", m.OfTool.ToolCallID, m.OfTool.Content.OfString.Value)
	}
}
