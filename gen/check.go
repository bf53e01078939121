package gen

import (
	"bytes"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"sort"

	"github.com/toolgen-go/toolgen/gen/internal/compat"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

// Change is a change a run makes to a tool or an output that a generated
// file defines, classified for the tool's callers and clients: breaking
// (a tool removed or renamed, a member added as required or removed, a
// type narrowed, an enum value removed, a bound tightened, a result
// changed incompatibly, and whatever cannot be classified, its message
// saying "changed (review)") or compatible (descriptions, a new optional
// member, a loosened bound, an enum value added).
type Change struct {
	// Pos is the type of the tool or output in the user's source (of a
	// tool's result type, for a change of its result); for a tool that is
	// gone, the generated file's name only.
	Pos      token.Position
	Breaking bool
	// Msg names the tool or output, the part of it and the change:
	// "tool get_weather: arguments: days: member added as required: ...".
	Msg string
}

// Class is "breaking" or "compatible".
func (c Change) Class() string {
	if c.Breaking {
		return "breaking"
	}
	return "compatible"
}

// String is the change as toolgen prints it, file:line:col: class: msg.
func (c Change) String() string {
	if c.Pos.Filename == "" {
		return c.Class() + ": " + c.Msg
	}
	return fmt.Sprintf("%s: %s: %s", c.Pos, c.Class(), c.Msg)
}

// Stale is a file a run would write: created, rewritten or removed, with
// the changes to what it defines, sorted by position. Compare sorts them by
// path.
type Stale struct {
	Path string
	// Action is "create", "rewrite" or "remove".
	Action  string
	Changes []Change
}

// Compare returns the files a run's files would change on disk, the
// generated files as they are there now being the baseline: for each, the
// changes to the tools and outputs it defines (read from the file's
// literals and schema constants, compared as JSON Schemas). It reads and
// writes nothing else; it refuses, as Write does, a file toolgen did not
// generate.
func Compare(files []File) ([]Stale, error) {
	if err := refuse(files); err != nil {
		return nil, err
	}
	var out []Stale
	for _, f := range files {
		old, err := os.ReadFile(f.Path)
		exists := err == nil
		s := Stale{Path: f.Path}
		switch {
		case f.Content == nil && exists && bytes.HasPrefix(old, []byte(Header+"\n")):
			s.Action = "remove"
		case f.Content == nil:
			continue
		case !exists:
			s.Action = "create"
		case bytes.Equal(old, f.Content):
			continue
		default:
			s.Action = "rewrite"
		}
		if filepath.Ext(f.Path) == ".go" && !f.plain {
			s.Changes = changes(f, old)
		}
		out = append(out, s)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// changes compares what a file defines now, old (nil for none), with what
// f defines.
func changes(f File, old []byte) []Change {
	fileOnly := token.Position{Filename: f.Path}
	read := func(src []byte, which string) ([]compat.Definition, *Change) {
		if src == nil {
			return nil, nil
		}
		defs, err := compat.Read(src)
		if err != nil {
			return nil, &Change{Pos: fileOnly, Breaking: true, Msg: "changed (review): what the " + which + " defines cannot be read: " + err.Error()}
		}
		return defs, nil
	}
	was, bad := read(old, "file on disk")
	if bad != nil {
		return []Change{*bad}
	}
	now, bad := read(f.Content, "new file")
	if bad != nil {
		return []Change{*bad}
	}
	if len(was) == 0 && len(now) == 0 && old != nil && f.Content != nil {
		// A schema file's validator: its schema is not in it.
		return []Change{{Pos: fileOnly, Breaking: true, Msg: "changed (review): the file defines no tool or output, so toolgen cannot tell what its change does"}}
	}
	var out []Change
	for _, c := range compat.Diff(was, now) {
		pos, ok := f.positions[defKey(c.Output, c.Name, c.Result)]
		if !ok {
			pos, ok = f.positions[defKey(c.Output, c.Name, false)]
		}
		if !ok {
			pos = fileOnly
		}
		out = append(out, Change{Pos: pos, Breaking: c.Breaking, Msg: c.Msg})
	}
	sort.SliceStable(out, func(i, j int) bool { return ir.Before(out[i].Pos, out[j].Pos) })
	return out
}

// defKey keys the position of a tool, an output or a tool's result type.
func defKey(output bool, name string, result bool) string {
	switch {
	case output:
		return "output " + name
	case result:
		return "result " + name
	}
	return "tool " + name
}

// positions are where the definitions of a package's file come from.
func positions(tools, outputs []*ir.Tool) map[string]token.Position {
	m := map[string]token.Position{}
	for _, t := range tools {
		m[defKey(false, t.Name, false)] = t.Pos
		if t.Result != nil {
			m[defKey(false, t.Name, true)] = t.Result.Pos
		}
	}
	for _, t := range outputs {
		m[defKey(true, t.Name, false)] = t.Pos
	}
	return m
}
