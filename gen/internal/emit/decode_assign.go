package emit

import (
	"go/types"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

// This file emits the conversions of the map fill (see decode.go): each
// value the validator accepted, of type any, set into its Go type by kind.

// assign emits code that sets dst, of type t, from v, an expression of type
// any holding a non-nil value that the validator accepted at l. A value the
// field cannot hold is reported in r.
func (d *decoder) assign(t types.Type, dst lvalue, v jen.Code, l loc) []jen.Code {
	t = types.Unalias(t)
	set := func(x jen.Code) jen.Code { return jen.Add(dst.expr).Op("=").Add(x) }
	conv := func(x jen.Code) jen.Code {
		if _, named := t.(*types.Named); named {
			typ, _ := d.typeExpr(t)
			return jen.Add(typ).Call(x)
		}
		return x
	}
	report := func(method string, args ...jen.Code) jen.Code {
		return jen.Id("r").Dot(method).Call(append([]jen.Code{d.at(l)}, args...)...)
	}
	invalid := func(err string) jen.Code { return report("Invalid", jen.Id(err), v) }
	// A method with a pointer receiver is called on the addressable
	// expression itself, or on the pointer holding it.
	recv := dst.expr
	if dst.addr != nil {
		recv = dst.addr
	}

	switch qualified(t) {
	case "time.Duration":
		if !d.tool.Output {
			// A string in Go's duration syntax, which the pattern accepted.
			s := d.local("s")
			min, max := durationLimits(d.durations)
			return []jen.Code{jen.If(jen.List(jen.Id(s), jen.Id("ok")).Op(":=").Add(v).Assert(jen.String()), jen.Id("ok")).Block(
				set(jen.Id("r").Dot("Duration").Call(d.at(l), jen.Id(s), min, max)))}
		}
	case "encoding/json.Number":
		// A number, as its text.
		n := d.local("n")
		return []jen.Code{jen.If(jen.List(jen.Id(n), jen.Id("ok")).Op(":=").Qual(valuePath, "NumberText").Call(v), jen.Id("ok")).Block(set(jen.Id(n)))}
	case "net/url.URL":
		// encoding/json reads a url.URL as an object of its fields; its
		// schema is a uri string, which DecodeT parses, as the schema
		// promises.
		s, u, err := d.local("s"), d.local("u"), d.local("err")
		return []jen.Code{jen.If(jen.List(jen.Id(s), jen.Id("ok")).Op(":=").Add(v).Assert(jen.String()), jen.Id("ok")).Block(
			jen.If(jen.List(jen.Id(u), jen.Id(err)).Op(":=").Qual("net/url", "Parse").Call(jen.Id(s)), jen.Id(err).Op("!=").Nil()).Block(
				invalid(err),
			).Else().Block(set(jen.Op("*").Id(u))),
		)}
	case "math/big.Int":
		// Its UnmarshalJSON reads integers without fraction or exponent;
		// the schema's integers include 1e3.
		b, err := d.local("b"), d.local("err")
		return []jen.Code{jen.If(jen.List(jen.Id(b), jen.Id("ok")).Op(":=").Qual(valuePath, "IntegerJSON").Call(v), jen.Id("ok")).Block(
			jen.If(jen.Id(err).Op(":=").Add(recv).Dot("UnmarshalJSON").Call(jen.Id(b)), jen.Id(err).Op("!=").Nil()).Block(invalid(err)),
		)}
	}

	if _, isPtr := t.(*types.Pointer); !isPtr {
		if d.unmarshals(t) {
			b, err := d.local("b"), d.local("err")
			return []jen.Code{jen.If(jen.List(jen.Id(b), jen.Id(err)).Op(":=").Qual(implPath, "Marshal").Call(v), jen.Id(err).Op("!=").Nil()).Block(
				invalid(err),
			).Else().If(jen.Id(err).Op(":=").Add(recv).Dot("UnmarshalJSON").Call(jen.Id(b)), jen.Id(err).Op("!=").Nil()).Block(
				invalid(err),
			)}
		}
		if d.unmarshalsText(t) {
			// encoding/json reads it from a string, whatever its kind; its
			// schema is a string.
			s, err := d.local("s"), d.local("err")
			return []jen.Code{jen.If(jen.List(jen.Id(s), jen.Id("ok")).Op(":=").Add(v).Assert(jen.String()), jen.Id("ok")).Block(
				jen.If(jen.Id(err).Op(":=").Add(recv).Dot("UnmarshalText").Call(jen.Index().Byte().Call(jen.Id(s))), jen.Id(err).Op("!=").Nil()).Block(
					invalid(err),
				),
			)}
		}
	}

	leave, ok := d.enterNamed(t)
	if !ok {
		return nil
	}
	defer leave()

	switch u := t.Underlying().(type) {
	case *types.Pointer:
		elem, ok := d.typeExpr(u.Elem())
		if !ok {
			return nil
		}
		p := d.local("p")
		code := []jen.Code{jen.Id(p).Op(":=").New(elem)}
		code = append(code, d.assign(u.Elem(), lvalue{expr: jen.Parens(jen.Op("*").Id(p)), addr: jen.Id(p)}, v, l)...)
		return append(code, set(jen.Id(p)))

	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			b := d.local("b")
			return []jen.Code{jen.If(jen.List(jen.Id(b), jen.Id("ok")).Op(":=").Add(v).Assert(jen.Bool()), jen.Id("ok")).Block(set(conv(jen.Id(b))))}
		case u.Info()&types.IsString != 0:
			s := d.local("s")
			return []jen.Code{jen.If(jen.List(jen.Id(s), jen.Id("ok")).Op(":=").Add(v).Assert(jen.String()), jen.Id("ok")).Block(set(conv(jen.Id(s))))}
		case u.Info()&types.IsInteger != 0:
			bounds, ok := gotype.IntRanges[u.Kind()]
			if !ok {
				d.fail("unsupported integer type %s", d.typeName(t))
				return nil
			}
			n := d.local("n")
			var call jen.Code
			target := jen.Code(jen.Id(u.Name()).Call(jen.Id(n)))
			min, max := intLimits(u)
			if u.Info()&types.IsUnsigned != 0 {
				call = jen.Qual(valuePath, "Uint").Call(v, max)
				if u.Kind() == types.Uint64 {
					target = jen.Id(n)
				}
			} else {
				call = jen.Qual(valuePath, "Int").Call(v, min, max)
				if u.Kind() == types.Int64 {
					target = jen.Id(n)
				}
			}
			if _, named := t.(*types.Named); named {
				target = conv(jen.Id(n))
			}
			return []jen.Code{jen.If(jen.List(jen.Id(n), jen.Id("ok")).Op(":=").Add(call), jen.Id("ok")).Block(set(target)).Else().Block(
				report("Range", jen.Lit(bounds.Min), jen.Lit(bounds.Max), v))}
		case u.Kind() == types.Float64:
			f := d.local("f")
			return []jen.Code{jen.If(jen.List(jen.Id(f), jen.Id("ok")).Op(":=").Qual(valuePath, "Number").Call(v), jen.Id("ok")).Block(set(conv(jen.Id(f))))}
		case u.Kind() == types.Float32:
			f := d.local("f")
			return []jen.Code{jen.If(jen.List(jen.Id(f), jen.Id("ok")).Op(":=").Qual(valuePath, "Float32").Call(v), jen.Id("ok")).Block(set(conv(jen.Id(f)))).Else().Block(
				report("Range", jen.Lit("-"+plan.Float32Max), jen.Lit(plan.Float32Max), v))}
		}
		d.fail("unsupported type %s", d.typeName(t))
		return nil

	case *types.Struct:
		obj := d.local("obj")
		var body []jen.Code
		if named, ok := t.(*types.Named); ok {
			body = []jen.Code{jen.Id(d.fill(named)).Call(jen.Id("r"), d.at(l), dst.address(), jen.Id(obj))}
		} else {
			body = l.container(d.local, func(l loc) []jen.Code { return d.fields(t, dst.expr, jen.Id(obj), l) })
		}
		return []jen.Code{jen.If(jen.List(jen.Id(obj), jen.Id("ok")).Op(":=").Qual(valuePath, "Object").Call(v), jen.Id("ok")).Block(body...)}

	case *types.Slice:
		typ, ok := d.typeExpr(t)
		if !ok {
			return nil
		}
		if elem, isBasic := u.Elem().(*types.Basic); isBasic && elem.Kind() == types.Byte {
			s, b := d.local("s"), d.local("b")
			return []jen.Code{jen.If(jen.List(jen.Id(s), jen.Id("ok")).Op(":=").Add(v).Assert(jen.String()), jen.Id("ok")).Block(
				jen.If(jen.List(jen.Id(b), jen.Id("ok")).Op(":=").Qual(implPath, "Bytes").Call(jen.Id(s)), jen.Id("ok")).Block(set(conv(jen.Id(b)))).Else().Block(
					report("Decode", jen.Lit("contentEncoding"), jen.Lit(plan.Base64Text), v)),
			)}
		}
		list, s := d.local("list"), d.local("s")
		loop := l.container(d.local, func(l loc) []jen.Code {
			i, item := d.local("i"), d.local("item")
			elem := d.assign(u.Elem(), lvalue{expr: jen.Id(s).Index(jen.Id(i))}, jen.Id(item), l.index(jen.Id(i)))
			return []jen.Code{jen.For(jen.List(jen.Id(i), jen.Id(item)).Op(":=").Range().Id(list)).Block(
				append(breakWhenFull(), d.unlessNull(u.Elem(), item, elem)...)...)}
		})
		body := append([]jen.Code{jen.Id(s).Op(":=").Make(typ, jen.Len(jen.Id(list)))}, loop...)
		return []jen.Code{jen.If(jen.List(jen.Id(list), jen.Id("ok")).Op(":=").Qual(valuePath, "List").Call(v), jen.Id("ok")).Block(
			append(body, set(jen.Id(s)))...,
		)}

	case *types.Array:
		list := d.local("list")
		loop := l.container(d.local, func(l loc) []jen.Code {
			i, item := d.local("i"), d.local("item")
			elem := d.assign(u.Elem(), lvalue{expr: jen.Add(dst.expr).Index(jen.Id(i))}, jen.Id(item), l.index(jen.Id(i)))
			return []jen.Code{jen.For(jen.List(jen.Id(i), jen.Id(item)).Op(":=").Range().Id(list)).Block(append(
				[]jen.Code{jen.If(jen.Id(i).Op(">=").Lit(int(u.Len())).Op("||").Id("r").Dot("Full").Call()).Block(jen.Break())},
				d.unlessNull(u.Elem(), item, elem)...)...)}
		})
		return []jen.Code{jen.If(jen.List(jen.Id(list), jen.Id("ok")).Op(":=").Qual(valuePath, "List").Call(v), jen.Id("ok")).Block(loop...)}

	case *types.Map:
		return d.assignMap(t, u, set, v, l)

	case *types.Interface:
		if !u.Empty() {
			d.fail("unsupported type %s: an interface with methods", d.typeName(t))
			return nil
		}
		return []jen.Code{set(v)}
	}
	d.fail("unsupported type %s", d.typeName(t))
	return nil
}

