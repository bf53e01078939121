package tool_test

import (
	"encoding/json"
	"fmt"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

func ExampleErrors_Codes() {
	// Errors in validation order: missing, unexpected, then values.
	errs := tool.Errors{
		{Code: tool.CodeMissing, Path: "/city", Name: "city"},
		{Code: tool.CodeUnexpected, Path: "/tz", Name: "tz"},
		{Code: tool.CodeType, Path: "/days", Name: "days", Expected: "integer", Got: "boolean"},
		{Code: "maximum", Path: "/coords/lat", Name: "coords.lat", Expected: "<= 90", Got: "number", Actual: "91.5"},
	}
	fmt.Println(errs.Codes())
	// Output:
	// [maximum:coords.lat missing:city type:days unexpected:tz]
}

func ExampleErrors_Messages() {
	errs := tool.Errors{
		{Code: tool.CodeMissing, Path: "/city", Name: "city"},
		{Code: tool.CodeUnexpected, Path: "/country", Name: "country"},
		{Code: tool.CodeType, Path: "/a", Name: "a", Expected: "number", Got: "string"},
		{Code: "maximum", Path: "/days", Name: "days", Expected: "<= 14", Got: "integer", Actual: "15"},
		{Code: tool.CodeEnum, Path: "/units", Name: "units", Expected: `one of "c", "f"`, Got: "string", Actual: `"k"`},
	}
	for _, m := range errs.Messages() {
		fmt.Println(m)
	}
	// Output:
	// missing required argument 'city'
	// unexpected argument 'country'
	// argument 'a' should be number, got string
	// argument 'days' should be <= 14, got 15
	// argument 'units' should be one of "c", "f", got "k"
}

func ExampleErrors_MarshalJSON() {
	errs := tool.Errors{
		{Code: tool.CodeMissing, Path: "/city", Name: "city"},
		{Code: tool.CodeType, Path: "/days", Name: "days", Expected: "integer", Got: "number"},
		{Code: tool.CodeEnum, Path: "/units", Name: "units", Expected: "c or f", Got: "string", Actual: `"k"`},
	}
	b, _ := json.Marshal(errs)
	fmt.Println(string(b))

	b, _ = json.Marshal(tool.Errors(nil))
	fmt.Println(string(b))
	// Output:
	// [{"code":"missing","path":"/city"},{"code":"type","path":"/days","expected":"integer","got":"number"},{"code":"enum","path":"/units","expected":"c or f","got":"string","actual":"\"k\""}]
	// []
}

func ExampleTools_Validate() {
	tools := tool.Tools{{
		Name: "get_weather",
		Risk: tool.RiskRead,
		Validate: func(args map[string]any) tool.Errors {
			if _, ok := args["city"]; !ok {
				return tool.Errors{{Code: tool.CodeMissing, Path: "/city", Name: "city"}}
			}
			return nil
		},
	}}

	// An unknown tool short-circuits: one error, the arguments unread.
	errs := tools.Validate("get_time", map[string]any{"tz": "UTC"})
	fmt.Println(len(errs), errs.Codes(), errs.Error())

	fmt.Println(tools.Validate("get_weather", map[string]any{}).Codes())
	fmt.Println(tools.Validate("get_weather", map[string]any{"city": "Paris"}) == nil)
	// Output:
	// 1 [unknown_tool:get_time] unknown tool 'get_time'
	// [missing:city]
	// true
}
