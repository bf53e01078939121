package adaptertest

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/toolgen-go/toolgen/internal/testkit/hostilevalue"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Files is a pretend file system the tools act on; it records the files
// deleted, so that a test can tell whether a dangerous call ran.
type Files struct {
	mu      sync.Mutex
	deleted []string
}

// NewSet returns a set of the three tools on fs, with a silent audit log
// unless opts give another.
func NewSet(fs *Files, opts ...tool.Option) *tool.Set {
	return tool.NewSet(append([]tool.Option{
		tool.WithLogger(slog.New(slog.DiscardHandler)),
		GetForecastTool.Handle(func(ctx context.Context, a GetForecastArgs) (Forecast, error) {
			days := max(a.Days, 1)
			f := Forecast{City: a.City, Days: []Day{}}
			for d := 1; d <= days; d++ {
				f.Days = append(f.Days, Day{Day: d, High: 20 + float64(d)/2})
			}
			return f, nil
		}),
		DeleteFileTool.Handle(func(ctx context.Context, a DeleteFileArgs) (any, error) {
			fs.mu.Lock()
			defer fs.mu.Unlock()
			fs.deleted = append(fs.deleted, a.Path)
			return "deleted " + a.Path, nil
		}),
		TagTool.Handle(func(ctx context.Context, a TagArgs) (any, error) {
			return map[string]any{"path": a.Path, "labels": len(a.Labels)}, nil
		}),
	}, opts...)...)
}

// DeletedFiles returns the files deleted so far.
func (fs *Files) DeletedFiles() []string {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return append([]string(nil), fs.deleted...)
}

// Outbox is a pretend mail server: it counts the emails sent, so that a test
// can tell how many calls ran.
type Outbox struct{ sent atomic.Int64 }

// Handler is the send_email tool on o, to add to NewSet.
func (o *Outbox) Handler() tool.Handler {
	return SendEmailTool.Handle(func(ctx context.Context, a SendEmailArgs) (any, error) {
		o.sent.Add(1)
		return "sent to " + a.To, nil
	})
}

// Sent returns how many emails were sent.
func (o *Outbox) Sent() int { return int(o.sent.Load()) }

// Call is a tool call of a model's turn, its arguments as JSON.
type Call struct{ ID, Name, Args string }

// RunawayTurn is a turn of n calls that a loop's guard must stop: the same
// call the set refuses three times (a relative path for tag), then emails.
func RunawayTurn(n int) []Call {
	calls := make([]Call, n)
	for i := range calls {
		calls[i] = Call{ID: "call_" + strconv.Itoa(i), Name: "send_email",
			Args: fmt.Sprintf(`{"to":"user%d@example.com","subject":"Offer %d"}`, i, i)}
		if i < 3 {
			calls[i].Name, calls[i].Args = "tag", `{"path":"notes.txt","labels":{}}`
		}
	}
	return calls
}

// Emails is a turn of n emails, each to its own address.
func Emails(n int) []Call { return RunawayTurn(n + 3)[3:] }

// StoppedFeedback is the feedback of a call of RunawayTurn after the guard
// stopped the loop, on its third refused call.
const StoppedFeedback = "The call to send_email was not executed:\n" +
	"- the loop was stopped before this call: the same failing call to tag was made 3 times; it is not retried again\n" +
	"Do not call any more tools: the task ends here."

// TooManyCallsFeedback is the feedback of a call past a step's n calls.
func TooManyCallsFeedback(n int) string {
	return "The call to send_email was not executed:\n" +
		"- this turn already ran " + strconv.Itoa(n) + " calls, the most one turn may run\n" +
		"Make fewer calls at once; call it again in your next turn if it is still needed."
}

// RefusedTagFeedback is the feedback of the refused calls of RunawayTurn.
const RefusedTagFeedback = "The call to tag was rejected and not executed:\n" +
	"- argument 'path' should be a string matching the pattern ^/, got \"notes.txt\"\n" +
	"Correct the arguments and call the tool again."

// Inspector is the inspect tool over hostile values, to add to NewSet: a
// call returns the value of its component, or panics with it when it says
// fail.
func Inspector(cases []hostilevalue.Case) tool.Handler {
	return InspectTool.Handle(func(ctx context.Context, a InspectArgs) (any, error) {
		v := cases[a.Component%len(cases)].Value
		if a.Fail {
			panic(v)
		}
		return v, nil
	})
}

// InspectTurn is a turn that inspects every case, then makes every case
// panic, with a call to get_forecast in the middle.
func InspectTurn(cases []hostilevalue.Case) []Call {
	var calls []Call
	for _, fail := range []bool{false, true} {
		for i := range cases {
			calls = append(calls, Call{ID: fmt.Sprintf("call_%d_%v", i, fail), Name: "inspect",
				Args: fmt.Sprintf(`{"component":%d,"fail":%v}`, i, fail)})
		}
		if !fail {
			calls = append(calls, Call{ID: "call_forecast", Name: "get_forecast", Args: `{"city":"Oslo"}`})
		}
	}
	return calls
}

// Inspection is what the model reads of a call of InspectTurn, as
// tool.Result.Feedback writes it: the output (text as it is, anything else
// as JSON) of a value a provider carries, else that the call failed; and
// the JSON of the output, for Gemini's {"output": ...}.
func Inspection(cases []hostilevalue.Case, call Call) (text string, output json.RawMessage, failed bool) {
	var a InspectArgs
	if err := json.Unmarshal([]byte(call.Args), &a); err != nil {
		panic(err)
	}
	c := cases[a.Component]
	switch {
	case a.Fail || c.Panics:
		return "The call to inspect failed:\n- the tool failed with an internal error\n" +
			"Do not repeat the same call unchanged more than once; choose another action if it fails again.", nil, true
	case !c.Sendable:
		return "The call to inspect failed:\n- the tool produced an output that cannot be sent\n" +
			"Do not repeat the same call unchanged more than once; choose another action if it fails again.", nil, true
	}
	b, err := json.Marshal(c.Value)
	if err != nil {
		panic(c.Name + ": " + err.Error())
	}
	switch v := c.Value.(type) {
	case nil:
		return "done", b, false
	case string:
		return v, b, false
	case []byte:
		return string(v), b, false
	case json.RawMessage:
		return string(v), b, false
	}
	return string(b), b, false
}

// ForecastOslo is the output of the call to get_forecast of InspectTurn.
const ForecastOslo = `{"city":"Oslo","days":[{"day":1,"high":20.5}]}`
