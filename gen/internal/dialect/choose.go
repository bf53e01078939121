package dialect

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/load"
)

// Outputs are the providers of structured outputs, for the
// dialects= option of //toolgen:output: the options of the forms that are
// tool.ResponseFormats fields (forms.Form.Output), the strictest of each
// provider, which falls back as a tool's definition does.
var Outputs = func() []ir.Dialect {
	var ds []ir.Dialect
	for _, f := range Shapes {
		if f.Output() && !slices.Contains(ds, ir.Dialect(f.Option)) {
			ds = append(ds, ir.Dialect(f.Option))
		}
	}
	return ds
}()

// allowedDialects are the values of the dialects= option of the type.
func allowedDialects(t *ir.Tool) []ir.Dialect {
	if t.Output {
		return Outputs
	}
	return All
}

// dialects returns the dialects a tool is generated in: those of its
// dialects= option, or all.
func dialects(t *ir.Tool) []ir.Dialect {
	if t.Dialects == nil {
		return allowedDialects(t)
	}
	return t.Dialects
}

// Choose converts a tool's canonical schema (t.Schema) into each of its dialects
// and picks the form of each definition: the strictest its provider
// accepts. Each fallback is a note at the field that causes it, one per
// field and cause, or an error when the tool is strict. A definition no
// form of its provider can take is an error at the field, which names the
// dialects= option that leaves the provider out.
func Choose(t *ir.Tool) ([]*ir.Form, []ir.Note, ir.Errors) {
	conversions := map[ir.Dialect]*Converted{}
	failures := map[ir.Dialect][]ir.DialectError{}
	convert := func(d ir.Dialect) (*Converted, []ir.DialectError) {
		if c, ok := conversions[d]; ok || failures[d] != nil {
			return c, failures[d]
		}
		c, errs := Convert(d, t.Schema)
		conversions[d], failures[d] = c, errs
		return c, errs
	}
	var forms []*ir.Form
	var errs ir.Errors
	failed := map[ir.Dialect]bool{}
	for _, shape := range Shapes {
		d := ir.Dialect(shape.Option)
		if !slices.Contains(dialects(t), d) || t.Output && !shape.Output() {
			continue
		}
		f, ferrs := ChooseForm(shape, convert)
		if t.SchemaFile != "" {
			if f != nil {
				inSchemaWords(f.Fallback)
			}
			inSchemaWords(ferrs)
		}
		if len(ferrs) > 0 {
			if !failed[d] {
				failed[d] = true
				errs = append(errs, dialectErrors(t, ferrs, "leave "+string(d)+" out with "+load.Directive(t)+" dialects="+dialectsWithout(t, d))...)
			}
			continue
		}
		forms = append(forms, f)
	}
	notes, strictErrs := fallbackNotes(t, forms)
	headerNotes, headerErrs := mcpHeaders(t)
	return forms, append(notes, headerNotes...), append(append(errs, strictErrs...), headerErrs...)
}

// inSchemaWords rewords the causes that name Go types (see schemaWords).
func inSchemaWords(des []ir.DialectError) {
	for i := range des {
		if w, ok := schemaWords[des[i].What]; ok {
			des[i].What = w
		}
	}
}

// dialectsWithout is the value of a dialects= option without the
// dialects given.
func dialectsWithout(t *ir.Tool, ds ...ir.Dialect) string {
	var keep []string
	for _, k := range dialects(t) {
		if !slices.Contains(ds, k) {
			keep = append(keep, string(k))
		}
	}
	return strings.Join(keep, ",")
}

// dialectErrors reports dialect errors at their fields, each with advice.
func dialectErrors(t *ir.Tool, des []ir.DialectError, advice string) ir.Errors {
	var out ir.Errors
	for _, de := range des {
		pos, where := fieldWhere(t, de.Path)
		out.Add(pos, "%s: %s (schema at #%s); %s", where, de.Msg(), de.Path, advice)
	}
	return out
}

// fieldWhere is the position of the field a schema pointer stands for, and
// how messages name it: "field Labels", or "tool create_event" for the root.
func fieldWhere(t *ir.Tool, pointer string) (token.Position, string) {
	pos, field := fieldAt(t, pointer)
	if field == "" {
		return pos, "tool " + t.Name
	}
	return pos, "field " + field
}

