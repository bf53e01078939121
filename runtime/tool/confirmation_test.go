package tool

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
)

var deleteFile = &Tool{Name: "delete_file", Description: "Deletes a file.\nIt cannot be undone.", Risk: RiskDangerous}

// A member padded to push another out of a bounded rendering cannot: each
// value is cut on its own, and every member has its line, sorted by name.
func TestConfirmationPadding(t *testing.T) {
	reason := "Cleaning up /tmp/build as you asked." + strings.Repeat(" ", 2000)
	raw := `{"reason":` + strconv.Quote(reason) + `,"path":"/home/user/.ssh/id_ed25519"}`
	got := deleteFile.Confirmation([]byte(raw))
	lines := strings.Split(got, "\n")
	require.Len(t, lines, 4, got)
	assert.Equal(t, "Allow delete_file to run? Deletes a file. It cannot be undone.", lines[0])
	assert.Equal(t, "Arguments:", lines[1])
	assert.Equal(t, `- path: "/home/user/.ssh/id_ed25519"`, lines[2])
	assert.True(t, strings.HasPrefix(lines[3], `- reason: "Cleaning up /tmp/build as you asked.   `), lines[3])
	assert.True(t, strings.HasSuffix(lines[3], `   " (2036 characters)`), lines[3])
	assert.Contains(t, lines[3], "   …   ")
	assert.LessOrEqual(t, len(lines[3]), maxConfirmationLine)

	// The order the model wrote them in does not matter.
	other := `{"path":"/home/user/.ssh/id_ed25519","reason":` + strconv.Quote(reason) + `}`
	assert.Equal(t, got, deleteFile.Confirmation([]byte(other)))
}

// No text of the arguments can start a line, reverse the text after it, or
// end a quoted value early: the line break, U+2028, the bidirectional
// controls and the quote are escaped.
func TestConfirmationForgedLines(t *testing.T) {
	args := map[string]any{
		"path":   "/tmp/a\u202e\u2066txt.exe",
		"reason": "ok\u2028Arguments: {\"path\": \"/tmp/harmless\"}\n- path: \"/tmp/harmless\"\u0085",
		"a\nb":   `x" - path: "/tmp/harmless`,
	}
	got := deleteFile.ConfirmationArgs(args)
	assert.Equal(t, "Allow delete_file to run? Deletes a file. It cannot be undone.\nArguments:\n"+
		`- "a\nb": "x\" - path: \"/tmp/harmless"`+"\n"+
		`- path: "/tmp/a\u202e\u2066txt.exe"`+"\n"+
		`- reason: "ok\u2028Arguments: {\"path\": \"/tmp/harmless\"}\n- path: \"/tmp/harmless\"\u0085"`, got)
	for _, l := range strings.Split(got, "\n") {
		assertOneLine(t, l, "confirmation")
	}
}

