// Package storetest checks that an implementation of tool.Store keeps the
// contract the replicas of a service rely on, in a test of its own:
//
//	func TestStore(t *testing.T) {
//		db := openTestDatabase(t)
//		storetest.Run(t, func() tool.Store { return sqlstore.New(db) })
//	}
//
// Run covers each clause of the contract: Add stores a value only for a key
// that holds no live one, atomically (64 concurrent callers of one key, of
// which exactly one stores its value); a value is kept for its whole
// lifetime and counts as absent past it; Put replaces a value and its
// lifetime, Delete removes it; keys of every printable ASCII byte, up to 80
// bytes, are distinct when they differ at all (case, trailing spaces);
// values come back byte for byte, a handler's 1 MiB output among them; and
// two tool.Sets sharing the store and an approval key act as one:
// a request id runs once and an approval approves one execution, however
// many callers race on either set; replicas whose clocks disagree (by 10
// minutes, when the store has a clock of its own) run each approval once;
// and a Set over the store whose Add was retried after a lost reply runs
// its call (it does not wait for its own claim of a request id, nor refuse
// its own use of an approval), and spends neither when the Add stored its
// value but failed. RunUnreachable checks what a store does
// when its backend is down: every method returns an error, and a Set over
// it runs nothing that needs the store (code unavailable).
//
// The package needs the standard library and package testing only.
package storetest

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// MaxKey is the longest key the contract allows, in bytes.
const MaxKey = 80

// Callers is how many goroutines race on one key.
const Callers = 64

// Run checks the stores newStore makes against the contract of tool.Store.
// newStore is called once for each subtest; the stores it makes may share
// one backend, since each run uses keys of its own (a random prefix), and
// they are left to expire there.
func Run(t *testing.T, newStore func() tool.Store) {
	t.Helper()
	prefix := randomPrefix()
	key := func(t *testing.T, name string) string {
		k := prefix + t.Name() + ":" + name
		if len(k) > MaxKey {
			sum := sha256.Sum256([]byte(k))
			k = prefix + hex.EncodeToString(sum[:])[:MaxKey-len(prefix)]
		}
		return k
	}
	t.Run("Add", func(t *testing.T) { testAdd(t, newStore(), key(t, "k")) })
	t.Run("AddIsAtomic", func(t *testing.T) { testAtomic(t, newStore(), func(i int) string { return key(t, fmt.Sprint(i)) }) })
	t.Run("PutAndDelete", func(t *testing.T) { testPutDelete(t, newStore(), func(n string) string { return key(t, n) }) })
	t.Run("Keys", func(t *testing.T) { testKeys(t, newStore(), prefix) })
	t.Run("Values", func(t *testing.T) { testValues(t, newStore(), func(n string) string { return key(t, n) }) })
	t.Run("Lifetimes", func(t *testing.T) { testLifetimes(t, newStore, func(t *testing.T) string { return key(t, "k") }) })
	t.Run("Replicas", func(t *testing.T) { testReplicas(t, newStore()) })
	t.Run("ClockSkew", func(t *testing.T) { testClockSkew(t, newStore()) })
	t.Run("LostReply", func(t *testing.T) { testLostReply(t, newStore()) })
}

func randomPrefix() string {
	b := make([]byte, 4)
	rand.Read(b)
	return "storetest:" + hex.EncodeToString(b) + ":"
}

