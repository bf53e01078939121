package dialect

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

// Anthropic strict mode: every object closed, optional members stay
// optional, the numeric and length bounds and maxItems move into
// descriptions, simple patterns and minItems 0 or 1 stay.
func TestAnthropicStrict(t *testing.T) {
	c := convert(t, ir.Dialect("anthropic"), weatherSchema)
	assert.Equal(t, `{"type":"object","properties":{`+
		`"city":{"type":"string","description":"City name. Must be 1-100 characters."},`+
		`"days":{"type":"integer","description":"Must be between 1 and 14."},`+
		`"units":{"type":"string","enum":["c","f"],"description":"Units"},`+
		`"coords":{"type":"object","properties":{"lat":{"type":"number"}},"required":["lat"],"additionalProperties":false},`+
		`"tags":{"type":"array","items":{"type":"string","pattern":"^[a-z]+$"},"description":"Must have at most 10 items."}},`+
		`"required":["city"],"additionalProperties":false,"description":"Weather."}`, string(c.Parameters))
	var moved []string
	for _, m := range c.Moved {
		moved = append(moved, m.Path+" "+m.Keyword)
	}
	assert.Equal(t, []string{"/properties/city maxLength", "/properties/city minLength", "/properties/days maximum",
		"/properties/days minimum", "/properties/tags maxItems"}, moved)

	// Nullable members are an anyOf with null, consts stay, oneOf is an
	// anyOf and a sentence, formats Anthropic lacks are sentences.
	c = convert(t, ir.Dialect("anthropic"), `{"type":"object","additionalProperties":false,"properties":{
		"n":{"oneOf":[{"type":"integer","minimum":0},{"type":"null"}]},
		"k":{"type":"string","const":"x"},
		"u":{"oneOf":[{"type":"string"},{"type":"integer"}]},
		"f":{"type":"string","format":"ipv4"},
		"r":{"type":"string","format":"regex"},
		"one":{"type":"array","items":{"type":"integer"},"minItems":1},
		"two":{"type":"array","items":{"type":"integer"},"minItems":2}}}`)
	assert.Equal(t, `{"type":"object","properties":{`+
		`"n":{"anyOf":[{"type":"integer"},{"type":"null"}],"description":"Must be at least 0."},`+
		`"k":{"type":"string","const":"x"},`+
		`"u":{"anyOf":[{"type":"string"},{"type":"integer"}],"description":"Must match exactly one of the alternatives."},`+
		`"f":{"type":"string","format":"ipv4"},`+
		`"r":{"type":"string","description":"Must be in the format \"regex\"."},`+
		`"one":{"type":"array","items":{"type":"integer"},"minItems":1},`+
		`"two":{"type":"array","items":{"type":"integer"},"description":"Must have at least 2 items."}},`+
		`"additionalProperties":false}`, string(c.Parameters))
}

// What Anthropic strict mode cannot express at all: a fallback to the
// non-strict form.
func TestAnthropicStrictFails(t *testing.T) {
	assert.Equal(t, []string{
		"/properties/m: a map cannot be expressed in Anthropic strict mode (every object needs additionalProperties: false)",
		"/properties/a: a value of any type (any, json.RawMessage) cannot be expressed in Anthropic strict mode (every schema needs a type)",
		"/properties/o: an open object (map[string]any) cannot be expressed in Anthropic strict mode (every object needs additionalProperties: false)",
	}, convertErrors(t, ir.Dialect("anthropic"), `{"type":"object","additionalProperties":false,"properties":{
		"m":{"type":"object","additionalProperties":{"type":"string"}},
		"a":{},
		"o":{"type":"object"}}}`))

	// Recursion, through the root or through a definition; a reference
	// to a definition that does not recur is fine.
	assert.Equal(t, []string{"/properties/next: a recursive type cannot be expressed in Anthropic strict mode (no schema may refer to itself)"},
		convertErrors(t, ir.Dialect("anthropic"), `{"type":"object","additionalProperties":false,"properties":{"next":{"$ref":"#"}}}`))
	assert.Equal(t, []string{
		"/$defs/N/properties/kids/items: a recursive type cannot be expressed in Anthropic strict mode (no schema may refer to itself)",
		"/properties/root: a recursive type cannot be expressed in Anthropic strict mode (no schema may refer to itself)",
	}, convertErrors(t, ir.Dialect("anthropic"), `{"type":"object","additionalProperties":false,
		"$defs":{"N":{"type":"object","additionalProperties":false,"properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/N"}}}}},
		"properties":{"root":{"$ref":"#/$defs/N"}}}`))
	convert(t, ir.Dialect("anthropic"), `{"type":"object","additionalProperties":false,
		"$defs":{"P":{"type":"object","additionalProperties":false,"properties":{"x":{"type":"integer"}}}},
		"properties":{"p":{"anyOf":[{"$ref":"#/$defs/P"}]}}}`)

	// The size of the grammar: optional members and unions.
	var props []string
	for i := range 25 {
		props = append(props, `"p`+string(rune('a'+i))+`":{"type":"integer"}`)
	}
	assert.Equal(t, []string{": a schema this large cannot be expressed in Anthropic strict mode (at most 24 optional members in all, and this schema has 25)"},
		convertErrors(t, ir.Dialect("anthropic"), `{"type":"object","additionalProperties":false,"properties":{`+strings.Join(props, ",")+`}}`))
	props = props[:0]
	for i := range 17 {
		props = append(props, `"p`+string(rune('a'+i))+`":{"oneOf":[{"type":"integer"},{"type":"null"}]}`)
	}
	names := `"pa","pb","pc","pd","pe","pf","pg","ph","pi","pj","pk","pl","pm","pn","po","pp","pq"`
	assert.Equal(t, []string{": a schema this large cannot be expressed in Anthropic strict mode (at most 16 members that are unions (anyOf, or null with a type) in all, and this schema has 17)"},
		convertErrors(t, ir.Dialect("anthropic"), `{"type":"object","additionalProperties":false,"required":[`+names+`],"properties":{`+strings.Join(props, ",")+`}}`))
}

func TestSimplePattern(t *testing.T) {
	for p, want := range map[string]bool{
		`^[a-z0-9_-]+$`:        true,
		`^[A-Z]{3}$`:           true,
		`^[0-9]{1,2}[A-K]$`:    true,
		`^\d{4}-\d{2}-\d{2}$`:  true,
		`^(ab|cd)*\s?x.$`:      true,
		`^[A-Z]{2,32}$`:        true,
		`^a{1,33}$`:            false, // a large range
		`^\w+\b`:               false, // a word boundary
		`^\p{L}+$`:             false, // a Unicode property
		`^(?=a)`:               false, // no RE2 translation
		`[`:                    false,
		`^[^\x00-\x1f]{0,10}$`: true,
	} {
		assert.Equal(t, want, simplePattern(p), p)
	}
}
