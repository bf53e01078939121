// Package openaitool connects a tool.Set and the structured outputs toolgen
// generates to github.com/openai/openai-go/v3, one call each: the tools of
// a request (Chat Completions and Responses API), the execution of every
// tool call of a completion or a response, and the response format of an
// output.
//
//	params := openai.ChatCompletionNewParams{Model: model, Messages: msgs, Tools: openaitool.ChatTools(set)}
//	for g.Step() == nil {
//		completion, err := client.Chat.Completions.New(ctx, params)
//		...
//		if len(completion.Choices[0].Message.ToolCalls) == 0 {
//			break // the answer
//		}
//		more, err := openaitool.RunChat(ctx, set, completion, g, tool.Ask(approve))
//		...
//		params.Messages = append(params.Messages, more...)
//	}
//
// approve, a tool.Approver, asks a person about each dangerous call, which
// then runs or is declined within the turn; without tool.Ask, the model
// reads that the call awaits a person's approval.
//
// Streamed (NewStreaming), a ChatStream or a ResponsesStream reads the
// calls as they arrive, reports the first that can no longer be valid so
// that the request can be cancelled, and runs them only once the provider
// ended them; WriteChatAnswer and WriteResponsesAnswer stream a structured
// output's text into a writer.
//
// # What runs is what the message says
//
// A stream runs exactly what RunChat or RunResponses runs of the message
// the stream made (the SDK accumulator's completion, which the transcript
// keeps; the response that ended a Responses stream, which the API keeps),
// or nothing. The runners and the streams share one verdict: the calls of
// a message run, in order, only when the message ended (finish_reason
// "tool_calls" or "stop"; a completed response whose function call items
// completed); a message cut at its length (finish_reason "length", an
// incomplete response), filtered, failed or without an end runs none of
// its calls, and each answer says why. A stream's call runs only when
// every call of its message is, in tool, id and arguments, what the
// stream read and wrote to its tool.Pending; otherwise none runs, the call
// the stream read otherwise is answered from the message's own bytes
// (what is wrong with them, or that it did not run and why), and the
// model calls again.
//
// Early rejection (a *Rejection from Add) uses a name and an id only once
// they are final: a Chat call's at its first argument byte, which is when
// its Pending opens (a name or id piece after it makes the call one its
// message records otherwise, which does not run), so a name streamed in
// pieces is judged whole; a Responses call's at its
// response.output_item.added, which gives them whole (a later event that
// names another tool or call id is likewise a call that does not run).
// Arguments before a name are the arguments of a call to no tool,
// rejected at their first byte: the adapters buffer nothing of their own,
// and a Pending keeps no more than the set's size limit.
package openaitool

