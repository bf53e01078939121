package tool

import (
	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
)

// This file bounds the errors of a call.

// CodeTooManyErrors is the last error of a call that has more errors than its
// limit (DefaultMaxErrors, or a Set's WithMaxErrors): validation stopped
// there, so the errors after the limit are neither reported nor counted.
const CodeTooManyErrors = "too_many_errors"

// DefaultMaxErrors is how many errors a validation reports at most, unless a
// Set's WithMaxErrors says otherwise. A validator that reaches it reports one
// more error, CodeTooManyErrors, and stops walking the arguments.
const DefaultMaxErrors = 100

// MaxKeyLength bounds how much of a member name an error's Path or Name
// repeats: a longer name is cut to its first MaxKeyLength characters and
// "…", so that a huge member name the model sent is not echoed back whole.
const MaxKeyLength = 64

// MaxPathLength bounds the bytes of an error's Path and of its Name: the
// location of a value nested deeper keeps its first and last steps, joined
// by "…".
const MaxPathLength = 2048

// MaxDepth bounds how deep a validator follows arguments that nest through
// a recursive schema, and a map built by hand: a deeper value, or one that
// contains itself, is an error with CodeDepth.
const MaxDepth = 128

// capErrors keeps at most max errors of errs (DefaultMaxErrors when max <=
// 0), then one CodeTooManyErrors, as a generated validator reports them.
func capErrors(errs Errors, max int) Errors {
	if max <= 0 {
		max = DefaultMaxErrors
	}
	if len(errs) <= max {
		return errs
	}
	return append(errs[:max:max], tooManyErrors(max))
}

func tooManyErrors(max int) Error {
	expected, reason := jsonvalue.TooMany(max)
	return Error{Code: CodeTooManyErrors, Expected: expected, Reason: reason}
}
