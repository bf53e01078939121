package emit

import (
	"encoding/json"
	"fmt"
	"go/types"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
	"github.com/toolgen-go/toolgen/internal/ecma"
	"github.com/toolgen-go/toolgen/internal/format"
	"github.com/toolgen-go/toolgen/internal/value"
)

// A member's default= is what the handler receives when the model leaves
// the member out (or sends null, where null counts as absent): the typed
// decode sets it, as the MCP Go SDK does. The validator does not: it checks
// the arguments as they are and repairs nothing, so ValidateT leaves the
// caller's map alone. The default is checked against the member's own
// schema when generating, so it is never a value the schema refuses.
//
// The defaults a decode sets are those of a scalar field (a string, a
// number, a boolean, a named type of one, a time.Duration) or of a pointer
// to one. Another field's default (a slice's, a type that decodes itself)
// is refused at the field: the schema would promise a value the handler
// does not get.

// defaultOf returns the Go expression of the default of a member of schema
// s into the field fl, and whether the field is a pointer (it is then set
// only when nil); nil without a default, or after reporting one it cannot
// set.
func (d *decoder) defaultOf(s *jsonschema.Schema, fl ir.Field) (jen.Code, bool) {
	raw, ok := s.Raw.(*jsonschema.Object)
	if !ok {
		return nil, false
	}
	v, has := raw.Get("default")
	if inner, nullable := plan.NullableForm(s); nullable {
		if innerRaw, ok := inner.Raw.(*jsonschema.Object); ok && innerRaw.Has("default") {
			d.fail("field %s: default= on a nullable member: null is a value of its own, so an absent member cannot be told apart from it; drop nullable or the default", fieldName(fl))
		}
		return nil, false
	}
	if !has {
		return nil, false
	}
	t := types.Unalias(fl.Type())
	ptr, isPtr := t.Underlying().(*types.Pointer)
	elem := t
	if isPtr {
		elem = types.Unalias(ptr.Elem())
	}
	basic, isBasic := elem.Underlying().(*types.Basic)
	if !isBasic || basic.Info()&(types.IsString|types.IsNumeric|types.IsBoolean) == 0 || basic.Info()&types.IsComplex != 0 ||
		d.unmarshals(elem) || d.unmarshalsText(elem) || qualified(elem) == "encoding/json.Number" {
		d.fail("field %s: default=%s on a field of type %s: the decode sets the default of a string, number, boolean or duration field (or a pointer to one) when the member is absent; drop the default, or apply it in the handler", fieldName(fl), jsonschema.CompactJSON(v), d.typeName(fl.Type()))
		return nil, false
	}
	if why := defaultBreaks(s, v); why != "" {
		d.fail("field %s: default=%s breaks the member's schema: %s; write a default the schema accepts", fieldName(fl), jsonschema.CompactJSON(v), why)
		return nil, false
	}
	var lit jen.Code
	switch x := v.(type) {
	case string:
		lit = jen.Lit(x)
		if gotype.IsDuration(elem) {
			dur, err := time.ParseDuration(x)
			b := d.durations
			switch {
			case err != nil:
				d.fail("field %s: default=%s is beyond time.Duration's range; write a shorter duration", fieldName(fl), x)
				return nil, false
			case dur < b.Min || b.MaxText != "" && dur > b.Max:
				d.fail("field %s: default=%s is outside the field's bounds (%s); write a default within them", fieldName(fl), x, strings.TrimSuffix(b.Note(), "."))
				return nil, false
			}
			lit = durationExpr(dur)
		}
	case bool:
		lit = jen.Lit(x)
	case json.Number:
		if why := outsideGoType(basic, x); why != "" {
			d.fail("field %s: default=%s is outside the range of %s; write a default the field holds", fieldName(fl), x, why)
			return nil, false
		}
		lit = jen.Op(string(x))
	default:
		d.fail("field %s: default=%s does not fit the field", fieldName(fl), jsonschema.CompactJSON(v))
		return nil, false
	}
	if isPtr {
		// Typed, to take its address.
		typ, ok := d.typeExpr(elem)
		if !ok {
			return nil, false
		}
		lit = jen.Add(typ).Call(lit)
	}
	return lit, isPtr
}

// fieldName names a field in an error: its Go name.
func fieldName(fl ir.Field) string { return fl.Path[len(fl.Path)-1].Name() }

