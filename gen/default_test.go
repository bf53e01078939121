package gen_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDefaultsRefused: a default the decode cannot set, or that breaks the
// member's own schema, is an error at the field, with the fix.
func TestDefaultsRefused(t *testing.T) {
	for _, c := range []struct{ field, want string }{
		{"int `json:\"f,omitempty\" jsonschema:\"minimum=1,default=0\"`", "field F: default=0 breaks the member's schema: minimum is 1; write a default the schema accepts"},
		{"int `json:\"f,omitempty\" jsonschema:\"multipleOf=5,default=7\"`", "field F: default=7 breaks the member's schema: it is not a multiple of 5"},
		{"string `json:\"f,omitempty\" jsonschema:\"pattern=^[a-z]+$,default=ABC\"`", "field F: default=\"ABC\" breaks the member's schema: it does not match the pattern ^[a-z]+$"},
		{"string `json:\"f,omitempty\" jsonschema:\"maxLength=2,default=abc\"`", "field F: default=\"abc\" breaks the member's schema: it is longer than maxLength 2"},
		{"string `json:\"f,omitempty\" jsonschema:\"enum=a,enum=b,default=c\"`", "field F: default=\"c\" breaks the member's schema: it is not one of \"a\", \"b\""},
		{"string `json:\"f,omitempty\" jsonschema:\"format=email,default=ada\"`", "field F: default=\"ada\" breaks the member's schema: it is not an email address"},
		{"int8 `json:\"f,omitempty\" jsonschema:\"default=1.5\"`", "default value \"1.5\" does not fit an integer"},
		{"time.Duration `json:\"f,omitempty\" jsonschema:\"default=300\"`", "field F: default=\"300\" breaks the member's schema: it is not a duration such as \"90s\" or \"1h30m\""},
		{"time.Duration `json:\"f,omitempty\" jsonschema:\"maximum=1m,default=5m\"`", "field F: default=5m is outside the field's bounds (At most 1m); write a default within them"},
		{"[]string `json:\"f,omitempty\" jsonschema:\"default=a\"`", "field F: default=[\"a\"] on a field of type []string: the decode sets the default of a string, number, boolean or duration field (or a pointer to one) when the member is absent; drop the default, or apply it in the handler"},
		{"*int `json:\"f,omitempty\" jsonschema:\"nullable,default=1\"`", "field F: default= on a nullable member: null is a value of its own"},
	} {
		src := "package p\n\nimport \"time\"\n\nvar _ time.Duration\n\n// XArgs is a tool.\n//\n//toolgen:tool dialects=openai-nonstrict,anthropic,mcp\ntype XArgs struct {\n\tF " + c.field + "\n}\n"
		file, _, err := generateIn(t, src)
		if assert.Error(t, err, c.field) {
			line := strings.Count(src[:strings.Index(src, "\tF ")], "\n") + 1
			assert.Contains(t, err.Error(), fmt.Sprintf("%s:%d:2: ", file, line), c.field)
			assert.Contains(t, err.Error(), c.want, c.field)
		}
	}
}
