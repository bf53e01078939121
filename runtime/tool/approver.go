package tool

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
)

// An Approver asks a person whether a dangerous call may run, for Ask: true
// runs the call, false declines it, an error leaves it unanswered. It is
// asked only for a call that passed every stage but its approval, with the
// exact arguments that run on a yes; ctx is the call's, so it ends with the
// loop's time budget (Guard.Context) or the caller's deadline, and an
// approver waiting for a person should honour it. It may be asked from
// several goroutines when calls run concurrently; the adapters of runtime/
// run the calls of a turn one after another, so they ask one question at a
// time, in the order of the calls.
type Approver func(ctx context.Context, req ApprovalRequest) (bool, error)

// ApprovalRequest is a dangerous call awaiting a person's approval, as an
// Approver is asked it.
type ApprovalRequest struct {
	// Tool is the called tool: its Name, its Description.
	Tool *Tool
	// CallID is the call's id, given with CallID.
	CallID string
	// Args are the decoded arguments, the tool's argument struct (a T of
	// Def[T]), as a policy's Call.Args: what the handler receives on a yes
	// (its slices, maps and pointers are the handler's: do not change
	// them), for an approver that decides by their values (a refund under
	// 25 EUR needs no person) without reading json.Number.
	Args any
	// Arguments are the same arguments as the set read them (numbers as
	// json.Number, exactly as written): the ones the approval is bound to.
	// The set reads them again on a yes: do not change them.
	Arguments map[string]any
	// Confirmation is what the person must read before answering:
	// Tool.ConfirmationArgs(Arguments), every argument on a line of its
	// own, escaped and bounded (Result.Confirmation). Show it whole.
	Confirmation string
}

// Ask has a person approve or decline a dangerous call within the call
// itself: when the call would be needs_confirmation, with no approval
// given, the set asks a (once) and calls again, with the same tool and
// arguments, through its single-use token: Approve(token) on a yes, so that
// every stage (validation, idempotency, policies) runs again and the token
// runs that exact call once; Decline(token) on a no, so that the call is
// rejected with code declined, audited, and the model reads that the
// person said no. An error of a, or a panic, leaves the call unanswered:
// rejected with code unavailable (the error is the result's Err) or panic,
// audited, not run; it fails that call alone. A call refused before its
// approval (invalid arguments, a policy's denial), a call of a tool that
// is not dangerous, and a call made with an approval already (Approve,
// Decline) ask nothing. Through a Guard, the call holds its place among the
// step's MaxCalls while the person answers, and a call the guard does not
// let run asks nothing. The zero Approver (nil) asks nothing: the call is
// needs_confirmation, as without Ask.
func Ask(a Approver) CallOption { return CallOption{set: setAsk, ask: a} }

// approverOf returns the approver to ask about a call's result: the last
// one of opts, when the result is a first request for approval.
func approverOf(res *Result, opts []CallOption) Approver {
	if res.Status != StatusNeedsConfirmation || len(res.Errors) > 0 || res.Approval == "" {
		// Not a first request: an approval given and refused carries its
		// code, and is answered by the caller who gave it.
		return nil
	}
	var a Approver
	for _, o := range opts {
		if o.set == setAsk {
			a = o.ask
		}
	}
	return a
}

// consult asks a about the call of c, whose first pass awaits approval
// (res), and returns its answer, or the result of a call it left
// unanswered: its error, or its panic, logged with the stack.
func (s *Set) consult(ctx context.Context, a Approver, c *callState, res *Result) (yes bool, failure *Result) {
	req := ApprovalRequest{Tool: c.h.tool, CallID: res.CallID, Args: c.h.value(c.v), Arguments: c.args, Confirmation: res.Confirmation}
	name := shorten(req.Tool.Name)
	defer func() {
		if v := recover(); v != nil {
			text := describePanic(v)
			s.logSafely(ctx, slog.LevelError, "tool approver panicked", slog.String("tool", field(name)),
				slog.String("call_id", field(req.CallID)), slog.String("panic", text), slog.String("stack", string(debug.Stack())))
			yes, failure = false, &Result{Status: StatusRejected, stage: stageInternal,
				Err: fmt.Errorf("tool %s: the approver panicked: %s", name, text),
				Errors: Errors{{Code: CodePanic, Name: name,
					Reason: "the application failed with an internal error while asking a person to approve the call; it was not executed"}}}
		}
	}()
	yes, err := a(ctx, req)
	if err != nil {
		s.logSafely(ctx, slog.LevelError, "tool approver failed", slog.String("tool", field(name)),
			slog.String("call_id", field(req.CallID)), slog.String("error", field(errorText(err))))
		return false, &Result{Status: StatusRejected, stage: stageInternal, Err: err,
			Errors: Errors{{Code: CodeUnavailable, Name: name,
				Reason: "the application could not ask a person to approve the call, so it was not executed"}}}
	}
	return yes, nil
}
