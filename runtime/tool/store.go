package tool

import (
	"container/heap"
	"context"
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
//   - Keys are printable ASCII of at most 80 bytes; values are at most a few
//     hundred bytes plus a handler's output as JSON.
//   - A value is kept for its whole lifetime. A store may drop it earlier
//     only to bound its memory: a request id dropped early lets a retry of
//     that call run again, an approval dropped early lets its token approve
//     the same call again until the token expires.
//   - An error fails the call that needs the store (code unavailable; the
//     handler does not run), or is logged once the handler ran.
//   - It is safe for concurrent use.
//
// With Redis, Add is SET key value NX GET PX ttl (or a transaction of GET
// and SET NX), Put is SET key value PX ttl, Delete is DEL; with SQL, Add is
// an INSERT that does nothing on conflict followed by a SELECT, with expired
// rows deleted first or ignored.
type Store interface {
	// Add stores value under key for ttl unless key holds a live value;
	// then it leaves that value, returns it and false.
	Add(ctx context.Context, key string, value []byte, ttl time.Duration) (current []byte, added bool, err error)
	// Put stores value under key for ttl, in place of what it holds.
	Put(ctx context.Context, key string, value []byte, ttl time.Duration) error
	// Delete removes key.
	Delete(ctx context.Context, key string) error
}

// DefaultMaxRecords is how many records a memory store made by NewSet (or by
// NewMemoryStore(0)) holds at most.
const DefaultMaxRecords = 10_000

// MemoryStore is the Store a Set uses unless WithStore gives another: a map
// in memory, bounded in records and in time. Each record expires at the end
// of its own lifetime, whatever the others do; when the store is full, the
// record closest to its expiry makes room for a new one.
type MemoryStore struct {
	mu      sync.Mutex
	max     int
	records map[string]*memoryRecord
	expiry  expiryHeap
	now     func() time.Time
}

type memoryRecord struct {
	key     string
	value   []byte
	expires time.Time
	index   int // in the expiry heap
}

// NewMemoryStore makes a MemoryStore of at most maxRecords records;
// maxRecords <= 0 means DefaultMaxRecords.
func NewMemoryStore(maxRecords int) *MemoryStore {
	if maxRecords <= 0 {
		maxRecords = DefaultMaxRecords
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
	m.store(key, value, now, ttl)
	return nil, true, nil
}

// Put implements Store.
func (m *MemoryStore) Put(_ context.Context, key string, value []byte, ttl time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	m.expire(now)
	if r := m.records[key]; r != nil {
		r.value, r.expires = value, now.Add(ttl)
		heap.Fix(&m.expiry, r.index)
		return nil
	}
	m.store(key, value, now, ttl)
	return nil
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

// Len returns how many records the store holds, expired ones left out.
func (m *MemoryStore) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.expire(m.now())
	return len(m.records)
}

// store adds a record for a key it does not hold, making room first.
func (m *MemoryStore) store(key string, value []byte, now time.Time, ttl time.Duration) {
	if ttl <= 0 {
		return // born expired: nothing to remember
	}
	for len(m.records) >= m.max && len(m.expiry) > 0 {
		m.remove(m.expiry[0])
	}
	r := &memoryRecord{key: key, value: value, expires: now.Add(ttl)}
	m.records[key] = r
	heap.Push(&m.expiry, r)
}

func (m *MemoryStore) remove(r *memoryRecord) {
	heap.Remove(&m.expiry, r.index)
	delete(m.records, r.key)
}

// expire drops every record whose lifetime is over: the heap's top is the
// first to expire, so the loop stops at the first live record, whatever
// state the records are in.
func (m *MemoryStore) expire(now time.Time) {
	for len(m.expiry) > 0 && !m.expiry[0].expires.After(now) {
		m.remove(m.expiry[0])
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
