package suitefuzz

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// TestHandBuiltValuesNeverOverflow: a validator called directly (not
// through a tool.Set) on a value an application built by hand that contains
// itself, or nests a million levels, reports a depth error wherever its
// checks walk the value (uniqueItems, enum, const), never a stack overflow
// or a panic.
func TestHandBuiltValuesNeverOverflow(t *testing.T) {
	cyclic := []any{nil}
	cyclic[0] = cyclic
	deep := any("leaf")
	for range 1_000_000 {
		deep = []any{deep}
	}
	validators := map[string]func(any) tool.Errors{
		"uniqueItems": ValidateUniqueItems,
		"enum":        ValidateEnum,
		"const":       ValidateConstObject,
	}
	for name, validate := range validators {
		for what, v := range map[string]any{"cyclic": cyclic, "deep": deep} {
			value := []any{v, v}
			var errs tool.Errors
			require.NotPanics(t, func() { errs = validate(value) }, "%s on a %s value", name, what)
			codes := errs.Codes()
			if name == "uniqueItems" {
				require.NotEmpty(t, codes, "%s on a %s value", name, what)
				assert.Contains(t, codes, "depth", "%s on a %s value", name, what)
			}
		}
	}
}
