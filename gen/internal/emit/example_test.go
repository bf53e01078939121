package emit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// TestExampleContains checks that an example is held to contains,
// minContains and maxContains, as the validator holds the arguments.
func TestExampleContains(t *testing.T) {
	doc, errs := jsonschema.Compile([]byte(`{"type":"object","properties":{"tags":{"type":"array","contains":{"const":"x"},"maxContains":1}}}`), jsonschema.Options{})
	require.Empty(t, errs)
	for example, want := range map[string]string{
		`{"tags":["a","x"]}`:     "",
		`{"tags":["a"]}`:         `member 'tags': it should be an array with at least 1 item matching "x"`,
		`{"tags":["x","b","x"]}`: `member 'tags': it should be an array with at most 1 item matching "x"`,
	} {
		v, err := jsonschema.ParseJSON([]byte(example))
		require.NoError(t, err)
		assert.Equal(t, want, ExampleBreaks(doc.Root, v), example)
	}
}
