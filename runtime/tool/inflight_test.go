package tool

import (
	"context"
	"errors"
	"log/slog"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// holdDef's handler, made by holder, blocks on the calls whose text starts
// with "hold" until the test lets them go.
var holdDef = Def[textArgs]{Tool: Tool{Name: "hold", Risk: RiskRead, Idempotent: true, Validate: validateText}}

type holder struct {
	release chan struct{}
	mu      sync.Mutex
	ran     []string
}

func newHolder() *holder { return &holder{release: make(chan struct{})} }

func (h *holder) handle(ctx context.Context, a textArgs) (any, error) {
	h.mu.Lock()
	h.ran = append(h.ran, a.Text)
	h.mu.Unlock()
	if strings.HasPrefix(a.Text, "hold") {
		<-h.release
	}
	switch a.Text {
	case "panic":
		panic("boom")
	case "fail":
		return nil, errors.New("jammed")
	case "slow":
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return a.Text, nil
}

func (h *holder) calls() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.ran...)
}

// call is the raw arguments of a call of hold whose text is padded to n bytes.
func call(text string, n int) []byte {
	raw := `{"text": "` + text + `"}`
	return []byte(`{"text": "` + text + strings.Repeat(" ", max(n-len(raw), 0)) + `"}`)
}

// TestInFlightBudget: a call that does not fit in the budget waits; when
// its context ends first it is rejected with code overloaded, unparsed,
// audited, its handler not run; once room is back, calls go on.
func TestInFlightBudget(t *testing.T) {
	h := newHolder()
	var audit syncBuffer
	set := NewSet(holdDef.Handle(h.handle), WithMaxInFlight(100), WithLogger(slog.New(slog.NewTextHandler(&audit, nil))))
	ctx := context.Background()

	first := make(chan Result)
	go func() { first <- set.Call(ctx, "hold", call("hold", 60)) }()
	require.Eventually(t, func() bool { return set.inflight.inUse() == 60 }, 10*time.Second, time.Millisecond)

	short, cancel := context.WithTimeout(ctx, 30*time.Millisecond)
	defer cancel()
	res := set.Call(short, "hold", call("second", 60))
	assert.Equal(t, StatusRejected, res.Status)
	assert.Equal(t, []string{string(CodeOverloaded)}, res.Errors.Codes())
	assert.ErrorIs(t, res.Err, context.DeadlineExceeded)
	assert.Contains(t, res.Feedback(), "busy")
	assert.Contains(t, res.Feedback(), "again in a moment")
	assert.Contains(t, audit.String(), "status=rejected codes=[overloaded]")
	assert.Contains(t, audit.String(), "arg_bytes=60")

	// A call that fits goes on at once.
	assert.Equal(t, StatusExecuted, set.Call(ctx, "hold", call("small", 40)).Status)

	// One that does not waits for room, and runs when the first returns.
	third := make(chan Result)
	go func() { third <- set.Call(ctx, "hold", call("third", 60)) }()
	require.Eventually(t, func() bool { return waiting(set) == 1 }, 10*time.Second, time.Millisecond)
	close(h.release)
	assert.Equal(t, StatusExecuted, (<-first).Status)
	assert.Equal(t, StatusExecuted, (<-third).Status)
	var ran []string
	for _, text := range h.calls() {
		ran = append(ran, strings.TrimSpace(text))
	}
	assert.Equal(t, []string{"hold", "small", "third"}, ran, "the overloaded call never ran")
	assert.Zero(t, set.inflight.inUse())
}

func waiting(s *Set) int {
	s.inflight.mu.Lock()
	defer s.inflight.mu.Unlock()
	return len(s.inflight.waiting)
}

// TestInFlightWaitEndsAtTimeLimit: a call's wait for room ends at its time
// limit, which counts from its start, whatever its context.
func TestInFlightWaitEndsAtTimeLimit(t *testing.T) {
	h := newHolder()
	defer close(h.release)
	set := NewSet(holdDef.Handle(h.handle).Timeout(time.Hour), echoDef.Handle(h.handle), WithMaxInFlight(10),
		WithTimeout(40*time.Millisecond), WithLogger(nil))
	go set.Call(context.Background(), "hold", call("hold", 30))
	require.Eventually(t, func() bool { return set.inflight.inUse() == 10 }, 10*time.Second, time.Millisecond, "a call larger than the budget runs alone")
	res := set.Call(context.Background(), "echo", call("late", 20))
	assert.Equal(t, []string{string(CodeOverloaded)}, res.Errors.Codes())
	assert.ErrorIs(t, res.Err, context.DeadlineExceeded)
	assert.GreaterOrEqual(t, res.Duration, 40*time.Millisecond)
	res = set.CallJSON(context.Background(), []byte(`{"tool": "echo", "args": {"text": "x"}}`))
	assert.Equal(t, []string{string(CodeOverloaded)}, res.Errors.Codes(), "CallJSON")
	assert.Equal(t, StatusExecuted, set.CallArgs(context.Background(), "echo", map[string]any{"text": "x"}).Status, "CallArgs is not counted")
}