// outsideGoType names the Go type a numeric default does not fit, or "".
func outsideGoType(t *types.Basic, n json.Number) string {
	if r, ok := gotype.IntRanges[t.Kind()]; ok {
		if !value.IsInteger(n) || value.Compare(n, r.Min) < 0 || value.Compare(n, r.Max) > 0 {
			return t.Name()
		}
	}
	if t.Kind() == types.Float32 {
		if _, ok := value.Float32(n); !ok {
			return t.Name()
		}
	}
	return ""
}

// defaultBreaks checks a default as the validator checks a value, against
// its member's plan: its type, the rules of its kind in order, then enum
// and const by equality. It says which it breaks, or "" when it breaks
// none. The other checks of the whole value ($ref, allOf, ...) and the
// rules a struct tag does not give a scalar (contentEncoding,
// contentMediaType, a number's format) are not a default's.
func defaultBreaks(s *jsonschema.Schema, v any) string {
	if s.Types != nil && !slicesContainsKind(s.Types, jsonKind(v), v) {
		return "it is not " + plan.TypeList(s.Types)
	}
	var rules []plan.Rule
	switch v.(type) {
	case string:
		rules = plan.StringOf(s).Rules
	case json.Number:
		rules = plan.NumberOf(s).Rules
	}
	for _, r := range append(rules, plan.WholeOf(s)...) {
		if why := defaultBreaksRule(r, v); why != "" {
			return why
		}
	}
	return ""
}

// defaultBreaksRule says how the default v breaks the rule r, or "".
func defaultBreaksRule(r plan.Rule, v any) string {
	str, _ := v.(string)
	n, _ := v.(json.Number)
	switch c := r.Cond.(type) {
	case plan.Enum, plan.EqualsOneOf:
		var values []any
		if e, ok := c.(plan.Enum); ok {
			values = e.Values
		} else {
			values = c.(plan.EqualsOneOf).Values
		}
		if !slices.ContainsFunc(values, func(e any) bool { return value.Equal(e, v) }) {
			return "it is not " + r.Expected
		}
	case plan.Const:
		if !value.Equal(c.Value, v) {
			return "it is not " + jsonschema.CompactJSON(c.Value)
		}
	case plan.Equals:
		if !value.Equal(c.Value, v) {
			return "it is not " + jsonschema.CompactJSON(c.Value)
		}
	case plan.MinLength:
		if uint64(utf8.RuneCountInString(str)) < c.N {
			return fmt.Sprintf("it is shorter than minLength %d", c.N)
		}
	case plan.MaxLength:
		if uint64(utf8.RuneCountInString(str)) > c.N {
			return fmt.Sprintf("it is longer than maxLength %d", c.N)
		}
	case plan.Pattern:
		re2, err := ecma.Translate(c.Pattern)
		if err != nil {
			return "toolgen cannot check it against the pattern " + c.Pattern
		}
		if !regexp.MustCompile(re2).MatchString(str) {
			if c.Pattern == gotype.DurationPattern {
				return "it is not " + plan.DurationText
			}
			return "it does not match the pattern " + c.Pattern
		}
	case plan.Format:
		if _, isString := v.(string); isString {
			if known, ok := format.Check(c.Name, str); known && !ok {
				return "it is not " + r.Expected
			}
		}
	case plan.Bound:
		cmp := value.Compare(n, string(c.N))
		if c.Op == "<" && cmp < 0 || c.Op == ">" && cmp > 0 || c.Op == "<=" && cmp <= 0 || c.Op == ">=" && cmp >= 0 {
			return fmt.Sprintf("%s is %s", c.Keyword, c.N)
		}
	case plan.MultipleOf:
		if !value.MultipleOf(n, string(c.N)) {
			return "it is not " + r.Expected
		}
	}
	return ""
}

// jsonKind is the JSON type of a scalar default.
func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	}
	return "other"
}

// slicesContainsKind reports whether a value of kind is one of types (an
// integral number is an integer).
func slicesContainsKind(types []string, kind string, v any) bool {
	for _, t := range types {
		if t == kind || t == "integer" && kind == "number" && value.IsInteger(v) || t == "number" && kind == "number" {
			return true
		}
	}
	return false
}

