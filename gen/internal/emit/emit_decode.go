package emit

import (
	"encoding/json"
	"fmt"
	"go/scanner"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

// This file emits the decode functions of struct tools: one function per
// Go type and schema, decode<X>(s *toolimpl.Scanner, at toolimpl.Loc) X,
// shared by every tool of the package that uses the type. It reads one
// value of X from the Scanner, applying every check of the schema (the JSON
// sent to the model) on the way, and returns it. The same function is the
// validator (ValidateT), the decoder of a map (DecodeT) and the one-pass
// decoder of raw argument bytes (DecodeTJSON): the Scanner reads either
// (see toolimpl.Scanner).
//
// The checks of the common schemas (objects of declared members, strings,
// numbers, booleans, arrays, maps) are written out; a value whose checks
// need it whole (anyOf, oneOf, an enum of objects) is held, read as usual,
// then checked by the schema emitter's match functions; a value of a Go type
// the Scanner does not read (a type with its own UnmarshalJSON or
// UnmarshalText, any, json.RawMessage, url.URL, big.Int, maps of integer
// keys) is read whole and goes through the schema emitter's checks and the
// Go-type decoder's assignments, as a map's value would.

// typedGen writes the decode functions of a package's tools.
type typedGen struct {
	file   *jen.File
	scope  *scope
	pkg    *types.Package
	funcs  map[string]*typedFunc // by type and validation key
	queue  []*typedFunc
	shapes map[string]string // object shapes by their names and requirements
	enums  map[string]string // the file's tables of enums (see emitter.enumTable)
	errs   ir.Errors

	// The tool whose functions are emitted.
	e *emitter
	d *decoder

	fn *typedFunc // the function being emitted

	objects objectSchemas // the schemas of the struct types read member by member
}

// typedFunc is a decode function.
type typedFunc struct {
	name  string
	t     types.Type         // a struct type, named or not
	s     *jsonschema.Schema // its object schema
	depth bool               // it takes the depth of the $refs followed: its type is recursive
}

// byPointer reports whether f decodes into *out, a member at a time, or
// returns its value: that of a recursive type, which a pointer passed down
// its recursion would move to the heap.
func (f *typedFunc) byPointer() bool { return !f.depth }

// ret is the return statement of f.
func (f *typedFunc) ret() jen.Code {
	if f.byPointer() {
		return jen.Return()
	}
	return jen.Return(jen.Id("out"))
}

func newTypedGen(f *jen.File, sc *scope, pkg *types.Package) *typedGen {
	return &typedGen{file: f, scope: sc, pkg: pkg, funcs: map[string]*typedFunc{}, shapes: map[string]string{}, enums: map[string]string{}, objects: objectSchemas{}}
}

// rootRead returns the call that reads a value of the tool's type from the
// scanner s at the root into *into, set to its zero value first (only
// validates it when into is nil), with its decode function, and the tool's
// schema document.
func (g *typedGen) rootRead(t *ir.Tool, e *emitter, d *decoder) func(into jen.Code) jen.Code {
	g.e, g.d = e, d
	d.objects = g.objects
	f := g.funcFor(t.Obj.Type(), e.doc.Root)
	return func(into jen.Code) jen.Code {
		args := []jen.Code{jen.Id("s"), jen.Qual(implPath, "Loc").Values()}
		if f.depth {
			args = append(args, jen.Lit(0))
		}
		switch {
		case !f.byPointer() && into == nil:
			return jen.Id(f.name).Call(args...)
		case !f.byPointer():
			return jen.Op("*").Add(into).Op("=").Id(f.name).Call(args...)
		case into == nil:
			return jen.Id(f.name).Call(append(args, jen.New(jen.Id(t.Obj.Name())))...)
		}
		// Zeroed first: the decode function writes only the members it
		// reads, and a call may be read twice (toolimpl.DecodeJSON).
		return jen.Op("*").Add(into).Op("=").Id(t.Obj.Name()).Values().Line().Id(f.name).Call(append(args, into)...)
	}
}

// funcFor returns the decode function of the struct type t of schema s,
// queued for emission when it is new.
func (g *typedGen) funcFor(t types.Type, s *jsonschema.Schema) *typedFunc {
	key := types.TypeString(t, nil) + "\x00" + validationKey(s.Raw)
	if f, ok := g.funcs[key]; ok {
		return f
	}
	f := &typedFunc{t: t, s: s, depth: g.e.recursive[s]}
	name := "decode"
	if named, ok := types.Unalias(t).(*types.Named); ok {
		if p := named.Obj().Pkg(); p != nil && p != g.pkg {
			name += upperFirst(Identifier(p.Name()))
		}
		name += upperFirst(named.Obj().Name())
	} else {
		name += "Object"
	}
	f.name = g.scope.global(name)
	g.funcs[key] = f
	g.queue = append(g.queue, f)
	return f
}

// flush emits the queued decode functions, which may queue more.
func (g *typedGen) flush() {
	for len(g.queue) > 0 {
		f := g.queue[0]
		g.queue = g.queue[1:]
		g.emitFunc(f)
	}
}

// shape returns the package-level toolimpl.Object of an object schema.
func (g *typedGen) shape(s *jsonschema.Schema, typeName string, readNull []string) string {
	names := make([]jen.Code, len(s.Properties))
	args := []jen.Code{jen.Index().String().Values(names...)}
	key := ""
	for i, p := range s.Properties {
		names[i] = jen.Lit(p.Name)
		key += strconv.Quote(p.Name) + ","
	}
	key += "|"
	for _, r := range plan.ObjectOf(s).Missing {
		args = append(args, jen.Lit(r.Name), jen.Lit(r.Expected))
		key += strconv.Quote(r.Name) + ":" + strconv.Quote(r.Expected) + ","
	}
	value := jen.Qual(implPath, "NewObject").Call(args...)
	if len(readNull) > 0 {
		var names []jen.Code
		for _, n := range readNull {
			names = append(names, jen.Lit(n))
			key += "|" + strconv.Quote(n)
		}
		value = jen.Add(value).Dot("ReadingNull").Call(names...)
	}
	if name, ok := g.shapes[key]; ok {
		return name
	}
	name := g.scope.global(lowerFirst(typeName) + "Object")
	g.shapes[key] = name
	g.file.Commentf("%s is the shape of an object of type %s: its members, and those it requires.", name, typeName)
	g.file.Var().Id(name).Op("=").Add(value)
	return name
}

// emitFunc emits a decode function.
func (g *typedGen) emitFunc(f *typedFunc) {
	e := g.e
	saved, savedFn := e.fn, g.fn
	defer func() { e.fn, g.fn = saved, savedFn }()
	e.fn = e.newFunc(collect, f.depth, "s", "out", "held", "i")
	e.fn.hoist = f.depth
	g.fn = f
	d := g.d
	d.locals = e.fn.locals

	typ, ok := d.typeExpr(f.t)
	if !ok {
		return
	}
	typeName := "object"
	if named, ok := types.Unalias(f.t).(*types.Named); ok {
		typeName = named.Obj().Name()
	}
	s := f.s
	at := e.rootLoc()
	var body []jen.Code
	if f.depth {
		body = append(body, jen.If(jen.Id("depth").Op(">").Qual(valuePath, "MaxDepth")).Block(
			jen.Id("s").Dot("TooDeep").Call(jen.Id("at")), f.ret()))
	}
	if nativeKind(d, s, f.t) != jsonschema.KindObject {
		// A type that reads itself, or a schema the Scanner does not read
		// member by member: the value whole, as a map's value.
		out := lvalue{expr: jen.Id("out"), addr: jen.Op("&").Id("out")}
		if f.byPointer() {
			out = lvalue{expr: jen.Op("*").Id("out"), addr: jen.Id("out")}
		}
		g.finishFunc(f, typ, typeName, append(body, g.fallback(s, f.t, at, out)...))
		return
	}
	var generic []jen.Code
	if plan.HasWhole(s) {
		generic = g.e.whole(s, jen.Id("held"), at)
	}
	if len(generic) > 0 {
		body = append(body, jen.Id("held").Op(":=").Id("s").Dot("Hold").Call())
	}
	fields := map[string]ir.Field{}
	for _, fl := range gotype.JSONMembers(f.t) {
		fields[fl.Name] = fl
	}
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	var readNull []string
	for _, p := range s.Properties {
		if fl, ok := fields[p.Name]; ok && !required[p.Name] && d.decodesNull(fl.Type()) {
			readNull = append(readNull, p.Name)
		}
	}
	st, _ := types.Unalias(f.t).Underlying().(*types.Struct)
	g.objects[st] = append(g.objects[st], s)
	shape := g.shape(s, typeName, readNull)
	body = append(body, jen.If(jen.Op("!").Id("s").Dot("Object").Call(jen.Id("at"), jen.Id(shape), jen.Lit(typeOr(plan.Expected(s), "object")))).Block(f.ret()))

	var cases, defaults, unset []jen.Code
	for i, p := range s.Properties {
		fl, ok := fields[p.Name]
		if !ok {
			g.errs.Add(g.d.tool.Pos, "decoding %s: property %q of the schema has no struct field", typeName, p.Name)
			continue
		}
		d.field, d.durations = fl.Var().Pos(), gotype.DurationBoundsOf(fl.Tag.Get("jsonschema"))
		defaults, unset = g.memberDefault(p.Schema, fl, defaults, unset)
		// One location variable per member that names its location, not a
		// Key call at each use: a package of many tools compiles fewer values.
		nullable := slices.Contains(readNull, p.Name)
		code := g.e.container(at.key(p.Name), func(l loc) []jen.Code { return g.member(p.Schema, fl, l, nullable) })
		cases = append(cases, jen.Case(jen.Lit(i)).Block(append([]jen.Code{jen.Comment(quoteComment(plan.Shorten(p.Name)))}, code...)...))
	}
	d.field, d.durations = 0, gotype.DurationBounds{}
	next := jen.Id("s").Dot("Next").Call(jen.Id("at"))
	body = append(body, defaults...)
	if len(cases) > 0 {
		body = append(body, nextLoop("i", next, jen.Switch(jen.Id("i")).Block(cases...)))
	} else {
		body = append(body, nextLoop("i", next))
	}
	body = append(body, unset...)
	body = append(body, generic...)
	g.finishFunc(f, typ, typeName, body)
}

// finishFunc writes a decode function of the given body.
func (g *typedGen) finishFunc(f *typedFunc, typ jen.Code, typeName string, body []jen.Code) {
	if len(g.e.fn.hoisted) > 0 {
		names := make([]jen.Code, len(g.e.fn.hoisted))
		for i, n := range g.e.fn.hoisted {
			names[i] = jen.Id(n)
		}
		body = append([]jen.Code{jen.Var().List(names...).Qual(implPath, "Loc")}, body...)
	}
	if usesIdent(body, "r") {
		body = append([]jen.Code{jen.Id("r").Op(":=").Id("s").Dot("Report").Call()}, body...)
	}
	params := []jen.Code{jen.Id("s").Op("*").Qual(implPath, "Scanner"), jen.Id("at").Qual(implPath, "Loc")}
	if f.depth {
		params = append(params, jen.Id("depth").Int())
	}
	if !f.byPointer() {
		g.file.Commentf("%s reads a value of type %s at the location at, checking it against its schema.", f.name, typeName)
		g.file.Func().Id(f.name).Params(params...).Params(jen.Id("out").Add(typ)).Block(append(body, jen.Return(jen.Id("out")))...)
		return
	}
	params = append(params, jen.Id("out").Op("*").Add(typ))
	g.file.Commentf("%s reads a value of type %s at the location at into *out, member by member, checking it against its schema.", f.name, typeName)
	g.file.Func().Id(f.name).Params(params...).Block(body...)
}

// member emits the reading of a struct field's value, the member Next
// returned, at l. The value of an optional member whose Go type reads null
// itself may be null (see toolimpl.Object.ReadingNull).
func (g *typedGen) member(s *jsonschema.Schema, fl ir.Field, l loc, readNull bool) []jen.Code {
	d := g.d
	sel := jen.Id("out")
	var pre []jen.Code
	var viaPointer []jen.Code // embedded pointers on the way: allocated only when decoding
	for i, p := range fl.Path {
		last := i == len(fl.Path)-1
		if !last && !p.Exported() && p.Pkg() != d.pkg {
			if _, isPtr := types.Unalias(p.Type()).(*types.Pointer); isPtr {
				d.fail("field %s: cannot allocate the embedded *%s of another package", fl.Name, p.Name())
				return nil
			}
			continue
		}
		sel = jen.Add(sel).Dot(p.Name())
		if ptr, isPtr := types.Unalias(p.Type()).(*types.Pointer); isPtr && !last {
			elem, ok := d.typeExpr(ptr.Elem())
			if !ok {
				return nil
			}
			viaPointer = append(viaPointer, jen.If(jen.Add(sel).Op("==").Nil()).Block(jen.Add(sel).Op("=").New(elem)))
		}
	}
	if readNull {
		return g.fallbackNull(s, types.Unalias(fl.Type()), l, lvalue{expr: sel}, true)
	}
	if len(viaPointer) == 0 {
		return g.value(s, fl.Type(), l, lvalue{expr: sel, field: g.fn.byPointer()})
	}
	// Through an embedded pointer: into a local, and then, when decoding,
	// into the field, allocating the pointer.
	typ, ok := d.typeExpr(fl.Type())
	if !ok {
		return nil
	}
	tmp := g.e.local(Identifier(fl.Name))
	pre = append(pre, jen.Var().Id(tmp).Add(typ))
	pre = append(pre, g.value(s, fl.Type(), l, lvalue{expr: jen.Id(tmp)})...)
	set := append(viaPointer, jen.Add(sel).Op("=").Id(tmp))
	return append(pre, jen.If(jen.Id("s").Dot("Decoding").Call()).Block(set...))
}

// value emits the reading of the next value, of schema s, at l, into dst,
// of Go type t.
func (g *typedGen) value(s *jsonschema.Schema, t types.Type, l loc, dst lvalue) []jen.Code {
	t = types.Unalias(t)
	if named, ok := elemOf(t).(*types.Named); ok {
		if _, isStruct := named.Underlying().(*types.Struct); !isStruct {
			// A named slice, map, array or pointer that contains itself
			// (type L []L) would be written out without end.
			d := g.d
			if d.active[named] {
				if !d.refused[named] {
					d.refused[named] = true
					d.fail("type %s contains itself with no struct in between: toolgen decodes recursion through struct types; wrap it in one (type %s struct { Items []%s })", d.typeName(named), named.Obj().Name(), named.Obj().Name())
				}
				return nil
			}
			d.active[named] = true
			defer delete(d.active, named)
		}
	}
	s = plan.PureRef(s)
	if s == nil {
		return g.fallback(s, t, l, dst)
	}
	if inner, ok := plan.NullableForm(s); ok {
		code := g.typedValue(inner, t, l, dst, plan.Expected(s))
		if len(code) == 0 {
			return []jen.Code{jen.Id("s").Dot("Skip").Call()}
		}
		return []jen.Code{jen.If(jen.Op("!").Id("s").Dot("Null").Call()).Block(code...)}
	}
	return g.typedValue(s, t, l, dst, "")
}

// typedValue emits the reading of a value of schema s, not nullable. A type
// error names expected, or the schema's types.
func (g *typedGen) typedValue(s *jsonschema.Schema, t types.Type, l loc, dst lvalue, expected string) []jen.Code {
	if expected == "" {
		expected = plan.Expected(s)
	}
	kind := nativeKind(g.d, s, t)
	if kind == "" {
		return g.fallback(s, t, l, dst)
	}
	held := ""
	if plan.HasWhole(s) {
		held = g.e.local("held")
	}
	var code []jen.Code
	switch kind {
	case jsonschema.KindObject:
		code = g.objectValue(s, t, l, dst)
		if expected != typeOr(plan.Expected(s), "object") {
			// The decode function's type error would say "object".
			code = []jen.Code{jen.If(jen.Id("s").Dot("Is").Call(g.e.at(l), jen.Qual(implPath, "KindObject"), jen.Lit(expected))).Block(code...)}
		}
	case jsonschema.KindArray:
		code = g.arrayValue(s, t, l, dst, expected, held)
	case "map":
		code = g.mapValue(s, t, l, dst, expected, held)
	case jsonschema.KindString:
		code = g.stringValue(s, t, l, dst, expected, held)
	case jsonschema.KindNumber:
		code = g.numberValue(s, t, l, dst, expected, held)
	case jsonschema.KindBoolean:
		code = g.boolValue(s, t, l, dst, expected, held)
	}
	if held == "" || !usesIdent(code, held) {
		return code
	}
	return append([]jen.Code{jen.Id(held).Op(":=").Id("s").Dot("Hold").Call()}, code...)
}

// usesIdent reports whether code refers to the identifier name.
func usesIdent(code []jen.Code, name string) bool {
	src := []byte(fmt.Sprintf("%#v", jen.Block(code...)))
	var sc scanner.Scanner
	fset := token.NewFileSet()
	sc.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	for {
		_, tok, lit := sc.Scan()
		switch {
		case tok == token.EOF:
			return false
		case tok == token.IDENT && lit == name:
			return true
		}
	}
}

// genericChecks are the checks of the keywords of s that need the whole
// value, held, once it was read.
func (g *typedGen) wholeChecks(s *jsonschema.Schema, held string, l loc) []jen.Code {
	if held == "" {
		return nil
	}
	return g.e.whole(s, jen.Id(held), l)
}

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

// validationKey is the JSON of a schema without its annotations: two
// schemas with the same key are checked by the same code.
func validationKey(raw any) string {
	return jsonschema.CompactJSON(stripAnnotations(raw))
}

// noCheckKeywords are the keywords that change no check.
var noCheckKeywords = map[string]bool{
	"description": true, "examples": true, "default": true, "$comment": true, "readOnly": true, "writeOnly": true,
	"deprecated": true, "$schema": true, "$id": true, "$defs": true, "definitions": true,
}

// stripAnnotations returns a schema's JSON without its annotations, and
// those of its subschemas.
func stripAnnotations(raw any) any {
	o, ok := raw.(*jsonschema.Object)
	if !ok {
		return raw
	}
	out := jsonschema.NewObject()
	for _, k := range o.Keys {
		if noCheckKeywords[k] || strings.HasPrefix(k, "x-") {
			continue
		}
		v := o.Values[k]
		switch k {
		case "properties", "patternProperties", "dependentSchemas":
			if m, ok := v.(*jsonschema.Object); ok {
				sub := jsonschema.NewObject()
				for _, name := range m.Keys {
					sub.Set(name, stripAnnotations(m.Values[name]))
				}
				v = sub
			}
		case "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
			"unevaluatedProperties", "unevaluatedItems", "contentSchema":
			v = stripAnnotations(v)
		case "allOf", "anyOf", "oneOf", "prefixItems":
			if list, ok := v.([]any); ok {
				sub := make([]any, len(list))
				for i, item := range list {
					sub[i] = stripAnnotations(item)
				}
				v = sub
			}
		}
		out.Set(k, v)
	}
	return out
}

// isAny reports whether t is the empty interface, which holds a value read
// whole as it is.
func isAny(t types.Type) bool {
	i, ok := types.Unalias(t).(*types.Interface)
	return ok && i.Empty()
}
