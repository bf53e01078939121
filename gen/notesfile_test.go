package gen

import (
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The notes of a file go to a generated file beside it, with paths
// relative to it, and nowhere else; a file without notes removes a stale
// notes file, and only a generated one.
func TestNotesFiles(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "tools_gen.go")
	notes := []Note{{Pos: token.Position{Filename: filepath.Join(dir, "tools.go"), Line: 3, Column: 2}, Msg: "field M: a map ..."}}
	files := NotesFiles([]File{{Path: out, Content: []byte(Header + "\n"), Notes: notes}}, "toolgen_notes.txt")
	require.Len(t, files, 2)
	assert.Empty(t, files[0].Notes, "not printed")
	assert.Equal(t, filepath.Join(dir, "toolgen_notes.txt"), files[1].Path)
	assert.Equal(t, Header+"\ntools.go:3:2: note: field M: a map ...\n", string(files[1].Content))
	require.NoError(t, Write(files))

	// The notes are gone: so is their file.
	files = NotesFiles([]File{{Path: out, Content: []byte(Header + "\n")}}, "toolgen_notes.txt")
	assert.Equal(t, []File{{Path: out, Content: []byte(Header + "\n")}, {Path: filepath.Join(dir, "toolgen_notes.txt")}}, files)
	require.NoError(t, Write(files))
	assert.NoFileExists(t, filepath.Join(dir, "toolgen_notes.txt"))

	// A file of that name that toolgen did not write is left alone.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "mine.txt"), []byte("mine"), 0o644))
	files = NotesFiles([]File{{Path: out, Content: []byte(Header + "\n")}}, "mine.txt")
	assert.Len(t, files, 1)
}
