package emit

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
	"github.com/toolgen-go/toolgen/internal/value"
)

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

// rule is a keyword check of one value: when cond holds, report.
type rule struct {
	cond, report jen.Code
}

// chain emits the rules of one value location as an if-else chain, so that
// at most one error is reported per location.
func chain(pre []jen.Code, rules []rule) []jen.Code {
	if len(rules) == 0 {
		return nil
	}
	stmt := jen.If(rules[0].cond).Block(rules[0].report)
	for _, r := range rules[1:] {
		stmt = stmt.Else().If(r.cond).Block(r.report)
	}
	return append(pre, stmt)
}

// numberChecks emits the keywords of numbers on num, the float64 view of v,
// as one chain (see numberRules). It reports whether the checks use num.
func (e *emitter) numberChecks(s *jsonschema.Schema, num, v jen.Code, l loc) ([]jen.Code, bool) {
	p := plan.NumberOf(s)
	x := numberView{
		f:          num,
		integer:    p.Integer,
		compare:    func(n json.Number) jen.Code { return jen.Qual(valuePath, "Compare").Call(v, jen.Lit(string(n))) },
		multipleOf: func(m json.Number) jen.Code { return jen.Qual(valuePath, "MultipleOf").Call(v, jen.Lit(string(m))) },
		in:         func(table string) jen.Code { return jen.Qual(implPath, "InNumbers").Call(v, num, jen.Id(table)) },
		enumBase:   e.nameAt(s.Loc, "Values"),
	}
	rules, ok := e.numberRules(p.Rules, x, func(r plan.Rule) jen.Code { return e.reportValue(r.Code, l, r.Expected, v) })
	if !ok || len(rules) == 0 {
		return nil, false
	}
	// multipleOf reads the value itself, exactly; every other rule reads
	// num.
	uses := slices.ContainsFunc(p.Rules, func(r plan.Rule) bool { _, m := r.Cond.(plan.MultipleOf); return !m })
	return chain(nil, rules), uses
}

// numberView is how generated code reads a number for its keywords: f, its
// float64 view, and the exact comparison, multipleOf check and enum lookup
// of the number itself; enumBase names its enum's table. integer says the
// number was checked to be an integer.
type numberView struct {
	f          jen.Code
	integer    bool
	compare    func(n json.Number) jen.Code // -1, 0 or +1, as value.Compare
	multipleOf func(m json.Number) jen.Code
	in         func(table string) jen.Code // in the enumTable
	enumBase   string
}

// numberRules renders the rules of a number x, each failing with fail.
// They compare exactly, as JSON Schema does: the float64s decide unless they
// are equal, which two different numbers may be (9007199254740993 and
// 9007199254740992, 1e23 and 99999999999999991611392, 1e-400 and 0), and
// then the exact comparison decides; an enum is a table (see enumTable).
// It reports false, with an error, when a schema number is out of the
// range of float64.
func (e *emitter) numberRules(rules []plan.Rule, x numberView, fail func(plan.Rule) jen.Code) ([]rule, bool) {
	var out []rule
	for _, r := range rules {
		var cond jen.Code
		switch c := r.Cond.(type) {
		case plan.Enum:
			for _, v := range c.Values {
				if _, ok := e.numberLit(v.(json.Number), c.At, "enum value"); !ok {
					return nil, false
				}
			}
			cond = jen.Op("!").Add(x.in(e.enumTable(jsonschema.KindNumber, c.Values, x.enumBase)))
		case plan.Const:
			differs, ok := e.numberDiffers(x, c.Value.(json.Number), c.At, "const")
			if !ok {
				return nil, false
			}
			cond = differs
		case plan.Bound:
			lit, ok := e.numberLit(c.N, c.At, c.Keyword)
			if !ok {
				return nil, false
			}
			cond = jen.Add(x.f).Op(c.Op).Add(lit)
			if !x.floatDecides(c.N) {
				// x OP bound: x strictly beyond it in float64, or at it in
				// float64 and beyond it exactly.
				cond = jen.Add(x.f).Op(c.Op[:1]).Add(lit).Op("||").Add(x.f).Op("==").Add(lit).Op("&&").
					Add(x.compare(c.N)).Op(c.Op).Lit(0)
			}
		case plan.MultipleOf:
			if _, ok := e.numberLit(c.N, c.At, "multipleOf"); !ok {
				return nil, false
			}
			cond = jen.Op("!").Add(x.multipleOf(c.N))
		case plan.Format:
			cond = jen.Op("!").Qual(formatPath, c.Func).Call(x.f)
		default:
			panic(fmt.Sprintf("a number has no rule %T", c))
		}
		out = append(out, rule{cond, fail(r)})
	}
	return out, true
}

