package tool

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// valueList is the expected text of an enum of values, as toolgen writes it:
// "one of " and the values' compact JSON, ", " between them.
func valueList(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		b, _ := json.Marshal(v)
		parts[i] = string(b)
	}
	return listPrefix + strings.Join(parts, ", ")
}

// checkListCut fails unless out is expectedField's rendering of the list of
// values: whole or, when it does not fit, the most of its first values that
// fit and how many more there are (or, when not even the first fits, the
// first cut and the count).
func checkListCut(t *testing.T, values []any, out string) {
	t.Helper()
	if len(out) > maxField || !safe(out) {
		t.Fatalf("%q: %d bytes, or not safe", out, len(out))
	}
	whole := valueList(values)
	if len(values) == 1 {
		if out != field(whole) {
			t.Fatalf("one value: %q, not field's cut", out)
		}
		return
	}
	if len(escape(whole)) <= maxField {
		if out != escape(whole) {
			t.Fatalf("a list that fits is cut: %q", out)
		}
		return
	}
	// The count the rendering ends with says where it cut: one rendering
	// of the kept values to compare, so the check is linear in the list
	// (trying every cut is quadratic, and a fuzzed list is long).
	i := strings.LastIndex(out, ", … and ")
	if i < 0 {
		t.Fatalf("not cut between values: %q of %q", out, whole)
	}
	left, err := strconv.Atoi(strings.TrimSuffix(out[i+len(", … and "):], " more"))
	if err != nil || left < 1 || left >= len(values) {
		t.Fatalf("not cut between values: %q of %q", out, whole)
	}
	k := len(values) - left
	if out[:i] == escape(valueList(values[:k])) {
		if k+1 < len(values) && len(escape(valueList(values[:k+1])))+len(", … and "+strconv.Itoa(left-1)+" more") <= maxField {
			t.Fatalf("%q leaves out a value that fits", out)
		}
		return
	}
	if k != 1 || len(escape(valueList(values[:1]))) <= maxField-len(", … and 1000 more") {
		t.Fatalf("not cut between values: %q of %q", out, whole)
	}
}

// TestExpectedFieldCutsBetweenValues: a list of values too long for a
// rendering is cut between two values, whatever the values hold (commas,
// quotes, brackets, escapes, characters a rendering escapes), and says how
// many it leaves out; other text is cut as field cuts it.
func TestExpectedFieldCutsBetweenValues(t *testing.T) {
	many := func(v any, n int) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = v
		}
		return out
	}
	for name, values := range map[string][]any{
		"short":       {"a", "b"},
		"words":       many("duplicate_charge", 40),
		"commas":      many("a, b, c", 40),
		"quotes":      many(`say "hi", \ then`, 30),
		"containers":  many(map[string]any{"a": []any{1, "x, y"}, "b": "}"}, 30),
		"numbers":     many(json.Number("1.5e300"), 60),
		"hostile":     many("\u202e\n\x00é", 40),
		"long first":  append([]any{strings.Repeat("x", 400)}, many("y", 5)...),
		"mixed":       {true, nil, json.Number("3"), "a", []any{}, map[string]any{}, strings.Repeat("z", 240), "last"},
		"one, long":   {strings.Repeat("w", 300)},
		"exact limit": many(strings.Repeat("v", 10), 20),
	} {
		t.Run(name, func(t *testing.T) { checkListCut(t, values, expectedField(valueList(values))) })
	}
	// Not a list: the middle cut of field.
	for _, s := range []string{listPrefix + strings.Repeat("a", 300), listPrefix + `"a", b"` + strings.Repeat("c", 300), strings.Repeat("é", 300)} {
		assert.Equal(t, field(s), expectedField(s))
	}
}

// FuzzExpectedField: the list of values fuzzed (split at NUL) is rendered
// whole or cut between values with the count; any text is rendered in at
// most maxField bytes, safe.
func FuzzExpectedField(f *testing.F) {
	f.Add("damaged\x00defective\x00goodwill", 20)
	f.Add("a, b\x00\"c\"\x00\u202e", 50)
	f.Add(strings.Repeat("x", 300), 2)
	f.Add(strings.Repeat("\x00", 3000), 100) // 300,100 values: the check must be linear
	f.Fuzz(func(t *testing.T, s string, n int) {
		if out := expectedField(s); len(out) > maxField || !safe(out) {
			t.Fatalf("expectedField(%q) = %q", s, out)
		}
		var values []any
		for range min(max(n, 1), 100) {
			for _, v := range strings.Split(s, "\x00") {
				values = append(values, v)
			}
		}
		checkListCut(t, values, expectedField(valueList(values)))
	})
}