func ctxFor(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// add calls Add and fails the test on an error.
func add(t *testing.T, st tool.Store, key string, value []byte, ttl time.Duration) ([]byte, bool) {
	t.Helper()
	current, added, err := st.Add(ctxFor(t), key, value, ttl)
	if err != nil {
		t.Fatalf("Add(%q): %v", key, err)
	}
	if added && current != nil {
		t.Errorf("Add(%q) stored its value but returned a current value %q: it returns one only when it stores nothing", key, current)
	}
	return current, added
}

// holds checks that key holds want, live: an Add leaves it and returns it.
func holds(t *testing.T, st tool.Store, key string, want []byte) {
	t.Helper()
	current, added := add(t, st, key, []byte("another value"), time.Minute)
	if added {
		t.Fatalf("%q held no live value: Add stored one; it should hold %s", key, shorten(want))
	}
	if !bytes.Equal(current, want) {
		t.Fatalf("%q holds %s, want %s: the store changed the value", key, shorten(current), shorten(want))
	}
}

// absent checks that key holds no live value: an Add stores one.
func absent(t *testing.T, st tool.Store, key string) {
	t.Helper()
	current, added := add(t, st, key, []byte("fresh"), time.Minute)
	if !added {
		t.Fatalf("%q should hold no live value, but Add found %s", key, shorten(current))
	}
}

func shorten(b []byte) string {
	if len(b) > 80 {
		return fmt.Sprintf("%q… (%d bytes)", b[:80], len(b))
	}
	return fmt.Sprintf("%q", b)
}

func testAdd(t *testing.T, st tool.Store, key string) {
	if _, added := add(t, st, key, []byte("first"), time.Minute); !added {
		t.Fatalf("Add of a new key %q stored nothing", key)
	}
	current, added := add(t, st, key, []byte("second"), time.Minute)
	if added || string(current) != "first" {
		t.Fatalf("a second Add of %q returned (%q, %v), want (\"first\", false): it leaves the live value and returns it", key, current, added)
	}
	holds(t, st, key, []byte("first"))
}

func testAtomic(t *testing.T, st tool.Store, key func(int) string) {
	const rounds = 16
	for round := range rounds {
		k := key(round)
		var (
			start   = make(chan struct{})
			wg      sync.WaitGroup
			winners atomic.Int32
			values  = make([][]byte, Callers)
			added   = make([]bool, Callers)
			errs    = make([]error, Callers)
		)
		for i := range Callers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				values[i], added[i], errs[i] = st.Add(context.Background(), k, fmt.Appendf(nil, "caller %d", i), time.Minute)
				if added[i] {
					winners.Add(1)
				}
			}()
		}
		close(start)
		wg.Wait()
		winner := -1
		for i := range Callers {
			if errs[i] != nil {
				t.Fatalf("round %d: Add: %v", round, errs[i])
			}
			if added[i] {
				winner = i
			}
		}
		if n := winners.Load(); n != 1 {
			t.Fatalf("round %d: %d of %d concurrent Adds of one key stored their value, want exactly 1", round, n, Callers)
		}
		want := fmt.Appendf(nil, "caller %d", winner)
		for i := range Callers {
			if !added[i] && !bytes.Equal(values[i], want) {
				t.Fatalf("round %d: caller %d got %q back, want the stored value %q", round, i, values[i], want)
			}
		}
		holds(t, st, k, want)
	}
}

func testPutDelete(t *testing.T, st tool.Store, key func(string) string) {
	ctx := ctxFor(t)
	k := key("put")
	if err := st.Put(ctx, k, []byte("put"), time.Minute); err != nil {
		t.Fatalf("Put: %v", err)
	}
	holds(t, st, k, []byte("put"))
	if err := st.Put(ctx, k, []byte("replaced"), time.Minute); err != nil {
		t.Fatalf("Put: %v", err)
	}
	holds(t, st, k, []byte("replaced"))
	if err := st.Delete(ctx, k); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	absent(t, st, k)
	if err := st.Delete(ctx, key("never stored")); err != nil {
		t.Fatalf("Delete of a key that holds nothing: %v; it is no error", err)
	}
	if err := st.Put(ctx, k, []byte("again"), time.Minute); err != nil {
		t.Fatalf("Put after Delete: %v", err)
	}
	holds(t, st, k, []byte("again"))
}

