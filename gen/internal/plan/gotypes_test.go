package plan_test

import (
	"encoding/json"
	"go/types"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

// TestDurationTexts: a time.Duration's pattern is told as Go's duration
// syntax in its pattern and type errors, so that a model that sent 300 sends
// "300s" next, not "300".
func TestDurationTexts(t *testing.T) {
	pattern, err := json.Marshal(gotype.DurationPattern)
	require.NoError(t, err)
	s := compile(t, `{"type": "string", "pattern": `+string(pattern)+`}`)
	require.Equal(t, []string{"pattern | " + plan.DurationText + " | {Pattern:" + gotype.DurationPattern + " At:#/pattern}"},
		show(plan.StringOf(s).Rules))
	require.Equal(t, `a string, a duration such as "90s" or "1h30m"`, plan.Expected(s))
	require.Equal(t, "string", plan.Expected(compile(t, `{"type": "string", "pattern": "^[0-9]+$"}`)))
	require.Equal(t, "a key that is an integer from -128 to 127, once", plan.IntKeyText(gotype.IntRanges[types.Int8]))
}
