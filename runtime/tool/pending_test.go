package tool_test

import (
	"context"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/tool/internal/arm"
)

// moveSet is a set of the move tool whose handler counts its runs.
func moveSet(runs *atomic.Int32, opts ...tool.Option) *tool.Set {
	move := arm.MoveTool.Handle(func(_ context.Context, a arm.MoveArgs) (any, error) {
		runs.Add(1)
		return a.X + a.Y, nil
	})
	return tool.NewSet(append([]tool.Option{move}, opts...)...)
}

// writeAll writes raw into p in fragments of size bytes, and returns the
// first error a Write returned.
func writeAll(t *testing.T, p *tool.Pending, raw string, size int) error {
	t.Helper()
	var first error
	for i := 0; i < len(raw); i += size {
		n, err := p.Write([]byte(raw[i:min(i+size, len(raw))]))
		require.Equal(t, min(size, len(raw)-i), n)
		if first == nil {
			first = err
		}
	}
	return first
}

// TestPendingCloseIsCall: a streamed call, closed, has the Result and the
// audit record of Call with the same bytes, whatever the fragments:
// valid, invalid, not JSON, with a policy.
func TestPendingCloseIsCall(t *testing.T) {
	deny := tool.WithPolicy(tool.PolicyFor(&arm.MoveTool, func(_ context.Context, a arm.MoveArgs) error {
		if a.X > 5 {
			return tool.Deny("too_far", "x beyond 5")
		}
		return nil
	}))
	// The calls a Write refuses, before Close: those breaking the schema
	// by the Write that completes the offending token (the closing brace of
	// an object missing a member); not a missing end, not a policy.
	early := map[string]bool{`{"x":11,"y":2}`: true, `{"x":1}`: true, `{"x":1,"y":2}}`: true, `[1]`: true, `{"x":1,"y":2,"z":3}`: true}
	for _, raw := range []string{`{"x":1,"y":2}`, `{"x":1,"y":2,"speed":0.5}`, `{"x":11,"y":2}`, `{"x":1}`,
		`{"x":1,"y":2`, `{"x":1,"y":2}}`, `{"x":6,"y":1}`, ``, `[1]`, `{"x":1,"y":2,"z":3}`} {
		for _, opts := range [][]tool.Option{nil, {deny}, {tool.WithMaxErrors(1)}} {
			for _, size := range []int{1, 3, 100} {
				var runs atomic.Int32
				log, audit := auditLog()
				want := moveSet(&runs, append(opts, tool.WithLogger(log))...).
					Call(context.Background(), "move", []byte(raw), tool.CallID("c1"))
				wantRuns, wantAudit := runs.Load(), stripDurations(audit.String())
				audit.Reset()

				// Another set: the move tool is not idempotent, and c1 is
				// its request id.
				set := moveSet(&runs, append(opts, tool.WithLogger(log))...)
				p := set.Open(context.Background(), "move", tool.CallID("c1"))
				err := writeAll(t, p, raw, size)
				got := p.Close()
				assert.Equal(t, early[raw], err != nil, "%q in fragments of %d: %v", raw, size, err)
				assert.Equal(t, got, p.Close(), "a second Close")
				want.Duration, got.Duration = 0, 0
				assert.Equal(t, want, got, "%q in fragments of %d", raw, size)
				assert.Equal(t, 2*wantRuns, runs.Load(), "%q: the handler runs once more", raw)
				assert.Equal(t, wantAudit, stripDurations(audit.String()), "%q: the audit", raw)
			}
		}
	}
}

// stripDurations drops the durations and times of audit records, which
// differ from run to run.
func stripDurations(log string) string {
	var out []string
	for _, line := range strings.Split(log, "\n") {
		var kept []string
		for _, f := range strings.Split(line, ",") {
			if !strings.HasPrefix(f, `"duration"`) && !strings.HasPrefix(f, `{"time"`) {
				kept = append(kept, f)
			}
		}
		out = append(out, strings.Join(kept, ","))
	}
	return strings.Join(out, "\n")
}

