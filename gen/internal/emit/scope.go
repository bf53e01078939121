package emit

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"

	"github.com/dave/jennifer/jen"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

// scope holds the names of one generated file, so that none collides with
// another or with the package: what the package declares in its other files,
// the imports and the names they are imported as, the package-level names
// the file declares, and every local name of its functions. A package-level
// helper or an import whose natural name is taken gets another one; a name
// the user calls (ValidateT, DecodeT, the tool variables, Tools) cannot, and
// its collision is an error (see collisions).
type scope struct {
	declared map[string]token.Position // by the package, outside this file
	aliases  map[string]string         // import path -> the name it is imported as
	imported map[string]bool           // the names imports take
	globals  map[string]bool           // package-level names of this file
	locals   map[string]bool           // local names used in this file
	// shared says that the package may hold other files generated beside
	// this one, unknown to declared (a schema file's: toolgen schema writes
	// several into one package): helpers named after what they check begin
	// with the prefix of the file's function (see emitter.nameAt).
	shared bool
}

func newScope(declared map[string]token.Position) *scope {
	if declared == nil {
		declared = map[string]token.Position{}
	}
	s := &scope{declared: declared, aliases: map[string]string{}, imported: map[string]bool{},
		globals: map[string]bool{}, locals: map[string]bool{}}
	for _, name := range fixedLocals {
		s.locals[name] = true
	}
	return s
}

// fixedLocals are the names of parameters and locals that generated
// functions always use, which imports must not take.
var fixedLocals = []string{"r", "at", "v", "depth", "args", "out", "obj", "ok", "errs"}

// PackageNames lists the package-level names of a type-checked package
// other than those of its file output, with their positions.
func PackageNames(pkg *types.Package, fset *token.FileSet, output string) map[string]token.Position {
	names := map[string]token.Position{}
	if pkg == nil {
		return names
	}
	for _, name := range pkg.Scope().Names() {
		obj := pkg.Scope().Lookup(name)
		pos := fset.Position(obj.Pos())
		if pos.Filename == output {
			continue
		}
		names[name] = pos
	}
	return names
}

// DirNames lists the package-level names declared by the Go files of dir
// that build in the default context, other than output and test files:
// what a file written into dir must not declare again. Files that do not
// parse are reported.
func DirNames(dir, output string) (map[string]token.Position, ir.Errors) {
	names := map[string]token.Position{}
	pkg, err := build.ImportDir(dir, 0)
	if err != nil {
		if _, none := err.(*build.NoGoError); none {
			return names, nil
		}
		if pkg == nil || len(pkg.GoFiles) == 0 {
			return names, nil
		}
	}
	fset := token.NewFileSet()
	var errs ir.Errors
	for _, name := range append(append([]string{}, pkg.GoFiles...), pkg.CgoFiles...) {
		file := filepath.Join(dir, name)
		if same(file, output) {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			errs = append(errs, ir.Error{Pos: token.Position{Filename: file}, Msg: err.Error()})
			continue
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name != "init" && d.Name.Name != "_" {
					names[d.Name.Name] = fset.Position(d.Name.Pos())
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.Name != "_" {
								names[n.Name] = fset.Position(n.Pos())
							}
						}
					case *ast.TypeSpec:
						names[s.Name.Name] = fset.Position(s.Name.Pos())
					}
				}
			}
		}
	}
	return names, errs
}

func same(a, b string) bool {
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}

func (s *scope) taken(name string) bool {
	_, declared := s.declared[name]
	return declared || s.imported[name] || s.globals[name] || s.locals[name] || token.Lookup(name).IsKeyword() ||
		types.Universe.Lookup(name) != nil
}

// global reserves a package-level helper name: name, or name2, name3, ...
// when that is taken.
func (s *scope) global(name string) string {
	base := name
	for i := 2; s.taken(name); i++ {
		name = base + strconv.Itoa(i)
	}
	s.globals[name] = true
	return name
}

// public reserves a name the user calls, as it is: a collision is reported
// by collisions, not avoided.
func (s *scope) public(name string) {
	s.globals[name] = true
}