import (
	"context"
	"errors"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// ChatTools returns the tools of a Chat Completions request: each tool's
// generated OpenAI definition, sent byte for byte (strict mode generates
// members in the order of the schema), strict where OpenAI's strict mode
// expresses the tool, with "strict": false otherwise. A tool whose
// dialects= option leaves openai out is left out.
func ChatTools(set *tool.Set) []openai.ChatCompletionToolUnionParam {
	var tools []openai.ChatCompletionToolUnionParam
	for _, t := range set.Tools() {
		if def, ok := t.Dialects.Get(tool.OpenAI); ok {
			tools = append(tools, param.Override[openai.ChatCompletionToolUnionParam](def.Tool))
		}
	}
	return tools
}

// ResponsesTools returns the same tools for a Responses API request.
func ResponsesTools(set *tool.Set) []responses.ToolUnionParam {
	var tools []responses.ToolUnionParam
	for _, t := range set.Tools() {
		if def, ok := t.Dialects.Get(tool.OpenAIResponses); ok {
			tools = append(tools, param.Override[responses.ToolUnionParam](def.Tool))
		}
	}
	return tools
}

// ErrNoChoice is RunChat's error for a completion without a choice.
var ErrNoChoice = errors.New("openaitool: the completion has no choice")

// RunChat runs every tool call of the completion's first choice through
// set, in order, and returns the messages that continue the conversation:
// the assistant's message, then a tool message per call holding the call's
// result (Result.Feedback: the output, a typed result's JSON, or what to
// correct). A Chat Completions tool message takes text only: the content
// items a handler returns (tool.Def.HandleContent) are in it as
// Result.Feedback writes them, text as it is and every other item as a
// JSON note of what it is (tool.Content.AsText: a link or a text resource
// whole, the media type and size of bytes left out). Use the Responses API
// (RunResponses) for images and files. With a guard, each call runs through it (tool.Guard.Call): once
// the guard stops the loop, and past the step's Limits.MaxCalls calls, a
// call does not run, and its tool message says why; every call is answered
// (the API refuses a conversation that leaves one unanswered), and RunChat
// returns the guard's *tool.Stop.
//
// The calls run only when the choice's finish_reason says they ended
// ("tool_calls", or "stop" with calls), as a ChatStream runs them: a choice
// cut at "length" (whose arguments the model did not finish), filtered, or
// with no finish_reason runs none, and each tool message says so.
//
// opts apply to every call: tool.Ask(approver) has a person approve or
// decline each dangerous call within the turn, and the call runs (once,
// through the set's single-use token) or is declined before its tool
// message is written; without it, the model reads that the call needs a
// person's approval. Each call's id is the provider's (tool.CallID): give
// no CallID or RequestID here.
func RunChat(ctx context.Context, set *tool.Set, completion *openai.ChatCompletion, guard *tool.Guard, opts ...tool.CallOption) ([]openai.ChatCompletionMessageParamUnion, error) {
	if len(completion.Choices) == 0 {
		return nil, ErrNoChoice
	}
	choice := completion.Choices[0]
	calls := make([]messageCall, len(choice.Message.ToolCalls))
	for i, tc := range choice.Message.ToolCalls {
		calls[i] = messageCall{name: tc.Function.Name, id: tc.ID, args: tc.Function.Arguments}
	}
	results := runTurn(ctx, set, guard, opts, calls, chatCut(choice.FinishReason))
	msgs := []openai.ChatCompletionMessageParamUnion{choice.Message.ToParam()}
	for i, tc := range choice.Message.ToolCalls {
		msgs = append(msgs, openai.ToolMessage(results[i].Feedback(), tc.ID))
	}
	return msgs, guard.Err()
}

// RunResponses runs every function call of a Responses API response
// through set, in order, and returns the input items that continue the
// conversation: a function_call_output per call, whose output is the
// call's Feedback, or, for a call whose handler returned content items
// (tool.Def.HandleContent), its items (tool.Result.Items) as input parts:
// text as input_text, a PNG, JPEG, WebP or GIF image as input_image and a
// PDF resource as input_file (base64 data URLs), anything else (audio,
// another type, a text resource, a resource link) as input_text saying
// what it is (tool.Content.AsText). Send them with
// PreviousResponseID set to the response's ID (or after the response's
// output items when the conversation is sent whole). A guard and opts are
// used as RunChat uses them. The calls run only when the response
// completed and none of its function call items is unfinished, as a
// ResponsesStream runs them: an incomplete response (max_output_tokens),
// a failed or a cancelled one runs none, and each output says so.
func RunResponses(ctx context.Context, set *tool.Set, resp *responses.Response, guard *tool.Guard, opts ...tool.CallOption) ([]responses.ResponseInputItemUnionParam, error) {
	var calls []messageCall
	for _, out := range resp.Output {
		if out.Type != "function_call" {
			continue
		}
		fc := out.AsFunctionCall()
		calls = append(calls, messageCall{name: fc.Name, id: fc.CallID, args: fc.Arguments, why: itemCut(fc.Status)})
	}
	results := runTurn(ctx, set, guard, opts, calls, responseCut(resp))
	var items []responses.ResponseInputItemUnionParam
	for i, m := range calls {
		items = append(items, callOutput(results[i], m.id))
	}
	return items, guard.Err()
}

// withID is opts for the call of the provider's id.
func withID(opts []tool.CallOption, id string) []tool.CallOption {
	return append(opts[:len(opts):len(opts)], tool.CallID(id))
}

// ResponseFormat returns the response_format of a Chat Completions request
// that asks for the output: json_schema, strict where OpenAI's strict mode
// expresses it. Read the answer with ChatAnswer and the output's Parse.
func ResponseFormat(o *tool.Output) openai.ChatCompletionNewParamsResponseFormatUnion {
	return param.Override[openai.ChatCompletionNewParamsResponseFormatUnion](o.Formats.OpenAI.Format)
}

// TextFormat returns the text.format of a Responses API request that asks
// for the output. Read the answer with resp.OutputText() and the output's
// Parse.
func TextFormat(o *tool.Output) responses.ResponseFormatTextConfigUnionParam {
	return param.Override[responses.ResponseFormatTextConfigUnionParam](o.Formats.OpenAIResponses.Format)
}

// Refusal is ChatAnswer's error when the model refused to answer.
type Refusal struct{ Text string }

func (r *Refusal) Error() string { return "openaitool: the model refused: " + r.Text }

// ChatAnswer returns the text of the completion's first choice, the answer
// to parse with an output's Parse; a *Refusal when the model refused.
func ChatAnswer(completion *openai.ChatCompletion) (string, error) {
	if len(completion.Choices) == 0 {
		return "", ErrNoChoice
	}
	msg := completion.Choices[0].Message
	if msg.Refusal != "" {
		return "", &Refusal{Text: msg.Refusal}
	}
	return msg.Content, nil
}
