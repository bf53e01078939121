package plan_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

func TestObjectRules(t *testing.T) {
	s := compile(t, `{"minProperties": 1, "maxProperties": 1}`)
	require.Equal(t, []string{
		"minProperties | an object of at least 1 member | {N:1}",
		"maxProperties | an object of at most 1 member | {N:1}",
	}, show(plan.ObjectRules(s)))
}

// TestObjectMembers: the required members in required order, each missing
// error saying what the member is (nothing when its schema names no type),
// dependentRequired, and whether an undeclared member is unexpected.
func TestObjectMembers(t *testing.T) {
	s := compile(t, `{"properties": {"a": {"type": "string"}}, "required": ["b", "a"],
		"dependentRequired": {"a": ["b"]}, "additionalProperties": false}`)
	require.Equal(t, plan.Object{
		Missing:   []plan.Missing{{Name: "b"}, {Name: "a", Expected: "string"}},
		Dependent: []plan.Dependent{{Name: "a", Required: []string{"b"}, Expected: "present when 'a' is present"}},
		Closed:    true,
	}, plan.ObjectOf(s))
	require.False(t, plan.ObjectOf(compile(t, `{"patternProperties": {"^x": true}, "additionalProperties": false}`)).Closed,
		"a member matching patternProperties is expected")
}
