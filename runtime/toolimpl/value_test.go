package toolimpl

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestTypeError(t *testing.T) {
	e := TypeError("/days", "days", "integer", true)
	assert.Equal(t, tool.Error{Code: tool.CodeType, Path: "/days", Name: "days", Expected: "integer", Got: "boolean"}, e)
	assert.Equal(t, "argument 'days' should be integer, got boolean", e.Message())

	assert.Equal(t, "number", TypeError("/d", "d", "integer", 2.5).Got)
	assert.Equal(t, "null", TypeError("/d", "d", "integer", nil).Got)
	assert.Equal(t, "string", TypeError("/d", "d", "integer", "3").Got)
	assert.Equal(t, "array", TypeError("/d", "d", "object", []any{}).Got)
	assert.Equal(t, "object", TypeError("/d", "d", "array", map[string]any{}).Got)
	assert.Empty(t, TypeError("/d", "d", "integer", "3").Actual, "a type error does not echo the value")
}

func TestValueError(t *testing.T) {
	e := ValueError("maximum", "/coords/lat", "coords.lat", "<= 90", 91.5)
	assert.Equal(t, tool.Error{Code: "maximum", Path: "/coords/lat", Name: "coords.lat", Expected: "<= 90", Got: "number", Actual: "91.5"}, e)
	assert.Equal(t, "argument 'coords.lat' should be <= 90, got 91.5", e.Message())

	e = ValueError(tool.CodeEnum, "/units", "units", `one of "c", "f"`, "k")
	assert.Equal(t, "string", e.Got)
	assert.Equal(t, `"k"`, e.Actual)
	assert.Equal(t, `argument 'units' should be one of "c", "f", got "k"`, e.Message())

	e = ValueError("maxLength", "/q", "q", "at most 64 characters", strings.Repeat("x", 100))
	assert.Equal(t, `"`+strings.Repeat("x", 64)+`"… (100 characters)`, e.Actual)

	e = ValueError("minItems", "/tags", "tags", "at least 2 items", []any{"a"})
	assert.Equal(t, "array", e.Got)
	assert.Equal(t, "argument 'tags' should be at least 2 items, got an array of 1 item", e.Message())

	e = ValueError("minimum", "/days", "days", ">= 1", 0)
	assert.Equal(t, "integer", e.Got)
	assert.Equal(t, "0", e.Actual)
}

// A json.Number that does not parse to a finite float64 is named
// `invalid number "<its whole text>"` and shown in full, so a huge literal
// (UseNumber keeps 1e400 or a million digits as json.Number) is echoed back
// twice, unshortened, in Got and Actual. Show also echoes other invalid
// json.Numbers verbatim, down to the empty one.
func TestInvalidJSONNumberEchoedInFull(t *testing.T) {
	dec := json.NewDecoder(strings.NewReader(`{"n": 1` + strings.Repeat("0", 100_000) + `}`))
	dec.UseNumber()
	var args map[string]any
	require.NoError(t, dec.Decode(&args))
	n := args["n"]
	e := ValueError("maximum", "/n", "n", "<= 10", n)
	assert.Less(t, len(e.Got), 200, "Got")
	assert.Less(t, len(e.Actual), 200, "Actual")
	assert.Less(t, len(TypeError("/n", "n", "integer", n).Got), 200)

	// The empty json.Number is shown as nothing at all, so Message falls
	// back to Got.
	assert.NotEmpty(t, Show(json.Number("")))
}

// TooDeep sets neither Got nor Actual, so its Message ends in a dangling
// "got ": "argument 'tree' should be a value nested at most 128 levels
// deep, got ".
func TestTooDeepMessageEndsInGot(t *testing.T) {
	var r Report
	root := Loc{}
	r.Add(root.Key("tree"), TooDeep())
	msg := r.Errors()[0].Message()
	assert.False(t, strings.HasSuffix(msg, "got "), "%q", msg)
	assert.False(t, strings.HasSuffix(msg, " "), "%q", msg)
}

// Compile-time: generated code references the version constant.
var _ = SupportPackageIsVersion3

func TestSupportPackageIsVersion3(t *testing.T) {
	assert.True(t, SupportPackageIsVersion3)
}

func TestTooDeep(t *testing.T) {
	e := TooDeep()
	assert.Equal(t, tool.CodeDepth, e.Code)
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
