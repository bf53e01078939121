package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/differential"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Every dialect of every tool, as golden files (go test -update rewrites
// them).
func TestDialectsGolden(t *testing.T) {
	differential.Golden(t, Tools, "testdata/dialects")
}

// The validator and every dialect agree on drawn calls, but for the
// documented differences.
func TestDialectsAgree(t *testing.T) {
	reports := differential.Agreement(t, Tools, differential.Options{Calls: 4000, Seed: 4})
	for name, byDialect := range reports {
		for d, r := range byDialect {
			t.Logf("%s %-26s valid %4d invalid %4d moved %v undeclared %d omitted %d null %d",
				name, d, r.Valid, r.Invalid, r.Moved, r.Undeclared, r.OmittedNull, r.NullOptional)
		}
	}
	// get_weather's city has minLength and maxLength, which OpenAI strict
	// mode and Gemini's JSON Schema lack; the pattern of tags is moved in
	// Gemini's JSON Schema.
	assert.Positive(t, reports["get_weather"][tool.OpenAI].Moved["minLength"])
	assert.Positive(t, reports["get_weather"][tool.OpenAI].Moved["maxLength"])
	assert.Positive(t, reports["get_weather"][tool.GeminiJSONSchema].Moved["pattern"])
	assert.Positive(t, reports["get_weather"][tool.Gemini].Undeclared)
}

// A constraint OpenAI strict mode cannot express is in the description, and
// the validator still rejects a call that breaks it.
func TestMovedConstraintIsDescribedAndEnforced(t *testing.T) {
	var params struct {
		Properties map[string]struct {
			Type        any    `json:"type"`
			MinLength   *int   `json:"minLength"`
			MaxLength   *int   `json:"maxLength"`
			Description string `json:"description"`
		}
	}
	require.NoError(t, json.Unmarshal(GetWeatherTool.Dialects.OpenAI.Parameters, &params))
	city := params.Properties["city"]
	assert.Nil(t, city.MinLength)
	assert.Nil(t, city.MaxLength)
	assert.Equal(t, `City name, for example "Paris". Must be 1-100 characters.`, city.Description)

	// The call strict mode lets through is still rejected.
	errs := GetWeatherTool.Validate(map[string]any{"city": "", "days": nil, "units": nil, "include_hourly": nil, "coords": nil, "tags": nil})
	assert.Equal(t, []string{"minLength:city"}, errs.Codes())
	assert.Equal(t, "argument 'city' should be at least 1 character long, got \"\"", errs.Error())
}

func TestStrictAjv(t *testing.T) {
	differential.StrictAjv(t, Tools)
}
