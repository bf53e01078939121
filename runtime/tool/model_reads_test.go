package tool_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/tool/internal/arm"
)

// What a model reads of a call it got wrong, or that did not run, as an
// application's Set with a generated tool renders it.

// gripSet is a set of the grip tool, a dangerous one whose force is an
// integer, whose handler counts its runs.
func gripSet(runs *atomic.Int32, opts ...tool.Option) *tool.Set {
	grip := arm.GripTool.Handle(func(_ context.Context, a arm.GripArgs) (any, error) {
		runs.Add(1)
		return a.Force, nil
	})
	return tool.NewSet(append([]tool.Option{grip, quiet}, opts...)...)
}

// TestTypeErrorEchoesValue: a value of the wrong type is echoed with its
// type, whichever way the call arrives (raw bytes, a map of json.Number or
// of float64, a stream in fragments), escaped and bounded as every echo is.
func TestTypeErrorEchoesValue(t *testing.T) {
	var runs atomic.Int32
	set := gripSet(&runs)
	ctx := context.Background()
	want := "argument 'force' should be integer, got number 19.99"

	res := set.Call(ctx, "grip", []byte(`{"force": 19.99}`))
	assert.Equal(t, []string{want}, res.Errors.Messages(), "raw")
	assert.Contains(t, res.Feedback(), "\n- "+want+"\n")
	assert.Contains(t, res.FeedbackJSON(), `{"code":"type","path":"/force","expected":"integer","got":"number","actual":"19.99"}`)

	res = set.CallArgs(ctx, "grip", map[string]any{"force": json.Number("19.99")})
	assert.Equal(t, []string{want}, res.Errors.Messages(), "json.Number")
	res = set.CallArgs(ctx, "grip", map[string]any{"force": 19.99})
	assert.Equal(t, []string{want}, res.Errors.Messages(), "float64")

	for _, size := range []int{1, 3, 100} {
		p := set.Open(ctx, "grip")
		require.Error(t, writeAll(t, p, `{"force": 19.99}`, size))
		assert.Equal(t, []string{want}, p.Close().Errors.Messages(), "streamed in fragments of %d bytes", size)
	}

	for raw, want := range map[string]string{
		`{"force": "20"}`:  `argument 'force' should be integer, got string "20"`,
		`{"force": true}`:  `argument 'force' should be integer, got boolean true`,
		`{"force": null}`:  `argument 'force' should be integer, got null`,
		`{"force": [20]}`:  `argument 'force' should be integer, got array`,
		`{"force": 25e-1}`: `argument 'force' should be integer, got number 25e-1`,
		// Escaped as every echo is: no character starts a line of its own.
		`{"force": "2\n0\u2028"}`: `argument 'force' should be integer, got string "2\n0\u2028"`,
	} {
		res := set.Call(ctx, "grip", []byte(raw))
		assert.Equal(t, []string{want}, res.Errors.Messages(), raw)
		p := set.Open(ctx, "grip")
		writeAll(t, p, raw, 2)
		assert.Equal(t, []string{want}, p.Close().Errors.Messages(), "streamed: %s", raw)
	}

	// A huge value is shortened: the sentence keeps its bound.
	huge := strings.Repeat("7", 100_000)
	res = set.Call(ctx, "grip", []byte(`{"force": "`+huge+`"}`))
	require.Len(t, res.Errors, 1)
	msg := res.Errors[0].Message()
	assert.Equal(t, `argument 'force' should be integer, got string "`+huge[:64]+`"… (100000 characters)`, msg)
	res = set.Call(ctx, "grip", []byte(`{"force": 1.`+huge+`5}`))
	require.Len(t, res.Errors, 1)
	msg = res.Errors[0].Message()
	assert.LessOrEqual(t, len(msg), 796)
	assert.True(t, strings.HasPrefix(msg, "argument 'force' should be integer, got number 1.7777"), msg)
	assert.True(t, strings.HasSuffix(msg, "77775"), msg)
	assert.Contains(t, msg, "…")
	assert.Zero(t, runs.Load())
}

