package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

// This file emits the checks of the string keywords (enum, const, minLength,
// maxLength, pattern, format, contentEncoding) and of the JSON a string holds.

// stringChecks emits the keywords of strings on str, as one chain: at most
// one error per value location; then the checks of the JSON document the
// string holds, when it passed them.
func (e *emitter) stringChecks(s *jsonschema.Schema, str, v jen.Code, l loc) []jen.Code {
	p := plan.StringOf(s)
	out, _ := e.stringRules(p.Rules, stringView{str: str, length: "length", enumBase: e.nameAt(s.Loc, "Values"),
		fail: func(r plan.Rule) jen.Code { return e.reportValue(r.Code, l, r.Expected, v) }})
	if p.Content == nil {
		return out
	}
	// The document's own checks, when the string is one.
	doc := e.local("doc")
	checks := e.check(p.Content, jen.Id(doc), l)
	if len(checks) == 0 {
		return out
	}
	decode := jen.List(jen.Id(doc), jen.Id("ok")).Op(":=").Qual(implPath, "ContentValue").Call(str, jen.Lit(p.ContentBase64))
	if len(out) == 0 {
		return append(out, jen.If(decode, jen.Id("ok")).Block(checks...))
	}
	// At most one error per location: only when the string passed the
	// other checks.
	last := out[len(out)-1].(*jen.Statement)
	last.Else().If(decode, jen.Id("ok")).Block(checks...)
	return out
}

// stringView is how a renderer reads a string for its rules: str, the
// string; fail, how a rule fails; length, the base name of the local of
// its length; enumBase, the base name of an enum's table; keep, whether
// the enum's own copy of the string is kept (in the local returned).
type stringView struct {
	str      jen.Code
	fail     func(r plan.Rule) jen.Code
	length   string
	enumBase string
	keep     bool
}

// stringRules renders the rules of a string as one chain, with the
// statements it needs before it. It returns the local keeping the enum's
// copy of the string, "" when there is none.
func (e *emitter) stringRules(rules []plan.Rule, x stringView) ([]jen.Code, string) {
	var pre []jen.Code
	var out []rule
	length, kept := "", ""
	for _, r := range rules {
		var cond jen.Code
		switch c := r.Cond.(type) {
		case plan.Enum:
			table := jen.Id(e.enumTable(jsonschema.KindString, c.Values, x.enumBase))
			if x.keep {
				kept = e.local("x")
				in := e.local("in")
				pre = append(pre, jen.List(jen.Id(kept), jen.Id(in)).Op(":=").Qual(implPath, "Enum").Call(x.str, table))
				cond = jen.Op("!").Id(in)
			} else {
				in := e.local("in")
				cond = jen.List(jen.Id("_"), jen.Id(in)).Op(":=").Qual(implPath, "Enum").Call(x.str, table).Op(";").Op("!").Id(in)
			}
		case plan.Const:
			cond = jen.Add(x.str).Op("!=").Lit(c.Value.(string))
		case plan.MinLength, plan.MaxLength:
			if length == "" {
				length = e.local(x.length)
				pre = append(pre, jen.Id(length).Op(":=").Qual(implPath, "Length").Call(x.str))
			}
			if m, ok := c.(plan.MinLength); ok {
				cond = jen.Id(length).Op("<").Lit(int(m.N))
			} else {
				cond = jen.Id(length).Op(">").Lit(int(c.(plan.MaxLength).N))
			}
		case plan.Pattern:
			match, ok := e.patternMatch(c.Pattern, c.At)
			if !ok {
				continue
			}
			cond = jen.Op("!").Add(match(x.str))
		case plan.Format:
			cond = jen.Op("!").Qual(formatPath, c.Func).Call(x.str)
		case plan.Base64:
			cond = jen.Op("!").Qual(implPath, "Base64").Call(x.str)
		case plan.JSONContent:
			cond = jen.Op("!").Qual(implPath, "JSONContent").Call(x.str, jen.Lit(c.Base64))
		default:
			panic(fmt.Sprintf("a string has no rule %T", c))
		}
		out = append(out, rule{cond, x.fail(r)})
	}
	return chain(pre, out), kept
}
