package gen

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
)

// This file emits the typed decode of a tool: DecodeT validates a model's
// arguments with ValidateT and then fills a T straight from the map, with no
// encoding/json round trip, reading every value the validator accepts
// without loss. It follows the Go types, as encoding/json would, through the
// same field rules as the schema (json names, "-", embedded and inlined
// structs); the root's properties are checked against the schema, so that
// the two cannot drift apart.

// decodeName is the name of a tool's decode function: DecodeT, or decodeT
// for an unexported T.
func decodeName(t *ToolType) string {
	if token.IsExported(t.Obj.Name()) {
		return "Decode" + t.Obj.Name()
	}
	return "decode" + upperFirst(t.Obj.Name())
}

// typedDef is the value of a tool's variable: a tool.Def[T] holding the Tool
// and the decode function, in a tool.ResultDef[T, R] for a tool with a
// result type R.
func typedDef(t *BuiltTool, toolValue jen.Code) jen.Code {
	def := jen.Qual(runtimePath, "Def").Types(jen.Id(t.Obj.Name())).Values(jen.Dict{
		jen.Id("Tool"):   toolValue,
		jen.Id("Decode"): jen.Id(decodeName(t.ToolType)),
	})
	if t.Result == nil {
		return def
	}
	return jen.Qual(runtimePath, "ResultDef").Types(jen.Id(t.Obj.Name()), jen.Id(t.Result.Obj.Name())).Values(jen.Dict{jen.Id("Def"): def})
}

// emitDecoder emits DecodeT and the fill functions of the struct types it
// reaches, and returns the package-level names it declared.
func emitDecoder(f *jen.File, t *BuiltTool, n names) ([]string, Errors) {
	d := &decoder{
		file:   f,
		tool:   t,
		pkg:    t.Obj.Pkg(),
		prefix: n.prefix,
		fills:  map[string]string{},
		taken:  map[string]bool{},
	}
	d.checkProperties()
	d.decodeFunc(n.validate)
	for len(d.pending) > 0 {
		next := d.pending[0]
		d.pending = d.pending[1:]
		d.fillFunc(next)
	}
	declared := []string{decodeName(t.ToolType)}
	for _, name := range d.fills {
		declared = append(declared, name)
	}
	sort.Strings(declared)
	return declared, d.errs
}

type decoder struct {
	file    *jen.File
	tool    *BuiltTool
	pkg     *types.Package
	prefix  string
	fills   map[string]string // type -> its fill function
	taken   map[string]bool   // fill function names
	pending []*types.Named
	errs    Errors
	locals  map[string]int
	field   *types.Var // the field being decoded, for errors
}

// fail reports what the decode cannot do, at the field being decoded if
// any, else at the tool's type.
func (d *decoder) fail(format string, args ...any) {
	if d.field != nil {
		d.errs.add(d.tool.Fset.Position(d.field.Pos()), "field %s: %s", d.field.Name(), fmt.Sprintf(format, args...))
		return
	}
	d.errs.add(d.tool.Pos, "decoding %s: %s", d.tool.Obj.Name(), fmt.Sprintf(format, args...))
}

// local returns a fresh local name based on base, unique in the function
// being emitted and distinct from the package's own identifiers, which the
// generated code may refer to.
func (d *decoder) local(base string) string {
	for {
		n := d.locals[base]
		d.locals[base] = n + 1
		name := base
		if n > 0 {
			name = base + strconv.Itoa(n+1)
		}
		if d.pkg == nil || d.pkg.Scope().Lookup(name) == nil {
			return name
		}
	}
}

