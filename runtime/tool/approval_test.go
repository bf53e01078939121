package tool

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/big"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
)

// secret is a field type whose MarshalJSON hides its value, as
// applications write them for passwords and keys.
type secret string

func (secret) MarshalJSON() ([]byte, error) { return []byte(`"***"`), nil }

type loginArgs struct {
	User     string `json:"user"`
	Password secret `json:"password"`
}

// loginDef is dangerous and decodes through encoding/json.
var loginDef = Def[loginArgs]{Tool: Tool{Name: "login", Risk: RiskDangerous, Idempotent: true}}

// valueArgs holds any JSON value, as a field of type any does.
type valueArgs struct{ Value any }

// valueDef is dangerous and takes {"value": anything}; its decode keeps the
// value as given.
var valueDef = Def[valueArgs]{
	Tool:   Tool{Name: "value", Risk: RiskDangerous, Idempotent: true, Validate: func(map[string]any) Errors { return nil }},
	Decode: func(args map[string]any) (valueArgs, Errors) { return valueArgs{args["value"]}, nil },
}

func (c *counter) login(context.Context, loginArgs) (any, error) { c.n.Add(1); return "ok", nil }
func (c *counter) value(context.Context, valueArgs) (any, error) { c.n.Add(1); return "ok", nil }

// approvalOf runs a call to learn the token that approves it.
func approvalOf(t *testing.T, set *Set, name string, args string) string {
	t.Helper()
	res := set.Call(context.Background(), name, []byte(args))
	require.Equal(t, StatusNeedsConfirmation, res.Status, args)
	require.NotEmpty(t, res.Approval)
	return res.Approval
}

// TestApprovalIsKeyed: a token is an HMAC under the set's own key, so the
// digest of the call that anyone can compute approves nothing, and a token
// of one set is worth nothing in another.
func TestApprovalIsKeyed(t *testing.T) {
	var c counter
	set := NewSet(loginDef.Handle(c.login), WithLogger(nil))
	ctx := context.Background()
	args := `{"user": "ada", "password": "hunter2"}`

	// The unkeyed digest of the tool name and the decoded arguments.
	decoded, _ := json.Marshal(loginArgs{User: "ada", Password: "hunter2"})
	h := sha256.New()
	h.Write([]byte("login\x00"))
	h.Write(decoded)
	offline := hex.EncodeToString(h.Sum(nil))
	assert.Equal(t, StatusNeedsConfirmation, set.Call(ctx, "login", []byte(args), Approve(offline)).Status)

	other := NewSet(loginDef.Handle(c.login), WithLogger(nil))
	token := approvalOf(t, other, "login", args)
	assert.Equal(t, StatusNeedsConfirmation, set.Call(ctx, "login", []byte(args), Approve(token)).Status,
		"a token of another set")
	assert.Zero(t, c.n.Load())

	assert.Equal(t, StatusExecuted, other.Call(ctx, "login", []byte(args), Approve(token)).Status)
}

// TestApprovalLossyMarshalJSON: the token covers the arguments as parsed,
// not as the argument type marshals them: approving one password approves
// no other.
func TestApprovalLossyMarshalJSON(t *testing.T) {
	var c counter
	set := NewSet(loginDef.Handle(c.login), WithLogger(nil))
	ctx := context.Background()
	token := approvalOf(t, set, "login", `{"user": "ada", "password": "shown"}`)
	res := set.Call(ctx, "login", []byte(`{"user": "ada", "password": "other"}`), Approve(token))
	assert.Equal(t, StatusNeedsConfirmation, res.Status)
	assert.Zero(t, c.n.Load())
	assert.Equal(t, StatusExecuted, set.Call(ctx, "login", []byte(`{"password": "shown", "user": "ada"}`), Approve(token)).Status)
}

// TestApprovalSingleUse: a token approves one execution, however many
// calls present it, at once or one after another.
func TestApprovalSingleUse(t *testing.T) {
	var c counter
	var audit syncBuffer
	set := NewSet(doorDef.Handle(c.echo), WithLogger(slog.New(slog.NewTextHandler(&audit, nil))))
	ctx := context.Background()
	args := []byte(`{"text": "north"}`)
	token := approvalOf(t, set, "door", string(args))

	var wg sync.WaitGroup
	var executed atomic.Int64
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := set.Call(ctx, "door", args, Approve(token))
			switch res.Status {
			case StatusExecuted:
				executed.Add(1)
			case StatusNeedsConfirmation:
				assert.NotEqual(t, token, res.Approval, "a new token for a new approval")
			default:
				t.Errorf("status %s", res.Status)
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, int64(1), executed.Load())
	assert.Equal(t, int64(1), c.n.Load())
	assert.Equal(t, StatusNeedsConfirmation, set.Call(ctx, "door", args, Approve(token)).Status)
	assert.Equal(t, 1, strings.Count(audit.String(), "approval=granted"))
	assert.Equal(t, 32, strings.Count(audit.String(), "approval=used"))
}