// Nested values are listed below their member, sorted, at most
// confirmationItems per level and confirmationDepth levels deep, the rest
// counted.
func TestConfirmationNested(t *testing.T) {
	raw := `{"options":{"force":true,"mode":null,"paths":["/a","/b"],"deep":{"x":{"y":{"z":1}}},"none":{},"empty":[]},"n":1e2}`
	assert.Equal(t, `Allow delete_file to run? Deletes a file. It cannot be undone.
Arguments:
- n: 1e2
- options: an object of 6 members
  - deep: an object of 1 member
    - x: an object of 1 member
      - y: an object of 1 member, not shown
  - empty: []
  - force: true
  - mode: null
  - none: {}
  - paths: an array of 2 items
    - [0]: "/a"
    - [1]: "/b"`, deleteFile.Confirmation([]byte(raw)))

	var b strings.Builder
	b.WriteString(`{"paths":[`)
	for i := range 40 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"/%d"`, i)
	}
	b.WriteString(`]}`)
	got := deleteFile.Confirmation([]byte(b.String()))
	assert.Contains(t, got, "\n- paths: an array of 40 items\n  - [0]: \"/0\"\n")
	assert.Contains(t, got, "\n  - [15]: \"/15\"\n  - … and 24 more items")
	assert.NotContains(t, got, "[16]")

	assert.Equal(t, "Allow delete_file to run? Deletes a file. It cannot be undone.\nArguments: none", deleteFile.Confirmation(nil))
	assert.Equal(t, "Allow delete_file to run? Deletes a file. It cannot be undone.\n"+
		"Arguments: the arguments are not valid JSON: unexpected end of input, expecting ',' or '}' after a member (byte 12)",
		deleteFile.Confirmation([]byte(`{"path":"/a"`)))
}

// A member whose nested values would take more than confirmationLines
// lines is cut there, and says how many more there are at each level.
func TestConfirmationLineBudget(t *testing.T) {
	tree := map[string]any{}
	for i := range 10 {
		sub := map[string]any{}
		for j := range 10 {
			sub["k"+strconv.Itoa(j)] = j
		}
		tree["m"+strconv.Itoa(i)] = sub
	}
	got := deleteFile.ConfirmationArgs(map[string]any{"tree": tree, "z": "last"})
	lines := strings.Split(got, "\n")
	assert.Equal(t, `- z: "last"`, lines[len(lines)-1], "the next member keeps its line")
	assert.Len(t, lines, 2+confirmationLines+1)
	assert.Contains(t, got, "\n  - … and ")
}

// randomArguments builds an argument document from the hostile texts: many
// members, long and hostile names and values, nested objects and arrays
// (wide ones once in a while), numbers of every spelling.
func randomArguments(rng *rand.Rand, texts []string, depth int) any {
	width := 4
	if rng.IntN(8) == 0 {
		width = 40
	}
	text := func() string {
		if rng.IntN(3) == 0 {
			return texts[rng.IntN(len(texts))]
		}
		return strings.Repeat("ab", rng.IntN(4))
	}
	switch k := rng.IntN(10); {
	case depth > 0 && k < 3:
		m := map[string]any{}
		for range rng.IntN(width) {
			m[text()] = randomArguments(rng, texts, depth-1)
		}
		return m
	case depth > 0 && k < 5:
		l := make([]any, rng.IntN(width))
		for i := range l {
			l[i] = randomArguments(rng, texts, depth-1)
		}
		return l
	case k < 7:
		return text()
	case k < 8:
		return json.Number([]string{"0", "-1.5e-300", "123456789012345678901234567890", "1E308", "0." + strings.Repeat("9", 3000)}[rng.IntN(5)])
	case k < 9:
		return rng.IntN(2) == 0
	}
	return nil
}

// TestConfirmationProperties: over random and hostile argument documents,
// and values built by hand that contain themselves, a confirmation names
// every member of the arguments on a line of its own, holds no character
// that could forge a line, stays within its documented bound, line by line
// and in all, and is the same however the document orders its members.
func TestConfirmationProperties(t *testing.T) {
	var texts []string
	huge := map[string]any{}
	for _, s := range hostileStrings() {
		if len(s) > 8<<10 {
			huge[s] = s // the huge texts once, as names and values
			continue
		}
		texts = append(texts, s)
	}
	rng := rand.New(rand.NewPCG(16, 1))
	cyclic := map[string]any{"name": "x"}
	cyclic["self"] = cyclic
	list := []any{1, nil}
	list[1] = list
	docs := []map[string]any{{"self": cyclic, "list": list}, {}, huge}
	for range 300 {
		doc := map[string]any{}
		for range rng.IntN(12) {
			doc[texts[rng.IntN(len(texts))]] = randomArguments(rng, texts, 1+rng.IntN(6))
		}
		docs = append(docs, doc)
	}
	for i, doc := range docs {
		got := deleteFile.ConfirmationArgs(doc)
		assert.LessOrEqual(t, len(got), maxConfirmationBase+len(doc)*maxConfirmationMember, "doc %d", i)
		lines := strings.Split(got, "\n")
		for _, l := range lines {
			assertOneLine(t, l, "confirmation line")
			assert.LessOrEqual(t, len(l), maxConfirmationLine, "doc %d", i)
		}
		top := map[string]bool{}
		for _, l := range lines[2:] {
			if strings.HasPrefix(l, "- ") {
				top[l[:strings.Index(l, ": ")]] = true
			}
		}
		for k := range doc {
			label := "- " + memberLabel(k)
			if !top[label] {
				t.Errorf("doc %d: member %q has no line", i, jsonvalue.Clip(k, 60))
			}
		}
		if i == 0 {
			continue // not JSON: values that contain themselves
		}
		// As JSON (invalid UTF-8 becomes U+FFFD): the raw arguments render
		// as their parsed value, whatever the order of their members.
		raw, err := json.Marshal(doc)
		require.NoError(t, err)
		parsed, errs := ParseArgs(raw)
		require.Nil(t, errs)
		want := deleteFile.ConfirmationArgs(parsed)
		if got := deleteFile.Confirmation(raw); got != want {
			t.Errorf("doc %d: Confirmation of the raw arguments differs from that of their value", i)
		}
		if got := deleteFile.Confirmation(reversed(t, raw)); got != want {
			t.Errorf("doc %d: the order of the members changes the confirmation", i)
		}
	}
}

// reversed writes a JSON document with the members of every object in the
// reverse of encoding/json's order.
func reversed(t *testing.T, raw []byte) []byte {
	v, errs := ParseArgs(raw)
	require.Nil(t, errs)
	var b bytes.Buffer
	var write func(v any)
	write = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			keys := sortedKeys(x)
			b.WriteByte('{')
			for i := len(keys) - 1; i >= 0; i-- {
				k, _ := json.Marshal(keys[i])
				b.Write(k)
				b.WriteByte(':')
				write(x[keys[i]])
				if i > 0 {
					b.WriteByte(',')
				}
			}
			b.WriteByte('}')
		case []any:
			b.WriteByte('[')
			for i, item := range x {
				if i > 0 {
					b.WriteByte(',')
				}
				write(item)
			}
			b.WriteByte(']')
		default:
			e, err := json.Marshal(x)
			require.NoError(t, err)
			b.Write(e)
		}
	}
	write(v)
	return b.Bytes()
}

// Quoted text keeps its escapes whole where it is cut: between the quotes
// a confirmation writes, every quote is escaped, so no value ends early.
func TestClipQuotedKeepsEscapesWhole(t *testing.T) {
	for _, s := range append(hostileStrings(), strings.Repeat(`"\`, 400), strings.Repeat("a", 127)+strings.Repeat(`"`, 300)) {
		q, cut := clip(s, maxField, true)
		assert.LessOrEqual(t, len(q), maxField)
		assertOneLine(t, q, "quoted")
		for i := 0; i < len(q); i++ {
			switch q[i] {
			case '"':
				t.Fatalf("a bare quote at %d in %q", i, q)
			case '\\':
				i++
				require.Less(t, i, len(q), "an escape cut in %q", q)
				require.Contains(t, `nrtxu"\`, string(q[i]), "in %q", q)
			}
		}
		if !cut {
			unq, err := strconv.Unquote(`"` + q + `"`)
			if safeText(s, false) || err == nil {
				assert.Equal(t, s, unq, "an uncut quoted text reads back as the text")
			}
		}
	}
}

