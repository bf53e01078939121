package tool

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"log/slog"
	"strconv"
	"time"

	"github.com/toolgen-go/toolgen/internal/value"
)

// This file identifies a call exactly (its tool and the canonical form of
// its parsed arguments) and signs approvals of dangerous calls.
//
// A token is base64url(version ‖ issued ‖ expiry ‖ nonce ‖ HMAC-SHA256(key,
// version ‖ issued ‖ expiry ‖ nonce ‖ tool ‖ canonical arguments)), its
// times in Unix nanoseconds by the issuing set's clock. The random nonce
// makes each token one of its own, used once. The key is the set's, random
// unless WithApprovalKey shares one among replicas, so a token is worth
// nothing offline, in another set, for another call or after its expiry.
//
// The store remembers a used token, so that it approves one execution. A
// set judges a token by one clock: the store's when it has one (see Store:
// the clock that also ends the store's records), else its own. It accepts a
// token when issued-approvalSkew <= now < expiry, and remembers its use for
// (expiry-issued) + 2*approvalSkew from then. Since the use was at or after
// issued-approvalSkew, the record outlives expiry by approvalSkew on the
// judging clock: with a store's clock every replica judges by that one clock,
// whatever its own says, and a token stays used for as long as any replica
// would accept it. Judged by the sets' own clocks, this holds for every
// replica at most 2*approvalSkew behind the issuer (docs/fleet.md, "Clocks").

// defaultApprovalLifetime is how long an approval token stays valid unless
// WithApprovalLifetime says otherwise: time for a person to read the call
// and decide.
const defaultApprovalLifetime = 15 * time.Minute

// minApprovalKey is the shortest key WithApprovalKey takes, in bytes (its
// documentation says so in a number).
const minApprovalKey = 32

// approvalSkew is the most the clocks that judge tokens may disagree:
// a token issued further ahead of the judging clock is refused, and a used
// token is remembered for its lifetime plus twice this.
const approvalSkew = time.Minute

// approvalVersion 3 carries the issue time, so that a used token is
// remembered for a lifetime that no clock's reading changes. Tokens of
// version 2 (expiry alone, remembered by the using replica's clock) are
// refused as invalid: a person approves the call again.
const approvalVersion = 3

// The layout of a token: version, issued and expiry (Unix nanoseconds),
// nonce, MAC.
const (
	tokenHead = 1 + 8 + 8 + 16
	tokenSize = tokenHead + sha256.Size
)

// WithApprovalKey sets the key that signs approval tokens, for the replicas
// of a service that must honour each other's tokens: give them all the same
// key (at least 32 random bytes, kept secret like any signing
// key) and the same Store. Without it a set draws its own key from
// crypto/rand, and its tokens are valid in it alone. It panics on a
// shorter key. A set given a key and no Store (WithStore) logs a warning
// when it is made: its used tokens are remembered in its memory alone, so
// every other set with the key, or the same service restarted, honours each
// token once more.
func WithApprovalKey(key []byte) Option {
	if len(key) < minApprovalKey {
		panic("tool: WithApprovalKey needs a key of at least " + strconv.Itoa(minApprovalKey) + " bytes")
	}
	key = append([]byte(nil), key...)
	return optionFunc(func(s *Set) { s.approvalKey = key })
}

// WithApprovalLifetime sets how long an approval token stays valid after the
// needs_confirmation result that carries it: 15 minutes without it, time for
// a person to read the call and decide. It panics unless d > 0.
func WithApprovalLifetime(d time.Duration) Option {
	if d <= 0 {
		panic("tool: WithApprovalLifetime needs a positive duration")
	}
	return optionFunc(func(s *Set) { s.approvalLifetime = d })
}

func randomKey() []byte {
	key := make([]byte, minApprovalKey)
	rand.Read(key) // never fails: the process ends if it cannot read
	return key
}

// identity is a call as a set identifies it: its tool and the canonical
// form of its parsed arguments (see canonical). Two calls have one identity
// exactly when their tools are the same and their arguments equal as JSON
// values, numbers compared exactly; a Go value's MarshalJSON plays no part.
type identity struct {
	tool string
	args []byte
}

// identify computes the identity of a call; an error when its arguments,
// built by hand, are not JSON values or nest deeper than a parsed call can
// (maxNesting). size is the length of the raw arguments, or -1: the form is
// about as long, and allocated once at that length rather than grown.
func identify(name string, args map[string]any, size int) (identity, *Error) {
	b, w := value.IdentityForm(make([]byte, 0, max(size, 0)+64), args, maxNesting)
	switch w {
	case value.WalkTooDeep:
		e := depthError(maxNesting)
		return identity{}, &e
	case value.WalkNotJSON:
		return identity{}, &Error{Code: CodeType, Expected: "JSON values",
			Reason: "the arguments hold a value that has no JSON form, so the call cannot be identified for its approval or its request id"}
	}
	return identity{name, b}, nil
}

