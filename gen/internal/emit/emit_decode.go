package emit

import (
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
	leave, ok := g.d.enterNamed(elemOf(t))
	if !ok {
		return nil
	}
	defer leave()
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
