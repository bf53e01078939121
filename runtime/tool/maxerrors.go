package tool

import (
	"github.com/toolgen-go/toolgen/internal/words"
)

// This file bounds the errors of a call.

// DefaultMaxErrors is how many errors a validation reports at most, unless a
// Set's WithMaxErrors says otherwise. A validator that reaches it reports one
// more error, CodeTooManyErrors, and stops walking the arguments.
const DefaultMaxErrors = 100

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
	expected, reason := words.TooMany(max)
	return Error{Code: CodeTooManyErrors, Expected: expected, Reason: reason}
}
