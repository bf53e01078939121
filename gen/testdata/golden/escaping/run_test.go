package escaping

import (
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestQuery(t *testing.T) {
	check.Tools(t, Tools, "query-v2 act")
	if QueryV2Tool.Description != "Runs a \"query\"; a backslash \\ and `backquotes` are text. It ends the comment */ here, in the Unicode: é ∑ 日本." {
		t.Errorf("Description = %q", QueryV2Tool.Description)
	}
	check.Run[QueryArgs](t, Tools, &QueryV2Tool.Tool, []check.Call{
		{Args: `{"a/b": ""}`},
		{Args: `{"a/b": "", "a~b": "5", "~/": "4", "città": "日本語", "with space": "s", "x.y": 0, "x[0]": 1, "<&>%$#": "s",
			"a-b": "1", "a_b": "2", "aB": "3", "type": "t", "func": "f", "errs": "e", "args": "a", "ok": "o", "tool": "t",
			"len": "l", "present": "p", "1st": "1", "quoted": "say \"hi\"", "digits": "0123", "empty": ""}`},
		{Args: `{"a/b": "", "quoted": "back\\slash"}`},
		{Args: `{"a/b": "", "quoted": "comma, here"}`},
		{Args: `{"a~b": 1, "~/": 2, "città": "Roma", "x.y": -1, "x[0]": -1, "<&>%$#": 3, "a-b": 4, "a_b": 5, "aB": 6,
			"type": 7, "func": 8, "errs": 9, "args": 10, "ok": 11, "tool": 12, "len": 13, "present": 14, "1st": 15,
			"quoted": "back\\\\slash", "digits": "١٢", "empty": " ", "a/c": 0, "~": 0}`, Want: tool.Errors{
			{Code: "missing", Path: "/a~1b", Name: "a/b", Expected: "string"},
			{Code: "unexpected", Path: "/a~1c", Name: "a/c", Got: "integer"},
			{Code: "unexpected", Path: "/~0", Name: "~", Got: "integer"},
			{Code: "type", Path: "/a~0b", Name: "a~b", Expected: "string", Got: "integer", Actual: "1"},
			{Code: "type", Path: "/~0~1", Name: "~/", Expected: "string", Got: "integer", Actual: "2"},
			{Code: "maxLength", Path: "/città", Name: "città", Expected: "at most 3 characters long", Got: "string", Actual: `"Roma"`},
			{Code: "minimum", Path: "/x.y", Name: "x.y", Expected: ">= 0", Got: "integer", Actual: "-1"},
			{Code: "minimum", Path: "/x[0]", Name: "x[0]", Expected: ">= 0", Got: "integer", Actual: "-1"},
			{Code: "type", Path: "/<&>%$#", Name: "<&>%$#", Expected: "string", Got: "integer", Actual: "3"},
			{Code: "type", Path: "/a-b", Name: "a-b", Expected: "string", Got: "integer", Actual: "4"},
			{Code: "type", Path: "/a_b", Name: "a_b", Expected: "string", Got: "integer", Actual: "5"},
			{Code: "type", Path: "/aB", Name: "aB", Expected: "string", Got: "integer", Actual: "6"},
			{Code: "type", Path: "/type", Name: "type", Expected: "string", Got: "integer", Actual: "7"},
			{Code: "type", Path: "/func", Name: "func", Expected: "string", Got: "integer", Actual: "8"},
			{Code: "type", Path: "/errs", Name: "errs", Expected: "string", Got: "integer", Actual: "9"},
			{Code: "type", Path: "/args", Name: "args", Expected: "string", Got: "integer", Actual: "10"},
			{Code: "type", Path: "/ok", Name: "ok", Expected: "string", Got: "integer", Actual: "11"},
			{Code: "type", Path: "/tool", Name: "tool", Expected: "string", Got: "integer", Actual: "12"},
			{Code: "type", Path: "/len", Name: "len", Expected: "string", Got: "integer", Actual: "13"},
			{Code: "type", Path: "/present", Name: "present", Expected: "string", Got: "integer", Actual: "14"},
			{Code: "type", Path: "/1st", Name: "1st", Expected: "string", Got: "integer", Actual: "15"},
			{Code: "enum", Path: "/quoted", Name: "quoted", Expected: `one of "say \"hi\"", "back\\slash", "comma, here"`, Got: "string", Actual: `"back\\\\slash"`},
			{Code: "pattern", Path: "/digits", Name: "digits", Expected: `a string matching the pattern ^\d+$`, Got: "string", Actual: `"١٢"`},
			{Code: "enum", Path: "/empty", Name: "empty", Expected: `one of ""`, Got: "string", Actual: `" "`},
		}},
	})
}
