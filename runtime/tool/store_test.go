package tool

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// clock is a settable time for a MemoryStore and a Set.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newClockStore(max int) (*MemoryStore, *clock) {
	c := &clock{t: time.Unix(1_700_000_000, 0)}
	s := NewMemoryStore(max)
	s.now = c.now
	return s, c
}

func TestMemoryStoreContract(t *testing.T) {
	ctx := context.Background()
	s, c := newClockStore(0)
	cur, added, err := s.Add(ctx, "k", []byte("a"), time.Minute)
	require.NoError(t, err)
	assert.True(t, added)
	assert.Nil(t, cur)
	cur, added, _ = s.Add(ctx, "k", []byte("b"), time.Minute)
	assert.False(t, added)
	assert.Equal(t, "a", string(cur))

	require.NoError(t, s.Put(ctx, "k", []byte("c"), time.Minute))
	cur, _, _ = s.Add(ctx, "k", []byte("d"), time.Minute)
	assert.Equal(t, "c", string(cur))

	c.advance(time.Minute)
	cur, added, _ = s.Add(ctx, "k", []byte("e"), time.Minute)
	assert.True(t, added, "a value past its lifetime is absent")
	assert.Nil(t, cur)

	require.NoError(t, s.Delete(ctx, "k"))
	require.NoError(t, s.Delete(ctx, "absent"))
	assert.Zero(t, s.Len())
	_, added, _ = s.Add(ctx, "born expired", []byte("x"), 0)
	assert.True(t, added)
	assert.Zero(t, s.Len())
}

// TestMemoryStoreExpiresEachRecord: every record expires at the end of its
// own lifetime, whatever the lifetimes of the records before it: a record
// that stays (a call that hangs) does not keep later ones.
func TestMemoryStoreExpiresEachRecord(t *testing.T) {
	ctx := context.Background()
	s, c := newClockStore(0)
	_, _, _ = s.Add(ctx, "hung", []byte("pending"), time.Hour)
	for i := range 1000 {
		_, _, _ = s.Add(ctx, fmt.Sprint("r", i), []byte("done"), time.Duration(1+i%7)*time.Minute)
	}
	require.Equal(t, 1001, s.Len())
	c.advance(4 * time.Minute)
	assert.Equal(t, 1+1000*3/7, s.Len())
	c.advance(4 * time.Minute)
	assert.Equal(t, 1, s.Len())
	_, added, _ := s.Add(ctx, "hung", nil, time.Hour)
	assert.False(t, added)
}

// TestMemoryStoreBounded: a store never holds more than its request
// records; the one closest to expiry goes first.
func TestMemoryStoreBounded(t *testing.T) {
	ctx := context.Background()
	s, _ := newClockStore(100)
	for i := range 10_000 {
		_, _, err := s.Add(ctx, fmt.Sprint("request:", i), []byte("v"), time.Duration(10_000+i)*time.Second)
		require.NoError(t, err)
		require.LessOrEqual(t, s.Len(), 100)
	}
	assert.Equal(t, 100, s.Len())
	_, added, _ := s.Add(ctx, "request:9999", nil, time.Hour)
	assert.False(t, added, "the latest stay")
	_, added, _ = s.Add(ctx, "request:0", nil, time.Hour)
	assert.True(t, added, "the first to expire went")
	require.NoError(t, s.Put(ctx, "request:new", nil, time.Hour))
	assert.Equal(t, 100, s.Len())
	assert.Equal(t, defaultMaxRecords, NewMemoryStore(0).max)
}

// TestMemoryStoreKeepsApprovals: a record other than a request id is kept
// for its whole lifetime: request ids cannot push it out, and when the
// store holds its maximum of them, a new one is refused, not another
// dropped; each kind has a budget of its own.
func TestMemoryStoreKeepsApprovals(t *testing.T) {
	ctx := context.Background()
	s, c := newClockStore(100)
	for i := range 100 {
		_, added, err := s.Add(ctx, fmt.Sprint("approval:", i), []byte("used"), time.Duration(1+i)*time.Minute)
		require.NoError(t, err)
		require.True(t, added)
	}
	_, added, err := s.Add(ctx, "approval:new", []byte("used"), time.Hour)
	assert.ErrorIs(t, err, ErrStoreFull)
	assert.False(t, added)
	assert.ErrorIs(t, s.Put(ctx, "approval:new", []byte("used"), time.Hour), ErrStoreFull)
	for i := range 1000 {
		_, _, err := s.Add(ctx, fmt.Sprint("request:", i), []byte("v"), time.Second)
		require.NoError(t, err, "a request id has a budget of its own")
	}
	assert.Equal(t, 200, s.Len())
	for i := range 100 {
		cur, added, _ := s.Add(ctx, fmt.Sprint("approval:", i), []byte("again"), time.Hour)
		require.False(t, added, "approval %d was dropped", i)
		require.Equal(t, "used", string(cur))
	}
	// Expiry makes room.
	c.advance(time.Minute)
	_, added, err = s.Add(ctx, "approval:new", []byte("used"), time.Hour)
	assert.NoError(t, err)
	assert.True(t, added)
}

