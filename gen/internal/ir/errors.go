package ir

import (
	"fmt"
	"go/token"
	"sort"
	"strings"
)

// Error is a generation error at a position in the user's source.
type Error struct {
	Pos token.Position
	Msg string
}

func (e Error) Error() string {
	if !e.Pos.IsValid() {
		return e.Msg
	}
	return fmt.Sprintf("%s: %s", e.Pos, e.Msg)
}

// Errors is every error of a run, sorted by position.
type Errors []Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Add appends an error at pos, its message formatted as fmt.Sprintf does.
func (es *Errors) Add(pos token.Position, format string, args ...any) {
	*es = append(*es, Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// Err returns the errors sorted by position, each once, or nil when there
// are none. A stage that reaches a schema or type by several paths may find
// its error on each.
func (es Errors) Err() error {
	if len(es) == 0 {
		return nil
	}
	seen := map[Error]bool{}
	var out Errors
	for _, e := range es {
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return Before(out[i].Pos, out[j].Pos) })
	return out
}

// Before orders positions by file, line and column.
func Before(a, b token.Position) bool {
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Column < b.Column
}