// decodeFunc emits DecodeT.
func (d *decoder) decodeFunc(validate string) {
	d.locals = map[string]int{}
	t := d.tool
	args, out, errs := d.local("args"), d.local("out"), d.local("errs")
	typ := jen.Id(t.Obj.Name())
	root := t.Obj.Type()
	var fill []jen.Code
	if d.unmarshals(root) {
		fill = d.assign(root, lvalue{expr: jen.Id(out), addr: jen.Op("&").Id(out)}, jen.Id(args), loc{}, errs)
	} else {
		fill = []jen.Code{jen.Id(errs).Op("=").Id(d.fill(root.(*types.Named))).Call(jen.Op("&").Id(out), jen.Id(args), jen.Id(errs))}
	}
	body := []jen.Code{
		jen.Var().Id(out).Add(typ),
		jen.Id(errs).Op(":=").Id(validate).Call(jen.Id(args)),
		jen.If(jen.Len(jen.Id(errs)).Op(">").Lit(0)).Block(jen.Return(jen.Id(out), jen.Id(errs))),
	}
	body = append(body, fill...)
	body = append(body,
		jen.If(jen.Len(jen.Id(errs)).Op(">").Lit(0)).Block(jen.Return(jen.Add(typ).Values(), jen.Id(errs))),
		jen.Return(jen.Id(out), jen.Nil()),
	)
	name := decodeName(t.ToolType)
	d.file.Commentf("%s checks a model's arguments for the %s tool with %s and returns them as a %s, read straight from the map; when they are not valid, the zero %s and every error.",
		name, t.Name, validate, t.Obj.Name(), t.Obj.Name())
	d.file.Func().Id(name).Params(jen.Id(args).Map(jen.String()).Any()).Params(typ, jen.Qual(runtimePath, "Errors")).Block(body...)
}

// fill names the function that fills a named struct type from an object,
// and queues it for emission.
func (d *decoder) fill(t *types.Named) string {
	key := types.TypeString(t, nil)
	if name, ok := d.fills[key]; ok {
		return name
	}
	suffix := ""
	if t != d.tool.Obj.Type() {
		suffix = upperFirst(identifier(t.Obj().Name()))
		if t.Obj().Pkg() != d.pkg && t.Obj().Pkg() != nil {
			suffix = upperFirst(identifier(t.Obj().Pkg().Name())) + suffix
		}
	}
	base := "fill" + upperPrefix(d.prefix) + suffix
	name := base
	for i := 2; d.taken[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	d.taken[name] = true
	d.fills[key] = name
	d.pending = append(d.pending, t)
	return name
}

// fillFunc emits the fill function of a named struct type. It reports errors
// relative to the object it is given; its caller nests them.
func (d *decoder) fillFunc(t *types.Named) {
	d.locals = map[string]int{}
	name := d.fills[types.TypeString(t, nil)]
	out, obj, errs := d.local("out"), d.local("obj"), d.local("errs")
	typ, ok := d.typeExpr(t)
	if !ok {
		return
	}
	body := d.fields(t.Underlying().(*types.Struct), jen.Id(out), jen.Id(obj), loc{}, errs)
	body = append(body, jen.Return(jen.Id(errs)))
	d.file.Commentf("%s sets the fields of a %s from an object its validator accepted.", name, t.Obj().Name())
	d.file.Func().Id(name).Params(
		jen.Id(out).Op("*").Add(typ), jen.Id(obj).Map(jen.String()).Any(), jen.Id(errs).Qual(runtimePath, "Errors"),
	).Qual(runtimePath, "Errors").Block(body...)
}

// field is a struct field that holds a property, possibly through embedded
// or inlined structs.
type field struct {
	name string       // the property
	path []*types.Var // from the struct to the field
	typ  types.Type
}

// structFields lists the properties of a struct type as the schema builder
// does (see schemaBuilder.field): json names, "-" in either tag, embedded
// structs without a json name and ",inline" fields flattened, other
// unexported fields left out.
func structFields(st *types.Struct, path []*types.Var, seen map[*types.Struct]bool) []field {
	if seen[st] {
		return nil
	}
	seen[st] = true
	defer delete(seen, st)
	var out []field
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		tags := reflect.StructTag(st.Tag(i))
		jsonTags := strings.Split(tags.Get("json"), ",")
		schemaTags := strings.Split(tags.Get("jsonschema"), ",")
		if jsonTags[0] == "-" || schemaTags[0] == "-" {
			continue
		}
		ft := types.Unalias(f.Type())
		if p, ok := ft.(*types.Pointer); ok {
			ft = types.Unalias(p.Elem())
		}
		inner, isStruct := ft.Underlying().(*types.Struct)
		at := append(append([]*types.Var{}, path...), f)
		if (f.Embedded() && jsonTags[0] == "" && isStruct) || hasOption(jsonTags, "inline") {
			if isStruct {
				out = append(out, structFields(inner, at, seen)...)
			}
			continue
		}
		if !f.Exported() && !f.Embedded() {
			continue
		}
		name := f.Name()
		if jsonTags[0] != "" {
			name = jsonTags[0]
		}
		out = append(out, field{name: name, path: at, typ: f.Type()})
	}
	return out
}

