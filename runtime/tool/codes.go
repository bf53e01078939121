package tool

// Code names what refused or failed a call: Error.Code, and Stop.Code for
// the end of a loop. A validator's error carries the name of the JSON
// Schema keyword that failed ("minimum", "maxLength", "pattern", ...) or
// one of the validator's codes below; the other stages of a Set, and a
// Guard, carry the codes after them; a policy's denial carries the code it
// gave Deny. Codes are stable: compare them, log them, count them.
type Code string

// The codes of a validator's errors that are not JSON Schema keywords. A
// validator written by hand (a Tool's Validate) reports the same codes.
const (
	CodeMissing     Code = "missing"      // a required member is absent
	CodeUnexpected  Code = "unexpected"   // a member the schema does not declare
	CodeType        Code = "type"         // the value has the wrong JSON type
	CodeEnum        Code = "enum"         // the value is not one of the allowed values
	CodeUnknownTool Code = "unknown_tool" // the called tool is not in the set
	CodeDepth       Code = "depth"        // the value nests deeper than the validator follows
	CodeInvalid     Code = "invalid"      // the schema accepts the value, its Go type's UnmarshalJSON or UnmarshalText refuses it (Reason says why)
	// CodeTooManyErrors is the last error of a call that has more errors
	// than its limit (DefaultMaxErrors, or a Set's WithMaxErrors):
	// validation stopped there, so the errors after the limit are neither
	// reported nor counted.
	CodeTooManyErrors Code = "too_many_errors"
)

// The codes of the errors of ParseArgs, which a Set's first stage reports
// too.
const (
	CodeBadJSON   Code = "bad_json"   // not JSON, invalid UTF-8, a duplicate member, nested too deep
	CodeBadNumber Code = "bad_number" // a number beyond float64's range, such as 1e400
	CodeBadShape  Code = "bad_shape"  // the arguments (or a whole call, or an answer) are not an object
)

// The codes of a Set's stages other than parsing and validation, in the
// order of the stages. A call refused by one did not run its handler,
// unless the code says it ran.
const (
	// CodeTooLarge: raw arguments larger than the set's limit
	// (WithMaxArgumentSize), refused unparsed.
	CodeTooLarge Code = "too_large"
	// CodeIncomplete: a streamed call whose stream did not end (its
	// provider's stream was cut, and the application called Pending.Abort);
	// it never runs, whatever its bytes.
	CodeIncomplete Code = "incomplete"
	// CodeOverloaded: the calls in flight held the set's budget
	// (WithMaxInFlight) until the call's context or time limit ended, or a
	// stream's Write found no room for its bytes.
	CodeOverloaded Code = "overloaded"
	// CodeRequestConflict: a request id used again with other arguments.
	CodeRequestConflict Code = "request_conflict"
	// CodePolicy: a policy refused the call with an error not made by Deny
	// (a denial made by Deny carries the code given to it).
	CodePolicy Code = "policy"
	// CodeUnavailable: the set's Store, or the Approver (Ask), failed.
	CodeUnavailable Code = "unavailable"
	// CodeDeclined: a person declined the call (Decline, or no from Ask).
	CodeDeclined Code = "declined"
	// CodeApprovalUsed: the approval given (Approve, Decline) has answered
	// for a run of the call already; the call needs confirmation again.
	CodeApprovalUsed Code = "approval_used"
	// CodeApprovalExpired: the approval given is past its lifetime
	// (WithApprovalLifetime); the call needs confirmation again.
	CodeApprovalExpired Code = "approval_expired"
	// CodeApprovalInvalid: the approval given is not the set's for this
	// call (another call's, other arguments', forged); the call needs
	// confirmation again.
	CodeApprovalInvalid Code = "approval_invalid"
	// CodeTimeout: the handler ran and did not finish within its time
	// limit (WithTimeout).
	CodeTimeout Code = "timeout"
	// CodeCanceled: the handler ran and did not finish before the caller's
	// context ended.
	CodeCanceled Code = "canceled"
	// CodeToolError: the handler ran and returned an error (Result.Err),
	// whose text the model reads verbatim unless WithToolErrorText says
	// otherwise.
	CodeToolError Code = "tool_error"
	// CodeBadResult: the handler ran and returned an output that does not
	// match the tool's result schema, or that cannot be sent (one with no
	// JSON form: a value that contains itself, a channel, NaN, a
	// MarshalJSON that fails or panics; JSON nested deeper than 512 levels;
	// a number beyond float64's range), or content items beyond their
	// bounds or not well formed (see Def.HandleContent). It is a bug of the
	// application, not of the model: the output is not sent, and the audit
	// log says what was wrong.
	CodeBadResult Code = "bad_result"
	// CodePanic: the application's code (a decoder, a policy, the
	// redaction hook, the handler) panicked, in any stage.
	CodePanic Code = "panic"
)

// The codes of a call that runs in rounds (InRounds) whose state the set
// refused, as it refuses an approval: the handler did not run, and the call
// starts over without the state.
const (
	// CodeStateInvalid: the state is not the set's for this call: another
	// call's, other arguments', altered or forged.
	CodeStateInvalid Code = "state_invalid"
	// CodeStateUsed: the state has continued a call already.
	CodeStateUsed Code = "state_used"
	// CodeStateExpired: the state is past the approval lifetime.
	CodeStateExpired Code = "state_expired"
)

// The codes of the calls a Guard does not let run (see Guard.Call).
const (
	CodeStopped      Code = "stopped"        // the loop was stopped before the call
	CodeTooManyCalls Code = "too_many_calls" // the step had run its Limits.MaxCalls calls
)

// The codes of a Stop: which limit of a Guard ended the loop.
const (
	CodeMaxSteps        Code = "max_steps"        // Limits.MaxSteps
	CodeMaxDuration     Code = "max_duration"     // Limits.MaxDuration
	CodeRepeatedFailure Code = "repeated_failure" // Limits.MaxRepeats
)
