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

// This file emits the checks of the number keywords (enum, const, the bounds,
// multipleOf, format).

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
