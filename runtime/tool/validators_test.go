package tool

import (
	"fmt"

	"github.com/toolgen-go/toolgen/internal/value"
	"github.com/toolgen-go/toolgen/internal/words"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
)

// The validators written by hand in these tests build their errors as
// generated code does (with toolimpl, which this package's tests cannot
// import).

func typeError(path, name, expected string, v any) Error {
	return Error{Code: CodeType, Path: path, Name: name, Expected: expected, Got: value.TypeName(v)}
}

func valueError(code, path, name, expected string, v any) Error {
	return Error{Code: Code(code), Path: path, Name: name, Expected: expected, Got: value.TypeName(v), Actual: value.Show(v)}
}

func tooDeep() Error {
	return Error{Code: CodeDepth, Expected: words.DepthExpected(value.MaxDepth)}
}

// recoverTooDeep turns the panic of a comparison nested deeper than
// 128 levels into a depth error in errs, as a generated validator does.
func recoverTooDeep(errs *Errors) {
	if v := recover(); v != nil {
		if !value.IsTooDeep(v) {
			panic(v)
		}
		*errs = append(*errs, tooDeep())
	}
}

// validated runs f as a generated validator runs its checks: a depth
// overflow is a depth error.
func validated(f func()) (errs Errors) {
	defer recoverTooDeep(&errs)
	f()
	return nil
}

// fillers make a list long enough for Duplicate to bucket it.
var fillers = func() []any {
	var items []any
	for i := range 40 {
		items = append(items, float64(i), fmt.Sprint("f", i))
	}
	return items
}()

// pointerKey escapes a member name for a JSON Pointer (RFC 6901).
func pointerKey(k string) string { return string(jsonscan.AppendPointerKey(nil, k)) }
