package plan_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

func TestWholeChecks(t *testing.T) {
	s := compile(t, `{"anyOf": [false, {"type": "string"}], "oneOf": [true, {"type": "null"}], "not": {"const": 1},
		"if": {"type": "string"}, "then": {"minLength": 1}}`)
	var codes []string
	for _, r := range plan.WholeOf(s) {
		codes = append(codes, fmt.Sprintf("%s | %s | %T", r.Code, r.Expected, r.Cond))
	}
	require.Equal(t, []string{
		"anyOf | any of: no value; string | plan.AnyOf",
		"oneOf | exactly one of: any value; null | plan.OneOf",
		"not | not 1 | plan.Not",
		" |  | plan.IfThenElse",
	}, codes)
	w := plan.WholeOf(s)
	require.Len(t, w[0].Cond.(plan.AnyOf).Schemas, 1, "a false branch is left out")
	require.Equal(t, 1, w[1].Cond.(plan.OneOf).True)
	require.Empty(t, plan.WholeOf(compile(t, `{"anyOf": [true, {"type": "string"}], "not": false, "if": true}`)),
		"checks that cannot fail are left out")
}
