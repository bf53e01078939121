package toolimpl

import (
	"encoding/json"
	"strings"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// parseArgs is tool.ParseArgs written on the scanner that generated
// decoders drive: the same values for the same bytes, the same error for
// the same mistake. It depends only on jsonscan and the tool's types, so
// that tool.ParseArgs can become this function.
func parseArgs(raw []byte) (map[string]any, tool.Errors) {
	var s jsonscan.Scanner
	s.Reset(raw)
	v := parseValue(&s)
	if !s.Finish() {
		return nil, tool.Errors{parseError(s.Err(), "the arguments are not valid JSON")}
	}
	args, ok := v.(map[string]any)
	if !ok {
		got := tool.TypeName(v)
		return nil, tool.Errors{{Code: tool.CodeBadShape, Expected: "object", Got: got,
			Reason: "the arguments should be a JSON object, got " + got}}
	}
	return args, nil
}

// parseValue reads any value as encoding/json decodes it into an any with
// UseNumber: map[string]any, []any, string, json.Number, bool or nil.
func parseValue(s *jsonscan.Scanner) any {
	switch s.Peek() {
	case jsonscan.Object:
		if !s.Object() {
			return nil
		}
		m := map[string]any{}
		for s.Next() {
			key := strings.Clone(s.Key())
			if s.Undeclared() {
				m[key] = parseValue(s)
			}
		}
		s.End()
		return m
	case jsonscan.Array:
		if !s.Array() {
			return nil
		}
		list := []any{}
		for s.NextItem() {
			list = append(list, parseValue(s))
		}
		s.End()
		return list
	case jsonscan.String:
		v, _ := s.String()
		return strings.Clone(v)
	case jsonscan.Number:
		lit, _ := s.Number()
		return json.Number(strings.Clone(lit))
	case jsonscan.Bool:
		v, _ := s.Bool()
		return v
	}
	s.Skip() // null, or the error
	return nil
}
