package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// TestStreamPromptness: for each class of error a stream reports before
// its end, the Write that completes the offending token (a member name, a
// value's first byte, a string, a number, a string's character past its
// maxLength, the character no enum value continues with, the first byte of
// an item past maxItems) fails, and no Write before it: the prefix is
// written one byte at a time. The error names the code and argument that
// DecodeGetWeatherArgsJSON reports for the whole call, with the same
// expected text, and Close returns what it returns.
func TestStreamPromptness(t *testing.T) {
	long := strings.Repeat("a", 100) // city has at most 100 characters
	tags := `{"city":"Paris","tags":["a","b","c","d","e","f","g","h","i","j",`
	for _, c := range []struct {
		class       string
		prefix, hit string // hit completes the offending token
		rest        string // what the model would have written after it
		code, name  string
	}{
		{"syntax", `{"city":"Paris",`, `]`, `}`, string(tool.CodeBadJSON), ""},
		{"syntax in a number", `{"days":1`, `x`, `}`, string(tool.CodeBadJSON), ""},
		// What a stream waits through without its decoder (the ':' after a
		// name, the ',' after a member) is judged when a second one comes.
		{"syntax, a second ':'", `{"city" : `, `:`, `"Paris"}`, string(tool.CodeBadJSON), ""},
		{"syntax, no ':'", `{"city" `, `"`, `Paris"}`, string(tool.CodeBadJSON), ""},
		{"syntax, a second ','", `{"city":"Paris" , `, `,`, `"days":3}`, string(tool.CodeBadJSON), ""},
		{"syntax, '}' after ','", `{"city":"Paris", `, `}`, ``, string(tool.CodeBadJSON), ""},
		{"control character in a string", `{"city":"Par`, "\n", `is"}`, string(tool.CodeBadJSON), ""},
		{"duplicate member", `{"city":"Paris","cit`, `y"`, `:"Lyon"}`, string(tool.CodeBadJSON), ""},
		{"not an object", ``, `[`, `1,2]`, string(tool.CodeBadShape), ""},
		{"undeclared member", `{"countr`, `y"`, `:"France","city":"Paris"}`, string(tool.CodeUnexpected), "country"},
		{"undeclared nested member", `{"city":"Paris","coords":{"lat":1,"al`, `t"`, `:3,"lon":2}}`, string(tool.CodeUnexpected), "coords.alt"},
		{"forbidden type, first byte", `{"city":`, `{`, `"name":"Paris"}}`, string(tool.CodeType), "city"},
		{"forbidden type, a string", `{"city":"Paris","days":`, `"`, `3"}`, string(tool.CodeType), "days"},
		{"forbidden type, a number once read", `{"city":1`, `2,`, `"days":3}`, string(tool.CodeType), "city"},
		{"forbidden type, a boolean", `{"city":"Paris","tags":`, `t`, `rue}`, string(tool.CodeType), "tags"},
		{"integer with a fraction", `{"city":"Paris","days":1.5`, `,`, `"units":"c"}`, string(tool.CodeType), "days"},
		{"maxLength, character 101", `{"city":"` + long, `a`, `a"}`, "maxLength", "city"},
		{"maxLength, counted in characters", `{"city":"` + strings.Repeat("é", 100), `a`, `"}`, "maxLength", "city"},
		{"maxLength, an escape", `{"city":"` + long + `\u00e`, `9`, `"}`, "maxLength", "city"},
		{"maxLength, a surrogate pair", `{"city":"` + long + `\ud83d\ude0`, `0`, `"}`, "maxLength", "city"},
		{"maxLength, a character's first byte", `{"city":"` + long, "\xc3", "\xa9\"}", "maxLength", "city"},
		{"maxLength in one write", `{"city":"`, long + `a`, `"}`, "maxLength", "city"},
		{"minLength", `{"city":`, `""`, `}`, "minLength", "city"},
		{"enum, the first character", `{"city":"Paris","units":"`, `k`, `"}`, string(tool.CodeEnum), "units"},
		{"enum, past a value", `{"city":"Paris","units":"c`, `c`, `"}`, string(tool.CodeEnum), "units"},
		{"enum, an escape", `{"city":"Paris","units":"\u006`, `b`, `"}`, string(tool.CodeEnum), "units"},
		{"enum, the empty string", `{"city":"Paris","units":"`, `"`, `}`, string(tool.CodeEnum), "units"},
		{"pattern", `{"city":"Paris","tags":["OK`, `"`, `]}`, "pattern", "tags[0]"},
		{"maximum", `{"city":"Paris","days":15`, `}`, ``, "maximum", "days"},
		{"minimum", `{"city":"Paris","coords":{"lat":-91`, `,`, `"lon":0}}`, "minimum", "coords.lat"},
		{"maxItems, item 11's first byte", tags, `"`, `k"]}`, "maxItems", "tags"},
		{"maxItems, after white space", tags + " \n", `"`, `k"]}`, "maxItems", "tags"},
		{"missing member, at its object's end", `{"city":"Paris","coords":{"lat":1`, `}`, `}`, string(tool.CodeMissing), "coords.lon"},
		// What a stream waits through without its decoder (a literal's
		// letters but its last, a number's '.', 'e' and sign, a character
		// written in several bytes) is
		// judged at the first byte that does not continue it.
		{"syntax in a literal", `{"city":"Paris","include_hourly":tr`, `x`, `ue}`, string(tool.CodeBadJSON), ""},
		{"syntax in a literal, its second letter", `{"city":"Paris","include_hourly":f`, `l`, `alse}`, string(tool.CodeBadJSON), ""},
		{"syntax in a literal, its last letter", `{"city":"Paris","include_hourly":tru`, `u`, `e}`, string(tool.CodeBadJSON), ""},
		{"syntax after a literal", `{"city":"Paris","include_hourly":true`, `e`, `}`, string(tool.CodeBadJSON), ""},
		{"syntax in a literal, a NUL for its last letter", `{"city":"Paris","include_hourly":tru`, "\x00", `e}`, string(tool.CodeBadJSON), ""},
		{"syntax in a literal, a NUL for a letter", `{"city":"Paris","include_hourly":fa`, "\x00", `lse}`, string(tool.CodeBadJSON), ""},
		{"syntax in null", `{"city":"Paris","coords":nul`, `1`, `}`, string(tool.CodeBadJSON), ""},
		{"syntax after a decimal point", `{"city":"Paris","coords":{"lat":1.`, `x`, `5,"lon":2}}`, string(tool.CodeBadJSON), ""},
		{"a second decimal point", `{"city":"Paris","coords":{"lat":1.5`, `.`, `5,"lon":2}}`, string(tool.CodeBadJSON), ""},
		{"an exponent right after a decimal point", `{"city":"Paris","coords":{"lat":1.`, `e`, `5,"lon":2}}`, string(tool.CodeBadJSON), ""},
		{"a decimal point in an exponent", `{"city":"Paris","coords":{"lat":1e5`, `.`, `5,"lon":2}}`, string(tool.CodeBadJSON), ""},
		{"syntax after an exponent's e", `{"city":"Paris","coords":{"lat":1.5E`, `x`, `5,"lon":2}}`, string(tool.CodeBadJSON), ""},
		{"a second sign in an exponent", `{"city":"Paris","coords":{"lat":1e+`, `-`, `5,"lon":2}}`, string(tool.CodeBadJSON), ""},
		{"a second e in a number", `{"city":"Paris","coords":{"lat":1e`, `e`, `5,"lon":2}}`, string(tool.CodeBadJSON), ""},
		{"a sign after an exponent's digit", `{"city":"Paris","coords":{"lat":1e-5`, `-`, `,"lon":2}}`, string(tool.CodeBadJSON), ""},
		{"maximum, a number with a fraction and an exponent", `{"city":"Paris","days":1.5e1`, `}`, ``, "maximum", "days"},
		{"invalid UTF-8, a continuation byte alone", `{"city":"Pär`, "\x80", `is"}`, string(tool.CodeBadJSON), ""},
		{"invalid UTF-8, a character cut short", "{\"city\":\"Par\xc3", `i`, `s"}`, string(tool.CodeBadJSON), ""},
		{"invalid UTF-8, a 4-byte character cut short", "{\"city\":\"Par\xf0\x9f\x98", `"`, `}`, string(tool.CodeBadJSON), ""},
		{"invalid UTF-8, an overlong encoding", "{\"city\":\"Par\xe0", "\x80", "\x80\"}", string(tool.CodeBadJSON), ""},
		{"invalid UTF-8, a surrogate", "{\"city\":\"Par\xed", "\xa0", "\x80\"}", string(tool.CodeBadJSON), ""},
		{"invalid UTF-8, past U+10FFFF", "{\"city\":\"Par\xf4", "\x90", "\x80\x80\"}", string(tool.CodeBadJSON), ""},
		{"invalid UTF-8, a byte no character begins with", `{"city":"Par`, "\xc0", "\x80\"}", string(tool.CodeBadJSON), ""},
		{"invalid UTF-8 in a string without bounds", "{\"city\":\"Paris\",\"tags\":[\"été\xe2\x82", `z`, `"]}`, string(tool.CodeBadJSON), ""},
		{"pattern, after characters of several bytes", `{"city":"Paris","tags":["été`, `"`, `]}`, "pattern", "tags[0]"},
		{"syntax, a second ',' after an item", `{"city":"Paris","tags":["a" , `, `,`, `"b"]}`, string(tool.CodeBadJSON), ""},
		{"syntax, ']' after an item's ','", `{"city":"Paris","tags":["a", `, `]`, `}`, string(tool.CodeBadJSON), ""},
		{"forbidden type, an item's first byte after ','", `{"city":"Paris","tags":["a",`, `{`, `}]}`, string(tool.CodeType), "tags[1]"},
	} {
		t.Run(c.class, func(t *testing.T) {
			st := GetWeatherTool.Stream()
			for i := range len(c.prefix) {
				_, err := st.Write([]byte(c.prefix[i : i+1]))
				require.NoError(t, err, "after %q", c.prefix[:i+1])
			}
			n, err := st.Write([]byte(c.hit))
			require.Equal(t, len(c.hit), n)
			require.Error(t, err, "after %q", c.prefix+c.hit)
			var errs tool.Errors
			require.ErrorAs(t, err, &errs)
			early := errs[len(errs)-1] // after the errors found before it, if any
			assert.Equal(t, c.code, string(early.Code), "%v", errs)
			assert.Equal(t, c.name, early.Name, "%v", errs)

			_, again := st.Write([]byte(c.rest))
			assert.Equal(t, err, again, "the same error on a later write")
			v, final := st.Close()
			want, wantErrs := DecodeGetWeatherArgsJSON([]byte(c.prefix + c.hit + c.rest))
			assert.Equal(t, wantErrs, final)
			assert.Equal(t, want, v)
			require.NotEmpty(t, final)
			if c.code != string(tool.CodeBadJSON) {
				// The error the whole call has, in the same words.
				i := slices.IndexFunc(final, func(e tool.Error) bool { return e.Code == early.Code && e.Path == early.Path })
				require.GreaterOrEqual(t, i, 0, "%v in %v", early, final)
				assert.Equal(t, final[i].Expected, early.Expected)
				assert.Equal(t, final[i].Name, early.Name)
			}
		})
	}
}

