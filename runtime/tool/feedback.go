package tool

import (
	"encoding/json"
	"strings"
	"unsafe"
)

// This file renders a Result for the model that made the call: what was
// wrong, at which path, what was expected, and what to do next. The shapes at
// the end are the tool-result messages of OpenAI, Anthropic and MCP as plain
// structs, so that the runtime depends on no SDK; copy their fields into the
// SDK's own types, or marshal them as they are.

// Feedback renders the result as text for the model. For an executed call it
// is the output (a string as it is, anything else as JSON), and then, one a
// line, each item of its Content as Content.AsText renders it; otherwise a line
// saying what happened, one line per error, and an instruction:
//
//	The call to move_to was rejected and not executed:
//	- argument 'y' should be <= 10, got 40
//	Correct the arguments and call the tool again.
//
// The text the runtime writes is bounded and holds no control character: the
// tool's name and every member of an error are escaped and shortened as
// Message does, so no name or value can start a line of its own, and the
// text is at most 1024 bytes plus 799 bytes per error. An executed call's
// output is the application's own and is written as the handler returned
// it.
func (r Result) Feedback() string {
	if r.Status == StatusExecuted {
		if len(r.Content) > 0 {
			return r.contentText()
		}
		return r.outputText()
	}
	var b strings.Builder
	b.WriteString(r.headline())
	for _, e := range r.Errors {
		b.WriteString("\n- ")
		b.WriteString(e.Message())
	}
	if in := r.Instruction(); in != "" {
		b.WriteString("\n")
		b.WriteString(in)
	}
	return b.String()
}

// FeedbackJSON renders the result as JSON for the model:
// {"status", "tool", "output"} for an executed call, otherwise
// {"status", "tool", "errors": [{"code","path","expected","got","actual","reason"}], "instruction"}.
// Its text is bounded as Feedback's is: at most 1024 bytes plus 3148 bytes
// per error (see MarshalJSON), or the output.
func (r Result) FeedbackJSON() string {
	// Room for what is written, with plain fields (as errors mostly have)
	// and a few escapes: the buffer is the string returned, rounded up to
	// the allocator's next size.
	var in string // the instruction
	size := 256 + len(r.Tool) + len(r.Structured)
	if r.Status != StatusExecuted {
		in = r.Instruction()
		size = len(`{"status":"","tool":"","errors":[],"instruction":""}`) + len(r.Status) + len(r.Tool) + len(in) + 32
	}
	fields := 0
	for i := range r.Errors {
		e := &r.Errors[i]
		size += len(`{"code":"","path":""},`) + member(`,"expected":""`, e.Expected) + member(`,"got":""`, e.Got) +
			member(`,"actual":""`, e.Actual) + member(`,"reason":""`, e.Reason)
		fields += min(len(e.Code), maxField) + min(len(e.Path), maxField) + min(len(e.Expected), maxField) +
			min(len(e.Got), maxField) + min(len(e.Actual), maxField) + min(len(e.Reason), maxField)
	}
	b := make([]byte, 0, size+fields+fields/16)
	b = append(b, `{"status":"`...)
	b = appendFieldText(b, string(r.Status))
	b = append(b, `","tool":"`...)
	b = appendFieldText(b, r.Tool)
	b = append(b, '"')
	if r.Status == StatusExecuted {
		b = append(b, `,"output":`...)
		if out, err := r.renderedOutput(); err != nil {
			b = appendJSONString(b, unrendered(err))
		} else {
			b = append(b, out...)
		}
	}
	if len(r.Errors) > 0 {
		b = append(b, `,"errors":`...)
		b = appendErrorsJSON(b, r.Errors)
	}
	if in != "" {
		b = append(b, `,"instruction":`...)
		if plainPrefix(in) == len(in) { // the usual instruction, which JSON quotes as it is
			b = append(append(append(b, '"'), in...), '"')
		} else {
			b = appendJSONString(b, in)
		}
	}
	b = append(b, '}')
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is not written again
}

// member is the length of the JSON member start and quotes, when v is not
// empty.
func member(start, v string) int {
	if v == "" {
		return 0
	}
	return len(start)
}

// maxFeedbackBase bounds what Feedback and FeedbackJSON write besides the
// errors and the output: the status, the headline with the tool's name, the
// instruction.
const maxFeedbackBase = 3*maxField + 256

// contentText is the Feedback of an executed call with Content: the text
// of each of its Items, one a line.
func (r Result) contentText() string {
	var b strings.Builder
	for i, c := range r.Items() {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(c.AsText())
	}
	return b.String()
}

