package tool

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgen-go/toolgen/internal/value"
)

func TestErrorsJSON(t *testing.T) {
	assert.Equal(t, "[]", Errors(nil).JSON())
	assert.Equal(t, "[]", Errors{}.JSON())

	errs := Errors{
		{Code: CodeMissing, Path: "/city", Name: "city"},
		valueError("maximum", "/days", "days", "<= 14", 15),
		valueError(string(CodeEnum), "/q", "q", `one of "a&b", "<c>"`, "x>y"),
	}
	want := `[{"code":"missing","path":"/city"},` +
		`{"code":"maximum","path":"/days","expected":"<= 14","got":"integer","actual":"15"},` +
		`{"code":"enum","path":"/q","expected":"one of \"a&b\", \"<c>\"","got":"string","actual":"\"x>y\""}]`
	assert.Equal(t, want, errs.JSON(), "no HTML escaping, no trailing newline")

	b, err := errs.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, want, string(b), "MarshalJSON is JSON")

	// json.Marshal re-escapes what a Marshaler returns, as documented; the
	// decoded values are the same.
	b, err = json.Marshal(errs)
	require.NoError(t, err)
	assert.Contains(t, string(b), `\u003c= 14`)
	var a, c []map[string]string
	require.NoError(t, json.Unmarshal(b, &a))
	require.NoError(t, json.Unmarshal([]byte(errs.JSON()), &c))
	assert.Equal(t, c, a)

	// Non-ASCII and control characters stay valid JSON.
	odd := Errors{{Code: "pattern", Path: "/s", Expected: "匹配 \u2028", Actual: value.Show("tab\there\x00\xff")}}
	assert.True(t, json.Valid([]byte(odd.JSON())), odd.JSON())
}
