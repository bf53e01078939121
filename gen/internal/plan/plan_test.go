package plan_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

func compile(t *testing.T, src string) *jsonschema.Schema {
	t.Helper()
	doc, errs := jsonschema.Compile([]byte(src), jsonschema.Options{Draft: "2020-12"})
	require.Empty(t, errs)
	return doc.Root
}

// show lists rules as code, expected and condition, one a line.
func show(rules []plan.Rule) []string {
	var out []string
	for _, r := range rules {
		out = append(out, fmt.Sprintf("%s | %s | %+v", r.Code, r.Expected, r.Cond))
	}
	return out
}

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

func TestArrayAndObjectRules(t *testing.T) {
	s := compile(t, `{"prefixItems": [true], "items": false, "minItems": 1, "maxItems": 3, "uniqueItems": true,
		"contains": {"type": "string"}, "maxContains": 2, "minProperties": 1, "maxProperties": 1}`)
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
	require.Equal(t, []string{
		"minProperties | an object of at least 1 member | {N:1}",
		"maxProperties | an object of at most 1 member | {N:1}",
	}, show(plan.ObjectRules(s)))

	_, ok = plan.ContainsOf(compile(t, `{"contains": true, "minContains": 0}`))
	require.False(t, ok, "minContains 0 without maxContains checks nothing")
}

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

// TestEnumTexts: the expected text of an enum's error lists every value,
// however long (renderings cut it, between values); a summary of a few words
// within another message lists the values that fit, whole, and counts the
// rest.
func TestEnumTexts(t *testing.T) {
	var values []any
	var quoted []string
	for _, v := range []string{"damaged", "defective", "not_as_described", "late_delivery", "duplicate_charge", "goodwill", "other"} {
		values = append(values, v)
		quoted = append(quoted, `"`+v+`"`)
	}
	if got, want := plan.EnumText(values), strings.Join(quoted, ", "); got != want {
		t.Errorf("EnumText = %s, want %s", got, want)
	}
	got := plan.EnumSummary(values)
	if want := strings.Join(quoted[:5], ", ") + ", … and 2 more"; got != want {
		t.Errorf("EnumSummary = %s, want %s", got, want)
	}
	if got := plan.EnumSummary(values[:2]); got != `"damaged", "defective"` {
		t.Errorf("EnumSummary of two = %s", got)
	}
}
