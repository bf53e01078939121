// Package anthropictool connects a tool.Set and the structured outputs
// toolgen generates to github.com/anthropics/anthropic-sdk-go/v2, one call
// each: the tools of a Messages request (strict where Anthropic's strict
// mode expresses them), the tool_result blocks that answer every tool_use
// block of a message, and the output format of a request.
//
//	params := anthropic.MessageNewParams{Model: model, MaxTokens: 1024, Messages: msgs, Tools: anthropictool.Tools(set)}
//	for g.Step() == nil {
//		msg, err := client.Messages.New(ctx, params)
//		...
//		if msg.StopReason != anthropic.StopReasonToolUse {
//			break // the answer
//		}
//		more, err := anthropictool.Run(ctx, set, msg, g, tool.Ask(approve))
//		...
//		params.Messages = append(params.Messages, more...)
//	}
//
// approve, a tool.Approver, asks a person about each dangerous call, which
// then runs or is declined within the turn; without tool.Ask, the model
// reads that the call awaits a person's approval.
//
// What runs is what the message says, and only of a message that stopped
// with stop_reason tool_use. Run runs the tool_use blocks of the message it
// is given. A Stream keeps no view of a call of its own: it reads each
// block's tool, id and input from the message the SDK's accumulator builds
// from the events (Message.Accumulate), which Finish returns and the
// transcript keeps, and a call runs only when that message holds, byte for
// byte, the call the stream read. Where the events and the message could
// disagree (input both at a block's start and in deltas, a delta after the
// block's stop, input the accumulator rewrites, a block or a message that
// did not stop), the call runs nothing and the model reads why, to make
// the call again: a stream runs what Run runs on its message, or nothing.
package anthropictool

