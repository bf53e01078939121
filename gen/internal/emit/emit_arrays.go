package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

// This file emits the checks of the array keywords (minItems, maxItems,
// uniqueItems, items, prefixItems, contains, minContains, maxContains).

// arrayChecks emits the keywords of arrays on list, a []any, v being the
// same value as any. It reports whether the checks use list.
func (e *emitter) arrayChecks(s *jsonschema.Schema, list, v jen.Code, l loc) ([]jen.Code, bool) {
	unused := 0 // checks that do not use list
	rules := e.arrayRules(plan.ArrayRules(s), list, func(r plan.Rule) jen.Code { return e.reportValue(r.Code, l, r.Expected, list) },
		func(r plan.Rule, i, j string) jen.Code {
			return e.report(l, addError(r.Code, jen.Dict{
				jen.Id("Expected"): jen.Lit(r.Expected),
				jen.Id("Got"):      jen.Lit("array"),
				jen.Id("Actual"): jen.Lit("items ").Op("+").Qual("strconv", "Itoa").Call(jen.Id(i)).Op("+").
					Lit(" and ").Op("+").Qual("strconv", "Itoa").Call(jen.Id(j)).Op("+").Lit(" are equal"),
			}))
		})
	out := rules
	if s.Contains != nil {
		checks := e.containsChecks(s, list, v, l)
		if s.Contains.IsFalse() || e.containsMatching(s, v) != "" {
			unused += len(checks) // counted without reading list
		}
		out = append(out, checks...)
	}
	out = append(out, e.container(l, func(l loc) []jen.Code {
		return append(e.itemChecks(s, list, l), e.unevaluatedItems(s, list, l)...)
	})...)
	return out, len(out) > unused
}

// arrayRules renders the rules of an array as a whole on list, a []any,
// as one chain: fail fails a rule, duplicate the rule of uniqueItems with
// the indexes of the two equal items.
func (e *emitter) arrayRules(rules []plan.Rule, list jen.Code, fail func(plan.Rule) jen.Code, duplicate func(r plan.Rule, i, j string) jen.Code) []jen.Code {
	var out []rule
	for _, r := range rules {
		switch c := r.Cond.(type) {
		case plan.MinItems:
			out = append(out, rule{jen.Len(list).Op("<").Lit(int(c.N)), fail(r)})
		case plan.MaxItems:
			out = append(out, rule{jen.Len(list).Op(">").Lit(int(c.N)), fail(r)})
		case plan.UniqueItems:
			i, j := "_", "_"
			if e.fn.mode == collect {
				i, j = e.local("i"), e.local("j")
			}
			dup := e.local("dup")
			rep := duplicate(r, i, j)
			e.deep = true // Duplicate walks hand-built items: a depth panic to recover
			out = append(out, rule{jen.List(jen.Id(i), jen.Id(j), jen.Id(dup)).Op(":=").Qual(valuePath, "Duplicate").Call(list).Op(";").Id(dup), rep})
		default:
			panic(fmt.Sprintf("an array has no rule %T", c))
		}
	}
	return chain(nil, out)
}

// itemChecks emits the checks of prefixItems and items on the items of
// list, at l. Past maxItems, items are not checked: the array is too long
// already, and its length does not make the walk longer.
func (e *emitter) itemChecks(s *jsonschema.Schema, list jen.Code, l loc) []jen.Code {
	var out []jen.Code
	for i, p := range s.PrefixItems {
		checks := e.check(p, jen.Add(list).Index(jen.Lit(i)), l.indexLit(i))
		if len(checks) > 0 {
			out = append(out, jen.If(jen.Len(list).Op(">").Lit(i)).Block(checks...))
		}
	}
	if s.Items == nil || s.Items.IsTrue() || s.Items.IsFalse() {
		return out
	}
	prefix := len(s.PrefixItems)
	i, item := e.local("i"), e.local("item")
	checks := e.check(s.Items, jen.Id(item), l.index(jen.Id(i)))
	if len(checks) == 0 {
		return out
	}
	items := list
	if s.MaxItems != nil && e.fn.mode == collect {
		items = jen.Qual(implPath, "Head").Call(list, jen.Lit(int(*s.MaxItems)))
	}
	n := jen.Len(items)
	checks = append(e.stopWhenFull(), checks...)
	if prefix == 0 {
		index := jen.Id(i)
		if e.fn.mode == decide {
			index = jen.Id("_") // the index only names errors
		}
		return append(out, jen.For(jen.List(index, jen.Id(item)).Op(":=").Range().Add(items)).Block(checks...))
	}
	return append(out, jen.For(jen.Id(i).Op(":=").Lit(prefix), jen.Id(i).Op("<").Add(n), jen.Id(i).Op("++")).Block(
		append([]jen.Code{jen.Id(item).Op(":=").Add(list).Index(jen.Id(i))}, checks...)...))
}

// containsChecks counts the items valid against contains and compares the
// count with minContains (1 by default) and maxContains.
func (e *emitter) containsChecks(s *jsonschema.Schema, list, v jen.Code, l loc) []jen.Code {
	p, ok := plan.ContainsOf(s)
	if !ok {
		return nil
	}
	min := p.Min.Cond.(plan.MinItems).N
	n, item := e.local("count"), e.local("item")
	var found []jen.Code
	found = append(found, jen.Id(n).Op("++"))
	if p.Max == nil {
		found = append(found, jen.If(jen.Id(n).Op(">=").Lit(int(min))).Block(jen.Break()))
	}
	var out []jen.Code
	switch matching := e.containsMatching(s, v); {
	case matching != "":
		// Counted from the verdicts the unevaluatedItems that reads them
		// shares: each item is decided once.
		out = []jen.Code{jen.Id(n).Op(":=").Qual(implPath, "CountBits").Call(jen.Id(matching))}
	case p.Schema.IsTrue():
		out = []jen.Code{jen.Id(n).Op(":=").Len(list)}
	case p.Schema.IsFalse():
		out = []jen.Code{jen.Id(n).Op(":=").Lit(0)}
	default:
		out = []jen.Code{
			jen.Id(n).Op(":=").Lit(0),
			jen.For(jen.List(jen.Id("_"), jen.Id(item)).Op(":=").Range().Add(list)).Block(
				jen.If(e.matchCall(p.Schema, jen.Id(item))).Block(found...)),
		}
	}
	if min > 0 {
		out = append(out, jen.If(jen.Id(n).Op("<").Lit(int(min))).Block(e.reportContains(p.Min.Code, l, p.Min.Expected, jen.Id(n))))
	}
	if p.Max != nil {
		out = append(out, jen.If(jen.Id(n).Op(">").Lit(int(p.Max.Cond.(plan.MaxItems).N))).Block(
			e.reportContains(p.Max.Code, l, p.Max.Expected, jen.Id(n))))
	}
	return out
}

func (e *emitter) reportContains(code string, l loc, expected string, n jen.Code) jen.Code {
	return e.report(l, addError(code, jen.Dict{
		jen.Id("Expected"): jen.Lit(expected),
		jen.Id("Got"):      jen.Lit("array"),
		jen.Id("Actual"):   jen.Qual("strconv", "Itoa").Call(n).Op("+").Lit(" matching"),
	}))
}