// writeTo feeds the identity to a hash, the tool's name length-prefixed so
// that no name and arguments run into another's.
func (id identity) writeTo(h interface{ Write([]byte) (int, error) }) {
	var n [binary.MaxVarintLen64]byte
	h.Write(n[:binary.PutUvarint(n[:], uint64(len(id.tool)))])
	h.Write([]byte(id.tool))
	h.Write(id.args)
}

// fingerprint identifies the call under a request id: a call with the same
// id and another fingerprint is a conflict.
func (id identity) fingerprint() string {
	h := sha256.New()
	h.Write([]byte("toolgen request\x00"))
	id.writeTo(h)
	return hex.EncodeToString(h.Sum(nil))
}

// A signed token, an approval's or a round's state, is head ‖ payload ‖
// MAC: the head holds version, issued and expiry (Unix nanoseconds) and a
// nonce; the payload, empty in an approval, is what the token carries.
// The MAC binds them to the call, under a domain that keeps one kind of
// token from passing for the other.
const (
	approvalDomain = "toolgen approval\x00"
	roundDomain    = "toolgen round\x00"
)

// tokenMAC signs a token's head and payload for the call, in domain.
func (s *Set) tokenMAC(domain string, id identity, head, payload []byte) []byte {
	m := hmac.New(sha256.New, s.approvalKey)
	m.Write([]byte(domain))
	m.Write(head)
	if len(payload) > 0 { // an approval's MAC is as it was before tokens carried payloads
		var n [binary.MaxVarintLen64]byte
		m.Write(n[:binary.PutUvarint(n[:], uint64(len(payload)))])
		m.Write(payload)
	}
	id.writeTo(m)
	return m.Sum(nil)
}

// signToken signs payload for the call, in domain, for the set's approval
// lifetime.
func (s *Set) signToken(version byte, domain string, id identity, payload []byte) string {
	token := make([]byte, tokenHead, tokenHead+len(payload)+sha256.Size)
	token[0] = version
	now := s.now()
	binary.BigEndian.PutUint64(token[1:9], uint64(now.UnixNano()))
	binary.BigEndian.PutUint64(token[9:17], uint64(now.Add(s.approvalLifetime).UnixNano()))
	rand.Read(token[17:tokenHead])
	mac := s.tokenMAC(domain, id, token, payload)
	return base64.RawURLEncoding.EncodeToString(append(append(token, payload...), mac...))
}

// approvalToken signs the call for the set's approval lifetime.
func (s *Set) approvalToken(id identity) string {
	return s.signToken(approvalVersion, approvalDomain, id, nil)
}

// Verdicts on an approval, as the audit record names them.
const (
	approvalRequired = "required" // no token was given
	approvalInvalid  = "invalid"  // not a token of this set for this call
	approvalExpired  = "expired"
	approvalAhead    = "issued_ahead" // issued further ahead of the judging clock than approvalSkew
	approvalUsed     = "used"
	approvalGranted  = "granted"
	approvalDeclined = "declined" // a valid token, declined (Decline)

	approvalUnanswered = "unanswered" // the Approver failed (Ask)
)

// refusal is the error of a call whose approval (or, with state, whose
// round's state) was refused, by the verdict on it: what the application
// and the model read, that the token did not count, and why.
func refusal(verdict, name string, state bool) Error {
	what, codes, again := "the approval given", [3]Code{CodeApprovalInvalid, CodeApprovalUsed, CodeApprovalExpired}, ", so a person must approve the call again"
	invalid, used := "", "each approval answers for one run of the call"
	if state {
		what, codes, again = "the request state given", [3]Code{CodeStateInvalid, CodeStateUsed, CodeStateExpired}, ""
		invalid, used = ", or altered", "each state continues a call once"
	}
	e := Error{Code: codes[0], Name: name,
		Reason: what + " was refused: it was issued for another call, other arguments or another application" + invalid}
	switch verdict {
	case approvalUsed:
		e.Code, e.Reason = codes[1], what+" was refused: it was used already, and "+used
	case approvalExpired:
		e.Code, e.Reason = codes[2], what+" was refused: it has expired"+again
	case approvalAhead:
		e.Reason = what + " was refused: it was issued at a time the application's clock has not reached " +
			"(its clocks disagree by more than " + approvalSkew.String() + ")" + again
	}
	return e
}

