package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The verdicts of the example calls, as the command prints them.
func TestOutput(t *testing.T) {
	var out bytes.Buffer
	run(&out)
	assert.Equal(t, `get_weather {"days": true, "tz": "UTC"}
	Codes()     ["missing:city" "type:days" "unexpected:tz"]
	Messages()  ["missing required argument 'city'" "unexpected argument 'tz'" "argument 'days' should be integer, got boolean true"]
	errs[0]     missing required argument 'city'
get_weather {"city": "Paris", "days": 3, "units": "c"}
	valid
get_weather {"city": "Paris", "units": "k"}
	Codes()     ["enum:units"]
	Messages()  ["argument 'units' should be one of \"c\", \"f\", got \"k\""]
	errs[0]     argument 'units' should be one of "c", "f", got "k"
get_weather {"city": "Paris", "days": "3"}
	Codes()     ["type:days"]
	Messages()  ["argument 'days' should be integer, got string \"3\""]
	errs[0]     argument 'days' should be integer, got string "3"
get_forecast {"city": "Paris"}
	Codes()     ["unknown_tool:get_forecast"]
	Messages()  ["unknown tool 'get_forecast'"]
	errs[0]     unknown tool 'get_forecast'
current_weather {}
	Codes()     ["missing:city"]
	Messages()  ["missing required argument 'city'"]
	errs[0]     missing required argument 'city'
current_weather {"city": "Lima", "country": "PE"}
	Codes()     ["unexpected:country"]
	Messages()  ["unexpected argument 'country'"]
	errs[0]     unexpected argument 'country'
add {"a": "2", "b": 3}
	Codes()     ["type:a"]
	Messages()  ["argument 'a' should be number, got string \"2\""]
	errs[0]     argument 'a' should be number, got string "2"
every error of one call, as JSON for the model:
	[{"code":"unexpected","path":"/tz","got":"string"},{"code":"minLength","path":"/city","expected":"at least 1 character long","got":"string","actual":"\"\""},{"code":"maximum","path":"/days","expected":"<= 14","got":"integer","actual":"20"},{"code":"missing","path":"/coords/lon","expected":"number"},{"code":"maximum","path":"/coords/lat","expected":"<= 90","got":"integer","actual":"91"},{"code":"pattern","path":"/tags/1","expected":"a string matching the pattern ^[a-z0-9_-]+$","got":"string","actual":"\"Not OK\""}]
`, out.String())
}

// The rules every rendering follows: an unknown tool short-circuits; the
// codes are sorted; a type error suppresses the other checks of the value;
// a boolean is never a number, and an integer is a number without a
// fraction; the first error is a missing member, then an unexpected one,
// then a type or value error.
func TestRules(t *testing.T) {
	codes := func(name string, args map[string]any) []string { return Tools.Validate(name, args).Codes() }
	assert.Equal(t, []string{"unknown_tool:get_forecast"}, codes("get_forecast", map[string]any{"days": true, "tz": "UTC"}))
	assert.Equal(t, []string{"missing:city", "type:days", "unexpected:tz"}, codes("get_weather", map[string]any{"days": true, "tz": "UTC"}))
	assert.Equal(t, []string{"type:units"}, codes("get_weather", map[string]any{"city": "Paris", "units": 1.0}))
	for v, want := range map[any][]string{true: {"type:days"}, 3.0: nil, 3.5: {"type:days"}, 3: nil} {
		assert.Equal(t, want, codes("get_weather", map[string]any{"city": "Paris", "days": v}), "days=%v", v)
	}
	first := func(args map[string]any) string { return Tools.Validate("get_weather", args)[0].Message() }
	assert.Equal(t, "missing required argument 'city'", first(map[string]any{"days": "3", "unit": "C"}))
	assert.Equal(t, "unexpected argument 'unit'", first(map[string]any{"city": "Paris", "days": "3", "unit": "C"}))
	assert.Equal(t, "argument 'days' should be integer, got boolean true", first(map[string]any{"city": "Paris", "days": true}))
	assert.Nil(t, Tools.Validate("current_weather", map[string]any{"city": "Paris"}).Messages(), "no error, no sentence")
}
