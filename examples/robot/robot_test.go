package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// TestDispatch runs the seven calls and asserts their results exactly, then
// approves the dangerous call through the application: only three calls
// reach the robot.
func TestDispatch(t *testing.T) {
	ctx := context.Background()
	robot := NewRobot()
	var audit bytes.Buffer
	set := robot.NewSet(slog.New(slog.NewJSONHandler(&audit, nil)))

	want := []struct {
		status tool.Status
		code   string // the first error's code
		path   string
	}{
		{tool.StatusExecuted, "", ""},
		{tool.StatusExecuted, "", ""},
		{tool.StatusRejected, "maximum", "/y"},
		{tool.StatusRejected, "type", "/x"},
		{tool.StatusRejected, "unknown_tool", ""},
		{tool.StatusNeedsConfirmation, "", ""},
		{tool.StatusRejected, "bad_json", ""},
	}
	require.Len(t, Inputs, len(want))
	var pending tool.Result
	for i, input := range Inputs {
		res := set.CallJSON(ctx, []byte(input))
		w := want[i]
		assert.Equal(t, w.status, res.Status, input)
		if w.code == "" {
			assert.Empty(t, res.Errors, input)
		} else {
			require.Len(t, res.Errors, 1, input)
			assert.Equal(t, w.code, string(res.Errors[0].Code), input)
			assert.Equal(t, w.path, res.Errors[0].Path, input)
		}
		if res.Status == tool.StatusNeedsConfirmation {
			pending = res
		}
	}

	// The out-of-range call says what was wrong, where, and what was expected.
	third := set.CallJSON(ctx, []byte(Inputs[2]))
	assert.Equal(t, tool.Errors{{Code: "maximum", Path: "/y", Name: "y", Expected: "<= 10", Got: "integer", Actual: "40"}}, third.Errors)
	// The boolean x is a type error, caught before any range check, and the
	// only error: y and speed are fine.
	fourth := set.CallJSON(ctx, []byte(Inputs[3]))
	assert.Equal(t, tool.Errors{{Code: "type", Path: "/x", Name: "x", Expected: "number", Got: "boolean", Actual: "true"}}, fourth.Errors)
	assert.Equal(t, "argument 'x' should be number, got boolean true", fourth.Errors[0].Message())

	// The approval comes from the application, never from the arguments:
	// a "confirmed" member is an unexpected argument.
	sneaky := set.CallJSON(ctx, []byte(`{"tool": "open_door", "args": {"door": "north", "confirmed": true}}`))
	assert.Equal(t, tool.StatusRejected, sneaky.Status)
	assert.Equal(t, []string{"unexpected:confirmed"}, sneaky.Errors.Codes())
	// An approval is for that exact call: another door needs its own.
	other := set.CallJSON(ctx, []byte(`{"tool": "open_door", "args": {"door": "south"}}`), tool.Approve(pending.Approval))
	assert.Equal(t, tool.StatusNeedsConfirmation, other.Status)
	assert.NotEqual(t, pending.Approval, other.Approval)

	approved := set.CallJSON(ctx, []byte(Inputs[5]), tool.Approve(pending.Approval))
	assert.Equal(t, tool.StatusExecuted, approved.Status)
	assert.Equal(t, "the north door is open", approved.Output)

	// Only three calls reached the robot, and the audit log shows the same.
	executed := robot.Executed()
	require.Len(t, executed, 3)
	assert.Equal(t, []string{"get_battery", "move_to", "open_door"}, []string{executed[0].Tool, executed[1].Tool, executed[2].Tool})
	assert.Equal(t, MoveToArgs{X: 3, Y: 4, Speed: 0.5}, executed[1].Args)
	records := auditRecords(t, &audit)
	require.Len(t, records, 7+5)
	statuses := map[string]int{}
	for _, r := range records {
		statuses[r["status"].(string)]++
	}
	assert.Equal(t, map[string]int{"executed": 3, "rejected": 7, "needs_confirmation": 2}, statuses)
	// No argument value reaches the log without a redaction hook.
	assert.NotContains(t, audit.String(), "north")
	assert.NotContains(t, audit.String(), "south")
}

