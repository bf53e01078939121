package schemafile

import (
	"context"
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The calls of both tools: the same schema file, the same verdicts, which
// santhosh-tekuri's agree with.
var calls = []check.Call{
	{Args: `{"email": "ann@example.com"}`},
	{Args: `{"method": "phone", "phone": "+1 555"}`},
	{Args: `{"method": "email", "email": "ann@example.com", "name": "Ann", "home": {"city": "Oslo"}, "work": {"street": "Main", "city": "Bergen"}}`},
	// if fails without method: else requires email.
	{Args: `{"phone": "555 1234"}`, Want: tool.Errors{{Code: tool.CodeMissing, Path: "/email", Name: "email"}}},
	// allOf's anyOf, and else.
	{Args: `{}`, Want: tool.Errors{
		{Code: "anyOf", Expected: "any of: an object with 'phone'; an object with 'email'", Got: "object", Actual: "an object of 0 members"},
		{Code: tool.CodeMissing, Path: "/email", Name: "email"},
	}},
	// then requires phone.
	{Args: `{"method": "phone", "email": "ann@example.com"}`, Want: tool.Errors{{Code: tool.CodeMissing, Path: "/phone", Name: "phone"}}},
	{Args: `{"method": "fax", "phone": "555"}`, Want: tool.Errors{
		{Code: tool.CodeEnum, Path: "/method", Name: "method", Expected: `one of "phone", "email"`, Got: "string", Actual: `"fax"`},
		{Code: tool.CodeMissing, Path: "/email", Name: "email"},
	}},
	// unevaluatedProperties.
	{Args: `{"email": "ann@example.com", "extra": 1}`, Want: tool.Errors{{Code: tool.CodeUnexpected, Path: "/extra", Name: "extra", Got: "integer"}}},
	{Args: `{"email": "not an email"}`, Differs: "toolgen checks the formats it knows; the reference, by default, takes format as an annotation",
		Want: tool.Errors{{Code: "format", Path: "/email", Name: "email", Expected: "an email address", Got: "string", Actual: `"not an email"`}}},
	{Args: `{"phone": "call me", "method": "phone"}`, Want: tool.Errors{{Code: "pattern", Path: "/phone", Name: "phone", Expected: "a string matching the pattern ^[0-9+ ]+$", Got: "string", Actual: `"call me"`}}},
	// Through the $anchor, and through a $defs pointer.
	{Args: `{"email": "ann@example.com", "home": {"street": ""}}`, Want: tool.Errors{
		{Code: tool.CodeMissing, Path: "/home/city", Name: "home.city", Expected: "string"},
		{Code: "minLength", Path: "/home/street", Name: "home.street", Expected: "at least 1 character long", Got: "string", Actual: `""`},
	}},
	{Args: `{"email": "ann@example.com", "work": "Bergen"}`, Want: tool.Errors{{Code: tool.CodeType, Path: "/work", Name: "work", Expected: "object", Got: "string", Actual: `"Bergen"`}}},
	// A null member is null, as the schema says: not absent.
	{Args: `{"email": null}`, Want: tool.Errors{{Code: tool.CodeType, Path: "/email", Name: "email", Expected: "string", Got: "null"}}},
}

func TestCalls(t *testing.T) {
	check.Tools(t, Tools, "contact act", "contact_view read")
	check.Run[ContactArgs](t, Tools, &ContactTool.Tool, calls)
	check.Run[Contact](t, Tools, &ContactViewTool.Tool, calls)
}

// Through a Set, the handler receives the valid arguments as its type, a
// map or a struct view; invalid ones never reach it.
func TestSet(t *testing.T) {
	var m ContactArgs
	var view Contact
	set := tool.NewSet(
		ContactTool.Handle(func(_ context.Context, a ContactArgs) (any, error) { m = a; return "ok", nil }),
		ContactViewTool.Handle(func(_ context.Context, a Contact) (any, error) { view = a; return "ok", nil }),
	)
	args := []byte(`{"method": "email", "email": "ann@example.com", "work": {"city": "Bergen"}}`)
	for _, name := range []string{"contact", "contact_view"} {
		if res := set.Call(context.Background(), name, args); res.Status != tool.StatusExecuted {
			t.Fatalf("%s: %s %v", name, res.Status, res.Errors)
		}
		if res := set.Call(context.Background(), name, []byte(`{"method": "phone"}`)); res.Status != tool.StatusRejected {
			t.Errorf("%s: an invalid call is %s", name, res.Status)
		}
	}
	if m["email"] != "ann@example.com" || m["work"].(map[string]any)["city"] != "Bergen" {
		t.Errorf("the map: %v", m)
	}
	if view.Email != "ann@example.com" || view.Work == nil || view.Work.City != "Bergen" || view.Method != "email" {
		t.Errorf("the struct: %+v", view)
	}
}