// TestApprovalExpires: a token is valid for the set's approval lifetime.
func TestApprovalExpires(t *testing.T) {
	for _, lifetime := range []time.Duration{0, time.Minute} {
		var c counter
		var audit syncBuffer
		opts := []Option{doorDef.Handle(c.echo), WithLogger(slog.New(slog.NewTextHandler(&audit, nil)))}
		if lifetime > 0 {
			opts = append(opts, WithApprovalLifetime(lifetime))
		} else {
			lifetime = defaultApprovalLifetime
		}
		set := NewSet(opts...)
		now := time.Unix(1_700_000_000, 0)
		set.now = func() time.Time { return now }
		args := []byte(`{"text": "north"}`)
		token := approvalOf(t, set, "door", string(args))

		now = now.Add(lifetime + time.Second)
		res := set.Call(context.Background(), "door", args, Approve(token))
		assert.Equal(t, StatusNeedsConfirmation, res.Status, lifetime)
		assert.Contains(t, audit.String(), "approval=expired")

		token = res.Approval
		now = now.Add(lifetime - time.Second)
		assert.Equal(t, StatusExecuted, set.Call(context.Background(), "door", args, Approve(token)).Status, lifetime)
		assert.Equal(t, int64(1), c.n.Load())
	}
	assert.Panics(t, func() { WithApprovalLifetime(0) })
	assert.Panics(t, func() { WithApprovalKey([]byte("short")) })
}

// TestApprovalSubSecondLifetime: a lifetime is exact to the nanosecond,
// however short and whenever in the second a token is issued: tokens of
// 500 ms used at once are all honoured, and each expires at its end.
func TestApprovalSubSecondLifetime(t *testing.T) {
	const lifetime = 500 * time.Millisecond
	var c counter
	set := NewSet(doorDef.Handle(c.echo), WithLogger(nil), WithApprovalLifetime(lifetime))
	ctx := context.Background()
	for _, frac := range []time.Duration{0, 200 * time.Millisecond, 499 * time.Millisecond, 999_999_999} {
		now := time.Unix(1_700_000_000, int64(frac))
		set.now = func() time.Time { return now }
		tokens := make([]string, 40)
		for i := range tokens {
			tokens[i] = approvalOf(t, set, "door", fmt.Sprintf(`{"text": "door %d"}`, i))
		}
		executed := 0
		for i, token := range tokens {
			if set.Call(ctx, "door", []byte(fmt.Sprintf(`{"text": "door %d"}`, i)), Approve(token)).Status == StatusExecuted {
				executed++
			}
		}
		assert.Equal(t, len(tokens), executed, "tokens issued %v into the second", frac)

		args := []byte(`{"text": "late"}`)
		token := approvalOf(t, set, "door", string(args))
		now = now.Add(lifetime)
		assert.Equal(t, StatusNeedsConfirmation, set.Call(ctx, "door", args, Approve(token)).Status, "expired at its end")
		token = approvalOf(t, set, "door", string(args))
		now = now.Add(lifetime - time.Nanosecond)
		assert.Equal(t, StatusExecuted, set.Call(ctx, "door", args, Approve(token)).Status, "valid to its last nanosecond")
	}
}

// TestSharedKeyWithoutStoreWarns: a set given an approval key but no store
// says once, when it is made, that its tokens are honoured once per set.
func TestSharedKeyWithoutStoreWarns(t *testing.T) {
	key := bytes.Repeat([]byte{7}, minApprovalKey)
	for _, c := range []struct {
		opts []Option
		warn bool
	}{
		{[]Option{WithApprovalKey(key)}, true},
		{[]Option{WithApprovalKey(key), WithStore(NewMemoryStore(0))}, false},
		{[]Option{WithStore(NewMemoryStore(0))}, false},
		{nil, false},
	} {
		var log syncBuffer
		var n counter
		set := NewSet(append(c.opts, doorDef.Handle(n.echo), WithLogger(slog.New(slog.NewTextHandler(&log, nil))))...)
		args := `{"text": "north"}`
		set.Call(context.Background(), "door", []byte(args), Approve(approvalOf(t, set, "door", args)))
		want := 0
		if c.warn {
			want = 1
			assert.Contains(t, log.String(), "level=WARN")
			assert.Contains(t, log.String(), "WithStore")
		}
		assert.Equal(t, want, strings.Count(log.String(), "shares an approval key"), log.String())
	}
}