// TestIncompleteCallIsToldToCallAgain: a streamed call its stream cut, its
// bytes valid so far or whole (the application stopped the stream at
// another call's rejection), is not told to correct its JSON: it did not
// run, and the model calls it again if it still needs it.
func TestIncompleteCallIsToldToCallAgain(t *testing.T) {
	var runs atomic.Int32
	set := moveSet(&runs, quiet)
	for _, raw := range []string{`{"x": 1, "y": 2}`, `{"x": 1, "y`} {
		p := set.Open(context.Background(), "move", tool.CallID("c1"))
		require.NoError(t, writeAll(t, p, raw, 4))
		res := p.Abort("stopped at the rejected call c2")
		assert.Equal(t, []string{"incomplete"}, res.Errors.Codes())
		assert.Equal(t, "The call to move was not executed:\n"+
			"- the call was cut off after "+itoa(len(raw))+" bytes of arguments (stopped at the rejected call c2): it was not run\n"+
			"Call the tool again if the call is still needed.", res.Feedback())
		assert.Contains(t, res.FeedbackJSON(), `"instruction":"Call the tool again if the call is still needed."`)
		assert.NotContains(t, res.Feedback(), "JSON")
	}
	// Arguments that are not JSON are still told to be corrected.
	p := set.Open(context.Background(), "move")
	require.Error(t, writeAll(t, p, `{"x": 1,]`, 4))
	assert.Contains(t, p.Abort("stopped").Feedback(), "Correct the call so that its arguments are one JSON object")
	assert.Zero(t, runs.Load())
}

// TestToolErrorText: a handler's error reaches the model verbatim, unless
// WithToolErrorText says what it reads; Result.Err and the audit record keep
// the error itself. A timeout is told in the set's words, not fn's.
func TestToolErrorText(t *testing.T) {
	dsn := errors.New("dial postgres://admin:s3cret@db.internal:5432/orders: connection refused")
	handler := func(err error) tool.Option {
		return arm.MoveTool.Handle(func(ctx context.Context, a arm.MoveArgs) (any, error) {
			if a.X == 9 {
				<-ctx.Done()
				return nil, ctx.Err()
			}
			return nil, err
		})
	}
	call := func(set *tool.Set, raw string) tool.Result {
		return set.Call(context.Background(), "move", []byte(raw))
	}

	// The default: verbatim.
	res := call(tool.NewSet(handler(dsn), quiet), `{"x": 1, "y": 2}`)
	assert.Equal(t, tool.StatusFailed, res.Status)
	assert.Contains(t, res.Feedback(), "- the tool failed: dial postgres://admin:s3cret@db.internal:5432/orders: connection refused\n")

	log, audit := auditLog()
	var seen []string
	set := tool.NewSet(handler(dsn), tool.WithLogger(log), tool.WithTimeout(50*time.Millisecond),
		tool.WithToolErrorText(func(name string, err error) string {
			seen = append(seen, name)
			if strings.Contains(err.Error(), "postgres://") {
				return "the order database is unavailable; try again in a minute"
			}
			return err.Error()
		}))
	res = call(set, `{"x": 1, "y": 2}`)
	assert.Equal(t, "The call to move failed:\n"+
		"- the tool failed: the order database is unavailable; try again in a minute\n"+
		"Do not repeat the same call unchanged more than once; choose another action if it fails again.", res.Feedback())
	assert.NotContains(t, res.FeedbackJSON(), "s3cret")
	assert.Equal(t, dsn, res.Err, "Result.Err keeps the error")
	assert.Contains(t, audit.String(), `"codes":["tool_error"],"error":"dial postgres://admin:s3cret@db.internal:5432/orders: connection refused"`,
		"the audit record keeps the error")
	assert.Equal(t, []string{"move"}, seen)

	res = call(set, `{"x": 9, "y": 2}`)
	assert.Equal(t, []string{"timeout"}, res.Errors.Codes(), "a timeout is not the handler's error")
	assert.Equal(t, []string{"move"}, seen, "fn sees only handler errors")

	// fn returning "" or panicking: the model reads that the tool failed, no more.
	for name, fn := range map[string]func(string, error) string{
		"empty":  func(string, error) string { return "" },
		"panics": func(string, error) string { panic("no text") },
	} {
		res := call(tool.NewSet(handler(dsn), quiet, tool.WithToolErrorText(fn)), `{"x": 1, "y": 2}`)
		assert.Equal(t, tool.StatusFailed, res.Status, name)
		assert.Equal(t, "The call to move failed:\n- the tool failed\n"+
			"Do not repeat the same call unchanged more than once; choose another action if it fails again.", res.Feedback(), name)
		assert.Equal(t, dsn, res.Err, name)
	}
}

