package tool

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgen-go/toolgen/internal/value"
)

func TestConstants(t *testing.T) {
	// The codes are a wire contract: logs, dashboards and the model read them.
	for want, c := range map[Code]Code{
		"missing": CodeMissing, "unexpected": CodeUnexpected, "type": CodeType, "enum": CodeEnum,
		"unknown_tool": CodeUnknownTool, "depth": CodeDepth, "invalid": CodeInvalid, "too_many_errors": CodeTooManyErrors,
		"bad_json": CodeBadJSON, "bad_number": CodeBadNumber, "bad_shape": CodeBadShape,
		"too_large": CodeTooLarge, "incomplete": CodeIncomplete, "overloaded": CodeOverloaded,
		"request_conflict": CodeRequestConflict, "policy": CodePolicy, "unavailable": CodeUnavailable,
		"declined": CodeDeclined, "approval_used": CodeApprovalUsed, "approval_expired": CodeApprovalExpired,
		"approval_invalid": CodeApprovalInvalid, "timeout": CodeTimeout, "canceled": CodeCanceled,
		"tool_error": CodeToolError, "bad_result": CodeBadResult, "panic": CodePanic,
		"stopped": CodeStopped, "too_many_calls": CodeTooManyCalls,
		"max_steps": CodeMaxSteps, "max_duration": CodeMaxDuration, "repeated_failure": CodeRepeatedFailure,
	} {
		assert.Equal(t, want, c)
	}
	assert.Equal(t, Risk("read"), RiskRead)
	assert.Equal(t, Risk("act"), RiskAct)
	assert.Equal(t, Risk("dangerous"), RiskDangerous)
}

// weather is a hand-written stand-in for a generated validator of
// {"city": string (required), "days": integer}.
func weatherValidate(args map[string]any) Errors {
	var errs Errors
	if _, ok := args["city"]; !ok {
		errs = append(errs, Error{Code: CodeMissing, Path: "/city", Name: "city"})
	}
	var unexpected Errors
	for k := range args {
		if k != "city" && k != "days" {
			unexpected = append(unexpected, Error{Code: CodeUnexpected, Path: "/" + pointerKey(k), Name: k})
		}
	}
	slices.SortFunc(unexpected, func(a, b Error) int { return strings.Compare(a.Path, b.Path) })
	errs = append(errs, unexpected...)
	if v, ok := args["city"]; ok {
		if _, ok := v.(string); !ok {
			errs = append(errs, typeError("/city", "city", "string", v))
		}
	}
	if v, ok := args["days"]; ok {
		if f, ok := value.Number(v); !ok || !value.IsInteger(v) {
			errs = append(errs, typeError("/days", "days", "integer", v))
		} else if f > 14 {
			errs = append(errs, valueError("maximum", "/days", "days", "<= 14", v))
		}
	}
	return errs
}

func newTools(calls *int) Tools {
	return Tools{
		{
			Name:        "get_weather",
			Description: "Get the weather.",
			Risk:        RiskRead,
			Schema:      json.RawMessage(`{"type":"object"}`),
			Validate: func(args map[string]any) Errors {
				*calls++
				return weatherValidate(args)
			},
		},
		{
			Name: "delete_file",
			Risk: RiskDangerous,
			Validate: func(map[string]any) Errors {
				*calls++
				return nil
			},
		},
	}
}

func TestLookup(t *testing.T) {
	var calls int
	ts := newTools(&calls)

	got, ok := ts.Lookup("get_weather")
	require.True(t, ok)
	assert.Same(t, ts[0], got)

	got, ok = ts.Lookup("delete_file")
	require.True(t, ok)
	assert.Same(t, ts[1], got)

	for _, name := range []string{"", "Get_Weather", "get_weather ", "get", "unknown"} {
		got, ok = ts.Lookup(name)
		assert.False(t, ok, name)
		assert.Nil(t, got, name)
	}

	got, ok = Tools(nil).Lookup("get_weather")
	assert.False(t, ok)
	assert.Nil(t, got)

	// Duplicate names: declaration order, the first wins.
	first, second := &Tool{Name: "x"}, &Tool{Name: "x"}
	got, ok = Tools{first, second}.Lookup("x")
	require.True(t, ok)
	assert.Same(t, first, got)
	assert.Zero(t, calls)
}

func TestValidate_KnownTool(t *testing.T) {
	var calls int
	ts := newTools(&calls)

	assert.Nil(t, ts.Validate("get_weather", map[string]any{"city": "Paris"}))
	assert.Equal(t, 1, calls)

	errs := ts.Validate("get_weather", map[string]any{"days": true, "tz": "UTC"})
	assert.Equal(t, 2, calls)
	assert.Equal(t, []string{"missing:city", "type:days", "unexpected:tz"}, errs.Codes())
	assert.Equal(t, []string{
		"missing required argument 'city'",
		"unexpected argument 'tz'",
		"argument 'days' should be integer, got boolean",
	}, errs.Messages())

	errs = ts.Validate("get_weather", map[string]any{"city": "Lima", "country": "PE"})
	assert.Equal(t, []string{"unexpected argument 'country'"}, errs.Messages())

	errs = ts.Validate("get_weather", map[string]any{"city": "Lima", "days": 15.0})
	assert.Equal(t, []string{"argument 'days' should be <= 14, got 15"}, errs.Messages())

	assert.Nil(t, ts.Validate("delete_file", nil))
	assert.Equal(t, 5, calls)
}

func TestValidate_ArgsPassedThrough(t *testing.T) {
	args := map[string]any{"a": 1.0}
	var seen map[string]any
	ts := Tools{{Name: "t", Validate: func(m map[string]any) Errors { seen = m; return nil }}}
	assert.Nil(t, ts.Validate("t", args))
	seen["b"] = 2.0
	assert.Equal(t, 2.0, args["b"], "the same map reaches the validator")
}

func TestValidate_UnknownToolShortCircuits(t *testing.T) {
	var calls int
	ts := newTools(&calls)

	for _, args := range []map[string]any{
		nil,
		{},
		{"city": "Paris"},
		{"days": true, "tz": "UTC", "x": []any{make(chan int)}},
	} {
		errs := ts.Validate("get_time", args)
		require.Len(t, errs, 1, "exactly one error, whatever the arguments")
		assert.Equal(t, Error{Code: CodeUnknownTool, Name: "get_time", Expected: "a declared tool", Actual: `"get_time"`}, errs[0])
		assert.Equal(t, []string{"unknown_tool:get_time"}, errs.Codes())
		assert.Equal(t, []string{"unknown tool 'get_time'"}, errs.Messages())
		assert.Equal(t, "unknown tool 'get_time'", errs.Error())
		assert.Equal(t, `[{"code":"unknown_tool","path":"","expected":"a declared tool","actual":"\"get_time\""}]`, errs.JSON())
	}
	assert.Zero(t, calls, "no validator runs for an unknown tool")

	errs := Tools(nil).Validate("", nil)
	assert.Equal(t, []string{"unknown_tool"}, errs.Codes(), "no name, no colon")
	assert.Equal(t, []string{"unknown tool ''"}, errs.Messages())

	// A near miss in case is still unknown.
	errs = ts.Validate("GET_WEATHER", map[string]any{"city": "Paris"})
	assert.Equal(t, []string{"unknown_tool:GET_WEATHER"}, errs.Codes())
	assert.Zero(t, calls)
}
