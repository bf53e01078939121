package emit

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// unevaluatedProperties and unevaluatedItems apply to the members (items)
// that no subschema applied in place evaluated. Which subschemas apply is
// known when the code is generated, and so is what each evaluates: its
// properties and patternProperties names, all members when it has
// additionalProperties or unevaluatedProperties (its prefixItems, all items
// with items or unevaluatedItems, the items matching contains). Only the
// branches of anyOf, oneOf and if apply or not depending on the value (and
// dependentSchemas on the members present): a schema whose subschemas all
// apply statically compiles to a plain check of the members left, like
// additionalProperties.
//
// Otherwise the schema owning the keyword decides each branch applied in
// place once, into a variable the anyOf, oneOf and if checks read as well
// as the unevaluated keyword; the subschemas its $refs point to are checked
// inline, so that theirs are shared too. Deciding a branch twice would
// cost twice at each level of a recursive value: exponential time.

// sharedVerdicts are the verdicts of the branches applied in place to one
// value, computed once.
type sharedVerdicts struct {
	v        jen.Code
	vars     map[string]string // by verdictKey
	matching map[string]string // the items contains matches, a bit set, by verdictKey of its schema
	stmts    []verdictStmt     // their assignments, innermost first
	reads    map[string]map[string]bool
	reader   string // the variable whose assignment is being emitted; "" for the checks
}

type verdictStmt struct {
	name string
	code []jen.Code
}

func (sh *sharedVerdicts) read(name string) {
	if sh.reads[sh.reader] == nil {
		sh.reads[sh.reader] = map[string]bool{}
	}
	sh.reads[sh.reader][name] = true
}

// verdictKey names the verdict on b in the current dynamic scope.
func (e *emitter) verdictKey(b *jsonschema.Schema) string { return e.scopeFor(b).key + "\x00" + b.Loc }

// verdict is an expression of whether v is valid against b: the shared
// variable when there is one.
func (e *emitter) verdict(b *jsonschema.Schema, v jen.Code) jen.Code {
	if sh := e.shared; sh != nil && sh.v == v && b.Boolean == nil {
		if name, ok := sh.vars[e.verdictKey(b)]; ok {
			sh.read(name)
			return jen.Id(name)
		}
	}
	return e.matchCall(b, v)
}

// containsMatching is the bit set of the items the contains of s matches,
// when an unevaluatedItems shares it; "" otherwise.
func (e *emitter) containsMatching(s *jsonschema.Schema, v jen.Code) string {
	if !e.inlines(v) {
		return ""
	}
	name := e.shared.matching[e.verdictKey(s)]
	if name != "" {
		e.shared.read(name)
	}
	return name
}

// inlines reports whether the $refs of the code being emitted for v are
// checked inline, so that they share the verdicts.
func (e *emitter) inlines(v jen.Code) bool { return e.shared != nil && e.shared.v == v }

// branchesInPlace reports whether anyOf, oneOf or if apply in place to the
// value of s: whether what s evaluates depends on the value.
func branchesInPlace(s *jsonschema.Schema) bool {
	seen := map[*jsonschema.Schema]bool{}
	var walk func(n *jsonschema.Schema) bool
	walk = func(n *jsonschema.Schema) bool {
		if n == nil || n.Boolean != nil || seen[n] {
			return false
		}
		seen[n] = true
		if len(n.AnyOf) > 0 || len(n.OneOf) > 0 || n.If != nil {
			return true
		}
		next := append([]*jsonschema.Schema{n.RefTarget, n.DynTarget, n.Then, n.Else}, n.DynCandidates...)
		next = append(next, n.AllOf...)
		for _, d := range n.DependentSchemas {
			next = append(next, d.Schema)
		}
		for _, c := range next {
			if walk(c) {
				return true
			}
		}
		return false
	}
	return walk(s)
}