// TestPendingFinality: a call whose stream is cut is never run, even when
// its bytes parse and are valid; Abort's result and audit record say
// incomplete; a dropped Pending never runs either.
func TestPendingFinality(t *testing.T) {
	var runs atomic.Int32
	log, audit := auditLog()
	set := moveSet(&runs, tool.WithLogger(log))
	for _, raw := range []string{`{"x":1,"y":2}`, `{"x":1,"y":2,"speed":0.5`, `{"x":1,`, ``} {
		p := set.Open(context.Background(), "move", tool.CallID("cut"))
		require.NoError(t, writeAll(t, p, raw, 2), raw)
		res := p.Abort("max_tokens")
		assert.Equal(t, tool.StatusRejected, res.Status)
		require.Len(t, res.Errors, 1)
		assert.Equal(t, tool.CodeIncomplete, res.Errors[0].Code)
		assert.Contains(t, res.Errors[0].Reason, "max_tokens")
		assert.Equal(t, res, p.Close(), "Close after Abort runs nothing")
		_, err := p.Write([]byte("}"))
		assert.Error(t, err, "a write after Abort")
	}
	for range 3 {
		p := set.Open(context.Background(), "move")
		_, err := p.Write([]byte(`{"x":1,"y":2}`))
		require.NoError(t, err)
		// dropped: the provider never said the call ended
	}
	assert.Zero(t, runs.Load(), "a call that did not end ran")
	assert.Equal(t, 4, strings.Count(audit.String(), `"codes":["incomplete"]`), audit.String())
	assert.Equal(t, 4, strings.Count(audit.String(), `"call_id":"cut"`))
}

// TestPendingEarly: an unknown tool is refused before any byte; a call
// breaking the schema is refused at the Write that completes the
// offending token, with the same error on every later Write; a call past
// the set's size limit at the Write that crosses it.
func TestPendingEarly(t *testing.T) {
	var runs atomic.Int32
	set := moveSet(&runs, tool.WithMaxArgumentSize(64))

	p := set.Open(context.Background(), "mvoe")
	_, err := p.Write(nil)
	var errs tool.Errors
	require.ErrorAs(t, err, &errs)
	assert.Equal(t, tool.CodeUnknownTool, errs[0].Code)
	_, again := p.Write([]byte(`{"x":1,"y":2}`))
	assert.Equal(t, err, again)
	res := p.Close()
	assert.Equal(t, set.Call(context.Background(), "mvoe", []byte(`{"x":1,"y":2}`)).Errors, res.Errors)

	p = set.Open(context.Background(), "move")
	_, err = p.Write([]byte(`{"x":1,"speeed"`))
	require.ErrorAs(t, err, &errs)
	assert.Equal(t, []string{"unexpected:speeed"}, errs.Codes())
	_, again = p.Write([]byte(`:1,"y":2}`))
	assert.Equal(t, err, again)
	res = p.Close()
	assert.Equal(t, tool.StatusRejected, res.Status)
	assert.Equal(t, []string{"unexpected:speeed"}, res.Errors.Codes())

	p = set.Open(context.Background(), "move")
	_, err = p.Write([]byte(`{"x":1,"y":2,"speed":0.` + strings.Repeat("1", 40)))
	require.NoError(t, err)
	_, err = p.Write([]byte(strings.Repeat("1", 40)))
	require.ErrorAs(t, err, &errs)
	assert.Equal(t, tool.CodeTooLarge, errs[0].Code)
	p.Write([]byte("}"))
	res = p.Close()
	assert.Equal(t, tool.CodeTooLarge, res.Errors[0].Code)
	assert.Contains(t, res.Errors[0].Reason, "104 bytes")
	assert.Zero(t, runs.Load())
}

