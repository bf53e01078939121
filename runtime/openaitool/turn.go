package openaitool

import (
	"context"

	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// messageCall is a tool call of a message (a completion's choice, a
// response's output), and what a stream read of it.
type messageCall struct {
	name, id, args string
	// read is the call its stream read, whose Pending runs it; nil when
	// no stream read the message.
	read *streamCall
	// why says why the call may not run: its item did not end, or its
	// stream did not read it as the message records it.
	why string
}

// runTurn answers the calls of a message, in order, the one verdict of the
// runners and the streams: all of them run, through the guard, when the
// message ended (cut is "") and no call has a reason not to (why); else
// none runs. A call with a reason of its own is answered from the
// message's bytes (refuse); the others as cut, from their own Pending.
func runTurn(ctx context.Context, set *tool.Set, g *tool.Guard, opts []tool.CallOption, calls []messageCall, cut string) []tool.Result {
	if cut == "" {
		for _, m := range calls {
			if m.why != "" {
				cut = "another call of its message did not stream as recorded"
				break
			}
		}
	}
	results := make([]tool.Result, len(calls))
	for i, m := range calls {
		switch {
		case m.why != "":
			if m.read != nil {
				m.read.pending.Abort(m.why)
			}
			results[i] = refuse(ctx, set, opts, m, m.why)
		case cut != "" && m.read != nil:
			results[i] = m.read.pending.Abort(cut)
		case cut != "":
			results[i] = refuse(ctx, set, opts, m, cut)
		case m.read != nil:
			results[i] = g.Close(m.read.pending)
		default:
			results[i] = g.Call(ctx, set, m.name, []byte(m.args), withID(opts, m.id)...)
		}
	}
	return results
}

// refuse answers a call of a message without running it: its bytes go to
// a Pending of its tool, aborted with why, so that the model reads what is
// wrong with them, or else that the call did not run, and why; a Pending
// keeps no more than the set's size limit.
func refuse(ctx context.Context, set *tool.Set, opts []tool.CallOption, m messageCall, why string) tool.Result {
	p := set.Open(ctx, m.name, withID(opts, m.id)...)
	p.Write([]byte(m.args))
	return p.Abort(why)
}

// chatCut says why the calls of a choice that finished for reason do not
// run, "" when they do: "tool_calls", or "stop" with calls. A choice cut at
// its length or filtered holds calls its model did not finish.
func chatCut(reason string) string {
	switch reason {
	case "tool_calls", "stop":
		return ""
	case "":
		return "the completion has no finish_reason"
	}
	return "finish_reason " + reason
}

// responseCut says why the calls of a response do not run, "" when it
// completed.
func responseCut(resp *responses.Response) string {
	if resp.Status == responses.ResponseStatusCompleted {
		return ""
	}
	why := "response." + string(resp.Status)
	if resp.Status == "" {
		why = "the response has no status"
	}
	if r := string(resp.IncompleteDetails.Reason) + string(resp.Error.Code); r != "" {
		why += " (" + r + ")"
	}
	return why
}

// itemCut says why a function call item of a response does not run, ""
// when it may: it did not complete.
func itemCut(status responses.ResponseFunctionToolCallStatus) string {
	if status == "" || status == responses.ResponseFunctionToolCallStatusCompleted {
		return ""
	}
	return "its item is " + string(status)
}

// callOutput is the function_call_output item of a call's result: its
// Feedback, or, with content items, its Items as input parts.
func callOutput(res tool.Result, callID string) responses.ResponseInputItemUnionParam {
	if res.Status == tool.StatusExecuted && len(res.Content) > 0 {
		item := responses.ResponseInputItemParamOfFunctionCallOutput(outputParts(res.Items()))
		item.OfFunctionCallOutput.CallID = param.NewOpt(callID)
		return item
	}
	item := responses.ResponseInputItemParamOfFunctionCallOutput(res.Feedback())
	item.OfFunctionCallOutput.CallID = param.NewOpt(callID)
	return item
}