// numberDiffers is a condition true when the number x differs from the
// number n, exactly.
func (e *emitter) numberDiffers(x numberView, n json.Number, at, what string) (jen.Code, bool) {
	lit, ok := e.numberLit(n, at, what)
	if !ok {
		return nil, false
	}
	if x.floatDecides(n) {
		return jen.Add(x.f).Op("!=").Add(lit), true
	}
	return jen.Parens(jen.Add(x.f).Op("!=").Add(lit).Op("||").Add(x.compare(n)).Op("!=").Lit(0)), true
}

// floatDecides reports whether comparing the float64 views of x and n is
// exact: x is an integer and n an integer below 2^53 in magnitude, where
// two integers never share a float64.
func (x numberView) floatDecides(n json.Number) bool {
	return x.integer && value.IsInteger(n) && value.Compare(n, "-9007199254740992") > 0 && value.Compare(n, "9007199254740992") < 0
}

// floatSafe reports whether the float64 of the number n stands for n
// exactly, as the run time compares a float64 with a number (value.Compare):
// then a float64 constant may hold n.
func floatSafe(n json.Number) bool {
	f, ok := jsonschema.FloatView(n)
	return ok && value.Compare(f, string(n)) == 0
}

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

// prop is a declared member of an object and the locals holding it.
type prop struct {
	name   string
	schema *jsonschema.Schema
	value  string // the member's value, "" when unused
	has    string // whether the member is present, "" when unused
}

// objectChecks emits, for an object obj (v being the same value as any),
// the checks in the order errors are reported: missing members in required
// order, dependent requirements, unexpected members by key, the number of
// members, member names, then each declared member's value in property
// order; members matched by patternProperties or additionalProperties come
// after those, by key; dependentSchemas last.
func (e *emitter) objectChecks(s *jsonschema.Schema, obj, v jen.Code, l loc) []jen.Code {
	return e.container(l, func(l loc) []jen.Code { return e.members(s, obj, v, l) })
}

