package main

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/redis/go-redis/v9"

	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/oteltool"
	"github.com/toolgen-go/toolgen/runtime/redisstore"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// ReplicaConfig is what a replica needs; every replica of a fleet has the
// same, but for its Name.
type ReplicaConfig struct {
	Redis       string // addresses, comma-separated: one node, a cluster's nodes, or sentinels
	MasterName  string // the master's name, with sentinels
	Ledger      string // the ledger's URL
	Name        string
	ApprovalKey []byte
	// ClockOffset moves the replica's clock, by which it stamps the
	// approvals it issues: for tests of clocks that disagree.
	ClockOffset time.Duration
}

// Replica is one replica: an http.Handler serving MCP at /mcp.
type Replica struct {
	http.Handler
	redis redis.UniversalClient
}

// NewReplica returns a replica: a tool.Set whose records are in Redis, served
// on a stateless MCP server.
func NewReplica(cfg ReplicaConfig) (*Replica, error) {
	// A call that needs Redis while it is unreachable fails, closed, within
	// these timeouts: its handler does not run.
	client := redis.NewUniversalClient(&redis.UniversalOptions{
		Addrs:         strings.Split(cfg.Redis, ","),
		MasterName:    cfg.MasterName,
		DialTimeout:   250 * time.Millisecond,
		ReadTimeout:   500 * time.Millisecond,
		WriteTimeout:  500 * time.Millisecond,
		MaxRetries:    1,
		DialerRetries: 1,
		PoolSize:      128,
	})
	ledger := &ledgerClient{base: strings.TrimSuffix(cfg.Ledger, "/"), replica: cfg.Name, http: &http.Client{Timeout: 5 * time.Second}}
	set := tool.NewSet(
		GetBalanceTool.Handle(func(ctx context.Context, a GetBalanceArgs) (Balance, error) {
			return ledger.balance(ctx, a.Account)
		}),
		RecordPaymentTool.Handle(func(ctx context.Context, a RecordPaymentArgs) (Receipt, error) {
			return ledger.write(ctx, Entry{Tool: RecordPaymentTool.Name, Memo: a.Memo, To: a.Account, Cents: a.AmountCents})
		}),
		TransferFundsTool.Handle(func(ctx context.Context, a TransferFundsArgs) (Receipt, error) {
			return ledger.write(ctx, Entry{Tool: TransferFundsTool.Name, Memo: a.Memo, From: a.From, To: a.To, Cents: a.AmountCents})
		}),
		tool.WithApprovalKey(cfg.ApprovalKey),
		tool.WithStore(redisstore.New(client)),
		tool.WithTimeout(5*time.Second),
		tool.WithClock(func() time.Time { return time.Now().Add(cfg.ClockOffset) }),
		// The audit log: refusals and failures, to standard error.
		tool.WithLogger(slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))),
		oteltool.Observe(),
	)
	server := mcp.NewServer(&mcp.Implementation{Name: "fleet", Version: "v1.0.0"}, nil)
	if err := mcptool.Register(server, set); err != nil {
		return nil, err
	}
	mcpHandler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok\n")) })
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Fleet-Replica", cfg.Name)
		mcpHandler.ServeHTTP(w, r)
	})
	return &Replica{Handler: mux, redis: client}, nil
}

// Close releases the replica's connections to Redis.
func (r *Replica) Close() { r.redis.Close() }
