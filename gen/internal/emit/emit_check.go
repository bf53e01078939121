package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

// maxNest is how deep the checks of nested schemas are written inline in
// one function; deeper ones go to a helper function, so that the generated
// code (and its indentation) grows linearly with the schema.
const maxNest = 6

// check emits the checks of schema s on the value v (an expression of type
// any) at location l.
func (e *emitter) check(s *jsonschema.Schema, v jen.Code, l loc) []jen.Code {
	defer e.enter(s)()
	absent := e.absentIfNull
	e.absentIfNull = false
	if !e.inlines(v) && ownsVerdicts(s) {
		return e.withSharedVerdicts(s, v, func() []jen.Code { return e.checkEntered(s, v, l, absent) })
	}
	return e.checkEntered(s, v, l, absent)
}

// checkEntered is check, s's resource entered; absent says whether a null
// v counts as absent.
func (e *emitter) checkEntered(s *jsonschema.Schema, v jen.Code, l loc, absent bool) []jen.Code {
	if s.IsTrue() {
		return nil
	}
	if s.IsFalse() {
		return []jen.Code{e.always(l, addError("false", jen.Dict{
			jen.Id("Expected"): jen.Lit("absent"),
			jen.Id("Got"):      jen.Qual(valuePath, "TypeName").Call(v),
		}))}
	}
	e.fn.nest++
	defer func() { e.fn.nest-- }()
	if e.fn.nest > maxNest && len(s.Children()) > 0 && !e.inlines(v) {
		// (A value whose branch verdicts are shared stays inline.)
		return e.callHelper(s, v, l, absent)
	}
	if inner, ok := plan.NullableForm(s); ok {
		e.absentIfNull = true
		checks := e.typed(inner, v, l, plan.Expected(s))
		if len(checks) == 0 {
			return nil
		}
		return []jen.Code{jen.If(jen.Add(v).Op("!=").Nil()).Block(checks...)}
	}
	e.absentIfNull = absent
	return e.typed(s, v, l, plan.Expected(s))
}

// callHelper checks v against s through a helper function of its own.
func (e *emitter) callHelper(s *jsonschema.Schema, v jen.Code, l loc, absent bool) []jen.Code {
	fn := e.funcFor(s, e.fn.mode)
	var code jen.Code
	if e.fn.mode == decide {
		code = jen.If(jen.Op("!").Id(fn).Call(v, e.depthExpr())).Block(jen.Return(jen.False()))
	} else {
		code = jen.Id(fn).Call(jen.Id("r"), e.at(l), v, e.depthExpr())
	}
	if absent {
		// A typed nil put in the map by hand is null: absent here.
		return []jen.Code{jen.If(jen.Op("!").Qual(valuePath, "IsNull").Call(v)).Block(code)}
	}
	return []jen.Code{code}
}

// conversion is how a kind's value is read from an any.
type conversion struct {
	base string                    // the local's base name
	conv func(v jen.Code) jen.Code // the expression yielding (value, ok)
}

var conversions = map[string]conversion{
	jsonschema.KindString: {"s", func(v jen.Code) jen.Code { return jen.Add(v).Assert(jen.String()) }},
	jsonschema.KindNumber: {"num", func(v jen.Code) jen.Code { return jen.Qual(valuePath, "Number").Call(v) }},
	jsonschema.KindObject: {"obj", func(v jen.Code) jen.Code { return jen.Qual(valuePath, "Object").Call(v) }},
	jsonschema.KindArray:  {"list", func(v jen.Code) jen.Code { return jen.Qual(valuePath, "List").Call(v) }},
	jsonschema.KindBoolean: {"b", func(v jen.Code) jen.Code {
		return jen.Add(v).Assert(jen.Bool())
	}},
}

