package toolimpl

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/internal/value"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// at is the location of the member reached by keys from the arguments.
func at(keys ...string) Loc {
	l := Loc{}
	for _, k := range keys {
		parent := l
		l = parent.Key(k)
	}
	return l
}

// typeError and valueError are the errors Report.Type and Report.Value
// report for the value v at keys.
func typeError(expected string, v any, keys ...string) tool.Error {
	var r Report
	r.Type(at(keys...), expected, v)
	return r.Errors()[0]
}

func valueError(code tool.Code, expected string, v any, keys ...string) tool.Error {
	var r Report
	r.Value(code, at(keys...), expected, v)
	return r.Errors()[0]
}

func TestTypeError(t *testing.T) {
	e := typeError("integer", true, "days")
	assert.Equal(t, tool.Error{Code: tool.CodeType, Path: "/days", Name: "days", Expected: "integer", Got: "boolean", Actual: "true"}, e)
	assert.Equal(t, "argument 'days' should be integer, got boolean true", e.Message())

	assert.Equal(t, "number", typeError("integer", 2.5, "d").Got)
	assert.Equal(t, "null", typeError("integer", nil, "d").Got)
	assert.Equal(t, "string", typeError("integer", "3", "d").Got)
	assert.Equal(t, "array", typeError("object", []any{}, "d").Got)
	assert.Equal(t, "object", typeError("array", map[string]any{}, "d").Got)

	// A scalar is echoed, shortened; null, an array or an object by its type alone.
	assert.Equal(t, "argument 'd' should be integer, got number 19.99", typeError("integer", json.Number("19.99"), "d").Message())
	assert.Equal(t, `argument 'd' should be integer, got string "3"`, typeError("integer", "3", "d").Message())
	assert.Equal(t, "argument 'd' should be integer, got null", typeError("integer", nil, "d").Message())
	assert.Equal(t, "argument 'd' should be object, got array", typeError("object", []any{1}, "d").Message())
	long := typeError("integer", strings.Repeat("x", 10000)+"\n", "d")
	assert.Equal(t, `argument 'd' should be integer, got string "`+strings.Repeat("x", 64)+`"… (10001 characters)`, long.Message())
}

func TestValueError(t *testing.T) {
	e := valueError("maximum", "<= 90", 91.5, "coords", "lat")
	assert.Equal(t, tool.Error{Code: "maximum", Path: "/coords/lat", Name: "coords.lat", Expected: "<= 90", Got: "number", Actual: "91.5"}, e)
	assert.Equal(t, "argument 'coords.lat' should be <= 90, got 91.5", e.Message())

	e = valueError(tool.CodeEnum, `one of "c", "f"`, "k", "units")
	assert.Equal(t, "string", e.Got)
	assert.Equal(t, `"k"`, e.Actual)
	assert.Equal(t, `argument 'units' should be one of "c", "f", got "k"`, e.Message())

	e = valueError("maxLength", "at most 64 characters", strings.Repeat("x", 100), "q")
	assert.Equal(t, `"`+strings.Repeat("x", 64)+`"… (100 characters)`, e.Actual)

	e = valueError("minItems", "at least 2 items", []any{"a"}, "tags")
	assert.Equal(t, "array", e.Got)
	assert.Equal(t, "argument 'tags' should be at least 2 items, got an array of 1 item", e.Message())

	e = valueError("minimum", ">= 1", 0, "days")
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
	e := valueError("maximum", "<= 10", n, "n")
	assert.Less(t, len(e.Got), 200, "Got")
	assert.Less(t, len(e.Actual), 200, "Actual")
	assert.Less(t, len(typeError("integer", n, "n").Got), 200)

	// The empty json.Number is shown as nothing at all, so Message falls
	// back to Got.
	assert.NotEmpty(t, value.Show(json.Number("")))
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
var _ = SupportPackageIsVersion5

func TestSupportPackageIsVersion5(t *testing.T) {
	assert.True(t, SupportPackageIsVersion5)
}

func TestTooDeep(t *testing.T) {
	e := TooDeep()
	assert.Equal(t, tool.CodeDepth, e.Code)
	assert.Empty(t, e.Path, "relative to the value; the caller nests it")
	assert.Empty(t, e.Name)
	assert.Equal(t, "a value nested at most "+strconv.Itoa(value.MaxDepth)+" levels deep", e.Expected)
	assert.Positive(t, value.MaxDepth)

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
