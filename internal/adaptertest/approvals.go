package adaptertest

import (
	"context"
	"errors"
	"sync"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// ApprovalTurn is a turn of dangerous calls that a Person answers through
// an adapter's run call: one approved, one declined, one the person cannot
// be asked about, one with invalid arguments, a call of a tool that is not
// dangerous, then the same refused call three times, which stops the loop,
// and a dangerous call past the stop.
func ApprovalTurn() []Call {
	return []Call{
		{ID: "call_yes", Name: "delete_file", Args: `{"path":"/tmp/yes.log","reason":"rotated"}`},
		{ID: "call_no", Name: "delete_file", Args: `{"path":"/tmp/no.log"}`},
		{ID: "call_unasked", Name: "delete_file", Args: `{"path":"/tmp/unasked.log"}`},
		{ID: "call_invalid", Name: "delete_file", Args: `{"path":"relative.log"}`},
		{ID: "call_forecast", Name: "get_forecast", Args: `{"city":"Oslo"}`},
		{ID: "call_tag_1", Name: "tag", Args: `{"path":"notes.txt","labels":{}}`},
		{ID: "call_tag_2", Name: "tag", Args: `{"path":"notes.txt","labels":{}}`},
		{ID: "call_tag_3", Name: "tag", Args: `{"path":"notes.txt","labels":{}}`},
		{ID: "call_late", Name: "delete_file", Args: `{"path":"/tmp/late.log"}`},
	}
}

// ApprovalFeedback is what the model reads of each call of ApprovalTurn,
// by call id, once a Person answered it; ApprovalDeleted the one file
// deleted.
var (
	ApprovalFeedback = map[string]string{
		"call_yes": "deleted /tmp/yes.log",
		"call_no": "The call to delete_file was declined by the user and not executed:\n" +
			"- a person declined this call\n" +
			"Do not repeat this call; ask the user what to do instead.",
		"call_unasked": "The call to delete_file was rejected and not executed:\n" +
			"- the application could not ask a person to approve the call, so it was not executed\n" +
			"Do not repeat the same call unchanged more than once; choose another action if it fails again.",
		"call_invalid": "The call to delete_file was rejected and not executed:\n" +
			"- argument 'path' should be a string matching the pattern ^/, got \"relative.log\"\n" +
			"Correct the arguments and call the tool again.",
		"call_forecast": ForecastOslo,
		"call_tag_1":    RefusedTagFeedback,
		"call_tag_2":    RefusedTagFeedback,
		"call_tag_3":    RefusedTagFeedback,
		"call_late": "The call to delete_file was not executed:\n" +
			"- the loop was stopped before this call: the same failing call to tag was made 3 times; it is not retried again\n" +
			"Do not call any more tools: the task ends here.",
	}
	ApprovalDeleted = []string{"/tmp/yes.log"}
)

// ErrUnreachable is the error of a Person who cannot be asked.
var ErrUnreachable = errors.New("the person's device is offline")

// Person answers the questions of an Approver: yes to /tmp/yes.log, no to
// /tmp/no.log, ErrUnreachable for any other file; it records every
// question.
type Person struct {
	mu    sync.Mutex
	asked []tool.ApprovalRequest
}

// Approver asks p.
func (p *Person) Approver() tool.Approver {
	return func(ctx context.Context, req tool.ApprovalRequest) (bool, error) {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.asked = append(p.asked, req)
		switch req.Arguments["path"] {
		case "/tmp/yes.log":
			return true, nil
		case "/tmp/no.log":
			return false, nil
		}
		return false, ErrUnreachable
	}
}

// Asked returns the questions p was asked, in order.
func (p *Person) Asked() []tool.ApprovalRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]tool.ApprovalRequest(nil), p.asked...)
}

// ApprovalQuestions are the questions a Person must be asked about
// ApprovalTurn, in order: the three valid dangerous calls before the stop,
// each with its tool, id, arguments and confirmation.
func ApprovalQuestions() []tool.ApprovalRequest {
	var want []tool.ApprovalRequest
	for _, c := range ApprovalTurn()[:3] {
		args, errs := tool.ParseArgs([]byte(c.Args))
		if errs != nil {
			panic(errs)
		}
		want = append(want, tool.ApprovalRequest{Tool: &DeleteFileTool.Tool, CallID: c.ID, Arguments: args,
			Confirmation: DeleteFileTool.Confirmation([]byte(c.Args))})
	}
	return want
}
