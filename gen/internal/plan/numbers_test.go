package plan_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

func TestNumberRules(t *testing.T) {
	s := compile(t, `{"type": "integer", "const": 3, "minimum": 1, "maximum": 9007199254740993, "exclusiveMinimum": 0,
		"exclusiveMaximum": 10, "multipleOf": 0.5}`)
	p := plan.NumberOf(s)
	require.True(t, p.Integer)
	require.Equal(t, []string{
		"const | 3 | {Value:3 At:#/const}",
		"minimum | >= 1 | {Op:< N:1 Keyword:minimum At:#/minimum}",
		"maximum | <= 9007199254740993 | {Op:> N:9007199254740993 Keyword:maximum At:#/maximum}",
		"exclusiveMinimum | > 0 | {Op:<= N:0 Keyword:exclusiveMinimum At:#/exclusiveMinimum}",
		"exclusiveMaximum | < 10 | {Op:>= N:10 Keyword:exclusiveMaximum At:#/exclusiveMaximum}",
		"multipleOf | a multiple of 0.5 | {N:0.5 At:#/multipleOf}",
	}, show(p.Rules))
	require.False(t, plan.NumberOf(compile(t, `{"type": "number"}`)).Integer)
}
