package gen

import (
	"strings"

	"github.com/dave/jennifer/jen"
)

// unevaluatedProperties and unevaluatedItems apply to the members (items)
// that no subschema applied in place evaluated. Which subschemas apply is
// known when the code is generated, and so is what each evaluates: its
// properties and patternProperties names, all members when it has
// additionalProperties or unevaluatedProperties (its prefixItems, all items
// with items or unevaluatedItems, the items matching contains). Only the
// branches of anyOf, oneOf and if, and dependentSchemas, apply or not
// depending on the value: their verdicts are computed at run time, once
// per value and only when a member is not evaluated otherwise, by the match
// functions. A schema whose subschemas all apply statically compiles to a
// plain check of the members left, like additionalProperties.

// evaluator is a subschema applied in place under an unevaluated keyword,
// with what it evaluates and when it applies.
type evaluator struct {
	when     []string // condition variables ("!" before one negates it) all true when it applies; none: always
	names    []string
	patterns []func(k jen.Code) jen.Code
	all      bool
	prefix   int
	contains func(item jen.Code) jen.Code
}

// maxEvaluators bounds the subschemas an unevaluated keyword looks through,
// counting each path to one apart, so that generation stays linear.
const maxEvaluators = 1000

// evaluation lists the evaluators of root's unevaluatedProperties (props)
// or unevaluatedItems, and the conditions they use: match calls and
// member tests, each assigned to a variable once. ok is false when the
// schema is too large.
type evaluation struct {
	list  []evaluator
	vars  []string   // the condition variables
	exprs []jen.Code // what each is assigned
	byKey map[string]string
	used  map[string]bool // the variables the emitted conditions read
}

func (e *emitter) evaluation(root *schema, obj, v jen.Code, props bool) (*evaluation, bool) {
	ev := &evaluation{byKey: map[string]string{}, used: map[string]bool{}}
	variable := func(key string, expr func() jen.Code) string {
		name, ok := ev.byKey[key]
		if !ok {
			name = e.local("applies")
			ev.byKey[key] = name
			ev.vars = append(ev.vars, name)
			ev.exprs = append(ev.exprs, expr())
		}
		return name
	}
	staticDone := map[*schema]map[*scope]bool{}
	ok := true
	var walk func(s *schema, when []string)
	walk = func(s *schema, when []string) {
		if !ok || s == nil || s.boolean != nil {
			return
		}
		if len(ev.list) >= maxEvaluators {
			e.fail(root.loc, "the unevaluated keywords look through more than %d subschemas applied in place; toolgen refuses to generate that much code", maxEvaluators)
			ok = false
			return
		}
		restore := e.enter(s)
		defer restore()
		if len(when) == 0 {
			if staticDone[s][e.scope] {
				return
			}
			if staticDone[s] == nil {
				staticDone[s] = map[*scope]bool{}
			}
			staticDone[s][e.scope] = true
		}
		x := evaluator{when: when}
		if props {
			for _, p := range s.properties {
				x.names = append(x.names, p.name)
			}
			for _, p := range s.patternProperties {
				if match, ok := e.patternMatch(p.name, p.schema.loc); ok {
					x.patterns = append(x.patterns, match)
				}
			}
			x.all = s.additionalProperties != nil || s != root && s.unevaluatedProperties != nil
		} else {
			x.prefix = len(s.prefixItems)
			x.all = s.items != nil || s != root && s.unevaluatedItems != nil
			if s.contains != nil && s.meta.draft >= draft2020 {
				fn := s.contains
				x.contains = func(item jen.Code) jen.Code { return e.matchCall(fn, item) }
				if fn.isTrue() {
					x.all = true
				}
			}
		}
		ev.list = append(ev.list, x)
		and := func(cond string) []string { return append(append([]string{}, when...), cond) }
		matches := func(b *schema) string {
			return variable(e.scope.key+"\x00match\x00"+b.loc, func() jen.Code { return e.matchCall(b, v) })
		}
		for _, t := range []*schema{s.refTarget, e.dynamicTarget(s)} {
			if t != nil {
				walk(t, when)
			}
		}
		for _, b := range s.allOf {
			walk(b, when)
		}
		for _, list := range [][]*schema{s.anyOf, s.oneOf} {
			for _, b := range list {
				if b.boolean == nil {
					walk(b, and(matches(b)))
				}
			}
		}
		if s.ifS != nil && s.ifS.boolean == nil {
			cond := matches(s.ifS)
			walk(s.ifS, and(cond))
			walk(s.thenS, and(cond))
			walk(s.elseS, and("!"+cond))
		} else if s.ifS.isTrue() {
			walk(s.thenS, when)
		} else if s.ifS.isFalse() {
			walk(s.elseS, when)
		}
		if props {
			for _, dep := range s.dependentSchemas {
				has := variable("has\x00"+dep.name, func() jen.Code { return jen.Qual(runtimePath, "Has").Call(obj, jen.Lit(dep.name)) })
				walk(dep.schema, and(has))
			}
		}
	}
	walk(root, nil)
	return ev, ok
}

