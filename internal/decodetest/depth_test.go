package decodetest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHandBuiltRawValues: DecodeT hands a json.RawMessage field the JSON of
// the value it holds; a value built by hand that contains itself, or nests a
// million levels, is an error at the field, never a walk without end.
func TestHandBuiltRawValues(t *testing.T) {
	cyclic := map[string]any{}
	cyclic["self"] = cyclic
	deep := any("leaf")
	for range 1_000_000 {
		deep = []any{deep}
	}
	for what, v := range map[string]any{"cyclic": cyclic, "deep": deep} {
		args := parse(t, `{"id":1,"level":"low","origin":{"x":1,"y":2},"pair":[1,2],"anon":{"A":3}}`)
		args["raw"] = v
		var codes []string
		require.NotPanics(t, func() {
			_, errs := DecodeShapesArgs(args)
			codes = errs.Codes()
		}, what)
		assert.Equal(t, []string{"invalid:raw"}, codes, what)
	}
}