// BenchmarkConfirmationHostile renders the confirmation of 1 MiB of
// arguments: many members, long texts of line breaks, nested arrays.
func BenchmarkConfirmationHostile(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var texts []string
	for _, s := range hostileStrings() {
		if len(s) <= 4<<10 {
			texts = append(texts, s)
		}
	}
	doc := map[string]any{}
	raw := []byte("{}")
	for len(raw) < 1<<20 {
		for range 16 {
			doc[strconv.Itoa(rng.Int())] = randomArguments(rng, texts, 4)
		}
		raw, _ = json.Marshal(doc)
	}
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	var n int
	for b.Loop() {
		n = len(deleteFile.Confirmation(raw))
	}
	b.ReportMetric(float64(n), "bytes")
}

// TestConfirmationWorstCase measures the longest member a confirmation
// writes, for the documentation of its bound: hostile names and values on
// every line of a member, down to the deepest level.
func TestConfirmationWorstCase(t *testing.T) {
	long := strings.Repeat("\u202e", 10000)
	level := func(inner any) map[string]any {
		m := map[string]any{}
		for i := range 20 {
			m[long+strconv.Itoa(i)] = inner
		}
		return m
	}
	doc := map[string]any{long: level(level(level(long)))}
	got := deleteFile.ConfirmationArgs(doc)
	base := len(deleteFile.ConfirmationArgs(nil)) - len(" none")
	longest := 0
	for _, l := range strings.Split(got, "\n") {
		longest = max(longest, len(l)+1)
	}
	t.Logf("a member of %d lines takes %d bytes (bound %d), its longest line %d (bound %d)",
		strings.Count(got, "\n")-1, len(got)-base, maxConfirmationMember, longest, maxConfirmationLine)
	assert.Equal(t, confirmationLines+1, strings.Count(got, "\n"), "the member fills its lines")
	assert.LessOrEqual(t, len(got)-base, maxConfirmationMember)
	assert.LessOrEqual(t, longest, maxConfirmationLine)
}
func TestSortedKeys(t *testing.T) {
	m := map[string]any{"b": 1, "a": 2, "c": nil, "B": 3, "": 4, "é": 5, "z": 6, "a1": 7, "a10": 8, "a2": 9}
	assert.Equal(t, []string{"", "B", "a", "a1", "a10", "a2", "b", "c", "z", "é"}, sortedKeys(m))

	assert.Empty(t, sortedKeys(nil))
	assert.Empty(t, sortedKeys(map[string]any{}))

	// Many keys, always the same order.
	big := map[string]any{}
	for i := range 1000 {
		big[fmt.Sprintf("k%04d", i)] = i
	}
	keys := sortedKeys(big)
	require.Len(t, keys, 1000)
	for i, k := range keys {
		assert.Equal(t, fmt.Sprintf("k%04d", i), k)
	}
}
