package load

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/toolgen-go/toolgen/gen/internal/gotype"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

// DefaultOutput is the name of the generated file in each package.
const DefaultOutput = "tools_gen.go"

// Config says what to load: the fields of the generator's Config that the
// loader reads, and the dialects a tool or an output may name.
type Config struct {
	Dir      string   // the directory the patterns are relative to; "" is the current one
	Patterns []string // go/packages patterns; none means "."
	Tags     []string // build tags; each output is constrained to their conjunction
	Types    []string // struct types that are tools as if they had a directive
	Output   string   // the generated file, in each package's directory or one path; "" is DefaultOutput
	Strict   bool     // every tool is strict unless its directive says strict=false
	// ToolDialects and OutputDialects are the values of the dialects=
	// option of a tool and of an output, in the order the option lists
	// them.
	ToolDialects, OutputDialects []ir.Dialect
}

// optionDialects are the values of the dialects= option: of a tool, and of
// an output, in the order the option lists them.
type optionDialects struct{ tool, output []ir.Dialect }

func (d optionDialects) of(output bool) []ir.Dialect {
	if output {
		return d.output
	}
	return d.tool
}

// The comment lines that mark a struct type as a tool and as a structured
// output.
const (
	directive        = "//toolgen:tool"
	outputDirective  = "//toolgen:output"
	exampleDirective = "//toolgen:example"
)

// Directive is the directive of a tool or output.
func Directive(t *ir.Tool) string {
	if t.Output {
		return outputDirective
	}
	return directive
}

// Load loads the packages of cfg and finds their tools. Packages without
// tools are returned too, so that Write can remove a stale generated file.
// On error, the packages that loaded are returned with gen.Errors.
func Load(cfg Config) ([]*ir.Package, error) {
	patterns := cfg.Patterns
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	output := cfg.Output
	if output == "" {
		output = DefaultOutput
	}
	lcfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
			packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports,
		Dir:     cfg.Dir,
		Tests:   false,
		Overlay: map[string][]byte{},
	}
	build, err := tagsConstraint(cfg.Tags)
	if err != nil {
		return nil, err
	}
	if len(cfg.Tags) > 0 {
		lcfg.BuildFlags = []string{"-tags=" + strings.Join(cfg.Tags, ",")}
	}
	// A previous output may refer to what no longer exists, or to another
	// package name; load the package without it, so it can be regenerated.
	dirs, err := packageDirs(cfg.Dir, patterns, lcfg.BuildFlags)
	if err != nil {
		return nil, err
	}
	// An output with a directory is one file: of one package.
	if filepath.Base(output) != output && len(dirs) > 1 {
		return nil, fmt.Errorf("-output with a directory needs a single package, and %s match %d; give -output a file name (each package gets its own file in its directory) or a single package", strings.Join(patterns, " "), len(dirs))
	}
	for _, dir := range dirs {
		out := outputPath(dir, cfg.Dir, output)
		if IsGenerated(out) {
			lcfg.Overlay[out] = []byte("//go:build ignore\n\npackage ignored\n")
		}
	}
	pkgs, err := packages.Load(lcfg, patterns...)
	if err != nil {
		return nil, err
	}
	var errs ir.Errors
	var out []*ir.Package
	for _, p := range pkgs {
		// Type errors are tolerated, as stringer does: code that uses what
		// toolgen generates does not type-check before generation (go list
		// reports that as a compile error of the package). A field whose own
		// type is broken is reported when its schema is built.
		broken := p.Types == nil || len(p.Syntax) == 0
		for _, e := range p.Errors {
			if e.Kind == packages.ParseError || broken {
				errs = append(errs, ir.Error{Pos: parsePos(e.Pos), Msg: e.Msg})
				broken = true
			}
		}
		if broken {
			continue
		}
		dir := ""
		if len(p.GoFiles) > 0 {
			dir = filepath.Dir(p.GoFiles[0])
		}
		pkg := &ir.Package{
			Name:   p.Name,
			Path:   p.PkgPath,
			Dir:    dir,
			Fset:   p.Fset,
			Types:  p.Types,
			Output: outputPath(dir, cfg.Dir, output),
		}
		pkg.Constraint = build
		pkg.Tools, pkg.Outputs = findTools(p, pkg.Output, cfg.Types, cfg.Strict, optionDialects{cfg.ToolDialects, cfg.OutputDialects}, &errs)
		pkg.Notes = append(append(directiveNotes(p, pkg.Output), testFileNotes(dir)...), descriptionNotes(pkg)...)
		pkg.Notes = append(pkg.Notes, checkNames(pkg, optionDialects{cfg.ToolDialects, cfg.OutputDialects}, &errs)...)
		out = append(out, pkg)
	}
	// The packages are returned with the errors, so that a caller can go on
	// and report the errors of later stages too.
	return out, errs.Err()
}

