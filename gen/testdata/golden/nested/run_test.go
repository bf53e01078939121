package nested

import (
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestBookFlight(t *testing.T) {
	check.Tools(t, Tools, "book_flight act")
	check.Run[BookFlightArgs](t, Tools, &BookFlightTool.Tool, []check.Call{
		{Args: `{"from": {"code": "CDG"}, "to": {"code": "JFK", "terminal": 4}}`},
		{Args: `{"from": {"code": "CDG"}, "to": {"code": "JFK"}, "passenger": {"name": "Ada", "address": {"street": "1 Main St", "country": "FR"}}}`},
		{Args: `{"from": {"code": "CDG"}, "to": {"code": "JFK"}, "passenger": null}`, Differs: "an optional member that is null counts as absent"},
		{Args: `{"from": "CDG", "to": {}}`, Want: tool.Errors{
			{Code: "type", Path: "/from", Name: "from", Expected: "object", Got: "string", Actual: "\"CDG\""},
			{Code: "missing", Path: "/to/code", Name: "to.code", Expected: "string"},
		}},
		// A required pointer is not nullable.
		{Args: `{"from": {"code": "cdg", "terminal": 0, "gate": "A1"}, "to": null, "passenger": {"address": {"country": "FRA", "zip": 1}}}`, Want: tool.Errors{
			{Code: "unexpected", Path: "/from/gate", Name: "from.gate", Got: "string"},
			{Code: "pattern", Path: "/from/code", Name: "from.code", Expected: "a string matching the pattern ^[A-Z]{3}$", Got: "string", Actual: `"cdg"`},
			{Code: "minimum", Path: "/from/terminal", Name: "from.terminal", Expected: ">= 1", Got: "integer", Actual: "0"},
			{Code: "type", Path: "/to", Name: "to", Expected: "object", Got: "null"},
			{Code: "missing", Path: "/passenger/name", Name: "passenger.name", Expected: "string"},
			{Code: "missing", Path: "/passenger/address/street", Name: "passenger.address.street", Expected: "string"},
			{Code: "unexpected", Path: "/passenger/address/zip", Name: "passenger.address.zip", Got: "integer"},
			{Code: "maxLength", Path: "/passenger/address/country", Name: "passenger.address.country", Expected: "at most 2 characters long", Got: "string", Actual: `"FRA"`},
		}},
	})
}