func auditRecords(t *testing.T, buf *bytes.Buffer) []map[string]any {
	t.Helper()
	var records []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var r map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		if r["msg"] == "tool call" {
			records = append(records, r)
		}
	}
	return records
}

// TestPolicies shows policies over the robot's state, out of the model's
// reach: the emergency stop and a speed limit.
func TestPolicies(t *testing.T) {
	ctx := context.Background()
	robot := NewRobot()
	set := robot.NewSet(nil)
	move := []byte(`{"x": 1, "y": 2, "speed": 0.5}`)

	robot.PressEmergencyStop(true)
	res := set.Call(ctx, "move_to", move)
	assert.Equal(t, tool.StatusRejected, res.Status)
	assert.Equal(t, tool.Code("emergency_stop"), res.Errors[0].Code)
	assert.Equal(t, "The call to move_to was refused by the application and not executed:\n"+
		"- the emergency stop is pressed: no action is allowed until a person releases it\n"+
		"Do not repeat this call; choose another action, or ask the user.", res.Feedback())
	assert.Equal(t, tool.StatusExecuted, set.Call(ctx, "get_battery", nil).Status, "reading stays allowed")
	robot.PressEmergencyStop(false)

	robot.LimitSpeed(0.3)
	res = set.Call(ctx, "move_to", move)
	assert.Equal(t, tool.Code("speed_limit"), res.Errors[0].Code)
	assert.Equal(t, "speed is limited to 0.3 right now", res.Errors[0].Message())
	assert.Equal(t, tool.StatusExecuted, set.Call(ctx, "move_to", []byte(`{"x": 1, "y": 2, "speed": 0.25}`)).Status)

	// Validation comes first: an invalid call never reaches a policy.
	res = set.Call(ctx, "move_to", []byte(`{"x": 1, "y": 2, "speed": 5}`))
	assert.Equal(t, []string{"maximum:speed"}, res.Errors.Codes())

	assert.Len(t, robot.Executed(), 2)
}

// TestRefusedApproval: an approval that does not count (used already,
// expired, for another door) leaves the call waiting for a person, as a
// first request does, with a new token, but with an error whose code says
// why the approval was refused; the audit record and what the model reads
// say it too. Nothing runs.
func TestRefusedApproval(t *testing.T) {
	ctx := context.Background()
	robot := NewRobot()
	var audit bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&audit, nil))
	set := robot.NewSet(logger)
	north := []byte(`{"door": "north"}`)
	first := set.Call(ctx, "open_door", north, tool.CallID("ask"))
	require.Equal(t, tool.StatusNeedsConfirmation, first.Status)
	assert.Empty(t, first.Errors, "a first request is no refusal")
	require.Equal(t, tool.StatusExecuted, set.Call(ctx, "open_door", north, tool.CallID("run"), tool.Approve(first.Approval)).Status)

	// A set whose approvals last a millisecond, for one that expires.
	brief := robot.NewSet(logger, tool.WithApprovalLifetime(time.Millisecond))
	pending := brief.Call(ctx, "open_door", north)
	time.Sleep(10 * time.Millisecond)

	for _, c := range []struct {
		id, code, verdict, reason string
		res                       tool.Result
	}{
		{"again", "approval_used", "used", "it was used already, and each approval answers for one run of the call",
			set.Call(ctx, "open_door", north, tool.CallID("again"), tool.Approve(first.Approval))},
		{"south", "approval_invalid", "invalid", "it was issued for another call, other arguments or another application",
			set.Call(ctx, "open_door", []byte(`{"door": "south"}`), tool.CallID("south"), tool.Approve(first.Approval))},
		{"late", "approval_expired", "expired", "it has expired, so a person must approve the call again",
			brief.Call(ctx, "open_door", north, tool.CallID("late"), tool.Approve(pending.Approval))},
	} {
		assert.Equal(t, tool.StatusNeedsConfirmation, c.res.Status, c.id)
		assert.Equal(t, []string{c.code + ":open_door"}, c.res.Errors.Codes(), c.id)
		assert.NotEmpty(t, c.res.Approval, c.id)
		assert.Equal(t, "The call to open_door needs a person's approval and has not been executed:\n"+
			"- the approval given was refused: "+c.reason+"\n"+
			"Do not repeat the call: tell the user what you want to do and why; the application runs it once a person approves it.",
			c.res.Feedback(), c.id)
		var record map[string]any
		for _, r := range auditRecords(t, &audit) {
			if r["call_id"] == c.id {
				record = r
			}
		}
		require.NotNil(t, record, c.id)
		assert.Equal(t, "needs_confirmation", record["status"], c.id)
		assert.Equal(t, []any{c.code}, record["codes"], c.id)
		assert.Equal(t, c.verdict, record["approval"], c.id)
	}
	assert.Len(t, robot.Executed(), 1, "only the approved call ran")
}

