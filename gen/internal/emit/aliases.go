package emit

import (
	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/load"
)

// The stage data the emitter reads, by the names it has always used.
type (
	Package = ir.Package
	Tool    = ir.Tool
	Result  = ir.Result
	Note    = ir.Note
	Error   = ir.Error
	Errors  = ir.Errors
	Options = jsonschema.Options
)

// Header is the first line of every generated file.
const Header = load.Header

// members lists the JSON members of the struct type t, named or not.
var members = load.JSONMembers

// directiveOf is the directive of the tool or output.
func directiveOf(t *Tool) string { return load.Directive(t) }

// Camel makes an exported Go identifier of a name, as the emitter does of
// tool names (get_weather -> GetWeather): the facade names a schema file's
// validator with it.
func Camel(name string) string { return camel(name) }

// Identifier makes a Go identifier of a name, as the emitter does of
// member names: the facade names a schema file's package with it.
func Identifier(name string) string { return identifier(name) }