// testKeys stores a value under keys that a store could confuse: every
// printable byte, the longest key, keys that differ in case, by a trailing
// space, or as prefixes.
func testKeys(t *testing.T, st tool.Store, prefix string) {
	var keys []string
	var printable strings.Builder
	for c := byte(0x20); c <= 0x7e; c++ {
		printable.WriteByte(c)
	}
	all := printable.String() // 95 bytes: in two keys
	keys = append(keys, prefix+all[:MaxKey-len(prefix)], prefix+all[MaxKey-len(prefix):])
	long := prefix + strings.Repeat("x", MaxKey-len(prefix))
	keys = append(keys, long, long[:MaxKey-1], long[:MaxKey-1]+"y")
	keys = append(keys, prefix+"case", prefix+"Case", prefix+"CASE")
	keys = append(keys, prefix+"space", prefix+"space ", prefix+" space", prefix+"spa ce")
	keys = append(keys, prefix+"request:ab", prefix+"request:abc", prefix+"approval:ab")
	keys = append(keys, prefix+`quote"'\`, prefix+"{tag}x", prefix+"{tag}y", prefix+"*?[]%_")
	for i, k := range keys {
		if len(k) > MaxKey {
			t.Fatalf("internal error: key %q is %d bytes", k, len(k))
		}
		if _, added := add(t, st, k, fmt.Appendf(nil, "key %d", i), time.Minute); !added {
			t.Fatalf("Add of key %q stored nothing: the store confuses it with one of %q", k, keys[:i])
		}
	}
	for i, k := range keys {
		holds(t, st, k, fmt.Appendf(nil, "key %d", i))
	}
}

// testValues stores values as a Set writes them: records with a handler's
// output as JSON, non-ASCII text and escapes, up to 1 MiB.
func testValues(t *testing.T, st tool.Store, key func(string) string) {
	ctx := ctxFor(t)
	output := map[string]any{
		"text":    "café, 日本語, 🚀, \u0000 \u2028 \"quoted\" \\ </script>",
		"numbers": []any{0, -1.5, 1e300, 9007199254740993},
		"nested":  map[string]any{"null": nil, "bool": true},
	}
	small, _ := json.Marshal(output)
	output["large"] = strings.Repeat("ü0123456789abcdef", (1<<20)/18)
	large, _ := json.Marshal(output)
	for name, v := range map[string][]byte{"small": small, "large": large, "used": []byte("used")} {
		k := key("add " + name)
		if _, added := add(t, st, k, v, time.Minute); !added {
			t.Fatalf("Add %s stored nothing", name)
		}
		holds(t, st, k, v)
		k = key("put " + name)
		if err := st.Put(ctx, k, v, time.Minute); err != nil {
			t.Fatalf("Put of %d bytes: %v", len(v), err)
		}
		holds(t, st, k, v)
	}
}

// testLifetimes checks expiry: a value lives for its lifetime, Put's
// lifetime replaces Add's, and a value past its lifetime is absent.
func testLifetimes(t *testing.T, newStore func() tool.Store, key func(*testing.T) string) {
	const (
		short  = 300 * time.Millisecond
		margin = 300 * time.Millisecond // for the clocks of a store on another machine
	)
	t.Run("KeptForItsLifetime", func(t *testing.T) {
		t.Parallel()
		st, k := newStore(), key(t)
		add(t, st, k, []byte("v"), 3*short)
		time.Sleep(short)
		holds(t, st, k, []byte("v"))
	})
	t.Run("AbsentPastItsLifetime", func(t *testing.T) {
		t.Parallel()
		st, k := newStore(), key(t)
		add(t, st, k, []byte("v"), short)
		holds(t, st, k, []byte("v"))
		time.Sleep(short + margin)
		current, added := add(t, st, k, []byte("w"), time.Minute)
		if !added {
			t.Fatalf("a value past its lifetime should count as absent, but Add found %q", current)
		}
		holds(t, st, k, []byte("w"))
	})
	t.Run("SubSecond", func(t *testing.T) {
		t.Parallel()
		st, k := newStore(), key(t)
		add(t, st, k, []byte("v"), 50*time.Millisecond)
		time.Sleep(50*time.Millisecond + margin)
		absent(t, st, k)
	})
	t.Run("PutExtends", func(t *testing.T) {
		t.Parallel()
		st, k := newStore(), key(t)
		add(t, st, k, []byte("v"), short)
		if err := st.Put(ctxFor(t), k, []byte("w"), time.Minute); err != nil {
			t.Fatal(err)
		}
		time.Sleep(short + margin)
		holds(t, st, k, []byte("w"))
	})
	t.Run("PutShortens", func(t *testing.T) {
		t.Parallel()
		st, k := newStore(), key(t)
		add(t, st, k, []byte("v"), time.Minute)
		if err := st.Put(ctxFor(t), k, []byte("w"), short); err != nil {
			t.Fatal(err)
		}
		time.Sleep(short + margin)
		absent(t, st, k)
	})
}

// The tools of the Sets of testReplicas and RunUnreachable.
type args struct {
	Text string `json:"text"`
}

func validate(a map[string]any) tool.Errors {
	if _, ok := a["text"].(string); !ok || len(a) != 1 {
		return tool.Errors{{Code: tool.CodeType, Path: "/text", Expected: `an object {"text": string}`}}
	}
	return nil
}

var (
	// write acts and is not idempotent: its calls are deduplicated by
	// request id.
	write = tool.Def[args]{Tool: tool.Tool{Name: "write", Risk: tool.RiskAct, Validate: validate}}
	// erase is dangerous: each call needs an approval.
	erase = tool.Def[args]{Tool: tool.Tool{Name: "erase", Risk: tool.RiskDangerous, Validate: validate}}
	// read needs no store.
	read = tool.Def[args]{Tool: tool.Tool{Name: "read", Risk: tool.RiskRead, Idempotent: true, Validate: validate}}
)

// effects counts the executions of the handlers, by tool and text.
type effects struct {
	mu  sync.Mutex
	ran map[string]int
}

func (e *effects) handler(name string) func(context.Context, args) (any, error) {
	return func(_ context.Context, a args) (any, error) {
		e.mu.Lock()
		defer e.mu.Unlock()
		if e.ran == nil {
			e.ran = map[string]int{}
		}
		e.ran[name+" "+a.Text]++
		return map[string]any{"done": a.Text, "unicode": "日本 🚀", "n": len(e.ran)}, nil
	}
}

func (e *effects) count(call string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.ran[call]
}

func (e *effects) total() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, c := range e.ran {
		n += c
	}
	return n
}

func newSet(e *effects, key []byte, st tool.Store) *tool.Set {
	return tool.NewSet(write.Handle(e.handler("write")), erase.Handle(e.handler("erase")), read.Handle(e.handler("read")),
		tool.WithApprovalKey(key), tool.WithStore(st), tool.WithLogger(nil))
}

// testReplicas runs two Sets over one store, as two replicas of a service.
func testReplicas(t *testing.T, st tool.Store) {
	key := make([]byte, 32) // the shortest key tool.WithApprovalKey takes
	rand.Read(key)
	e := &effects{}
	replicas := []*tool.Set{newSet(e, key, st), newSet(e, key, st)}
	ctx := ctxFor(t)
	id := randomPrefix() + "request"

	// One request id, raced on both replicas: one execution, and every
	// caller gets its result.
	results := race(func(i int) tool.Result {
		return replicas[i%2].Call(ctx, "write", []byte(`{"text": "once"}`), tool.RequestID(id))
	})
	if n := e.count("write once"); n != 1 {
		t.Fatalf("%d callers of one request id on two replicas ran the handler %d times, want once", Callers, n)
	}
	var first []byte
	for i, res := range results {
		if res.Status != tool.StatusExecuted {
			t.Fatalf("caller %d: %s %v", i, res.Status, res.Errors)
		}
		out, _ := json.Marshal(res.Output)
		if first == nil {
			first = out
		}
		if !jsonEqual(out, first) {
			t.Fatalf("caller %d got %s, another %s: a duplicate replays the first output", i, out, first)
		}
	}
	if res := replicas[1].Call(ctx, "write", []byte(`{"text": "other"}`), tool.RequestID(id)); res.Status != tool.StatusRejected || res.Errors[0].Code != "request_conflict" {
		t.Fatalf("the request id with other arguments: %s %v, want request_conflict", res.Status, res.Errors)
	}

	// One approval, raced on both replicas: one execution.
	asked := replicas[0].Call(ctx, "erase", []byte(`{"text": "approved"}`))
	if asked.Status != tool.StatusNeedsConfirmation {
		t.Fatalf("a dangerous call: %s, want needs_confirmation", asked.Status)
	}
	results = race(func(i int) tool.Result {
		return replicas[i%2].Call(ctx, "erase", []byte(`{"text": "approved"}`), tool.Approve(asked.Approval))
	})
	executed := 0
	for _, res := range results {
		if res.Status == tool.StatusExecuted {
			executed++
		}
	}
	if n := e.count("erase approved"); n != 1 || executed != 1 {
		t.Fatalf("one approval used by %d callers on two replicas: %d executed, the handler ran %d times; want 1", Callers, executed, n)
	}
	// Nor does it approve other arguments.
	if res := replicas[1].Call(ctx, "erase", []byte(`{"text": "other"}`), tool.Approve(asked.Approval)); res.Status != tool.StatusNeedsConfirmation || e.count("erase other") != 0 {
		t.Fatalf("an approval for other arguments: %s", res.Status)
	}
}

// testClockSkew runs replicas whose clocks disagree over the store, each
// token raced by Callers callers on all of them: it runs once. A store
// with a clock of its own (see tool.Store) judges every token by it, so
// replicas 10 minutes apart run each token once, and a token issued by the
// replica 10 minutes ahead is refused, naming the clocks' disagreement;
// without one, the replicas are 2 minutes apart at most, the bound of
// their own clocks.
func testClockSkew(t *testing.T, st tool.Store) {
	_, clocked := st.(interface {
		Now(ctx context.Context, key string) (time.Time, error)
	})
	offsets := []time.Duration{0, 30 * time.Second, -90 * time.Second}
	if clocked {
		offsets = append(offsets, -10*time.Minute, 10*time.Minute)
	}
	key := make([]byte, 32)
	rand.Read(key)
	e := &effects{}
	var replicas []*tool.Set
	for _, off := range offsets {
		replicas = append(replicas, tool.NewSet(erase.Handle(e.handler("erase")), tool.WithApprovalKey(key), tool.WithStore(st),
			tool.WithLogger(nil), tool.WithClock(func() time.Time { return time.Now().Add(off) })))
	}
	ctx := ctxFor(t)
	for i, issuer := range replicas {
		text := fmt.Sprintf("issued at %v", offsets[i])
		args := []byte(`{"text": "` + text + `"}`)
		asked := issuer.Call(ctx, "erase", args)
		if asked.Status != tool.StatusNeedsConfirmation {
			t.Fatalf("a dangerous call: %s, want needs_confirmation", asked.Status)
		}
		results := race(func(c int) tool.Result {
			return replicas[c%len(replicas)].Call(ctx, "erase", args, tool.Approve(asked.Approval))
		})
		executed, ahead := 0, 0
		for _, res := range results {
			switch {
			case res.Status == tool.StatusExecuted:
				executed++
			case len(res.Errors) == 1 && strings.Contains(res.Errors[0].Reason, "clocks disagree"):
				ahead++
			}
		}
		want := 1
		if offsets[i] > time.Minute {
			want = 0 // issued ahead of the store's clock by more than the skew
			if ahead != Callers {
				t.Errorf("a token issued %v ahead of the store's clock: %d of %d refusals say the clocks disagree", offsets[i], ahead, Callers)
			}
		}
		if n := e.count("erase " + text); n != want || executed != want {
			t.Errorf("a token issued at %v, used by %d callers on replicas at %v: %d executed, the handler ran %d times; want %d",
				offsets[i], Callers, offsets, executed, n, want)
		}
	}
}

// lostReply is a store whose client retries every Add once, as a client
// that sent the command but lost its reply does: the retry finds what the
// first attempt stored.
type lostReply struct{ tool.Store }

func (l lostReply) Add(ctx context.Context, key string, value []byte, ttl time.Duration) ([]byte, bool, error) {
	if _, _, err := l.Store.Add(ctx, key, value, ttl); err != nil {
		return nil, false, err
	}
	return l.Store.Add(ctx, key, value, ttl)
}

// storedButFailed is a store whose next Adds store their value but fail,
// as an Add whose every reply was lost does.
type storedButFailed struct {
	tool.Store
	failures *atomic.Int32
}

func (f storedButFailed) Add(ctx context.Context, key string, value []byte, ttl time.Duration) ([]byte, bool, error) {
	current, added, err := f.Store.Add(ctx, key, value, ttl)
	if f.failures.Add(-1) >= 0 {
		return nil, false, errors.New("storetest: the reply was lost")
	}
	return current, added, err
}

// testLostReply: a Set over a store whose Add stored its value but whose
// reply was lost and the Add retried, as a client does (go-redis on a read
// timeout): the call that claimed a request id runs, rather than wait for
// its own claim, and an approval is used once, rather than refused as used
// by the use it is.
func testLostReply(t *testing.T, st tool.Store) {
	key := make([]byte, 32)
	rand.Read(key)
	e := &effects{}
	set := newSet(e, key, lostReply{st})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	id := randomPrefix() + "lost"
	if res := set.Call(ctx, "write", []byte(`{"text": "lost"}`), tool.RequestID(id)); res.Status != tool.StatusExecuted || e.count("write lost") != 1 {
		t.Errorf("a call whose claim of its request id was retried: %s %v, ran %d times; want executed once", res.Status, res.Errors, e.count("write lost"))
	}
	if res := set.Call(ctx, "write", []byte(`{"text": "lost"}`), tool.RequestID(id)); !res.Duplicate || e.count("write lost") != 1 {
		t.Errorf("its retry: %s duplicate %v, ran %d times; want the first's result", res.Status, res.Duplicate, e.count("write lost"))
	}
	asked := set.Call(ctx, "erase", []byte(`{"text": "lost"}`))
	res := set.Call(ctx, "erase", []byte(`{"text": "lost"}`), tool.Approve(asked.Approval))
	if res.Status != tool.StatusExecuted || e.count("erase lost") != 1 {
		t.Errorf("an approval whose use was retried: %s %v; want executed", res.Status, res.Errors)
	}
	if res := set.Call(ctx, "erase", []byte(`{"text": "lost"}`), tool.Approve(asked.Approval)); res.Status != tool.StatusNeedsConfirmation || e.count("erase lost") != 1 {
		t.Errorf("the approval used again: %s; want needs_confirmation", res.Status)
	}

	// An Add that stored its value and failed: the call is unavailable and
	// withdraws the record, so that the request id and the approval are
	// not spent on a call that did not run.
	var failures atomic.Int32
	set = newSet(e, key, storedButFailed{st, &failures})
	id = randomPrefix() + "failed"
	failures.Store(1)
	if res := set.Call(ctx, "write", []byte(`{"text": "failed"}`), tool.RequestID(id)); res.Status != tool.StatusRejected || res.Errors[0].Code != "unavailable" {
		t.Errorf("a claim stored whose Add failed: %s %v; want unavailable", res.Status, res.Errors)
	}
	if res := set.Call(ctx, "write", []byte(`{"text": "failed"}`), tool.RequestID(id)); res.Status != tool.StatusExecuted || e.count("write failed") != 1 {
		t.Errorf("the call again: %s %v; want it run: the failed claim was withdrawn", res.Status, res.Errors)
	}
	asked = set.Call(ctx, "erase", []byte(`{"text": "failed"}`))
	failures.Store(1)
	if res := set.Call(ctx, "erase", []byte(`{"text": "failed"}`), tool.Approve(asked.Approval)); res.Status != tool.StatusRejected || res.Errors[0].Code != "unavailable" {
		t.Errorf("a use stored whose Add failed: %s %v; want unavailable", res.Status, res.Errors)
	}
	if res := set.Call(ctx, "erase", []byte(`{"text": "failed"}`), tool.Approve(asked.Approval)); res.Status != tool.StatusExecuted || e.count("erase failed") != 1 {
		t.Errorf("the approval again: %s %v; want it to stand: the failed use was withdrawn", res.Status, res.Errors)
	}
}

// race runs call from Callers goroutines at once.
func race(call func(i int) tool.Result) []tool.Result {
	results := make([]tool.Result, Callers)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range Callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			results[i] = call(i)
		}()
	}
	close(start)
	wg.Wait()
	return results
}

func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return bytes.Equal(ja, jb)
}

// RunUnreachable checks the stores newStore makes when their backend cannot
// be reached (a database closed or down): Add, Put and Delete each return
// an error before their context's deadline, and a tool.Set over such a
// store runs no call that needs it: a dangerous call with a valid approval
// and a call with a request id are rejected with code unavailable, their
// handlers never run, while a call that needs no store still runs.
func RunUnreachable(t *testing.T, newStore func() tool.Store) {
	t.Helper()
	const wait = 5 * time.Second
	st := newStore()
	check := func(op string, f func(context.Context) error) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		start := time.Now()
		err := f(ctx)
		if err == nil {
			t.Errorf("%s on an unreachable store returned no error: a store that cannot record a call must say so", op)
		}
		if d := time.Since(start); d > wait+time.Second {
			t.Errorf("%s on an unreachable store took %v, past its context's deadline", op, d)
		}
	}
	check("Add", func(ctx context.Context) error {
		_, _, err := st.Add(ctx, "storetest:down", []byte("v"), time.Minute)
		return err
	})
	check("Put", func(ctx context.Context) error { return st.Put(ctx, "storetest:down", []byte("v"), time.Minute) })
	check("Delete", func(ctx context.Context) error { return st.Delete(ctx, "storetest:down") })

	key := make([]byte, 32) // the shortest key tool.WithApprovalKey takes
	rand.Read(key)
	e := &effects{}
	set := newSet(e, key, st)
	ctx := ctxFor(t)
	asked := set.Call(ctx, "erase", []byte(`{"text": "x"}`))
	if asked.Status != tool.StatusNeedsConfirmation {
		t.Fatalf("a dangerous call: %s %v, want needs_confirmation", asked.Status, asked.Errors)
	}
	for name, res := range map[string]tool.Result{
		"an approved dangerous call": set.Call(ctx, "erase", []byte(`{"text": "x"}`), tool.Approve(asked.Approval)),
		"a call with a request id":   set.Call(ctx, "write", []byte(`{"text": "x"}`), tool.RequestID("storetest-down")),
	} {
		if res.Status != tool.StatusRejected || len(res.Errors) != 1 || res.Errors[0].Code != "unavailable" {
			t.Errorf("%s over an unreachable store: %s %v, want rejected with code unavailable", name, res.Status, res.Errors)
		}
	}
	if n := e.total(); n != 0 {
		t.Fatalf("%d handlers ran over an unreachable store: a call that needs the store must fail closed", n)
	}
	if res := set.Call(ctx, "read", []byte(`{"text": "x"}`)); res.Status != tool.StatusExecuted {
		t.Errorf("a call that needs no store: %s %v, want executed", res.Status, res.Errors)
	}
}
