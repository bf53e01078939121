package tool

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// offset is a clock offset from c by *offset, which a test changes to step
// it: c is true time, and the clocks of replicas read it with offsets of
// their own.
func (c *clock) offset(offset *time.Duration) func() time.Time {
	return func() time.Time { return c.now().Add(*offset) }
}

// clockless hides a store's clock: its sets judge tokens by their own.
type clockless struct{ Store }

// clockedReplicas are sets sharing an approval key and a store, each with
// its clock offset from true time.
type clockedReplicas struct {
	sets  []*Set
	audit syncBuffer
	ran   counter
}

func newClockedReplicas(w *clock, st Store, offsets []time.Duration) *clockedReplicas {
	key := bytes.Repeat([]byte{7}, minApprovalKey)
	c := &clockedReplicas{}
	for i := range offsets {
		set := NewSet(doorDef.Handle(c.ran.echo), WithApprovalKey(key), WithStore(st),
			WithLogger(slog.New(slog.NewTextHandler(&c.audit, nil))))
		set.now = w.offset(&offsets[i])
		c.sets = append(c.sets, set)
	}
	return c
}

// sweep presents the token to every replica, every 20 s of true time from
// now until the token's lifetime, the skew and the record's margin are past
// by far, and returns how often it ran and the codes of the refusals.
func (c *clockedReplicas) sweep(t *testing.T, w *clock, token string, args []byte) (runs int, codes map[string]int) {
	t.Helper()
	codes = map[string]int{}
	for range (defaultApprovalLifetime + 20*time.Minute) / (20 * time.Second) {
		for _, set := range c.sets {
			res := set.Call(context.Background(), "door", args, Approve(token))
			switch res.Status {
			case StatusExecuted:
				runs++
			case StatusNeedsConfirmation:
				require.Len(t, res.Errors, 1)
				codes[string(res.Errors[0].Code)]++
			default:
				t.Fatalf("status %s %v", res.Status, res.Errors)
			}
		}
		w.advance(20 * time.Second)
	}
	return runs, codes
}

// TestApprovalClockSkew: replicas whose clocks disagree share a store. The
// store's clock judges every token (and ends the record of its use), so a
// token runs at most once whatever the replicas' clocks say: a replica 10
// minutes behind does not run a token used on another one after the record
// of its use would have expired by the user's clock. A token issued by a
// replica more than a minute ahead of the store is refused, saying the
// clocks disagree, and a warning is logged; one issued by a replica behind
// the store is valid for the rest of its lifetime by the store's clock.
func TestApprovalClockSkew(t *testing.T) {
	offsets := []time.Duration{0, 30 * time.Second, -30 * time.Second, 90 * time.Second, -90 * time.Second,
		10 * time.Minute, -10 * time.Minute}
	for issuer := range offsets {
		for user := range offsets {
			st, w := newClockStore(0) // the store's clock is true time
			c := newClockedReplicas(w, st, offsets)
			args := []byte(fmt.Sprintf(`{"text": "door %d %d"}`, issuer, user))
			token := approvalOf(t, c.sets[issuer], "door", string(args))
			w.advance(time.Second)
			first := c.sets[user].Call(context.Background(), "door", args, Approve(token))
			name := fmt.Sprintf("issued at %v, used at %v", offsets[issuer], offsets[user])
			if offsets[issuer] > approvalSkew {
				require.Equal(t, StatusNeedsConfirmation, first.Status, name)
				assert.Equal(t, CodeApprovalInvalid, first.Errors[0].Code, name)
				assert.Contains(t, first.Errors[0].Reason, "clocks disagree by more than 1m0s", name)
				assert.Contains(t, c.audit.String(), "level=WARN msg=\"tool set refused an approval or request state issued ahead of its clock\"", name)
			} else {
				require.Equal(t, StatusExecuted, first.Status, "%s: %v", name, first.Errors)
			}
			runs, codes := c.sweep(t, w, token, args)
			if first.Status == StatusExecuted {
				runs++
			}
			assert.LessOrEqual(t, runs, 1, "%s: one approval ran %d times (%v)", name, runs, codes)
		}
	}
}

// TestApprovalClockSkewOwnClocks: over a store without a clock each set
// judges tokens by its own. A used token stays used on every replica whose
// clock is less than 2 minutes behind the issuer's (docs/fleet.md, "Replicas");
// a replica more than a minute behind refuses a fresh token, saying the
// clocks disagree, until its clock reaches the token's issue time less a
// minute.
func TestApprovalClockSkewOwnClocks(t *testing.T) {
	within := []time.Duration{0, 30 * time.Second, -60 * time.Second, 60 * time.Second} // 2 minutes apart at most
	for issuer := range within {
		for user := range within {
			st, w := newClockStore(0)
			c := newClockedReplicas(w, clockless{st}, within)
			args := []byte(fmt.Sprintf(`{"text": "door %d %d"}`, issuer, user))
			token := approvalOf(t, c.sets[issuer], "door", string(args))
			runs, codes := c.sweep(t, w, token, args)
			assert.Equal(t, 1, runs, "issued at %v: one approval ran %d times (%v)", within[issuer], runs, codes)
			assert.Equal(t, int64(1), c.ran.n.Load())
		}
	}

	// Past the bound: the replica 3 minutes behind refuses a fresh token,
	// visibly.
	st, w := newClockStore(0)
	offsets := []time.Duration{0, -3 * time.Minute}
	c := newClockedReplicas(w, clockless{st}, offsets)
	args := []byte(`{"text": "north"}`)
	token := approvalOf(t, c.sets[0], "door", string(args))
	res := c.sets[1].Call(context.Background(), "door", args, Approve(token))
	require.Equal(t, StatusNeedsConfirmation, res.Status)
	assert.Contains(t, res.Errors[0].Reason, "clocks disagree")
	assert.Contains(t, c.audit.String(), "approval=issued_ahead")
	assert.Contains(t, c.audit.String(), "ahead=3m0s")
}

