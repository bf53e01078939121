package doccheck

import (
	"slices"
	"strings"
	"testing"
)

const source = `package p

func f() {
	// snippet:body
	a := 1
	if a > 0 {
		a++
	}
	// endsnippet
	b := 2
	_ = b
}
`

// TestRegion: a region is its lines less their common indentation; a name
// the file does not mark, or a region not closed, is an error.
func TestRegion(t *testing.T) {
	got, err := region([]byte(source), "body")
	if want := []string{"a := 1", "if a > 0 {", "\ta++", "}"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("region body: %q, %v; want %q", got, err, want)
	}
	if _, err := region([]byte(source), "other"); err == nil {
		t.Error("region other: no error for a name the file does not mark")
	}
	if _, err := region([]byte(strings.Replace(source, "// endsnippet", "", 1)), "body"); err == nil {
		t.Error("a region without // endsnippet: no error")
	}
}

// TestExcerpt: consecutive lines but where "..." skips, a prefix where a
// line ends in "...", any indentation of the first line; nothing else.
func TestExcerpt(t *testing.T) {
	for _, c := range []struct {
		block string
		ok    bool
	}{
		{"a := 1\nif a > 0 {", true},
		{"func f() {\n\t...\n\tb := 2", true},
		{"func f() {\n\t// snippet:bo...", true},
		{"a := 1\n...\n_ = b", true},
		{"a := 1\n...\n_ = b\n}", false}, // "}" is less indented than the first line
		{"a := 1\n\ta++", false},         // a line skipped without "..."
		{"a := 2", false},                // a line changed
		{"b := 2\na := 1", false},        // out of order
		{"if a > 0 {\n    a++", false},   // other indentation
	} {
		err := excerpt(strings.Split(c.block, "\n"), []byte(source))
		if (err == nil) != c.ok {
			t.Errorf("excerpt %q: %v, want ok %v", c.block, err, c.ok)
		}
	}
}

// TestAnchors: GitHub's anchors, numbered when a heading repeats; headings in
// code blocks are none.
func TestAnchors(t *testing.T) {
	doc := "# Title\n\n## Content: images, audio\n\n## `toolgen schema` reads\n\n## Title\n\n```sh\n# a comment\n```\n"
	got := anchors([]byte(doc))
	for _, a := range []string{"title", "content-images-audio", "toolgen-schema-reads", "title-1"} {
		if !got[a] {
			t.Errorf("no anchor %s in %v", a, got)
		}
	}
	if got["a-comment"] {
		t.Error("a comment in a code block is an anchor")
	}
}

// TestParseMarker: the three kinds of marker, and one that names none.
func TestParseMarker(t *testing.T) {
	for marker, want := range map[string][2]string{
		"a/b.go#set":                {"a/b.go", "set"},
		"a/b.go excerpt":            {"a/b.go", "excerpt"},
		"a_test.go runs this block": {"a_test.go", "runs this block"},
		"a/b.go":                    {"a/b.go", ""},
		"a/b.go#":                   {"a/b.go#", ""},
	} {
		if file, kind := parseMarker(marker); file != want[0] || kind != want[1] {
			t.Errorf("parseMarker(%q) = %q, %q; want %q", marker, file, kind, want)
		}
	}
}
