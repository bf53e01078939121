package gotypes

import (
	"encoding/json"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

const (
	prefixPattern   = `^((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])/(3[0-2]|[12]?[0-9])$|^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$`
	addrPortPattern = `^((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9]):(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}|0)$|^\[[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(%[^\]]+)?\]:(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}|0)$`
)

func TestSchedule(t *testing.T) {
	check.Tools(t, Tools, "schedule act")
	if !strings.Contains(string(ScheduleTool.Schema), `"description":"How long the task may run. A duration: a number and a unit (h, m, s, ms, us, ns), or several, such as \"90s\"`) {
		t.Errorf("a duration's description does not say its syntax: %s", ScheduleTool.Schema)
	}
	// A duration is a string in Go's syntax; encoding/json has the integer
	// of nanoseconds.
	const valid = `{"timeout": "1m30s", "backoff": ["1s", "2s"], "every": "1h", "priority": 3, "month": 12,
		"host": "2001:db8::1", "net": "192.0.2.0/24", "endpoint": "[::1]:8080", "color": "red"}`
	const validJSON = `{"timeout": 90000000000, "backoff": [1000000000, 2000000000], "every": 3600000000000, "priority": 3, "month": 12,
		"host": "2001:db8::1", "net": "192.0.2.0/24", "endpoint": "[::1]:8080", "color": "red"}`
	check.Run[ScheduleArgs](t, Tools, &ScheduleTool.Tool, []check.Call{
		{Args: valid, AsJSON: validJSON},
		{Args: `{"timeout": "0", "priority": 1, "host": "192.0.2.1", "endpoint": "192.0.2.1:443", "net": "2001:db8::/32"}`,
			AsJSON: `{"timeout": 0, "priority": 1, "host": "192.0.2.1", "endpoint": "192.0.2.1:443", "net": "2001:db8::/32"}`},
		{Args: `{"timeout": 1.5, "priority": 4, "floor": 3, "month": 13, "host": "192.0.2", "net": "10.0.0.0/33", "endpoint": "192.0.2.1:65536"}`, Want: tool.Errors{
			{Code: "type", Path: "/timeout", Name: "timeout", Expected: `a string, a duration such as "90s" or "1h30m"`, Got: "number", Actual: "1.5"},
			{Code: "enum", Path: "/priority", Name: "priority", Expected: "one of 1, 2, 3", Got: "integer", Actual: "4"},
			{Code: "enum", Path: "/floor", Name: "floor", Expected: "one of 1, 2", Got: "integer", Actual: "3"},
			{Code: "enum", Path: "/month", Name: "month", Expected: "one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12", Got: "integer", Actual: "13"},
			{Code: "anyOf", Path: "/host", Name: "host", Expected: "any of: an IPv4 address; an IPv6 address", Got: "string", Actual: `"192.0.2"`},
			{Code: "pattern", Path: "/net", Name: "net", Expected: "a string matching the pattern " + prefixPattern, Got: "string", Actual: `"10.0.0.0/33"`},
			{Code: "pattern", Path: "/endpoint", Name: "endpoint", Expected: "a string matching the pattern " + addrPortPattern, Got: "string", Actual: `"192.0.2.1:65536"`},
		}},
	})

	// DecodeT makes what encoding/json makes; the text types decode through
	// UnmarshalText as encoding/json has them do.
	for args, asJSON := range map[string]string{valid: validJSON,
		`{"timeout": "5ns", "priority": 2, "host": "::ffff:192.0.2.1", "net": "::/0"}`: `{"timeout": 5, "priority": 2, "host": "::ffff:192.0.2.1", "net": "::/0"}`} {
		var m map[string]any
		if err := json.Unmarshal([]byte(args), &m); err != nil {
			t.Fatal(err)
		}
		got, errs := DecodeScheduleArgs(m)
		if errs != nil {
			t.Fatalf("DecodeScheduleArgs(%s): %v", args, errs)
		}
		var want ScheduleArgs
		if err := json.Unmarshal([]byte(asJSON), &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("DecodeScheduleArgs(%s) = %+v, encoding/json makes %+v", args, got, want)
		}
	}
	var m map[string]any
	_ = json.Unmarshal([]byte(valid), &m)
	got, _ := DecodeScheduleArgs(m)
	if got.Timeout != 90*time.Second || got.Priority != PriorityHigh || got.Month != time.December ||
		got.Host != netip.MustParseAddr("2001:db8::1") || *got.Endpoint != netip.MustParseAddrPort("[::1]:8080") || got.Color != (Color{R: 255}) {
		t.Errorf("DecodeScheduleArgs = %+v", got)
	}

	// What the pattern lets through and the type refuses is an error of the
	// decode, with its path.
	for args, want := range map[string]string{
		`{"timeout": "1s", "priority": 1, "host": "::1", "color": "purple"}`:   "invalid:color",
		`{"timeout": "1s", "priority": 1, "host": "::1", "net": "1:::2/64"}`:   "invalid:net",
		`{"timeout": "1s", "priority": 1, "host": "::1", "endpoint": "[:]:1"}`: "invalid:endpoint",
	} {
		var m map[string]any
		_ = json.Unmarshal([]byte(args), &m)
		if errs := ScheduleTool.Validate(m); errs != nil {
			t.Errorf("Validate(%s) = %v", args, errs)
		}
		var v ScheduleArgs
		if json.Unmarshal([]byte(args), &v) == nil {
			t.Errorf("encoding/json accepts %s", args)
		}
		if _, errs := DecodeScheduleArgs(m); len(errs) != 1 || errs.Codes()[0] != want {
			t.Errorf("DecodeScheduleArgs(%s) = %v, want %s", args, errs, want)
		}
	}
}
