package gen

import (
	"github.com/toolgen-go/toolgen/gen/internal/dialect"
	"github.com/toolgen-go/toolgen/gen/internal/emit"
	"github.com/toolgen-go/toolgen/gen/internal/goschema"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/load"
)

// CompileSchemaDecide is CompileSchema with a validator that only decides,
// through the match functions: the conformance test runs every suite
// schema both ways.
func CompileSchemaDecide(data []byte, pkg, fn, source string, opts Options) ([]byte, error) {
	src, _, err := compileSchemaFile(data, pkg, fn, source, opts, true, nil)
	return src, err
}

// Camel makes an exported Go identifier of a name, as toolgen does of tool
// names: get_weather -> GetWeather.
var Camel = emit.Camel

// Definitions loads the packages of cfg and returns their tools, each with
// its canonical schema and its definitions.
func Definitions(cfg Config) ([]*Tool, error) {
	pkgs, err := Load(cfg)
	if err != nil {
		return nil, err
	}
	var tools []*Tool
	for _, pkg := range pkgs {
		for _, t := range pkg.Tools {
			s, err := goschema.SchemaWith(pkg.Fset, t.Obj, nil, Options{})
			if err != nil {
				return nil, err
			}
			var errs Errors
			if t.Schema, _ = typeSchema(s, Options{}, true, t.Pos, &errs); errs != nil {
				return nil, errs
			}
			forms, _, errs := dialect.Choose(t)
			if errs != nil {
				return nil, errs
			}
			t.Forms = forms
			tools = append(tools, t)
		}
	}
	return tools, nil
}

// Package, Result and Tool are the stage data the tests of gen read.
type (
	Package = ir.Package
	Result  = ir.Result
	Tool    = ir.Tool
)

// Load loads the packages of cfg and finds their tools, as Generate does.
func Load(cfg Config) ([]*Package, error) { return load.Load(loadConfig(cfg)) }