// containsInPlace reports whether a contains that evaluates items (draft
// 2020-12) applies in place to the value of s.
func containsInPlace(s *jsonschema.Schema) bool {
	seen := map[*jsonschema.Schema]bool{}
	var walk func(n *jsonschema.Schema) bool
	walk = func(n *jsonschema.Schema) bool {
		if n == nil || n.Boolean != nil || seen[n] {
			return false
		}
		seen[n] = true
		if n.ContainsEvaluates() {
			return true
		}
		for _, c := range n.InPlace() {
			if c != n.Not && walk(c) {
				return true
			}
		}
		return false
	}
	return walk(s)
}

// ownsVerdicts reports whether s has an unevaluated keyword whose members
// (items) depend on the verdicts of branches (or of contains on items).
func ownsVerdicts(s *jsonschema.Schema) bool {
	if s == nil {
		return false
	}
	props := s.UnevaluatedProperties != nil && !s.UnevaluatedProperties.IsTrue()
	items := s.UnevaluatedItems != nil && !s.UnevaluatedItems.IsTrue()
	return (props || items) && branchesInPlace(s) || items && containsInPlace(s)
}

// withSharedVerdicts emits the checks of s on v (made by checks) after the
// verdicts of the branches applied in place, those the checks read.
func (e *emitter) withSharedVerdicts(s *jsonschema.Schema, v jen.Code, checks func() []jen.Code) []jen.Code {
	if e.inlinedSize(s) > maxEvaluators {
		// Refused; the checks around it go on, to find the other errors.
		e.fail(s.Loc, "the unevaluated keywords look through more than %d subschemas applied in place; toolgen refuses to generate that much code", maxEvaluators)
		e.tooLarge[s] = true
		return checks()
	}
	saved := e.shared
	sh := &sharedVerdicts{v: v, vars: map[string]string{}, matching: map[string]string{}, reads: map[string]map[string]bool{}}
	e.shared = sh
	defer func() { e.shared = saved }()
	e.decideBranches(s, v)
	body := checks()
	live := map[string]bool{}
	var mark func(reader string)
	mark = func(reader string) {
		for name := range sh.reads[reader] {
			if !live[name] {
				live[name] = true
				mark(name)
			}
		}
	}
	mark("")
	var out []jen.Code
	for _, st := range sh.stmts {
		if live[st.name] {
			out = append(out, st.code...)
		}
	}
	return append(out, body...)
}

// inlinedSize counts the subschemas applied in place to the value of s,
// each path to one apart: what the shared checks of s write inline and what
// its unevaluated keywords look through. It counts each schema once per
// dynamic scope, so a DAG of references costs its size, not its paths, and
// saturates past maxEvaluators.
func (e *emitter) inlinedSize(s *jsonschema.Schema) int {
	memo := map[*jsonschema.Schema]map[*dynScope]int{}
	var size func(n *jsonschema.Schema) int
	size = func(n *jsonschema.Schema) int {
		if n == nil || n.Boolean != nil {
			return 0
		}
		restore := e.enter(n)
		defer restore()
		if got, ok := memo[n][e.dyn]; ok {
			return got // (0 while n is being counted: a cycle, refused elsewhere)
		}
		if memo[n] == nil {
			memo[n] = map[*dynScope]int{}
		}
		memo[n][e.dyn] = 0
		total := 1
		next := append([]*jsonschema.Schema{n.RefTarget, e.dynamicTarget(n), n.If, n.Then, n.Else}, n.AllOf...)
		next = append(append(next, n.AnyOf...), n.OneOf...)
		for _, d := range n.DependentSchemas {
			next = append(next, d.Schema)
		}
		for _, c := range next {
			total = min(total+size(c), maxEvaluators+1)
		}
		memo[n][e.dyn] = total
		return total
	}
	return size(s)
}

