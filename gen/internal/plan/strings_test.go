package plan_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

// TestStringRules pins the order and texts of a string's rules: the order
// is the order errors are reported in, the one a renderer follows.
func TestStringRules(t *testing.T) {
	s := compile(t, `{"type": "string", "enum": ["a", "bc"], "minLength": 1, "maxLength": 2, "pattern": "^[a-z]+$",
		"format": "email", "contentEncoding": "base64", "contentMediaType": "application/json"}`)
	p := plan.StringOf(s)
	require.Equal(t, []string{
		`enum | one of "a", "bc" | {Values:[a bc] At:#/enum}`,
		"minLength | at least 1 character long | {N:1}",
		"maxLength | at most 2 characters long | {N:2}",
		"pattern | a string matching the pattern ^[a-z]+$ | {Pattern:^[a-z]+$ At:#/pattern}",
		"format | an email address | {Name:email Func:Email}",
		"contentEncoding | a base64 string | {}",
		"contentMediaType | a JSON document in base64 | {Base64:true}",
	}, show(p.Rules))
	require.Nil(t, p.Content)

	// An enum of mixed kinds is no rule of the string: it is checked on
	// the whole value, by equality.
	mixed := compile(t, `{"type": "string", "enum": ["a", 1]}`)
	require.Empty(t, plan.StringOf(mixed).Rules)
	require.Equal(t, []string{`enum | one of "a", 1 | {Values:[a 1] At:#/enum}`}, show(plan.WholeOf(mixed)))
}