// TestStreamNotEarly: what a later byte can still satisfy is not reported
// before the value it is about ends: a required member before its
// object's end, a number before its last digit, a string before its
// closing quote.
func TestStreamNotEarly(t *testing.T) {
	for _, c := range []struct{ prefix, end string }{
		{`{"days":3,"units":"c"`, `}`},                                                 // city is required
		{`{"city":"Paris","coords":{"lon":2`, `}}`},                                    // lat is required
		{`{"city":"Paris","days":1`, `5}`},                                             // 1 is within bounds, 15 is not
		{`{"city":"Par`, `is"}`},                                                       // shorter than a string past maxLength
		{`{"city":"Paris","units":"`, `c"}`},                                           // a prefix of an enum value
		{`{"city":"` + strings.Repeat("a", 99) + `\u00e`, `9"}`},                       // 100 characters
		{`{"city":"Paris","tags":["a","b","c","d","e","f","g","h","i","j"`, `, "k"]}`}, // 10 items
		{`{"city":"Paris","tags":["a","b","c","d","e","f","g","h","i","j",`, `]}`},     // a syntax error, not an 11th item
	} {
		st := GetWeatherTool.Stream()
		for i := range len(c.prefix) {
			_, err := st.Write([]byte(c.prefix[i : i+1]))
			require.NoError(t, err, "after %q", c.prefix[:i+1])
		}
		st.Write([]byte(c.end))
		_, errs := st.Close()
		_, want := DecodeGetWeatherArgsJSON([]byte(c.prefix + c.end))
		assert.Equal(t, want, errs)
	}
}

