package tool

// CallOption sets a property of one call: CallID, RequestID, Approve,
// Decline, Ask, InRounds. The zero CallOption sets nothing.
type CallOption struct {
	set   uint8 // which property: one of the constants below
	value string
	ask   Approver
	round *Round
}

const (
	setID uint8 = 1 + iota
	setRequestID
	setApproval
	setDecline
	setAsk
	setRound
)

type callOptions struct {
	id, requestID, approval string
	decline                 bool   // the token of approval is declined
	round                   *Round // the call runs in rounds
}

// CallID sets the call's id, as the provider gave it (OpenAI's tool_call_id,
// Anthropic's tool_use id): it goes to the audit log and to the shaped
// results (Result.OpenAI, Result.Anthropic). Without RequestID, it is also
// the request id.
func CallID(id string) CallOption { return CallOption{set: setID, value: id} }

// RequestID sets the id under which a set deduplicates calls to a tool that
// is not idempotent: a second call with the same id, within the window,
// returns the first call's result instead of acting again.
func RequestID(id string) CallOption { return CallOption{set: setRequestID, value: id} }

// Approve supplies a person's approval of a dangerous call: token is the
// Result.Approval of the needs_confirmation result of that same call. It
// approves that exact call only (same tool, same arguments as JSON values),
// in the set that issued it (or a replica sharing its key and store), once,
// within 15 minutes (see WithApprovalLifetime). A token that is
// not valid for the call is no approval: the call needs confirmation again,
// with a new token and an error saying why the token was refused
// (approval_used, approval_expired, approval_invalid). The approval
// comes from the application, through a channel the model cannot write to:
// never from the model's arguments. Ask does it within the call.
func Approve(token string) CallOption { return CallOption{set: setApproval, value: token} }

// Decline records a person's refusal of a dangerous call: token is the
// Result.Approval of the needs_confirmation result of that same call, as
// for Approve. The call is rejected with code declined, audited as such,
// and never runs; the token cannot approve it any more. A token that is not
// valid for the call is no answer: the call needs confirmation again, as
// for Approve.
func Decline(token string) CallOption { return CallOption{set: setDecline, value: token} }