// decideBranches assigns a variable the verdict of each branch applied in
// place to v under s, the branches inside a branch first: a branch with
// branches of its own is decided inline, reading theirs. For an
// unevaluatedItems, the items each contains applied in place matches are a
// bit set, decided once too.
func (e *emitter) decideBranches(s *jsonschema.Schema, v jen.Code) {
	items := s.UnevaluatedItems != nil && !s.UnevaluatedItems.IsTrue()
	sh := e.shared
	visited := map[string]bool{}
	var visit func(n *jsonschema.Schema, branch bool)
	visit = func(n *jsonschema.Schema, branch bool) {
		if n == nil || n.Boolean != nil {
			return
		}
		key := e.verdictKey(n)
		if !visited[key] {
			visited[key] = true
			restore := e.enter(n)
			for _, t := range []*jsonschema.Schema{n.RefTarget, e.dynamicTarget(n), n.Then, n.Else} {
				visit(t, false)
			}
			for _, b := range n.AllOf {
				visit(b, false)
			}
			for _, d := range n.DependentSchemas {
				visit(d.Schema, false)
			}
			for _, list := range [][]*jsonschema.Schema{n.AnyOf, n.OneOf} {
				for _, b := range list {
					visit(b, true)
				}
			}
			visit(n.If, true)
			if items && n.ContainsEvaluates() && n.Contains.Boolean == nil {
				e.matchItems(n, v, key)
			}
			restore()
		}
		if !branch || sh.vars[key] != "" {
			return
		}
		name := e.local("applies")
		var expr jen.Code
		if branchesInPlace(n) {
			savedFn, savedReader := e.fn, sh.reader
			e.fn = &fnState{mode: decide, locals: savedFn.locals, hasDepth: savedFn.hasDepth}
			sh.reader = name
			body := append(e.check(n, v, loc{}), jen.Return(jen.True()))
			e.fn, sh.reader = savedFn, savedReader
			expr = jen.Func().Params().Bool().Block(body...).Call()
		} else {
			expr = e.matchCall(n, v)
		}
		sh.vars[key] = name
		sh.stmts = append(sh.stmts, verdictStmt{name, []jen.Code{jen.Id(name).Op(":=").Add(expr)}})
	}
	visit(s, false)
}

// matchItems emits the bit set of the items of v that the contains of n
// matches: on the stack up to 256 items.
func (e *emitter) matchItems(n *jsonschema.Schema, v jen.Code, key string) {
	buf, set := e.local("buf"), e.local("matching")
	list, i, item := e.local("list"), e.local("i"), e.local("item")
	e.shared.matching[key] = set
	e.shared.stmts = append(e.shared.stmts, verdictStmt{set, []jen.Code{
		jen.Var().Id(buf).Index(jen.Lit(4)).Uint64(),
		jen.Id(set).Op(":=").Id(buf).Index(jen.Op(":")),
		jen.If(jen.List(jen.Id(list), jen.Id("ok")).Op(":=").Qual(valuePath, "List").Call(v), jen.Id("ok")).Block(
			jen.If(jen.Len(jen.Id(list)).Op(">").Lit(256)).Block(
				jen.Id(set).Op("=").Make(jen.Index().Uint64(), jen.Parens(jen.Len(jen.Id(list)).Op("+").Lit(63)).Op("/").Lit(64))),
			jen.For(jen.List(jen.Id(i), jen.Id(item)).Op(":=").Range().Id(list)).Block(
				jen.If(e.matchCall(n.Contains, jen.Id(item))).Block(
					jen.Id(set).Index(jen.Id(i).Op(">>").Lit(6)).Op("|=").Lit(1).Op("<<").Parens(jen.Id(i).Op("&").Lit(63)))),
		),
	}})
}

// evaluator is a subschema applied in place under an unevaluated keyword,
// with what it evaluates and when it applies.
type evaluator struct {
	when     []string // all true when it applies (none: always): a verdict variable, one after "!", or "has:" and a member name
	names    []string
	patterns []func(k jen.Code) jen.Code
	all      bool
	prefix   int
	contains func(i, item jen.Code) jen.Code // whether contains matched item i
}

// maxEvaluators bounds the subschemas an unevaluated keyword looks through,
// counting each path to one apart, so that generation stays linear.
const maxEvaluators = 1000