// tagsConstraint is the //go:build expression that holds when every tag
// of tags is set: "a && b", sorted, or "" for none.
func tagsConstraint(tags []string) (string, error) {
	tags = slices.Compact(slices.Sorted(slices.Values(tags)))
	var expr constraint.Expr
	for _, tag := range tags {
		x, err := constraint.Parse("//go:build " + tag)
		if t, ok := x.(*constraint.TagExpr); err != nil || !ok || t.Tag != tag {
			return "", fmt.Errorf("-tags: %q is not a build tag (letters, digits, _ and .), which no //go:build line could name", tag)
		}
		if expr == nil {
			expr = x
		} else {
			expr = &constraint.AndExpr{X: expr, Y: x}
		}
	}
	if expr == nil {
		return "", nil
	}
	return expr.String(), nil
}

// packageDirs lists the directories of the packages that patterns match,
// without type-checking them.
func packageDirs(dir string, patterns, flags []string) ([]string, error) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles, Dir: dir, BuildFlags: flags}, patterns...)
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, p := range pkgs {
		if len(p.GoFiles) > 0 {
			dirs = append(dirs, filepath.Dir(p.GoFiles[0]))
		}
	}
	return dirs, nil
}

func outputPath(pkgDir, cwd, output string) string {
	if filepath.IsAbs(output) {
		return output
	}
	if filepath.Base(output) != output {
		if cwd == "" {
			cwd, _ = os.Getwd()
		}
		p, _ := filepath.Abs(filepath.Join(cwd, output))
		return p
	}
	return filepath.Join(pkgDir, output)
}

// IsGenerated reports whether path is a file toolgen generated.
func IsGenerated(path string) bool {
	src, err := os.ReadFile(path)
	return err == nil && bytes.HasPrefix(src, []byte(ir.Header+"\n"))
}

func parsePos(s string) token.Position {
	// go/packages positions are "file:line:col" or "file:line" or "".
	var p token.Position
	parts := strings.Split(s, ":")
	if len(parts) >= 3 {
		fmt.Sscanf(parts[len(parts)-2], "%d", &p.Line)
		fmt.Sscanf(parts[len(parts)-1], "%d", &p.Column)
		p.Filename = strings.Join(parts[:len(parts)-2], ":")
	} else if len(parts) == 2 {
		fmt.Sscanf(parts[1], "%d", &p.Line)
		p.Filename = parts[0]
	}
	return p
}

