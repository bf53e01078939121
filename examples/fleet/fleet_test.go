package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/internal/testkit/redisserver"
)

// scale reads a count of the load from TOOLGEN_FLEET_<name>: the test's
// default is bounded to run in CI in seconds; larger counts make it the
// benchmark mode (docs/fleet.md, "Running a fleet").
func scale(t testing.TB, name string, def int) int {
	if v := os.Getenv("TOOLGEN_FLEET_" + name); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("TOOLGEN_FLEET_%s=%q is not a positive count", name, v)
		}
		return n
	}
	return def
}

// TestFleet runs the fleet under load and faults and asserts what the
// replicas promise together: an approved dangerous call runs exactly once,
// wherever its confirmation lands; a call id runs once; nothing runs while
// the store is down; an approval works once and for its own arguments; and
// every call a client saw executed is in the ledger.
func TestFleet(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a fleet of processes")
	}
	clients, perClient, replicas := scale(t, "CLIENTS", 32), scale(t, "CALLS", 200), scale(t, "REPLICAS", 3)
	f := startFleet(t, replicas)
	ctx := context.Background()
	var all []*logical
	probes := map[string]int{}

	// One client alone: the two rounds of each confirmation reach two
	// replicas in turn, and the second runs the call.
	t.Run("ConfirmationOnAnotherReplica", func(t *testing.T) {
		c := f.newClient(false)
		defer c.close()
		for i := range 20 {
			l := plan(1000, 10*i+8) // a transfer
			c.do(ctx, l, false)
			all = append(all, l)
			a := l.attempts[0]
			if a.outcome != executed {
				t.Fatalf("%s: %s %v %s", l.memo, a.outcome, a.err, a.text)
			}
			if len(a.hops) != 2 || a.hops[0] == a.hops[1] {
				t.Fatalf("%s: the rounds reached %v, want two replicas", l.memo, a.hops)
			}
			if a.receipt.Replica != a.hops[1] {
				t.Fatalf("%s ran on %s, the confirmation reached %s", l.memo, a.receipt.Replica, a.hops[1])
			}
		}
		if c.asked != 20 {
			t.Fatalf("the person was asked %d times for 20 transfers", c.asked)
		}
	})

	// Load, with a replica killed and restarted and Redis killed and
	// restarted midway; client 0 sends every call twice with one call id;
	// a prober tries approvals that must not work.
	t.Run("LoadAndFaults", func(t *testing.T) {
		total := int64(clients * perClient)
		var progress atomic.Int64
		var mu sync.Mutex
		var load []*logical
		var events []string
		at := func(frac float64) {
			for progress.Load() < int64(frac*float64(total)) {
				time.Sleep(time.Millisecond)
			}
		}
		event := func(what string) {
			mu.Lock()
			events = append(events, fmt.Sprintf("%s at call %d", what, progress.Load()))
			mu.Unlock()
		}
		var redisDown, redisUp time.Time
		done := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { // the faults
			defer wg.Done()
			at(0.2)
			f.replicas[1].kill()
			event("r2 killed")
			at(0.35)
			if err := f.replicas[1].start(); err != nil {
				t.Error(err)
			}
			event("r2 restarted")
			at(0.55)
			redisDown = time.Now()
			f.redis.Kill()
			event("redis killed")
			time.Sleep(300 * time.Millisecond)
			if err := f.redis.Start(); err != nil {
				t.Error(err)
			}
			redisUp = time.Now()
			event("redis restarted")
		}()
		var probeErrs []error
		wg.Add(1)
		go func() { // the prober
			defer wg.Done()
			c := f.newClient(true)
			defer c.close()
			for n := 0; ; n++ {
				select {
				case <-done:
					return
				case <-time.After(20 * time.Millisecond):
				}
				ran, violation, err := c.probe(ctx, n)
				if violation != "" {
					t.Error(violation)
				}
				mu.Lock()
				for memo, times := range ran {
					probes[memo] = times
				}
				if err != nil {
					probeErrs = append(probeErrs, err)
				}
				mu.Unlock()
			}
		}()
		start := time.Now()
		var clientsWG sync.WaitGroup
		for c := range clients {
			clientsWG.Add(1)
			go func() {
				defer clientsWG.Done()
				cl := f.newClient(false)
				defer cl.close()
				for i := range perClient {
					l := plan(c, i)
					cl.do(ctx, l, c == 0)
					mu.Lock()
					load = append(load, l)
					mu.Unlock()
					progress.Add(1)
				}
			}()
		}
		clientsWG.Wait()
		elapsed := time.Since(start)
		close(done)
		wg.Wait()
		all = append(all, load...)

		// What the clients saw.
		var lat []time.Duration
		counts := map[outcome]int{}
		ran := map[string]int{}
		for _, e := range f.ledger.Entries() {
			ran[e.Memo]++
		}
		var inDoubt, inDoubtRan, unavailableDuringRedis, crossed, transfers, retried, retriedAcross int
		for _, l := range load {
			for _, a := range l.attempts {
				counts[a.outcome]++
				if a.outcome != unknown {
					lat = append(lat, a.took)
				}
			}
			if l.final() == unknown {
				inDoubt++
				if l.memo != "" && ran[l.memo] > 0 {
					inDoubtRan++
				}
			}
			for _, a := range l.attempts {
				if a.outcome == unavailable {
					unavailableDuringRedis++
				}
				if l.kind == "transfer" && a.outcome == executed && len(a.hops) == 2 {
					transfers++
					if a.hops[0] != a.hops[1] {
						crossed++
					}
				}
			}
			if strings.HasPrefix(l.id, "call-c0-") && len(l.attempts) == 2 {
				retried++
				a, b := l.attempts[0], l.attempts[1]
				if len(a.hops) > 0 && len(b.hops) > 0 && a.hops[len(a.hops)-1] != b.hops[len(b.hops)-1] {
					retriedAcross++
				}
				if a.outcome == executed && b.outcome == executed && a.receipt != b.receipt {
					t.Errorf("%s retried: receipts %+v and %+v, want the first replayed", l.memo, a.receipt, b.receipt)
				}
				// An unknown first attempt (no answer) may or may not have run:
				// the ledger says which, and the retry must agree with it.
				switch {
				case l.memo == "" || a.outcome == unavailable || b.outcome == unavailable:
				case a.outcome == unknown:
					if b.outcome.notRun() && ran[l.memo] > 0 {
						t.Errorf("%s retried: the first attempt ran (the ledger), the retry says %s", l.memo, b.outcome)
					}
				case a.outcome.notRun() != b.outcome.notRun():
					t.Errorf("%s retried: %s then %s", l.memo, a.outcome, b.outcome)
				}
			}
		}
		slices.Sort(lat)
		t.Logf("%d clients x %d calls on %d replicas in %v: %.0f calls/s; latency p50 %v, p99 %v",
			clients, perClient, replicas, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds(),
			percentile(lat, 0.50).Round(10*time.Microsecond), percentile(lat, 0.99).Round(10*time.Microsecond))
		t.Logf("faults: %v; redis down %v", events, redisUp.Sub(redisDown).Round(time.Millisecond))
		t.Logf("attempts by outcome: %v; calls in doubt (no answer after %d attempts): %d, of which the ledger shows %d ran", counts, maxAttempts, inDoubt, inDoubtRan)
		t.Logf("transfers confirmed on another replica than asked: %d of %d; client 0's retries on another replica: %d of %d",
			crossed, transfers, retriedAcross, retried)
		t.Logf("probes: %d memos, %d errors %v", len(probes), len(probeErrs), firstErrs(probeErrs))
		for _, r := range f.replicas {
			t.Logf("%s: peak memory %.1f MB", r.name, float64(r.peak())/1024)
		}

		if unavailableDuringRedis == 0 {
			t.Errorf("no call was refused while Redis was down: the fault did not reach the calls")
		}
		if crossed == 0 {
			t.Errorf("no confirmation reached another replica than its request")
		}
		if len(probes) == 0 {
			t.Errorf("no probe ran")
		}
	})

	// Redis down: nothing that needs the store runs; reads still do; once
	// Redis is back, the same call ids run, once.
	t.Run("StoreDown", func(t *testing.T) {
		f.redis.Kill()
		c := f.newClient(false)
		defer c.close()
		var down []*logical
		for i := range 30 {
			l := plan(2000, i)
			c.do(ctx, l, false)
			down = append(down, l)
			switch {
			case l.kind == "read" && l.final() != executed:
				t.Errorf("%s, a read, needs no store: %s", l.id, l.final())
			case (l.kind == "payment" || l.kind == "transfer" || l.kind == "decline") && l.final() != unavailable:
				t.Errorf("%s (%s) with Redis down: %s %s, want unavailable", l.id, l.kind, l.final(), l.attempts[len(l.attempts)-1].text)
			}
		}
		all = append(all, down...)
		for _, e := range f.ledger.Entries() {
			for _, l := range down {
				if l.memo != "" && e.Memo == l.memo {
					t.Errorf("%s ran on %s while Redis was down", l.memo, e.Replica)
				}
			}
		}
		if err := f.redis.Start(); err != nil {
			t.Fatal(err)
		}
		// A replica whose Redis client failed to dial tries again about once
		// a second (go-redis's pool): until it has, its calls that need the
		// store are unavailable, and do not run (checkLedger counts them).
		// Each call is sent until it is not, twice: the second replays the
		// first's receipt.
		available := func(l *logical) attempt {
			deadline := time.Now().Add(storeRedial)
			for {
				a := c.call(ctx, params(l.tool, l.id, l.args), attemptTimeout)
				l.attempts = append(l.attempts, a)
				if a.outcome != unavailable || time.Now().After(deadline) {
					return a
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		for _, l := range down {
			if l.kind != "payment" {
				continue
			}
			first := available(l)
			if again := available(l); first.outcome != executed || again.receipt != first.receipt {
				t.Errorf("%s after Redis came back: %v", l.id, outcomes(l))
			}
		}
	})

	// Replicas whose clocks disagree with Redis's: 30 s ahead (within the
	// minute allowed), 10 minutes behind and 10 minutes ahead (past it).
	// Redis's clock judges every token, so each approval runs once wherever
	// its rounds land and however often it is replayed; a token issued 10
	// minutes ahead is refused everywhere, saying that the clocks disagree.
	t.Run("ClockSkew", func(t *testing.T) {
		skewed := []*replica{f.replicas[0],
			f.addReplica("ahead-30s", f.redis.Addr(), "-clock-offset 30s"),
			f.addReplica("behind-10m", f.redis.Addr(), "-clock-offset -10m"),
			f.addReplica("ahead-10m", f.redis.Addr(), "-clock-offset 10m"),
		}
		clients := make([]*client, len(skewed))
		for i, r := range skewed {
			clients[i] = f.clientOf(r, true)
			defer clients[i].close()
		}
		for i, issuer := range skewed {
			memo := "clock-" + issuer.name
			args := map[string]any{"from": "acct-998", "to": "acct-0", "amount_cents": 3, "memo": memo}
			id := "clock-call-" + issuer.name
			res, err := clients[i].round(ctx, id, args, "")
			if err != nil || res.RequestState == "" {
				t.Fatalf("%s asked for no confirmation: %v %v", issuer.name, err, res)
			}
			want := 1
			if issuer.name == "ahead-10m" {
				want = 0
			}
			probes[memo] = want
			runs := 0
			// Confirmed on the next replica, then replayed on every one
			// under new call ids.
			for j := range skewed {
				k := (i + 1 + j) % len(skewed)
				if j > 0 {
					id = fmt.Sprintf("clock-call-%s-%d", issuer.name, j)
				}
				res, err := clients[k].round(ctx, id, args, res.RequestState)
				if err != nil {
					t.Fatalf("%s's token on %s: %v", issuer.name, skewed[k].name, err)
				}
				o, _, text := classify(res)
				if o == executed {
					runs++
				}
				if want == 0 && (o != stateRefused || !strings.Contains(text, "clocks disagree")) {
					t.Errorf("%s's token on %s: %s %q, want the state refused, saying the clocks disagree", issuer.name, skewed[k].name, o, text)
				}
			}
			if runs != want {
				t.Errorf("%s's token ran %d times on %d replicas, want %d", issuer.name, runs, len(skewed), want)
			}
		}
		if log, _ := os.ReadFile(skewed[0].log); !strings.Contains(string(log), "refused an approval or request state issued ahead of its clock") {
			t.Errorf("%s refused a token issued 10 minutes ahead without a warning in its log", skewed[0].name)
		}
	})

	// A replica whose Redis is behind a proxy that loses the reply to the
	// command that claims a call id (or uses an approval): go-redis sends
	// it again, finds the record its first attempt stored, and the call
	// runs, once, rather than wait for itself and report a timeout.
	t.Run("LostReply", func(t *testing.T) {
		lossy := redisserver.NewLossy(t, f.redis.Addr())
		r := f.addReplica("lossy", lossy.Addr(), "")
		c := f.clientOf(r, true)
		defer c.close()
		l := plan(3000, 6) // a payment
		lossy.DropReply("SET\r\n$80\r\ntoolgen:request:", 1)
		first := c.call(ctx, params(l.tool, l.id, l.args), attemptTimeout)
		again := c.call(ctx, params(l.tool, l.id, l.args), attemptTimeout)
		l.attempts = append(l.attempts, first, again)
		all = append(all, l)
		if lossy.Dropped() != 1 {
			t.Fatalf("the proxy dropped %d replies, want 1", lossy.Dropped())
		}
		if first.outcome != executed || again.receipt != first.receipt {
			t.Errorf("a payment whose claim's reply was lost: %s %q, then %s; want executed, then its receipt", first.outcome, first.text, again.outcome)
		}
		memo := "lost-reply-transfer"
		args := map[string]any{"from": "acct-997", "to": "acct-0", "amount_cents": 5, "memo": memo}
		res, err := c.round(ctx, "lost-call", args, "")
		if err != nil || res.RequestState == "" {
			t.Fatalf("no confirmation asked: %v %v", err, res)
		}
		lossy.DropReply("SET\r\n$81\r\ntoolgen:approval:", 1)
		res, err = c.round(ctx, "lost-call", args, res.RequestState)
		probes[memo] = 1
		if err != nil {
			t.Fatal(err)
		}
		if lossy.Dropped() != 2 {
			t.Fatalf("the proxy dropped %d replies, want 2", lossy.Dropped())
		}
		if o, _, text := classify(res); o != executed {
			t.Errorf("an approved transfer whose use's reply was lost: %s %q, want executed", o, text)
		}
	})

	checkLedger(t, f.ledger, all, probes)
}

// storeRedial bounds how long a replica takes to reach Redis again after
// it comes back.
const storeRedial = 5 * time.Second

func firstErrs(errs []error) []error { return errs[:min(len(errs), 3)] }

// BenchmarkFleet measures the fleet without faults: b.N calls of the load's
// mix from 32 clients, through the proxy, on 3 replicas.
func BenchmarkFleet(b *testing.B) {
	clients, replicas := scale(b, "CLIENTS", 32), scale(b, "REPLICAS", 3)
	f := startFleet(b, replicas)
	ctx := context.Background()
	var next atomic.Int64
	var mu sync.Mutex
	var calls []*logical
	cpu0 := make([]time.Duration, len(f.replicas))
	for i, r := range f.replicas {
		cpu0[i] = r.cpu()
	}
	var self0 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self0)
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cl := f.newClient(false)
			defer cl.close()
			for i := 0; next.Add(1) <= int64(b.N); i++ {
				l := plan(c, i)
				cl.do(ctx, l, false)
				mu.Lock()
				calls = append(calls, l)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	var replicaCPU time.Duration
	for i, r := range f.replicas {
		replicaCPU += r.cpu() - cpu0[i]
	}
	var self1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self1)
	driverCPU := time.Duration(self1.Utime.Nano()+self1.Stime.Nano()-self0.Utime.Nano()-self0.Stime.Nano()) * time.Nanosecond
	var lat []time.Duration
	for _, l := range calls {
		for _, a := range l.attempts {
			if a.outcome == unknown {
				b.Fatalf("%s: no answer: %v", l.id, a.err)
			}
			lat = append(lat, a.took)
		}
	}
	slices.Sort(lat)
	var peak int64
	for _, r := range f.replicas {
		peak = max(peak, r.peak())
	}
	b.ReportMetric(float64(len(calls))/elapsed.Seconds(), "calls/s")
	b.ReportMetric(float64(percentile(lat, 0.5).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(percentile(lat, 0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(peak)/1024, "peak-MB/replica")
	// CPU time per call, which the machine's other load changes less than
	// the throughput: of the replicas together, and of this process (the
	// clients, the proxy and the ledger).
	b.ReportMetric(float64(replicaCPU.Microseconds())/1000/float64(len(calls)), "replica-cpu-ms/call")
	b.ReportMetric(float64(driverCPU.Microseconds())/1000/float64(len(calls)), "driver-cpu-ms/call")
	checkLedger(b, f.ledger, calls, nil)
}
