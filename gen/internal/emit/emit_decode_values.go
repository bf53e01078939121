package emit

import (
	"encoding/json"
	"go/types"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

// This file emits the readers of one value per kind in a decode function
// (see emit_decode.go): objects, strings, booleans, numbers, and the values
// read whole and checked as a map's value would be.

// fallback reads the value whole and checks and decodes it as a map's value
// is.
func (g *typedGen) fallback(s *jsonschema.Schema, t types.Type, l loc, dst lvalue) []jen.Code {
	return g.fallbackNull(s, t, l, dst, false)
}

// fallbackNull is fallback, where null counts as absent when nullAbsent:
// the value of an optional member whose Go type reads null itself.
func (g *typedGen) fallbackNull(s *jsonschema.Schema, t types.Type, l loc, dst lvalue, nullAbsent bool) []jen.Code {
	v := g.e.local("v")
	g.e.absentIfNull = nullAbsent
	checks := g.e.check(s, jen.Id(v), l)
	g.e.absentIfNull = false
	read := "Any"
	if len(checks) == 0 && isAny(t) {
		// Nothing checks the value: it is built only to be kept.
		read = "Unchecked"
	}
	code := append([]jen.Code{jen.Id(v).Op(":=").Id("s").Dot(read).Call()}, checks...)
	g.d.locals = g.e.fn.locals
	g.recordObjects(s, t, 0)
	assign := g.d.assign(t, dst, jen.Id(v), l)
	if len(assign) > 0 {
		if !g.d.decodesNull(t) {
			assign = []jen.Code{jen.If(g.d.present(t, jen.Id(v))).Block(assign...)}
		}
		if !g.d.tool.Output && gotype.HoldsDurations(t) {
			// The bounds of a duration argument are checks of its own, which
			// the schema cannot state: read it whether or not the call is
			// still valid, to check them in the same round as the schema
			// (the decode errors of the rest count only when it is).
			return append(code, assign...)
		}
		code = append(code, jen.If(jen.Id("s").Dot("Decoding").Call()).Block(assign...))
	}
	return code
}

// nativeKind returns how the Scanner reads a value of schema s into Go type
// t: the schema's one JSON type, or "map"; "" when the value is read whole
// and goes through the schema emitter's checks (see fallback).
func nativeKind(d *decoder, s *jsonschema.Schema, t types.Type) string {
	if s == nil || s.Boolean != nil || len(s.Types) != 1 || s.ContentSchema != nil || s.NumberFormat != "" {
		return ""
	}
	if named, ok := t.(*types.Named); ok && named.Obj().Pkg() != nil {
		if qualified(t) == "encoding/json.Number" || qualified(t) == "math/big.Int" || qualified(t) == "net/url.URL" {
			return ""
		}
	}
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr && (d.unmarshals(t) || d.unmarshalsText(t)) {
		return ""
	}
	kind := s.Types[0]
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return nativeKind(d, s, u.Elem())
	case *types.Basic:
		switch {
		case kind == "string" && (u.Info()&types.IsString != 0 || gotype.IsDuration(t)):
			return jsonschema.KindString
		case kind == "boolean" && u.Info()&types.IsBoolean != 0:
			return jsonschema.KindBoolean
		case kind == "integer" && isSizedInt(u),
			kind == "number" && u.Info()&types.IsFloat != 0 && (u.Kind() == types.Float64 || u.Kind() == types.Float32):
			return jsonschema.KindNumber
		}
	case *types.Struct:
		// The Scanner checks a closed object's members (see toolimpl.Object).
		if kind == "object" && plan.ObjectOf(s).Closed && s.PropertyNames == nil && len(plan.ObjectRules(s)) == 0 && len(s.DependentRequired) == 0 {
			return jsonschema.KindObject
		}
	case *types.Slice:
		if elem, ok := u.Elem().(*types.Basic); ok && elem.Kind() == types.Byte {
			if kind == "string" && s.ContentEncoding == "base64" {
				return jsonschema.KindString
			}
			return ""
		}
		if kind == "array" && len(s.PrefixItems) == 0 && s.Contains == nil && !s.Items.IsFalse() {
			return jsonschema.KindArray
		}
	case *types.Array:
		if kind == "array" && len(s.PrefixItems) == 0 && s.Contains == nil && !s.Items.IsFalse() {
			return jsonschema.KindArray
		}
	case *types.Map:
		key, ok := u.Key().Underlying().(*types.Basic)
		if kind == "object" && ok && key.Info()&types.IsString != 0 && !d.unmarshalsText(u.Key()) && len(s.Properties) == 0 &&
			len(s.PatternProperties) == 0 && s.PropertyNames == nil && s.MinProperties == nil && s.MaxProperties == nil &&
			len(s.Required) == 0 && len(s.DependentRequired) == 0 {
			return "map"
		}
	}
	return ""
}

func typeOr(t, or string) string {
	if t == "" {
		return or
	}
	return t
}

