package tool

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCodes_SortedAscending(t *testing.T) {
	// The sample from the seed: {"days": true, "tz": "UTC"} against a
	// schema requiring city, in validation order (missing, unexpected, value).
	errs := Errors{
		{Code: CodeMissing, Path: "/city", Name: "city"},
		{Code: CodeUnexpected, Path: "/tz", Name: "tz"},
		{Code: CodeType, Path: "/days", Name: "days", Expected: "integer", Got: "boolean"},
	}
	assert.Equal(t, []string{"missing:city", "type:days", "unexpected:tz"}, errs.Codes())

	// Codes sorts a copy: the validation order of the receiver is kept.
	assert.Equal(t, CodeMissing, errs[0].Code)
	assert.Equal(t, CodeUnexpected, errs[1].Code)
	assert.Equal(t, CodeType, errs[2].Code)
}

func TestCodes_ReverseInputIsSorted(t *testing.T) {
	errs := Errors{
		{Code: CodeUnexpected, Name: "tz"},
		{Code: CodeType, Name: "days"},
		{Code: CodeMissing, Name: "city"},
	}
	assert.Equal(t, []string{"missing:city", "type:days", "unexpected:tz"}, errs.Codes())
}

func TestCodes_NestedNames(t *testing.T) {
	errs := Errors{
		{Code: CodeType, Path: "/tags/0", Name: "tags[0]"},
		{Code: "maximum", Path: "/coords/lat", Name: "coords.lat"},
		{Code: CodeMissing, Path: "/coords/lon", Name: "coords.lon"},
		{Code: CodeEnum, Path: "/units", Name: "units"},
		{Code: "minimum", Path: "/points/1/x", Name: "points[1].x"},
		{Code: CodeType, Path: "/tags/10", Name: "tags[10]"},
		{Code: CodeUnexpected, Path: "/coords/alt", Name: "coords.alt"},
	}
	assert.Equal(t, []string{
		"enum:units",
		"maximum:coords.lat",
		"minimum:points[1].x",
		"missing:coords.lon",
		"type:tags[0]",
		"type:tags[10]", // byte order, not numeric order
		"unexpected:coords.alt",
	}, errs.Codes())
}

func TestCodes_DuplicatesKept(t *testing.T) {
	errs := Errors{
		{Code: CodeType, Name: "a"},
		{Code: CodeType, Name: "a"},
	}
	assert.Equal(t, []string{"type:a", "type:a"}, errs.Codes())
}

func TestCodes_UnknownTool(t *testing.T) {
	errs := Tools{}.Validate("get_time", map[string]any{"tz": "UTC"})
	assert.Equal(t, []string{"unknown_tool:get_time"}, errs.Codes())
}

func TestCodes_Empty(t *testing.T) {
	assert.Nil(t, Errors(nil).Codes())
	assert.Nil(t, Errors{}.Codes())
	assert.Nil(t, Errors(nil).Messages())
	assert.Nil(t, Errors{}.Messages())
	assert.Equal(t, "", Errors(nil).Error())
	assert.Equal(t, "", Errors{}.Error())
}

func TestMessage_EveryCode(t *testing.T) {
	tests := []struct {
		name string
		err  Error
		want string
	}{
		{
			name: "missing",
			err:  Error{Code: CodeMissing, Path: "/city", Name: "city"},
			want: "missing required argument 'city'",
		},
		{
			name: "missing nested",
			err:  Error{Code: CodeMissing, Path: "/coords/lon", Name: "coords.lon"},
			want: "missing required argument 'coords.lon'",
		},
		{
			name: "unexpected",
			err:  Error{Code: CodeUnexpected, Path: "/country", Name: "country", Got: "string"},
			want: "unexpected argument 'country'",
		},
		{
			name: "type",
			err:  Error{Code: CodeType, Path: "/a", Name: "a", Expected: "number", Got: "string"},
			want: "argument 'a' should be number, got string",
		},
		{
			// A type error names the received type, never the value.
			name: "type with actual",
			err:  Error{Code: CodeType, Path: "/a", Name: "a", Expected: "number", Got: "string", Actual: `"2"`},
			want: `argument 'a' should be number, got string "2"`,
		},
		{
			// The type and the value are cut as one member: the bound holds.
			name: "type with a long actual",
			err:  Error{Code: CodeType, Path: "/a", Name: "a", Expected: "integer", Got: "number", Actual: "1" + strings.Repeat("0", 300) + ".5"},
			want: "argument 'a' should be integer, got number 1" + strings.Repeat("0", 118) + "…" + strings.Repeat("0", 125) + ".5",
		},
		{
			name: "type null",
			err:  Error{Code: CodeType, Path: "/tags/0", Name: "tags[0]", Expected: "string", Got: "null"},
			want: "argument 'tags[0]' should be string, got null",
		},
		{
			name: "unknown tool",
			err:  Error{Code: CodeUnknownTool, Name: "get_time", Expected: "a declared tool"},
			want: "unknown tool 'get_time'",
		},
		{
			name: "maximum with actual",
			err:  Error{Code: "maximum", Path: "/coords/lat", Name: "coords.lat", Expected: "<= 90", Got: "number", Actual: "91.5"},
			want: "argument 'coords.lat' should be <= 90, got 91.5",
		},
		{
			name: "enum with actual",
			err:  Error{Code: CodeEnum, Path: "/units", Name: "units", Expected: `one of "c", "f"`, Got: "string", Actual: `"k"`},
			want: `argument 'units' should be one of "c", "f", got "k"`,
		},
		{
			// Without Actual a value error falls back to the type name.
			name: "value keyword without actual",
			err:  Error{Code: "minItems", Path: "/tags", Name: "tags", Expected: "at least 1 item", Got: "array"},
			want: "argument 'tags' should be at least 1 item, got array",
		},
		{
			name: "depth",
			err:  Error{Code: CodeDepth, Path: "/tree", Name: "tree", Expected: "at most 32 levels", Got: "object", Actual: "an object of 1 members"},
			want: "argument 'tree' should be at most 32 levels",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.err.Message())
			assert.Equal(t, tt.want, tt.err.Error(), "Error.Error is Message")
			assert.Equal(t, []string{tt.want}, Errors{tt.err}.Messages())
			assert.Equal(t, tt.want, Errors{tt.err}.Error())
		})
	}
}

