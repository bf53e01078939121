package tool

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"

	"github.com/toolgen-go/toolgen/internal/value"
)

// This file deduplicates the calls to tools that are not idempotent by their
// request id, through the set's Store: the first call claims the id with a
// pending record; a call that finds the record waits for the first to settle
// it, then returns its result; the first call stores its result when its
// handler ran, and deletes the record when it did not.

// requestRecord is the value stored under a request id.
type requestRecord struct {
	Fingerprint string        `json:"fingerprint"`
	Owner       string        `json:"owner,omitempty"`  // a nonce of the call that claimed it, while it runs
	Result      *storedResult `json:"result,omitempty"` // nil while the first call runs
}

// storedResult is a Result as a store keeps it, for a replay on any replica.
type storedResult struct {
	Status  Status          `json:"status"`
	Errors  []Error         `json:"errors,omitempty"`
	Output  json.RawMessage `json:"output,omitempty"`
	Content []Content       `json:"content,omitempty"`
	Err     string          `json:"error,omitempty"`
}

// requestKey is the store key of a request id of a tool: fixed in length
// whatever the id.
func requestKey(tool, requestID string) string {
	h := sha256.New()
	var n [binary.MaxVarintLen64]byte
	h.Write(n[:binary.PutUvarint(n[:], uint64(len(tool)))])
	h.Write([]byte(tool))
	h.Write([]byte(requestID))
	return "request:" + hex.EncodeToString(h.Sum(nil))
}

// Waiting for the first call polls the store, from the first to the last
// interval, doubling.
const (
	firstPoll = 2 * time.Millisecond
	lastPoll  = 250 * time.Millisecond
)

// claimRequest registers the call under its request id. It reports claimed
// when the call is the first; otherwise it returns the result to give
// instead: the first call's (a duplicate), a conflict, or a failure. The
// pending record names its owner, so that an Add retried after a lost reply
// (the store's client retries), which finds the record its own first
// attempt stored, knows the claim is its own rather than wait for itself.
func (s *Set) claimRequest(ctx context.Context, r *callState, h *Handler, key, fingerprint string) (res Result, claimed bool) {
	owner := ownerNonce()
	pending, _ := marshal(requestRecord{Fingerprint: fingerprint, Owner: owner})
	ttl := s.window + s.limit(h)
	wait := firstPoll
	for {
		current, added, err := s.store.Add(ctx, key, pending, ttl)
		if err != nil {
			s.withdraw(ctx, key, pending, ttl)
			return s.unavailable(ctx, r, err), false
		}
		if added {
			return Result{}, true
		}
		var rec requestRecord
		if err := json.Unmarshal(current, &rec); err != nil {
			return s.unavailable(ctx, r, errors.New("the record of the request id does not decode: "+err.Error())), false
		}
		if rec.Fingerprint != fingerprint {
			return reject(stageIdempotency, Error{Code: CodeRequestConflict, Name: r.name,
				Reason: "the request id " + value.Show(r.opts.requestID) + " was already used for a call of " + r.name + " with other arguments"}), false
		}
		if rec.Result == nil && rec.Owner == owner {
			return Result{}, true
		}
		if rec.Result != nil {
			res := rec.Result.replay()
			if h.tool.ValidateResult != nil && res.Status == StatusExecuted {
				// The output was checked against the result schema when
				// it ran: a typed result's structuredContent.
				res.Structured = rec.Result.Output
			}
			return res, false
		}
		// The first call runs: wait for its result, or for its record to
		// go when it did not reach its handler.
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return failure(ctx.Err(), 0), false
		}
		wait = min(2*wait, lastPoll)
	}
}

// settleRequest records the first call's result when its handler ran (it
// may have acted), and forgets the request id otherwise.
func (s *Set) settleRequest(ctx context.Context, r *callState, key, fingerprint string, res Result) {
	ctx = context.WithoutCancel(ctx)
	var err error
	if !r.reached || res.Status == StatusNeedsInput {
		// Not run, or not to its end: the next round is the call again.
		err = s.store.Delete(ctx, key)
	} else {
		stored := &storedResult{Status: res.Status, Errors: res.Errors}
		if res.Status == StatusExecuted {
			stored.Output, _ = res.renderedOutput() // the set failed an output it cannot render
			stored.Content = res.Content
		}
		if res.Err != nil {
			stored.Err = errorText(res.Err)
		}
		b, _ := marshal(requestRecord{Fingerprint: fingerprint, Result: stored})
		err = s.store.Put(ctx, key, b, s.window)
	}
	if err != nil {
		s.storeFailed(ctx, r, err)
	}
}

// replay is the Result a duplicate returns.
func (sr *storedResult) replay() Result {
	res := Result{Status: sr.Status, Errors: Errors(sr.Errors), Content: sr.Content, Duplicate: true}
	if len(sr.Output) > 0 {
		dec := json.NewDecoder(bytes.NewReader(sr.Output))
		dec.UseNumber()
		var out any
		if dec.Decode(&out) == nil {
			res.Output = out
		}
	}
	if sr.Err != "" {
		res.Err = errors.New(sr.Err)
	}
	return res
}