// checkProperties proves that the root struct's fields are the schema's
// properties, so that a change to either cannot make DecodeT skip a member
// the validator accepted.
func (d *decoder) checkProperties() {
	s := d.tool.Schema
	if s == nil || s.Properties == nil {
		return
	}
	st, ok := d.tool.Obj.Type().Underlying().(*types.Struct)
	if !ok {
		return
	}
	fields := map[string]bool{}
	for _, f := range structFields(st, nil, map[*types.Struct]bool{}) {
		fields[f.name] = true
	}
	for p := s.Properties.Oldest(); p != nil; p = p.Next() {
		if !fields[p.Key] {
			d.fail("property %q of the schema has no struct field", p.Key)
		}
		delete(fields, p.Key)
	}
	for _, name := range sortedKeys(fields) {
		d.fail("field for %q is not a property of the schema", name)
	}
}

// lvalue is an addressable Go expression, and its address when that is
// simpler than &expr.
type lvalue struct {
	expr jen.Code
	addr jen.Code
}

func (l lvalue) address() jen.Code {
	if l.addr != nil {
		return l.addr
	}
	return jen.Op("&").Add(l.expr)
}

// fields emits the assignments of a struct's fields, at base, from obj, a
// map[string]any.
func (d *decoder) fields(st *types.Struct, base, obj jen.Code, l loc, errs string) []jen.Code {
	var out []jen.Code
	outer := d.field
	defer func() { d.field = outer }()
	for _, f := range structFields(st, nil, map[*types.Struct]bool{}) {
		if d.tool.Fset != nil {
			d.field = f.path[len(f.path)-1]
		}
		v := d.local(identifier(f.name))
		var body []jen.Code
		sel := jen.Add(base)
		ok := true
		for i, p := range f.path {
			last := i == len(f.path)-1
			if !last && !p.Exported() && p.Pkg() != d.pkg {
				// An unexported embedded struct of another package: its
				// fields are promoted, and reached without naming it.
				if _, isPtr := types.Unalias(p.Type()).(*types.Pointer); isPtr {
					d.fail("field %s: cannot allocate the embedded *%s of another package", f.name, p.Name())
					ok = false
				}
				continue
			}
			sel = jen.Add(sel).Dot(p.Name())
			if ptr, isPtr := types.Unalias(p.Type()).(*types.Pointer); isPtr && !last {
				elem, typeOK := d.typeExpr(ptr.Elem())
				if !typeOK {
					ok = false
					break
				}
				body = append(body, jen.If(jen.Add(sel).Op("==").Nil()).Block(jen.Add(sel).Op("=").New(elem)))
			}
		}
		if !ok {
			continue
		}
		body = append(body, d.assign(f.typ, lvalue{expr: sel}, jen.Id(v), l.key(f.name), errs)...)
		if d.decodesNull(f.typ) {
			// encoding/json hands null to UnmarshalJSON too.
			out = append(out, jen.If(jen.List(jen.Id(v), jen.Id("ok")).Op(":=").Add(obj).Index(jen.Lit(f.name)), jen.Id("ok")).Block(body...))
			continue
		}
		out = append(out, jen.If(jen.Id(v).Op(":=").Add(obj).Index(jen.Lit(f.name)), jen.Id(v).Op("!=").Nil()).Block(body...))
	}
	return out
}

// unmarshals reports whether encoding/json hands values of t to t's own
// UnmarshalJSON method, which DecodeT then calls as well.
func (d *decoder) unmarshals(t types.Type) bool {
	return hasMethodSig(types.NewPointer(t), "UnmarshalJSON")
}

// decodesNull reports whether encoding/json passes a null to t's
// UnmarshalJSON method (json.RawMessage keeps it as "null") rather than
// leaving the zero value: for a non-pointer type with that method.
func (d *decoder) decodesNull(t types.Type) bool {
	_, isPtr := types.Unalias(t).Underlying().(*types.Pointer)
	return !isPtr && d.unmarshals(t)
}

func (d *decoder) unmarshalsText(t types.Type) bool {
	return hasMethodSig(types.NewPointer(t), "UnmarshalText")
}