import (
	"bytes"
	"context"
	"errors"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Tools returns the tools of a Messages request: each tool's generated
// Anthropic definition, sent byte for byte, with "strict": true where
// Anthropic's strict mode expresses the tool, without it otherwise. A tool
// whose dialects= option leaves anthropic out is left out.
func Tools(set *tool.Set, opts ...ToolsOption) []anthropic.ToolUnionParam {
	var c toolsConfig
	for _, o := range opts {
		o(&c)
	}
	var tools []anthropic.ToolUnionParam
	for _, t := range set.Tools() {
		if def, ok := t.Dialects.Get(tool.Anthropic); ok {
			raw := def.Tool
			if c.eager {
				raw = withMember(raw, `"eager_input_streaming":true`)
			}
			tools = append(tools, param.Override[anthropic.ToolUnionParam](raw))
		}
	}
	return tools
}

// A ToolsOption changes the tools Tools returns.
type ToolsOption func(*toolsConfig)

type toolsConfig struct{ eager bool }

// EagerInputStreaming sets "eager_input_streaming": true on every tool, for
// a streamed request (fine-grained tool streaming): the API streams each
// tool's input as the model writes it, without buffering it to check it
// is JSON, so that a Stream reads it, and rejects a call that cannot be
// valid, sooner. The input may then be cut or invalid JSON: a Stream
// rejects it as any other.
func EagerInputStreaming() ToolsOption { return func(c *toolsConfig) { c.eager = true } }

// withMember adds a member to the JSON object def, a generated definition,
// before its closing brace, leaving the rest byte for byte.
func withMember(def []byte, member string) []byte {
	end := bytes.LastIndexByte(def, '}')
	if end < 0 {
		return def
	}
	out := make([]byte, 0, len(def)+len(member)+1)
	out = append(out, def[:end]...)
	out = append(out, ',')
	out = append(out, member...)
	return append(out, def[end:]...)
}

// Run runs every tool_use block of msg through set, in order, and returns
// the messages that continue the conversation: msg itself, then a user
// message of one tool_result block per tool_use, holding the call's result
// (Result.Feedback: the output, a typed result's JSON, or what to correct)
// and is_error unless the call executed. The content items a handler
// returns (tool.Def.HandleContent) follow the output as content blocks:
// text; images (JPEG, PNG, GIF, WebP) base64; a text resource as a
// plain-text document and a PDF resource as a PDF document, titled with
// their URI; anything else (audio, another image or document type, a
// resource link) as text saying what it is (tool.Content.AsText). With a guard, each call runs
// through it (tool.Guard.Call): once the guard stops the loop, and past the
// step's Limits.MaxCalls calls, a call does not run, and its tool_result
// says why; every tool_use is answered (the API refuses a conversation that
// leaves one unanswered), and Run returns the guard's *tool.Stop.
//
// The calls run only when msg stopped with stop_reason tool_use, as a
// Stream's do. A message that stopped for another reason was cut short
// (max_tokens, model_context_window_exceeded, refusal, pause_turn,
// stop_sequence) or holds no call to make (end_turn): its input may be cut
// (the SDK empties input that is not JSON to {}), so none of its calls
// runs, whatever its bytes, and each tool_result says why, an incomplete
// call the model makes again.
//
// opts apply to every call: tool.Ask(approver) has a person approve or
// decline each dangerous call within the turn, and the call runs (once,
// through the set's single-use token) or is declined before its
// tool_result is written; without it, the model reads that the call needs
// a person's approval. Each call's id is the tool_use id (tool.CallID):
// give no CallID or RequestID here.
func Run(ctx context.Context, set *tool.Set, msg *anthropic.Message, guard *tool.Guard, opts ...tool.CallOption) ([]anthropic.MessageParam, error) {
	cut := unfinished(msg.StopReason)
	var results []anthropic.ContentBlockParamUnion
	for _, block := range msg.Content {
		if block.Type != "tool_use" {
			continue
		}
		o := append(opts[:len(opts):len(opts)], tool.CallID(block.ID))
		var res tool.Result
		if cut != "" {
			// Audited as incomplete, as a Stream's call of the message.
			res = set.Open(ctx, block.Name, o...).Abort(cut)
		} else {
			res = guard.Call(ctx, set, block.Name, block.Input, o...)
		}
		results = append(results, toolResult(block.ID, res))
	}
	msgs := []anthropic.MessageParam{msg.ToParam()}
	if len(results) > 0 {
		msgs = append(msgs, anthropic.NewUserMessage(results...))
	}
	return msgs, guard.Err()
}

// unfinished says why the calls of a message that stopped with reason may
// not run, or "" for tool_use, the one stop_reason of a message whose
// tool_use blocks are whole.
func unfinished(reason anthropic.StopReason) string {
	switch reason {
	case anthropic.StopReasonToolUse:
		return ""
	case "":
		return "the message ended with no stop_reason"
	}
	return "the message ended with stop_reason " + string(reason)
}

// SetOutput makes params ask for the output: output_config.format where
// Anthropic's strict mode expresses the output's schema; otherwise the
// output as a tool that params forces with tool_choice, whose input is the
// answer (a forced tool cannot be combined with extended thinking). Read
// the answer with Answer.
func SetOutput(params *anthropic.MessageNewParams, o *tool.Output) {
	f := o.Formats.Anthropic
	if f.Form == tool.Anthropic {
		params.OutputConfig.Format = param.Override[anthropic.JSONOutputFormatParam](f.Format)
		return
	}
	params.Tools = append(params.Tools, param.Override[anthropic.ToolUnionParam](f.Format))
	params.ToolChoice = anthropic.ToolChoiceParamOfTool(o.Name)
}

// ErrNoAnswer is Answer's error for a message without one.
var ErrNoAnswer = errors.New("anthropictool: the message holds no answer")

// Answer returns the answer of a message to a request made with SetOutput,
// to parse with the output's Parse: the input of the output's tool_use
// block in the forced-tool form, else the text of the message's text
// blocks.
func Answer(msg *anthropic.Message, o *tool.Output) (string, error) {
	var text strings.Builder
	for _, block := range msg.Content {
		switch {
		case block.Type == "tool_use" && block.Name == o.Name:
			return string(block.Input), nil
		case block.Type == "text":
			text.WriteString(block.Text)
		}
	}
	if o.Formats.Anthropic.Form != tool.Anthropic || text.Len() == 0 {
		return "", ErrNoAnswer
	}
	return text.String(), nil
}

// Retry returns the messages that ask again after an answer that does not
// match the output: msg itself, then the feedback (OutputDef.Parse's errors
// rendered by Output.Feedback) as a user message, as the tool_result of
// the forced tool in that form.
func Retry(msg *anthropic.Message, o *tool.Output, feedback string) []anthropic.MessageParam {
	reply := anthropic.NewUserMessage(anthropic.NewTextBlock(feedback))
	for _, block := range msg.Content {
		if block.Type == "tool_use" && block.Name == o.Name {
			reply = anthropic.NewUserMessage(anthropic.NewToolResultBlock(block.ID, feedback, true))
		}
	}
	return []anthropic.MessageParam{msg.ToParam(), reply}
}