// typed emits the type check of s and, for a value of an allowed type, the
// keyword checks: at most one type error, and none of the other checks
// after it. expected names the accepted types in a type error.
func (e *emitter) typed(s *jsonschema.Schema, v jen.Code, l loc, expected string) []jen.Code {
	if expected == "" {
		expected = plan.TypeList(s.Types)
	}
	absent := e.absentIfNull
	e.absentIfNull = false
	// The type error is built only where it is written: building it
	// declares the location it refers to.
	typeErr := func() jen.Code {
		err := e.report(l, typeError(expected, v))
		if absent {
			// Where null counts as absent, so does a typed nil a map built
			// by hand holds ([]string(nil), (*string)(nil)): it fails every
			// conversion, and is not reported.
			err = jen.If(jen.Op("!").Qual(valuePath, "IsNull").Call(v)).Block(err)
		}
		return err
	}
	if s.Types != nil && len(s.Types) == 0 {
		return []jen.Code{e.always(l, typeError(expected, v))}
	}
	var allowed []string
	for _, k := range plan.Kinds {
		if ok, _ := plan.Allows(s, k); ok {
			allowed = append(allowed, k)
		}
	}
	generic := e.whole(s, v, l)
	restricted := s.Types != nil

	// One kind: if x, ok := conv(v); !ok { type error } else { checks }.
	if restricted && len(allowed) == 1 {
		k := allowed[0]
		_, integerOnly := plan.Allows(s, k)
		if k == jsonschema.KindNull {
			stmt := jen.If(jen.Op("!").Qual(valuePath, "IsNull").Call(v)).Block(e.report(l, typeError(expected, v)))
			if len(generic) > 0 {
				stmt = stmt.Else().Block(generic...)
			}
			return []jen.Code{stmt}
		}
		c := conversions[k]
		x := e.local(c.base)
		kindChecks, uses := e.kindChecks(s, k, jen.Id(x), v, l)
		name := jen.Id("_")
		if uses {
			name = jen.Id(x)
		}
		checks := append(kindChecks, generic...)
		cond := jen.Op("!").Id("ok")
		if integerOnly {
			// Exactly: 1e-400 is a number whose float64 is 0.
			cond = jen.Op("!").Id("ok").Op("||").Op("!").Qual(valuePath, "IsInteger").Call(v)
		}
		return []jen.Code{ifTyped(jen.List(name, jen.Id("ok")).Op(":=").Add(c.conv(v)), cond, typeErr(), checks)}
	}

	// Several kinds, or any: an if-else chain over the kinds that have
	// checks (or, when the types are restricted, that are allowed), ending
	// in the type error.
	var out []jen.Code
	typedFlag := ""
	if restricted && len(generic) > 0 && e.fn.mode == collect {
		typedFlag = e.local("typed")
		out = append(out, jen.Id(typedFlag).Op(":=").True())
	}
	var failType []jen.Code
	if restricted {
		failType = []jen.Code{typeErr()}
		if typedFlag != "" {
			failType = append(failType, jen.Id(typedFlag).Op("=").False())
		}
	}
	var chain *jen.Statement
	add := func(init, cond jen.Code, body []jen.Code) {
		head := []jen.Code{cond}
		if init != nil {
			head = []jen.Code{init, cond}
		}
		if chain == nil {
			chain = jen.If(head...).Block(body...)
		} else {
			chain = chain.Else().If(head...).Block(body...)
		}
	}
	for _, k := range allowed {
		_, integerOnly := plan.Allows(s, k)
		if k == jsonschema.KindNull {
			if restricted {
				add(nil, jen.Qual(valuePath, "IsNull").Call(v), nil)
			}
			continue
		}
		c := conversions[k]
		x := e.local(c.base)
		checks, uses := e.kindChecks(s, k, jen.Id(x), v, l)
		if integerOnly {
			inner := jen.If(jen.Op("!").Qual(valuePath, "IsInteger").Call(v)).Block(failType...)
			if len(checks) > 0 {
				inner = inner.Else().Block(checks...)
			}
			checks = []jen.Code{inner}
		}
		if len(checks) == 0 && !restricted {
			continue
		}
		name := jen.Id("_")
		if uses {
			name = jen.Id(x)
		}
		add(jen.List(name, jen.Id("ok")).Op(":=").Add(c.conv(v)), jen.Id("ok"), checks)
	}
	if restricted {
		if chain == nil {
			out = append(out, failType...)
		} else {
			chain = chain.Else().Block(failType...)
		}
	}
	if chain != nil {
		out = append(out, chain)
	}
	if typedFlag != "" {
		out = append(out, jen.If(jen.Id(typedFlag)).Block(generic...))
	} else {
		out = append(out, generic...)
	}
	return out
}

// ifTyped emits: if x, ok := conversion; !ok { type error } else { checks }.
func ifTyped(init, cond, typeErr jen.Code, checks []jen.Code) jen.Code {
	stmt := jen.If(init, cond).Block(typeErr)
	if len(checks) > 0 {
		stmt = stmt.Else().Block(checks...)
	}
	return stmt
}

// kindChecks emits the keywords of s that apply to one kind of value, x
// being the value converted to it and v the value as any.
// It reports whether the checks use x.
func (e *emitter) kindChecks(s *jsonschema.Schema, kind string, x, v jen.Code, l loc) ([]jen.Code, bool) {
	var checks []jen.Code
	switch kind {
	case jsonschema.KindString:
		checks = e.stringChecks(s, x, v, l)
	case jsonschema.KindNumber:
		return e.numberChecks(s, x, v, l)
	case jsonschema.KindArray:
		return e.arrayChecks(s, x, v, l)
	case jsonschema.KindObject:
		checks = e.objectChecks(s, x, v, l)
	}
	return checks, len(checks) > 0
}

// checkObjectValue emits the checks of s on a value known to be an object:
// obj is it as a map[string]any, v as any.
func (e *emitter) checkObjectValue(s *jsonschema.Schema, obj, v jen.Code, l loc) []jen.Code {
	defer e.enter(s)()
	if s.IsTrue() {
		return nil
	}
	if ok, _ := plan.Allows(s, jsonschema.KindObject); !ok || s.IsFalse() {
		return e.check(s, v, l)
	}
	return append(e.objectChecks(s, obj, v, l), e.whole(s, v, l)...)
}

