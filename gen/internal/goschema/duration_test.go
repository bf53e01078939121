package goschema

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/internal/ecma"
)

// A duration argument is a string of Go's syntax; what encoding/json writes
// (a result) or reads (a structured output) stays its integer of
// nanoseconds, bounded in nanoseconds.
func TestDurationForms(t *testing.T) {
	prop := func(build func() (any, error), name string) map[string]any {
		t.Helper()
		s, err := build()
		require.NoError(t, err)
		b, err := json.Marshal(s)
		require.NoError(t, err)
		var doc struct {
			Properties map[string]map[string]any `json:"properties"`
		}
		require.NoError(t, json.Unmarshal(b, &doc))
		return doc.Properties[name]
	}
	gotypes := loadPackage(t, "../../testdata/golden/gotypes")
	arg := prop(func() (any, error) { return Schema(gotypes.Fset, typeName(t, gotypes, "ScheduleArgs"), nil) }, "timeout")
	assert.Equal(t, map[string]any{"type": "string", "pattern": gotype.DurationPattern,
		"description": `How long the task may run. A duration: a number and a unit (h, m, s, ms, us, ns), or several, such as "90s", "5m" or "1h30m".`}, arg)

	results := loadPackage(t, "../../testdata/golden/results")
	result := prop(func() (any, error) {
		return ResultSchema(results.Fset, typeName(t, results, "Forecast"), nil, jsonschema.Options{})
	}, "valid_for")
	assert.Equal(t, map[string]any{"type": "integer", "minimum": 3.6e12,
		"description": "How long the forecast holds: what encoding/json writes, nanoseconds. " + DurationNote}, result)
	output := prop(func() (any, error) {
		return OutputSchema(results.Fset, typeName(t, results, "Invoice"), nil, jsonschema.Options{})
	}, "terms")
	assert.Equal(t, map[string]any{"type": "integer", "maximum": 7.776e15,
		"description": "Days until payment is due: what encoding/json reads, nanoseconds. " + DurationNote}, output)
}

// The pattern is one a JSON Schema validator reads (ECMA 262) as Go does.
func TestDurationPatternTranslates(t *testing.T) {
	re2, err := ecma.Translate(gotype.DurationPattern)
	require.NoError(t, err)
	assert.Equal(t, gotype.DurationPattern, re2)
}
