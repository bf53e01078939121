package toolcalls

import "strings"

// NonNullBranch returns T of {"oneOf"|"anyOf": [T, {"type":"null"}]} and
// of {"anyOf": [T]}, with a description and a title at most: the unions
// that only add null, or a description next to a $ref.
func NonNullBranch(s map[string]any) map[string]any {
	for k := range s {
		switch k {
		case "oneOf", "anyOf", "description", "title":
		default:
			return nil
		}
	}
	for _, k := range []string{"oneOf", "anyOf"} {
		branches, ok := s[k].([]any)
		if !ok || len(branches) == 0 || len(branches) > 2 {
			continue
		}
		if len(branches) == 2 {
			null, _ := branches[1].(map[string]any)
			if null["type"] != "null" {
				continue
			}
		}
		b, _ := branches[0].(map[string]any)
		return b
	}
	return nil
}

// Resolve follows the $ref of s, a subschema of root: "#" or "#/$defs/Name",
// as toolgen's canonical schemas write them; a reference that resolves to
// nothing is the empty schema.
func Resolve(root, s map[string]any) map[string]any {
	for i := 0; i < 10; i++ {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		if ref == "#" {
			s = root
			continue
		}
		defs, _ := root["$defs"].(map[string]any)
		s, _ = defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		if s == nil {
			return map[string]any{}
		}
	}
	return s
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}