// hasMethodSig reports whether t has a method name func([]byte) error.
func hasMethodSig(t types.Type, name string) bool {
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if !ok || fn.Name() != name {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Params().Len() != 1 || sig.Results().Len() != 1 {
			return false
		}
		param, ok := sig.Params().At(0).Type().Underlying().(*types.Slice)
		if !ok {
			return false
		}
		elem, ok := param.Elem().(*types.Basic)
		return ok && elem.Kind() == types.Byte && types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type())
	}
	return false
}

// intBounds are the bounds of the integer kinds, as Go constants and text.
var intBounds = map[types.BasicKind]struct {
	min, max         string // math constants
	minText, maxText string
}{
	types.Int:    {"MinInt", "MaxInt", "-9223372036854775808", "9223372036854775807"},
	types.Int8:   {"MinInt8", "MaxInt8", "-128", "127"},
	types.Int16:  {"MinInt16", "MaxInt16", "-32768", "32767"},
	types.Int32:  {"MinInt32", "MaxInt32", "-2147483648", "2147483647"},
	types.Int64:  {"MinInt64", "MaxInt64", "-9223372036854775808", "9223372036854775807"},
	types.Uint:   {"", "MaxUint", "0", "18446744073709551615"},
	types.Uint8:  {"", "MaxUint8", "0", "255"},
	types.Uint16: {"", "MaxUint16", "0", "65535"},
	types.Uint32: {"", "MaxUint32", "0", "4294967295"},
	types.Uint64: {"", "MaxUint64", "0", "18446744073709551615"},
}