func (e *emitter) members(s *jsonschema.Schema, obj, v jen.Code, l loc) []jen.Code {
	op := plan.ObjectOf(s)
	closed := op.Closed
	required := map[string]bool{}
	for _, r := range op.Missing {
		required[r.Name] = true
	}
	dependent := map[string]bool{}
	for _, d := range op.Dependent {
		dependent[d.Name] = true
		for _, r := range d.Required {
			dependent[r] = true
		}
	}
	// A dependent schema with no checks needs no test of its member.
	depChecks := make([][]jen.Code, len(s.DependentSchemas))
	for i, d := range s.DependentSchemas {
		if depChecks[i] = e.check(d.Schema, v, l); len(depChecks[i]) > 0 {
			dependent[d.Name] = true
		}
	}
	present := ""
	if closed && len(s.Properties) > 0 {
		present = e.local("present")
	}
	// placeholder tells a member a schema without a type declares with
	// the schema true: where null counts as absent, that declares nothing
	// (see absent below).
	placeholder := func(p *jsonschema.Schema) bool { return e.opts.NullAbsent && len(s.Types) == 0 && p.IsTrue() }
	// The value checks are built first: a member with none needs no local.
	props := make([]prop, len(s.Properties))
	checks := make([][]jen.Code, len(s.Properties))
	for i, p := range s.Properties {
		base := Identifier(p.Name)
		props[i] = prop{name: p.Name, schema: p.Schema}
		value := e.local(base)
		if p.Schema.IsFalse() {
			checks[i] = []jen.Code{e.report(l.key(p.Name), addError("unexpected", jen.Dict{
				jen.Id("Got"): jen.Qual(valuePath, "TypeName").Call(jen.Id(value)),
			}))}
		} else {
			// OpenAI's strict mode sends null for an omitted optional
			// member; a map built by hand may hold a typed nil.
			e.absentIfNull = e.opts.NullAbsent && !required[p.Name]
			checks[i] = e.check(p.Schema, jen.Id(value), l.key(p.Name))
			e.absentIfNull = false
		}
		// A false schema reports the member without reading its value,
		// except to tell whether null counts as absent.
		readsValue := !p.Schema.IsFalse() || e.fn.mode == collect || (e.opts.NullAbsent && !required[p.Name])
		if len(checks[i]) > 0 && readsValue {
			props[i].value = value
		}
		if len(checks[i]) > 0 || closed || (required[p.Name] && !placeholder(p.Schema)) || dependent[p.Name] {
			props[i].has = e.local("has" + upperFirst(base))
		}
	}
	byName := map[string]prop{}
	for _, p := range props {
		if _, dup := byName[p.name]; !dup {
			byName[p.name] = p
		}
	}
	var out []jen.Code
	if present != "" {
		out = append(out, jen.Id(present).Op(":=").Lit(0))
	}
	for _, p := range props {
		if p.has == "" {
			continue
		}
		value := jen.Id("_")
		if p.value != "" {
			value = jen.Id(p.value)
		}
		out = append(out, jen.List(value, jen.Id(p.has)).Op(":=").Add(obj).Index(jen.Lit(p.name)))
		if present != "" {
			out = append(out, jen.If(jen.Id(p.has)).Block(jen.Id(present).Op("++")))
		}
	}
	// absent is a condition true when the member is absent. Where null
	// counts as absent, a member this schema does not declare (one of a
	// oneof_required group, say) is absent when null too: the object's own
	// schema declares it optional. So is a member a schema without a type
	// declares with the schema true (a group's branch names its members so
	// for strict validators): that declares nothing.
	absent := func(name string) jen.Code {
		if p, ok := byName[name]; ok && p.has != "" && !placeholder(p.schema) {
			return jen.Op("!").Id(p.has)
		}
		if e.opts.NullAbsent {
			m := e.local("m")
			return jen.List(jen.Id(m), jen.Id("ok")).Op(":=").Add(obj).Index(jen.Lit(name)).Op(";").Op("!").Id("ok").Op("||").Qual(valuePath, "IsNull").Call(jen.Id(m))
		}
		return jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Add(obj).Index(jen.Lit(name)).Op(";").Op("!").Id("ok")
	}
	presentCond := func(name string) jen.Code {
		if p, ok := byName[name]; ok && p.has != "" {
			return jen.Id(p.has)
		}
		return jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Add(obj).Index(jen.Lit(name)).Op(";").Id("ok")
	}
	for _, r := range op.Missing {
		fields := jen.Dict{}
		if r.Expected != "" {
			fields[jen.Id("Expected")] = jen.Lit(r.Expected)
		}
		out = append(out, jen.If(absent(r.Name)).Block(e.report(l.key(r.Name), addError("missing", fields))))
	}
	for _, d := range op.Dependent {
		var inner []jen.Code
		for _, r := range d.Required {
			inner = append(inner, jen.If(absent(r)).Block(e.report(l.key(r), addError("dependentRequired", jen.Dict{
				jen.Id("Expected"): jen.Lit(d.Expected),
			}))))
		}
		if len(inner) > 0 {
			out = append(out, jen.If(presentCond(d.Name)).Block(inner...))
		}
	}
	unexpected := func(k jen.Code) jen.Code {
		return e.report(l.dynamicKey(k), addError("unexpected", jen.Dict{
			jen.Id("Got"): jen.Qual(valuePath, "TypeName").Call(jen.Add(obj).Index(k)),
		}))
	}
	if closed {
		cond := jen.Len(obj).Op(">").Id(present)
		if present == "" {
			cond = jen.Len(obj).Op(">").Lit(0)
		}
		if e.fn.mode == decide {
			// The members are distinct: more of them than the declared
			// ones present means an undeclared one.
			out = append(out, jen.If(cond).Block(jen.Return(jen.False())))
		} else {
			// Visited by key, so that the errors are deterministic
			// however many there are: only an invalid call sorts.
			k := e.local("k")
			body := append([]jen.Code{unlessDeclared(props, jen.Id(k), unexpected(jen.Id(k)))}, e.stopWhenFull()...)
			out = append(out, jen.If(cond).Block(
				jen.For(jen.Id(k).Op(":=").Range().Qual(implPath, "KeysInOrder").Call(obj)).Block(body...),
			))
		}
	}
	for _, r := range plan.ObjectRules(s) {
		var cond jen.Code
		switch c := r.Cond.(type) {
		case plan.MinProperties:
			cond = jen.Len(obj).Op("<").Lit(int(c.N))
		case plan.MaxProperties:
			cond = jen.Len(obj).Op(">").Lit(int(c.N))
		}
		out = append(out, jen.If(cond).Block(e.reportValue(r.Code, l, r.Expected, v)))
	}
	if s.PropertyNames != nil && !s.PropertyNames.IsTrue() {
		out = append(out, e.propertyNames(s, obj, l)...)
	}
	for i, p := range props {
		if len(checks[i]) == 0 {
			continue
		}
		cond := jen.Id(p.has)
		if e.opts.NullAbsent && !required[p.name] {
			// OpenAI's strict mode sends null for an omitted optional member.
			cond = jen.Id(p.has).Op("&&").Id(p.value).Op("!=").Nil()
		}
		out = append(out, jen.If(cond).Block(checks[i]...))
	}
	if !closed {
		out = append(out, e.memberLoop(s, props, obj, l, unexpected)...)
	}
	for i, d := range s.DependentSchemas {
		if len(depChecks[i]) > 0 {
			out = append(out, jen.If(presentCond(d.Name)).Block(depChecks[i]...))
		}
	}
	return append(out, e.unevaluatedProperties(s, obj, l)...)
}

