package sizedints

import (
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestConfigure(t *testing.T) {
	check.Tools(t, Tools, "configure act")
	check.Run[ConfigureArgs](t, Tools, &ConfigureTool.Tool, []check.Call{
		{Args: `{"offset": 0}`},
		// Every bound of every type, inclusive.
		{Args: `{"offset": -128, "gain": 32767, "channel": -2147483648, "count": 9007199254740991, "mask": 255, "port": 65535,
			"id": 4294967295, "serial": 0, "size": 0, "level": 5, "scale": 1.5, "bytes": "AAE=", "ports": [0, 65535]}`},
		{Args: `{"offset": 127, "gain": -32768, "channel": 2147483647, "mask": 0, "port": 0, "id": 0, "level": -5}`},
		{Args: `{"offset": 128, "gain": -32769, "channel": 2147483648, "mask": -1, "port": 65536, "id": 4294967296,
			"serial": -1, "size": 1.5, "level": 6, "scale": "1", "bytes": [1], "ports": [70000, -1]}`, Want: tool.Errors{
			{Code: "maximum", Path: "/offset", Name: "offset", Expected: "<= 127", Got: "integer", Actual: "128"},
			{Code: "minimum", Path: "/gain", Name: "gain", Expected: ">= -32768", Got: "integer", Actual: "-32769"},
			{Code: "maximum", Path: "/channel", Name: "channel", Expected: "<= 2147483647", Got: "integer", Actual: "2147483648"},
			{Code: "minimum", Path: "/mask", Name: "mask", Expected: ">= 0", Got: "integer", Actual: "-1"},
			{Code: "maximum", Path: "/port", Name: "port", Expected: "<= 65535", Got: "integer", Actual: "65536"},
			{Code: "maximum", Path: "/id", Name: "id", Expected: "<= 4294967295", Got: "integer", Actual: "4294967296"},
			{Code: "minimum", Path: "/serial", Name: "serial", Expected: ">= 0", Got: "integer", Actual: "-1"},
			{Code: "type", Path: "/size", Name: "size", Expected: "integer", Got: "number", Actual: "1.5"},
			{Code: "maximum", Path: "/level", Name: "level", Expected: "<= 5", Got: "integer", Actual: "6"},
			{Code: "type", Path: "/scale", Name: "scale", Expected: "number", Got: "string", Actual: "\"1\""},
			{Code: "type", Path: "/bytes", Name: "bytes", Expected: "string", Got: "array"},
			{Code: "maximum", Path: "/ports/0", Name: "ports[0]", Expected: "<= 65535", Got: "integer", Actual: "70000"},
			{Code: "minimum", Path: "/ports/1", Name: "ports[1]", Expected: ">= 0", Got: "integer", Actual: "-1"},
		}},
		{Args: `{"offset": 0, "serial": 18446744073709551616}`,
			KnownBug: "uint64 has no maximum: 2^64 is accepted and does not decode"},
		{Args: `{"offset": 0, "size": 1e30}`,
			KnownBug: "uint has no maximum: 1e30 is accepted and does not decode"},
		{Args: `{"offset": 0, "count": 9223372036854775808}`,
			KnownBug: "int64 has no bounds: 2^63 is accepted and does not decode"},
		{Args: `{"offset": 0, "scale": 1e39}`,
			KnownBug: "float32 has no bounds: 1e39 is accepted and does not decode"},
	})
}
