package plan_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

func TestArrayRules(t *testing.T) {
	s := compile(t, `{"prefixItems": [true], "items": false, "minItems": 1, "maxItems": 3, "uniqueItems": true,
		"contains": {"type": "string"}, "maxContains": 2}`)
	require.Equal(t, []string{
		"minItems | an array of at least 1 item | {N:1}",
		"maxItems | an array of at most 3 items | {N:3}",
		"items | an array of at most 1 item | {N:1}",
		"uniqueItems | an array of unique items | {}",
	}, show(plan.ArrayRules(s)))
	c, ok := plan.ContainsOf(s)
	require.True(t, ok)
	require.Equal(t, []string{
		"contains | an array with at least 1 item matching string | {N:1}",
		"maxContains | an array with at most 2 items matching string | {N:2}",
	}, show([]plan.Rule{c.Min, *c.Max}))

	_, ok = plan.ContainsOf(compile(t, `{"contains": true, "minContains": 0}`))
	require.False(t, ok, "minContains 0 without maxContains checks nothing")
}
