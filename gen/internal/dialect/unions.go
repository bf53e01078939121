package dialect

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// This file lowers anyOf and oneOf, and null: invopop's nullable form, and a
// converted schema made to accept null in each dialect's way.

// union converts anyOf or oneOf. Branches that only require members (the
// oneof_required and anyof_required groups) become a sentence; a oneOf of
// schemas is an anyOf where the dialect has no oneOf, its "exactly one" a
// sentence. Only parametersJsonSchema, Gemini's last resort, moves them:
// OpenAI strict mode and Gemini's parameters fall back instead.
func (c *converter) union(out *jsonschema.Object, d *describer, k string, branches []any, path string, level int) {
	if groups, ok := memberGroups(branches); ok {
		if !c.movesUnions() {
			tag := "oneof_required"
			if k == "anyOf" {
				tag = "anyof_required"
			}
			why := "every member is required"
			if c.lowering == lowerGemini {
				why = "every alternative needs a type"
			}
			c.fail(path, cause{fmt.Sprintf("the %s groups %s", tag, strings.Join(groups, "; ")), ""}, "%s", why)
			return
		}
		if k == "oneOf" {
			d.add(path, k, "have exactly one of: "+strings.Join(groups, "; "))
		} else {
			d.add(path, k, "have at least one of: "+strings.Join(groups, "; "))
		}
		return
	}
	if k == "oneOf" {
		if !c.movesUnions() || out.Has("anyOf") {
			c.fail(path, keywordCause(k), "")
			return
		}
		d.add(path, k, "match exactly one of the alternatives")
	}
	conv := make([]any, len(branches))
	for i, b := range branches {
		conv[i] = c.schema(b, path+"/"+k+"/"+strconv.Itoa(i), "", nil, level)
	}
	out.Set("anyOf", conv)
}

// memberGroups returns the members each branch of a union requires, when
// every branch only requires members (with annotations, and declarations
// of the members with the schema true): "email", "phone and fax".
func memberGroups(branches []any) ([]string, bool) {
	var groups []string
	for _, b := range branches {
		o, ok := b.(*jsonschema.Object)
		if !ok || !o.Has("required") {
			return nil, false
		}
		for _, k := range o.Keys {
			switch k {
			case "required", "title", "description":
			case "properties":
				props := o.Values[k].(*jsonschema.Object)
				for _, name := range props.Keys {
					if props.Values[name] != true {
						return nil, false
					}
				}
			default:
				return nil, false
			}
		}
		var members []string
		for _, m := range o.Values["required"].([]any) {
			members = append(members, m.(string))
		}
		groups = append(groups, ir.JoinAnd(members))
	}
	return groups, len(groups) > 0
}

// dialectNullable recognizes invopop's nullable form {"oneOf": [T, {"type":
// "null"}]} and returns T.
func dialectNullable(s *jsonschema.Object) (any, bool) {
	one, ok := s.Get("oneOf")
	if !ok || len(s.Keys) != 1 {
		return nil, false
	}
	branches, _ := one.([]any)
	if len(branches) != 2 {
		return nil, false
	}
	null, ok := branches[1].(*jsonschema.Object)
	if !ok || len(null.Keys) != 1 || null.Str("type") != "null" {
		return nil, false
	}
	return branches[0], true
}

// nullable makes a converted schema accept null too.
func (c *converter) nullable(v any) any {
	s, ok := v.(*jsonschema.Object)
	if !ok {
		return v
	}
	if c.lowering == lowerGemini {
		if s.Has("nullable") {
			return s
		}
		withNull := jsonschema.NewObject()
		for _, k := range s.Keys {
			if k != "description" {
				withNull.Set(k, s.Values[k])
			}
		}
		withNull.Set("nullable", true)
		if d := s.Str("description"); d != "" {
			withNull.Set("description", d)
		}
		return withNull
	}
	if acceptsNull(s) {
		return s
	}
	null := jsonschema.NewObject().With("type", "null")
	if branches, ok := s.Get("anyOf"); ok && onlyAnnotations(s, "anyOf") {
		// A union already: null is one more branch.
		withNull := jsonschema.NewObject()
		for _, k := range s.Keys {
			withNull.Set(k, s.Values[k])
		}
		withNull.Set("anyOf", append(append([]any{}, branches.([]any)...), null))
		return withNull
	}
	if c.openAI() && !s.Has("enum") && !s.Has("anyOf") {
		if t := s.Str("type"); t == "string" || t == "number" || t == "integer" || t == "boolean" {
			// The form OpenAI documents for an optional field.
			withNull := jsonschema.NewObject()
			for _, k := range s.Keys {
				withNull.Set(k, s.Values[k])
			}
			withNull.Set("type", []any{t, "null"})
			return withNull
		}
	}
	// The description stays with the property, outside the union.
	branch := jsonschema.NewObject()
	for _, k := range s.Keys {
		if k != "description" {
			branch.Set(k, s.Values[k])
		}
	}
	union := jsonschema.NewObject()
	union.Set("anyOf", []any{branch, null})
	if d := s.Str("description"); d != "" {
		union.Set("description", d)
	}
	return union
}

// onlyAnnotations reports whether s has no keyword but k, a description
// and a title.
func onlyAnnotations(s *jsonschema.Object, k string) bool {
	for _, key := range s.Keys {
		if key != k && key != "description" && key != "title" {
			return false
		}
	}
	return true
}

func acceptsNull(s *jsonschema.Object) bool {
	if t, ok := s.Get("type"); ok {
		if types, ok := t.([]any); ok {
			for _, x := range types {
				if x == "null" {
					return true
				}
			}
		}
	}
	if branches, ok := s.Get("anyOf"); ok {
		for _, b := range branches.([]any) {
			if o, ok := b.(*jsonschema.Object); ok && o.Str("type") == "null" && len(o.Keys) == 1 {
				return true
			}
		}
	}
	return false
}