// evaluation lists the evaluators of root's unevaluatedProperties (props)
// or unevaluatedItems. ok is false when the schema is too large.
func (e *emitter) evaluation(root *jsonschema.Schema, props bool) (list []evaluator, ok bool) {
	if e.tooLarge[root] {
		return nil, false
	}
	staticDone := map[*jsonschema.Schema]map[*dynScope]bool{}
	ok = true
	var walk func(s *jsonschema.Schema, when []string)
	walk = func(s *jsonschema.Schema, when []string) {
		if !ok || s == nil || s.Boolean != nil {
			return
		}
		if len(list) >= maxEvaluators {
			e.fail(root.Loc, "the unevaluated keywords look through more than %d subschemas applied in place; toolgen refuses to generate that much code", maxEvaluators)
			ok = false
			return
		}
		restore := e.enter(s)
		defer restore()
		if len(when) == 0 {
			if staticDone[s][e.dyn] {
				return
			}
			if staticDone[s] == nil {
				staticDone[s] = map[*dynScope]bool{}
			}
			staticDone[s][e.dyn] = true
		}
		x := evaluator{when: when}
		if props {
			for _, p := range s.Properties {
				x.names = append(x.names, p.Name)
			}
			for _, p := range s.PatternProperties {
				if match, ok := e.patternMatch(p.Name, p.Schema.Loc); ok {
					x.patterns = append(x.patterns, match)
				}
			}
			x.all = s.AdditionalProperties != nil || s != root && s.UnevaluatedProperties != nil
		} else {
			x.prefix = len(s.PrefixItems)
			x.all = s.Items != nil || s != root && s.UnevaluatedItems != nil
			if s.ContainsEvaluates() {
				fn := s.Contains
				set := ""
				if e.shared != nil {
					set = e.shared.matching[e.verdictKey(s)]
				}
				if set != "" {
					x.contains = func(i, _ jen.Code) jen.Code {
						e.shared.read(set)
						return jen.Qual(implPath, "Bit").Call(jen.Id(set), i)
					}
				} else {
					x.contains = func(_, item jen.Code) jen.Code { return e.matchCall(fn, item) }
				}
				if fn.IsTrue() {
					x.all = true
				}
			}
		}
		list = append(list, x)
		and := func(cond string) []string { return append(append([]string{}, when...), cond) }
		applies := func(b *jsonschema.Schema) string {
			name := e.shared.vars[e.verdictKey(b)]
			if name == "" {
				panic("toolgen: no shared verdict for " + b.Loc)
			}
			return name
		}
		for _, t := range []*jsonschema.Schema{s.RefTarget, e.dynamicTarget(s)} {
			walk(t, when)
		}
		for _, b := range s.AllOf {
			walk(b, when)
		}
		for _, branches := range [][]*jsonschema.Schema{s.AnyOf, s.OneOf} {
			for _, b := range branches {
				if b.Boolean == nil {
					walk(b, and(applies(b)))
				}
			}
		}
		switch {
		case s.If.IsTrue():
			walk(s.Then, when)
		case s.If.IsFalse():
			walk(s.Else, when)
		case s.If != nil:
			cond := applies(s.If)
			walk(s.If, and(cond))
			walk(s.Then, and(cond))
			walk(s.Else, and("!"+cond))
		}
		if props {
			for _, dep := range s.DependentSchemas {
				walk(dep.Schema, and("has:"+dep.Name))
			}
		}
	}
	walk(root, nil)
	return list, ok
}

// conjunction joins the conditions of an evaluator with &&; obj is the
// object whose members "has:" conditions test.
func (e *emitter) conjunction(when []string, obj jen.Code) jen.Code {
	var out *jen.Statement
	for _, c := range when {
		var cond *jen.Statement
		if member, ok := strings.CutPrefix(c, "has:"); ok {
			cond = jen.Qual(implPath, "Has").Call(obj, jen.Lit(member))
		} else {
			name, negated := strings.CutPrefix(c, "!")
			e.shared.read(name)
			cond = jen.Id(name)
			if negated {
				cond = jen.Op("!").Id(name)
			}
		}
		if out == nil {
			out = cond
		} else {
			out = out.Op("&&").Add(cond)
		}
	}
	return out
}

