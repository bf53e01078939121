package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	invopop "github.com/invopop/jsonschema"
	"github.com/stretchr/testify/require"
)

// encodeNoHTML is encoding/json with SetEscapeHTML(false), and the
// deceptive runes escaped, the reference
// MarshalJSON must match for values whose JSON encoding/json writes itself.
func encodeNoHTML(t *testing.T, v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(v))
	out := bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	// And the bidi controls, DEL, the C1 controls and the byte order mark
	// escaped, as encoding/json escapes U+2028.
	var esc []byte
	for _, r := range string(out) {
		if r == 0x7f || r >= 0x80 && r <= 0x9f || r == 0x61c || r == 0x200e || r == 0x200f ||
			r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0xfeff {
			esc = fmt.Appendf(esc, `\u%04x`, r)
		} else {
			esc = utf8.AppendRune(esc, r)
		}
	}
	return esc
}

// TestMarshalJSONWritesNoHTMLEscapes: MarshalJSON writes what encoding/json
// writes with SetEscapeHTML(false), byte for byte, for strings of the
// characters HTML escapes, backslashes and escape-like text ("\u003c" as
// six characters), control characters, U+2028, U+2029 and invalid UTF-8:
// those stay escaped; the bidi controls (U+202E) are escaped too. And the JSON of an invopop jsonschema.Schema, a Marshaler whose
// inner escapes SetEscapeHTML(false) does not reach, holds no HTML escape
// and the same value.
func TestMarshalJSONWritesNoHTMLEscapes(t *testing.T) {
	pieces := []string{"<", ">", "&", ">=", `\`, `\u003c`, `\\u003e`, "\\u0026", "u003c", "\"", "\n", "\t", "\x00", "\x1f",
		"\x7f", "\u0085", "\u2028", "\u2029", "\xff", "é", "日本", "a", " ", "\u003c", "\u202e", "\u2066", "\u200f", "\u061c", "\ufeff"}
	r := rand.New(rand.NewPCG(20, 3))
	for range 2000 {
		var s strings.Builder
		for range r.IntN(8) {
			s.WriteString(pieces[r.IntN(len(pieces))])
		}
		for _, v := range []any{s.String(), []any{s.String(), true, nil}, map[string]any{s.String(): s.String()}} {
			got, err := MarshalJSON(v)
			require.NoError(t, err)
			require.Equal(t, string(encodeNoHTML(t, v)), string(got), "%q", s.String())
		}
		o := NewObject().With(s.String(), []any{s.String(), json.Number("1e23")})
		require.Equal(t, `{`+string(encodeNoHTML(t, s.String()))+`:[`+string(encodeNoHTML(t, s.String()))+`,1e23]}`, CompactJSON(o))

		schema := &invopop.Schema{Type: "string", Description: s.String(), Enum: []any{s.String(), ">="}, Pattern: "^[<>&]" + s.String()}
		got, err := MarshalJSON(schema)
		require.NoError(t, err)
		escaped, err := json.Marshal(schema)
		require.NoError(t, err)
		var a, b any
		require.NoError(t, json.Unmarshal(got, &a))
		require.NoError(t, json.Unmarshal(escaped, &b))
		require.Equal(t, b, a)
		// Escaped backslashes aside, no \u003c, \u003e or \u0026 is left.
		unescaped := bytes.ReplaceAll(got, []byte(`\\`), nil)
		for _, e := range []string{`\u003c`, `\u003e`, `\u0026`} {
			require.False(t, bytes.Contains(unescaped, []byte(e)), "%s", got)
		}
	}
}
