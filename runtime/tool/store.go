package tool

import (
	"container/heap"
	"context"
	"errors"
	"strings"
	"sync"
	"time"
)

// Store holds the records a Set keeps beyond one call: the request ids of
// the calls to tools that are not idempotent (what they returned, for a
// retry), and the approval tokens already used. A Set keeps them in memory
// by default (NewMemoryStore); the replicas of a service behind a load
// balancer share one Store, and one approval key (WithApprovalKey), to act
// as one Set: a retry that reaches another replica is still a duplicate, and
// an approval still approves one execution.
//
// A Store is a map from keys to opaque values, each with a lifetime. The
// contract:
//
//   - Add is atomic: of concurrent Adds of one key (on any replica), exactly
//     one stores its value; the others get that value back and false. A value
//     past its lifetime counts as absent.
//   - Put stores a value whatever the key holds; Delete removes it.
//   - Keys are printable ASCII of at most 80 bytes: "request:" or
//     "approval:" and 64 hexadecimal digits. Values are at most a few hundred
//     bytes plus a handler's output as JSON and its content items (at most
//     4 MiB, base64).
//   - A value is kept for its whole lifetime, with one exception: to bound
//     its memory, a store may drop a request record (a key that starts with
//     "request:") earlier, and a retry of that call then runs again. It never
//     drops any other record early: an approval record dropped early would
//     let its token approve the same call again. A store with no room for a
//     record it may not drop refuses it with an error.
//   - An error fails the call that needs the store (code unavailable; the
//     handler does not run), or is logged once the handler ran.
//   - It is safe for concurrent use.
//
// With Redis, Add is SET key value NX GET PX ttl (or a transaction of GET
// and SET NX), Put is SET key value PX ttl, Delete is DEL, under the
// noeviction policy (Redis's other policies would drop approval records);
// with SQL, Add is an INSERT that does nothing on conflict followed by a
// SELECT, with expired rows deleted first or ignored.
//
// A store may have a clock of its own, the clock that ends its records: a
// method Now(ctx, key) (time.Time, error) that returns the time by the
// clock that ends the record of key (on the server that holds it), the one
// by which the records of approvals ("approval:" keys) expire. A Set over
// such a store judges approval tokens by that clock (issued no more than a
// minute ahead of it, not yet expired), so that one clock both says whether
// a token is valid and keeps its use recorded: a used token stays used on
// every replica, whatever the replicas' clocks say. Without it each Set
// judges by its own clock, and a token used on one replica is safe from a
// second use on another only while the other's clock is less than two
// minutes behind the clock of the replica that issued it. MemoryStore and
// runtime/redisstore (TIME on the node of the key) have one. An error of
// Now fails the call that needed it, with code unavailable.
type Store interface {
	// Add stores value under key for ttl unless key holds a live value;
	// then it leaves that value, returns it and false.
	Add(ctx context.Context, key string, value []byte, ttl time.Duration) (current []byte, added bool, err error)
	// Put stores value under key for ttl, in place of what it holds.
	Put(ctx context.Context, key string, value []byte, ttl time.Duration) error
	// Delete removes key.
	Delete(ctx context.Context, key string) error
}

// storeClock is a Store with a clock of its own (see Store): the clock
// that ends its records, which judges approval tokens too.
type storeClock interface {
	Now(ctx context.Context, key string) (time.Time, error)
}

// defaultMaxRecords is how many records of each kind (request ids, approval
// records) the memory store of a Set (or of NewMemoryStore(0)) holds at most.
const defaultMaxRecords = 10_000

// ErrStoreFull is the error of a MemoryStore's Add or Put of a record it has
// no room for: it holds as many records of the kind as it may, none of which
// it may drop before its lifetime ends.
var ErrStoreFull = errors.New("tool: the memory store is full of records it keeps until they expire (approvals used)")

// MemoryStore is the Store a Set uses unless WithStore gives another: a map
// in memory, bounded in records and in time. It keeps request records (keys
// that start with "request:") and the other records (the approvals used) in
// two budgets of its maximum each, so that neither kind can push out the
// other. Each record expires at the end of its own lifetime, whatever the
// others do. When it holds its maximum of request records, the one closest
// to its expiry makes room for a new one (a retry of that call then runs
// again); it never drops another record early: when it holds its maximum of
// them, a new one is refused with ErrStoreFull, and the call that needed it
// fails with code unavailable without running.
//
// It has a clock (see Store), the wall clock, which ends the records
// of approvals, so that a step of the wall clock moves a token's expiry and
// the record of its use alike; request records end by the monotonic clock,
// which no step moves.
type MemoryStore struct {
	mu      sync.Mutex
	max     int
	records map[string]*memoryRecord
	kinds   [2]expiryHeap // by recordKind
	now     func() time.Time
}