// TestInFlightFirstComeFirstServed: a waiting call is not overtaken by
// smaller ones that would fit, so a large call is never starved.
func TestInFlightFirstComeFirstServed(t *testing.T) {
	h := newHolder()
	set := NewSet(holdDef.Handle(h.handle), WithMaxInFlight(100), WithLogger(nil))
	ctx := context.Background()
	var wg sync.WaitGroup
	run := func(text string, n int) {
		wg.Add(1)
		go func() { defer wg.Done(); set.Call(ctx, "hold", call(text, n)) }()
	}
	run("hold a", 60)
	require.Eventually(t, func() bool { return set.inflight.inUse() == 60 }, 10*time.Second, time.Millisecond)
	run("hold b", 60)
	require.Eventually(t, func() bool { return waiting(set) == 1 }, 10*time.Second, time.Millisecond)
	run("hold c", 10)
	require.Eventually(t, func() bool { return waiting(set) == 2 }, 10*time.Second, time.Millisecond, "c waits behind b")
	assert.Len(t, h.calls(), 1, "c, which fits, did not overtake b")
	close(h.release)
	wg.Wait()
	assert.Len(t, h.calls(), 3)
	assert.Zero(t, set.inflight.inUse())
}

// TestInFlightReleased: a call gives its room back on every path: rejected
// at any stage, failed, panicked, timed out, awaiting approval, declined;
// an isolated handler that outlives its call holds its room until it
// returns.
func TestInFlightReleased(t *testing.T) {
	h := newHolder()
	set := NewSet(holdDef.Handle(h.handle).Timeout(20*time.Millisecond), doorDef.Handle(h.handle), WithMaxInFlight(1000), WithLogger(nil),
		WithPolicy(func(_ context.Context, c *Call) error {
			if c.Args.(textArgs).Text == "deny" {
				return Deny("no", "no")
			}
			if c.Args.(textArgs).Text == "policy panic" {
				panic("policy bug")
			}
			return nil
		}))
	ctx := context.Background()
	for _, c := range []struct {
		name, args, code string
	}{
		{"hold", `{"text": `, string(CodeBadJSON)},
		{"hold", `[]`, string(CodeBadShape)},
		{"hold", `{"text": 1}`, string(CodeType)},
		{"nope", `{}`, string(CodeUnknownTool)},
		{"hold", `{"text": "deny"}`, "no"},
		{"hold", `{"text": "policy panic"}`, string(CodePanic)},
		{"hold", `{"text": "panic"}`, string(CodePanic)},
		{"hold", `{"text": "fail"}`, string(CodeToolError)},
		{"hold", `{"text": "slow"}`, string(CodeTimeout)},
		{"hold", `{"text": "ok"}`, ""},
		{"door", `{"text": "ok"}`, ""}, // needs confirmation
	} {
		res := set.Call(ctx, c.name, []byte(c.args))
		if c.code != "" {
			require.NotEmpty(t, res.Errors, c.args)
			assert.Equal(t, c.code, string(res.Errors[0].Code), c.args)
		}
		assert.Zero(t, set.inflight.inUse(), "%s %s", c.name, c.args)
	}
	token := approvalOf(t, set, "door", `{"text": "x"}`)
	assert.Equal(t, []string{string(CodeDeclined + ":door")}, set.Call(ctx, "door", []byte(`{"text": "x"}`), Decline(token)).Errors.Codes())
	assert.Zero(t, set.inflight.inUse())
	set.CallJSON(ctx, []byte(`{"tool": "hold", "args": {"text": "ok"}, "x": 1}`))
	assert.Zero(t, set.inflight.inUse())

	isolated := NewSet(holdDef.Handle(h.handle).Timeout(20*time.Millisecond).Isolated(), WithMaxInFlight(1000), WithLogger(nil))
	raw := []byte(`{"text": "hold on"}`)
	res := isolated.Call(ctx, "hold", raw)
	assert.Equal(t, []string{string(CodeTimeout)}, res.Errors.Codes())
	assert.Equal(t, len(raw), isolated.inflight.inUse(), "the handler still runs, holding its arguments")
	close(h.release)
	assert.Eventually(t, func() bool { return isolated.inflight.inUse() == 0 }, 10*time.Second, time.Millisecond)
}

