package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/internal/testkit/redisserver"
	"github.com/toolgen-go/toolgen/runtime/mcptool"
)

// The test binary is also the fleet's command: run with FLEET_EXEC set, it
// runs that role, so the replicas are processes of their own that a test
// can kill.
func TestMain(m *testing.M) {
	if args := os.Getenv("FLEET_EXEC"); args != "" {
		if err := run(context.Background(), strings.Fields(args)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fleet is N replica processes sharing a Redis and an approval key, behind
// a round-robin proxy, all on loopback, and the ledger they write to.
type fleet struct {
	t        testing.TB
	redis    *redisserver.Server
	ledger   *Ledger
	replicas []*replica
	proxy    *httptest.Server

	ledgerURL, dir string
	env            []string // with the approval key
}

func startFleet(t testing.TB, n int) *fleet {
	t.Helper()
	// Redis as production runs it for records that must survive a crash:
	// every write in the append-only file before it is acknowledged.
	f := &fleet{t: t, redis: redisserver.Start(t, "--appendonly", "yes", "--appendfsync", "always"), ledger: NewLedger()}
	ledger := httptest.NewServer(f.ledger)
	t.Cleanup(ledger.Close)
	f.ledgerURL, f.dir = ledger.URL, t.TempDir()
	key := make([]byte, 32)
	rand.Read(key)
	f.env = append(os.Environ(), "TOOLGEN_APPROVAL_KEY="+hex.EncodeToString(key))
	var backends []*url.URL
	for i := range n {
		r := f.addReplica("r"+strconv.Itoa(i+1), f.redis.Addr(), "")
		f.replicas = append(f.replicas, r)
		backends = append(backends, &url.URL{Scheme: "http", Host: r.addr})
	}
	f.proxy = httptest.NewServer(NewProxy(backends))
	t.Cleanup(f.proxy.Close)
	t.Cleanup(func() {
		if t.Failed() {
			for _, r := range f.replicas {
				t.Logf("the log of %s:\n%s", r.name, tail(r.log))
			}
		}
	})
	return f
}

// addReplica starts a replica of the fleet, with the key and the ledger of
// the others, over the Redis at redis, with flags of its own.
func (f *fleet) addReplica(name, redis, flags string) *replica {
	f.t.Helper()
	port, err := redisserver.FreePort()
	if err != nil {
		f.t.Fatal(err)
	}
	r := &replica{name: name, addr: "127.0.0.1:" + strconv.Itoa(port), log: filepath.Join(f.dir, name+".log"), env: f.env}
	r.args = fmt.Sprintf("replica -listen %s -redis %s -ledger %s -name %s %s", r.addr, redis, f.ledgerURL, r.name, flags)
	if err := r.start(); err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(r.kill)
	return r
}

func tail(path string) string {
	b, _ := os.ReadFile(path)
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}

// replica is a replica process, which a test kills and starts again.
type replica struct {
	name, addr, args, log string
	env                   []string

	mu     sync.Mutex
	cmd    *exec.Cmd
	peakKB int64 // the highest VmHWM of the processes that ran it
}

func (r *replica) start() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	log, err := os.OpenFile(r.log, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(slices.Clone(r.env), "FLEET_EXEC="+r.args)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { cmd.Wait(); log.Close() }()
	r.cmd = cmd
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get("http://" + r.addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s does not answer: %v\n%s", r.name, err, tail(r.log))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// kill kills the process (SIGKILL: in-flight calls die with it), after
// reading its peak memory.
func (r *replica) kill() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cmd == nil {
		return
	}
	r.peakKB = max(r.peakKB, vmHWM(r.cmd.Process.Pid))
	r.cmd.Process.Signal(syscall.SIGKILL)
	for range 500 {
		if _, err := os.Stat("/proc/" + strconv.Itoa(r.cmd.Process.Pid)); err != nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	r.cmd = nil
}

// peak is the replica's peak resident memory so far, in kB.
func (r *replica) peak() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cmd != nil {
		r.peakKB = max(r.peakKB, vmHWM(r.cmd.Process.Pid))
	}
	return r.peakKB
}

// cpu is the CPU time the replica's running process has used.
func (r *replica) cpu() time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cmd == nil {
		return 0
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(r.cmd.Process.Pid) + "/stat")
	if err != nil {
		return 0
	}
	// The fields after the command's name, in parentheses: utime and stime
	// are the 12th and 13th, in clock ticks (100 a second on Linux).
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// vmHWM is a process's peak resident set size, in kB.
func vmHWM(pid int) int64 {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n
		}
	}
	return 0
}

// hops records the replica that answered each HTTP request of a client.
type hops struct {
	mu   sync.Mutex
	seen []string
	next http.RoundTripper
}

func (h *hops) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := h.next.RoundTrip(req)
	if err == nil && req.Method == http.MethodPost {
		h.mu.Lock()
		h.seen = append(h.seen, resp.Header.Get("Fleet-Replica"))
		h.mu.Unlock()
	}
	return resp, err
}

// since returns the replicas that answered after the first n requests.
func (h *hops) since(n int) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.seen[min(n, len(h.seen)):]...)
}

