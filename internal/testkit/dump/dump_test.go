package dump

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/decode"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// TestRenderIsStable: the same tools render the same text, with a section
// per tool, its calls and a Set; a tool added that the list lacks is an
// error.
func TestRenderIsStable(t *testing.T) {
	r := New("./internal/fixtures/decode")
	Tool(r, &decode.ScalarsTool, decode.DecodeScalarsArgsJSON)
	first, err := r.Render(decode.Tools)
	require.NoError(t, err)
	again, err := r.Render(decode.Tools)
	require.NoError(t, err)
	assert.Equal(t, first, again)
	for _, want := range []string{"\n== tool scalars\n", "\n-- calls of scalars: DecodeTJSON", "\n== a Set of scalars\n",
		"\n-- calls of empty (its Go type is not exported", "\nhostile call, every member null: "} {
		assert.Contains(t, first, want)
	}
	_, err = r.Render(tool.Tools{&decode.ShapesTool.Tool})
	assert.ErrorContains(t, err, "scalars was added, but is not in the tool list")
}

// TestRawTextIsOneToOne: different calls are written differently, each on
// one line, the plain ones as they are.
func TestRawTextIsOneToOne(t *testing.T) {
	calls := []string{"", "empty", `""`, "{}", " {}", "{} ", "{\t}", "{⇥}", "{\n}", "{␊}", "{·}", "quoted: {}", "spaced: {}",
		"cut: {}", "{\"a\":\"\xff\"}", "{\"a\":\"\u2028\"}", "\ufeff{}", strings.Repeat("a", maxRaw+1), strings.Repeat("a", maxRaw+2)}
	seen := map[string]string{}
	for _, c := range calls {
		got := rawText([]byte(c))
		assert.NotContains(t, got, "\n", "%q", c)
		if prev, ok := seen[got]; ok {
			t.Errorf("%q and %q are both written %q", prev, c, got)
		}
		seen[got] = c
	}
	assert.Equal(t, `{"a":1}`, rawText([]byte(`{"a":1}`)))
	assert.Equal(t, "spaced: {⇥\"a\"␊:1·", rawText([]byte("{\t\"a\"\n:1 ")))
}

// TestDiff: the message of a difference names the first line and byte
// that differ and shows the lines on each side.
func TestDiff(t *testing.T) {
	want := "head\nsame\ncall 1: {}\n  one-pass: valid\nend\n"
	got := "head\nsame\ncall 1: {}\n  one-pass: invalid\nend\n"
	d := Diff(want, got)
	for _, s := range []string{"lines 4-4 of the file are lines 4-4 now", "line 4 differs at byte 13",
		"  call 1: {}\n- ", "-   one-pass: valid\n", "+   one-pass: invalid\n", "  end\n"} {
		assert.Contains(t, d, s)
	}
	assert.Contains(t, Diff("a\n", "a\nb\n"), "+ b\n")
}