// TestInFlightDefault: a set bounds its calls in flight unless told not to.
func TestInFlightDefault(t *testing.T) {
	assert.Equal(t, defaultMaxInFlight, NewSet().inflight.max)
	assert.Equal(t, 1<<10, NewSet(WithMaxInFlight(1<<10)).inflight.max)
	assert.Nil(t, NewSet(WithMaxInFlight(0)).inflight)
	assert.Nil(t, NewSet(WithMaxInFlight(-1)).inflight)
}

// TestInFlightConcurrent: calls that take and give back room at once, some
// giving up their wait, never hold more than the budget together, and none
// is left waiting once the room is given back.
func TestInFlightConcurrent(t *testing.T) {
	b := &inflight{max: 100}
	var held, peak atomic.Int64
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 2000 {
				ctx, cancel := context.WithCancel(context.Background())
				if (g+i)%7 == 0 {
					cancel() // gives up at once if it must wait
				}
				n, err := b.acquire(ctx, 1+(g*31+i*17)%60, sinceBase(), 0)
				cancel()
				if err != nil {
					continue
				}
				now := held.Add(int64(n))
				for p := peak.Load(); now > p && !peak.CompareAndSwap(p, now); p = peak.Load() {
				}
				held.Add(-int64(n))
				b.release(n)
			}
		}()
	}
	wg.Wait()
	assert.LessOrEqual(t, peak.Load(), int64(100))
	assert.Zero(t, b.inUse())
	assert.Empty(t, b.waiting)
	assert.Zero(t, b.state.Load(), "no waiting bit left")
}

// stream writes raw into a Pending of set in fragments of size bytes, and
// returns it with the first error a Write returned.
func stream(set *Set, name string, raw []byte, size int, opts ...CallOption) (*Pending, error) {
	p := set.Open(context.Background(), name, opts...)
	var first error
	for i := 0; i < len(raw); i += size {
		if _, err := p.Write(raw[i:min(i+size, len(raw))]); first == nil {
			first = err
		}
	}
	return p, first
}

// TestInFlightStreams: a streamed call takes room for its bytes as they
// arrive, which calls then wait for; one that finds no room is refused at
// that Write with code overloaded, and its Close gives the result and the
// audit record Call gives the same bytes when the room stays taken; a
// stream does not overtake a call waiting for room.
func TestInFlightStreams(t *testing.T) {
	h := newHolder()
	defer close(h.release)
	var audit syncBuffer
	set := NewSet(holdDef.Handle(h.handle), WithMaxInFlight(100), WithLogger(slog.New(slog.NewTextHandler(&audit, nil))))
	ctx := context.Background()

	first := call("first", 60)
	p1 := set.Open(ctx, "hold")
	for i := range first {
		_, err := p1.Write(first[i : i+1])
		require.NoError(t, err)
		require.Equal(t, i+1, set.inflight.inUse(), "the room grows with the bytes")
	}
	short, cancel := context.WithTimeout(ctx, 30*time.Millisecond)
	defer cancel()
	second := call("second", 60)
	want := set.Call(short, "hold", second)
	require.Equal(t, []string{string(CodeOverloaded)}, want.Errors.Codes(), "a call waits for the stream's room")
	audited := audit.String()
	streamed := func() string { return audit.String()[len(audited):] }

	p2, err := stream(set, "hold", second, 7)
	var errs Errors
	require.ErrorAs(t, err, &errs)
	assert.Equal(t, want.Errors, errs, "the Write that finds no room")
	assert.Equal(t, 60, set.inflight.inUse(), "the refused stream gave its room back")
	_, again := p2.Write(nil)
	assert.Equal(t, err, again)
	got := p2.Close()
	assert.Equal(t, want.Status, got.Status)
	assert.Equal(t, want.Errors, got.Errors)
	assert.Equal(t, want.stage, got.stage)
	assert.Equal(t, want.Feedback(), got.Feedback())
	assert.Contains(t, got.Err.Error(), "42 bytes", "the bytes written when it found no room")
	times := regexp.MustCompile(`(time|duration)=\S+ `)
	assert.Contains(t, audited, "status=rejected codes=[overloaded]")
	assert.Equal(t, times.ReplaceAllString(audited, ""), times.ReplaceAllString(streamed(), ""), "the audit record")
	assert.Equal(t, got, p2.Abort("cut"), "the call ended")

	// Room that fits is taken; the first stream's runs its call, which
	// gives it back.
	p3, err := stream(set, "hold", call("third", 40), 5)
	require.NoError(t, err)
	assert.Equal(t, 100, set.inflight.inUse())
	assert.Equal(t, StatusExecuted, p1.Close().Status)
	assert.Equal(t, 40, set.inflight.inUse())
	assert.Equal(t, StatusExecuted, p3.Close().Status)
	assert.Zero(t, set.inflight.inUse())

	// A call waiting for room comes before a stream's next bytes, though
	// they would fit.
	p4, err := stream(set, "hold", call("fourth", 60), 60)
	require.NoError(t, err)
	waited := make(chan Result)
	go func() { waited <- set.Call(ctx, "hold", call("waits", 60)) }()
	require.Eventually(t, func() bool { return waiting(set) == 1 }, 10*time.Second, time.Millisecond)
	p5, err := stream(set, "hold", call("x", 10), 10)
	require.ErrorAs(t, err, &errs)
	assert.Equal(t, []string{string(CodeOverloaded)}, errs.Codes())
	assert.Equal(t, []string{string(CodeOverloaded)}, p5.Close().Errors.Codes())
	assert.Equal(t, StatusExecuted, p4.Close().Status)
	assert.Equal(t, StatusExecuted, (<-waited).Status)
	assert.Zero(t, set.inflight.inUse())
	for _, text := range h.calls() {
		assert.NotContains(t, text, "second", "a refused call ran")
	}
}