func (h *hops) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.seen)
}

// client is an MCP client of the fleet, through the proxy, speaking the
// newest protocol (stateless, confirmations as multi round-trip requests).
// Its person accepts every confirmation but of a memo ending in -decline.
type client struct {
	f      *fleet
	url    string // the endpoint: the proxy's, or a replica's own
	hops   *hops
	manual bool // it fulfils multi round-trip requests itself
	cs     *mcp.ClientSession
	asked  int
}

func (f *fleet) newClient(manual bool) *client {
	return &client{f: f, url: f.proxy.URL, manual: manual, hops: &hops{next: http.DefaultTransport.(*http.Transport).Clone()}}
}

// clientOf is a client of one replica alone, not through the proxy.
func (f *fleet) clientOf(r *replica, manual bool) *client {
	c := f.newClient(manual)
	c.url = "http://" + r.addr
	return c
}

func (c *client) connect(ctx context.Context) error {
	if c.cs != nil {
		return nil
	}
	opts := &mcp.ClientOptions{
		ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			c.asked++
			if strings.Contains(req.Params.Message, `-decline"`) {
				return &mcp.ElicitResult{Action: "decline"}, nil
			}
			return &mcp.ElicitResult{Action: "accept"}, nil
		},
	}
	if c.manual {
		opts.MultiRoundTrip = &mcp.MultiRoundTripOptions{Disabled: true}
	}
	transport := &mcp.StreamableClientTransport{Endpoint: c.url + "/mcp", DisableStandaloneSSE: true, MaxRetries: -1,
		HTTPClient: &http.Client{Transport: c.hops}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "fleet-test", Version: "v1"}, opts).Connect(ctx, transport, nil)
	if err != nil {
		return err
	}
	// A server/discover that fails (its replica died) makes the SDK fall
	// back to the legacy handshake, whose requests a stateless replica
	// answers without the client's capabilities: no elicitation, so every
	// dangerous call would need approval. Insist on the newest protocol.
	if v := cs.InitializeResult().ProtocolVersion; v != latest {
		cs.Close()
		return fmt.Errorf("connected in protocol %s, not %s", v, latest)
	}
	c.cs = cs
	return nil
}

func (c *client) close() {
	if c.cs != nil {
		c.cs.Close()
		c.cs = nil
	}
}

// latest is the newest protocol version, where a stateless server takes
// the client's capabilities with each request.
var latest = mcp.SupportedProtocolVersions()[0]

// outcome is what a client learnt from one attempt at a call.
type outcome string

const (
	executed      outcome = "executed"
	rejected      outcome = "rejected" // invalid, or any refusal before the handler
	unavailable   outcome = "unavailable"
	needsApproval outcome = "needs_confirmation"
	stateRefused  outcome = "state_refused" // the request state failed verification: -32602, see round
	declined      outcome = "declined"
	failed        outcome = "failed"  // the handler ran and failed, or timed out
	unknown       outcome = "unknown" // no answer: the replica died, the proxy failed, the client gave up
)

// definitive reports an outcome that says the call did not run.
func (o outcome) notRun() bool {
	return o == rejected || o == unavailable || o == needsApproval || o == declined || o == stateRefused
}

// attempt is one attempt at a call.
type attempt struct {
	outcome outcome
	receipt Receipt // of an executed payment or transfer
	hops    []string
	took    time.Duration
	err     error
	text    string
}

func classify(res *mcp.CallToolResult) (outcome, Receipt, string) {
	var text string
	if len(res.Content) > 0 {
		if tc, ok := res.Content[0].(*mcp.TextContent); ok {
			text = tc.Text
		}
	}
	if !res.IsError {
		var r Receipt
		if b, err := json.Marshal(res.StructuredContent); err == nil {
			json.Unmarshal(b, &r)
		}
		return executed, r, text
	}
	switch {
	case strings.Contains(text, "failed verification"):
		return stateRefused, Receipt{}, text
	case strings.Contains(text, "could not record the call"):
		return unavailable, Receipt{}, text
	case strings.Contains(text, "declined by the user"):
		return declined, Receipt{}, text
	case strings.Contains(text, "needs a person's approval"):
		return needsApproval, Receipt{}, text
	case strings.Contains(text, "rejected and not executed"):
		return rejected, Receipt{}, text
	}
	return failed, Receipt{}, text
}

