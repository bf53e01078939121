package doccheck

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the Go snippets of README.md and docs/*.md from their sources")

// root is the repository's root, where README.md is.
const root = "../.."

// documents returns the paths, relative to root, of README.md and the guides.
func documents(t *testing.T) []string {
	t.Helper()
	guides, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	docs := []string{"README.md"}
	for _, g := range guides {
		rel, err := filepath.Rel(root, g)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, filepath.ToSlash(rel))
	}
	if len(docs) < 7 {
		t.Fatalf("README.md and %d guides under docs/, want at least six guides", len(docs)-1)
	}
	return docs
}

// block is a fenced code block of a document.
type block struct {
	info   string // the fence's info string: go, sh, ...
	marker string // the snippet marker before it, "" if none
	indent string // the fence's indentation, which each line of the block has too
	start  int    // the index of the first line of the block's text
	end    int    // the index of its closing fence
	line   int    // the 1-based line of its opening fence
}

var markerRE = regexp.MustCompile(`^\s*<!-- snippet: (.+?) -->\s*$`)

// blocks returns the fenced code blocks of the lines of a document.
func blocks(lines []string) ([]block, error) {
	var out []block
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimLeft(lines[i], " ")
		if !strings.HasPrefix(trimmed, "```") {
			continue
		}
		b := block{info: strings.TrimPrefix(trimmed, "```"), indent: lines[i][:len(lines[i])-len(trimmed)], start: i + 1, line: i + 1}
		if i > 0 {
			if m := markerRE.FindStringSubmatch(lines[i-1]); m != nil {
				b.marker = m[1]
			}
		}
		j := i + 1
		for ; j < len(lines) && strings.TrimSpace(lines[j]) != "```"; j++ {
		}
		if j == len(lines) {
			return nil, fmt.Errorf("line %d: a code block that does not end", i+1)
		}
		b.end = j
		out = append(out, b)
		i = j
	}
	return out, nil
}

// read returns the lines of a document and its code blocks; ok is false when
// its blocks do not parse (reported).
func read(t *testing.T, doc string) (lines []string, bs []block, ok bool) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, doc))
	if err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(string(data), "\n")
	bs, err = blocks(lines)
	if err != nil {
		t.Errorf("%s: %v", doc, err)
		return nil, nil, false
	}
	return lines, bs, true
}

// fenced returns the indices of the lines in the blocks, fences included.
func fenced(bs []block) map[int]bool {
	in := map[int]bool{}
	for _, b := range bs {
		for i := b.start - 1; i <= b.end; i++ {
			in[i] = true
		}
	}
	return in
}

// text returns the block's lines without the fence's indentation.
func (b block) text(lines []string) []string {
	var out []string
	for _, l := range lines[b.start:b.end] {
		out = append(out, strings.TrimPrefix(l, b.indent))
	}
	return out
}

// region returns the lines of the region name of a source file, between
// "// snippet:name" and the next "// endsnippet", less their common
// indentation, without the blank lines at either end.
func region(src []byte, name string) ([]string, error) {
	var out []string
	in, found := false, false
	for l := range strings.SplitSeq(string(src), "\n") {
		t := strings.TrimSpace(l)
		switch {
		case t == "// snippet:"+name:
			in, found = true, true
		case in && t == "// endsnippet":
			in = false
		case in && (strings.HasPrefix(t, "// snippet:") || t == "// endsnippet"):
		case in:
			out = append(out, l)
		}
	}
	if !found {
		return nil, fmt.Errorf("no line // snippet:%s", name)
	}
	if in {
		return nil, fmt.Errorf("// snippet:%s has no // endsnippet", name)
	}
	for len(out) > 0 && strings.TrimSpace(out[0]) == "" {
		out = out[1:]
	}
	for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
		out = out[:len(out)-1]
	}
	prefix := ""
	for i, l := range out {
		if strings.TrimSpace(l) == "" {
			continue
		}
		ws := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if i == 0 || !strings.HasPrefix(ws, prefix) {
			prefix = commonPrefix(prefix, ws, i == 0)
		}
	}
	for i, l := range out {
		out[i] = strings.TrimPrefix(l, prefix)
		if strings.TrimSpace(out[i]) == "" {
			out[i] = ""
		}
	}
	return out, nil
}

func commonPrefix(a, b string, first bool) string {
	if first {
		return b
	}
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return a[:n]
}

// excerpt reports where the block's lines are not an excerpt of the source,
// all of them less the indentation of the source's line the first matches.
func excerpt(block []string, src []byte) error {
	lines := strings.Split(string(src), "\n")
	next, skip, indent := 0, true, ""
	first := true
	for i, l := range block {
		if strings.HasPrefix(strings.TrimSpace(l), "...") {
			skip = true
			continue
		}
		if skip && l == "" {
			continue // a blank line after "..." is part of what it skips
		}
		match := func(s string) bool {
			if first {
				rest := strings.TrimLeft(s, " \t")
				if p, ok := strings.CutSuffix(l, "..."); ok {
					return strings.HasPrefix(rest, p)
				}
				return rest == l
			}
			if l == "" {
				return strings.TrimSpace(s) == ""
			}
			if p, ok := strings.CutSuffix(l, "..."); ok {
				return strings.HasPrefix(s, indent+p)
			}
			return s == indent+l
		}
		j := next
		if skip {
			for j < len(lines) && !match(lines[j]) {
				j++
			}
		}
		if j >= len(lines) || !match(lines[j]) {
			return fmt.Errorf("line %d of the block, %q, is not the source's next line (%q)", i+1, l, at(lines, next))
		}
		if first {
			indent = lines[j][:len(lines[j])-len(strings.TrimLeft(lines[j], " \t"))]
			first = false
		}
		next, skip = j+1, false
	}
	return nil
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "the end of the file"
}

// TestSnippets: each Go block of README.md and docs/*.md is its source's
// text, and its source is code the tests compile and run.
func TestSnippets(t *testing.T) {
	snippets := 0
	for _, doc := range documents(t) {
		lines, bs, ok := read(t, doc)
		if !ok {
			continue
		}
		changed := false
		// Rewrite from the last block, so that the indices of earlier ones stay.
		slices.Reverse(bs)
		for _, b := range bs {
			pos := fmt.Sprintf("%s:%d", doc, b.line)
			if b.info != "go" {
				if b.marker != "" {
					t.Errorf("%s: a snippet marker before a %q block: only Go blocks have sources", pos, b.info)
				}
				continue
			}
			snippets++
			if b.marker == "" {
				t.Errorf("%s: a Go block without a <!-- snippet: file#region --> marker naming the code it comes from", pos)
				continue
			}
			got := b.text(lines)
			file, kind := parseMarker(b.marker)
			if kind == "" {
				t.Errorf("%s: the marker %q names no region (file#name), excerpt (file excerpt) or test (file runs this block)", pos, b.marker)
				continue
			}
			src, err := os.ReadFile(filepath.Join(root, file))
			if err != nil {
				t.Errorf("%s: %v", pos, err)
				continue
			}
			switch kind {
			case "excerpt":
				if err := excerpt(got, src); err != nil {
					t.Errorf("%s: not an excerpt of %s: %v", pos, file, err)
				}
			case "runs this block":
				if !strings.HasSuffix(file, "_test.go") || !bytes.Contains(src, []byte(`"`+filepath.Base(doc)+`"`)) {
					t.Errorf("%s: %s is no test that reads %s", pos, file, doc)
				}
			default: // a region
				want, err := region(src, kind)
				if err != nil {
					t.Errorf("%s: %s: %v", pos, file, err)
					continue
				}
				if slices.Equal(got, want) {
					continue
				}
				if *update {
					var repl []string
					for _, l := range want {
						if l != "" {
							l = b.indent + l
						}
						repl = append(repl, l)
					}
					lines = slices.Concat(lines[:b.start], repl, lines[b.end:])
					changed = true
					continue
				}
				t.Errorf("%s: the block is not the region %s of %s (go test ./internal/doccheck -update rewrites it):\n%s", pos, kind, file, diff(want, got))
			}
		}
		if changed {
			if err := os.WriteFile(filepath.Join(root, doc), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: rewrote its snippets", doc)
		}
	}
	if snippets == 0 {
		t.Error("no Go block in README.md and docs/*.md")
	}
}

// parseMarker returns the file a snippet marker names and what of it: a
// region's name, "excerpt" or "runs this block"; kind is "" for a marker
// that says none.
func parseMarker(marker string) (file, kind string) {
	if file, name, ok := strings.Cut(marker, "#"); ok && name != "" {
		return file, name
	}
	for _, k := range []string{"excerpt", "runs this block"} {
		if file, ok := strings.CutSuffix(marker, " "+k); ok {
			return file, k
		}
	}
	return marker, ""
}

// diff shows the lines of want and got from the first that differs.
func diff(want, got []string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	return fmt.Sprintf("from line %d:\nsource: %q\nblock:  %q", i+1, at(want, i), at(got, i))
}

var (
	linkRE    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	headingRE = regexp.MustCompile(`^(#{1,6}) (.+)$`)
)

// anchors returns the anchors GitHub gives the headings of a document.
func anchors(data []byte) map[string]bool {
	out := map[string]bool{}
	lines := strings.Split(string(data), "\n")
	bs, _ := blocks(lines)
	inBlock := fenced(bs)
	for i, l := range lines {
		m := headingRE.FindStringSubmatch(l)
		if m == nil || inBlock[i] {
			continue
		}
		a := slug(m[2])
		for n := 1; out[a]; n++ {
			a = fmt.Sprintf("%s-%d", slug(m[2]), n)
		}
		out[a] = true
	}
	return out
}

// slug is GitHub's anchor of a heading: lower case, punctuation dropped but
// hyphens and underscores, spaces made hyphens.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestLinks: every relative link of README.md and docs/*.md names a file or
// folder of the repository, and every #anchor a heading of its document.
func TestLinks(t *testing.T) {
	for _, doc := range documents(t) {
		lines, bs, ok := read(t, doc)
		if !ok {
			continue
		}
		inBlock := fenced(bs)
		for i, l := range lines {
			if inBlock[i] {
				continue
			}
			for _, m := range linkRE.FindAllStringSubmatch(l, -1) {
				target := m[1]
				if regexp.MustCompile(`^[a-z]+:`).MatchString(target) {
					continue
				}
				pos := fmt.Sprintf("%s:%d", doc, i+1)
				file, anchor, _ := strings.Cut(target, "#")
				path := filepath.Join(root, filepath.Dir(doc), file)
				if file == "" {
					path = filepath.Join(root, doc)
				}
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s: the link %s names no file of the repository", pos, target)
					continue
				}
				if anchor == "" {
					continue
				}
				if !strings.HasSuffix(path, ".md") {
					t.Errorf("%s: the link %s has an anchor in a file that is not Markdown", pos, target)
					continue
				}
				to, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if !anchors(to)[anchor] {
					t.Errorf("%s: the link %s names no heading of %s", pos, target, file)
				}
			}
		}
	}
}

// TestLayoutListsEveryPackage: the Layout section of docs/contributing.md
// names every folder of Go code (but testdata): by its path, by its path
// within the tree it is drawn in (internal/emit/ under gen/), or by its
// name in the list of its parent (`agent` among the examples).
func TestLayoutListsEveryPackage(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, "docs", "contributing.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, layout, ok := strings.Cut(string(data), "\n## Layout\n")
	if !ok {
		t.Fatal("docs/contributing.md has no section ## Layout")
	}
	layout, _, _ = strings.Cut(layout, "\n## ")
	named := func(dir string) bool {
		parts := strings.Split(dir, "/")
		name := parts[len(parts)-1]
		if strings.Contains(layout, "`"+dir+"`") || strings.Contains(layout, "`"+dir+"/") || strings.Contains(layout, " "+dir+"/") ||
			strings.Contains(layout, "`"+name+"`") || strings.Contains(layout, " "+name+"/ ") {
			return true
		}
		for i := 1; i < len(parts); i++ {
			if suffix := strings.Join(parts[i:], "/"); strings.Contains(layout, " "+suffix+"/ ") || strings.Contains(layout, "`"+suffix+"`") {
				return true
			}
		}
		return false
	}
	var missing []string
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "node_modules") {
			return filepath.SkipDir
		}
		gofiles, _ := filepath.Glob(filepath.Join(path, "*.go"))
		if len(gofiles) == 0 || path == root {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		if rel = filepath.ToSlash(rel); !named(rel) {
			missing = append(missing, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) > 0 {
		t.Errorf("docs/contributing.md's Layout names no folder %s: say what each holds", strings.Join(missing, ", "))
	}
}
