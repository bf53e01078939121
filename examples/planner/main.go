package main

import (
	"encoding/json"
	"fmt"
)

// The calls main validates, and what toolgen says of each.
var calls = []struct {
	tool string
	args string
}{
	{"plan_event", `{"title": "Review", "start": "2026-05-01T09:00:00Z", "organizer": {"name": "Ana", "email": "ana@example.com"},
		"venue": {"building": "B2", "floor": 3}, "priority": 2}`},
	{"plan_event", `{"title": "Review", "start": "tomorrow", "organizer": {"name": "Ana", "email": "ana@example.com", "phone": "+33 1 23 45"},
		"venue": {"meeting": "not a uri"}, "priority": true, "attachment": "%%%"}`},
	{"save_outline", `{"title": "Guide", "sections": [{"heading": "Intro"}, {"heading": "Use", "sections": [{"heading": ""}]}]}`},
}

func main() {
	for _, c := range calls {
		var args map[string]any
		if err := json.Unmarshal([]byte(c.args), &args); err != nil {
			panic(err)
		}
		report(c.tool, Tools.Validate(c.tool, args).Messages())
	}
	var node any
	if err := json.Unmarshal([]byte(`{"label": "root", "kind": "leaf", "children": [{"label": ""}]}`), &node); err != nil {
		panic(err)
	}
	report("outline.json", ValidateOutline(node).Messages())
}

func report(what string, msgs []string) {
	if len(msgs) == 0 {
		fmt.Printf("%s: valid\n", what)
		return
	}
	fmt.Printf("%s:\n", what)
	for _, m := range msgs {
		fmt.Printf("  %s\n", m)
	}
}
