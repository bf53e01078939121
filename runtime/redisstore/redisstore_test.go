package redisstore_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/toolgen-go/toolgen/internal/testkit/redisserver"
	"github.com/toolgen-go/toolgen/runtime/redisstore"
	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/tool/storetest"
)

func prefix() string {
	b := make([]byte, 4)
	rand.Read(b)
	return "test" + hex.EncodeToString(b) + ":"
}

// newClient is a client that gives up on an unreachable server quickly.
func newClient(t *testing.T, opts *redis.UniversalOptions) redis.UniversalClient {
	opts.DialTimeout, opts.MaxRetries = time.Second, 1
	c := redis.NewUniversalClient(opts)
	t.Cleanup(func() { c.Close() })
	return c
}

func TestSingleNode(t *testing.T) {
	srv := redisserver.Start(t)
	client := newClient(t, &redis.UniversalOptions{Addrs: []string{srv.Addr()}})
	storetest.Run(t, func() tool.Store { return redisstore.New(client, redisstore.WithPrefix(prefix())) })
}

// The Cluster client path, on a cluster of three nodes: every command
// names one key, so the records spread over the nodes' slots.
func TestCluster(t *testing.T) {
	addrs := redisserver.Cluster(t, 3)
	client := newClient(t, &redis.UniversalOptions{Addrs: addrs})
	if _, ok := client.(*redis.ClusterClient); !ok {
		t.Fatalf("several addresses make a %T, want a *redis.ClusterClient", client)
	}
	storetest.Run(t, func() tool.Store { return redisstore.New(client, redisstore.WithPrefix(prefix())) })
	for _, addr := range addrs {
		n, err := redisserver.Do(addr, "DBSIZE")
		if err != nil || n == "0" {
			t.Errorf("node %s holds %s keys (%v): the records should spread over the nodes", addr, n, err)
		}
	}
}

// The Sentinel (failover) client path: the client asks the sentinel for
// the master.
func TestSentinel(t *testing.T) {
	master := redisserver.Start(t)
	sentinel := redisserver.Sentinel(t, master, "toolgen")
	client := newClient(t, &redis.UniversalOptions{Addrs: []string{sentinel}, MasterName: "toolgen"})
	storetest.Run(t, func() tool.Store { return redisstore.New(client, redisstore.WithPrefix(prefix())) })
	if n, err := redisserver.Do(master.Addr(), "DBSIZE"); err != nil || n == "0" {
		t.Errorf("the master holds %s keys (%v): the client should write to it", n, err)
	}
}

// A stopped Redis fails every method, and a Set over it runs nothing that
// needs the store; once Redis is back, the same client and store work
// again.
func TestUnreachable(t *testing.T) {
	srv := redisserver.Start(t)
	client := newClient(t, &redis.UniversalOptions{Addrs: []string{srv.Addr()}})
	st := redisstore.New(client)
	if _, _, err := st.Add(context.Background(), "warm", []byte("v"), time.Minute); err != nil {
		t.Fatal(err)
	}
	srv.Kill()
	storetest.RunUnreachable(t, func() tool.Store { return st })
	_, _, err := st.Add(context.Background(), "k", []byte("v"), time.Minute)
	if err == nil || !strings.HasPrefix(err.Error(), "redisstore: SET NX GET: ") {
		t.Fatalf("the error names the command: %v", err)
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	if _, added, err := st.Add(context.Background(), "k", []byte("v"), time.Minute); err != nil || !added {
		t.Fatalf("after Redis restarted: %v %v", added, err)
	}
}

// The commands are those the contract names, with the prefix and a
// lifetime exact to the millisecond.
func TestCommands(t *testing.T) {
	srv := redisserver.Start(t)
	client := newClient(t, &redis.UniversalOptions{Addrs: []string{srv.Addr()}})
	ctx := context.Background()
	a, b := redisstore.New(client, redisstore.WithPrefix("a:")), redisstore.New(client)
	if _, added, err := a.Add(ctx, "k", []byte("in a"), 1500*time.Millisecond); err != nil || !added {
		t.Fatal(added, err)
	}
	if _, added, err := b.Add(ctx, "k", []byte("in b"), time.Minute); err != nil || !added {
		t.Fatal("stores of two prefixes share a key:", added, err)
	}
	if v, _ := redisserver.Do(srv.Addr(), "GET", "a:k"); v != "in a" {
		t.Errorf("a:k holds %q", v)
	}
	if v, _ := redisserver.Do(srv.Addr(), "GET", redisstore.DefaultPrefix+"k"); v != "in b" {
		t.Errorf("%sk holds %q", redisstore.DefaultPrefix, v)
	}
	pttl, _ := redisserver.Do(srv.Addr(), "PTTL", "a:k")
	if ms, err := strconv.Atoi(pttl); err != nil || ms < 1400 || ms > 1500 {
		t.Errorf("a lifetime of 1.5 s is a PTTL of %s ms", pttl)
	}
	if err := a.Put(ctx, "k", []byte("put"), 250*time.Microsecond); err != nil {
		t.Fatal(err)
	}
	if pttl, _ := redisserver.Do(srv.Addr(), "PTTL", "a:k"); pttl != "1" && pttl != "0" && pttl != "-2" {
		t.Errorf("a lifetime under a millisecond is rounded up to one: PTTL %s", pttl)
	}
	// A lifetime of zero stores nothing and leaves a live value.
	if _, added, err := a.Add(ctx, "zero", []byte("v"), 0); err != nil || !added {
		t.Fatal(added, err)
	}
	if n, _ := redisserver.Do(srv.Addr(), "EXISTS", "a:zero"); n != "0" {
		t.Errorf("a value born expired was stored")
	}
	if cur, added, err := b.Add(ctx, "k", []byte("v"), 0); err != nil || added || string(cur) != "in b" {
		t.Errorf("Add with no lifetime over a live value: %q %v %v", cur, added, err)
	}
	if err := b.Put(ctx, "k", []byte("v"), 0); err != nil {
		t.Fatal(err)
	}
	if n, _ := redisserver.Do(srv.Addr(), "EXISTS", redisstore.DefaultPrefix+"k"); n != "0" {
		t.Errorf("Put with no lifetime leaves the key")
	}
}

// What a record survives is what Redis's persistence keeps: with
// appendfsync always, a kill -9 loses nothing the store acknowledged;
// without persistence, a restart loses every record (and a retry of a call
// recorded before would run again).
func TestRestart(t *testing.T) {
	for _, c := range []struct {
		name  string
		args  []string
		keeps bool
	}{
		{"appendfsync always", []string{"--appendonly", "yes", "--appendfsync", "always"}, true},
		{"no persistence", nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := redisserver.Start(t, c.args...)
			client := newClient(t, &redis.UniversalOptions{Addrs: []string{srv.Addr()}})
			st := redisstore.New(client)
			ctx := context.Background()
			if _, added, err := st.Add(ctx, "request:1", []byte("ran"), time.Minute); err != nil || !added {
				t.Fatal(added, err)
			}
			srv.Kill()
			if err := srv.Start(); err != nil {
				t.Fatal(err)
			}
			cur, added, err := st.Add(ctx, "request:1", []byte("again"), time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if kept := !added && string(cur) == "ran"; kept != c.keeps {
				t.Fatalf("after kill -9 and a restart the record is kept: %v, want %v", kept, c.keeps)
			}
		})
	}
}
