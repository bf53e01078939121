package gen

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"github.com/dave/jennifer/jen"
)

// dialects returns the dialects a tool is generated in: those of its
// dialects= option, or all.
func (t *ToolType) dialects() []Dialect {
	if t.Dialects == nil {
		return AllDialects
	}
	return t.Dialects
}

// toolDialects is what Emit writes of one tool's dialects: each parameters
// schema once, as a constant, and the tool.Dialects value whose definitions
// are constant expressions around them.
type toolDialects struct {
	tool        *BuiltTool
	schemaConst string             // the canonical schema
	params      map[Dialect]string // the constant of each dialect's parameters; "" for none
	consts      []jen.Code
	names       []string // the package-level names declared
}

// paramConstSuffix names the constant of each dialect's parameters; the
// dialects that send the canonical schema share its constant.
var paramConstSuffix = map[Dialect]string{
	DialectOpenAI:           "OpenAISchema",
	DialectGemini:           "GeminiSchema",
	DialectGeminiJSONSchema: "GeminiJSONSchema",
}

// buildDialects converts a tool's canonical schema into each of its
// dialects. A dialect that cannot accept the schema is an error at the
// offending field, which names the dialects= option that leaves it out; the
// definitions are then left out too, and nothing is written.
func buildDialects(t *BuiltTool, sc *scope, prefix string, canonical []byte) (*toolDialects, Errors) {
	td := &toolDialects{tool: t, schemaConst: sc.global(prefix + "Schema"), params: map[Dialect]string{}}
	td.names = append(td.names, td.schemaConst)
	td.consts = append(td.consts, jen.Id(td.schemaConst).Op("=").Add(stringLit(string(canonical))))
	var problems []DialectError
	failing := map[Dialect]bool{}
	for _, d := range t.dialects() {
		conv, errs := ConvertJSON(d, canonical)
		if len(errs) > 0 {
			problems = append(problems, errs...)
			failing[d] = true
			continue
		}
		suffix, own := paramConstSuffix[d]
		switch {
		case conv.Parameters == nil:
			td.params[d] = ""
		case !own:
			td.params[d] = td.schemaConst
		default:
			name := sc.global(prefix + suffix)
			td.params[d] = name
			td.names = append(td.names, name)
			td.consts = append(td.consts, jen.Id(name).Op("=").Add(stringLit(string(conv.Parameters))))
		}
	}
	if len(problems) == 0 {
		return td, nil
	}
	var keep []string
	for _, d := range t.dialects() {
		if !failing[d] {
			keep = append(keep, string(d))
		}
	}
	var out Errors
	for _, p := range problems {
		pos, field := t.fieldAt(p.Path)
		where := "tool " + t.Name
		if field != "" {
			where = "field " + field
		}
		out.add(pos, "%s: %s (schema at #%s); leave %s out with //toolgen:tool dialects=%s",
			where, p.Msg, p.Path, p.Dialect, strings.Join(keep, ","))
	}
	td.params = map[Dialect]string{}
	return td, out
}

// emitConsts declares the parameters schemas.
func (td *toolDialects) emitConsts(f *jen.File) {
	f.Commentf("The parameters of the %s tool: the canonical schema, and the dialects that differ from it.", td.tool.Name)
	f.Const().Defs(td.consts...)
}

// value is the tool.Dialects literal of the tool.
func (td *toolDialects) value() jen.Code {
	raw := func(c jen.Code) jen.Code { return jen.Qual("encoding/json", "RawMessage").Call(c) }
	fields := jen.Dict{}
	for _, shape := range Shapes {
		param, ok := td.params[shape.Dialect]
		if !ok {
			continue
		}
		before, after := DefinitionParts(shape.Field, td.tool.Name, td.tool.Description, td.tool.Risk, param != "")
		def := jen.Dict{}
		if param == "" {
			def[jen.Id("Tool")] = raw(stringLit(before))
		} else {
			def[jen.Id("Tool")] = raw(jen.Add(stringLit(before)).Op("+").Id(param).Op("+").Add(stringLit(after)))
			def[jen.Id("Parameters")] = raw(jen.Id(param))
		}
		fields[jen.Id(shape.Field)] = jen.Qual(runtimePath, "Definition").Values(def)
	}
	return jen.Qual(runtimePath, "Dialects").Values(fields)
}

// geminiLimit reports the tools of a package past the most function
// declarations one Gemini request takes, per Gemini dialect.
func geminiLimit(tools []*BuiltTool) Errors {
	var errs Errors
	for _, d := range []Dialect{DialectGemini, DialectGeminiJSONSchema} {
		n := 0
		for _, t := range tools {
			for _, td := range t.dialects() {
				if td != d {
					continue
				}
				n++
				if n == geminiMaxFunctionDec+1 {
					errs.add(t.Pos, "tool %s: the package has more than %d tools in the %s dialect, and a Gemini request takes at most %d function declarations; leave %s out of some tools with //toolgen:tool dialects=..., or split the package",
						t.Name, geminiMaxFunctionDec, d, geminiMaxFunctionDec, d)
				}
			}
		}
	}
	return errs
}

