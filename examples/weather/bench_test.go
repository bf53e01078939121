package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/internal/cputime"
	"github.com/toolgen-go/toolgen/internal/testkit/race"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The benchmark calls: a fully populated valid call,
// and an invalid one with 8 errors, both decoded by encoding/json.

const benchValidJSON = `{"city": "Paris", "days": 3, "units": "c", "include_hourly": true,
	"coords": {"lat": 48.8566, "lon": 2.3522}, "tags": ["trip", "weekend_2"]}`

// 8 errors: unexpected country, minLength city, minimum days, enum units,
// type include_hourly, maximum coords.lat, minimum coords.lon, pattern tags[1].
const benchInvalidJSON = `{"city": "", "days": 0, "units": "kelvin", "include_hourly": "yes",
	"coords": {"lat": 91, "lon": -181}, "tags": ["ok", "Not OK"], "country": "FR"}`

func benchDecode(tb testing.TB, s string) map[string]any {
	tb.Helper()
	var m map[string]any
	require.NoError(tb, json.Unmarshal([]byte(s), &m))
	return m
}

func benchValidArgs(tb testing.TB) map[string]any   { return benchDecode(tb, benchValidJSON) }
func benchInvalidArgs(tb testing.TB) map[string]any { return benchDecode(tb, benchInvalidJSON) }

func TestBenchmarkCalls(t *testing.T) {
	assert.Empty(t, ValidateGetWeatherArgs(benchValidArgs(t)))
	assert.Equal(t, []string{
		"enum:units", "maximum:coords.lat", "minLength:city", "minimum:coords.lon",
		"minimum:days", "pattern:tags[1]", "type:include_hourly", "unexpected:country",
	}, ValidateGetWeatherArgs(benchInvalidArgs(t)).Codes())
}

// TestValidCallsDoNotAllocate proves that validating a valid call allocates
// nothing, for each tool, through the Tool and the function alike.
func TestValidCallsDoNotAllocate(t *testing.T) {
	cases := []struct {
		tool *tool.Tool
		fn   func(map[string]any) tool.Errors
		json string
	}{
		{&GetWeatherTool.Tool, ValidateGetWeatherArgs, benchValidJSON},
		{&GetWeatherTool.Tool, ValidateGetWeatherArgs, `{"city": "東京", "days": 14, "units": "f", "include_hourly": false,
			"coords": {"lat": -90, "lon": 180}, "tags": ["a","b","c","d","e","f","g","h","i","j"]}`},
		{&GetWeatherTool.Tool, ValidateGetWeatherArgs, `{"city": "Paris", "days": null, "units": null, "coords": null, "tags": null}`},
		{&CurrentWeatherTool.Tool, ValidateCurrentWeatherArgs, `{"city": "Paris", "units": "c"}`},
		{&CurrentWeatherTool.Tool, ValidateCurrentWeatherArgs, `{"city": "Paris"}`},
		{&AddTool.Tool, ValidateAddArgs, `{"a": 2, "b": 3.5}`},
	}
	for _, c := range cases {
		args := benchDecode(t, c.json)
		require.Empty(t, c.tool.Validate(args), c.json)
		var errs tool.Errors
		if !race.Enabled {
			assert.Zero(t, testing.AllocsPerRun(200, func() { errs = c.tool.Validate(args) }), "%s via Tool: %s", c.tool.Name, c.json)
			assert.Zero(t, testing.AllocsPerRun(200, func() { errs = c.fn(args) }), "%s: %s", c.tool.Name, c.json)
			assert.Empty(t, errs)
		}
	}
}

var benchSink tool.Errors

// BenchmarkValidate compares the generated map validator with the
// hand-written one and santhosh-tekuri's; the first two also report the
// process's CPU time per call (cpu-ns/op), steadier on a shared machine.
func BenchmarkValidate(b *testing.B) {
	ref := newRefValidator(b, &GetWeatherTool.Tool)
	calls := []struct {
		name string
		args map[string]any
	}{
		{"valid", benchValidArgs(b)},
		{"invalid", benchInvalidArgs(b)},
	}
	for _, call := range calls {
		want := len(ValidateGetWeatherArgs(call.args)) == 0
		require.Equal(b, want, len(handwrittenGetWeather(call.args)) == 0)
		require.Equal(b, want, ref.schema.Validate(call.args) == nil)
	}
	validators := []struct {
		name string
		fn   func(map[string]any) tool.Errors
	}{
		{"generated", ValidateGetWeatherArgs},
		{"handwritten", handwrittenGetWeather},
	}
	for _, v := range validators {
		for _, call := range calls {
			b.Run(v.name+"/"+call.name, func(b *testing.B) {
				b.ReportAllocs()
				cputime.Loop(b, func() { benchSink = v.fn(call.args) })
			})
		}
	}
	for _, call := range calls {
		b.Run("santhosh/"+call.name, func(b *testing.B) {
			b.ReportAllocs()
			var err error
			for b.Loop() {
				err = ref.schema.Validate(call.args)
			}
			_ = err
		})
	}
}