func (r Result) outputText() (text string) {
	if r.Structured != nil {
		return string(r.Structured)
	}
	switch out := r.Output.(type) {
	case nil:
		return "done"
	case string:
		return out
	case []byte:
		return string(out)
	case json.RawMessage:
		return string(out)
	}
	b, err := r.renderedOutput()
	if err != nil {
		return unrendered(err)
	}
	return string(b)
}

func (r Result) headline() string {
	name := field(r.Tool)
	switch r.Status {
	case StatusRejected:
		if r.stage == stagePolicy {
			return "The call to " + name + " was refused by the application and not executed:"
		}
		if r.stage == stageDeclined {
			return "The call to " + name + " was declined by the user and not executed:"
		}
		if r.stage == stageGuard || r.incomplete() {
			return "The call to " + name + " was not executed:"
		}
		if r.Tool == "" {
			return "The call was rejected and not executed:"
		}
		return "The call to " + name + " was rejected and not executed:"
	case StatusNeedsConfirmation:
		if len(r.Errors) > 0 {
			return "The call to " + name + " needs a person's approval and has not been executed:"
		}
		return "The call to " + name + " needs a person's approval and has not been executed."
	case StatusNeedsInput:
		return "The call to " + name + " asks the user for input and has not finished."
	case StatusFailed:
		return "The call to " + name + " failed:"
	}
	return "The call to " + name + " has status " + field(string(r.Status)) + "."
}

// Instruction tells the model what to do next, by the stage that stopped the
// call: correct and retry for bad JSON and invalid arguments, pick a declared
// tool for an unknown one, do not repeat a call a policy refused or that
// awaits approval, check the effect of a call that timed out, call again if
// still needed a streamed call that was not run because its stream stopped
// (code incomplete). It is empty for an executed call.
func (r Result) Instruction() string {
	switch r.Status {
	case StatusExecuted:
		return ""
	case StatusNeedsConfirmation:
		return "Do not repeat the call: tell the user what you want to do and why; the application runs it once a person approves it."
	case StatusNeedsInput:
		return "Do not repeat the call: the application asks the user and continues it with their answers."
	case StatusFailed:
		if len(r.Errors) > 0 && (r.Errors[0].Code == CodeTimeout || r.Errors[0].Code == CodeCanceled) {
			return "Check whether it took effect before calling it again."
		}
		return "Do not repeat the same call unchanged more than once; choose another action if it fails again."
	}
	if r.incomplete() {
		// Its stream stopped, the model's or the application's for another
		// call: nothing is known to be wrong with it.
		return "Call the tool again if the call is still needed."
	}
	switch r.stage {
	case stageTool:
		if len(r.Errors) > 0 {
			if names, ok := strings.CutPrefix(expectedField(r.Errors[0].Expected), listPrefix); ok {
				return "Call one of the available tools instead: " + names + "."
			}
		}
		return "Call one of the available tools instead."
	case stagePolicy:
		return "Do not repeat this call; choose another action, or ask the user."
	case stageDeclined:
		return "Do not repeat this call; ask the user what to do instead."
	case stageGuard:
		if len(r.Errors) > 0 && r.Errors[0].Code == CodeTooManyCalls {
			return "Make fewer calls at once; call it again in your next turn if it is still needed."
		}
		return "Do not call any more tools: the task ends here."
	case stageIdempotency:
		return "Do not repeat this call."
	case stageRound:
		return "Call the tool again if it still needs to run: its questions are asked anew."
	case stageOverloaded:
		return "The application is busy: make the call again in a moment."
	case stageInternal:
		return "Do not repeat the same call unchanged more than once; choose another action if it fails again."
	case stageParse:
		return "Correct the call so that its arguments are one JSON object, and call the tool again."
	}
	return "Correct the arguments and call the tool again."
}

// incomplete reports a streamed call that did not run because its stream
// did not end (Pending.Abort), whoever made the result: a runtime adapter
// answers such a call by hand too.
func (r Result) incomplete() bool {
	return r.Status == StatusRejected && len(r.Errors) == 1 && r.Errors[0].Code == CodeIncomplete
}

// OpenAIToolMessage is the message that answers a tool call in OpenAI's Chat
// Completions API: {"role": "tool", "tool_call_id": ..., "content": ...}.
type OpenAIToolMessage struct {
	Role       string `json:"role"`
	ToolCallID string `json:"tool_call_id"`
	Content    string `json:"content"`
}

