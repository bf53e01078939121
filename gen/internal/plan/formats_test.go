package plan_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

// TestFormatRules: a string's format and a number's are one rule, last of
// their kind's; a format toolgen does not check is no rule.
func TestFormatRules(t *testing.T) {
	require.Equal(t, []string{
		"maxLength | at most 9 characters long | {N:9}",
		"format | a UUID | {Name:uuid Func:UUID}",
	}, show(plan.StringOf(compile(t, `{"type": "string", "format": "uuid", "maxLength": 9}`)).Rules))
	require.Equal(t, []string{
		"minimum | >= 0 | {Op:< N:0 Keyword:minimum At:#/minimum}",
		"format | a 32-bit integer | {Name:int32 Func:Int32}",
	}, show(plan.NumberOf(compile(t, `{"type": "integer", "format": "int32", "minimum": 0}`)).Rules))
	require.Empty(t, plan.NumberOf(compile(t, `{"type": "number", "format": "double"}`)).Rules)
}
