package nullable

import (
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestUpdateProfile(t *testing.T) {
	check.Tools(t, Tools, "update_profile act")
	check.Run[UpdateProfileArgs](t, Tools, &UpdateProfileTool.Tool, []check.Call{
		{Args: `{"nickname": null, "home": null}`},
		{Args: `{"nickname": "Ann", "home": null, "age": null, "interests": null}`},
		{Args: `{"nickname": "Ann", "age": 30, "home": {"city": "Oslo"}, "interests": ["ski"]}`},
		{Args: `{}`, Want: tool.Errors{
			{Code: "missing", Path: "/nickname", Name: "nickname", Expected: "string or null"},
			{Code: "missing", Path: "/home", Name: "home", Expected: "object or null"},
		}},
		{Args: `{"nickname": "", "age": 151, "home": {"town": "Oslo"}, "interests": "ski"}`, Want: tool.Errors{
			{Code: "minLength", Path: "/nickname", Name: "nickname", Expected: "at least 1 character long", Got: "string", Actual: `""`},
			{Code: "maximum", Path: "/age", Name: "age", Expected: "<= 150", Got: "integer", Actual: "151"},
			{Code: "missing", Path: "/home/city", Name: "home.city", Expected: "string"},
			{Code: "unexpected", Path: "/home/town", Name: "home.town", Got: "string"},
			{Code: "type", Path: "/interests", Name: "interests", Expected: "array or null", Got: "string", Actual: "\"ski\""},
		}},
		{Args: `{"nickname": 5, "home": [], "age": -1.5, "interests": [null]}`, Want: tool.Errors{
			{Code: "type", Path: "/nickname", Name: "nickname", Expected: "string or null", Got: "integer", Actual: "5"},
			{Code: "type", Path: "/age", Name: "age", Expected: "integer or null", Got: "number", Actual: "-1.5"},
			{Code: "type", Path: "/home", Name: "home", Expected: "object or null", Got: "array"},
			{Code: "type", Path: "/interests/0", Name: "interests[0]", Expected: "string", Got: "null"},
		}},
	})
}