// fallbackNotes renders the fallbacks of a tool's definitions: one note
// per field and cause, naming every provider it makes fall back. For a
// strict tool they are errors instead.
func fallbackNotes(t *ir.Tool, forms []*ir.Form) ([]ir.Note, ir.Errors) {
	type key struct {
		pos  token.Position
		what string
	}
	type group struct {
		where     string
		first     ir.DialectError
		dialects  []ir.DialectError // one per dialect that cannot express it
		fallbacks []string          // how the tool goes to each provider instead
		paths     []string          // where, in a schema file
	}
	groups := map[key]*group{}
	var order []key
	for _, f := range forms {
		for _, de := range f.Fallback {
			pos, where := fieldWhere(t, de.Path)
			k := key{pos, de.What}
			g := groups[k]
			if g == nil {
				g = &group{where: where, first: de}
				groups[k] = g
				order = append(order, k)
			}
			if !slices.ContainsFunc(g.dialects, func(x ir.DialectError) bool { return x.Dialect == de.Dialect }) {
				g.dialects = append(g.dialects, de)
			}
			if p := Envelope(t, f.Form).Note; !slices.Contains(g.fallbacks, p) {
				g.fallbacks = append(g.fallbacks, p)
			}
			if p := "#" + de.Path; !slices.Contains(g.paths, p) {
				g.paths = append(g.paths, p)
			}
		}
	}
	var notes []ir.Note
	var errs ir.Errors
	for _, k := range order {
		g := groups[k]
		var in []string
		for _, de := range g.dialects {
			s := de.Title
			if de.Why != "" {
				s += " (" + de.Why + ")"
			}
			in = append(in, s)
		}
		what := k.what
		if t.SchemaFile != "" {
			// One position, the directive's, for the whole file: say where.
			what += " at " + ir.JoinAnd(g.paths) + " of " + t.SchemaFile
		}
		msg := fmt.Sprintf("%s: %s cannot be expressed in %s", g.where, what, strings.Join(in, " or in "))
		if t.Strict {
			var out []ir.Dialect
			var names []string
			for _, de := range g.dialects {
				out = append(out, de.Dialect)
				names = append(names, string(de.Dialect))
			}
			fix := "leave " + ir.JoinAnd(names) + " out with " + load.Directive(t) + " dialects=" + dialectsWithout(t, out...)
			if dialectsWithout(t, out...) == "" {
				fix = "let it fall back without strict=true (and -strict)"
			}
			if g.first.Instead != "" && t.SchemaFile == "" {
				fix = "use " + g.first.Instead + ", or " + fix
			}
			errs.Add(k.pos, "%s, and strictness is required (strict=true or -strict), so there is no fallback (schema at #%s); %s", msg, g.first.Path, fix)
			continue
		}
		msg += ", so " + t.Name + " goes to " + strings.Join(g.fallbacks, " and to ")
		// (Instead names Go types: no advice for a schema file.)
		if g.first.Instead != "" && t.SchemaFile == "" {
			msg += "; " + g.first.Instead + " would be strict everywhere"
		}
		notes = append(notes, ir.Note{Pos: k.pos, Msg: msg})
	}
	return notes, errs
}

// fieldAt finds the struct field that a JSON Pointer into the tool's
// canonical schema stands for, and its position; for the root, or when the
// pointer leads nowhere, the tool's own position and "".
func fieldAt(t *ir.Tool, pointer string) (token.Position, string) {
	pos, field := t.Pos, ""
	if t.Fset == nil || t.Obj == nil || pointer == "" || t.SchemaFile != "" {
		// A schema file's pointers stand for no field of the type.
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
			if _, ok := deref(typ).Underlying().(*types.Struct); !ok {
				return pos, field
			}
			f := jsonField(deref(typ), next())
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

// jsonField finds the field of a struct type whose member is name, through
// embedded structs (see gotype.Members).
func jsonField(t types.Type, name string) *types.Var {
	for _, m := range gotype.JSONMembers(t) {
		if m.Name == name {
			return m.Var()
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