// TestStreamEmpty: a stream of no bytes, or only white space, is a call
// without arguments, as DecodeGetWeatherArgsJSON reads it.
func TestStreamEmpty(t *testing.T) {
	for _, raw := range []string{"", " \n\t "} {
		st := GetWeatherTool.Stream()
		_, err := st.Write([]byte(raw))
		require.NoError(t, err)
		_, errs := st.Close()
		_, want := DecodeGetWeatherArgsJSON([]byte(raw))
		require.Equal(t, want, errs)
		require.Equal(t, tool.CodeMissing, errs[0].Code)
	}
	st := GetWeatherTool.Stream()
	_, errs := st.Close()
	require.Equal(t, tool.CodeMissing, errs[0].Code)
	_, err := st.Write([]byte("{}"))
	require.Error(t, err, "a write after Close")
}

// TestStreamValid: a valid call read a byte at a time decodes as it does
// whole, and its strings stay what they were as the buffer grows.
func TestStreamValid(t *testing.T) {
	raw := `{"city": "Par\u00eds \"Nord\"", "days": 3, "units": "c", "include_hourly": true,` +
		` "coords": {"lat": 48.8566, "lon": 2.3522}, "tags": ["trip", "weekend_2"]}`
	st := GetWeatherTool.Stream()
	for i := range len(raw) {
		_, err := st.Write([]byte{raw[i]})
		require.NoError(t, err)
	}
	got, errs := st.Close()
	require.Nil(t, errs)
	want, _ := DecodeGetWeatherArgsJSON([]byte(raw))
	require.Equal(t, want, got)
	require.Equal(t, `París "Nord"`, got.City)
	require.Equal(t, []string{"trip", "weekend_2"}, got.Tags)
}
