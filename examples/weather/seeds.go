package main

import (
	"strings"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The three seed documents each render a verdict their own way. These
// functions render tool.Errors in those formats, to show that one validator
// serves all three.

// seed000 returns seed 000's {"ok", "errors"}: sorted codes, and an unknown
// tool alone.
func seed000(name string, args map[string]any) (ok bool, errors []string) {
	errs := Tools.Validate(name, args)
	return len(errs) == 0, errs.Codes()
}

// seed001 returns seed 001's list of sentences.
func seed001(t *tool.Tool, args map[string]any) []string {
	msgs := t.Validate(args).Messages()
	if msgs == nil {
		return []string{}
	}
	return msgs
}

// seed002 returns seed 002's (ok, error_message): the first error only, with
// Python's type names.
func seed002(t *tool.Tool, args map[string]any) (bool, string) {
	errs := t.Validate(args)
	if len(errs) == 0 {
		return true, ""
	}
	e := errs[0]
	switch e.Code {
	case tool.CodeMissing:
		return false, "missing required arg: " + e.Name
	case tool.CodeUnexpected:
		return false, "unknown arg: " + e.Name
	case tool.CodeType:
		return false, "type error: " + e.Name + " expected " + pythonType(e.Expected) + ", got " + pythonType(e.Got)
	}
	return false, e.Message()
}

func pythonType(jsonType string) string {
	switch jsonType {
	case "string":
		return "str"
	case "integer":
		return "int"
	case "number":
		return "float"
	case "boolean":
		return "bool"
	case "array":
		return "list"
	case "object":
		return "dict"
	case "null":
		return "NoneType"
	}
	return jsonType
}

// pyRepr renders a string list as Python prints it.
func pyRepr(list []string) string {
	parts := make([]string, len(list))
	for i, s := range list {
		parts[i] = pyStr(s)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// pyStr renders a string as Python's repr does, for the strings seeds print.
func pyStr(s string) string {
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `\'`) + "'"
}

func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}