// TestUsedApprovalOutlivesRequestIDs: through a Set whose one store keeps
// both kinds of records, however many request ids come after it, a used
// token never approves its call again, even when the request ids outlive
// it (the store would make room with the record closest to expiry).
func TestUsedApprovalOutlivesRequestIDs(t *testing.T) {
	var c counter
	set := NewSet(doorDef.Handle(c.echo), stepDef.Handle(c.echo), WithLogger(nil), WithStore(NewMemoryStore(1000)),
		WithDedupeWindow(time.Hour))
	ctx := context.Background()
	args := []byte(`{"text": "open"}`)
	token := approvalOf(t, set, "door", string(args))
	require.Equal(t, StatusExecuted, set.Call(ctx, "door", args, Approve(token)).Status)
	for i := range 3000 {
		res := set.Call(ctx, "step", []byte(`{"text": "x"}`), RequestID(fmt.Sprint("r", i)))
		require.Equal(t, StatusExecuted, res.Status)
	}
	res := set.Call(ctx, "door", args, Approve(token))
	assert.Equal(t, StatusNeedsConfirmation, res.Status, "the used token ran the dangerous handler again")
	assert.Equal(t, int64(3001), c.n.Load())
}

// TestApprovalStoreFullFailsClosed: a memory store with no room for the
// record of a used approval refuses the call, which does not run.
func TestApprovalStoreFullFailsClosed(t *testing.T) {
	var c counter
	set := NewSet(doorDef.Handle(c.echo), WithLogger(nil), WithStore(NewMemoryStore(2)))
	ctx := context.Background()
	for i := range 3 {
		args := []byte(fmt.Sprintf(`{"text": "door %d"}`, i))
		res := set.Call(ctx, "door", args, Approve(approvalOf(t, set, "door", string(args))))
		if i < 2 {
			require.Equal(t, StatusExecuted, res.Status)
			continue
		}
		assert.Equal(t, StatusRejected, res.Status)
		assert.Equal(t, []string{string(CodeUnavailable + ":door")}, res.Errors.Codes())
		assert.ErrorIs(t, res.Err, ErrStoreFull)
	}
	assert.Equal(t, int64(2), c.n.Load())
}

// TestRequestIDsExpireAroundAHungCall: through a Set, a call that hangs
// does not stop the expiry of the request ids after it.
func TestRequestIDsExpireAroundAHungCall(t *testing.T) {
	store, c := newClockStore(0)
	release := make(chan struct{})
	defer close(release)
	var n atomic.Int64
	set := NewSet(stepDef.Handle(func(ctx context.Context, a textArgs) (any, error) {
		if a.Text == "hang" {
			<-release
		}
		n.Add(1)
		return nil, nil
	}).Timeout(time.Hour), WithLogger(nil), WithStore(store), WithDedupeWindow(time.Minute))
	set.now = c.now
	go set.Call(context.Background(), "step", []byte(`{"text": "hang"}`), RequestID("hung"))
	assert.Eventually(t, func() bool { return store.Len() == 1 }, 10*time.Second, time.Millisecond)
	for i := range 100 {
		set.Call(context.Background(), "step", []byte(`{"text": "x"}`), RequestID(fmt.Sprint("r", i)))
	}
	assert.Equal(t, 101, store.Len())
	c.advance(2 * time.Minute)
	assert.Equal(t, 1, store.Len(), "only the running call's record is left")
}