// propertyNames checks every member name against a schema, reporting the
// members whose name fails it.
func (e *emitter) propertyNames(s *jsonschema.Schema, obj jen.Code, l loc) []jen.Code {
	k := e.local("k")
	match := e.matchCall(s.PropertyNames, jen.Id(k))
	if e.fn.mode == decide {
		if s.PropertyNames.IsFalse() {
			return []jen.Code{jen.If(jen.Len(obj).Op(">").Lit(0)).Block(jen.Return(jen.False()))}
		}
		return []jen.Code{jen.For(jen.Id(k).Op(":=").Range().Add(obj)).Block(
			jen.If(jen.Op("!").Add(match)).Block(jen.Return(jen.False())))}
	}
	check := jen.If(jen.Op("!").Add(match)).Block(e.report(l.dynamicKey(jen.Id(k)), addError("propertyNames", jen.Dict{
		jen.Id("Expected"): jen.Lit(plan.PropertyNamesText(s)),
		jen.Id("Got"):      jen.Lit("string"),
		jen.Id("Actual"):   jen.Qual(valuePath, "Show").Call(jen.Id(k)),
	})))
	return e.byKey(obj, k, "", []jen.Code{check})
}

// byKey visits the members of obj with body, in a collecting function: in
// Go's map order and, only when that reported errors, again in key order,
// so that the errors are deterministic (whatever the limit of the report
// cuts off) at no cost to a valid call. body reads the member's name from
// the local k and, when val is not "", its value from val.
func (e *emitter) byKey(obj jen.Code, k, val string, body []jen.Code) []jen.Code {
	member, n := e.local("member"), e.local("n")
	params := []jen.Code{jen.Id(k).String()}
	call := func(key, value jen.Code) jen.Code { return jen.Id(member).Call(key) }
	loop := jen.For(jen.Id(k).Op(":=").Range().Add(obj))
	if val != "" {
		params = append(params, jen.Id(val).Any())
		call = func(key, value jen.Code) jen.Code { return jen.Id(member).Call(key, value) }
		loop = jen.For(jen.List(jen.Id(k), jen.Id(val)).Op(":=").Range().Add(obj))
	}
	stop := e.stopWhenFull()
	return []jen.Code{jen.Block(
		jen.Id(n).Op(":=").Id("r").Dot("Len").Call(),
		jen.Id(member).Op(":=").Func().Params(params...).Block(body...),
		loop.Block(append([]jen.Code{call(jen.Id(k), jen.Id(val))}, stop...)...),
		jen.If(jen.Id("r").Dot("Len").Call().Op(">").Id(n)).Block(
			jen.Id("r").Dot("Truncate").Call(jen.Id(n)),
			jen.For(jen.Id(k).Op(":=").Range().Qual(implPath, "KeysInOrder").Call(obj)).Block(
				append([]jen.Code{call(jen.Id(k), jen.Add(obj).Index(jen.Id(k)))}, stop...)...,
			),
		),
	)}
}

