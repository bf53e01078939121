package twotools

import (
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestTwoTools(t *testing.T) {
	check.Tools(t, Tools, "delete_file dangerous", "ls read")
	check.Run[DeleteFileRequest](t, Tools, &DeleteFileTool.Tool, []check.Call{
		{Args: `{"path": "/tmp/x", "recursive": true}`},
		{Args: `{"path": "tmp", "dir": "/"}`, Want: tool.Errors{
			{Code: "unexpected", Path: "/dir", Name: "dir", Got: "string"},
			{Code: "pattern", Path: "/path", Name: "path", Expected: "a string matching the pattern ^/", Got: "string", Actual: `"tmp"`},
		}},
	})
	check.Run[ListFilesArgs](t, Tools, &LsTool.Tool, []check.Call{
		{Args: `{"dir": "/"}`},
		{Args: `{"path": "/", "limit": 0}`, Want: tool.Errors{
			{Code: "missing", Path: "/dir", Name: "dir", Expected: "string"},
			{Code: "unexpected", Path: "/path", Name: "path", Got: "string"},
			{Code: "minimum", Path: "/limit", Name: "limit", Expected: ">= 1", Got: "integer", Actual: "0"},
		}},
	})
	if got := LsTool.Needs; len(got) != 1 || got[0] != tool.CapabilityRoots {
		t.Errorf("LsTool.Needs = %v, want [roots]", got)
	}
	if DeleteFileTool.Needs != nil {
		t.Errorf("DeleteFileTool.Needs = %v, want none", DeleteFileTool.Needs)
	}
	if errs := Tools.Validate("delete", nil); len(errs) != 1 || errs[0].Code != tool.CodeUnknownTool || errs[0].Name != "delete" {
		t.Errorf("Tools.Validate(delete) = %v, want unknown_tool:delete", errs)
	}
}
