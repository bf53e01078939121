package dialect

import (
	"regexp/syntax"
	"strings"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/internal/ecma"
)

// anthropicMaxRepeat is the largest bound of a counted repetition ({n,m})
// that a pattern Anthropic strict mode takes may have: its grammar supports
// simple {n,m} cases, not large ranges.
const anthropicMaxRepeat = 32

// simplePattern reports whether Anthropic strict mode takes a pattern as it
// is: anchors, literals, character classes (with \d, \w, \s), groups,
// alternatives and repetitions with small bounds; no word boundaries and no
// Unicode property classes. Other patterns move into the description, and
// the validator enforces them.
func simplePattern(pattern string) bool {
	for _, esc := range []string{`\b`, `\B`, `\p`, `\P`, `\c`, `\k`} {
		if strings.Contains(pattern, esc) {
			return false
		}
	}
	re2, err := ecma.Translate(pattern)
	if err != nil {
		return false
	}
	re, err := syntax.Parse(re2, syntax.Perl)
	if err != nil {
		return false
	}
	var simple func(*syntax.Regexp) bool
	simple = func(re *syntax.Regexp) bool {
		switch re.Op {
		case syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpNoMatch:
			return false
		case syntax.OpRepeat:
			if re.Min > anthropicMaxRepeat || re.Max > anthropicMaxRepeat {
				return false
			}
		}
		for _, sub := range re.Sub {
			if !simple(sub) {
				return false
			}
		}
		return true
	}
	return simple(re)
}

// recursiveRef reports whether the target of a $ref of the canonical schema
// root refers to itself, directly or through other definitions.
func recursiveRef(root *jsonschema.Object, ref string) bool {
	target := refTarget(root, ref)
	if target == nil {
		return false
	}
	seen := map[string]bool{}
	var reaches func(v any) bool
	reaches = func(v any) bool {
		switch x := v.(type) {
		case *jsonschema.Object:
			if r := x.Str("$ref"); r != "" {
				if r == ref {
					return true
				}
				if !seen[r] {
					seen[r] = true
					if t := refTarget(root, r); t != nil && reaches(t) {
						return true
					}
				}
			}
			for _, k := range x.Keys {
				if reaches(x.Values[k]) {
					return true
				}
			}
		case []any:
			for _, e := range x {
				if reaches(e) {
					return true
				}
			}
		}
		return false
	}
	return reaches(target)
}

// refTarget resolves a $ref of the canonical schema: "#" or
// "#/$defs/<name>".
func refTarget(root *jsonschema.Object, ref string) *jsonschema.Object {
	if ref == "#" {
		return root
	}
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok {
		return nil
	}
	defs, _ := root.Get("$defs")
	d, _ := defs.(*jsonschema.Object)
	if d == nil {
		return nil
	}
	name = strings.NewReplacer("~1", "/", "~0", "~").Replace(name)
	t, _ := d.Values[name].(*jsonschema.Object)
	return t
}
