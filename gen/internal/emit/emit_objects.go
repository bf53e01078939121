package emit

import (
	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

// This file emits the checks of the object keywords and the loop over an
// object's members.

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
