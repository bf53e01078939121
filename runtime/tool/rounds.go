package tool

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
	"time"
)

// This file runs a call in rounds (InRounds): its handler's questions end a
// round, and the call answers with them and a signed state; the next round
// is the same call with the answers and that state. The handler runs again
// from the start in each round and finds the answers given so far, so any
// replica that shares the set's approval key and store can run any round.
//
// A state is a signed token (see approval.go) in its own domain, whose
// payload holds the answers so far, the keys asked in the round it ends,
// and whether a person approved the call (a dangerous tool is confirmed
// once, in its first round). Like an approval, a state is valid for the
// call it was issued for (tool and arguments), for the approval lifetime,
// and once: the store remembers a used state.

// A Round is how a call that runs in rounds continues (see InRounds).
type Round struct {
	// State is the InputRequired.State of the call's previous round; ""
	// for its first.
	State string
	// Answers are the client's answers to that round's questions, by key:
	// for a form, MCP's elicitation result, {"action":"accept","content":
	// {...}}, {"action":"decline"} or {"action":"cancel"}; for another
	// request, the protocol's result. Answers to keys that round did not
	// ask are ignored, as are all answers without a State.
	Answers map[string]json.RawMessage
	// Can reports whether the client takes a question (the capabilities
	// it declared); a question it does not take is ErrCannotAsk, and not
	// sent. Nil takes every question.
	Can func(Question) bool
}

// InRounds runs the call in rounds: a question of its handler (OutputDef.Ask,
// AskClient) that has no answer yet ends the round with StatusNeedsInput,
// its Input the questions and the State that continues the call. The
// caller sends the questions to the client and calls again, with the same
// tool and arguments, with InRounds of the answers and that state. The
// handler runs again from the start in each round, so it asks before it
// acts: what it does before its questions runs once a round. A call asks
// at most 16 questions in all; a question's answer is at most 65536 bytes.
// A state the set refuses (another call's, forged, used, expired) rejects
// the call with code state_invalid, state_used or state_expired, and the
// handler does not run.
func InRounds(r Round) CallOption { return CallOption{set: setRound, round: &r} }

// InputRequired is what a call that runs in rounds needs to continue.
type InputRequired struct {
	// Questions are the handler's unanswered questions, in the order asked.
	Questions []Question
	// State continues the call (Round.State): signed for this exact call,
	// valid once, for the set's approval lifetime.
	State string
}

// maxQuestions bounds the questions of one call, in all its rounds, and
// so its rounds and the size of its state.
const maxQuestions = 16

// maxState bounds the length of a state a set decodes: a head, every
// answer at its largest, as JSON, and a MAC, encoded.
var maxState = base64.RawURLEncoding.EncodedLen(tokenSize + maxQuestions*(maxAnswer+256) + 1024)

// roundVersion is the version byte of a round's state.
const roundVersion = 1

// roundPayload is what a state carries.
type roundPayload struct {
	Approved bool                       `json:"approved,omitempty"`
	Asked    []string                   `json:"asked,omitempty"`
	Answers  map[string]json.RawMessage `json:"answers,omitempty"`
}

// roundAsker answers a handler's questions from the answers of the call's
// earlier rounds, and records those it cannot answer yet.
type roundAsker struct {
	can     func(Question) bool
	answers map[string]json.RawMessage

	mu    sync.Mutex // a handler may ask from goroutines of its own
	seen  map[string]int
	asked []Question
}

// errTooManyQuestions is the error of a question past the bound of a call.
var errTooManyQuestions = errors.New("tool: this call asked more than " + strconv.Itoa(maxQuestions) + " questions, the most a call may ask in all its rounds")

// askedError is the error of a question asked in this round: the handler
// returns it, and the call answers with its questions.
type askedError struct{ key string }

func (e *askedError) Error() string {
	return "the question " + strconv.Quote(shorten(e.key)) + " goes to the client with this round's result; the handler runs again with the answer"
}

