package emit

import (
	"fmt"
	"go/token"
	"go/types"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
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
func decodeName(t *ir.Tool) string {
	if token.IsExported(t.Obj.Name()) {
		return "Decode" + t.Obj.Name()
	}
	return "decode" + upperFirst(t.Obj.Name())
}

// typedDef is the value of a tool's variable: a tool.Def[T] holding the
// Tool, its decode function of maps, and decoder, the function that is its
// Def's Decoder, which a Set uses; in a tool.ResultDef[T, R] for a tool with
// a result type R. Without decoder (a tool with schema=), a Set validates
// the arguments with the Tool's Validate and decodes them with
// encoding/json.
func typedDef(t *ir.Tool, toolValue jen.Code, decoder string) jen.Code {
	fields := []jen.Code{field("Tool", toolValue)}
	if decoder != "" {
		fields = append(fields, field("Decode", jen.Id(decodeName(t))), field("Decoder", jen.Id(decoder)))
	}
	def := jen.Qual(runtimePath, "Def").Types(jen.Id(t.Obj.Name())).Add(fieldValues(fields))
	if t.Result == nil {
		return def
	}
	return jen.Qual(runtimePath, "ResultDef").Types(jen.Id(t.Obj.Name()), jen.Id(t.Result.Obj.Name())).Values(jen.Id("Def").Op(":").Add(def))
}

// emitEntries emits the functions a user calls with the JSON a model wrote
// (what: "a model's arguments for the get_weather tool"): ValidateT and
// DecodeT of a map, DecodeTJSON of raw bytes, with the default limit of
// errors, and decoder, the Decoder of T's definition, which takes a limit. read
// makes the call that reads a T from the scanner s into a *T. They call
// toolimpl's entry points, which are not generic, with a closure around it.
func emitEntries(f *jen.File, t *ir.Tool, n names, read func(into jen.Code) jen.Code, decoder, what string) {
	typ := jen.Id(t.Obj.Name())
	limit := "(at most tool.DefaultMaxErrors, then tool.CodeTooManyErrors)"
	args := jen.Id("args").Map(jen.String()).Any()
	scanner := jen.Id("s").Op("*").Qual(implPath, "Scanner")
	f.Commentf("%s checks %s: nil when valid, else the errors %s.", n.validate, what, limit)
	f.Func().Id(n.validate).Params(args).Qual(runtimePath, "Errors").Block(
		jen.Return(jen.Qual(implPath, "Validate").Call(jen.Id("args"), jen.Func().Params(scanner).Block(read(nil)))))
	name := decodeName(t)
	them := "them"
	if t.Output {
		them = "it"
	}
	f.Commentf("%s checks %s and returns %s as a %s; when not valid, the zero %s and the errors %s.",
		name, what, them, t.Obj.Name(), t.Obj.Name(), limit)
	f.Func().Id(name).Params(args).Params(typ, jen.Qual(runtimePath, "Errors")).Block(
		jen.Return(jen.Id(decoder).Call(jen.Id("args"), jen.Nil(), jen.Nil(), jen.Lit(0))))
	f.Commentf("%sJSON reads %s, raw, into a %s in one pass, with no map in between, and returns exactly what tool.ParseArgs and %s return for the same bytes.",
		name, what, t.Obj.Name(), name)
	f.Func().Id(name+"JSON").Params(jen.Id("raw").Index().Byte()).Params(typ, jen.Qual(runtimePath, "Errors")).Block(
		jen.Return(jen.Id(decoder).Call(jen.Nil(), jen.Id("raw"), jen.Nil(), jen.Lit(0))))
	f.Commentf("%s is the Decoder of %s's definition: it reads args or, when args is nil, raw and then what feed streams, with at most maxErrors errors.", decoder, t.Obj.Name())
	f.Func().Id(decoder).Params(args, jen.Id("raw").Index().Byte(), jen.Id("feed").Op("*").Qual(implPath, "Feed"), jen.Id("maxErrors").Int()).Params(jen.Id("out").Add(typ), jen.Id("errs").Qual(runtimePath, "Errors")).Block(
		jen.Id("errs").Op("=").Qual(implPath, "Decode").Call(jen.Id("args"), jen.Id("raw"), jen.Id("feed"), jen.Id("maxErrors"),
			jen.Func().Params(scanner).Block(
				jen.Id("into").Op(":=").Qual(implPath, "Into").Call(jen.Id("feed"), jen.Op("&").Id("out")).Assert(jen.Op("*").Add(typ.Clone())),
				read(jen.Id("into")))),
		jen.If(jen.Id("errs").Op("!=").Nil()).Block(jen.Return(typ.Clone().Values(), jen.Id("errs"))),
		jen.Return(jen.Id("out"), jen.Nil()),
	)
}

type decoder struct {
	file    *jen.File
	scope   *scope
	tool    *ir.Tool
	pkg     *types.Package
	prefix  string
	fills   map[string]string // type -> its fill function
	pending []*types.Named
	errs    ir.Errors
	locals  map[string]int
	field   token.Pos             // the field being decoded, for errors
	active  map[types.Type]bool   // named types being assigned, to refuse recursion outside structs
	refused map[*types.Named]bool // reported already

	durations gotype.DurationBounds // of the field being decoded
	objects   objectSchemas         // the package's, for defaults
}

func newDecoder(f *jen.File, sc *scope, t *ir.Tool, n names) *decoder {
	d := &decoder{
		file:    f,
		scope:   sc,
		tool:    t,
		pkg:     t.Obj.Pkg(),
		prefix:  n.prefix,
		fills:   map[string]string{},
		active:  map[types.Type]bool{},
		refused: map[*types.Named]bool{},
	}
	return d
}

// flush emits the fill functions the decode reached, which may reach more.
func (d *decoder) flush() {
	for len(d.pending) > 0 {
		next := d.pending[0]
		d.pending = d.pending[1:]
		d.fillFunc(next)
	}
}

// fail reports what the decode cannot do, at the field being decoded if
// any, else at the tool's type.
func (d *decoder) fail(format string, args ...any) {
	pos := d.tool.Pos
	if d.field.IsValid() && d.tool.Fset != nil {
		pos = d.tool.Fset.Position(d.field)
	}
	d.errs.Add(pos, "decoding %s: %s", d.tool.Obj.Name(), fmt.Sprintf(format, args...))
}

// local returns a fresh local name based on base, unique in the function
// being emitted and distinct from the package's own identifiers and the
// imports, to which the generated code may refer.
func (d *decoder) local(base string) string {
	return d.scope.local(d.locals, base)
}

func (d *decoder) at(l loc) jen.Code { return l.expr(d.local) }

// fill names the function that fills a named struct type from an object,
// and queues it for emission.
func (d *decoder) fill(t *types.Named) string {
	key := types.TypeString(t, nil)
	if name, ok := d.fills[key]; ok {
		return name
	}
	suffix := ""
	if t != d.tool.Obj.Type() {
		suffix = upperFirst(Identifier(t.Obj().Name()))
		if t.Obj().Pkg() != d.pkg && t.Obj().Pkg() != nil {
			suffix = upperFirst(Identifier(t.Obj().Pkg().Name())) + suffix
		}
	}
	name := d.scope.global("fill" + upperPrefix(d.prefix) + suffix)
	d.fills[key] = name
	d.pending = append(d.pending, t)
	return name
}

// fillFunc emits the fill function of a named struct type: it sets the
// fields of *out from obj, reporting a value that does not fit its field in
// r, at its location below at.
func (d *decoder) fillFunc(t *types.Named) {
	d.locals = map[string]int{"r": 1, "at": 1, "out": 1, "obj": 1}
	name := d.fills[types.TypeString(t, nil)]
	typ, ok := d.typeExpr(t)
	if !ok {
		return
	}
	root := &locVar{base: "at", name: "at"}
	body := d.fields(t, jen.Id("out"), jen.Id("obj"), loc{base: root})
	d.file.Commentf("%s sets the fields of a %s from an object its validator accepted.", name, t.Obj().Name())
	d.file.Func().Id(name).Params(
		jen.Id("r").Op("*").Qual(implPath, "Report"), jen.Id("at").Qual(implPath, "Loc"),
		jen.Id("out").Op("*").Add(typ), jen.Id("obj").Map(jen.String()).Any(),
	).Block(body...)
}

// lvalue is an addressable Go expression, and its address when that is
// simpler than &expr.
type lvalue struct {
	expr jen.Code
	addr jen.Code
	// field: a field of the value a decode function reads into through
	// its pointer out, where storing a pointer needs a write barrier; a
	// string, slice or pointer is stored there by a toolimpl function
	// (KeepTo, SliceTo, PtrTo), so that the barrier is not compiled again
	// in every decode function.
	field bool
}

func (l lvalue) address() jen.Code {
	if l.addr != nil {
		return l.addr
	}
	return jen.Op("&").Add(l.expr)
}

// fields emits the assignments of the members of a struct of type t, at
// base, from obj, a map[string]any at l.
func (d *decoder) fields(t types.Type, base, obj jen.Code, l loc) []jen.Code {
	var out []jen.Code
	st, _ := types.Unalias(t).Underlying().(*types.Struct)
	saved, savedDurations := d.field, d.durations
	defer func() { d.field, d.durations = saved, savedDurations }()
	for _, f := range gotype.JSONMembers(t) {
		d.field, d.durations = f.Var().Pos(), gotype.DurationBoundsOf(f.Tag.Get("jsonschema"))
		v := d.local(Identifier(f.Name))
		var body []jen.Code
		sel := jen.Add(base)
		ok := true
		for i, p := range f.Path {
			last := i == len(f.Path)-1
			if !last && !p.Exported() && p.Pkg() != d.pkg {
				// An unexported embedded struct of another package: its
				// fields are promoted, and reached without naming it.
				if _, isPtr := types.Unalias(p.Type()).(*types.Pointer); isPtr {
					d.fail("field %s: cannot allocate the embedded *%s of another package", f.Name, p.Name())
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
		body = append(body, d.assign(f.Type(), lvalue{expr: sel}, jen.Id(v), l.key(f.Name))...)
		if d.decodesNull(f.Type()) {
			// encoding/json hands null to UnmarshalJSON too.
			out = append(out, jen.If(jen.List(jen.Id(v), jen.Id("ok")).Op(":=").Add(obj).Index(jen.Lit(f.Name)), jen.Id("ok")).Block(body...))
			continue
		}
		decode := jen.If(jen.Id(v).Op(":=").Add(obj).Index(jen.Lit(f.Name)), d.present(f.Type(), jen.Id(v))).Block(body...)
		if def := d.fieldDefault(st, f, base); len(def) > 0 {
			decode = decode.Else().Block(def...)
		}
		out = append(out, decode)
	}
	return out
}

// present is a condition true when v, a member's value or an item, is not
// null. A typed nil a map built by hand holds is null too: it fails every
// conversion, except where a pointer would be allocated for it or an
// interface would hold it.
func (d *decoder) present(t types.Type, v jen.Code) jen.Code {
	switch types.Unalias(t).Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return jen.Op("!").Qual(valuePath, "IsNull").Call(v)
	}
	return jen.Add(v).Op("!=").Nil()
}

// unmarshals reports whether encoding/json hands values of t to t's own
// UnmarshalJSON method, which DecodeT then calls as well.
func (d *decoder) unmarshals(t types.Type) bool {
	return gotype.HasMethodSig(types.NewPointer(t), "UnmarshalJSON")
}

// decodesNull reports whether encoding/json passes a null to t's
// UnmarshalJSON method (json.RawMessage keeps it as "null") rather than
// leaving the zero value: for a non-pointer type with that method.
func (d *decoder) decodesNull(t types.Type) bool {
	_, isPtr := types.Unalias(t).Underlying().(*types.Pointer)
	return !isPtr && d.unmarshals(t)
}

func (d *decoder) unmarshalsText(t types.Type) bool {
	return gotype.HasMethodSig(types.NewPointer(t), "UnmarshalText")
}

// isSizedInt reports whether u is an integer type of gotype.IntRanges.
func isSizedInt(u *types.Basic) bool {
	_, ok := gotype.IntRanges[u.Kind()]
	return ok
}

// intLimits are the math constants of the range of a sized integer type
// (see gotype.IntRanges): math.MinInt8 and math.MaxInt8; no minimum for
// an unsigned type.
func intLimits(u *types.Basic) (min, max jen.Code) {
	name := upperFirst(u.Name())
	if u.Info()&types.IsUnsigned == 0 {
		min = jen.Qual("math", "Min"+name)
	}
	return min, jen.Qual("math", "Max"+name)
}

// qualified is the package path and name of a named type: "time.Time".
func qualified(t types.Type) string {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name()
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