// checkApproval verifies a token for the call, by the clock that judges
// tokens (see judgeNow). It returns the key of the record that marks it
// used and that record's lifetime, when it is valid.
func (s *Set) checkApproval(ctx context.Context, token string, id identity) (key string, ttl time.Duration, verdict string, err error) {
	if token == "" {
		return "", 0, approvalRequired, nil
	}
	if len(token) != base64.RawURLEncoding.EncodedLen(tokenSize) {
		return "", 0, approvalInvalid, nil // decoding a client's megabytes would prove no more
	}
	_, key, ttl, verdict, err = s.verifyToken(ctx, token, approvalVersion, approvalDomain, id)
	return key, ttl, verdict, err
}

// verifyToken verifies a signed token of version in domain for the call,
// by the clock that judges tokens (see judgeNow), and returns its payload,
// the key of the record that marks it used and that record's lifetime,
// when it is valid. The caller bounds the token's length.
func (s *Set) verifyToken(ctx context.Context, token string, version byte, domain string, id identity) (payload []byte, key string, ttl time.Duration, verdict string, err error) {
	raw, derr := base64.RawURLEncoding.DecodeString(token)
	if derr != nil || len(raw) < tokenSize || raw[0] != version {
		return nil, "", 0, approvalInvalid, nil
	}
	head, payload, mac := raw[:tokenHead], raw[tokenHead:len(raw)-sha256.Size], raw[len(raw)-sha256.Size:]
	if !hmac.Equal(mac, s.tokenMAC(domain, id, head, payload)) {
		return nil, "", 0, approvalInvalid, nil
	}
	issued := time.Unix(0, int64(binary.BigEndian.Uint64(raw[1:9])))
	expiry := time.Unix(0, int64(binary.BigEndian.Uint64(raw[9:17])))
	key = domainKey(domain) + hex.EncodeToString(mac)
	now, err := s.judgeNow(ctx, key)
	if err != nil {
		return nil, "", 0, "", err
	}
	switch {
	case now.Before(issued.Add(-approvalSkew)):
		s.logSafely(ctx, slog.LevelWarn, "tool set refused an approval or request state issued ahead of its clock",
			slog.Duration("ahead", issued.Sub(now)), slog.Duration("max_skew", approvalSkew),
			slog.String("fix", "synchronise the clocks of the replicas (and of the store) to within the skew"))
		return nil, "", 0, approvalAhead, nil
	case !now.Before(expiry):
		return nil, "", 0, approvalExpired, nil
	}
	return payload, key, expiry.Sub(issued) + 2*approvalSkew, approvalGranted, nil
}

// domainKey is the prefix of the store keys of the used tokens of domain.
func domainKey(domain string) string {
	if domain == roundDomain {
		return "round:"
	}
	return "approval:"
}

// judgeNow is the time by the clock that judges a token whose record is
// key: the store's when it has one, so that one clock both ends the record
// and judges the token on every replica; else the set's.
func (s *Set) judgeNow(ctx context.Context, key string) (time.Time, error) {
	if c, ok := s.store.(storeClock); ok {
		return c.Now(ctx, key)
	}
	return s.now(), nil
}

// useApproval marks a valid token used, once: false when it was already.
// The record names its writer, so that an Add retried after a lost reply,
// which finds the record its own first attempt stored, still counts as the
// use it is.
func (s *Set) useApproval(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	mine := []byte("used " + ownerNonce())
	current, added, err := s.store.Add(ctx, key, mine, ttl)
	if err != nil {
		s.withdraw(ctx, key, mine, ttl) // the approval stands: the call does not run
		return false, err
	}
	return added || bytes.Equal(current, mine), nil
}

// withdraw removes the record of an Add that failed, if the Add stored it
// all the same (its reply was lost): that record would block the request
// id, or use the approval, of a call that does not run. Another Add of the
// value finds whether it is there: no other call writes it. When the store
// still fails, the record stays until its lifetime ends.
func (s *Set) withdraw(ctx context.Context, key string, mine []byte, ttl time.Duration) {
	if current, added, err := s.store.Add(ctx, key, mine, ttl); err == nil && (added || bytes.Equal(current, mine)) {
		s.store.Delete(ctx, key)
	}
}

// ownerNonce names the writer of a record: no other write stores it.
func ownerNonce() string {
	var nonce [16]byte
	rand.Read(nonce[:])
	return hex.EncodeToString(nonce[:])
}
