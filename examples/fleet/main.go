// Command fleet is an MCP server run as several replicas behind a load
// balancer, acting as one: the replicas share an approval key and a Redis
// store (runtime/redisstore), so a call confirmed on one replica runs on
// another, once, and a client that retries a call with the same call id
// (mcptool.CallIDKey) on any replica runs it once. Each replica serves the
// MCP Go SDK's streamable HTTP handler, stateless: each request stands
// alone, and a confirmation is a multi round-trip request whose state is
// the set's signed token, so any replica can take the second round. The
// tools keep their accounts in a ledger service, the system of record, that
// every replica calls; every call is a span and metrics (runtime/oteltool)
// on the global OpenTelemetry providers.
//
// Three roles, each a process:
//
//	fleet ledger  -listen 127.0.0.1:8090
//	fleet replica -listen 127.0.0.1:8081 -redis 127.0.0.1:6379 -ledger http://127.0.0.1:8090 -name r1
//	fleet proxy   -listen 127.0.0.1:8080 -backends http://127.0.0.1:8081,http://127.0.0.1:8082
//
// Every replica reads the approval key, hex, from TOOLGEN_APPROVAL_KEY (at
// least 32 random bytes, the same on all of them). MCP clients connect to
// the proxy's /mcp. The proxy is a round-robin net/http/httputil reverse
// proxy, standing in for the load balancer of a deployment.
package main

import (
	"context"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	if err := run(context.Background(), os.Args[1:]); err != nil {
		log.Fatal(err)
	}
}

// run runs the role args name until ctx ends or the process is signalled.
func run(ctx context.Context, args []string) error {
	if len(args) == 0 {
		return errors.New("usage: fleet ledger|replica|proxy [flags]")
	}
	fs := flag.NewFlagSet("fleet "+args[0], flag.ContinueOnError)
	listen := fs.String("listen", "127.0.0.1:0", "the address to serve on")
	var handler http.Handler
	var stop func()
	switch args[0] {
	case "ledger":
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		handler = NewLedger()
	case "replica":
		var cfg ReplicaConfig
		fs.StringVar(&cfg.Redis, "redis", "127.0.0.1:6379", "Redis: one address, or a cluster's (or sentinels') addresses, comma-separated")
		fs.StringVar(&cfg.MasterName, "master", "", "the master's name, for Sentinel")
		fs.StringVar(&cfg.Ledger, "ledger", "http://127.0.0.1:8090", "the ledger's URL")
		fs.StringVar(&cfg.Name, "name", "replica", "the replica's name, in its responses' Fleet-Replica header")
		fs.DurationVar(&cfg.ClockOffset, "clock-offset", 0, "moves the replica's clock, for tests of clocks that disagree")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		key, err := hex.DecodeString(os.Getenv("TOOLGEN_APPROVAL_KEY"))
		if err != nil || len(key) < 32 {
			return errors.New("TOOLGEN_APPROVAL_KEY must hold at least 32 bytes, hex-encoded, the same on every replica")
		}
		cfg.ApprovalKey = key
		r, err := NewReplica(cfg)
		if err != nil {
			return err
		}
		handler, stop = r, r.Close
	case "proxy":
		backends := fs.String("backends", "", "the replicas' URLs, comma-separated")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		var urls []*url.URL
		for _, b := range strings.Split(*backends, ",") {
			u, err := url.Parse(b)
			if err != nil || u.Host == "" {
				return fmt.Errorf("-backends: %q is not a URL", b)
			}
			urls = append(urls, u)
		}
		handler = NewProxy(urls)
	default:
		return fmt.Errorf("unknown role %q: fleet ledger|replica|proxy", args[0])
	}
	l, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "fleet %s: serving on http://%s\n", args[0], l.Addr())
	srv := &http.Server{Handler: handler}
	ctx, cancel := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer cancel()
	go func() { <-ctx.Done(); srv.Close() }()
	err = srv.Serve(l)
	if stop != nil {
		stop()
	}
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}