// conjunction joins condition variables with &&, and marks them used.
func (ev *evaluation) conjunction(when []string) jen.Code {
	var out *jen.Statement
	for _, c := range when {
		name, negated := strings.CutPrefix(c, "!")
		ev.used[name] = true
		cond := jen.Id(name)
		if negated {
			cond = jen.Op("!").Id(name)
		}
		if out == nil {
			out = cond
		} else {
			out = out.Op("&&").Add(cond)
		}
	}
	return out
}

// usedVars are the condition variables the emitted conditions read.
func (ev *evaluation) usedVars() []string {
	var out []string
	for _, name := range ev.vars {
		if ev.used[name] {
			out = append(out, name)
		}
	}
	return out
}

// assignConditions emits the assignment of every condition variable read.
func (ev *evaluation) assignConditions() []jen.Code {
	var out []jen.Code
	for i, name := range ev.vars {
		if ev.used[name] {
			out = append(out, jen.Id(name).Op("=").Add(ev.exprs[i]))
		}
	}
	return out
}

// unevaluatedProperties checks the members of obj that no subschema of s
// evaluated against s's unevaluatedProperties.
func (e *emitter) unevaluatedProperties(s *schema, obj, v jen.Code, l loc) []jen.Code {
	u := s.unevaluatedProperties
	if u == nil || u.isTrue() {
		return nil
	}
	ev, ok := e.evaluation(s, obj, v, true)
	if !ok {
		return nil
	}
	k, val := e.local("k"), e.local("v")
	skip := jen.Continue()
	if e.fn.mode == collect {
		skip = jen.Return()
	}
	var staticNames []string
	var staticPatterns, dynamic []jen.Code
	for _, x := range ev.list {
		if len(x.when) == 0 {
			if x.all {
				return nil
			}
			staticNames = append(staticNames, x.names...)
			for _, p := range x.patterns {
				staticPatterns = append(staticPatterns, p(jen.Id(k)))
			}
			continue
		}
		var covers []jen.Code
		if !x.all {
			for _, n := range x.names {
				covers = append(covers, jen.Id(k).Op("==").Lit(n))
			}
			for _, p := range x.patterns {
				covers = append(covers, p(jen.Id(k)))
			}
			if len(covers) == 0 {
				continue
			}
		}
		cond := ev.conjunction(x.when)
		if len(covers) > 0 {
			cond = jen.Add(cond).Op("&&").Parens(disjunction(covers))
		}
		dynamic = append(dynamic, cond)
	}
	var body []jen.Code
	if len(staticNames) > 0 {
		var lits []jen.Code
		seen := map[string]bool{}
		for _, n := range staticNames {
			if !seen[n] {
				seen[n] = true
				lits = append(lits, jen.Lit(n))
			}
		}
		body = append(body, jen.Switch(jen.Id(k)).Block(jen.Case(lits...).Block(skip)))
	}
	if len(staticPatterns) > 0 {
		body = append(body, jen.If(disjunction(staticPatterns)).Block(skip))
	}
	var out []jen.Code
	if len(dynamic) > 0 {
		computed := e.local("computed")
		out = append(out, jen.Var().List(idList(append([]string{computed}, ev.usedVars()...))...).Bool())
		body = append(body,
			jen.If(jen.Op("!").Id(computed)).Block(append([]jen.Code{jen.Id(computed).Op("=").True()}, ev.assignConditions()...)...),
			jen.If(disjunction(dynamic)).Block(skip))
	}
	if e.fn.mode == decide {
		if !u.isFalse() {
			body = append(body, jen.If(jen.Op("!").Add(e.matchCall(u, jen.Add(obj).Index(jen.Id(k))))).Block(jen.Return(jen.False())))
		} else {
			body = append(body, jen.Return(jen.False()))
		}
		if len(body) == 1 && u.isFalse() {
			// Nothing is evaluated: any member is one too many.
			return []jen.Code{jen.If(jen.Len(obj).Op(">").Lit(0)).Block(jen.Return(jen.False()))}
		}
		return append(out, jen.For(jen.Id(k).Op(":=").Range().Add(obj)).Block(body...))
	}
	if u.isFalse() {
		body = append(body, e.report(errLit("unexpected", l.dynamicKey(jen.Id(k)), jen.Dict{
			jen.Id("Got"): jen.Qual(runtimePath, "TypeName").Call(jen.Id(val)),
		})))
	} else {
		body = append(body, e.check(u, jen.Id(val), l.dynamicKey(jen.Id(k)))...)
	}
	out = append([]jen.Code{jen.Comment("unevaluatedProperties: the members no subschema evaluated.")}, out...)
	out = append(out, e.keyOrdered(obj, k, val, true, body)...)
	return []jen.Code{jen.Block(out...)}
}