// findTools returns the annotated struct types of a package, and those
// named in also, in declaration order.
func findTools(p *packages.Package, output string, also []string, strict bool, dialects optionDialects, errs *ir.Errors) ([]*ir.Tool, []*ir.Tool) {
	wanted := map[string]bool{}
	for _, name := range also {
		wanted[name] = false
	}
	var tools, outputs []*ir.Tool
	for _, file := range p.Syntax {
		if p.Fset.Position(file.Pos()).Filename == output {
			continue
		}
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for i, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && i == 0 {
					doc = gd.Doc
				}
				pos := p.Fset.Position(ts.Name.Pos())
				opts, kind, annotated := parseDirective(doc, p.Fset, dialects, errs)
				if seen, listed := wanted[ts.Name.Name]; listed && !seen {
					wanted[ts.Name.Name] = true
					annotated = true
				}
				if !annotated {
					continue
				}
				obj, _ := p.TypesInfo.Defs[ts.Name].(*types.TypeName)
				if obj == nil {
					continue
				}
				if ts.Assign.IsValid() {
					errs.Add(pos, "%s is an alias: annotate the struct type it stands for", ts.Name.Name)
					continue
				}
				if ts.TypeParams != nil {
					errs.Add(pos, "%s is generic: a tool is one concrete struct type", ts.Name.Name)
					continue
				}
				schemaFile := ""
				for _, o := range opts {
					if o.key == "schema" {
						schemaFile = o.value
					}
				}
				if filepath.IsAbs(schemaFile) {
					errs.Add(pos, "schema=%s: give the path relative to %s, so that the generated code holds no absolute path", schemaFile, filepath.Base(pos.Filename))
					continue
				}
				if !argsType(obj.Type(), schemaFile != "") {
					if schemaFile != "" {
						errs.Add(pos, "%s is neither a struct type nor a map[string]any: a tool with schema= receives its valid arguments as one, through encoding/json", ts.Name.Name)
					} else {
						errs.Add(pos, "%s is not a struct type: only struct types can be tools (or, with schema=file.json, a map[string]any)", ts.Name.Name)
					}
					continue
				}
				t := &ir.Tool{Obj: obj, Pos: pos, Risk: "act", Description: TypeDescription(ts.Name.Name, doc.Text()), Strict: strict, Fset: p.Fset,
					Output: kind == outputDirective, SchemaFile: schemaFile}
				t.Name = gotype.DefaultName(ts.Name.Name, t.Output)
				idempotent := ""
				for _, o := range opts {
					switch o.key {
					case "name":
						t.Name = o.value
					case "risk":
						t.Risk = o.value
					case "idempotent":
						idempotent = o.value
					case "dialects":
						t.Dialects = parseDialects(o.value, dialects.of(t.Output))
					case "strict":
						t.Strict = o.value == "true"
					case "description":
						t.Description = o.value
					case "result":
						t.ResultType = resultType(p.Types, ts.Name.Name, o.value, o.pos, errs)
					case "form":
						t.Form = o.value == "true"
					case "needs":
						t.Needs = parseNeeds(o.value)
					case "defer":
						t.Defer = o.value == "true"
					case "callers":
						t.Callers = parseCallers(o.value)
					case "example":
						t.Examples = append(t.Examples, ir.Example{Pos: o.pos, Text: o.value})
					}
				}
				// Only a read is idempotent unless it says so: retrying a call
				// that acts is assumed unsafe (as MCP assumes), so a Set
				// deduplicates it by request id.
				t.Idempotent = idempotent == "true" || idempotent == "" && t.Risk == "read"
				if t.Output {
					outputs = append(outputs, t)
				} else {
					tools = append(tools, t)
				}
			}
		}
	}
	for _, name := range also {
		if !wanted[name] {
			errs.Add(token.Position{}, "%s: no struct type %s", p.PkgPath, name)
		}
	}
	for _, list := range [][]*ir.Tool{tools, outputs} {
		seen := map[string]*ir.Tool{}
		for _, t := range list {
			if prev, dup := seen[t.Name]; dup {
				errs.Add(t.Pos, "%s name %q is already used by %s at %s", strings.TrimPrefix(Directive(t), "//toolgen:"), t.Name, prev.Obj.Name(), prev.Pos)
				continue
			}
			seen[t.Name] = t
		}
	}
	return tools, outputs
}

// argsType reports whether t can be a tool's arguments: a struct, or with
// a schema file (whose schema the arguments follow) a map[string]any too.
func argsType(t types.Type, schemaFile bool) bool {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		return true
	case *types.Map:
		k, _ := u.Key().(*types.Basic)
		i, _ := u.Elem().Underlying().(*types.Interface)
		return schemaFile && k != nil && k.Kind() == types.String && i != nil && i.Empty()
	}
	return false
}
