package tool

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// asker is an Approver that records its questions and answers them as
// answer does.
type asker struct {
	mu     sync.Mutex
	asked  []ApprovalRequest
	answer func(ApprovalRequest) (bool, error)
}

func (a *asker) approver() Approver {
	return func(ctx context.Context, req ApprovalRequest) (bool, error) {
		a.mu.Lock()
		a.asked = append(a.asked, req)
		a.mu.Unlock()
		return a.answer(req)
	}
}

func yes(ApprovalRequest) (bool, error) { return true, nil }

// auditLines returns the audit records of the calls, one per line.
func auditLines(b *syncBuffer) []string {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		if strings.Contains(l, `msg="tool call"`) {
			lines = append(lines, l)
		}
	}
	return lines
}

// A yes runs the call once, through the set's token: the audit holds the
// request for approval and the approved run; the person is asked once,
// with the tool, the call's id, the exact arguments and the confirmation.
func TestAskYes(t *testing.T) {
	var c counter
	var audit syncBuffer
	set := newTestSet(&c, slog.New(slog.NewTextHandler(&audit, nil)))
	a := &asker{answer: yes}
	args := []byte(`{"text": "north\u2028door", "x": 1}`)
	res := set.Call(context.Background(), "door", []byte(`{"text": "north\u2028door"}`), CallID("c1"), Ask(a.approver()))
	assert.Equal(t, StatusExecuted, res.Status, res.Feedback())
	assert.Equal(t, "north\u2028door", res.Output)
	assert.Equal(t, "c1", res.CallID)
	assert.Equal(t, int64(1), c.n.Load())
	require.Len(t, a.asked, 1)
	q := a.asked[0]
	assert.Same(t, &doorDef.Tool, q.Tool)
	assert.Equal(t, "c1", q.CallID)
	assert.Equal(t, map[string]any{"text": "north\u2028door"}, q.Arguments)
	assert.Equal(t, doorDef.Confirmation([]byte(`{"text": "north\u2028door"}`)), q.Confirmation)
	assert.Contains(t, q.Confirmation, `- text: "north\u2028door"`, "escaped for the person")
	lines := auditLines(&audit)
	require.Len(t, lines, 2, audit.String())
	assert.Contains(t, lines[0], "status=needs_confirmation")
	assert.Contains(t, lines[0], "approval=required")
	assert.Contains(t, lines[1], "status=executed")
	assert.Contains(t, lines[1], "approval=granted")
	for _, l := range lines {
		assert.Contains(t, l, "call_id=c1")
	}

	// Invalid arguments ask nothing, even with a member more.
	res = set.Call(context.Background(), "door", args, Ask(a.approver()))
	assert.Equal(t, StatusRejected, res.Status)
	assert.Len(t, a.asked, 1)
}

// A no declines the call: rejected with code declined, audited, never run.
func TestAskNo(t *testing.T) {
	var c counter
	var audit syncBuffer
	set := newTestSet(&c, slog.New(slog.NewTextHandler(&audit, nil)))
	a := &asker{answer: func(ApprovalRequest) (bool, error) { return false, nil }}
	res := set.Call(context.Background(), "door", []byte(`{"text": "north"}`), Ask(a.approver()))
	assert.Equal(t, StatusRejected, res.Status)
	assert.Equal(t, []string{"declined:door"}, res.Errors.Codes())
	assert.Equal(t, "The call to door was declined by the user and not executed:\n- a person declined this call\n"+
		"Do not repeat this call; ask the user what to do instead.", res.Feedback())
	assert.Zero(t, c.n.Load())
	assert.Len(t, a.asked, 1)
	lines := auditLines(&audit)
	require.Len(t, lines, 2)
	assert.Contains(t, lines[1], "approval=declined")
}