// local returns a fresh local name for a function whose names so far are
// marked in fn: base, or base2, base3, ... when base is used in the function
// or would shadow an import, a package-level name of the file or a name of
// the package, to which generated code may refer.
func (s *scope) local(fn map[string]int, base string) string {
	for i := 1; ; i++ {
		name := base
		if i > 1 {
			name = base + strconv.Itoa(i)
		}
		if _, declared := s.declared[name]; declared || fn[name] > 0 || s.imported[name] || s.globals[name] {
			continue
		}
		fn[name] = 1
		s.locals[name] = true
		return name
	}
}

// importAs decides the name path is imported as: its package name, unless
// the package or another import takes it.
func (s *scope) importAs(f *jen.File, importPath, name string) {
	if _, done := s.aliases[importPath]; done {
		return
	}
	alias := name
	for i := 2; s.taken(alias) || !token.IsIdentifier(alias); i++ {
		alias = name + strconv.Itoa(i)
	}
	s.aliases[importPath] = alias
	s.imported[alias] = true
	if alias == name {
		f.ImportName(importPath, name)
	} else {
		f.ImportAlias(importPath, alias)
	}
}

// runtimeImports are the packages any generated file may import, with
// their names.
var runtimeImports = [][2]string{
	{runtimePath, "tool"}, {implPath, "toolimpl"}, {formatPath, "format"}, {"encoding/json", "json"}, {"math", "math"},
	{"regexp", "regexp"}, {"net/url", "url"}, {valuePath, "value"}, {"strconv", "strconv"}, {"unicode/utf8", "utf8"},
}

// importRuntime decides the names of the runtime imports.
func (s *scope) importRuntime(f *jen.File) {
	for _, imp := range runtimeImports {
		s.importAs(f, imp[0], imp[1])
	}
}

// importTypes decides the names of the packages of the named types that
// generated code may refer to from t: those of its fields, elements, keys
// and pointed-to types, through named types, other than pkg.
func (s *scope) importTypes(f *jen.File, t types.Type, pkg *types.Package) {
	found := map[string]string{}
	seen := map[types.Type]bool{}
	var walk func(t types.Type)
	walk = func(t types.Type) {
		t = types.Unalias(t)
		if seen[t] {
			return
		}
		seen[t] = true
		switch x := t.(type) {
		case *types.Named:
			if p := x.Obj().Pkg(); p != nil && p != pkg {
				found[p.Path()] = p.Name()
			}
			if args := x.TypeArgs(); args != nil {
				for i := 0; i < args.Len(); i++ {
					walk(args.At(i))
				}
			}
			walk(x.Underlying())
		case *types.Pointer:
			walk(x.Elem())
		case *types.Slice:
			walk(x.Elem())
		case *types.Array:
			walk(x.Elem())
		case *types.Map:
			walk(x.Key())
			walk(x.Elem())
		case *types.Struct:
			for i := 0; i < x.NumFields(); i++ {
				walk(x.Field(i).Type())
			}
		}
	}
	walk(t)
	paths := make([]string, 0, len(found))
	for p := range found {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		s.importAs(f, p, found[p])
	}
}

// Shadowed reports the names of Go's universe (len, string, true, ...) that
// the generated source uses and that the package declares elsewhere, where
// they would stand for the package's own declaration in the generated code
// too.
func Shadowed(src []byte, declared map[string]token.Position, output string) ir.Errors {
	f, err := parser.ParseFile(token.NewFileSet(), output, src, parser.SkipObjectResolution)
	if err != nil {
		return ir.Errors{{Msg: fmt.Sprintf("generated code for %s does not parse: %v", output, err)}}
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(x.X, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					used[id.Name] = true
				}
				return true
			})
			return false
		case *ast.KeyValueExpr:
			if _, isIdent := x.Key.(*ast.Ident); isIdent {
				ast.Inspect(x.Value, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok {
						used[id.Name] = true
					}
					return true
				})
				return false
			}
		case *ast.Ident:
			used[x.Name] = true
		}
		return true
	})
	var errs ir.Errors
	for _, name := range slices.Sorted(maps.Keys(used)) {
		if types.Universe.Lookup(name) == nil {
			continue
		}
		if pos, ok := declared[name]; ok {
			errs.Add(pos, "%s shadows Go's predeclared %s, which the code toolgen generates in %s uses; rename it", name, name, path.Base(filepath.ToSlash(output)))
		}
	}
	return errs
}
