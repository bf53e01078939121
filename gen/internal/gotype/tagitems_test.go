package gotype

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTagItems(t *testing.T) {
	for tag, want := range map[string][]string{
		"":                               {""},
		"required":                       {"required"},
		"minLength=1,maxLength=3":        {"minLength=1", "maxLength=3"},
		"pattern=^[a-z]{1,40}$":          {"pattern=^[a-z]{1,40}$"},
		"pattern=^[a-z]{1,40}$,required": {"pattern=^[a-z]{1,40}$", "required"},
		"description=a, b or c,title=T":  {"description=a, b or c", "title=T"},
		`pattern=^[0-9]{1\,2}$`:          {"pattern=^[0-9]{1,2}$"},
		"required,omitempty":             {"required", "omitempty"},
		"enum=a,enum=b,nullable":         {"enum=a", "enum=b", "nullable"},
		"description=x,1=2":              {"description=x,1=2"},
		"description=a,,b":               {"description=a,,b"},
		"pattern=(a|b),x-y=1":            {"pattern=(a|b)", "x-y=1"},
		`pattern=[\]a,b],description=d`:  {`pattern=[\]a,b]`, "description=d"},
	} {
		got, ambiguous := TagItems(tag, "required", "nullable")
		assert.Equal(t, want, got, "%q", tag)
		assert.Empty(t, ambiguous, "%q", tag)
	}
}

func TestTagItemsAmbiguous(t *testing.T) {
	for tag, open := range map[string]string{
		"pattern=^(a,maxLength=3)$":  `its "(" is not closed`,
		"pattern=^[a-z]{1,title=x}$": `its "{" is not closed`,
		"pattern=^[a,b=c]$":          `its "[" is not closed`,
	} {
		_, ambiguous := TagItems(tag, "required", "nullable")
		require.Len(t, ambiguous, 1, "%q", tag)
		assert.Contains(t, ambiguous[0], open)
		assert.Contains(t, ambiguous[0], `write \\, in the tag`)
	}
}
