package main

import (
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestUnexported(t *testing.T) {
	check.Tools(t, tools, "lookup read", "http_config act")
	check.Run[lookupArgs](t, tools, &lookupTool.Tool, []check.Call{
		{Args: `{"word": "chat", "lang": "fr"}`},
		{Args: `{"lang": "de"}`, Want: tool.Errors{
			{Code: "missing", Path: "/word", Name: "word", Expected: "string"},
			{Code: "enum", Path: "/lang", Name: "lang", Expected: `one of "en", "fr"`, Got: "string", Actual: `"de"`},
		}},
	})
	check.Run[httpConfigArgs](t, tools, &httpConfigTool.Tool, []check.Call{
		{Args: `{"timeout_ms": 100}`},
		{Args: `{"timeout_ms": 0}`, Want: tool.Errors{
			{Code: "minimum", Path: "/timeout_ms", Name: "timeout_ms", Expected: ">= 1", Got: "integer", Actual: "0"},
		}},
	})
	if validateLookupArgs(map[string]any{"word": "w"}) != nil || validateHttpConfigArgs(map[string]any{"timeout_ms": 1.0}) != nil {
		t.Error("the unexported validators reject valid arguments")
	}
}