// defaultTarget is the field fl of the struct at base, where a default
// goes: not through an embedded pointer, which the default would allocate.
func (d *decoder) defaultTarget(base jen.Code, fl ir.Field) (jen.Code, bool) {
	sel := jen.Add(base)
	for i, p := range fl.Path {
		last := i == len(fl.Path)-1
		if !last && !p.Exported() && p.Pkg() != d.pkg {
			if _, isPtr := types.Unalias(p.Type()).(*types.Pointer); !isPtr {
				continue
			}
		}
		if _, isPtr := types.Unalias(p.Type()).Underlying().(*types.Pointer); isPtr && !last {
			d.fail("field %s: default= on a field promoted through the embedded pointer %s: the default would allocate it; embed the struct itself, or apply the default in the handler", fieldName(fl), p.Name())
			return nil, false
		}
		sel = jen.Add(sel).Dot(p.Name())
	}
	return sel, true
}

// memberDefault adds the setting of a member's default, if any, to those
// done before the members are read (a value, which a present member
// overwrites) or after (a pointer, set when still nil, so that a present
// member allocates nothing more).
func (g *typedGen) memberDefault(s *jsonschema.Schema, fl ir.Field, before, after []jen.Code) ([]jen.Code, []jen.Code) {
	def, isPtr := g.d.defaultOf(s, fl)
	if def == nil {
		return before, after
	}
	sel, ok := g.d.defaultTarget(jen.Id("out"), fl)
	if !ok {
		return before, after
	}
	if !isPtr {
		return append(before, jen.Add(sel).Op("=").Add(def)), after
	}
	return before, append(after, jen.If(jen.Add(sel).Op("==").Nil()).Block(jen.Add(sel).Op("=").Qual(implPath, "Ptr").Call(jen.Id("s"), def)))
}

// objectSchemas are the object schemas a struct type is read with, member
// by member: the decode of a struct within a value read whole (see
// decoder.fields) finds its members' defaults there.
type objectSchemas map[*types.Struct][]*jsonschema.Schema

// fieldDefault is the else branch of the decode of the member of a map into
// the field fl of the struct st at base, for an absent or null member: its
// default, if any.
func (d *decoder) fieldDefault(st *types.Struct, fl ir.Field, base jen.Code) []jen.Code {
	var member *jsonschema.Schema
	if schemas := d.objects[st]; len(schemas) > 0 {
		for _, p := range schemas[0].Properties {
			if p.Name == fl.Name {
				member = p.Schema
			}
		}
	}
	if member == nil {
		if _, has := gotype.TagValue(fl.Tag.Get("jsonschema"), "default"); has {
			d.fail("field %s: default= on a field of a struct toolgen decodes only as part of a value read whole: the default would not be set; apply it in the handler", fieldName(fl))
		}
		return nil
	}
	def, isPtr := d.defaultOf(member, fl)
	if def == nil {
		return nil
	}
	sel, ok := d.defaultTarget(base, fl)
	if !ok {
		return nil
	}
	if !isPtr {
		return []jen.Code{jen.Add(sel).Op("=").Add(def)}
	}
	v := d.local("def")
	return []jen.Code{jen.Id(v).Op(":=").Add(def), jen.Add(sel).Op("=").Op("&").Id(v)}
}

// recordObjects records, for the decode of a value read whole, of schema s
// and Go type t, the object schemas of the structs within it (see
// objectSchemas), following the Go type as the decode does.
func (g *typedGen) recordObjects(s *jsonschema.Schema, t types.Type, depth int) {
	s = plan.PureRef(s)
	if s == nil || depth > 32 {
		return
	}
	if inner, ok := plan.NullableForm(s); ok {
		s = plan.PureRef(inner)
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Pointer:
		g.recordObjects(s, u.Elem(), depth+1)
	case *types.Slice:
		g.recordObjects(s.Items, u.Elem(), depth+1)
	case *types.Array:
		g.recordObjects(s.Items, u.Elem(), depth+1)
	case *types.Map:
		if s.AdditionalProperties != nil && !s.AdditionalProperties.IsFalse() {
			g.recordObjects(s.AdditionalProperties, u.Elem(), depth+1)
		}
		for _, p := range s.PatternProperties {
			g.recordObjects(p.Schema, u.Elem(), depth+1)
		}
	case *types.Struct:
		if slices.Contains(g.objects[u], s) {
			return
		}
		g.objects[u] = append(g.objects[u], s)
		fields := gotype.JSONMembers(u)
		for _, p := range s.Properties {
			for _, fl := range fields {
				if fl.Name == p.Name {
					g.recordObjects(p.Schema, fl.Type(), depth+1)
					break
				}
			}
		}
	}
}