// TestRequestIDsBounded: a set's request ids take at most the records of
// its store.
func TestRequestIDsBounded(t *testing.T) {
	store := NewMemoryStore(50)
	var c counter
	set := NewSet(stepDef.Handle(c.echo), WithLogger(nil), WithStore(store))
	for i := range 500 {
		res := set.Call(context.Background(), "step", []byte(`{"text": "x"}`), RequestID(fmt.Sprint("r", i)))
		require.Equal(t, StatusExecuted, res.Status)
		require.LessOrEqual(t, store.Len(), 50)
	}
	assert.True(t, set.Call(context.Background(), "step", []byte(`{"text": "x"}`), RequestID("r499")).Duplicate)
}

// TestRequestIDOnlyWhenExecuted: a call that never reached its handler (its
// context was over, a policy refused it, it awaited approval) leaves no
// record: a live retry with its request id runs.
func TestRequestIDOnlyWhenExecuted(t *testing.T) {
	var c counter
	refuse := true
	set := newTestSet(&c, nil, WithPolicy(func(ctx context.Context, call *Call) error {
		if refuse && call.Tool.Name == "step" {
			return errors.New("not yet")
		}
		return nil
	}))
	ctx := context.Background()
	args := []byte(`{"text": "forward"}`)

	assert.Equal(t, StatusRejected, set.Call(ctx, "step", args, RequestID("p")).Status)
	refuse = false
	res := set.Call(ctx, "step", args, RequestID("p"))
	assert.Equal(t, StatusExecuted, res.Status)
	assert.False(t, res.Duplicate)

	done, cancel := context.WithCancel(ctx)
	cancel()
	res = set.Call(done, "step", args, RequestID("c"))
	assert.Equal(t, StatusFailed, res.Status)
	assert.Equal(t, CodeCanceled, res.Errors[0].Code)
	res = set.Call(ctx, "step", args, RequestID("c"))
	assert.Equal(t, StatusExecuted, res.Status)
	assert.False(t, res.Duplicate, "the canceled call did not act: its failure is not replayed")
	assert.Equal(t, int64(2), c.n.Load())
}

// failingStore fails every operation, as a store whose server is down.
type failingStore struct{ calls atomic.Int64 }

func (f *failingStore) Add(context.Context, string, []byte, time.Duration) ([]byte, bool, error) {
	f.calls.Add(1)
	return nil, false, errors.New("connection refused")
}

func (f *failingStore) Put(context.Context, string, []byte, time.Duration) error {
	f.calls.Add(1)
	return errors.New("connection refused")
}

func (f *failingStore) Delete(context.Context, string) error {
	f.calls.Add(1)
	return errors.New("connection refused")
}

func TestStoreUnavailable(t *testing.T) {
	var c counter
	var audit syncBuffer
	set := newTestSet(&c, slog.New(slog.NewTextHandler(&audit, nil)), WithStore(&failingStore{}))
	ctx := context.Background()
	res := set.Call(ctx, "step", []byte(`{"text": "x"}`), RequestID("r"))
	assert.Equal(t, StatusRejected, res.Status)
	assert.Equal(t, []string{"unavailable:step"}, res.Errors.Codes())
	token := approvalOf(t, set, "door", `{"text": "x"}`)
	res = set.Call(ctx, "door", []byte(`{"text": "x"}`), Approve(token), CallID(""))
	assert.Equal(t, StatusRejected, res.Status)
	assert.Equal(t, CodeUnavailable, res.Errors[0].Code)
	assert.Zero(t, c.n.Load())
	assert.Contains(t, audit.String(), `msg="tool store failed" tool=step call_id="" error="connection refused"`)
	// Idempotent tools and calls without a request id need no store.
	assert.Equal(t, StatusExecuted, set.Call(ctx, "step", []byte(`{"text": "x"}`)).Status)
}

// BenchmarkRequestRecords reports the memory a memory store holds per
// request id of a call with a short output, at the default bound.
func BenchmarkRequestRecords(b *testing.B) {
	b.ReportAllocs()
	var perRecord float64
	for range b.N {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		store := NewMemoryStore(0)
		set := NewSet(stepDef.Handle(func(context.Context, textArgs) (any, error) { return "moved one step", nil }),
			WithLogger(nil), WithStore(store))
		for i := range defaultMaxRecords {
			set.Call(context.Background(), "step", []byte(`{"text": "forward"}`), RequestID(fmt.Sprintf("call_%024d", i)))
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		if store.Len() != defaultMaxRecords {
			b.Fatalf("%d records", store.Len())
		}
		perRecord = float64(after.HeapAlloc-before.HeapAlloc) / defaultMaxRecords
		runtime.KeepAlive(set)
	}
	b.ReportMetric(perRecord, "B/record")
}