// unevaluatedItems checks the items of list (v as any: passing the slice
// would allocate) that no subschema of s evaluated against s's
// unevaluatedItems.
func (e *emitter) unevaluatedItems(s *schema, list, v jen.Code, l loc) []jen.Code {
	u := s.unevaluatedItems
	if u == nil || u.isTrue() {
		return nil
	}
	ev, ok := e.evaluation(s, nil, v, false)
	if !ok {
		return nil
	}
	limit, i := e.local("limit"), e.local("i")
	item := jen.Add(list).Index(jen.Id(i))
	static := 0
	var widen, matched []jen.Code
	for _, x := range ev.list {
		if len(x.when) == 0 {
			if x.all {
				return nil
			}
			static = max(static, x.prefix)
			if x.contains != nil {
				matched = append(matched, x.contains(item))
			}
			continue
		}
		if !x.all && x.prefix == 0 && x.contains == nil {
			continue
		}
		cond := ev.conjunction(x.when)
		switch {
		case x.all:
			widen = append(widen, jen.If(cond).Block(jen.Id(limit).Op("=").Len(list)))
		case x.prefix > 0:
			widen = append(widen, jen.If(jen.Add(cond).Op("&&").Id(limit).Op("<").Lit(x.prefix)).Block(jen.Id(limit).Op("=").Lit(x.prefix)))
		}
		if x.contains != nil {
			matched = append(matched, jen.Add(cond).Op("&&").Add(x.contains(item)))
		}
	}
	var body []jen.Code
	if len(matched) > 0 {
		body = append(body, jen.If(disjunction(matched)).Block(jen.Continue()))
	}
	if e.fn.mode == decide {
		body = append(body, jen.If(jen.Op("!").Add(e.matchCall(u, item))).Block(jen.Return(jen.False())))
	} else {
		body = append(body, e.check(u, item, l.index(jen.Id(i)))...)
	}
	inner := []jen.Code{jen.Comment("unevaluatedItems: the items no subschema evaluated."), jen.Id(limit).Op(":=").Lit(static)}
	if vars := ev.usedVars(); len(vars) > 0 {
		inner = append(inner, jen.Var().List(idList(vars)...).Bool())
	}
	if len(ev.usedVars()) > 0 || len(widen) > 0 {
		inner = append(inner, jen.If(jen.Len(list).Op(">").Id(limit)).Block(append(ev.assignConditions(), widen...)...))
	}
	inner = append(inner, jen.For(jen.Id(i).Op(":=").Id(limit), jen.Id(i).Op("<").Len(list), jen.Id(i).Op("++")).Block(body...))
	return []jen.Code{jen.Block(inner...)}
}

func idList(names []string) []jen.Code {
	out := make([]jen.Code, len(names))
	for i, n := range names {
		out[i] = jen.Id(n)
	}
	return out
}

// disjunction joins conditions with ||, each in parentheses.
func disjunction(conds []jen.Code) jen.Code {
	var out *jen.Statement
	for _, c := range conds {
		if out == nil {
			out = jen.Parens(c)
		} else {
			out = out.Op("||").Parens(c)
		}
	}
	return out
}
