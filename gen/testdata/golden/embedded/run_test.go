package embedded

import (
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestSendMail(t *testing.T) {
	check.Tools(t, Tools, "send_mail act")
	check.Run[SendMailArgs](t, Tools, &SendMailTool.Tool, []check.Call{
		{Args: `{"to": ["a@example.com"], "meta": {"trace": "t1"}, "subject": "s"}`},
		{Args: `{"to": ["a@example.com"], "cc": [], "relay": "r", "priority": 5, "meta": {"trace": "t1"}, "subject": "s"}`},
		// Embedded fields are flattened: Envelope, Routing and Options are
		// not members; Meta is, under its json name.
		{Args: `{"Envelope": {}, "Routing": {}, "Options": {}, "Meta": {}, "priority": 0}`, Want: tool.Errors{
			{Code: "missing", Path: "/to", Name: "to", Expected: "array"},
			{Code: "missing", Path: "/meta", Name: "meta", Expected: "object"},
			{Code: "missing", Path: "/subject", Name: "subject", Expected: "string"},
			{Code: "unexpected", Path: "/Envelope", Name: "Envelope", Got: "object"},
			{Code: "unexpected", Path: "/Meta", Name: "Meta", Got: "object"},
			{Code: "unexpected", Path: "/Options", Name: "Options", Got: "object"},
			{Code: "unexpected", Path: "/Routing", Name: "Routing", Got: "object"},
			{Code: "minimum", Path: "/priority", Name: "priority", Expected: ">= 1", Got: "integer", Actual: "0"},
		}},
		{Args: `{"to": [], "meta": {}, "subject": "s", "relay": 1}`, Want: tool.Errors{
			{Code: "minItems", Path: "/to", Name: "to", Expected: "an array of at least 1 item", Got: "array", Actual: "an array of 0 items"},
			{Code: "type", Path: "/relay", Name: "relay", Expected: "string", Got: "integer", Actual: "1"},
			{Code: "missing", Path: "/meta/trace", Name: "meta.trace", Expected: "string"},
		}},
	})
}
