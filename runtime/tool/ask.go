package tool

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
)

// This file lets a handler ask the client while it runs: a person for a
// form (a //toolgen:output struct marked form=true, whose generated schema
// is the form and whose generated Decode checks the answer), or, through
// an adapter, another request of its protocol (MCP's sampling, roots).
//
// A question reaches the client one of two ways, and the handler's code is
// the same for both. The adapter of a connection that can send requests
// while a call runs (an MCP session before protocol 2026-07-28) installs
// its Asker in the call's context. A call that runs in rounds (InRounds: a
// stateless MCP server, protocol 2026-07-28) answers instead with the
// questions and a state (StatusNeedsInput); the client calls again with the
// answers and the state, and the handler runs again from the start, now
// finding its answers: it asks first and acts after.

// A Question is what a handler asks the client.
type Question struct {
	// Key names the question among those of its call: the key of its
	// input request and of its answer. A key asked twice in one run of a
	// handler is made unique with "_2", "_3", ... in the order asked.
	Key string
	// Message is what the person reads above a form.
	Message string
	// Form is the output whose form is asked (OutputDef.Ask); nil for a
	// request of the adapter's protocol.
	Form *Output
	// Method and Params are that request otherwise, as the protocol has
	// them (MCP: "sampling/createMessage" and its params, "roots/list").
	Method string
	Params json.RawMessage
}

// An Asker asks a question of the client and returns its answer as JSON:
// for a form, the person's answer as MCP's elicitation result has it,
// {"action":"accept","content":{...}}, {"action":"decline"} or
// {"action":"cancel"} (OutputDef.Ask reads it); for another request, the
// protocol's result. An error says why the question could not be asked:
// ErrCannotAsk when the client does not take such questions.
type Asker interface {
	Ask(ctx context.Context, q Question) (json.RawMessage, error)
}

type askerKey struct{}

// WithAsker returns ctx carrying a: the handlers of the calls run with it
// ask their questions (OutputDef.Ask, AskClient) through a. An adapter
// calls it for each call whose client answers while the call runs.
func WithAsker(ctx context.Context, a Asker) context.Context {
	return context.WithValue(ctx, askerKey{}, a)
}

// The person's answers other than a submitted form, and the error of a
// call whose client cannot be asked. A handler tells them apart with
// errors.Is; each reads, returned as the handler's error, as what the
// model should do.
var (
	// ErrDeclined is the person's explicit refusal to answer.
	ErrDeclined = errors.New("the user declined to answer the question; do not ask again unless they ask you to")
	// ErrCanceled is a question the person dismissed without choosing.
	ErrCanceled = errors.New("the user dismissed the question without answering; ask them in the conversation what they want")
	// ErrCannotAsk is a question asked of a client that does not take it
	// (an MCP client without elicitation, or sampling; a provider's tool
	// call).
	ErrCannotAsk = errors.New("this tool needs to ask the user a question, and the client cannot show them a form; ask the user in the conversation instead")
)

// maxAnswer bounds the bytes of an answer to a question.
const maxAnswer = 64 << 10

// AskClient asks the client the question q, through the Asker of the call
// whose handler runs with ctx, and returns its answer (see Asker);
// ErrCannotAsk when there is none. OutputDef.Ask asks a form with it; an
// adapter's own questions (mcptool.Sample) ask with it too. In a call that
// runs in rounds, a question not answered yet returns an error that the
// handler returns as it is: the call answers with its questions, and the
// handler runs again with their answers. An answer is at most 65536
// bytes.
func AskClient(ctx context.Context, q Question) (json.RawMessage, error) {
	a, _ := ctx.Value(askerKey{}).(Asker)
	if a == nil {
		return nil, ErrCannotAsk
	}
	raw, err := a.Ask(ctx, q)
	if err != nil {
		return nil, err
	}
	if len(raw) > maxAnswer {
		return nil, errors.New("tool: the answer to question " + strconv.Quote(shorten(q.Key)) + " is " + strconv.Itoa(len(raw)) +
			" bytes, more than the 65536 an answer may have")
	}
	return raw, nil
}

// Ask asks the person at the client for the form d, with message above
// it, and returns their answer decoded as a T: the submitted JSON object,
// checked by d's generated Decode (an answer that breaks the form's schema
// is an error, which holds the Errors, never repaired). The question's key
// is d's name. When the person declines or dismisses the question, the
// error is ErrDeclined or ErrCanceled; when the call's client cannot show
// a form, ErrCannotAsk: errors a handler can return as they are, for the
// model to read. In a call that runs in rounds the first run of the
// handler returns an error it returns as it is (see AskClient).
// d must be a //toolgen:output marked form=true; any other output's Ask
// returns an error saying so. The answer is at most 65536 bytes.
func (d *OutputDef[T]) Ask(ctx context.Context, message string) (T, error) {
	var zero T
	if d.Form == nil {
		return zero, errors.New("tool: output " + strconv.Quote(d.Name) + " is not a form: mark its struct //toolgen:output form=true and run go generate")
	}
	raw, err := AskClient(ctx, Question{Key: d.Name, Message: message, Form: &d.Output})
	if err != nil {
		return zero, err
	}
	if raw, err = formAnswer(d.Name, raw); err != nil {
		return zero, err
	}
	v, errs := d.ParseBytes(raw)
	if errs != nil {
		return zero, &AnswerError{Form: d.Name, Errors: errs}
	}
	return v, nil
}

// AnswerError is the error of an answer that breaks its form's schema: the
// client let through what the form does not allow.
type AnswerError struct {
	Form   string
	Errors Errors
}

func (e *AnswerError) Error() string {
	return "the answer to form " + strconv.Quote(shorten(e.Form)) + " does not match it: " + e.Errors.Error()
}

// Unwrap returns the Errors.
func (e *AnswerError) Unwrap() error { return e.Errors }