// TestDroppedStreamsLetGo: streams and pending calls dropped before their
// end (a connection lost, nobody calling Close or Abort) let go of their
// decoders' coroutines once the garbage collector finds them: the number
// of goroutines comes back.
func TestDroppedStreamsLetGo(t *testing.T) {
	var runs atomic.Int32
	set := moveSet(&runs)
	before := runtime.NumGoroutine()
	for range 200 {
		st := arm.MoveTool.Stream()
		st.Write([]byte(`{"x":1,"y":`))
		p := set.Open(context.Background(), "move")
		p.Write([]byte(`{"x":1,"y":2`))
	}
	during := runtime.NumGoroutine()
	t.Logf("goroutines: %d before, %d with the streams open", before, during)
	require.Greater(t, during, before+100, "each open stream parks a coroutine")
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before+10 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	assert.LessOrEqual(t, runtime.NumGoroutine(), before+10, "goroutines left by dropped streams")
	assert.Zero(t, runs.Load(), "a dropped call ran")
}

// TestPendingAbortRejected: a call Write rejected, then cut (the
// application cancelled the request for it), is answered with the
// rejection, at the stage Call reports it from; the audit records its codes.
func TestPendingAbortRejected(t *testing.T) {
	var runs atomic.Int32
	log, audit := auditLog()
	set := moveSet(&runs, tool.WithLogger(log))
	for _, c := range []struct{ name, raw, code, feedback string }{
		{"move", `{"x":1,"speeed"`, "unexpected:speeed", "Correct the arguments and call the tool again."},
		{"move", `{"x":1,]`, string(tool.CodeBadJSON), "Correct the call so that its arguments are one JSON object, and call the tool again."},
		{"mvoe", `{"x":1`, "unknown_tool:mvoe", "Call one of the available tools instead: move."},
	} {
		p := set.Open(context.Background(), c.name, tool.CallID("c1"))
		require.Error(t, writeAll(t, p, c.raw, 2), c.raw)
		res := p.Abort("the application cancelled the request")
		assert.Equal(t, tool.StatusRejected, res.Status)
		assert.Equal(t, []string{c.code}, res.Errors.Codes(), c.raw)
		assert.True(t, strings.HasSuffix(res.Feedback(), "\n"+c.feedback), res.Feedback())
		assert.NotContains(t, res.Feedback(), "cut off")
	}
	assert.Contains(t, audit.String(), `"status":"rejected","codes":["unexpected"]`)
	assert.Zero(t, runs.Load())
}

// TestGuardClose: a streamed call closed through a Guard counts among the
// step's calls (past MaxCalls it does not run), does not run once the
// loop is stopped, and a failing one is recorded toward MaxRepeats.
func TestGuardClose(t *testing.T) {
	var runs atomic.Int32
	log, _ := auditLog()
	set := moveSet(&runs, tool.WithLogger(log))
	g := tool.NewGuard(tool.Limits{MaxCalls: 2, MaxRepeats: 2})
	require.NoError(t, g.Step())
	var codes []string
	for range 3 {
		p := set.Open(context.Background(), "move")
		writeAll(t, p, `{"x":1,"y":2}`, 3)
		res := g.Close(p)
		assert.Equal(t, res, p.Close(), "the Pending is ended")
		codes = append(codes, strings.Join(res.Errors.Codes(), ","))
	}
	assert.Equal(t, []string{"", "", "too_many_calls:move"}, codes)
	assert.Equal(t, int32(2), runs.Load())

	require.NoError(t, g.Step())
	for range 3 {
		p := set.Open(context.Background(), "move")
		writeAll(t, p, `{"x":11,"y":2}`, 3)
		g.Close(p)
	}
	var stop *tool.Stop
	require.ErrorAs(t, g.Err(), &stop)
	assert.Equal(t, tool.CodeRepeatedFailure, stop.Code)
	p := set.Open(context.Background(), "move")
	writeAll(t, p, `{"x":1,"y":2}`, 3)
	res := g.Close(p)
	assert.Equal(t, []string{"stopped:move"}, res.Errors.Codes())
	assert.Equal(t, int32(2), runs.Load(), "no call runs once the loop is stopped")
	assert.Equal(t, p.Close(), (*tool.Guard)(nil).Close(p))
}