// TestInFlightStreamReleased: a streamed call gives its room back on every
// end: Close's call returning (executed, rejected, awaiting approval), Abort,
// a refusal by a Guard, crossing the size limit (at that Write), a Pending
// dropped open; an unknown tool's bytes take room too; a stream larger than
// the budget takes it all, and runs alone; an isolated handler that
// outlives its call holds the stream's room until it returns.
func TestInFlightStreamReleased(t *testing.T) {
	h := newHolder()
	set := NewSet(holdDef.Handle(h.handle), doorDef.Handle(h.handle), WithMaxInFlight(100), WithMaxArgumentSize(200), WithLogger(nil))
	ctx := context.Background()
	for _, c := range []struct {
		name, args, code string
		end              func(*Pending) Result
	}{
		{"hold", `{"text": "ok"}`, "", (*Pending).Close},
		{"hold", `{"text": 1}`, string(CodeType), (*Pending).Close},
		{"hold", `{"text": `, string(CodeBadJSON), (*Pending).Close},
		{"hold", `{"text": "ok"}`, string(CodeIncomplete), func(p *Pending) Result { return p.Abort("cut") }},
		{"door", `{"text": "ok"}`, "", (*Pending).Close}, // needs confirmation
		{"nope", `{"text": "ok"}`, string(CodeUnknownTool), (*Pending).Close},
		{"nope", `{"text": "ok"}`, string(CodeUnknownTool), func(p *Pending) Result { return p.Abort("cut") }},
		{"hold", `{"text": "ok"}`, "too_many_calls", func(p *Pending) Result {
			g := NewGuard(Limits{MaxCalls: 1})
			g.Step()
			g.Call(ctx, set, "hold", []byte(`{"text": "ok"}`))
			return g.Close(p)
		}},
	} {
		p, _ := stream(set, c.name, []byte(c.args), 3)
		assert.Equal(t, len(c.args), set.inflight.inUse(), "%s %s: open", c.name, c.args)
		res := c.end(p)
		if c.code != "" {
			require.NotEmpty(t, res.Errors, c.args)
			assert.Equal(t, c.code, string(res.Errors[0].Code), c.args)
		}
		assert.Zero(t, set.inflight.inUse(), "%s %s", c.name, c.args)
	}

	p, err := stream(set, "hold", call("big", 150), 50)
	require.NoError(t, err)
	assert.Equal(t, 100, set.inflight.inUse(), "a stream larger than the budget takes it all")
	_, err = p.Write(make([]byte, 51))
	var errs Errors
	require.ErrorAs(t, err, &errs)
	assert.Equal(t, []string{string(CodeTooLarge)}, errs.Codes())
	assert.Zero(t, set.inflight.inUse(), "given back as it crosses the limit")
	p.Close()
	p, err = stream(set, "hold", call("alone", 150), 50)
	require.NoError(t, err)
	assert.Equal(t, StatusExecuted, p.Close().Status, "it runs when no other holds the budget")

	for range 3 {
		stream(set, "hold", call("dropped", 30), 4)
		stream(set, "nope", call("dropped", 30), 4)
	}
	require.Eventually(t, func() bool { runtime.GC(); return set.inflight.inUse() == 0 }, 10*time.Second, 10*time.Millisecond,
		"the room of Pendings dropped open")

	isolated := NewSet(holdDef.Handle(h.handle).Timeout(20*time.Millisecond).Isolated(), WithMaxInFlight(1000), WithLogger(nil))
	raw := []byte(`{"text": "hold on"}`)
	p, _ = stream(isolated, "hold", raw, 4)
	assert.Equal(t, []string{string(CodeTimeout)}, p.Close().Errors.Codes())
	assert.Equal(t, len(raw), isolated.inflight.inUse(), "the handler still runs, holding its arguments")
	close(h.release)
	assert.Eventually(t, func() bool { return isolated.inflight.inUse() == 0 }, 10*time.Second, time.Millisecond)
}