// TestApprovalClockStepsBack: the wall clock of a server steps back by 10
// minutes after a token was used. Judged by one clock with the record of
// its use (a set's own store, or a shared store whose clock did not step),
// the token runs once.
func TestApprovalClockStepsBack(t *testing.T) {
	for _, shared := range []bool{false, true} {
		st, w := newClockStore(0)
		var offset time.Duration
		var ran counter
		opts := []Option{doorDef.Handle(ran.echo), WithLogger(nil)}
		if shared {
			opts = append(opts, WithStore(st))
		}
		set := NewSet(opts...)
		set.now = w.offset(&offset)
		args := []byte(`{"text": "north"}`)
		token := approvalOf(t, set, "door", string(args))
		w.advance(time.Second)
		require.Equal(t, StatusExecuted, set.Call(context.Background(), "door", args, Approve(token)).Status)
		offset = -10 * time.Minute
		c := &clockedReplicas{sets: []*Set{set}}
		runs, codes := c.sweep(t, w, token, args)
		assert.Zero(t, runs, "shared store %v: the token ran again after the clock stepped back (%v)", shared, codes)
		assert.Equal(t, int64(1), ran.n.Load())

		// A token issued after the step is valid for its lifetime by the
		// clock that judges it: the rest of it, with a shared store.
		token = approvalOf(t, set, "door", string(args))
		w.advance(time.Minute)
		assert.Equal(t, StatusExecuted, set.Call(context.Background(), "door", args, Approve(token)).Status, "shared store %v", shared)
	}
}

// TestApprovalVersion2Refused: a token of the previous format (expiry
// alone), valid and signed with the set's key, is refused as invalid: a
// person approves the call again.
func TestApprovalVersion2Refused(t *testing.T) {
	var c counter
	set := NewSet(doorDef.Handle(c.echo), WithLogger(nil))
	id, _ := identify("door", map[string]any{"text": "north"}, -1)
	head := make([]byte, 1+8+16)
	head[0] = 2
	binary.BigEndian.PutUint64(head[1:9], uint64(time.Now().Add(time.Minute).UnixNano()))
	token := base64.RawURLEncoding.EncodeToString(append(head, set.tokenMAC(approvalDomain, id, head, nil)...))
	res := set.Call(context.Background(), "door", []byte(`{"text": "north"}`), Approve(token))
	require.Equal(t, StatusNeedsConfirmation, res.Status)
	assert.Equal(t, CodeApprovalInvalid, res.Errors[0].Code)
	assert.Zero(t, c.n.Load())
}

// FuzzApprovalClocks: three replicas whose clocks are offset from true time
// (seconds, as fuzzed) share a store; one issues a token, and all present
// it every 30 s of true time, for the token's lifetime and 20 minutes
// more, the second replica's clock stepping by step seconds midway. Over a
// store with a clock, the token runs at most once whatever the clocks, and
// once when its window by the store's clock falls in the sweep; over one
// without, it runs exactly once while the clocks stay within 2 minutes of
// each other (no step then).
func FuzzApprovalClocks(f *testing.F) {
	f.Add(int16(0), int16(-600), int16(600), int16(-600), true)
	f.Add(int16(0), int16(60), int16(-60), int16(0), false)
	f.Add(int16(119), int16(0), int16(-1), int16(0), false)
	f.Add(int16(-900), int16(30), int16(0), int16(3600), true)
	f.Fuzz(func(t *testing.T, a, b, c, step int16, clocked bool) {
		offsets := []time.Duration{time.Duration(a) * time.Second, time.Duration(b) * time.Second, time.Duration(c) * time.Second}
		st, w := newClockStore(0)
		var store Store = st
		if !clocked {
			store = clockless{st}
			lo, hi := min(offsets[0], offsets[1], offsets[2]), max(offsets[0], offsets[1], offsets[2])
			if hi-lo > 2*approvalSkew {
				t.Skip("past the bound of the sets' own clocks")
			}
			step = 0
		}
		r := newClockedReplicas(w, store, offsets)
		args := []byte(`{"text": "north"}`)
		token := approvalOf(t, r.sets[0], "door", string(args))
		const every = 30 * time.Second
		sweep := defaultApprovalLifetime + 20*time.Minute
		runs := 0
		for k := range int(sweep / every) {
			if k == int(sweep/every)/2 {
				offsets[1] += time.Duration(step) * time.Second
			}
			for _, set := range r.sets {
				if set.Call(context.Background(), "door", args, Approve(token)).Status == StatusExecuted {
					runs++
				}
			}
			w.advance(every)
		}
		if runs > 1 {
			t.Fatalf("clocks at %v (step %d s, store clock %v): one approval ran %d times", offsets, step, clocked, runs)
		}
		// The window in which the store's clock accepts the token, in true
		// time from its issue.
		from, to := offsets[0]-approvalSkew, offsets[0]+defaultApprovalLifetime
		if clocked && from <= sweep-2*every && to >= 2*every && runs != 1 {
			t.Fatalf("clocks at %v: the token, valid by the store's clock from %v to %v, ran %d times", offsets, from, to, runs)
		}
		if !clocked && runs != 1 {
			t.Fatalf("clocks at %v, within the bound: the token ran %d times", offsets, runs)
		}
	})
}
