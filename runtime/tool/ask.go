package tool

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
)

// This file lets a handler ask the person at the client for a form: a
// //toolgen:output struct marked form=true, whose generated schema is the
// form and whose generated Decode checks the answer. The adapter of the
// provider that can show forms (mcptool: MCP elicitation) installs the
// Asker in the call's context, as it installs its Reporter.

// An Asker shows a form to the person at the client and returns their
// answer: the JSON object they submitted, ErrDeclined or ErrCanceled when
// they did not, or another error when the question could not be asked.
// form is the output whose Form is shown, message what the person reads
// above it.
type Asker interface {
	Ask(ctx context.Context, message string, form *Output) (json.RawMessage, error)
}

type askerKey struct{}

// WithAsker returns ctx carrying a: the handlers of the calls run with it
// ask their forms (OutputDef.Ask) through a. An adapter calls it for each
// call whose client can answer.
func WithAsker(ctx context.Context, a Asker) context.Context {
	return context.WithValue(ctx, askerKey{}, a)
}

// The person's answers other than a submitted form, and the error of a
// call whose client cannot show forms. A handler tells them apart with
// errors.Is; each reads, returned as the handler's error, as what the
// model should do.
var (
	// ErrDeclined is the person's explicit refusal to answer.
	ErrDeclined = errors.New("the user declined to answer the question; do not ask again unless they ask you to")
	// ErrCanceled is a question the person dismissed without choosing.
	ErrCanceled = errors.New("the user dismissed the question without answering; ask them in the conversation what they want")
	// ErrCannotAsk is a question asked outside a call whose client can show
	// a form (an MCP client without elicitation, a provider's tool call).
	ErrCannotAsk = errors.New("this tool needs to ask the user a question, and the client cannot show them a form; ask the user in the conversation instead")
)

// maxAnswer bounds the bytes of a person's answer to a form.
const maxAnswer = 64 << 10

// Ask asks the person at the client for the form d, with message above
// it, and returns their answer decoded as a T: the submitted JSON object,
// checked by d's generated Decode (an answer that breaks the form's schema
// is an error, which holds the Errors, never repaired). When the person
// declines or dismisses the question, the error is ErrDeclined or
// ErrCanceled; when the call's client cannot show a form, ErrCannotAsk:
// errors a handler can return as they are, for the model to read.
// d must be a //toolgen:output marked form=true; any other output's Ask
// returns an error saying so. The answer is at most 65536 bytes.
func (d *OutputDef[T]) Ask(ctx context.Context, message string) (T, error) {
	var zero T
	if d.Form == nil {
		return zero, errors.New("tool: output " + strconv.Quote(d.Name) + " is not a form: mark its struct //toolgen:output form=true and run go generate")
	}
	a, _ := ctx.Value(askerKey{}).(Asker)
	if a == nil {
		return zero, ErrCannotAsk
	}
	raw, err := a.Ask(ctx, message, &d.Output)
	if err != nil {
		return zero, err
	}
	if len(raw) > maxAnswer {
		return zero, errors.New("tool: the answer to form " + strconv.Quote(d.Name) + " is " + strconv.Itoa(len(raw)) +
			" bytes, more than the 65536 a form's answer may have")
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
