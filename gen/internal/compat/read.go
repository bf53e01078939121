package compat

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
)

// runtimePath is the import path of the package whose Tool and Output
// literals a generated file holds.
const runtimePath = "github.com/toolgen-go/toolgen/runtime/tool"

// Definition is what a generated file defines of one tool or structured
// output, as its callers and clients see it.
type Definition struct {
	Output      bool   // a //toolgen:output, not a tool
	Name        string // the name a model calls (a tool) or the format's name (an output)
	GoName      string // the type it is generated from: a tool renamed keeps it
	Description string
	Risk        string   // a tool's: read, act or dangerous
	Idempotent  bool     // a tool's
	Needs       []string // a tool's client capabilities: elicitation, roots, sampling
	Schema      []byte   // the canonical schema of the arguments, or of the answer
	Result      []byte   // a tool's result schema (MCP's outputSchema); nil for none
	Form        bool     // an output that is also a form (form=true)
}

// Kind is "tool" or "output".
func (d Definition) Kind() string {
	if d.Output {
		return "output"
	}
	return "tool"
}

// Read returns the definitions of a generated Go file, src, in the order of
// the file: each literal of runtime/tool's Tool and Output type, its fields
// read from literals and from the file's string constants. A generated file
// holds no other such literal; what cannot be read (a field whose value is
// not a literal or a constant) is an error, not a guess.
func Read(src []byte) ([]Definition, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	r := reader{fset: fset, consts: map[string]ast.Expr{}}
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil || path != runtimePath {
			continue
		}
		r.pkg = "tool"
		if imp.Name != nil {
			r.pkg = imp.Name.Name
		}
	}
	if r.pkg == "" {
		return nil, nil
	}
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if i < len(vs.Values) {
					r.consts[name.Name] = vs.Values[i]
				}
			}
		}
	}
	var defs []Definition
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, value := range vs.Values {
				goName := ""
				if i < len(vs.Names) {
					goName = vs.Names[i].Name
				}
				if lit, ok := value.(*ast.CompositeLit); ok {
					// tool.Def[T]{...} and tool.OutputDef[T]{...} name T.
					if ix, ok := lit.Type.(*ast.IndexExpr); ok {
						if id, ok := ix.Index.(*ast.Ident); ok {
							goName = id.Name
						}
					}
				}
				ast.Inspect(value, func(n ast.Node) bool {
					lit, ok := n.(*ast.CompositeLit)
					if !ok {
						return true
					}
					kind := r.selector(lit.Type)
					if kind != "Tool" && kind != "Output" {
						return true
					}
					d := r.definition(lit, kind == "Output")
					d.GoName = goName
					defs = append(defs, d)
					return false
				})
			}
		}
	}
	if len(r.errs) > 0 {
		return defs, fmt.Errorf("%s", strings.Join(r.errs, "; "))
	}
	return defs, nil
}

// reader reads the literals of one file.
type reader struct {
	fset   *token.FileSet
	pkg    string              // the file's name of runtime/tool
	consts map[string]ast.Expr // the file's constants
	errs   []string
}

// selector returns Sel of an expression pkg.Sel of the runtime's package,
// else "".
func (r *reader) selector(e ast.Expr) string {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if x, ok := sel.X.(*ast.Ident); !ok || x.Name != r.pkg {
		return ""
	}
	return sel.Sel.Name
}

func (r *reader) fail(n ast.Node, format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf("line %d: ", r.fset.Position(n.Pos()).Line)+fmt.Sprintf(format, args...))
}

// definition reads a Tool or Output literal's fields.
func (r *reader) definition(lit *ast.CompositeLit, output bool) Definition {
	d := Definition{Output: output}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			r.fail(elt, "a field without its name")
			continue
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			continue
		}
		switch key.Name {
		case "Name":
			d.Name, _ = r.str(kv.Value)
		case "Description":
			d.Description, _ = r.str(kv.Value)
		case "Schema":
			d.Schema = r.raw(kv.Value)
		case "ResultSchema":
			d.Result = r.raw(kv.Value)
		case "Form":
			d.Form = true
		case "Risk":
			d.Risk = strings.ToLower(strings.TrimPrefix(r.selector(kv.Value), "Risk"))
		case "Idempotent":
			id, _ := kv.Value.(*ast.Ident)
			d.Idempotent = id != nil && id.Name == "true"
		case "Needs":
			if list, ok := kv.Value.(*ast.CompositeLit); ok {
				for _, e := range list.Elts {
					d.Needs = append(d.Needs, strings.ToLower(strings.TrimPrefix(r.selector(e), "Capability")))
				}
				slices.Sort(d.Needs)
			}
		}
	}
	if d.Name == "" {
		r.fail(lit, "a %s without a name", d.Kind())
	}
	return d
}

// raw reads json.RawMessage(x): the bytes of the string x.
func (r *reader) raw(e ast.Expr) []byte {
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		e = call.Args[0]
	}
	s, ok := r.str(e)
	if !ok {
		return nil
	}
	return []byte(s)
}

// str evaluates a string literal, a constant of the file or a sum of them.
func (r *reader) str(e ast.Expr) (string, bool) {
	return r.eval(e, 0)
}

func (r *reader) eval(e ast.Expr, depth int) (string, bool) {
	if depth > 100 {
		r.fail(e, "a constant defined through too many others")
		return "", false
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			if s, err := strconv.Unquote(e.Value); err == nil {
				return s, true
			}
		}
	case *ast.Ident:
		if v, ok := r.consts[e.Name]; ok {
			return r.eval(v, depth+1)
		}
	case *ast.ParenExpr:
		return r.eval(e.X, depth+1)
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			a, ok1 := r.eval(e.X, depth+1)
			b, ok2 := r.eval(e.Y, depth+1)
			return a + b, ok1 && ok2
		}
	}
	r.fail(e, "a value that is not a string constant")
	return "", false
}
