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

type textArgs struct {
	Text string `json:"text"`
}

// The tools of TestLostReply: write acts and is deduplicated by request
// id; erase needs an approval.
var (
	writeDef = tool.Def[textArgs]{Tool: tool.Tool{Name: "write", Risk: tool.RiskAct}}
	eraseDef = tool.Def[textArgs]{Tool: tool.Tool{Name: "erase", Risk: tool.RiskDangerous}}
)

// TestLostReply: a proxy between the client and Redis forwards the SET NX
// GET that claims a request id (or marks an approval used) and drops its
// reply; go-redis's read times out and it sends the command again, which
// finds the record its first attempt stored. The call recognises its own
// record: it runs, once, rather than wait for itself until its context
// ends (and block its request id), and the approval is used by this run
// rather than refused as used.
func TestLostReply(t *testing.T) {
	srv := redisserver.Start(t)
	proxy := redisserver.NewLossy(t, srv.Addr())
	client := redis.NewClient(&redis.Options{Addr: proxy.Addr(), ReadTimeout: 300 * time.Millisecond, MaxRetries: 2})
	t.Cleanup(func() { client.Close() })
	ran := map[string]int{}
	handler := func(_ context.Context, a textArgs) (any, error) { ran[a.Text]++; return "done " + a.Text, nil }
	key := make([]byte, 32)
	rand.Read(key)
	set := tool.NewSet(writeDef.Handle(handler), eraseDef.Handle(handler), tool.WithApprovalKey(key),
		tool.WithStore(redisstore.New(client, redisstore.WithPrefix(prefix()))), tool.WithLogger(nil))
	const setNXGet = "NX\r\n$3\r\nGET\r\n"
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()

	proxy.DropReply(setNXGet, 1)
	res := set.Call(ctx, "write", []byte(`{"text": "claimed"}`), tool.RequestID("lost-1"))
	if proxy.Dropped() != 1 {
		t.Fatalf("the proxy dropped %d replies, want 1", proxy.Dropped())
	}
	if res.Status != tool.StatusExecuted || ran["claimed"] != 1 {
		t.Errorf("the call whose claim's reply was lost: %s %v, ran %d times; want executed once", res.Status, res.Errors, ran["claimed"])
	}
	if res := set.Call(ctx, "write", []byte(`{"text": "claimed"}`), tool.RequestID("lost-1")); !res.Duplicate || ran["claimed"] != 1 {
		t.Errorf("its retry: %s duplicate %v %v; want the first's result", res.Status, res.Duplicate, res.Errors)
	}

	ctx, cancel = context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	asked := set.Call(ctx, "erase", []byte(`{"text": "approved"}`))
	proxy.DropReply(setNXGet, 1)
	res = set.Call(ctx, "erase", []byte(`{"text": "approved"}`), tool.Approve(asked.Approval))
	if proxy.Dropped() != 2 {
		t.Fatalf("the proxy dropped %d replies, want 2", proxy.Dropped())
	}
	if res.Status != tool.StatusExecuted || ran["approved"] != 1 {
		t.Errorf("the approved call whose use's reply was lost: %s %v; want executed once", res.Status, res.Errors)
	}
	if res := set.Call(ctx, "erase", []byte(`{"text": "approved"}`), tool.Approve(asked.Approval)); res.Status != tool.StatusNeedsConfirmation || ran["approved"] != 1 {
		t.Errorf("the approval used again: %s; want needs_confirmation", res.Status)
	}

	// Every attempt's reply lost (the first and go-redis's two retries):
	// the call fails closed, unavailable, and withdraws the record its
	// attempts stored, so that neither the request id nor the approval is
	// spent on a call that did not run: the next call runs.
	ctx, cancel = context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	proxy.DropReply(setNXGet, 3)
	res = set.Call(ctx, "write", []byte(`{"text": "all lost"}`), tool.RequestID("lost-2"))
	if res.Status != tool.StatusRejected || res.Errors[0].Code != "unavailable" {
		t.Errorf("every reply lost: %s %v; want unavailable", res.Status, res.Errors)
	}
	if res := set.Call(ctx, "write", []byte(`{"text": "all lost"}`), tool.RequestID("lost-2")); res.Status != tool.StatusExecuted || res.Duplicate || ran["all lost"] != 1 {
		t.Errorf("the call again, its replies no longer lost: %s %v; want it run, once", res.Status, res.Errors)
	}
	asked = set.Call(ctx, "erase", []byte(`{"text": "approved, all lost"}`))
	proxy.DropReply(setNXGet, 3)
	if res := set.Call(ctx, "erase", []byte(`{"text": "approved, all lost"}`), tool.Approve(asked.Approval)); res.Status != tool.StatusRejected || res.Errors[0].Code != "unavailable" {
		t.Errorf("every reply of an approval's use lost: %s %v; want unavailable", res.Status, res.Errors)
	}
	if res := set.Call(ctx, "erase", []byte(`{"text": "approved, all lost"}`), tool.Approve(asked.Approval)); res.Status != tool.StatusExecuted || ran["approved, all lost"] != 1 {
		t.Errorf("the approval again: %s %v; want it to stand, and the call run", res.Status, res.Errors)
	}
	if proxy.Dropped() != 8 {
		t.Errorf("the proxy dropped %d replies, want 8", proxy.Dropped())
	}
}
