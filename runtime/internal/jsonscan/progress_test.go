package jsonscan

import (
	"strings"
	"testing"
)

// TestPartialCost: Partial, asked after every 64-byte fragment of a 1 MiB
// string being written (a stream's snapshots of write_file's content),
// returns the text so far each time and looks at each byte about once in
// all: what it decoded before is kept. With escapes and multi-byte
// characters too, whose text it builds, and after white space before the
// string.
func TestPartialCost(t *testing.T) {
	for _, c := range []struct {
		name, unit, text string // text: what unit decodes to
	}{
		{"plain", "abcdefgh", "abcdefgh"},
		{"escapes", `a\n\"\u00e9é`, "a\n\"éé"},
	} {
		const size = 1 << 20
		head := `{"content":  ` + "\n" + ` "`
		body := strings.Repeat(c.unit, size/len(c.unit))
		want := strings.Repeat(c.text, size/len(c.unit))
		doc := []byte(head + body)
		var s Scanner
		s.Reset(doc[:len(`{"content":`)])
		if !s.Object() || !s.Next() || !s.Member(0) {
			t.Fatalf("%s: %v", c.name, s.Err())
		}
		calls := 0
		for n := len(`{"content"`); n <= len(doc); n = min(n+64, len(doc)+1) {
			got, ok := s.Partial(doc[:n])
			calls++
			if n < len(head) {
				if ok || got != "" {
					t.Fatalf("%s: %d bytes: Partial = %q, %v before the string", c.name, n, got, ok)
				}
				continue
			}
			if !ok || !strings.HasPrefix(want, got) || len(want[len(got):]) > 0 && n == len(doc) {
				t.Fatalf("%s: %d bytes: Partial = %d bytes, %v, not the text so far", c.name, n, len(got), ok)
			}
			// Ends at most a unit before the bytes so far: an escape or a
			// character not yet whole.
			if decoded := len(head) + len(got)/len(c.text)*len(c.unit); n-decoded > 2*len(c.unit) {
				t.Fatalf("%s: %d bytes: Partial = %d bytes, short of the bytes so far", c.name, n, len(got))
			}
		}
		t.Logf("%s: %d calls, %d bytes looked at for %d", c.name, calls, s.part.looked, len(doc))
		if s.part.looked > len(doc)+64*calls/8 {
			t.Errorf("%s: Partial looked at %d bytes over %d calls for a string of %d: it decodes again what it decoded before",
				c.name, s.part.looked, calls, len(doc))
		}
	}
}