// whole emits the checks of the value as a whole (see plan.WholeOf).
func (e *emitter) whole(s *jsonschema.Schema, v jen.Code, l loc) []jen.Code {
	var out []jen.Code
	for _, r := range plan.WholeOf(s) {
		switch c := r.Cond.(type) {
		case plan.EqualsOneOf:
			if name, ok := e.constVar(c.Values, c.At, "enum"); ok {
				e.deep = true // In walks hand-built values: a depth panic to recover
				out = append(out, jen.If(jen.Op("!").Qual(implPath, "In").Call(v, name)).Block(e.reportValue(r.Code, l, r.Expected, v)))
			}
		case plan.Equals:
			if name, ok := e.constVar(c.Value, c.At, "const"); ok {
				e.deep = true // Equal walks hand-built values: a depth panic to recover
				out = append(out, jen.If(jen.Op("!").Qual(valuePath, "Equal").Call(v, name)).Block(e.reportValue(r.Code, l, r.Expected, v)))
			}
		case plan.Ref:
			out = append(out, e.callRef(c.Target, v, l)...)
		case plan.DynamicRef:
			out = append(out, e.callRef(e.dynamicTarget(c.Schema), v, l)...)
		case plan.AllOf:
			for _, sub := range c.Schemas {
				out = append(out, e.check(sub, v, l)...)
			}
		case plan.AnyOf:
			if len(c.Schemas) == 0 {
				out = append(out, e.always(l, valueError(r.Code, e.expected(r.Code, r.Expected), v)))
				continue
			}
			var cond jen.Code
			for _, sub := range c.Schemas {
				call := e.verdict(sub, v)
				if cond == nil {
					cond = call
				} else {
					cond = jen.Add(cond).Op("||").Add(call)
				}
			}
			out = append(out, jen.If(jen.Op("!").Parens(cond)).Block(e.reportValue(r.Code, l, r.Expected, v)))
		case plan.OneOf:
			matched := e.local("matched")
			out = append(out, jen.Id(matched).Op(":=").Lit(c.True))
			for _, sub := range c.Schemas {
				out = append(out, jen.If(e.verdict(sub, v)).Block(jen.Id(matched).Op("++")))
			}
			out = append(out, jen.If(jen.Id(matched).Op("!=").Lit(1)).Block(e.report(l, func(at jen.Code) jen.Code {
				return jen.Id("r").Dot("OneOf").Call(at, jen.Lit(r.Expected), jen.Id(matched), v)
			})))
		case plan.Not:
			if c.Schema.IsTrue() {
				out = append(out, e.always(l, valueError(r.Code, e.expected(r.Code, r.Expected), v)))
			} else {
				out = append(out, jen.If(e.matchCall(c.Schema, v)).Block(e.reportValue(r.Code, l, r.Expected, v)))
			}
		case plan.IfThenElse:
			out = append(out, e.ifThenElse(c, v, l)...)
		default:
			panic(fmt.Sprintf("a value has no check %T", c))
		}
	}
	return out
}

// ifThenElse emits if, then and else on v.
func (e *emitter) ifThenElse(c plan.IfThenElse, v jen.Code, l loc) []jen.Code {
	then := e.check(c.Then, v, l)
	els := e.check(c.Else, v, l)
	switch {
	case c.If.IsTrue():
		return then
	case c.If.IsFalse():
		return els
	case len(then) > 0 && len(els) > 0:
		return []jen.Code{jen.If(e.verdict(c.If, v)).Block(then...).Else().Block(els...)}
	case len(then) > 0:
		return []jen.Code{jen.If(e.verdict(c.If, v)).Block(then...)}
	case len(els) > 0:
		return []jen.Code{jen.If(jen.Op("!").Add(e.verdict(c.If, v))).Block(els...)}
	}
	return nil
}

// matchCall is an expression of whether v is valid against s.
func (e *emitter) matchCall(s *jsonschema.Schema, v jen.Code) jen.Code {
	if s.IsTrue() {
		return jen.True()
	}
	if s.IsFalse() {
		return jen.False()
	}
	return jen.Id(e.funcFor(s, decide)).Call(v, e.depthExpr())
}

// callRef emits the check of v against the target of a $ref, a function of
// its own, since references may recurse.
func (e *emitter) callRef(target *jsonschema.Schema, v jen.Code, l loc) []jen.Code {
	if target.IsTrue() {
		return nil
	}
	if e.inlines(v) {
		// Checked inline, to share the verdicts of its branches.
		return e.check(target, v, l)
	}
	if e.fn.mode == decide {
		fn := e.funcFor(target, decide)
		return []jen.Code{jen.If(jen.Op("!").Id(fn).Call(v, e.depthPlusOne())).Block(jen.Return(jen.False()))}
	}
	fn := e.funcFor(target, collect)
	return []jen.Code{jen.Id(fn).Call(jen.Id("r"), e.at(l), v, e.depthPlusOne())}
}
