package gen

import (
	"github.com/toolgen-go/toolgen/gen/internal/load"

	"path/filepath"
	"strings"
)

// NotesFiles moves the notes of each file into a file of its own, name,
// beside it (in the same directory, "toolgen_notes.txt"), and returns the
// files to write with them: a notes file lists one note a line, its path
// relative to the directory, under Header; a file without notes removes a
// stale one. Committed, such a file shows a change of notes in review, and
// a CI that regenerates and diffs fails on one, where the notes of a
// repository's own corpora on standard error would read as failures.
func NotesFiles(files []File, name string) []File {
	out := make([]File, 0, 2*len(files))
	written := map[string]bool{}
	for _, f := range files {
		dir := filepath.Dir(f.Path)
		path := filepath.Join(dir, name)
		notes := f.Notes
		f.Notes = nil
		out = append(out, f)
		if len(notes) == 0 {
			if !written[path] && load.IsGenerated(path) {
				out = append(out, File{Path: path})
			}
			continue
		}
		var b strings.Builder
		b.WriteString(Header + "\n")
		for _, n := range notes {
			if rel, err := filepath.Rel(dir, n.Pos.Filename); err == nil && n.Pos.Filename != "" && !strings.HasPrefix(rel, "..") {
				n.Pos.Filename = filepath.ToSlash(rel)
			}
			b.WriteString(n.String() + "\n")
		}
		written[path] = true
		out = append(out, File{Path: path, Content: []byte(b.String())})
	}
	// A removal listed before a package's own notes file is dropped.
	kept := out[:0]
	for _, f := range out {
		if f.Content == nil && written[f.Path] {
			continue
		}
		kept = append(kept, f)
	}
	return kept
}
