package emit

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
	"github.com/toolgen-go/toolgen/internal/ecma"
	"github.com/toolgen-go/toolgen/internal/value"
)

// ExampleBreaks checks a tool's example arguments v (a //toolgen:example
// line, read) against its canonical schema s as the validator checks them:
// the kinds, the rules of each kind and of the whole value of the keyword
// model, member by member. It says where and how v breaks s, or "" when it
// breaks nothing. A null member is null, as JSON Schema reads it, even
// where the validator counts it as absent: a provider that takes examples
// may check them against the schema it is sent. A $dynamicRef and the
// unevaluated keywords are not followed: a struct's schema has none.
func ExampleBreaks(s *jsonschema.Schema, v any) string {
	return (&exampleCheck{}).breaks(s, v, "", 0)
}

type exampleCheck struct{}

// maxExampleDepth bounds the schemas followed ($ref cycles through a
// value's members end with the value; this guards the rest).
const maxExampleDepth = 256

// breaks says how v, the value at the member path at ("" for the
// arguments), breaks s, or "".
func (c *exampleCheck) breaks(s *jsonschema.Schema, v any, at string, depth int) string {
	subject := "the arguments"
	if at != "" {
		subject = "member '" + at + "'"
	}
	switch {
	case s == nil || s.IsTrue() || depth > maxExampleDepth:
		return ""
	case s.IsFalse():
		return subject + " is not allowed"
	}
	kind := jsonschema.JSONType(v)
	if s.Types != nil && !slices.ContainsFunc(s.Types, func(t string) bool {
		return t == kind || t == "integer" && kind == "number" && value.IsInteger(v)
	}) {
		return fmt.Sprintf("%s should be %s, got %s", subject, plan.TypeText(s), jsonschema.CompactJSON(v))
	}
	fail := func(why string) string { return subject + ": " + why }
	var rules []plan.Rule
	switch x := v.(type) {
	case string:
		rules = plan.StringOf(s).Rules
	case []any:
		rules = plan.ArrayRules(s)
		for i, item := range x {
			sub := s.Items
			if i < len(s.PrefixItems) {
				sub = s.PrefixItems[i]
			}
			if why := c.breaks(sub, item, fmt.Sprintf("%s[%d]", at, i), depth+1); why != "" {
				return why
			}
		}
		if cp, ok := plan.ContainsOf(s); ok {
			n := uint64(0)
			for i, item := range x {
				if c.breaks(cp.Schema, item, fmt.Sprintf("%s[%d]", at, i), depth+1) == "" {
					n++
				}
			}
			if n < cp.Min.Cond.(plan.MinItems).N {
				return fail("it should be " + cp.Min.Expected)
			}
			if cp.Max != nil && n > cp.Max.Cond.(plan.MaxItems).N {
				return fail("it should be " + cp.Max.Expected)
			}
		}
	case *jsonschema.Object:
		if why := c.object(s, x, at, depth); why != "" {
			return why
		}
		rules = plan.ObjectRules(s)
	default:
		if _, isNumber := v.(interface{ Float64() (float64, error) }); isNumber {
			rules = plan.NumberOf(s).Rules
		}
	}
	for _, r := range append(rules, plan.WholeOf(s)...) {
		if why := c.rule(r, v, at, depth); why != "" {
			if why[0] == '\x00' {
				return why[1:]
			}
			return fail(why)
		}
	}
	return ""
}

// object checks an object's members: required, unexpected and
// dependentRequired members, then each member's value.
func (c *exampleCheck) object(s *jsonschema.Schema, x *jsonschema.Object, at string, depth int) string {
	present := x.Has
	p := plan.ObjectOf(s)
	for _, m := range p.Missing {
		if !present(m.Name) {
			return "missing required member '" + join(at, m.Name) + "'"
		}
	}
	for _, d := range p.Dependent {
		if present(d.Name) {
			for _, r := range d.Required {
				if !present(r) {
					return "member '" + join(at, r) + "' should be " + d.Expected
				}
			}
		}
	}
	for _, k := range x.Keys {
		v := x.Values[k]
		var subs []*jsonschema.Schema
		for _, m := range s.Properties {
			if m.Name == k {
				subs = append(subs, m.Schema)
			}
		}
		declared := len(subs) > 0
		for _, m := range s.PatternProperties {
			if re, err := ecma.Translate(m.Name); err == nil && regexp.MustCompile(re).MatchString(k) {
				subs, declared = append(subs, m.Schema), true
			}
		}
		if !declared {
			if p.Closed {
				return "unexpected member '" + join(at, k) + "'"
			}
			subs = append(subs, s.AdditionalProperties)
		}
		for _, sub := range subs {
			if why := c.breaks(sub, v, join(at, k), depth+1); why != "" {
				return why
			}
		}
	}
	return ""
}

// rule says how v breaks r, or ""; a reason beginning with a NUL byte is
// a branch's own, whole.
func (c *exampleCheck) rule(r plan.Rule, v any, at string, depth int) string {
	ok := func(s *jsonschema.Schema) bool { return c.breaks(s, v, at, depth+1) == "" }
	whole := func(s *jsonschema.Schema) string {
		if why := c.breaks(s, v, at, depth+1); why != "" {
			return "\x00" + why
		}
		return ""
	}
	switch cond := r.Cond.(type) {
	case plan.Ref:
		return whole(cond.Target)
	case plan.AllOf:
		for _, s := range cond.Schemas {
			if why := whole(s); why != "" {
				return why
			}
		}
	case plan.AnyOf:
		if !slices.ContainsFunc(cond.Schemas, ok) {
			return "it is not " + r.Expected
		}
	case plan.OneOf:
		n := cond.True
		for _, s := range cond.Schemas {
			if ok(s) {
				n++
			}
		}
		if n != 1 {
			return "it is not " + r.Expected
		}
	case plan.Not:
		if ok(cond.Schema) {
			return "it is not " + r.Expected
		}
	case plan.IfThenElse:
		if ok(cond.If) {
			return whole(cond.Then)
		}
		return whole(cond.Else)
	case plan.MinItems:
		if n := len(v.([]any)); uint64(n) < cond.N {
			return "it should be " + r.Expected
		}
	case plan.MaxItems:
		if n := len(v.([]any)); uint64(n) > cond.N {
			return "it should be " + r.Expected
		}
	case plan.UniqueItems:
		items := v.([]any)
		for i := range items {
			for j := i + 1; j < len(items); j++ {
				if value.Equal(items[i], items[j]) {
					return "it should be " + r.Expected
				}
			}
		}
	case plan.MinProperties:
		if uint64(len(v.(*jsonschema.Object).Keys)) < cond.N {
			return "it should be " + r.Expected
		}
	case plan.MaxProperties:
		if uint64(len(v.(*jsonschema.Object).Keys)) > cond.N {
			return "it should be " + r.Expected
		}
	default:
		return defaultBreaksRule(r, v)
	}
	return ""
}

// join is the path of member k of the object at at.
func join(at, k string) string {
	if at == "" {
		return k
	}
	return at + "." + k
}