func TestMessages_ValidationOrderAndJoin(t *testing.T) {
	errs := Errors{
		{Code: CodeMissing, Path: "/city", Name: "city"},
		{Code: CodeUnexpected, Path: "/country", Name: "country"},
		{Code: CodeType, Path: "/a", Name: "a", Expected: "number", Got: "string"},
	}
	want := []string{
		"missing required argument 'city'",
		"unexpected argument 'country'",
		"argument 'a' should be number, got string",
	}
	assert.Equal(t, want, errs.Messages(), "Messages keeps validation order, it does not sort")
	assert.Equal(t,
		"missing required argument 'city'; unexpected argument 'country'; argument 'a' should be number, got string",
		errs.Error())
}

func TestErrors_AreGoErrors(t *testing.T) {
	errs := Errors{{Code: CodeMissing, Path: "/city", Name: "city"}}
	var err error = errs
	assert.EqualError(t, err, "missing required argument 'city'")

	var target Errors
	require.True(t, errors.As(err, &target))
	assert.Equal(t, errs, target)

	var single error = Error{Code: CodeUnexpected, Name: "tz"}
	assert.EqualError(t, single, "unexpected argument 'tz'")
}

func TestMarshalJSON_ExactText(t *testing.T) {
	tests := []struct {
		name string
		errs Errors
		want string
	}{
		{name: "nil", errs: nil, want: `[]`},
		{name: "empty", errs: Errors{}, want: `[]`},
		{
			name: "missing omits expected, got and actual",
			errs: Errors{{Code: CodeMissing, Path: "/city", Name: "city"}},
			want: `[{"code":"missing","path":"/city"}]`,
		},
		{
			name: "type has expected and got",
			errs: Errors{{Code: CodeType, Path: "/days", Name: "days", Expected: "integer", Got: "boolean"}},
			want: `[{"code":"type","path":"/days","expected":"integer","got":"boolean"}]`,
		},
		{
			name: "all members",
			errs: Errors{{Code: "maximum", Path: "/coords/lat", Name: "coords.lat", Expected: "at most 90", Got: "number", Actual: "91.5"}},
			want: `[{"code":"maximum","path":"/coords/lat","expected":"at most 90","got":"number","actual":"91.5"}]`,
		},
		{
			name: "actual without got",
			errs: Errors{{Code: CodeEnum, Path: "/u", Actual: `"k"`}},
			want: `[{"code":"enum","path":"/u","actual":"\"k\""}]`,
		},
		{
			// Path is always present, even when empty (the root, or an
			// unknown tool); the name is never rendered.
			name: "unknown tool keeps empty path",
			errs: Errors{{Code: CodeUnknownTool, Name: "get_time", Expected: "a declared tool"}},
			want: `[{"code":"unknown_tool","path":"","expected":"a declared tool"}]`,
		},
		{
			name: "order kept",
			errs: Errors{
				{Code: CodeUnexpected, Path: "/tz", Name: "tz"},
				{Code: CodeMissing, Path: "/city", Name: "city"},
			},
			want: `[{"code":"unexpected","path":"/tz"},{"code":"missing","path":"/city"}]`,
		},
		{
			name: "escaped pointer",
			errs: Errors{{Code: CodeUnexpected, Path: "/a~1b", Name: "a/b"}},
			want: `[{"code":"unexpected","path":"/a~1b"}]`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := tt.errs.MarshalJSON()
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(b))

			// Through encoding/json, as a value and inside a struct.
			b, err = json.Marshal(tt.errs)
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(b))

			b, err = json.Marshal(struct {
				Errors Errors `json:"errors"`
			}{tt.errs})
			require.NoError(t, err)
			assert.Equal(t, `{"errors":`+tt.want+`}`, string(b))
		})
	}
}

func TestMarshalJSON_RoundTrip(t *testing.T) {
	errs := Errors{
		valueError("maximum", "/days", "days", "<= 14", 15),
		valueError(string(CodeEnum), "/units", "units", `one of "c", "f"`, "k & <b>"),
		typeError("/tags/0", "tags[0]", "string", nil),
	}
	b, err := json.Marshal(errs)
	require.NoError(t, err)
	assert.True(t, json.Valid(b))

	var got []map[string]string
	require.NoError(t, json.Unmarshal(b, &got))
	assert.Equal(t, []map[string]string{
		{"code": "maximum", "path": "/days", "expected": "<= 14", "got": "integer", "actual": "15"},
		{"code": "enum", "path": "/units", "expected": `one of "c", "f"`, "got": "string", "actual": `"k & <b>"`},
		{"code": "type", "path": "/tags/0", "expected": "string", "got": "null"},
	}, got)
}

func TestMarshalJSON_NilPointer(t *testing.T) {
	// A nil *Errors is JSON null (encoding/json does not call the method),
	// while a nil Errors is [].
	var p *Errors
	b, err := json.Marshal(p)
	require.NoError(t, err)
	assert.Equal(t, "null", string(b))

	var e Errors
	b, err = json.Marshal(&e)
	require.NoError(t, err)
	assert.Equal(t, "[]", string(b))
}