// fieldAt finds the struct field that a JSON Pointer into the tool's
// canonical schema stands for, and its position; for the root, or when the
// pointer leads nowhere, the tool's own position and "".
func (t *ToolType) fieldAt(pointer string) (token.Position, string) {
	pos, field := t.Pos, ""
	if t.Fset == nil || t.Obj == nil || pointer == "" {
		return pos, field
	}
	segs := strings.Split(strings.TrimPrefix(pointer, "/"), "/")
	for i := range segs {
		segs[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(segs[i])
	}
	typ := t.Obj.Type()
	for i := 0; i < len(segs); i++ {
		next := func() string {
			i++
			if i < len(segs) {
				return segs[i]
			}
			return ""
		}
		switch segs[i] {
		case "properties":
			st, ok := deref(typ).Underlying().(*types.Struct)
			if !ok {
				return pos, field
			}
			f := jsonField(st, next())
			if f == nil {
				return pos, field
			}
			pos, field, typ = t.Fset.Position(f.Pos()), f.Name(), f.Type()
		case "items":
			switch x := deref(typ).Underlying().(type) {
			case *types.Slice:
				typ = x.Elem()
			case *types.Array:
				typ = x.Elem()
			default:
				return pos, field
			}
		case "additionalProperties", "patternProperties":
			if segs[i] == "patternProperties" {
				next()
			}
			m, ok := deref(typ).Underlying().(*types.Map)
			if !ok {
				return pos, field
			}
			typ = m.Elem()
		case "oneOf", "anyOf":
			next()
		case "$defs":
			named := findNamed(t.Obj.Type(), next())
			if named == nil {
				return pos, field
			}
			typ = named
		default:
			return pos, field
		}
	}
	return pos, field
}

func deref(t types.Type) types.Type {
	t = types.Unalias(t)
	for {
		p, ok := t.(*types.Pointer)
		if !ok {
			return t
		}
		t = types.Unalias(p.Elem())
	}
}

// jsonField finds the field of a struct whose property is name, through
// embedded structs, by the rules of Schema.
func jsonField(st *types.Struct, name string) *types.Var {
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i))
		jsonTags := strings.Split(tag.Get("json"), ",")
		if jsonTags[0] == "-" || strings.Split(tag.Get("jsonschema"), ",")[0] == "-" {
			continue
		}
		inner, isStruct := deref(f.Type()).Underlying().(*types.Struct)
		if isStruct && ((f.Embedded() && jsonTags[0] == "") || hasOption(jsonTags, "inline")) {
			if found := jsonField(inner, name); found != nil {
				return found
			}
			continue
		}
		propName := f.Name()
		if jsonTags[0] != "" {
			propName = jsonTags[0]
		}
		if (f.Exported() || f.Embedded()) && propName == name {
			return f
		}
	}
	return nil
}

// findNamed finds the named type of a $defs entry among the types reachable
// from root.
func findNamed(root types.Type, def string) *types.Named {
	seen := map[types.Type]bool{}
	var walk func(types.Type) *types.Named
	walk = func(t types.Type) *types.Named {
		t = deref(t)
		if seen[t] {
			return nil
		}
		seen[t] = true
		if n, ok := t.(*types.Named); ok {
			name := n.Obj().Name()
			if n.Obj().Pkg() != nil && def == n.Obj().Pkg().Name()+"."+name || def == name {
				return n
			}
		}
		switch x := t.Underlying().(type) {
		case *types.Struct:
			for i := 0; i < x.NumFields(); i++ {
				if n := walk(x.Field(i).Type()); n != nil {
					return n
				}
			}
		case *types.Slice:
			return walk(x.Elem())
		case *types.Array:
			return walk(x.Elem())
		case *types.Map:
			return walk(x.Elem())
		}
		return nil
	}
	return walk(root)
}

// dialectList lists dialects for messages: "openai, gemini".
func dialectList(ds []Dialect) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = string(d)
	}
	return strings.Join(parts, ", ")
}

// checkDialects checks the value of a dialects= option: known dialects,
// each once.
func checkDialects(value string) string {
	seen := map[string]bool{}
	for _, d := range strings.Split(value, ",") {
		known := false
		for _, k := range AllDialects {
			known = known || string(k) == d
		}
		switch {
		case !known:
			return fmt.Sprintf("unknown dialect %q (want some of %s)", d, dialectList(AllDialects))
		case seen[d]:
			return fmt.Sprintf("dialect %s is listed twice", d)
		}
		seen[d] = true
	}
	return ""
}

// parseDialects reads a checked dialects= value, in AllDialects' order.
func parseDialects(value string) []Dialect {
	listed := map[string]bool{}
	for _, d := range strings.Split(value, ",") {
		listed[d] = true
	}
	var out []Dialect
	for _, d := range AllDialects {
		if listed[string(d)] {
			out = append(out, d)
		}
	}
	return out
}
