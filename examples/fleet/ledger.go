package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// Ledger is the system of record the tools act on: every payment and
// transfer a replica's handler makes is an entry. It is what shows whether
// a call ran, and how often.
type Ledger struct {
	mu       sync.Mutex
	entries  []Entry
	balances map[string]int64
}

// Entry is one effect of a tool's handler.
type Entry struct {
	Seq     int64     `json:"seq"`
	Tool    string    `json:"tool"`
	Memo    string    `json:"memo"`
	From    string    `json:"from,omitempty"`
	To      string    `json:"to"`
	Cents   int64     `json:"cents"`
	Replica string    `json:"replica"`
	At      time.Time `json:"at"`
}

// NewLedger returns an empty ledger.
func NewLedger() *Ledger { return &Ledger{balances: map[string]int64{}} }

// Entries returns a copy of the entries, in their order.
func (l *Ledger) Entries() []Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Entry(nil), l.entries...)
}

// ServeHTTP serves POST /entries (an Entry; the response is the Entry as
// written) and GET /balance?account=.
func (l *Ledger) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/entries":
		var e Entry
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&e); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		l.mu.Lock()
		e.Seq, e.At = int64(len(l.entries)+1), time.Now()
		l.entries = append(l.entries, e)
		if e.From != "" {
			l.balances[e.From] -= e.Cents
		}
		l.balances[e.To] += e.Cents
		l.mu.Unlock()
		json.NewEncoder(w).Encode(e)
	case r.Method == http.MethodGet && r.URL.Path == "/balance":
		account := r.URL.Query().Get("account")
		l.mu.Lock()
		b := Balance{Account: account, Cents: l.balances[account]}
		l.mu.Unlock()
		json.NewEncoder(w).Encode(b)
	default:
		http.NotFound(w, r)
	}
}

// ledgerClient is a replica's connection to the ledger.
type ledgerClient struct {
	base    string
	replica string
	http    *http.Client
}

func (c *ledgerClient) write(ctx context.Context, e Entry) (Receipt, error) {
	e.Replica = c.replica
	body, _ := json.Marshal(e)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/entries", bytes.NewReader(body))
	if err != nil {
		return Receipt{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	var written Entry
	if err := c.do(req, &written); err != nil {
		return Receipt{}, err
	}
	return Receipt{Entry: written.Seq, Replica: c.replica}, nil
}

func (c *ledgerClient) balance(ctx context.Context, account string) (Balance, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/balance?account="+url.QueryEscape(account), nil)
	if err != nil {
		return Balance{}, err
	}
	var b Balance
	err = c.do(req, &b)
	return b, err
}

func (c *ledgerClient) do(req *http.Request, out any) error {
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("the ledger: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("the ledger: %s", resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
