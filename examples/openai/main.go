// Command openai shows toolgen's tools with github.com/openai/openai-go/v3,
// offline: the request's tools come from the generated definitions (strict
// mode, Chat Completions and Responses API), and the tool calls of a
// recorded chat completion are decoded with the SDK's types, validated by
// the generated validators and answered with tool messages built by the
// SDK. With a client, the same values go to client.Chat.Completions.New.
package main

import (
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

// answer runs the tool calls of a completion whose arguments the
// validators accept, and returns the messages that continue the
// conversation: the assistant's message, then one tool message per call,
// holding the tool's result or, for invalid arguments, the errors as JSON
// for the model to correct its call.
func answer(completion *openai.ChatCompletion) []openai.ChatCompletionMessageParamUnion {
	msg := completion.Choices[0].Message
	msgs := []openai.ChatCompletionMessageParamUnion{msg.ToParam()}
	for _, call := range msg.ToolCalls {
		msgs = append(msgs, openai.ToolMessage(run(call.Function.Name, call.Function.Arguments), call.ID))
	}
	return msgs
}

// run validates and executes one call; its result is the tool message's
// content.
func run(name, arguments string) string {
	var args map[string]any
	if err := json.Unmarshal([]byte(arguments), &args); err != nil {
		return fmt.Sprintf(`[{"code":"json","path":"","expected":"a JSON object","got":%q}]`, err.Error())
	}
	if errs := travel.Tools.Validate(name, args); errs != nil {
		return errs.JSON()
	}
	out, err := travel.Execute(name, args)
	if err != nil {
		return fmt.Sprintf(`{"error":%q}`, err.Error())
	}
	return out
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
	fmt.Printf("request: %d bytes, %d strict tools\n", len(body), len(travel.Tools))
	if _, err := travel.Tools.For(tool.OpenAI); err != nil {
		log.Fatal(err)
	}

	completion, err := decodeCompletion(recorded)
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range answer(completion)[1:] {
		fmt.Printf("tool message for %s: %s\n", m.OfTool.ToolCallID, m.OfTool.Content.OfString.Value)
	}
}
