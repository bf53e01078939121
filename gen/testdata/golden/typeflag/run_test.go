package typeflag

import (
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestTypeFlag(t *testing.T) {
	check.Tools(t, Tools, "ping read", "search act", "delete act")
	check.Run[SearchParams](t, Tools, &SearchTool.Tool, []check.Call{
		{Args: `{"query": "go"}`},
		{Args: `{"query": "", "limit": 51}`, Want: tool.Errors{
			{Code: "minLength", Path: "/query", Name: "query", Expected: "at least 1 character long", Got: "string", Actual: `""`},
			{Code: "maximum", Path: "/limit", Name: "limit", Expected: "<= 50", Got: "integer", Actual: "51"},
		}},
	})
	check.Run[deleteInput](t, Tools, &deleteTool.Tool, []check.Call{
		{Args: `{"id": "x"}`},
		{Args: `{"id": 1}`, Want: tool.Errors{{Code: "type", Path: "/id", Name: "id", Expected: "string", Got: "integer", Actual: "1"}}},
	})
	// A type -type does not name is not a tool.
	if errs := Tools.Validate("unlisted", map[string]any{"x": 1.0}); len(errs) != 1 || errs[0].Code != tool.CodeUnknownTool {
		t.Errorf("Tools.Validate(unlisted) = %v, want unknown_tool", errs)
	}
}
