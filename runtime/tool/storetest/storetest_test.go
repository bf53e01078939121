package storetest_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/tool/storetest"
)

func TestMemoryStore(t *testing.T) {
	storetest.Run(t, func() tool.Store { return tool.NewMemoryStore(0) })
}

// A store without a clock of its own: its sets judge approvals by theirs.
func TestStoreWithoutClock(t *testing.T) {
	storetest.Run(t, func() tool.Store { return struct{ tool.Store }{tool.NewMemoryStore(0)} })
}

// A store that breaks one clause of the contract fails the kit, with a
// message that names the clause. Each broken store runs in a test process
// of its own, so that its failure is this test's observation.
func TestBrokenStoresFail(t *testing.T) {
	if name := os.Getenv("STORETEST_BROKEN"); name != "" {
		run, ok := broken[name]
		if !ok {
			t.Fatalf("no broken store %q", name)
		}
		run.run(t)
		return
	}
	if testing.Short() {
		t.Skip("runs the kit once per broken store")
	}
	for name, b := range broken {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(os.Args[0], "-test.run=^TestBrokenStoresFail$", "-test.v")
			cmd.Env = append(os.Environ(), "STORETEST_BROKEN="+name)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("the kit passed a store that %s:\n%s", name, out)
			}
			if !bytes.Contains(out, []byte(b.says)) {
				t.Fatalf("the kit failed a store that %s, but does not say %q:\n%s", name, b.says, out)
			}
		})
	}
}

type brokenStore struct {
	run  func(t *testing.T)
	says string // in the kit's failure
}

var broken = map[string]brokenStore{
	"checks then sets": {
		run:  func(t *testing.T) { storetest.Run(t, func() tool.Store { return &racy{m: map[string][]byte{}} }) },
		says: "concurrent Adds of one key stored their value, want exactly 1",
	},
	"folds case": {
		run: func(t *testing.T) {
			storetest.Run(t, func() tool.Store { return keyed{tool.NewMemoryStore(0), strings.ToLower} })
		},
		says: "the store confuses it with one of",
	},
	"trims trailing spaces": {
		run: func(t *testing.T) {
			storetest.Run(t, func() tool.Store {
				return keyed{tool.NewMemoryStore(0), func(k string) string { return strings.TrimRight(k, " ") }}
			})
		},
		says: "the store confuses it with one of",
	},
	"never expires": {
		run:  func(t *testing.T) { storetest.Run(t, func() tool.Store { return forever{tool.NewMemoryStore(0)} }) },
		says: "a value past its lifetime should count as absent",
	},
	"truncates values": {
		run:  func(t *testing.T) { storetest.Run(t, func() tool.Store { return truncating{tool.NewMemoryStore(0)} }) },
		says: "the store changed the value",
	},
	"swallows errors": {
		run:  func(t *testing.T) { storetest.RunUnreachable(t, func() tool.Store { return swallowing{} }) },
		says: "returned no error",
	},
}

// racy checks whether a key is held, then stores, without holding a lock
// across both.
type racy struct {
	mu sync.Mutex
	m  map[string][]byte
}

func (r *racy) Add(_ context.Context, k string, v []byte, _ time.Duration) ([]byte, bool, error) {
	r.mu.Lock()
	cur, ok := r.m[k]
	r.mu.Unlock()
	if ok {
		return cur, false, nil
	}
	time.Sleep(time.Millisecond) // the window in which another caller checks too
	r.mu.Lock()
	r.m[k] = v
	r.mu.Unlock()
	return nil, true, nil
}

func (r *racy) Put(_ context.Context, k string, v []byte, _ time.Duration) error {
	r.mu.Lock()
	r.m[k] = v
	r.mu.Unlock()
	return nil
}

func (r *racy) Delete(_ context.Context, k string) error {
	r.mu.Lock()
	delete(r.m, k)
	r.mu.Unlock()
	return nil
}

// keyed maps keys as a database's collation might.
type keyed struct {
	st  tool.Store
	key func(string) string
}

func (s keyed) Add(ctx context.Context, k string, v []byte, ttl time.Duration) ([]byte, bool, error) {
	return s.st.Add(ctx, s.key(k), v, ttl)
}
func (s keyed) Put(ctx context.Context, k string, v []byte, ttl time.Duration) error {
	return s.st.Put(ctx, s.key(k), v, ttl)
}
func (s keyed) Delete(ctx context.Context, k string) error { return s.st.Delete(ctx, s.key(k)) }

// forever ignores lifetimes.
type forever struct{ st tool.Store }

func (s forever) Add(ctx context.Context, k string, v []byte, _ time.Duration) ([]byte, bool, error) {
	return s.st.Add(ctx, k, v, time.Hour)
}
func (s forever) Put(ctx context.Context, k string, v []byte, _ time.Duration) error {
	return s.st.Put(ctx, k, v, time.Hour)
}
func (s forever) Delete(ctx context.Context, k string) error { return s.st.Delete(ctx, k) }

// truncating keeps 64 KiB of a value, as a column of that size would.
type truncating struct{ st tool.Store }

func (s truncating) Add(ctx context.Context, k string, v []byte, ttl time.Duration) ([]byte, bool, error) {
	return s.st.Add(ctx, k, v[:min(len(v), 64<<10)], ttl)
}
func (s truncating) Put(ctx context.Context, k string, v []byte, ttl time.Duration) error {
	return s.st.Put(ctx, k, v[:min(len(v), 64<<10)], ttl)
}
func (s truncating) Delete(ctx context.Context, k string) error { return s.st.Delete(ctx, k) }

// swallowing cannot reach its backend but says nothing: an Add "stores".
type swallowing struct{}

var errDown = errors.New("down")

func (swallowing) Add(context.Context, string, []byte, time.Duration) ([]byte, bool, error) {
	return nil, true, nil
}
func (swallowing) Put(context.Context, string, []byte, time.Duration) error { return nil }
func (swallowing) Delete(context.Context, string) error                     { return errDown }