// unevaluatedProperties checks the members of obj that no subschema of s
// evaluated against s's unevaluatedProperties.
func (e *emitter) unevaluatedProperties(s *jsonschema.Schema, obj jen.Code, l loc) []jen.Code {
	u := s.UnevaluatedProperties
	if u == nil || u.IsTrue() {
		return nil
	}
	list, ok := e.evaluation(s, true)
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
	for _, x := range list {
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
		cond := e.conjunction(x.when, obj)
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
	if len(dynamic) > 0 {
		body = append(body, jen.If(disjunction(dynamic)).Block(skip))
	}
	if e.fn.mode == decide {
		if !u.IsFalse() {
			body = append(body, jen.If(jen.Op("!").Add(e.matchCall(u, jen.Add(obj).Index(jen.Id(k))))).Block(jen.Return(jen.False())))
		} else {
			body = append(body, jen.Return(jen.False()))
		}
		if len(body) == 1 && u.IsFalse() {
			// Nothing is evaluated: any member is one too many.
			return []jen.Code{jen.If(jen.Len(obj).Op(">").Lit(0)).Block(jen.Return(jen.False()))}
		}
		return []jen.Code{jen.For(jen.Id(k).Op(":=").Range().Add(obj)).Block(body...)}
	}
	if u.IsFalse() {
		body = append(body, e.report(l.dynamicKey(jen.Id(k)), addError("unexpected", jen.Dict{
			jen.Id("Got"): jen.Qual(valuePath, "TypeName").Call(jen.Id(val)),
		})))
	} else {
		body = append(body, e.check(u, jen.Id(val), l.dynamicKey(jen.Id(k)))...)
	}
	return append([]jen.Code{jen.Comment("unevaluatedProperties: the members no subschema evaluated.")}, e.byKey(obj, k, val, body)...)
}

// unevaluatedItems checks the items of list that no subschema of s
// evaluated against s's unevaluatedItems.
func (e *emitter) unevaluatedItems(s *jsonschema.Schema, list jen.Code, l loc) []jen.Code {
	u := s.UnevaluatedItems
	if u == nil || u.IsTrue() {
		return nil
	}
	evaluators, ok := e.evaluation(s, false)
	if !ok {
		return nil
	}
	limit, i := e.local("limit"), e.local("i")
	item := jen.Add(list).Index(jen.Id(i))
	static := 0
	var widen, matched []jen.Code
	for _, x := range evaluators {
		if len(x.when) == 0 {
			if x.all {
				return nil
			}
			static = max(static, x.prefix)
			if x.contains != nil {
				matched = append(matched, x.contains(jen.Id(i), item))
			}
			continue
		}
		if !x.all && x.prefix == 0 && x.contains == nil {
			continue
		}
		cond := e.conjunction(x.when, nil)
		switch {
		case x.all:
			widen = append(widen, jen.If(cond).Block(jen.Id(limit).Op("=").Len(list)))
		case x.prefix > 0:
			widen = append(widen, jen.If(jen.Add(cond).Op("&&").Id(limit).Op("<").Lit(x.prefix)).Block(jen.Id(limit).Op("=").Lit(x.prefix)))
		}
		if x.contains != nil {
			matched = append(matched, jen.Add(cond).Op("&&").Add(x.contains(jen.Id(i), item)))
		}
	}
	var body []jen.Code
	if len(matched) > 0 {
		body = append(body, jen.If(disjunction(matched)).Block(jen.Continue()))
	}
	if e.fn.mode == decide {
		body = append(body, jen.If(jen.Op("!").Add(e.matchCall(u, item))).Block(jen.Return(jen.False())))
	} else {
		body = append(body, e.stopWhenFull()...)
		body = append(body, e.check(u, item, l.index(jen.Id(i)))...)
	}
	inner := []jen.Code{jen.Comment("unevaluatedItems: the items no subschema evaluated."), jen.Id(limit).Op(":=").Lit(static)}
	inner = append(inner, widen...)
	inner = append(inner, jen.For(jen.Id(i).Op(":=").Id(limit), jen.Id(i).Op("<").Len(list), jen.Id(i).Op("++")).Block(body...))
	return []jen.Code{jen.Block(inner...)}
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