// OpenAI shapes the result as the tool message answering the call whose id
// was given with CallID; its content is Feedback, which describes the
// result's Content items other than text (a Chat Completions tool message
// takes text only). (OpenAI's message has no error flag: the text says it.)
func (r Result) OpenAI() OpenAIToolMessage {
	return OpenAIToolMessage{Role: "tool", ToolCallID: r.CallID, Content: r.Feedback()}
}

// AnthropicToolResult is the tool_result content block that answers a
// tool_use block in Anthropic's Messages API.
type AnthropicToolResult struct {
	Type      string `json:"type"`
	ToolUseID string `json:"tool_use_id"`
	Content   string `json:"content"`
	IsError   bool   `json:"is_error,omitempty"`
}

// Anthropic shapes the result as a tool_result block answering the tool_use
// whose id was given with CallID; is_error is set unless the call executed.
// Its content is Feedback, the text form of the result's Content items:
// runtime/anthropictool sends images and documents as blocks.
func (r Result) Anthropic() AnthropicToolResult {
	return AnthropicToolResult{Type: "tool_result", ToolUseID: r.CallID, Content: r.Feedback(), IsError: r.Status != StatusExecuted}
}

// MCPCallToolResult is the result of an MCP tools/call request.
type MCPCallToolResult struct {
	Content           []MCPContent    `json:"content"`
	StructuredContent json.RawMessage `json:"structuredContent,omitempty"`
	IsError           bool            `json:"isError,omitempty"`
}

// MCPContent is a text content item of an MCP result.
type MCPContent struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// MCP shapes the result as an MCP CallToolResult: one text item, Feedback
// (whose text describes Content items other than text: runtime/mcptool
// sends them as MCP content items), and isError set unless the call executed, so that the model sees the
// errors (MCP reports tool errors in the result, not as protocol errors).
//
// StructuredContent is, for an executed call of a tool with a result type,
// the checked JSON of its result (the text item holds the same JSON, for
// clients that read only text). For a call that did not execute it is the
// verdict of FeedbackJSON, {"status", "tool", "errors", "instruction"},
// unless the tool has a result schema: a client checks a structuredContent
// against the tool's outputSchema even on an error, so such a tool's errors
// are in the text alone.
func (r Result) MCP() MCPCallToolResult {
	res := MCPCallToolResult{Content: []MCPContent{{Type: "text", Text: r.Feedback()}}, IsError: r.Status != StatusExecuted}
	switch {
	case r.Status == StatusExecuted:
		res.StructuredContent = r.Structured
	case !r.typed:
		res.StructuredContent = json.RawMessage(r.FeedbackJSON())
	}
	return res
}

// GeminiFunctionResponse is the functionResponse part that answers a
// functionCall part in the Gemini API.
type GeminiFunctionResponse struct {
	ID       string          `json:"id,omitempty"`
	Name     string          `json:"name"`
	Response json.RawMessage `json:"response"`
}

// Gemini shapes the result as a functionResponse answering the call whose
// id was given with CallID: its response is {"output": ...} for an
// executed call (the checked JSON of a typed result, any other output as
// JSON), {"error": Feedback} otherwise, as the Gemini API reads them; a
// call with Content adds "content", the AsText of each item (and has no
// "output" when the handler returned none; runtime/genaitool sends images
// and documents as the response's parts instead). An
// output with no JSON a provider can carry is an error too (a Set fails
// such a call with code bad_result).
func (r Result) Gemini() GeminiFunctionResponse {
	var resp []byte
	if r.Status == StatusExecuted && len(r.Content) > 0 {
		resp = []byte{'{'}
		if r.Structured != nil || (r.Output != nil && r.Output != "") {
			resp = append(resp, `"output":`...)
			if out, err := r.renderedOutput(); err != nil {
				resp = appendJSONString(resp, unrendered(err))
			} else {
				resp = append(resp, out...)
			}
			resp = append(resp, ',')
		}
		resp = append(resp, `"content":[`...)
		for i, c := range r.Content {
			if i > 0 {
				resp = append(resp, ',')
			}
			resp = appendJSONString(resp, c.AsText())
		}
		resp = append(resp, "]}"...)
	} else if r.Status == StatusExecuted {
		if out, err := r.renderedOutput(); err != nil {
			resp = append(appendJSONString([]byte(`{"error":`), unrendered(err)), '}')
		} else {
			resp = append(append([]byte(`{"output":`), out...), '}')
		}
	} else {
		resp = append(appendJSONString([]byte(`{"error":`), r.Feedback()), '}')
	}
	return GeminiFunctionResponse{ID: r.CallID, Name: r.Tool, Response: resp}
}