// assign emits code that sets dst, of type t, from v, an expression of type
// any holding a non-nil value that the validator accepted at l. errs is the
// local collecting the errors of values that do not fit their Go field.
func (d *decoder) assign(t types.Type, dst lvalue, v jen.Code, l loc, errs string) []jen.Code {
	t = types.Unalias(t)
	set := func(x jen.Code) jen.Code { return jen.Add(dst.expr).Op("=").Add(x) }
	conv := func(x jen.Code) jen.Code {
		if _, named := t.(*types.Named); named {
			typ, _ := d.typeExpr(t)
			return jen.Add(typ).Call(x)
		}
		return x
	}
	fail := func(err jen.Code) jen.Code { return jen.Id(errs).Op("=").Append(jen.Id(errs), err) }

	if _, isPtr := t.(*types.Pointer); !isPtr {
		invalid := func(err string) jen.Code {
			reason := concat(append(append([]seg{{lit: "argument '"}}, l.name...), seg{lit: "' does not decode: "}, seg{expr: jen.Id(err).Dot("Error").Call()}))
			return fail(jen.Qual(runtimePath, "DecodeError").Call(jen.Qual(runtimePath, "CodeInvalid"), l.pathExpr(), l.nameExpr(), jen.Lit(""), reason, v))
		}
		// A method with a pointer receiver is called on the addressable
		// expression itself, or on the pointer holding it.
		recv := dst.expr
		if dst.addr != nil {
			recv = dst.addr
		}
		if d.unmarshals(t) {
			b, err := d.local("b"), d.local("err")
			return []jen.Code{jen.If(jen.List(jen.Id(b), jen.Id(err)).Op(":=").Qual("encoding/json", "Marshal").Call(v), jen.Id(err).Op("!=").Nil()).Block(
				invalid(err),
			).Else().If(jen.Id(err).Op(":=").Add(recv).Dot("UnmarshalJSON").Call(jen.Id(b)), jen.Id(err).Op("!=").Nil()).Block(
				invalid(err),
			)}
		}
		if d.unmarshalsText(t) {
			// The schema of such a type is a string (see Schema).
			s, err := d.local("s"), d.local("err")
			return []jen.Code{jen.If(jen.List(jen.Id(s), jen.Id("ok")).Op(":=").Add(v).Assert(jen.String()), jen.Id("ok")).Block(
				jen.If(jen.Id(err).Op(":=").Add(recv).Dot("UnmarshalText").Call(jen.Index().Byte().Call(jen.Id(s))), jen.Id(err).Op("!=").Nil()).Block(
					invalid(err),
				),
			)}
		}
	}

	switch u := t.Underlying().(type) {
	case *types.Pointer:
		elem, ok := d.typeExpr(u.Elem())
		if !ok {
			return nil
		}
		p := d.local("p")
		code := []jen.Code{jen.Id(p).Op(":=").New(elem)}
		code = append(code, d.assign(u.Elem(), lvalue{expr: jen.Parens(jen.Op("*").Id(p)), addr: jen.Id(p)}, v, l, errs)...)
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
			bounds, ok := intBounds[u.Kind()]
			if !ok {
				d.fail("unsupported integer type %s", d.typeName(t))
				return nil
			}
			n := d.local("n")
			var call jen.Code
			target := jen.Code(jen.Id(u.Name()).Call(jen.Id(n)))
			if u.Info()&types.IsUnsigned != 0 {
				call = jen.Qual(runtimePath, "Uint").Call(v, jen.Qual("math", bounds.max))
				if u.Kind() == types.Uint64 {
					target = jen.Id(n)
				}
			} else {
				call = jen.Qual(runtimePath, "Int").Call(v, jen.Qual("math", bounds.min), jen.Qual("math", bounds.max))
				if u.Kind() == types.Int64 {
					target = jen.Id(n)
				}
			}
			if _, named := t.(*types.Named); named {
				target = conv(jen.Id(n))
			}
			return []jen.Code{jen.If(jen.List(jen.Id(n), jen.Id("ok")).Op(":=").Add(call), jen.Id("ok")).Block(set(target)).Else().Block(
				fail(jen.Qual(runtimePath, "RangeError").Call(l.pathExpr(), l.nameExpr(), jen.Lit(bounds.minText), jen.Lit(bounds.maxText), v)))}
		case u.Kind() == types.Float64:
			f := d.local("f")
			return []jen.Code{jen.If(jen.List(jen.Id(f), jen.Id("ok")).Op(":=").Qual(runtimePath, "Float").Call(v), jen.Id("ok")).Block(set(conv(jen.Id(f))))}
		case u.Kind() == types.Float32:
			f := d.local("f")
			return []jen.Code{jen.If(jen.List(jen.Id(f), jen.Id("ok")).Op(":=").Qual(runtimePath, "Float32").Call(v), jen.Id("ok")).Block(set(conv(jen.Id(f)))).Else().Block(
				fail(jen.Qual(runtimePath, "RangeError").Call(l.pathExpr(), l.nameExpr(), jen.Lit("-3.4028234663852886e38"), jen.Lit("3.4028234663852886e38"), v)))}
		}
		d.fail("unsupported type %s", d.typeName(t))
		return nil

	case *types.Struct:
		obj := d.local("obj")
		var body []jen.Code
		if named, ok := t.(*types.Named); ok {
			n := d.local("n")
			body = []jen.Code{
				jen.Id(n).Op(":=").Len(jen.Id(errs)),
				jen.Id(errs).Op("=").Id(d.fill(named)).Call(dst.address(), jen.Id(obj), jen.Id(errs)),
			}
			if len(l.path) > 0 {
				body = append(body, jen.If(jen.Len(jen.Id(errs)).Op(">").Id(n)).Block(
					jen.Qual(runtimePath, "Nest").Call(jen.Id(errs).Index(jen.Id(n).Op(":")), l.pathExpr(), l.nameExpr())))
			}
		} else {
			body = d.fields(u, dst.expr, jen.Id(obj), l, errs)
		}
		return []jen.Code{jen.If(jen.List(jen.Id(obj), jen.Id("ok")).Op(":=").Qual(runtimePath, "Object").Call(v), jen.Id("ok")).Block(body...)}

	case *types.Slice:
		typ, ok := d.typeExpr(t)
		if !ok {
			return nil
		}
		if elem, isBasic := u.Elem().(*types.Basic); isBasic && elem.Kind() == types.Byte {
			s, b := d.local("s"), d.local("b")
			return []jen.Code{jen.If(jen.List(jen.Id(s), jen.Id("ok")).Op(":=").Add(v).Assert(jen.String()), jen.Id("ok")).Block(
				jen.If(jen.List(jen.Id(b), jen.Id("ok")).Op(":=").Qual(runtimePath, "Bytes").Call(jen.Id(s)), jen.Id("ok")).Block(set(conv(jen.Id(b)))).Else().Block(
					fail(jen.Qual(runtimePath, "DecodeError").Call(jen.Lit("contentEncoding"), l.pathExpr(), l.nameExpr(), jen.Lit("a base64 string"), jen.Lit(""), v))),
			)}
		}
		list, s, i, item := d.local("list"), d.local("s"), d.local("i"), d.local("item")
		elem := d.assign(u.Elem(), lvalue{expr: jen.Id(s).Index(jen.Id(i))}, jen.Id(item), l.index(jen.Id(i)), errs)
		return []jen.Code{jen.If(jen.List(jen.Id(list), jen.Id("ok")).Op(":=").Qual(runtimePath, "List").Call(v), jen.Id("ok")).Block(
			jen.Id(s).Op(":=").Make(typ, jen.Len(jen.Id(list))),
			jen.For(jen.List(jen.Id(i), jen.Id(item)).Op(":=").Range().Id(list)).Block(d.unlessNull(u.Elem(), item, elem)...),
			set(jen.Id(s)),
		)}

	case *types.Array:
		list, i, item := d.local("list"), d.local("i"), d.local("item")
		elem := d.assign(u.Elem(), lvalue{expr: jen.Add(dst.expr).Index(jen.Id(i))}, jen.Id(item), l.index(jen.Id(i)), errs)
		return []jen.Code{jen.If(jen.List(jen.Id(list), jen.Id("ok")).Op(":=").Qual(runtimePath, "List").Call(v), jen.Id("ok")).Block(
			jen.For(jen.List(jen.Id(i), jen.Id(item)).Op(":=").Range().Id(list)).Block(append(
				[]jen.Code{jen.If(jen.Id(i).Op(">=").Lit(int(u.Len()))).Block(jen.Break())},
				d.unlessNull(u.Elem(), item, elem)...)...),
		)}

	case *types.Map:
		typ, ok := d.typeExpr(t)
		elemType, elemOK := d.typeExpr(u.Elem())
		keyType, keyOK := d.typeExpr(u.Key())
		if !ok || !elemOK || !keyOK {
			return nil
		}
		obj, m, k, item, e := d.local("obj"), d.local("m"), d.local("k"), d.local("item"), d.local("e")
		elem := d.assign(u.Elem(), lvalue{expr: jen.Id(e)}, jen.Id(item), l.dynamicKey(jen.Id(k)), errs)
		decodeElem := append([]jen.Code{jen.Var().Id(e).Add(elemType)}, d.unlessNull(u.Elem(), item, elem)...)
		keyBasic, _ := u.Key().Underlying().(*types.Basic)
		var loop []jen.Code
		switch {
		case keyBasic != nil && keyBasic.Info()&types.IsString != 0:
			key := jen.Code(jen.Id(k))
			if _, named := types.Unalias(u.Key()).(*types.Named); named {
				key = jen.Add(keyType).Call(jen.Id(k))
			}
			loop = append(decodeElem, jen.Id(m).Index(key).Op("=").Id(e))
		case keyBasic != nil && keyBasic.Info()&types.IsInteger != 0 && keyBasic.Info()&types.IsUnsigned == 0:
			bounds := intBounds[keyBasic.Kind()]
			n, bad := d.local("n"), d.local("bad")
			key := jen.Add(keyType).Call(jen.Id(n))
			loop = []jen.Code{
				jen.List(jen.Id(n), jen.Id("ok")).Op(":=").Qual(runtimePath, "IntKey").Call(jen.Id(k), jen.Qual("math", bounds.min), jen.Qual("math", bounds.max)),
				jen.If(jen.Op("!").Id("ok")).Block(jen.Id(bad).Op("=").True(), jen.Continue()),
				jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Id(m).Index(key), jen.Id("dup")).Block(jen.Id(bad).Op("=").True(), jen.Continue()),
			}
			loop = append(loop, decodeElem...)
			loop = append(loop, jen.Id(m).Index(jen.Add(keyType).Call(jen.Id(n))).Op("=").Id(e))
			body := []jen.Code{
				jen.Id(m).Op(":=").Make(typ, jen.Len(jen.Id(obj))),
				jen.Id(bad).Op(":=").False(),
				jen.For(jen.List(jen.Id(k), jen.Id(item)).Op(":=").Range().Id(obj)).Block(loop...),
				jen.If(jen.Id(bad)).Block(fail(jen.Qual(runtimePath, "DecodeError").Call(jen.Lit("propertyNames"), l.pathExpr(), l.nameExpr(),
					jen.Lit("keys that are distinct integers from "+bounds.minText+" to "+bounds.maxText), jen.Lit(""), v))),
				set(jen.Id(m)),
			}
			return []jen.Code{jen.If(jen.List(jen.Id(obj), jen.Id("ok")).Op(":=").Qual(runtimePath, "Object").Call(v), jen.Id("ok")).Block(body...)}
		default:
			d.fail("unsupported map key type %s", d.typeName(u.Key()))
			return nil
		}
		return []jen.Code{jen.If(jen.List(jen.Id(obj), jen.Id("ok")).Op(":=").Qual(runtimePath, "Object").Call(v), jen.Id("ok")).Block(
			jen.Id(m).Op(":=").Make(typ, jen.Len(jen.Id(obj))),
			jen.For(jen.List(jen.Id(k), jen.Id(item)).Op(":=").Range().Id(obj)).Block(loop...),
			set(jen.Id(m)),
		)}

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