// set emits dst = x, x being a value of the type a value of t is read as
// (see elemOf), of its underlying type unless typed: through a pointer when
// t is one, which the Scanner keeps on the heap only when it decodes.
func (g *typedGen) set(t types.Type, dst lvalue, x jen.Code, typed bool) jen.Code {
	if p, ok := types.Unalias(t).(*types.Pointer); ok && dst.field {
		return jen.Qual(implPath, "PtrTo").Call(jen.Id("s"), dst.address(), g.valueOf(p.Elem(), x, typed))
	}
	return jen.Add(dst.expr).Op("=").Add(g.valueOf(t, x, typed))
}

func (g *typedGen) valueOf(t types.Type, x jen.Code, typed bool) jen.Code {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		v := jen.Qual(implPath, "Ptr").Call(jen.Id("s"), g.valueOf(p.Elem(), x, typed))
		if _, named := t.(*types.Named); named {
			typ, _ := g.d.typeExpr(t)
			return jen.Add(typ).Call(v)
		}
		return v
	}
	if _, named := t.(*types.Named); named && !typed {
		typ, _ := g.d.typeExpr(t)
		return jen.Add(typ).Call(x)
	}
	return x
}

// objectValue reads a struct through its decode function.
func (g *typedGen) objectValue(s *jsonschema.Schema, t types.Type, l loc, dst lvalue) []jen.Code {
	elem := elemOf(t)
	f := g.funcFor(elem, s)
	args := []jen.Code{jen.Id("s"), g.e.at(l)}
	if f.depth {
		args = append(args, g.e.depthPlusOne())
	}
	if !f.byPointer() {
		return []jen.Code{g.set(t, dst, jen.Id(f.name).Call(args...), true)}
	}
	typ, ok := g.d.typeExpr(elem)
	if !ok {
		return nil
	}
	// Into a local, set as the member once it is read whole.
	v := g.e.local("obj")
	return []jen.Code{
		jen.Var().Id(v).Add(typ),
		jen.Id(f.name).Call(append(args, jen.Op("&").Id(v))...),
		g.set(t, dst, jen.Id(v), true),
	}
}

// stringValue reads a string.
func (g *typedGen) stringValue(s *jsonschema.Schema, t types.Type, l loc, dst lvalue, expected, held string) []jen.Code {
	e := g.e
	v := e.local("v")
	elem := elemOf(t)
	checks, kept := e.stringRules(plan.StringOf(s).Rules, stringView{str: jen.Id(v), length: "n", enumBase: g.enumBase(elem, s.Loc), keep: true,
		fail: func(r plan.Rule) jen.Code { return g.fail(l, r) }})
	value := jen.Id("s").Dot("Keep").Call(jen.Id(v))
	if kept != "" {
		value = jen.Id(kept)
	}
	checks = append(checks, g.wholeChecks(s, held, l)...)
	typed := false
	if sl, ok := elem.Underlying().(*types.Slice); ok && isByte(sl.Elem()) {
		// Base64, decoded.
		value = jen.Id("s").Dot("Bytes").Call(e.at(l), jen.Id(v))
	} else if gotype.IsDuration(elem) {
		value, typed = g.durationRead(l, jen.Id(v)), true
	}
	if kept == "" && dst.field && types.Identical(t, types.Typ[types.String]) {
		checks = append(checks, jen.Id("s").Dot("KeepTo").Call(dst.address(), jen.Id(v)))
	} else {
		checks = append(checks, g.set(t, dst, value, typed))
	}
	read := g.stringRead(plan.StringOf(s).Rules, g.enumBase(elem, s.Loc), e.at(l), expected)
	return []jen.Code{jen.If(jen.List(jen.Id(v), jen.Id("ok")).Op(":=").Add(read), jen.Id("ok")).Block(checks...)}
}

// stringRead is the read of a string with rules at at: s.String, or, when
// a string that arrives in parts can break one of the rules before its end,
// the read that has a stream rejected then, with the same error. An enum, or
// else a const, comes first in the checks: s.StringIn, with the values and
// the error (a package-level toolimpl.Allowed); else a maxLength:
// s.StringMax, unless a minLength beyond it fails every string first.
func (g *typedGen) stringRead(rules []plan.Rule, enumBase string, at jen.Code, expected string) jen.Code {
	e := g.e
	minLength := uint64(0)
	for _, r := range rules {
		switch c := r.Cond.(type) {
		case plan.Enum:
			table := e.enumTable(jsonschema.KindString, c.Values, enumBase)
			allowed := g.allowed(table, jen.Id(table), r, strings.TrimSuffix(enumBase, "Values")+"Enum")
			return jen.Id("s").Dot("StringIn").Call(at, jen.Lit(expected), jen.Op("&").Id(allowed))
		case plan.Const:
			v := c.Value.(string)
			allowed := g.allowed("const:"+v, jen.Index().String().Values(jen.Lit(v)), r, strings.TrimSuffix(enumBase, "Values")+"Const")
			return jen.Id("s").Dot("StringIn").Call(at, jen.Lit(expected), jen.Op("&").Id(allowed))
		case plan.MinLength:
			minLength = c.N
		case plan.MaxLength:
			if minLength <= c.N+1 {
				return jen.Id("s").Dot("StringMax").Call(at, jen.Lit(expected), jen.Lit(int(c.N)))
			}
		}
	}
	return jen.Id("s").Dot("String").Call(at, jen.Lit(expected))
}