// TestOpenDoorIsNotRepeated: open_door is idempotent=false, so a retried
// request (same call id) returns the first result instead of acting again.
func TestOpenDoorIsNotRepeated(t *testing.T) {
	ctx := context.Background()
	robot := NewRobot()
	set := robot.NewSet(nil)
	assert.False(t, OpenDoorTool.Idempotent)
	assert.True(t, MoveToTool.Idempotent)

	args := []byte(`{"door": "east"}`)
	first := set.Call(ctx, "open_door", args, tool.CallID("toolu_1"))
	require.Equal(t, tool.StatusNeedsConfirmation, first.Status)
	approved := set.Call(ctx, "open_door", args, tool.CallID("toolu_1"), tool.Approve(first.Approval))
	require.Equal(t, tool.StatusExecuted, approved.Status)
	again := set.Call(ctx, "open_door", args, tool.CallID("toolu_1"), tool.Approve(first.Approval))
	assert.Equal(t, tool.StatusExecuted, again.Status)
	assert.True(t, again.Duplicate)
	assert.Equal(t, approved.Output, again.Output)
	assert.Len(t, robot.Executed(), 1)
}

// TestOutput checks what the command prints.
func TestOutput(t *testing.T) {
	var out bytes.Buffer
	run(&out, slog.New(slog.DiscardHandler))
	assert.Equal(t, `{"tool": "get_battery", "args": {}}
	executed get_battery(main.GetBatteryArgs{}): {"percent":87}
{"tool": "move_to", "args": {"x": 3, "y": 4, "speed": 0.5}}
	executed move_to(main.MoveToArgs{X:3, Y:4, Speed:0.5}): {"x":3,"y":4}
{"tool": "move_to", "args": {"x": 3, "y": 40, "speed": 0.5}}
	rejected ["maximum:y"]: argument 'y' should be <= 10, got 40
{"tool": "move_to", "args": {"x": true, "y": 4, "speed": 0.5}}
	rejected ["type:x"]: argument 'x' should be number, got boolean true
{"tool": "format_disk", "args": {}}
	rejected ["unknown_tool:format_disk"]: unknown tool 'format_disk'
{"tool": "open_door", "args": {"door": "north"}}
	needs_confirmation: a person approves with tool.Approve(res.Approval)
move to 3 4 please
	rejected ["bad_json"]: the call is not valid JSON: invalid character 'm', expecting a value (byte 0)
what the model reads back for the third call (Result.Feedback):
	The call to move_to was rejected and not executed:
	- argument 'y' should be <= 10, got 40
	Correct the arguments and call the tool again.
open_door, once a person approved it through the application:
	executed open_door(main.OpenDoorArgs{Door:"north"}): the north door is open
open_door again, with the approval already used:
	needs_confirmation ["approval_used:open_door"]: the approval given was refused: it was used already, and each approval answers for one run of the call
calls that reached the robot: 3
`, out.String())
}