// An approver's error, or its panic, leaves the call unanswered: rejected,
// not run, audited, logged; the set stays sound for the next call.
func TestAskFails(t *testing.T) {
	var c counter
	var log syncBuffer
	set := newTestSet(&c, slog.New(slog.NewTextHandler(&log, nil)))
	offline := errors.New("the person's device is offline")
	a := &asker{answer: func(req ApprovalRequest) (bool, error) {
		if req.Arguments["text"] == "panic" {
			panic("approver bug")
		}
		return false, offline
	}}
	res := set.Call(context.Background(), "door", []byte(`{"text": "north"}`), CallID("c1"), Ask(a.approver()))
	assert.Equal(t, StatusRejected, res.Status)
	assert.ErrorIs(t, res.Err, offline)
	assert.Equal(t, []string{"unavailable:door"}, res.Errors.Codes())
	assert.Equal(t, "The call to door was rejected and not executed:\n"+
		"- the application could not ask a person to approve the call, so it was not executed\n"+
		"Do not repeat the same call unchanged more than once; choose another action if it fails again.", res.Feedback())
	assert.Equal(t, "c1", res.CallID)
	assert.Contains(t, log.String(), `msg="tool approver failed" tool=door call_id=c1 error="the person's device is offline"`)
	lines := auditLines(&log)
	require.Len(t, lines, 2)
	assert.Contains(t, lines[1], "status=rejected")
	assert.Contains(t, lines[1], "codes=[unavailable]")
	assert.Contains(t, lines[1], "approval=unanswered")

	res = set.CallArgs(context.Background(), "door", map[string]any{"text": "panic"}, Ask(a.approver()))
	assert.Equal(t, StatusRejected, res.Status)
	assert.Equal(t, []string{"panic:door"}, res.Errors.Codes())
	assert.Contains(t, log.String(), `msg="tool approver panicked" tool=door`)
	assert.Zero(t, c.n.Load())

	res = set.Call(context.Background(), "echo", []byte(`{"text": "still fine"}`), Ask(a.approver()))
	assert.Equal(t, StatusExecuted, res.Status)
}

// Only a first request for approval asks: not a call the set refused
// before (invalid arguments, a policy's denial, an unknown tool), not a
// call of a tool that is not dangerous, not a call made with an approval,
// valid or refused; Ask(nil) asks nothing.
func TestAskOnlyFirstRequests(t *testing.T) {
	var c counter
	deny := false
	set := newTestSet(&c, nil, WithPolicy(func(ctx context.Context, call *Call) error {
		if deny {
			return Deny("emergency_stop", "the emergency stop is pressed")
		}
		return nil
	}))
	ctx := context.Background()
	a := &asker{answer: yes}
	ask := Ask(a.approver())
	for _, call := range []struct{ name, args string }{
		{"door", `{"text": 1}`},
		{"door", `{"text": "a"`},
		{"nope", `{"text": "a"}`},
		{"echo", `{"text": "a"}`},
		{"step", `{"text": "a"}`},
	} {
		set.Call(ctx, call.name, []byte(call.args), ask)
	}
	deny = true
	assert.Equal(t, StatusRejected, set.Call(ctx, "door", []byte(`{"text": "a"}`), ask).Status)
	deny = false
	assert.Empty(t, a.asked)

	token := approvalOf(t, set, "door", `{"text": "b"}`)
	res := set.Call(ctx, "door", []byte(`{"text": "other"}`), Approve(token), ask)
	assert.Equal(t, StatusNeedsConfirmation, res.Status)
	assert.Equal(t, []string{"approval_invalid:door"}, res.Errors.Codes(), "refused, and not asked again")
	assert.Equal(t, StatusExecuted, set.Call(ctx, "door", []byte(`{"text": "b"}`), Approve(token), ask).Status)
	res = set.Call(ctx, "door", []byte(`{"text": "b"}`), Decline(token), ask)
	assert.Equal(t, []string{"approval_used:door"}, res.Errors.Codes())
	assert.Empty(t, a.asked)

	assert.Equal(t, StatusNeedsConfirmation, set.Call(ctx, "door", []byte(`{"text": "c"}`), Ask(nil)).Status)
	assert.Equal(t, int64(3), c.n.Load(), "echo, step and the approved door")
}

// A yes runs the call again through every stage: a policy that denies it
// while the person was answering refuses it, and it does not run.
func TestAskRunsEveryStageAgain(t *testing.T) {
	var c counter
	stop := false
	set := newTestSet(&c, nil, WithPolicy(func(ctx context.Context, call *Call) error {
		if stop {
			return Deny("emergency_stop", "the emergency stop is pressed")
		}
		return nil
	}))
	a := &asker{answer: func(ApprovalRequest) (bool, error) { stop = true; return true, nil }}
	res := set.Call(context.Background(), "door", []byte(`{"text": "north"}`), Ask(a.approver()))
	assert.Equal(t, []string{"emergency_stop:door"}, res.Errors.Codes())
	assert.Zero(t, c.n.Load())
}