// TestApprovalRequestArgs: an approver reads the decoded arguments in Args
// however the call came (raw bytes, a map, a whole JSON call, a stream),
// beside the same arguments as read.
func TestApprovalRequestArgs(t *testing.T) {
	var runs atomic.Int32
	set := gripSet(&runs)
	var asked []tool.ApprovalRequest
	ask := tool.Ask(func(ctx context.Context, req tool.ApprovalRequest) (bool, error) {
		asked = append(asked, req)
		return req.Args.(arm.GripArgs).Force < 25, nil
	})
	ctx := context.Background()
	results := []tool.Result{
		set.Call(ctx, "grip", []byte(`{"force": 20}`), tool.CallID("c1"), ask),
		set.CallArgs(ctx, "grip", map[string]any{"force": json.Number("30")}, tool.CallID("c2"), ask),
		set.CallJSON(ctx, []byte(`{"tool": "grip", "args": {"force": 24}}`), tool.CallID("c3"), ask),
	}
	p := set.Open(ctx, "grip", tool.CallID("c4"), ask)
	require.NoError(t, writeAll(t, p, `{"force": 200}`, 3))
	results = append(results, p.Close())

	require.Len(t, asked, 4)
	for i, want := range []int{20, 30, 24, 200} {
		assert.Equal(t, arm.GripArgs{Force: want}, asked[i].Args, "call %d", i)
		assert.Equal(t, map[string]any{"force": json.Number(strconv.Itoa(want))}, asked[i].Arguments, "call %d", i)
	}
	var statuses []tool.Status
	for _, res := range results {
		statuses = append(statuses, res.Status)
	}
	assert.Equal(t, []tool.Status{tool.StatusExecuted, tool.StatusRejected, tool.StatusExecuted, tool.StatusRejected}, statuses)
	assert.Equal(t, int32(2), runs.Load())
}

// TestOutputInCodeFence: an answer in a Markdown code fence is refused,
// never repaired, and the model reads that it should remove the fence,
// whether the answer is parsed whole or streamed. An answer without a fence
// line is told where its JSON breaks, as before.
func TestOutputInCodeFence(t *testing.T) {
	plan := `{"moves":[{"x":1,"y":2}],"reason":"reach the cup"}`
	want := "Your answer does not match the format plan:\n" +
		"- the answer is not valid JSON: it is in a Markdown code fence (```); remove the code fence and any text around it, and answer with the JSON object alone\n" +
		"Answer again with only a JSON object that matches the format."
	for _, answer := range []string{
		"```json\n" + plan + "\n```",
		"```\n" + plan + "\n```\n",
		"Here is the plan:\n\n```json\n" + plan + "\n```",
		"  ```JSON\r\n" + plan + "\r\n  ```",
		"```json\n" + plan, // the model stopped before the closing fence
	} {
		got, errs := arm.PlanOutput.Parse(answer)
		assert.Equal(t, arm.Plan{}, got, "no repair: %q", answer)
		assert.Equal(t, []string{"bad_json"}, errs.Codes(), "%q", answer)
		assert.Equal(t, want, arm.PlanOutput.Feedback(errs), "%q", answer)

		st := arm.PlanOutput.Stream()
		for i := 0; i < len(answer); i += 5 {
			st.Write([]byte(answer[i:min(i+5, len(answer))]))
		}
		_, streamed := st.Close()
		assert.Equal(t, errs, streamed, "streamed: %q", answer)
	}
	for answer, reason := range map[string]string{
		// No line starts with a fence: the JSON's own error.
		`{"moves":[],"reason":"see ` + "```" + `"`:           "the answer is not valid JSON: unexpected end of input",
		"Here is the plan: " + plan:                          "the answer is not valid JSON: invalid character 'H'",
		`{"moves":[{"x":1,"y":2}],"reason":"` + "```" + `"}`: "",
	} {
		_, errs := arm.PlanOutput.Parse(answer)
		if reason == "" {
			assert.Nil(t, errs, "a fence inside a string is the answer's own: %q", answer)
			continue
		}
		require.Len(t, errs, 1, "%q", answer)
		assert.True(t, strings.HasPrefix(errs[0].Message(), reason), "%q: %s", answer, errs[0].Message())
		assert.NotContains(t, errs[0].Message(), "code fence")
	}
}
