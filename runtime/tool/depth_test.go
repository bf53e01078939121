package tool

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTooDeep(t *testing.T) {
	e := TooDeep()
	assert.Equal(t, CodeDepth, e.Code)
	assert.Empty(t, e.Path, "relative to the value; the caller nests it")
	assert.Empty(t, e.Name)
	assert.Equal(t, "a value nested at most "+strconv.Itoa(MaxDepth)+" levels deep", e.Expected)
	assert.Positive(t, MaxDepth)

	var r Report
	root := Loc{}
	tree := root.Key("tree")
	r.Add(tree.Index(0), e)
	errs := r.Errors()
	assert.Equal(t, []string{"depth:tree[0]"}, errs.Codes())
	assert.Equal(t, `[{"code":"depth","path":"/tree/0","expected":"a value nested at most 128 levels deep"}]`, errs.JSON())
	assert.True(t, strings.HasPrefix(errs[0].Message(), "argument 'tree[0]' should be a value nested at most 128 levels deep"),
		errs[0].Message())
}

func TestErrorsJSON(t *testing.T) {
	assert.Equal(t, "[]", Errors(nil).JSON())
	assert.Equal(t, "[]", Errors{}.JSON())

	errs := Errors{
		{Code: CodeMissing, Path: "/city", Name: "city"},
		ValueError("maximum", "/days", "days", "<= 14", 15),
		ValueError(CodeEnum, "/q", "q", `one of "a&b", "<c>"`, "x>y"),
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
	odd := Errors{{Code: "pattern", Path: "/s", Expected: "匹配 \u2028", Actual: Show("tab\there\x00\xff")}}
	assert.True(t, json.Valid([]byte(odd.JSON())), odd.JSON())
}