// CallArgs and CallJSON ask as Call does, with the arguments as given.
func TestAskEveryEntry(t *testing.T) {
	var c counter
	set := newTestSet(&c, nil)
	ctx := context.Background()
	a := &asker{answer: yes}
	res := set.CallArgs(ctx, "door", map[string]any{"text": "west"}, Ask(a.approver()))
	assert.Equal(t, "west", res.Output)
	res = set.CallJSON(ctx, []byte(`{"tool": "door", "args": {"text": "east"}}`), CallID("j"), Ask(a.approver()))
	assert.Equal(t, "east", res.Output)
	require.Len(t, a.asked, 2)
	assert.Equal(t, map[string]any{"text": "west"}, a.asked[0].Arguments)
	assert.Equal(t, map[string]any{"text": "east"}, a.asked[1].Arguments)
	assert.Equal(t, "j", a.asked[1].CallID)
	assert.Equal(t, doorDef.ConfirmationArgs(map[string]any{"text": "east"}), a.asked[1].Confirmation)
	assert.Equal(t, int64(2), c.n.Load())

	// Numbers reach the approver exactly as written.
	set = NewSet(valueDef.Handle(c.value), WithLogger(nil))
	set.Call(ctx, "value", []byte(`{"value": 9007199254740993}`), Ask(a.approver()))
	require.Len(t, a.asked, 3)
	assert.Equal(t, json.Number("9007199254740993"), a.asked[2].Arguments["value"])
}

// Through a Guard: a call the guard does not let run asks nothing; a call
// being asked holds its place among the step's calls, so that the yes is
// never refused for want of room; a declined call does not count.
func TestAskThroughGuard(t *testing.T) {
	var c counter
	set := newTestSet(&c, nil)
	ctx := context.Background()
	g := NewGuard(Limits{MaxCalls: 1})
	require.NoError(t, g.Step())
	var during Result
	a := &asker{answer: func(ApprovalRequest) (bool, error) {
		during = g.Call(ctx, set, "echo", []byte(`{"text": "meanwhile"}`))
		return true, nil
	}}
	res := g.Call(ctx, set, "door", []byte(`{"text": "north"}`), Ask(a.approver()))
	assert.Equal(t, StatusExecuted, res.Status)
	assert.Equal(t, []string{"too_many_calls:echo"}, during.Errors.Codes(), "the asked call holds the step's one place")
	assert.Equal(t, []string{"too_many_calls:door"}, g.Call(ctx, set, "door", []byte(`{"text": "south"}`), Ask(a.approver())).Errors.Codes())
	assert.Len(t, a.asked, 1, "past the limit, nothing is asked")

	require.NoError(t, g.Step())
	a.answer = func(ApprovalRequest) (bool, error) { return false, nil }
	assert.Equal(t, StatusRejected, g.Call(ctx, set, "door", []byte(`{"text": "west"}`), Ask(a.approver())).Status)
	assert.Equal(t, StatusExecuted, g.Call(ctx, set, "echo", []byte(`{"text": "a"}`)).Status, "the declined call left its place")

	stopped := NewGuard(Limits{MaxSteps: 1})
	require.NoError(t, stopped.Step())
	require.Error(t, stopped.Step())
	res = stopped.CallArgs(ctx, set, "door", map[string]any{"text": "north"}, Ask(a.approver()))
	assert.Equal(t, []string{"stopped:door"}, res.Errors.Codes())
	assert.Len(t, a.asked, 2)
	assert.Equal(t, int64(2), c.n.Load())
}

// The observer sees each call once, the guard's refusals and the calls
// an approver left unanswered included: End always follows its Begin.
func TestAskObserved(t *testing.T) {
	o := &watcher{}
	var c counter
	set := newTestSet(&c, nil, WithObserver(o))
	ctx := context.Background()
	a := &asker{answer: func(ApprovalRequest) (bool, error) { return false, errors.New("offline") }}
	set.Call(ctx, "door", []byte(`{"text": "north"}`), Ask(a.approver()))
	stopped := NewGuard(Limits{MaxSteps: 1})
	stopped.Step()
	stopped.Step()
	stopped.Call(ctx, set, "echo", []byte(`{"text": "a"}`))
	require.Len(t, o.ended, 3)
	assert.Equal(t, 3, o.begun)
	assert.Equal(t, []bool{true, true, true}, o.marked)
	assert.Equal(t, CodeUnavailable, o.ended[1].Result.Errors[0].Code)
	assert.Equal(t, CodeStopped, o.ended[2].Result.Errors[0].Code)
}