// allowed returns the package-level toolimpl.Allowed of the values sorted
// (the values of key) with the error of rule r, one per values and error;
// base names a new one.
func (g *typedGen) allowed(key string, sorted jen.Code, r plan.Rule, base string) string {
	key = "allowed:" + key + "\x00" + r.Code + "\x00" + r.Expected
	if name, ok := g.e.enums[key]; ok {
		return name
	}
	name := g.e.global(base)
	g.e.enums[key] = name
	what := "the values a string may be"
	if r.Code == "const" {
		what = "the value a string must be"
	}
	g.e.vars = append(g.e.vars, jen.Commentf("%s holds %s and the error of one that is not, for a streamed string to be rejected as soon as no value begins like it.", name, what),
		jen.Var().Id(name).Op("=").Qual(implPath, "Allowed").Values(
			jen.Id("Sorted").Op(":").Add(sorted), jen.Id("Code").Op(":").Add(codeConst(r.Code)), jen.Id("Expected").Op(":").Add(g.e.expected(r.Code, r.Expected))))
	return name
}

// fail is how a rule of a value read from the Scanner fails, at l.
func (g *typedGen) fail(l loc, r plan.Rule) jen.Code {
	return jen.Id("s").Dot("Fail").Call(g.e.at(l), codeConst(r.Code), g.e.expected(r.Code, r.Expected))
}

func isByte(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// enumBase names the table of an enum of the Go type t (see enumTable):
// after the type when the package declares it, else after the schema at.
func (g *typedGen) enumBase(t types.Type, at string) string {
	if named, ok := t.(*types.Named); ok && named.Obj().Pkg() == g.pkg {
		return lowerFirst(named.Obj().Name()) + "Values"
	}
	return g.e.nameAt(at, "Values")
}

// boolValue reads a boolean.
func (g *typedGen) boolValue(s *jsonschema.Schema, t types.Type, l loc, dst lvalue, expected, held string) []jen.Code {
	v := g.e.local("v")
	checks := append(g.wholeChecks(s, held, l), g.set(t, dst, jen.Id(v), false))
	return []jen.Code{jen.If(jen.List(jen.Id(v), jen.Id("ok")).Op(":=").Id("s").Dot("Bool").Call(g.e.at(l), jen.Lit(expected)), jen.Id("ok")).Block(checks...)}
}

// numberValue reads a number: integers exactly, whatever their size.
func (g *typedGen) numberValue(s *jsonschema.Schema, t types.Type, l loc, dst lvalue, expected, held string) []jen.Code {
	e := g.e
	n := e.local("n")
	elem := elemOf(t)
	u := elem.Underlying().(*types.Basic)
	p := plan.NumberOf(s)
	num := jen.Id(n).Dot("F")
	x := numberView{
		f:          num,
		integer:    p.Integer,
		compare:    func(v json.Number) jen.Code { return jen.Id(n).Dot("Compare").Call(jen.Lit(string(v))) },
		multipleOf: func(m json.Number) jen.Code { return jen.Id(n).Dot("MultipleOf").Call(jen.Lit(string(m))) },
		in:         func(table string) jen.Code { return jen.Id(n).Dot("In").Call(jen.Id(table)) },
		enumBase:   g.enumBase(elem, s.Loc),
	}
	rules, ok := e.numberRules(p.Rules, x, func(r plan.Rule) jen.Code { return g.fail(l, r) })
	if !ok {
		return nil
	}
	checks := chain(nil, rules)
	checks = append(checks, g.wholeChecks(s, held, l)...)
	var value jen.Code
	switch {
	case u.Kind() == types.Float64:
		value = num
	case u.Kind() == types.Float32:
		value = jen.Id("s").Dot("Float32").Call(e.at(l), jen.Id(n))
	case u.Info()&types.IsUnsigned != 0:
		_, max := intLimits(u)
		value = jen.Id("s").Dot("Uint").Call(e.at(l), jen.Id(n), max)
		if u.Kind() != types.Uint64 {
			value = jen.Id(u.Name()).Call(value)
		}
	default:
		min, max := intLimits(u)
		value = jen.Id("s").Dot("Int").Call(e.at(l), jen.Id(n), min, max)
		if u.Kind() != types.Int64 {
			value = jen.Id(u.Name()).Call(value)
		}
	}
	checks = append(checks, g.set(t, dst, value, false))
	read := "Number"
	if p.Integer {
		read = "Integer"
	}
	return []jen.Code{jen.If(jen.List(jen.Id(n), jen.Id("ok")).Op(":=").Id("s").Dot(read).Call(e.at(l), jen.Lit(expected)), jen.Id("ok")).Block(checks...)}
}

// isAny reports whether t is the empty interface, which holds a value read
// whole as it is.
func isAny(t types.Type) bool {
	i, ok := types.Unalias(t).(*types.Interface)
	return ok && i.Empty()
}