// The kinds of records, each with its own budget.
const (
	keptRecord    = 0 // kept for its whole lifetime: an approval used
	droppedRecord = 1 // may make room for another: a request id
)

func recordKind(key string) int {
	if strings.HasPrefix(key, "request:") {
		return droppedRecord
	}
	return keptRecord
}

type memoryRecord struct {
	key     string
	value   []byte
	expires time.Time
	kind    int
	index   int // in the expiry heap of its kind
}

// NewMemoryStore makes a MemoryStore of at most maxRecords records of each
// kind (request ids, approval records); maxRecords <= 0 means 10,000, the
// size of a Set's own memory store.
func NewMemoryStore(maxRecords int) *MemoryStore {
	if maxRecords <= 0 {
		maxRecords = defaultMaxRecords
	}
	return &MemoryStore{max: maxRecords, records: map[string]*memoryRecord{}, now: time.Now}
}

// Add implements Store.
func (m *MemoryStore) Add(_ context.Context, key string, value []byte, ttl time.Duration) ([]byte, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	m.expire(now)
	if r := m.records[key]; r != nil {
		return r.value, false, nil
	}
	if err := m.store(key, value, now, ttl); err != nil {
		return nil, false, err
	}
	return nil, true, nil
}

// Put implements Store.
func (m *MemoryStore) Put(_ context.Context, key string, value []byte, ttl time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	m.expire(now)
	if r := m.records[key]; r != nil {
		r.value, r.expires = value, expiry(r.kind, now, ttl)
		heap.Fix(&m.kinds[r.kind], r.index)
		return nil
	}
	return m.store(key, value, now, ttl)
}

// Delete implements Store.
func (m *MemoryStore) Delete(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if r := m.records[key]; r != nil {
		m.remove(r)
	}
	m.expire(m.now())
	return nil
}

// Now is the store's clock (see Store): the wall clock.
func (m *MemoryStore) Now(context.Context, string) (time.Time, error) {
	return m.now().Round(0), nil
}

// expiry is the end of a record's lifetime: by the wall clock for a record
// an approval's judgement depends on (see Store); by the monotonic
// clock, which no step moves, for a request record. Within a kind all
// records compare by one clock, as the expiry heap of the kind needs.
func expiry(kind int, now time.Time, ttl time.Duration) time.Time {
	if kind == keptRecord {
		now = now.Round(0) // strips the monotonic reading: compared by the wall clock
	}
	return now.Add(ttl)
}

// Len returns how many records the store holds, expired ones left out.
func (m *MemoryStore) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.expire(m.now())
	return len(m.records)
}

// store adds a record for a key it does not hold, making room first when
// its kind allows.
func (m *MemoryStore) store(key string, value []byte, now time.Time, ttl time.Duration) error {
	if ttl <= 0 {
		return nil // born expired: nothing to remember
	}
	kind := recordKind(key)
	h := &m.kinds[kind]
	if len(*h) >= m.max {
		if kind != droppedRecord {
			return ErrStoreFull
		}
		for len(*h) >= m.max {
			m.remove((*h)[0])
		}
	}
	r := &memoryRecord{key: key, value: value, expires: expiry(kind, now, ttl), kind: kind}
	m.records[key] = r
	heap.Push(h, r)
	return nil
}

func (m *MemoryStore) remove(r *memoryRecord) {
	heap.Remove(&m.kinds[r.kind], r.index)
	delete(m.records, r.key)
}

// expire drops every record whose lifetime is over: a heap's top is the
// first of its kind to expire, so each loop stops at the first live record,
// whatever state the records are in.
func (m *MemoryStore) expire(now time.Time) {
	for i := range m.kinds {
		h := &m.kinds[i]
		for len(*h) > 0 && !(*h)[0].expires.After(now) {
			m.remove((*h)[0])
		}
	}
}

// expiryHeap orders records by expiry, the first to expire on top.
type expiryHeap []*memoryRecord

func (h expiryHeap) Len() int           { return len(h) }
func (h expiryHeap) Less(i, j int) bool { return h[i].expires.Before(h[j].expires) }
func (h expiryHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}

func (h *expiryHeap) Push(x any) {
	r := x.(*memoryRecord)
	r.index = len(*h)
	*h = append(*h, r)
}

func (h *expiryHeap) Pop() any {
	old := *h
	r := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	return r
}