func (a *roundAsker) Ask(_ context.Context, q Question) (json.RawMessage, error) {
	if a.can != nil && !a.can(q) {
		return nil, ErrCannotAsk
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.seen == nil {
		a.seen = make(map[string]int)
	}
	a.seen[q.Key]++
	if n := a.seen[q.Key]; n > 1 {
		q.Key += "_" + strconv.Itoa(n)
	}
	if raw, ok := a.answers[q.Key]; ok {
		return raw, nil
	}
	if len(a.answers)+len(a.asked) >= maxQuestions {
		return nil, errTooManyQuestions
	}
	a.asked = append(a.asked, q)
	return nil, &askedError{q.Key}
}

// formAnswer is the submitted object of a person's answer to a form (MCP's
// elicitation result, as every Asker returns it), or what they did instead.
func formAnswer(key string, raw json.RawMessage) (json.RawMessage, error) {
	var answer struct {
		Action  string          `json:"action"`
		Content json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(raw, &answer); err != nil {
		return nil, errors.New("tool: the answer to form " + strconv.Quote(shorten(key)) + " is not an elicitation result: " + err.Error())
	}
	switch answer.Action {
	case "accept":
		if len(answer.Content) == 0 || string(answer.Content) == "null" {
			return json.RawMessage("{}"), nil
		}
		return answer.Content, nil
	case "decline":
		return nil, ErrDeclined
	case "cancel":
		return nil, ErrCanceled
	}
	return nil, errors.New("tool: the answer to form " + strconv.Quote(shorten(key)) + " has the action " +
		strconv.Quote(shorten(answer.Action)) + ", none of accept, decline or cancel")
}

// resumeRound verifies the state of a call's round and marks it used. It
// returns the asker of the round, whether a person approved the call in an
// earlier round, and the key of the used state ("" in a first round); a
// refused state is an Error that rejects the call.
func (s *Set) resumeRound(ctx context.Context, rd *Round, id identity) (a *roundAsker, approved bool, key string, refused *Error, err error) {
	a = &roundAsker{can: rd.Can}
	if rd.State == "" {
		return a, false, "", nil, nil
	}
	verdict := approvalInvalid
	var payload []byte
	var ttl time.Duration
	if len(rd.State) <= maxState { // decoding a client's megabytes would prove no more
		payload, key, ttl, verdict, err = s.verifyToken(ctx, rd.State, roundVersion, roundDomain, id)
		if err != nil {
			return nil, false, "", nil, err
		}
	}
	var p roundPayload
	if verdict == approvalGranted && json.Unmarshal(payload, &p) != nil {
		verdict = approvalInvalid // signed, but not a payload of this version
	}
	if verdict == approvalGranted {
		fresh, err := s.useApproval(ctx, key, ttl)
		if err != nil {
			return nil, false, "", nil, err
		}
		if !fresh {
			verdict = approvalUsed
		}
	}
	if verdict != approvalGranted {
		e := refusal(verdict, "", true)
		return nil, false, "", &e, nil
	}
	a.answers = p.Answers
	for _, k := range p.Asked {
		if answer, ok := rd.Answers[k]; ok {
			if a.answers == nil {
				a.answers = make(map[string]json.RawMessage, len(p.Asked))
			}
			a.answers[k] = answer
		}
	}
	return a, p.Approved, key, nil, nil
}

// executeRound runs the handler, with the asker of its round when the
// call runs in rounds, and ends the round when the handler asked what has
// no answer yet: the call's result is then its questions and the state of
// its next round, whatever the handler returned.
func (s *Set) executeRound(ctx context.Context, r *callState, h *Handler, v any, a *roundAsker, approved bool, res *Result) {
	if a == nil {
		s.execute(ctx, r, h, v, res)
		return
	}
	s.execute(WithAsker(ctx, a), r, h, v, res)
	a.mu.Lock() // the handler's goroutines may still ask
	defer a.mu.Unlock()
	if len(a.asked) == 0 || len(res.Errors) > 0 && res.Errors[0].Code == CodePanic {
		return // a panic is the application's to fix, whatever was asked
	}
	p := roundPayload{Approved: approved, Asked: make([]string, len(a.asked))}
	for k, answer := range a.answers {
		if len(answer) <= maxAnswer { // a longer one is asked again: a state stays bounded
			if p.Answers == nil {
				p.Answers = make(map[string]json.RawMessage, len(a.answers))
			}
			p.Answers[k] = answer
		}
	}
	for i, q := range a.asked {
		p.Asked[i] = q.Key
	}
	if e := r.identifyNow(); e != nil {
		*res = reject(stageArguments, *e)
		return
	}
	payload, err := json.Marshal(p)
	if err != nil { // an answer that is not JSON: the client's, checked by the SDK
		*res = Result{Status: StatusFailed, Err: err, Errors: Errors{{Code: CodeToolError, Name: r.name,
			Reason: "the answers given cannot be kept for the next round: " + errorText(err)}}}
		return
	}
	*res = Result{Status: StatusNeedsInput, Input: &InputRequired{Questions: a.asked,
		State: s.signToken(roundVersion, roundDomain, r.id, payload)}}
}