// unlessDeclared wraps code so that it runs only for an undeclared key.
func unlessDeclared(props []prop, k, code jen.Code) jen.Code {
	if len(props) == 0 {
		return code
	}
	return jen.Switch(k).Block(jen.Case(propNames(props)...), jen.Default().Add(code))
}

func propNames(props []prop) []jen.Code {
	var names []jen.Code
	seen := map[string]bool{}
	for _, p := range props {
		if !seen[p.name] {
			seen[p.name] = true
			names = append(names, jen.Lit(p.name))
		}
	}
	return names
}

// memberLoop checks the members against patternProperties and, for those
// neither declared nor matched, additionalProperties (see byKey).
func (e *emitter) memberLoop(s *jsonschema.Schema, props []prop, obj jen.Code, l loc, unexpected func(jen.Code) jen.Code) []jen.Code {
	additional := s.AdditionalProperties
	needMatched := additional != nil && !additional.IsTrue()
	k, val := e.local("k"), e.local("v")
	type patternCheck struct {
		match  jen.Code
		checks []jen.Code
	}
	var patterns []patternCheck
	usesVal := false
	for _, p := range s.PatternProperties {
		var checks []jen.Code
		if p.Schema.IsFalse() {
			checks = []jen.Code{unexpected(jen.Id(k))}
		} else {
			checks = e.check(p.Schema, jen.Id(val), l.dynamicKey(jen.Id(k)))
			usesVal = usesVal || len(checks) > 0
		}
		if len(checks) == 0 && !needMatched {
			continue
		}
		match, ok := e.patternMatch(p.Name, p.Schema.Loc)
		if !ok {
			continue
		}
		patterns = append(patterns, patternCheck{match(jen.Id(k)), checks})
	}
	var addChecks []jen.Code
	if needMatched {
		if additional.IsFalse() {
			addChecks = []jen.Code{unexpected(jen.Id(k))}
		} else {
			addChecks = e.check(additional, jen.Id(val), l.dynamicKey(jen.Id(k)))
			usesVal = usesVal || len(addChecks) > 0
		}
	}
	if len(patterns) == 0 && len(addChecks) == 0 {
		return nil
	}
	matched := ""
	if len(addChecks) > 0 && (len(props) > 0 || len(s.PatternProperties) > 0) {
		matched = e.local("matched")
	}
	var body []jen.Code
	if matched != "" {
		body = append(body, jen.Id(matched).Op(":=").False())
		if len(props) > 0 {
			body = append(body, jen.Switch(jen.Id(k)).Block(jen.Case(propNames(props)...).Block(jen.Id(matched).Op("=").True())))
		}
	}
	for _, p := range patterns {
		inner := p.checks
		if matched != "" {
			inner = append([]jen.Code{jen.Id(matched).Op("=").True()}, inner...)
		}
		if len(inner) > 0 {
			body = append(body, jen.If(p.match).Block(inner...))
		}
	}
	if len(addChecks) > 0 {
		if matched != "" {
			body = append(body, jen.If(jen.Op("!").Id(matched)).Block(addChecks...))
		} else {
			body = append(body, addChecks...)
		}
	}
	if e.fn.mode == decide {
		// The key only names errors, unless patterns or declared names
		// are matched against it.
		key := jen.Id(k)
		if len(patterns) == 0 && !(matched != "" && len(props) > 0) {
			key = jen.Id("_")
		}
		if !usesVal {
			return []jen.Code{jen.For(jen.List(key, jen.Id("_")).Op(":=").Range().Add(obj)).Block(body...)}
		}
		return []jen.Code{jen.For(jen.List(key, jen.Id(val)).Op(":=").Range().Add(obj)).Block(body...)}
	}
	if !usesVal {
		val = ""
	}
	return e.byKey(obj, k, val, body)
}