// FuzzStreamsInFlight: streams opened, written, closed and aborted in any
// order against a small budget (ops, a byte each: the stream, what to do,
// how much to write) hold together exactly the room of the bytes of those
// still reading, at most the budget; a Write is refused with overloaded
// exactly when the others' room and its own bytes would pass the budget;
// a stream that was not refused gets, at Close, the result Call gives its
// bytes; once every stream has ended the budget is whole again.
func FuzzStreamsInFlight(f *testing.F) {
	f.Add([]byte{0x00, 0x10, 0x21, 0x32, 0x03, 0x45, 0x86, 0xc7, 0x18, 0x59})
	f.Add([]byte{0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x41, 0x82, 0xc3})
	f.Fuzz(func(t *testing.T, ops []byte) {
		const budget, streams = 64, 4
		set := NewSet(echoDef.Handle(func(_ context.Context, a textArgs) (any, error) { return a.Text, nil }),
			WithMaxInFlight(budget), WithLogger(nil))
		reference := NewSet(echoDef.Handle(func(_ context.Context, a textArgs) (any, error) { return a.Text, nil }),
			WithMaxInFlight(0), WithLogger(nil))
		payloads := []string{string(call("a", 30)), string(call("bb", 50)), `{"text": 1}`, `{"text": "c`, string(call("d", 90))}
		type open struct {
			p       *Pending
			raw     string
			written int
			refused bool
		}
		var live [streams]*open
		room := func() (sum int) {
			for _, o := range live {
				if o != nil && !o.refused {
					sum += min(o.written, budget)
				}
			}
			return sum
		}
		end := func(i int, abort bool) {
			o := live[i]
			live[i] = nil
			if abort {
				res := o.p.Abort("cut")
				require.Equal(t, StatusRejected, res.Status)
				if o.refused {
					require.Equal(t, []string{string(CodeOverloaded)}, res.Errors.Codes())
				}
				return
			}
			got := o.p.Close()
			if o.refused {
				require.Equal(t, []string{string(CodeOverloaded)}, got.Errors.Codes())
				return
			}
			want := reference.Call(context.Background(), "echo", []byte(o.raw[:o.written]))
			require.Equal(t, want.Status, got.Status, "%q", o.raw[:o.written])
			require.Equal(t, want.Errors, got.Errors, "%q", o.raw[:o.written])
			require.Equal(t, want.Output, got.Output)
		}
		for _, op := range ops {
			i, n := int(op&3), int(op>>4)
			switch o := live[i]; {
			case o == nil:
				raw := payloads[int(op>>2&3)+int(op>>7)]
				live[i] = &open{p: set.Open(context.Background(), "echo"), raw: raw}
			case op&0xc == 0xc:
				end(i, op&0x10 != 0)
			default:
				n = min(1+n*3, len(o.raw)-o.written)
				if n == 0 {
					end(i, false)
					break
				}
				others := room() - min(o.written, budget)
				_, err := o.p.Write([]byte(o.raw[o.written : o.written+n]))
				wasRefused := o.refused
				o.written += n
				if !wasRefused && others+min(o.written, budget) > budget {
					var errs Errors
					require.ErrorAs(t, err, &errs)
					require.Contains(t, errs.Codes(), string(CodeOverloaded))
					o.refused = true
				}
			}
			require.Equal(t, room(), set.inflight.inUse())
			require.LessOrEqual(t, set.inflight.inUse(), budget)
		}
		for i := range live {
			if live[i] != nil {
				end(i, false)
			}
		}
		require.Zero(t, set.inflight.inUse())
	})
}
