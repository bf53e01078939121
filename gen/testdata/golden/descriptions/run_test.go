package descriptions

import (
	"encoding/json"
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// What the model reads of each member: its type's description when it has
// none of its own, without the type's Go name.
func TestDescriptions(t *testing.T) {
	check.Tools(t, Tools, "notify act")
	var schema struct {
		Properties map[string]struct {
			Description string
			Items       struct{ Description string }
		}
	}
	if err := json.Unmarshal(NotifyTool.Schema, &schema); err != nil {
		t.Fatal(err)
	}
	for member, want := range map[string]string{
		"team":     "The group on call.",
		"reason":   "Why an alert fires.",
		"kind":     "What the alert is about.",
		"line":     "One product line of an order.",
		"priority": "How urgent an alert is: the model reads the names of its constants beside their values. Values: 1 (Low), 2 (High), 3 (Page).",
		"urgency":  "Urgency is the member's own description, which comes first. Values: 1 (Low), 2 (High), 3 (Page).",
		"label":    "A tag's description comes before all.",
		"digest":   "Sends one message for many alerts.",
		"share":    "A type of the standard library keeps its doc, written for Go programmers, from the model.",
		"ratio":    "",
	} {
		if got := schema.Properties[member].Description; got != want {
			t.Errorf("%s: description %q, want %q", member, got, want)
		}
	}
	if got, want := schema.Properties["receivers"].Items.Description, "One destination of an alert."; got != want {
		t.Errorf("receivers' items: description %q, want %q", got, want)
	}
	check.Run[NotifyArgs](t, Tools, &NotifyTool.Tool, []check.Call{
		{Args: `{"team": "platform", "reason": "outage", "receivers": [], "line": {"sku": "A1"}, "priority": 2}`},
		{Args: `{"team": "platform", "reason": "outage", "receivers": [], "line": {"sku": "A1"}, "priority": 4}`, Want: tool.Errors{
			{Code: "enum", Path: "/priority", Name: "priority", Expected: "one of 1, 2, 3", Got: "integer", Actual: "4"},
		}},
	})
}