// TestApprovalNotUsedWhenNotExecuted: a call that does not reach its
// handler leaves its approval valid.
func TestApprovalNotUsedWhenNotExecuted(t *testing.T) {
	var c counter
	set := NewSet(doorDef.Handle(c.echo), WithLogger(nil))
	args := []byte(`{"text": "north"}`)
	token := approvalOf(t, set, "door", string(args))
	done, cancel := context.WithCancel(context.Background())
	cancel()
	res := set.Call(done, "door", args, Approve(token))
	assert.Equal(t, StatusFailed, res.Status)
	assert.Equal(t, CodeCanceled, res.Errors[0].Code)
	assert.Equal(t, StatusExecuted, set.Call(context.Background(), "door", args, Approve(token)).Status)
	assert.Equal(t, int64(1), c.n.Load())
}

// TestApprovalExactArguments: a token approves a call exactly when its
// arguments are equal, as JSON values, to those it was issued for: members
// in any order, numbers by exact value (1 and 1.0 alike; integers beyond
// 2^53 apart), never a string for a number. Random pairs from values that
// sit close to each other, against a reference comparison.
func TestApprovalExactArguments(t *testing.T) {
	var c counter
	set := NewSet(valueDef.Handle(c.value), WithLogger(nil))
	ctx := context.Background()
	near := []string{
		`1`, `1.0`, `1e0`, `10e-1`, `"1"`, `true`, `null`, `0`, `-0`, `0.0`,
		`9007199254740992`, `9007199254740993`, `9007199254740993.0`, `90071992547409930e-1`,
		`18446744073709551616`, `18446744073709551617`, `1e400`, `0.1`, `0.10000000000000001`,
		`[]`, `{}`, `[1]`, `[1.0]`, `[1, 2]`, `[2, 1]`, `{"a": 1}`, `{"a": 1.0}`, `{"b": 1}`,
		`{"a": 1, "b": 2}`, `{"b": 2, "a": 1}`, `"a"`, `"a\u0000"`, `"é"`, `"e\u0301"`,
	}
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func() string {
		if rng.IntN(4) == 0 {
			return `{"x": [` + near[rng.IntN(len(near))] + `, ` + near[rng.IntN(len(near))] + `]}`
		}
		return near[rng.IntN(len(near))]
	}
	for range 400 {
		a, b := pick(), pick()
		argsA, argsB := `{"value": `+a+`}`, `{"value": `+b+`}`
		first := set.Call(ctx, "value", []byte(argsA))
		if first.Status == StatusRejected {
			require.Equal(t, CodeBadNumber, first.Errors[0].Code, a)
			continue
		}
		second := set.Call(ctx, "value", []byte(argsB), Approve(first.Approval))
		if second.Status == StatusRejected {
			continue
		}
		want := jsonEqual(t, argsA, argsB)
		assert.Equal(t, want, second.Status == StatusExecuted, "token for %s, call with %s", a, b)
	}
}

// jsonEqual compares two JSON documents as values: numbers exactly, as
// rationals.
func jsonEqual(t *testing.T, a, b string) bool {
	decode := func(s string) any {
		d := json.NewDecoder(strings.NewReader(s))
		d.UseNumber()
		var v any
		require.NoError(t, d.Decode(&v))
		return v
	}
	var eq func(x, y any) bool
	eq = func(x, y any) bool {
		switch x := x.(type) {
		case json.Number:
			y, ok := y.(json.Number)
			if !ok {
				return false
			}
			rx, _ := new(big.Rat).SetString(string(x))
			ry, _ := new(big.Rat).SetString(string(y))
			return rx.Cmp(ry) == 0
		case []any:
			y, ok := y.([]any)
			if !ok || len(x) != len(y) {
				return false
			}
			for i := range x {
				if !eq(x[i], y[i]) {
					return false
				}
			}
			return true
		case map[string]any:
			y, ok := y.(map[string]any)
			if !ok || len(x) != len(y) {
				return false
			}
			for k, v := range x {
				w, ok := y[k]
				if !ok || !eq(v, w) {
					return false
				}
			}
			return true
		}
		return x == y
	}
	return eq(decode(a), decode(b))
}

