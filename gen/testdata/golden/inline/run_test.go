package inline

import (
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestPost(t *testing.T) {
	check.Tools(t, Tools, "post act")
	check.Run[PostArgs](t, Tools, &PostTool.Tool, []check.Call{
		{Args: `{"channel": "c"}`, Want: tool.Errors{
			{Code: "missing", Path: "/text", Name: "text", Expected: "string"},
		}},
		// What encoding/json decodes into PostArgs.
		{Args: `{"channel": "c", "Body": {"text": "t"}}`, Want: tool.Errors{
			{Code: "missing", Path: "/text", Name: "text", Expected: "string"},
			{Code: "unexpected", Path: "/Body", Name: "Body", Got: "object"},
		}},
		{Args: `{"channel": "c", "text": "t", "html": "<b>t</b>"}`,
			KnownBug: `json:",inline" flattens Body into the schema, but encoding/json decodes Body from a member "Body", so "text" does not decode`},
	})
}
