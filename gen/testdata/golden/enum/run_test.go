package enum

import (
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestPaint(t *testing.T) {
	check.Tools(t, Tools, "paint act")
	check.Run[PaintArgs](t, Tools, &PaintTool.Tool, []check.Call{
		{Args: `{"color": "red"}`},
		{Args: `{"color": "say \"hi\"\\", "finishes": ["matte", "gloss"], "primary": "blue", "brand": "Acme"}`},
		{Args: `{"color": "Red", "finishes": ["satin"], "primary": "green"}`, Want: tool.Errors{
			{Code: "enum", Path: "/color", Name: "color", Expected: `one of "red", "green", "blue", "say \"hi\"\\"`, Got: "string", Actual: `"Red"`},
			{Code: "enum", Path: "/finishes/0", Name: "finishes[0]", Expected: `one of "matte", "gloss"`, Got: "string", Actual: `"satin"`},
			{Code: "enum", Path: "/primary", Name: "primary", Expected: `one of "red", "blue"`, Got: "string", Actual: `"green"`},
		}},
		// An untyped constant is not in the enum.
		{Args: `{"color": "yellow", "brand": 1}`, Want: tool.Errors{
			{Code: "enum", Path: "/color", Name: "color", Expected: `one of "red", "green", "blue", "say \"hi\"\\"`, Got: "string", Actual: `"yellow"`},
			{Code: "type", Path: "/brand", Name: "brand", Expected: "string", Got: "integer", Actual: "1"},
		}},
	})
}