// TestReplicas: two sets sharing an approval key and a store act as one:
// a token issued by one is honoured once, by either; a request id is
// deduplicated across both.
func TestReplicas(t *testing.T) {
	key := bytes.Repeat([]byte{7}, minApprovalKey)
	store := NewMemoryStore(0)
	var c counter
	newReplica := func() *Set {
		return NewSet(doorDef.Handle(c.echo), stepDef.Handle(c.echo), WithLogger(nil),
			WithApprovalKey(key), WithStore(store))
	}
	a, b := newReplica(), newReplica()
	ctx := context.Background()
	args := []byte(`{"text": "north"}`)

	token := approvalOf(t, a, "door", string(args))
	assert.Equal(t, StatusExecuted, b.Call(ctx, "door", args, Approve(token)).Status)
	assert.Equal(t, StatusNeedsConfirmation, a.Call(ctx, "door", args, Approve(token)).Status)
	assert.Equal(t, StatusNeedsConfirmation, b.Call(ctx, "door", args, Approve(token)).Status)
	assert.Equal(t, int64(1), c.n.Load())

	// A set with another key honours none of their tokens.
	token = approvalOf(t, b, "door", string(args))
	stranger := NewSet(doorDef.Handle(c.echo), WithLogger(nil), WithStore(store))
	assert.Equal(t, StatusNeedsConfirmation, stranger.Call(ctx, "door", args, Approve(token)).Status)

	// One request id, sent to both replicas at once: one execution, every
	// other call its duplicate.
	var wg sync.WaitGroup
	results := make([]Result, 16)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			set := a
			if i%2 == 1 {
				set = b
			}
			results[i] = set.Call(ctx, "step", []byte(`{"text": "forward"}`), RequestID("req-1"))
		}()
	}
	wg.Wait()
	assert.Equal(t, int64(2), c.n.Load())
	duplicates := 0
	for _, r := range results {
		assert.Equal(t, StatusExecuted, r.Status)
		assert.Equal(t, "forward", r.Output)
		if r.Duplicate {
			duplicates++
		}
	}
	assert.Equal(t, len(results)-1, duplicates)
	// And later, on either.
	assert.True(t, b.Call(ctx, "step", []byte(`{"text": "forward"}`), RequestID("req-1")).Duplicate)
	assert.Equal(t, CodeRequestConflict, a.Call(ctx, "step", []byte(`{"text": "back"}`), RequestID("req-1")).Errors[0].Code)
	assert.Equal(t, int64(2), c.n.Load())
}

// TestIdentityDeterministic: the canonical form does not depend on Go's
// map order or on the Go type a number is held in.
func TestIdentityDeterministic(t *testing.T) {
	m := map[string]any{}
	for i := range 100 {
		m[fmt.Sprint("k", i)] = float64(i)
	}
	first, err := identify("t", m, -1)
	require.Nil(t, err)
	for range 20 {
		id, err := identify("t", m, -1)
		require.Nil(t, err)
		assert.Equal(t, first, id)
	}
	forms := []any{1, int8(1), uint64(1), 1.0, float32(1), json.Number("1"), json.Number("1.000"), json.Number("0.1e1")}
	var keys []string
	for _, v := range forms {
		id, err := identify("t", map[string]any{"n": v}, -1)
		require.Nil(t, err)
		keys = append(keys, string(id.args))
	}
	sort.Strings(keys)
	assert.Equal(t, keys[0], keys[len(keys)-1], "%q", keys)
	a, _ := identify("t", map[string]any{"n": int64(9007199254740993)}, -1)
	b, _ := identify("t", map[string]any{"n": json.Number("9007199254740992")}, -1)
	assert.NotEqual(t, a, b)
	a, _ = identify("ab", map[string]any{}, -1)
	b, _ = identify("a", map[string]any{"b": nil}, -1)
	assert.NotEqual(t, a.fingerprint(), b.fingerprint())
}