// breakWhenFull ends a loop of decode once the report is full.
func breakWhenFull() []jen.Code {
	return []jen.Code{jen.If(jen.Id("r").Dot("Full").Call()).Block(jen.Break())}
}

// assignMap emits the decode of a map, whose keys are read as encoding/json
// reads them: through the key type's UnmarshalText when it has one, else as
// strings or integers.
func (d *decoder) assignMap(t types.Type, u *types.Map, set func(jen.Code) jen.Code, v jen.Code, l loc) []jen.Code {
	typ, ok := d.typeExpr(t)
	elemType, elemOK := d.typeExpr(u.Elem())
	keyType, keyOK := d.typeExpr(u.Key())
	if !ok || !elemOK || !keyOK {
		return nil
	}
	obj, m := d.local("obj"), d.local("m")
	keyBasic, _ := u.Key().Underlying().(*types.Basic)
	loop := l.container(d.local, func(l loc) []jen.Code {
		k, item, e := d.local("k"), d.local("item"), d.local("e")
		elem := d.assign(u.Elem(), lvalue{expr: jen.Id(e)}, jen.Id(item), l.dynamicKey(jen.Id(k)))
		decodeElem := append([]jen.Code{jen.Var().Id(e).Add(elemType)}, d.unlessNull(u.Elem(), item, elem)...)
		var body []jen.Code
		switch {
		case d.unmarshalsText(u.Key()):
			key, err := d.local("key"), d.local("err")
			body = []jen.Code{
				jen.Var().Id(key).Add(keyType),
				jen.If(jen.Id(err).Op(":=").Id(key).Dot("UnmarshalText").Call(jen.Index().Byte().Call(jen.Id(k))), jen.Id(err).Op("!=").Nil()).Block(
					jen.Id("r").Dot("Invalid").Call(l.dynamicKey(jen.Id(k)).expr(d.local), jen.Id(err), jen.Id(k)),
					jen.Return(),
				),
			}
			body = append(body, decodeElem...)
			body = append(body, jen.Id(m).Index(jen.Id(key)).Op("=").Id(e))
		case keyBasic != nil && keyBasic.Info()&types.IsString != 0:
			key := jen.Code(jen.Id(k))
			if _, named := types.Unalias(u.Key()).(*types.Named); named {
				key = jen.Add(keyType).Call(jen.Id(k))
			}
			body = append(decodeElem, jen.Id(m).Index(key).Op("=").Id(e))
		case keyBasic != nil && keyBasic.Info()&types.IsInteger != 0 && keyBasic.Info()&types.IsUnsigned == 0:
			bounds := gotype.IntRanges[keyBasic.Kind()]
			min, max := intLimits(keyBasic)
			n := d.local("n")
			key := jen.Add(keyType).Call(jen.Id(n))
			bad := func() jen.Code {
				return jen.Id("r").Dot("Decode").Call(l.dynamicKey(jen.Id(k)).expr(d.local), jen.Lit("propertyNames"),
					jen.Lit(plan.IntKeyText(bounds)), jen.Id(k))
			}
			body = []jen.Code{
				jen.List(jen.Id(n), jen.Id("ok")).Op(":=").Qual(implPath, "IntKey").Call(jen.Id(k), min, max),
				jen.If(jen.Op("!").Id("ok")).Block(bad(), jen.Return()),
				jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Id(m).Index(key), jen.Id("dup")).Block(bad(), jen.Return()),
			}
			body = append(body, decodeElem...)
			body = append(body, jen.Id(m).Index(jen.Add(keyType).Call(jen.Id(n))).Op("=").Id(e))
		default:
			d.fail("unsupported map key type %s", d.typeName(u.Key()))
			return nil
		}
		// Visited in Go's map order and, only when that reported errors,
		// again in key order, so that the errors are deterministic at no
		// cost to a map that decodes.
		member, n := d.local("member"), d.local("n")
		return []jen.Code{
			jen.Id(n).Op(":=").Id("r").Dot("Len").Call(),
			jen.Id(member).Op(":=").Func().Params(jen.Id(k).String(), jen.Id(item).Any()).Block(body...),
			jen.For(jen.List(jen.Id(k), jen.Id(item)).Op(":=").Range().Id(obj)).Block(
				append([]jen.Code{jen.Id(member).Call(jen.Id(k), jen.Id(item))}, breakWhenFull()...)...),
			jen.If(jen.Id("r").Dot("Len").Call().Op(">").Id(n)).Block(
				jen.Id("r").Dot("Truncate").Call(jen.Id(n)),
				jen.Id(m).Op("=").Make(typ, jen.Len(jen.Id(obj))),
				jen.For(jen.Id(k).Op(":=").Range().Qual(implPath, "KeysInOrder").Call(jen.Id(obj))).Block(
					append([]jen.Code{jen.Id(member).Call(jen.Id(k), jen.Id(obj).Index(jen.Id(k)))}, breakWhenFull()...)...),
			),
		}
	})
	if loop == nil {
		return nil
	}
	body := append([]jen.Code{jen.Id(m).Op(":=").Make(typ, jen.Len(jen.Id(obj)))}, loop...)
	return []jen.Code{jen.If(jen.List(jen.Id(obj), jen.Id("ok")).Op(":=").Qual(valuePath, "Object").Call(v), jen.Id("ok")).Block(
		append(body, set(jen.Id(m)))...,
	)}
}

// unlessNull guards the decode of an item: a null item stays the zero value,
// unless its type decodes null itself.
func (d *decoder) unlessNull(t types.Type, item string, code []jen.Code) []jen.Code {
	if len(code) == 0 || d.decodesNull(t) {
		return code
	}
	return []jen.Code{jen.If(d.present(t, jen.Id(item))).Block(code...)}
}

// enterNamed marks t, a named slice, map, array or pointer, as being
// written out, and returns what unmarks it; false (reported once) when it
// already is: a type that contains itself (type L []L) would be written
// out without end. Other types are not marked.
func (d *decoder) enterNamed(t types.Type) (leave func(), ok bool) {
	named, isNamed := t.(*types.Named)
	if !isNamed {
		return func() {}, true
	}
	if _, isStruct := named.Underlying().(*types.Struct); isStruct {
		return func() {}, true
	}
	if d.active[named] {
		if !d.refused[named] {
			d.refused[named] = true
			d.fail("type %s contains itself with no struct in between: toolgen decodes recursion through struct types; wrap it in one (type %s struct { Items []%s })", d.typeName(named), named.Obj().Name(), named.Obj().Name())
		}
		return nil, false
	}
	d.active[named] = true
	return func() { delete(d.active, named) }, true
}
