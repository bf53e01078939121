package maps

import (
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestSetLabels(t *testing.T) {
	check.Tools(t, Tools, "set_labels act")
	check.Run[SetLabelsArgs](t, Tools, &SetLabelsTool.Tool, []check.Call{
		{Args: `{"labels": {}}`},
		{Args: `{"labels": {"a": "x", "b": ""}, "weights": {"w": 0.5}, "meta": {"any": [1, {"x": null}]},
			"slots": {"1": {"who": "ann"}, "22": {"who": "bob"}}, "days": {"31": 2}}`},
		// Members matched by additionalProperties and patternProperties
		// are reported by key, whatever Go's map order.
		{Args: `{"labels": {"b": 1, "a": true, "c": "ok"}, "weights": {"w": "heavy"}, "meta": [],
			"slots": {"x": {"who": "ann"}, "2": {"who": 2, "extra": 1}, "1": {}}, "days": {"-1": 1, "3": 1.5}}`, Want: tool.Errors{
			{Code: "type", Path: "/labels/a", Name: "labels.a", Expected: "string", Got: "boolean", Actual: "true"},
			{Code: "type", Path: "/labels/b", Name: "labels.b", Expected: "string", Got: "integer", Actual: "1"},
			{Code: "type", Path: "/weights/w", Name: "weights.w", Expected: "number", Got: "string", Actual: "\"heavy\""},
			{Code: "type", Path: "/meta", Name: "meta", Expected: "object", Got: "array"},
			{Code: "missing", Path: "/slots/1/who", Name: "slots.1.who", Expected: "string"},
			{Code: "unexpected", Path: "/slots/2/extra", Name: "slots.2.extra", Got: "integer"},
			{Code: "type", Path: "/slots/2/who", Name: "slots.2.who", Expected: "string", Got: "integer", Actual: "2"},
			{Code: "unexpected", Path: "/slots/x", Name: "slots.x", Got: "object"},
			{Code: "unexpected", Path: "/days/-1", Name: "days.-1", Got: "integer"},
			{Code: "type", Path: "/days/3", Name: "days.3", Expected: "integer", Got: "number", Actual: "1.5"},
		}},
		{Args: `{"labels": {}, "days": {"99999999999999999999": 1}}`,
			KnownBug: "keys of map[int64]T match ^[0-9]+$ however large: a key beyond int64 is accepted and does not decode"},
		{Args: `{"labels": {"a/b": 1, "~": 2}}`, Want: tool.Errors{
			{Code: "type", Path: "/labels/a~1b", Name: "labels.a/b", Expected: "string", Got: "integer", Actual: "1"},
			{Code: "type", Path: "/labels/~0", Name: "labels.~", Expected: "string", Got: "integer", Actual: "2"},
		}},
	})
}