// call makes one attempt at a call, with its call id in _meta.
func (c *client) call(ctx context.Context, params *mcp.CallToolParams, timeout time.Duration) attempt {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	if err := c.connect(ctx); err != nil {
		return attempt{outcome: unknown, err: err, took: time.Since(start)}
	}
	n := c.hops.count()
	res, err := c.cs.CallTool(ctx, params)
	a := attempt{took: time.Since(start), hops: c.hops.since(n)}
	if err != nil {
		a.outcome, a.err = unknown, err
		c.close() // a new session for the next attempt
		return a
	}
	a.outcome, a.receipt, a.text = classify(res)
	return a
}

func params(name, callID string, args map[string]any) *mcp.CallToolParams {
	p := &mcp.CallToolParams{Name: name, Arguments: args}
	if callID != "" {
		p.Meta = mcp.Meta{mcptool.CallIDKey: callID}
	}
	return p
}

// logical is one call a client means to make, and every attempt at it.
type logical struct {
	kind     string // read, invalid, payment, transfer, decline
	tool     string
	memo     string // the ledger's key of its effect; "" for reads
	id       string
	args     map[string]any
	attempts []attempt
}

// plan is the i-th call of client c: a mix of reads, invalid calls,
// payments (deduplicated by call id) and transfers (confirmed by a person,
// a tenth of them declined).
func plan(c, i int) *logical {
	memo := fmt.Sprintf("c%d-%d", c, i)
	account := fmt.Sprintf("acct-%d", c)
	l := &logical{id: "call-" + memo}
	switch i % 10 {
	case 0, 1, 2, 3:
		l.kind, l.tool, l.args = "read", GetBalanceTool.Name, map[string]any{"account": account}
	case 4, 5:
		l.kind, l.tool, l.memo = "invalid", RecordPaymentTool.Name, memo
		l.args = map[string]any{"account": account, "amount_cents": 0, "memo": memo, "note": "unexpected"}
		if i%20 == 5 {
			l.args = map[string]any{"account": "ACCT 1", "amount_cents": "12", "memo": memo}
		}
	case 6, 7:
		l.kind, l.tool, l.memo = "payment", RecordPaymentTool.Name, memo
		l.args = map[string]any{"account": account, "amount_cents": 100 + i, "memo": memo}
	default:
		l.kind, l.tool, l.memo = "transfer", TransferFundsTool.Name, memo
		if i%50 == 9 {
			l.kind, l.memo = "decline", memo+"-decline"
		}
		l.args = map[string]any{"from": account, "to": "acct-0", "amount_cents": 1 + i, "memo": l.memo}
	}
	return l
}

// retries is how a client insists on a call whose outcome it did not learn.
const (
	attemptTimeout = 2 * time.Second
	maxAttempts    = 3
)

// do makes the call, again after an unknown outcome, with the same call
// id; with twice, it makes each call a second time even after an answer,
// as a client whose answers get lost does.
func (c *client) do(ctx context.Context, l *logical, twice bool) {
	p := params(l.tool, l.id, l.args)
	for len(l.attempts) < maxAttempts {
		a := c.call(ctx, p, attemptTimeout)
		l.attempts = append(l.attempts, a)
		if a.outcome != unknown {
			if !twice || len(l.attempts) > 1 {
				return
			}
			continue
		}
		time.Sleep(time.Duration(25<<len(l.attempts)) * time.Millisecond)
	}
}

// final is the last outcome a client learnt, unknown when none.
func (l *logical) final() outcome {
	for i := len(l.attempts) - 1; i >= 0; i-- {
		if l.attempts[i].outcome != unknown {
			return l.attempts[i].outcome
		}
	}
	return unknown
}

func (l *logical) sawExecuted() bool {
	return slices.ContainsFunc(l.attempts, func(a attempt) bool { return a.outcome == executed })
}

// allNotRun reports that every attempt was answered, each with a refusal.
func (l *logical) allNotRun() bool {
	for _, a := range l.attempts {
		if !a.outcome.notRun() {
			return false
		}
	}
	return len(l.attempts) > 0
}

// percentile of sorted durations.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
}

