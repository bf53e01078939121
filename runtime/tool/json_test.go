package tool

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
)

// The JSON renderings are written by hand; encoding/json, without HTML
// escaping, is their reference.

func stdMarshal(t testing.TB, v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(v))
	return string(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// referenceFeedbackJSON is FeedbackJSON through encoding/json.
func referenceFeedbackJSON(t testing.TB, r Result) string {
	type jsonError struct {
		Code     string `json:"code"`
		Path     string `json:"path"`
		Expected string `json:"expected,omitempty"`
		Got      string `json:"got,omitempty"`
		Actual   string `json:"actual,omitempty"`
		Reason   string `json:"reason,omitempty"`
	}
	var errs []jsonError
	for _, e := range r.Errors {
		d := e.display()
		errs = append(errs, jsonError{string(d.Code), d.Path, d.Expected, d.Got, d.Actual, d.Reason})
	}
	f := struct {
		Status      string          `json:"status"`
		Tool        string          `json:"tool"`
		Output      json.RawMessage `json:"output,omitempty"`
		Errors      []jsonError     `json:"errors,omitempty"`
		Instruction string          `json:"instruction,omitempty"`
	}{Status: field(string(r.Status)), Tool: field(r.Tool), Errors: errs}
	if r.Status == StatusExecuted {
		out, err := outputJSON(r.Output)
		require.NoError(t, err)
		f.Output = out
	} else {
		f.Instruction = r.Instruction()
	}
	return stdMarshal(t, f)
}

func TestJSONRenderings(t *testing.T) {
	for _, s := range append(hostileStrings(), `q"b\`, "\x00\x01\b\f\n\r\t\x1f\x7f", "<&>", "é東京😀") {
		assert.Equal(t, stdMarshal(t, s), string(appendJSONString(nil, s)), "%q", jsonvalue.Clip(s, 100))
		errs := errorsWith(s)
		for _, r := range []Result{
			{Tool: s, Status: StatusRejected, Errors: errs, stage: stageArguments},
			{Tool: "t", Status: StatusFailed, Errors: errs[:1]},
			{Tool: "t", Status: Status(s), Errors: errs[:1], stage: stageTool},
			{Tool: "t", Status: StatusExecuted, Output: s},
			{Tool: "t", Status: StatusExecuted, Output: map[string]any{"k": s, "n": 1}},
			{Tool: "t", Status: StatusExecuted, Output: json.RawMessage(`{"a": [1, 2]}`)},
			{Tool: "t", Status: StatusNeedsConfirmation, Approval: "tok"},
		} {
			require.Equal(t, referenceFeedbackJSON(t, r), r.FeedbackJSON())
		}
		ref := stdMarshal(t, func() []any {
			var out []any
			for _, e := range errs {
				d := e.display()
				m := map[string]string{"code": string(d.Code), "path": d.Path}
				for k, v := range map[string]string{"expected": d.Expected, "got": d.Got, "actual": d.Actual, "reason": d.Reason} {
					if v != "" {
						m[k] = v
					}
				}
				out = append(out, m)
			}
			return out
		}())
		var want, got any
		require.NoError(t, json.Unmarshal([]byte(ref), &want))
		require.NoError(t, json.Unmarshal([]byte(errs.JSON()), &got))
		require.Equal(t, want, got)
	}
	assert.Equal(t, "[]", Errors(nil).JSON())
}

func FuzzJSONString(f *testing.F) {
	for _, s := range []string{"", "a\"b", "\xff\u2028\x00", "<>&", "\u2029é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		require.Equal(t, stdMarshal(t, s), string(appendJSONString(nil, s)))
		require.Equal(t, string(appendJSONString(nil, field(s))), string(appendFieldJSON(nil, s)))
	})
}

// TestPlainPrefix checks the word-at-a-time scan against plainField, for
// each byte at each place of strings of up to 20 bytes.
func TestPlainPrefix(t *testing.T) {
	want := func(s string) int {
		i := 0
		for i < len(s) && plainField[s[i]] {
			i++
		}
		return i
	}
	for n := 0; n <= 20; n++ {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				b := bytes.Repeat([]byte("a"), n)
				b[at] = byte(c)
				require.Equal(t, want(string(b)), plainPrefix(string(b)), "%q", b)
				if at+1 < n {
					b[n-1] = '\\' // a later byte that is not plain either
					require.Equal(t, want(string(b)), plainPrefix(string(b)), "%q", b)
				}
			}
		}
	}
}
