package main

import (
	"encoding/json"
	"fmt"
)

func main() {
	fmt.Println("seed 000: validate_tool_call")
	for _, c := range []struct {
		name string
		args string
	}{
		{"get_weather", `{"days": true, "tz": "UTC"}`},
		{"get_weather", `{"city": "Paris", "days": 3, "units": "c"}`},
		{"get_weather", `{"city": "Paris", "units": "k"}`},
		{"get_forecast", `{"city": "Paris"}`},
	} {
		ok, errors := seed000(c.name, decode(c.args))
		fmt.Printf("  %s %s\n    {'ok': %s, 'errors': %s}\n", c.name, c.args, pyBool(ok), pyRepr(errors))
	}

	fmt.Println("seed 001: validate_arguments")
	for _, c := range []struct {
		tool string
		args string
	}{
		{"current_weather", `{"city": "Paris"}`},
		{"current_weather", `{}`},
		{"add", `{"a": "2", "b": 3}`},
		{"current_weather", `{"city": "Lima", "country": "PE"}`},
	} {
		t, _ := Tools.Lookup(c.tool)
		fmt.Printf("  %s %s\n    %s\n", c.tool, c.args, pyRepr(seed001(t, decode(c.args))))
	}

	fmt.Println("seed 002: validate_tool_args")
	for _, args := range []string{
		`{"city": "Paris", "days": 3}`,
		`{"days": 3}`,
		`{"city": "Paris", "unit": "C"}`,
		`{"city": "Paris", "days": "3"}`,
	} {
		ok, msg := seed002(&GetWeatherTool.Tool, decode(args))
		fmt.Printf("  %s\n    (%s, %s)\n", args, pyBool(ok), pyStr(msg))
	}

	fmt.Println("every error, as JSON for the model:")
	errs := ValidateGetWeatherArgs(decode(`{"city": "", "days": 20, "coords": {"lat": 91}, "tags": ["ok", "Not OK"], "tz": "UTC"}`))
	fmt.Printf("  %s\n", errs.JSON())
}

func decode(s string) map[string]any {
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		panic(err)
	}
	return m
}