// typeName names a type in an error, qualified by package name when it is
// not the tool's package.
func (d *decoder) typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == d.pkg {
			return ""
		}
		return p.Name()
	})
}

// unlessNull guards the decode of an item: a null item stays the zero value,
// unless its type decodes null itself.
func (d *decoder) unlessNull(t types.Type, item string, code []jen.Code) []jen.Code {
	if len(code) == 0 || d.decodesNull(t) {
		return code
	}
	if _, isAny := types.Unalias(t).Underlying().(*types.Interface); isAny {
		return code // a null item is nil either way
	}
	return []jen.Code{jen.If(jen.Id(item).Op("!=").Nil()).Block(code...)}
}

// typeExpr renders a Go type in the generated file.
func (d *decoder) typeExpr(t types.Type) (jen.Code, bool) {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		obj := t.Obj()
		var code *jen.Statement
		switch {
		case obj.Pkg() == nil || obj.Pkg() == d.pkg:
			code = jen.Id(obj.Name())
		case !obj.Exported():
			d.fail("type %s of package %s is not exported: generated code cannot name it", obj.Name(), obj.Pkg().Path())
			return nil, false
		default:
			code = jen.Qual(obj.Pkg().Path(), obj.Name())
		}
		if args := t.TypeArgs(); args != nil && args.Len() > 0 {
			var list []jen.Code
			for i := 0; i < args.Len(); i++ {
				a, ok := d.typeExpr(args.At(i))
				if !ok {
					return nil, false
				}
				list = append(list, a)
			}
			code = code.Types(list...)
		}
		return code, true
	case *types.Basic:
		return jen.Id(t.Name()), true
	case *types.Pointer:
		elem, ok := d.typeExpr(t.Elem())
		return jen.Op("*").Add(elem), ok
	case *types.Slice:
		elem, ok := d.typeExpr(t.Elem())
		return jen.Index().Add(elem), ok
	case *types.Array:
		elem, ok := d.typeExpr(t.Elem())
		return jen.Index(jen.Lit(int(t.Len()))).Add(elem), ok
	case *types.Map:
		key, ok := d.typeExpr(t.Key())
		elem, ok2 := d.typeExpr(t.Elem())
		return jen.Map(key).Add(elem), ok && ok2
	case *types.Interface:
		if t.Empty() {
			return jen.Any(), true
		}
	case *types.Struct:
		var fields []jen.Code
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			typ, ok := d.typeExpr(f.Type())
			if !ok {
				return nil, false
			}
			if !f.Exported() && f.Pkg() != d.pkg {
				d.fail("struct type %s has unexported fields of another package: generated code cannot name it", d.typeName(t))
				return nil, false
			}
			var line *jen.Statement
			if f.Embedded() {
				line = jen.Add(typ)
			} else {
				line = jen.Id(f.Name()).Add(typ)
			}
			if tag := t.Tag(i); tag != "" {
				line = line.Add(stringLit(tag))
			}
			fields = append(fields, line)
		}
		return jen.Struct(fields...), true
	}
	d.fail("unsupported type %s", d.typeName(t))
	return nil, false
}
