package tool

import (
	"encoding/json"
	"time"
)

// Status is the fate of a call in a Set.
type Status string

const (
	// StatusExecuted: the handler ran and returned; Result.Output holds what
	// it returned.
	StatusExecuted Status = "executed"
	// StatusRejected: a stage before execution refused the call; the handler
	// did not run. Result.Errors says why.
	StatusRejected Status = "rejected"
	// StatusNeedsConfirmation: the tool is dangerous and the application has
	// not approved this exact call; the handler did not run. Result.Approval
	// holds the token that approves it. A first request has no Errors; a
	// call made with an approval the set refused has one, whose code says
	// why (approval_used, approval_expired, approval_invalid).
	StatusNeedsConfirmation Status = "needs_confirmation"
	// StatusNeedsInput: the call runs in rounds (InRounds), and its handler
	// asked questions that have no answer yet. Result.Input holds them and
	// the state that continues the call; the handler runs again, from the
	// start, with their answers.
	StatusNeedsInput Status = "needs_input"
	// StatusFailed: the handler ran and returned an error, panicked, or did not
	// finish in time. Result.Errors says which.
	StatusFailed Status = "failed"
)

// Result is the outcome of a call.
type Result struct {
	// Tool is the name the call asked for; CallID the id given with CallID.
	Tool, CallID string
	// Status is what happened.
	Status Status
	// Errors says why a call was rejected or failed: the validator's errors,
	// or one error with a stage's code (bad_json, unknown_tool, a policy's
	// code, timeout, ...).
	Errors Errors
	// Output is what the handler returned, for an executed call: for a
	// tool with a result type R, an R.
	Output any
	// Structured, for an executed call of a tool with a result type, is
	// the JSON of Output, which the set checked against the tool's
	// ResultSchema: an MCP result's structuredContent, and the text of the
	// other shaped results.
	Structured json.RawMessage
	// Content, for an executed call, is the content items the handler
	// returned beside its output (see Def.HandleContent), checked against
	// their bounds; Items lists what the model reads, in order.
	Content []Content
	// Err is the handler's error, for a call that failed; the Approver's,
	// for a call it left unanswered (see Ask).
	Err error
	// Approval, for needs_confirmation, is the token that approves this exact
	// call once: show the call to a person (Confirmation) and, once they
	// approve, call again with Approve(token) before the token expires (or
	// let Ask do it).
	Approval string
	// Confirmation, for needs_confirmation, is what the person must read
	// before answering: Tool.Confirmation of the call's arguments, rendered
	// from the set's own reading of them. Show it whole.
	Confirmation string
	// Input, for needs_input, is what the call needs to continue: the
	// handler's questions and the state of the call's next round.
	Input *InputRequired
	// Duplicate reports a result replayed from an earlier call with the same
	// request id, to a tool that is not idempotent. Its status and errors are
	// the first call's; its Output is the first output as encoding/json
	// decodes its JSON into an any (numbers as json.Number), and its Err only
	// the first error's text, so that a replay is the same whichever replica
	// of a service made the first call.
	Duplicate bool
	// Duration is how long the set took over the call.
	Duration time.Duration

	stage  stage // where a rejection happened, for Feedback
	typed  bool  // the tool has a result schema
	parsed bool  // the set parsed the raw arguments: args is what they parsed into
	// unparsable: the set found that the raw arguments are not JSON
	unparsable bool
	output     json.RawMessage // the JSON of Output, as the set rendered it
	args       any             // see parsed: a Guard makes its key of it, without a parse
}

// stage names the stage of a Set that rejected a call.
type stage uint8

const (
	stageNone stage = iota
	stageParse
	stageArguments // the arguments' validation and decode
	stageTool      // the allow-list
	stageIdempotency
	stagePolicy
	stageInternal   // the application's code panicked before the handler ran
	stageDeclined   // a person declined the call
	stageOverloaded // the set's budget of calls in flight was full
	stageGuard      // the loop's Guard did not let the call run
	stageRound      // the state of a call in rounds was refused
)

// Failed reports whether the call was rejected or failed.
func (r Result) Failed() bool { return r.Status == StatusRejected || r.Status == StatusFailed }
