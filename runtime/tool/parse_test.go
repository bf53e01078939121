package tool

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decodeStd decodes as encoding/json does with UseNumber, the reference for
// every document ParseArgs accepts.
func decodeStd(data []byte) (any, error) {
	if !json.Valid(data) {
		return nil, assert.AnError
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

func TestParseArgsValid(t *testing.T) {
	for _, doc := range []string{
		`{}`, ` { } `, "\t{\n}\r\n",
		`{"a":1,"b":-0.5e-3,"c":"x","d":true,"e":false,"f":null,"g":[],"h":{},"i":[1,[2,[3]],{"j":null}]}`,
		`{"s":"\"\\\/\b\f\n\r\t\u0041\u00e9\ud83d\ude00 東京 😀"}`,
		`{"big":123456789012345678901234567890,"tiny":1e-400,"neg":-0,"exp":1E+2}`,
		`{"":1,"a/b":2,"~":3}`,
	} {
		got, errs := ParseArgs([]byte(doc))
		require.Empty(t, errs, doc)
		want, err := decodeStd([]byte(doc))
		require.NoError(t, err, doc)
		assert.Equal(t, want, any(got), doc)
	}
	// Numbers are kept as written: integers of any size reach DecodeT exactly.
	got, _ := ParseArgs([]byte(`{"n": 9007199254740993}`))
	assert.Equal(t, json.Number("9007199254740993"), got["n"])
}

func TestParseArgsEmpty(t *testing.T) {
	for _, doc := range []string{"", " ", "\n\t\r "} {
		got, errs := ParseArgs([]byte(doc))
		require.Empty(t, errs)
		assert.Equal(t, map[string]any{}, got)
	}
}

func TestParseArgsErrors(t *testing.T) {
	cases := []struct {
		doc, code, path, reason string
	}{
		{`{"x": 1`, string(CodeBadJSON), "", "the arguments are not valid JSON: unexpected end of input, expecting ',' or '}' after a member (byte 7)"},
		{`{"x": `, string(CodeBadJSON), "/x", "the arguments are not valid JSON: unexpected end of input, expecting a value at /x (byte 6)"},
		{`{"x": [1, 2`, string(CodeBadJSON), "/x", "the arguments are not valid JSON: unexpected end of input, expecting ',' or ']' after an array item at /x (byte 11)"},
		{`{"x": "abc`, string(CodeBadJSON), "/x", "the arguments are not valid JSON: unexpected end of input, expecting the end of the string at /x (byte 10)"},
		{`{"x": 1,}`, string(CodeBadJSON), "", "the arguments are not valid JSON: invalid character '}', expecting a member name in double quotes (byte 8)"},
		{`{"x": 1} {}`, string(CodeBadJSON), "", "the arguments are not valid JSON: unexpected data after the end of the value (byte 9)"},
		{`{'x': 1}`, string(CodeBadJSON), "", "the arguments are not valid JSON: invalid character '\\'', expecting a member name in double quotes (byte 1)"},
		{`{"x": 01}`, string(CodeBadJSON), "", "the arguments are not valid JSON: invalid character '1', expecting ',' or '}' after a member (byte 7)"},
		{`{"x": .5}`, string(CodeBadJSON), "/x", "the arguments are not valid JSON: invalid character '.', expecting a value at /x (byte 6)"},
		{`{"x": 1.}`, string(CodeBadJSON), "/x", "the arguments are not valid JSON: invalid character '}', expecting a digit after the decimal point at /x (byte 8)"},
		{`{"x": tru}`, string(CodeBadJSON), "/x", "the arguments are not valid JSON: invalid character '}', expecting the literal true at /x (byte 9)"},
		{`{"x": NaN}`, string(CodeBadJSON), "/x", "the arguments are not valid JSON: invalid character 'N', expecting a value at /x (byte 6)"},
		{`{"x": "a` + "\n" + `"}`, string(CodeBadJSON), "/x", "the arguments are not valid JSON: a control character must be escaped in a string at /x (byte 8)"},
		{`{"x": "\q"}`, string(CodeBadJSON), "/x", `the arguments are not valid JSON: invalid escape sequence \q at /x (byte 8)`},
		{`{"x": "\u12G4"}`, string(CodeBadJSON), "/x", "the arguments are not valid JSON: invalid character 'G', expecting a hexadecimal digit at /x (byte 11)"},
		{"{\"x\": \"a\xffb\"}", string(CodeBadJSON), "/x", "the arguments are not valid JSON: a string holds invalid UTF-8 at /x (byte 8)"},
		{"{\"a\xc0\": 1}", string(CodeBadJSON), "", "the arguments are not valid JSON: a string holds invalid UTF-8 (byte 3)"},
		{`{"x": "\ud800"}`, string(CodeBadJSON), "/x", "the arguments are not valid JSON: a string holds a lone UTF-16 surrogate escape at /x (byte 13)"},
		{`{"x": "\udc00\ud800"}`, string(CodeBadJSON), "/x", "the arguments are not valid JSON: a string holds a lone UTF-16 surrogate escape at /x (byte 13)"},
		{`{"x": 1, "x": 2}`, string(CodeBadJSON), "/x", `the arguments are not valid JSON: the member "x" appears twice in the same object at /x (byte 9)`},
		{`{"a": {"b/c": 1, "b/c": 2}}`, string(CodeBadJSON), "/a/b~1c", `the arguments are not valid JSON: the member "b/c" appears twice in the same object at /a/b~1c (byte 17)`},
		{`{"x": "\u0061", "a": 1, "\u0078": 2}`, string(CodeBadJSON), "/x", `the arguments are not valid JSON: the member "x" appears twice in the same object at /x (byte 24)`},
		{`{"x": 1e400}`, string(CodeBadNumber), "/x", "the arguments are not valid JSON: the number 1e400 is out of range: a number must lie within ±1.7976931348623157e308 at /x"},
		{`{"x": [-1.5e309]}`, string(CodeBadNumber), "/x/0", "the arguments are not valid JSON: the number -1.5e309 is out of range: a number must lie within ±1.7976931348623157e308 at /x/0"},
		{`[1, 2]`, string(CodeBadShape), "", "the arguments should be a JSON object, got array"},
		{`null`, string(CodeBadShape), "", "the arguments should be a JSON object, got null"},
		{`"{}"`, string(CodeBadShape), "", "the arguments should be a JSON object, got string"},
		{`3`, string(CodeBadShape), "", "the arguments should be a JSON object, got integer"},
	}
	for _, c := range cases {
		got, errs := ParseArgs([]byte(c.doc))
		assert.Nil(t, got, c.doc)
		require.Len(t, errs, 1, c.doc)
		assert.Equal(t, c.code, string(errs[0].Code), c.doc)
		assert.Equal(t, c.path, errs[0].Path, c.doc)
		assert.Equal(t, c.reason, errs[0].Message(), c.doc)
	}
}

func TestParseArgsNesting(t *testing.T) {
	ok := strings.Repeat("[", maxNesting-1) + strings.Repeat("]", maxNesting-1)
	_, errs := ParseArgs([]byte(`{"a":` + ok + `}`))
	assert.Empty(t, errs)
	for _, depth := range []int{maxNesting, 100_000} {
		deep := `{"a":` + strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}`
		_, errs = ParseArgs([]byte(deep))
		require.Len(t, errs, 1)
		assert.Equal(t, CodeBadJSON, errs[0].Code)
		assert.Contains(t, errs[0].Reason, "nested deeper than 512 levels")
	}
	// Unterminated, as a truncated hostile input would be.
	_, errs = ParseArgs([]byte(`{"a":` + strings.Repeat(`{"a":`, 100_000)))
	require.Len(t, errs, 1)
	assert.Equal(t, CodeBadJSON, errs[0].Code)
}

func TestParseArgsLongInputs(t *testing.T) {
	long := strings.Repeat("é", 5_000_000) // 10 MB
	args, errs := ParseArgs([]byte(`{"s": "` + long + `"}`))
	require.Empty(t, errs)
	assert.Equal(t, long, args["s"])

	digits := strings.Repeat("9", 1_000_000)
	_, errs = ParseArgs([]byte(`{"n": ` + digits + `}`))
	require.Len(t, errs, 1)
	assert.Equal(t, CodeBadNumber, errs[0].Code)
	assert.Less(t, len(errs[0].Reason), 300, "the number is shortened in the reason")
}

// FuzzParseArgs compares ParseArgs with encoding/json: whatever it accepts,
// encoding/json accepts with the same value; whatever it refuses,
// encoding/json refuses too, except for the inputs ParseArgs is stricter on
// by design (duplicate members, invalid UTF-8, lone surrogates, numbers out
// of range, nesting), which it must then refuse for that reason.
func FuzzParseArgs(f *testing.F) {
	for _, seed := range []string{`{}`, `{"a":[1,{"b":null}],"c":"\u00e9"}`, `{"a":1,"a":2}`, "{\"a\":\"\xff\"}", `{"a":"\ud800"}`,
		`{"a":1e400}`, `{"a":-0.0e-0}`, `[]`, ``, `{"a":"\ud83d\ude00"}`, `{"a" :  true , "b":false}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, errs := ParseArgs(data)
		want, err := decodeStd(data)
		if len(bytes.TrimLeft(data, " \t\r\n")) == 0 {
			require.Empty(t, errs)
			return
		}
		if errs == nil {
			require.NoError(t, err, "%q", data)
			require.Equal(t, want, any(got), "%q", data)
			return
		}
		require.Len(t, errs, 1)
		if err == nil {
			if _, perr := parseJSON(data); perr != nil {
				require.True(t, perr.Strict, "ParseArgs refused what encoding/json accepts: %q: %s", data, errs[0].Reason)
				return
			}
			_, isObject := want.(map[string]any)
			require.False(t, isObject, "%q", data)
			require.Equal(t, CodeBadShape, errs[0].Code, "%q", data)
			return
		}
		if utf8.Valid(data) {
			// Both refuse: the reason must be a sentence.
			require.NotEmpty(t, errs[0].Reason)
		}
	})
}
