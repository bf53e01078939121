package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The seeds' own examples, with the outputs the seeds print.

func TestSeed000(t *testing.T) {
	ok, errors := seed000("get_weather", map[string]any{"days": true, "tz": "UTC"})
	assert.False(t, ok)
	assert.Equal(t, []string{"missing:city", "type:days", "unexpected:tz"}, errors)
	assert.Equal(t, "{'ok': False, 'errors': ['missing:city', 'type:days', 'unexpected:tz']}",
		"{'ok': "+pyBool(ok)+", 'errors': "+pyRepr(errors)+"}")

	// An unknown tool short-circuits, whatever its arguments.
	ok, errors = seed000("get_forecast", map[string]any{"days": true, "tz": "UTC"})
	assert.False(t, ok)
	assert.Equal(t, []string{"unknown_tool:get_forecast"}, errors)

	// A type error suppresses the enum check of the same argument.
	ok, errors = seed000("get_weather", map[string]any{"city": "Paris", "units": 1.0})
	assert.False(t, ok)
	assert.Equal(t, []string{"type:units"}, errors)
	_, errors = seed000("get_weather", map[string]any{"city": "Paris", "units": "k"})
	assert.Equal(t, []string{"enum:units"}, errors)

	// True is never an integer; 3.0 is one, 3.5 is not.
	for v, want := range map[any][]string{true: {"type:days"}, 3.0: nil, 3.5: {"type:days"}, 3: nil} {
		_, errors = seed000("get_weather", map[string]any{"city": "Paris", "days": v})
		assert.Equal(t, want, errors, "days=%v", v)
	}

	ok, errors = seed000("get_weather", map[string]any{"city": "Paris", "days": 3.0})
	assert.True(t, ok)
	assert.Empty(t, errors)
}

func TestSeed001(t *testing.T) {
	cases := []struct {
		tool string
		args map[string]any
		want []string
		repr string
	}{
		{"current_weather", map[string]any{"city": "Paris"}, []string{}, "[]"},
		{"current_weather", map[string]any{}, []string{"missing required argument 'city'"}, `["missing required argument 'city'"]`},
		{"add", map[string]any{"a": "2", "b": 3.0}, []string{"argument 'a' should be number, got string"}, `["argument 'a' should be number, got string"]`},
		{"current_weather", map[string]any{"city": "Lima", "country": "PE"}, []string{"unexpected argument 'country'"}, `["unexpected argument 'country'"]`},
	}
	for _, c := range cases {
		tl, ok := Tools.Lookup(c.tool)
		require.True(t, ok)
		got := seed001(tl, c.args)
		assert.Equal(t, c.want, got, "%s %v", c.tool, c.args)
		assert.Equal(t, c.repr, pyRepr(got))
	}
}

func TestSeed002(t *testing.T) {
	cases := []struct {
		args map[string]any
		ok   bool
		msg  string
	}{
		{map[string]any{"city": "Paris", "days": 3.0}, true, ""},
		{map[string]any{"days": 3.0}, false, "missing required arg: city"},
		{map[string]any{"city": "Paris", "unit": "C"}, false, "unknown arg: unit"},
		{map[string]any{"city": "Paris", "days": "3"}, false, "type error: days expected int, got str"},
		// The order contract: missing before unknown before a type error.
		{map[string]any{"days": "3", "unit": "C"}, false, "missing required arg: city"},
		{map[string]any{"city": "Paris", "days": "3", "unit": "C"}, false, "unknown arg: unit"},
		{map[string]any{"city": "Paris", "days": true}, false, "type error: days expected int, got bool"},
	}
	for _, c := range cases {
		ok, msg := seed002(&GetWeatherTool.Tool, c.args)
		assert.Equal(t, c.ok, ok, "%v", c.args)
		assert.Equal(t, c.msg, msg, "%v", c.args)
	}
}