// checkLedger asserts the invariants of the calls against the ledger, the
// record of what ran: no memo twice (a request id or an approval runs
// once), every call a client saw executed is there with the entry its
// receipt names (nothing lost), no call all of whose attempts were refused
// ran (fail closed), and nothing ran that no client asked for.
func checkLedger(t testing.TB, ledger *Ledger, calls []*logical, probes map[string]int) {
	t.Helper()
	byMemo := map[string][]Entry{}
	for _, e := range ledger.Entries() {
		byMemo[e.Memo] = append(byMemo[e.Memo], e)
	}
	asked := map[string]bool{}
	for _, l := range calls {
		if l.memo == "" {
			continue
		}
		asked[l.memo] = true
		entries := byMemo[l.memo]
		if len(entries) > 1 {
			t.Errorf("%s (%s, call id %s) ran %d times, on %v", l.memo, l.kind, l.id, len(entries), replicasOf(entries))
		}
		if l.sawExecuted() {
			if len(entries) != 1 {
				t.Errorf("%s: a client saw it executed, but the ledger has %d entries", l.memo, len(entries))
				continue
			}
			for _, a := range l.attempts {
				if a.outcome == executed && a.receipt.Entry != entries[0].Seq {
					t.Errorf("%s: a receipt names entry %d, the ledger %d", l.memo, a.receipt.Entry, entries[0].Seq)
				}
			}
		}
		if l.allNotRun() && len(entries) != 0 {
			t.Errorf("%s: every attempt was refused (%v), but it ran on %s", l.memo, outcomes(l), entries[0].Replica)
		}
		if (l.kind == "invalid" || l.kind == "decline") && len(entries) != 0 {
			t.Errorf("%s (%s) ran", l.memo, l.kind)
		}
	}
	for memo, want := range probes {
		asked[memo] = true
		if got := len(byMemo[memo]); got != want && (want != inDoubt || got > 1) {
			t.Errorf("probe %s ran %d times, want %d", memo, got, want)
		}
	}
	for memo, entries := range byMemo {
		if !asked[memo] {
			t.Errorf("%s ran (%d entries) but no client asked for it", memo, len(entries))
		}
	}
}

// inDoubt is how often a probe must have run when its approved round got
// no answer: once or not at all.
const inDoubt = -1

func replicasOf(entries []Entry) []string {
	var out []string
	for _, e := range entries {
		out = append(out, e.Replica)
	}
	return out
}

func outcomes(l *logical) []outcome {
	var out []outcome
	for _, a := range l.attempts {
		out = append(out, a.outcome)
	}
	return out
}

// probe tries what must not work: an approval used a second time (the same
// call under a new call id) and for other arguments. It fulfils the
// confirmation by hand: the first round's state is the token. It returns
// the memos it made and how often each must have run (the ledger is the
// judge; inDoubt for a call that got no answer), a violation it saw itself,
// and an error that cut it short (a fault: no answer, Redis down).
func (c *client) probe(ctx context.Context, n int) (ran map[string]int, violation string, err error) {
	memo := fmt.Sprintf("probe-%d", n)
	id := "probe-call-" + strconv.Itoa(n)
	args := map[string]any{"from": "acct-999", "to": "acct-0", "amount_cents": 7, "memo": memo}
	res, err := c.round(ctx, id, args, "")
	if err != nil {
		return nil, "", err
	}
	if res.RequestState == "" {
		o, _, text := classify(res)
		return map[string]int{memo: 0}, "", fmt.Errorf("no confirmation asked: %s %s", o, text)
	}
	token := res.RequestState
	ran = map[string]int{memo: 0, memo + "-other": 0}
	res, err = c.round(ctx, id, args, token)
	if err != nil {
		// No answer: it may or may not have run, once at most; the rest
		// of the probe was not sent.
		ran[memo] = inDoubt
		return ran, "", err
	}
	if o, _, text := classify(res); o != executed {
		return ran, "", fmt.Errorf("the approved probe did not run: %s %s", o, text)
	}
	ran[memo] = 1
	for name, a := range map[string]map[string]any{
		"again":           args,
		"other-arguments": {"from": "acct-999", "to": "acct-0", "amount_cents": 7, "memo": memo + "-other"},
	} {
		res, err := c.round(ctx, id+"-"+name, a, token)
		if err != nil {
			continue // no answer: the ledger still tells
		}
		if o, _, text := classify(res); o == executed {
			violation = fmt.Sprintf("%s: an approval used %s ran the call: %s", memo, name, text)
		}
	}
	return ran, violation, nil
}

// round sends one round of a confirmation: without state, the first; with
// the token as state and an accept, the second.
func (c *client) round(ctx context.Context, callID string, args map[string]any, state string) (*mcp.CallToolResult, error) {
	ctx, cancel := context.WithTimeout(ctx, attemptTimeout)
	defer cancel()
	if err := c.connect(ctx); err != nil {
		return nil, err
	}
	p := params(TransferFundsTool.Name, callID, args)
	if state != "" {
		p.RequestState = state
		p.InputResponses = mcp.InputResponseMap{mcptool.ConfirmKey: &mcp.ElicitResult{Action: "accept"}}
	}
	res, err := c.cs.CallTool(ctx, p)
	var rpcErr *jsonrpc.Error
	if state != "" && errors.As(err, &rpcErr) && rpcErr.Code == jsonrpc.CodeInvalidParams {
		// The replica refused the state (used, another call's, issued
		// ahead of its clock): an answer, not a fault, which classify
		// reads from its text as a result's.
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: rpcErr.Message}}}, nil
	}
	if err != nil {
		c.close()
		return nil, err
	}
	return res, nil
}
