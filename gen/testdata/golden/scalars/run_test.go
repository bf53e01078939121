package scalars

import (
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

const nullOptional = "an optional member that is null counts as absent"

func TestSetThermostat(t *testing.T) {
	check.Tools(t, Tools, "set_thermostat act")
	check.Run[SetThermostatArgs](t, Tools, &SetThermostatTool.Tool, []check.Call{
		{Args: `{"target": 21.5, "fan": 3, "mode": "heat", "room": "kitchen", "forced": "x"}`},
		{Args: `{"target": 5, "fan": 9, "mode": "auto", "room": "hall", "forced": "", "level": 2, "ratio": 0.25,
			"zone": "Z01", "hold": true, "step": -100, "offset": -2.5, "note": "n"}`},
		{Args: `{"target": 30.5, "fan": 1, "mode": "cool", "room": "ab", "forced": "f", "level": null, "note": null}`, Differs: nullOptional},
		{Args: `{}`, Want: tool.Errors{
			{Code: "missing", Path: "/target", Name: "target", Expected: "number"},
			{Code: "missing", Path: "/fan", Name: "fan", Expected: "integer"},
			{Code: "missing", Path: "/mode", Name: "mode", Expected: "string"},
			{Code: "missing", Path: "/room", Name: "room", Expected: "string"},
			{Code: "missing", Path: "/forced", Name: "forced", Expected: "string"},
		}},
		// Types: every member has the wrong one; unexpected members come
		// first, by key.
		{Args: `{"target": "21", "fan": 2.5, "mode": 1, "room": true, "forced": null, "hold": "yes", "extra": 1, "another": []}`, Want: tool.Errors{
			{Code: "unexpected", Path: "/another", Name: "another", Got: "array"},
			{Code: "unexpected", Path: "/extra", Name: "extra", Got: "integer"},
			{Code: "type", Path: "/target", Name: "target", Expected: "number", Got: "string", Actual: "\"21\""},
			{Code: "type", Path: "/fan", Name: "fan", Expected: "integer", Got: "number", Actual: "2.5"},
			{Code: "type", Path: "/mode", Name: "mode", Expected: "string", Got: "integer", Actual: "1"},
			{Code: "type", Path: "/room", Name: "room", Expected: "string", Got: "boolean", Actual: "true"},
			{Code: "type", Path: "/hold", Name: "hold", Expected: "boolean", Got: "string", Actual: "\"yes\""},
			{Code: "type", Path: "/forced", Name: "forced", Expected: "string", Got: "null"},
		}},
		// Lower bounds, enums, lengths, patterns, multipleOf.
		{Args: `{"target": 4.5, "fan": 0, "mode": "off", "room": "A", "forced": "f", "level": 4, "ratio": 1, "zone": "z1", "step": 7, "offset": 2.5}`, Want: tool.Errors{
			{Code: "minimum", Path: "/target", Name: "target", Expected: ">= 5", Got: "number", Actual: "4.5"},
			{Code: "exclusiveMinimum", Path: "/fan", Name: "fan", Expected: "> 0", Got: "integer", Actual: "0"},
			{Code: "enum", Path: "/mode", Name: "mode", Expected: `one of "heat", "cool", "auto"`, Got: "string", Actual: `"off"`},
			{Code: "enum", Path: "/level", Name: "level", Expected: "one of 1, 2, 3", Got: "integer", Actual: "4"},
			{Code: "enum", Path: "/ratio", Name: "ratio", Expected: "one of 0.25, 1.5", Got: "integer", Actual: "1"},
			{Code: "minLength", Path: "/room", Name: "room", Expected: "at least 2 characters long", Got: "string", Actual: `"A"`},
			{Code: "pattern", Path: "/zone", Name: "zone", Expected: "a string matching the pattern ^Z[0-9]{2}$", Got: "string", Actual: `"z1"`},
			{Code: "multipleOf", Path: "/step", Name: "step", Expected: "a multiple of 5", Got: "integer", Actual: "7"},
			{Code: "exclusiveMaximum", Path: "/offset", Name: "offset", Expected: "< 2.5", Got: "number", Actual: "2.5"},
		}},
		// Upper bounds; lengths count code points, not bytes.
		{Args: `{"target": 31, "fan": 10, "mode": "heat", "room": "abcdefghi", "forced": "f", "step": 105, "offset": -3}`, Want: tool.Errors{
			{Code: "maximum", Path: "/target", Name: "target", Expected: "<= 30.5", Got: "integer", Actual: "31"},
			{Code: "exclusiveMaximum", Path: "/fan", Name: "fan", Expected: "< 10", Got: "integer", Actual: "10"},
			{Code: "maxLength", Path: "/room", Name: "room", Expected: "at most 8 characters long", Got: "string", Actual: `"abcdefghi"`},
			{Code: "maximum", Path: "/step", Name: "step", Expected: "<= 100", Got: "integer", Actual: "105"},
			{Code: "minimum", Path: "/offset", Name: "offset", Expected: ">= -2.5", Got: "integer", Actual: "-3"},
		}},
		{Args: `{"target": 20.25, "fan": 5, "mode": "heat", "room": "ééééé", "forced": "f"}`, Want: tool.Errors{
			{Code: "multipleOf", Path: "/target", Name: "target", Expected: "a multiple of 0.5", Got: "number", Actual: "20.25"},
			{Code: "pattern", Path: "/room", Name: "room", Expected: "a string matching the pattern ^[a-z]+$", Got: "string", Actual: `"ééééé"`},
		}},
	})
}
