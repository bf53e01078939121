// Package redisstore keeps the records of a tool.Set in Redis, so that the
// replicas of a service act as one Set: a retry that reaches another
// replica is still a duplicate, an approval approves one execution
// wherever it is used.
//
//	client := redis.NewUniversalClient(&redis.UniversalOptions{Addrs: []string{"redis:6379"}})
//	set := tool.NewSet(handlers...,
//		tool.WithApprovalKey(key), // the same secret on every replica
//		tool.WithStore(redisstore.New(client)),
//	)
//
// It implements tool.Store with one command each: Add is SET key value NX
// GET PX ttl (atomic on the server, Redis 7.0 or later), Put is SET key
// value PX ttl, Delete is DEL key; its clock, by which the replicas judge
// approval tokens, is TIME on the node of the key (a one-line script). A single node, a Sentinel (failover)
// client and a Cluster client work alike: every command names one key.
//
// It fails closed: when Redis cannot be reached, or answers with an error,
// the call that needs the store is rejected with code unavailable and its
// handler does not run. How long a call waits for an unreachable Redis is
// the client's to say (its DialTimeout, ReadTimeout and MaxRetries) within
// the call's context.
//
// What survives a restart of Redis is what its persistence keeps: with
// appendonly yes and appendfsync always, every record a Set was told was
// stored; with everysec, up to a second of records may be lost, and a
// retry of a call recorded then may run again.
package redisstore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// DefaultPrefix is the prefix of the keys a Store writes unless WithPrefix
// gives another.
const DefaultPrefix = "toolgen:"

// Store is a tool.Store over a Redis client.
type Store struct {
	client redis.UniversalClient
	prefix string
}

var _ tool.Store = (*Store)(nil)

// Option configures a Store.
type Option func(*Store)

// WithPrefix sets the prefix of the store's keys, so that several services
// (or several Sets of one) share a Redis without sharing records.
func WithPrefix(prefix string) Option { return func(s *Store) { s.prefix = prefix } }

// New returns a Store over client: a *redis.Client, a failover client of
// Sentinel, or a *redis.ClusterClient.
func New(client redis.UniversalClient, opts ...Option) *Store {
	if client == nil {
		panic("redisstore: New with a nil client")
	}
	s := &Store{client: client, prefix: DefaultPrefix}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Add implements tool.Store: SET key value NX GET PX ttl.
func (s *Store) Add(ctx context.Context, key string, value []byte, ttl time.Duration) ([]byte, bool, error) {
	k := s.prefix + key
	if ttl <= 0 {
		// Born expired: nothing to store, but a live value is still there.
		current, err := s.client.Get(ctx, k).Bytes()
		if errors.Is(err, redis.Nil) {
			return nil, true, nil
		}
		if err != nil {
			return nil, false, s.fail("GET", err)
		}
		return current, false, nil
	}
	current, err := s.client.Do(ctx, "SET", k, value, "NX", "GET", "PX", millis(ttl)).Text()
	switch {
	case errors.Is(err, redis.Nil):
		return nil, true, nil // the key held nothing: the value is stored
	case err != nil:
		return nil, false, s.fail("SET NX GET", err)
	}
	return []byte(current), false, nil
}

// timeScript reads the server's clock on the node that holds KEYS[1]: a
// Cluster client sends a script to the node of its key.
const timeScript = "return redis.call('TIME')"

// Now is the store's clock (see tool.Store): TIME on the node of key, the
// clock by which its records expire (Redis keeps an expiry as an absolute
// time), so that the replicas judge approval tokens by the clock that ends
// their records, whatever their own clocks say.
func (s *Store) Now(ctx context.Context, key string) (time.Time, error) {
	v, err := s.client.Eval(ctx, timeScript, []string{s.prefix + key}).StringSlice()
	if err == nil && len(v) != 2 {
		err = fmt.Errorf("TIME answered %q", v)
	}
	var sec, usec int64
	if err == nil {
		sec, err = strconv.ParseInt(v[0], 10, 64)
	}
	if err == nil {
		usec, err = strconv.ParseInt(v[1], 10, 64)
	}
	if err != nil {
		return time.Time{}, s.fail("TIME", err)
	}
	return time.Unix(sec, usec*1000), nil
}

// Put implements tool.Store: SET key value PX ttl.
func (s *Store) Put(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	if ttl <= 0 {
		return s.Delete(ctx, key)
	}
	if err := s.client.Do(ctx, "SET", s.prefix+key, value, "PX", millis(ttl)).Err(); err != nil {
		return s.fail("SET", err)
	}
	return nil
}

// Delete implements tool.Store: DEL key.
func (s *Store) Delete(ctx context.Context, key string) error {
	if err := s.client.Del(ctx, s.prefix+key).Err(); err != nil {
		return s.fail("DEL", err)
	}
	return nil
}

// millis is a lifetime in whole milliseconds, rounded up: a record is never
// dropped before its lifetime ends.
func millis(ttl time.Duration) int64 {
	return int64((ttl + time.Millisecond - 1) / time.Millisecond)
}

func (s *Store) fail(op string, err error) error {
	if op == "SET NX GET" && strings.Contains(err.Error(), "syntax error") {
		return fmt.Errorf("redisstore: %s needs Redis 7.0 or later: %w", op, err)
	}
	return fmt.Errorf("redisstore: %s: %w", op, err)
}
