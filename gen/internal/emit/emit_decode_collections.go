package emit

import (
	"go/types"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

// This file emits the readers of arrays and maps in a decode function (see
// emit_decode.go).

// nextLoop is the loop over the members or items that next (s.Next,
// s.NextItem) returns the index of, in i, until -1, with body: one call of
// next, compiled once (a for statement's init and post would be two).
func nextLoop(i string, next jen.Code, body ...jen.Code) jen.Code {
	return jen.For().Block(append([]jen.Code{
		jen.Id(i).Op(":=").Add(next),
		jen.If(jen.Id(i).Op("<").Lit(0)).Block(jen.Break()),
	}, body...)...)
}

// setSlice stores the items read into the slice at dst, of type t.
func (g *typedGen) setSlice(t types.Type, dst lvalue, items string) jen.Code {
	if _, ok := types.Unalias(t).(*types.Slice); ok && dst.field {
		return jen.Qual(implPath, "SliceTo").Call(jen.Id("s"), dst.address(), jen.Id(items))
	}
	return g.set(t, dst, jen.Qual(implPath, "Slice").Call(jen.Id("s"), jen.Id(items)), false)
}

// elemOf is the type a value of t is read as: t, or what its pointers point
// to.
func elemOf(t types.Type) types.Type {
	for {
		p, ok := types.Unalias(t).Underlying().(*types.Pointer)
		if !ok {
			return types.Unalias(t)
		}
		t = p.Elem()
	}
}

// arrayValue reads an array into a slice or a Go array.
func (g *typedGen) arrayValue(s *jsonschema.Schema, t types.Type, l loc, dst lvalue, expected, held string) []jen.Code {
	e := g.e
	elem := elemOf(t)
	// The Scanner checks the rules of the array as a whole as it reads it.
	minItems, maxItems, unique := jen.Qual(implPath, "None"), jen.Qual(implPath, "None"), false
	for _, r := range plan.ArrayRules(s) {
		switch c := r.Cond.(type) {
		case plan.MinItems:
			minItems = jen.Lit(int(c.N))
		case plan.MaxItems:
			maxItems = jen.Lit(int(c.N))
		case plan.UniqueItems:
			unique = true
		}
	}
	itemSchema := s.Items
	return e.container(l, func(l loc) []jen.Code {
		at := e.at(l)
		i := e.local("i")
		next := jen.Id("s").Dot("NextItem").Call(at)
		var body []jen.Code
		switch u := elem.Underlying().(type) {
		case *types.Array:
			body = []jen.Code{nextLoop(i, next,
				g.value(itemSchema, u.Elem(), l.index(jen.Id(i)), lvalue{expr: jen.Add(dst.expr).Index(jen.Id(i))})...)}
			if _, isPtr := types.Unalias(t).Underlying().(*types.Pointer); isPtr {
				// A pointer to an array: read into a local.
				typ, _ := g.d.typeExpr(elem)
				arr := e.local("arr")
				body = []jen.Code{jen.Var().Id(arr).Add(typ), nextLoop(i, next,
					g.value(itemSchema, u.Elem(), l.index(jen.Id(i)), lvalue{expr: jen.Id(arr).Index(jen.Id(i))})...), g.set(t, dst, jen.Id(arr), true)}
			}
		case *types.Slice:
			elemType, ok := g.d.typeExpr(u.Elem())
			if !ok {
				return nil
			}
			size := 8
			if s.MaxItems != nil && *s.MaxItems <= 16 {
				size = max(int(*s.MaxItems), 1)
			}
			buf, items, item := e.local("buf"), e.local("items"), e.local("item")
			loop := []jen.Code{jen.Var().Id(item).Add(elemType)}
			loop = append(loop, g.value(itemSchema, u.Elem(), l.index(jen.Id(i)), lvalue{expr: jen.Id(item)})...)
			loop = append(loop, jen.Id(items).Op("=").Qual(implPath, "Append").Call(jen.Id("s"), jen.Id(items), jen.Id(item)))
			body = []jen.Code{
				jen.Var().Id(buf).Index(jen.Lit(size)).Add(elemType),
				jen.Id(items).Op(":=").Id(buf).Index(jen.Empty(), jen.Lit(0)),
				nextLoop(i, next, loop...),
				g.setSlice(t, dst, items),
			}
		}
		body = append(body, g.wholeChecks(s, held, l)...)
		return []jen.Code{jen.If(jen.Id("s").Dot("Array").Call(at, jen.Lit(expected), minItems, maxItems, jen.Lit(unique))).Block(body...)}
	})
}

// mapValue reads an object of like members into a map with string keys.
func (g *typedGen) mapValue(s *jsonschema.Schema, t types.Type, l loc, dst lvalue, expected, held string) []jen.Code {
	e := g.e
	elem := elemOf(t)
	u := elem.Underlying().(*types.Map)
	mapType, ok := g.d.typeExpr(elem)
	elemType, ok2 := g.d.typeExpr(u.Elem())
	if !ok || !ok2 {
		return nil
	}
	return e.container(l, func(l loc) []jen.Code {
		m, k, item := e.local("m"), e.local("k"), e.local("item")
		key := jen.Code(jen.Id(k))
		if _, named := types.Unalias(u.Key()).(*types.Named); named {
			keyType, _ := g.d.typeExpr(u.Key())
			key = jen.Add(keyType).Call(jen.Id(k))
		}
		fnBody := []jen.Code{jen.Var().Id(item).Add(elemType)}
		fnBody = append(fnBody, g.value(s.AdditionalProperties, u.Elem(), l.dynamicKey(jen.Id(k)), lvalue{expr: jen.Id(item)})...)
		fnBody = append(fnBody, jen.If(jen.Id(m).Op("!=").Nil()).Block(jen.Id(m).Index(key).Op("=").Id(item)))
		return []jen.Code{
			jen.Id(m).Op(":=").Qual(implPath, "NewMap").Types(mapType).Call(jen.Id("s")),
			jen.If(jen.Id("s").Dot("Members").Call(e.at(l), jen.Lit(expected), jen.Func().Params(jen.Id(k).String()).Block(fnBody...))).Block(
				append(g.wholeChecks(s, held, l), g.set(t, dst, jen.Id(m), true))...),
		}
	})
}
