package recursive

import (
	"strings"
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
	"github.com/toolgen-go/toolgen/runtime/toolimpl/value"
)

const tooDeep = "the validator stops at value.MaxDepth levels"

func TestTools(t *testing.T) {
	check.Tools(t, Tools, "make_tree act", "render_menu read")
}

func TestMakeTree(t *testing.T) {
	// The root is at depth 0, so the innermost node of n levels of
	// children is at depth n.
	deep := func(n int) string {
		return check.Deep(`{"label": "x", "children": [`, `{"label": "x"}`, `]}`, n)
	}
	depth := tool.Error{
		Code:     "depth",
		Path:     strings.Repeat("/children/0", value.MaxDepth+1),
		Name:     strings.TrimSuffix(strings.Repeat("children[0].", value.MaxDepth+1), "."),
		Expected: toolimpl.TooDeep().Expected,
	}
	check.Run[MakeTreeArgs](t, Tools, &MakeTreeTool.Tool, []check.Call{
		{Args: `{"label": "root", "children": [{"label": "a"}, {"label": "b", "children": []}]}`},
		{Args: deep(value.MaxDepth)},
		{Args: deep(value.MaxDepth + 1), Want: tool.Errors{depth}, Differs: tooDeep},
		{Args: deep(value.MaxDepth + 50), Want: tool.Errors{depth}, Differs: tooDeep},
		{Args: `{"label": "", "children": [{"label": "a", "children": [{}]}, 3, {"label": "c", "x": 1}]}`, Want: tool.Errors{
			{Code: "minLength", Path: "/label", Name: "label", Expected: "at least 1 character long", Got: "string", Actual: `""`},
			{Code: "missing", Path: "/children/0/children/0/label", Name: "children[0].children[0].label", Expected: "string"},
			{Code: "type", Path: "/children/1", Name: "children[1]", Expected: "object", Got: "integer", Actual: "3"},
			{Code: "unexpected", Path: "/children/2/x", Name: "children[2].x", Got: "integer"},
		}},
	})
	// No arguments at all are an empty object.
	if got := ValidateMakeTreeArgs(nil); len(got) != 1 || got[0].Code != "missing" || got[0].Path != "/label" {
		t.Errorf("ValidateMakeTreeArgs(nil) = %v, want missing:label", got)
	}
}

func TestRenderMenu(t *testing.T) {
	// The root item is at depth 1.
	deep := func(n int) string {
		return `{"title": "t", "root": ` + check.Deep(`{"name": "x", "items": [`, `{"name": "x"}`, `]}`, n) + `}`
	}
	check.Run[RenderMenuArgs](t, Tools, &RenderMenuTool.Tool, []check.Call{
		{Args: `{"title": "Main", "root": {"name": "File", "items": [{"name": "Open"}], "named": {"recent": {"name": "Recent", "items": []}}}}`},
		{Args: deep(value.MaxDepth - 1)},
		{Args: deep(value.MaxDepth), Differs: tooDeep, Want: tool.Errors{{
			Code:     "depth",
			Path:     "/root" + strings.Repeat("/items/0", value.MaxDepth),
			Name:     "root" + strings.Repeat(".items[0]", value.MaxDepth),
			Expected: toolimpl.TooDeep().Expected,
		}}},
		{Args: `{"root": {"items": [{"name": 1}, {"name": "x", "named": {"b": {}, "a": 2}}]}, "other": {"name": "o", "bad": true}}`, Want: tool.Errors{
			{Code: "missing", Path: "/title", Name: "title", Expected: "string"},
			{Code: "missing", Path: "/root/name", Name: "root.name", Expected: "string"},
			{Code: "type", Path: "/root/items/0/name", Name: "root.items[0].name", Expected: "string", Got: "integer", Actual: "1"},
			{Code: "type", Path: "/root/items/1/named/a", Name: "root.items[1].named.a", Expected: "object", Got: "integer", Actual: "2"},
			{Code: "missing", Path: "/root/items/1/named/b/name", Name: "root.items[1].named.b.name", Expected: "string"},
			{Code: "unexpected", Path: "/other/bad", Name: "other.bad", Got: "boolean"},
		}},
		{Args: `{"title": "t", "root": null, "other": null}`, Want: tool.Errors{
			{Code: "type", Path: "/root", Name: "root", Expected: "object", Got: "null"},
		}},
	})
}