// TestApprovalRefused: a token that does not approve the call (used,
// expired, for other arguments, of another set, not a token) is refused
// with a code of its own, distinct from a first request, which has none;
// the audit and the feedback say so, and a new token comes with it.
func TestApprovalRefused(t *testing.T) {
	var c counter
	var audit syncBuffer
	set := NewSet(doorDef.Handle(c.echo), WithLogger(slog.New(slog.NewTextHandler(&audit, nil))))
	now := time.Unix(1_700_000_000, 0)
	set.now = func() time.Time { return now }
	ctx := context.Background()
	args := []byte(`{"text": "north"}`)

	first := set.Call(ctx, "door", args)
	require.Equal(t, StatusNeedsConfirmation, first.Status)
	assert.Empty(t, first.Errors, "a first request is no refusal")
	assert.Equal(t, "The call to door needs a person's approval and has not been executed.\n"+
		"Do not repeat the call: tell the user what you want to do and why; the application runs it once a person approves it.", first.Feedback())
	require.Equal(t, StatusExecuted, set.Call(ctx, "door", args, Approve(first.Approval)).Status)
	expiring := approvalOf(t, set, "door", string(args))
	declined := approvalOf(t, set, "door", string(args))
	require.Equal(t, StatusRejected, set.Call(ctx, "door", args, Decline(declined)).Status)
	stranger := approvalOf(t, NewSet(doorDef.Handle(c.echo), WithLogger(nil)), "door", string(args))

	for _, tc := range []struct {
		name    string
		args    []byte
		opt     CallOption
		code    Code
		verdict string
		reason  string
	}{
		{"used", args, Approve(first.Approval), CodeApprovalUsed, "used",
			"the approval given was refused: it was used already, and each approval answers for one run of the call"},
		{"declined before", args, Approve(declined), CodeApprovalUsed, "used", ""},
		{"declined with a used one", args, Decline(first.Approval), CodeApprovalUsed, "used", ""},
		{"expired", args, Approve(expiring), CodeApprovalExpired, "expired",
			"the approval given was refused: it has expired, so a person must approve the call again"},
		{"other arguments", []byte(`{"text": "south"}`), Approve(first.Approval), CodeApprovalInvalid, "invalid",
			"the approval given was refused: it was issued for another call, other arguments or another application"},
		{"another set's", args, Approve(stranger), CodeApprovalInvalid, "invalid", ""},
		{"not a token", args, Approve("yes, do it"), CodeApprovalInvalid, "invalid", ""},
	} {
		if tc.code == CodeApprovalExpired {
			now = now.Add(defaultApprovalLifetime)
		}
		before := len(audit.String())
		res := set.Call(ctx, "door", tc.args, tc.opt)
		assert.Equal(t, StatusNeedsConfirmation, res.Status, tc.name)
		require.Len(t, res.Errors, 1, tc.name)
		assert.Equal(t, tc.code, res.Errors[0].Code, tc.name)
		assert.NotEmpty(t, res.Approval, tc.name)
		assert.NotEqual(t, first.Approval, res.Approval, tc.name)
		record := audit.String()[before:]
		assert.Contains(t, record, "status=needs_confirmation codes=["+tc.code+"]", tc.name)
		assert.Contains(t, record, "approval="+tc.verdict, tc.name)
		if tc.reason != "" {
			assert.Equal(t, "The call to door needs a person's approval and has not been executed:\n"+
				"- "+tc.reason+"\n"+
				"Do not repeat the call: tell the user what you want to do and why; the application runs it once a person approves it.",
				res.Feedback(), tc.name)
			assert.JSONEq(t, `{"status": "needs_confirmation", "tool": "door", "errors": [{"code": "`+string(tc.code)+`", "path": "", "reason": "`+tc.reason+`"}],
				"instruction": "Do not repeat the call: tell the user what you want to do and why; the application runs it once a person approves it."}`,
				res.FeedbackJSON(), tc.name)
		}
		// The new token approves the call.
		assert.Equal(t, StatusExecuted, set.Call(ctx, "door", tc.args, Approve(res.Approval)).Status, tc.name)
	}
	assert.Equal(t, int64(1+7), c.n.Load())
}

// TestApprovalOfAnotherLengthNotDecoded: a token is refused by its length
// before it is decoded, so that a client's megabytes of request state cost
// no allocation of their size.
func TestApprovalOfAnotherLengthNotDecoded(t *testing.T) {
	race.SkipAllocs(t)
	set := NewSet(doorDef.Handle(new(counter).echo), WithLogger(nil))
	id, ierr := identify("door", map[string]any{"text": "north"}, -1)
	require.Nil(t, ierr)
	huge := strings.Repeat("A", 1<<20)
	allocs := testing.AllocsPerRun(5, func() {
		_, _, verdict, err := set.checkApproval(context.Background(), huge, id)
		if verdict != approvalInvalid || err != nil {
			t.Fatalf("a megabyte token: %s, %v", verdict, err)
		}
	})
	assert.Zero(t, allocs)
}
