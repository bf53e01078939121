package ir

import (
	"fmt"
	"go/token"
	"go/types"
)

// Package is a loaded package and the tools found in it.
type Package struct {
	Name    string
	Path    string
	Dir     string
	Fset    *token.FileSet
	Types   *types.Package
	Tools   []*Tool
	Outputs []*Tool // the structured outputs, //toolgen:output
	Output  string  // absolute path of the file to generate
	// Notes are what the loader found that does nothing: comments that
	// look like directives, tool types in _test.go files, tools without a
	// description.
	Notes []Note
	// Constraint is the //go:build expression of the output: the
	// conjunction of the build tags it was loaded with, or "".
	Constraint string
}

// Tool is a struct type annotated as a tool, or as a structured output
// (Output). The loader sets its identity; the later stages add its schema,
// its result and its forms.
type Tool struct {
	Obj         *types.TypeName
	Pos         token.Position
	Name        string // the tool's name, as the model calls it
	Risk        string // read, act or dangerous
	Description string
	Idempotent  bool           // idempotent=, by default true for risk=read only
	Needs       []string       // needs=: the client capabilities the handler needs, sorted
	Dialects    []Dialect      // from dialects=; nil means all those of its kind
	Strict      bool           // no fallback: from strict= or the configuration
	Fset        *token.FileSet // positions the fields' errors
	// ResultType is the type named by result=, the tool's result: a
	// struct type, declared in the package or named there by an alias; nil
	// without one.
	ResultType *types.TypeName
	// Output marks a //toolgen:output type: a model's whole answer, not a
	// tool's arguments.
	Output bool
	// SchemaFile is the path of the JSON Schema file of a tool's arguments
	// (schema=), as the directive writes it, relative to the directive's
	// file: the tool's schema is the file's, not the struct's, and the type
	// only receives the valid arguments (through encoding/json). "" for a
	// tool whose schema is its struct's.
	SchemaFile string
	// Form marks an output as a form a person fills in (form=true): its
	// schema must fit MCP elicitation's subset.
	Form bool

	// Schema is the canonical schema of the arguments (or the answer), the
	// JSON sent to the model.
	Schema []byte
	// FormSchema is the output's schema as a form, MCP elicitation's
	// requestedSchema, when Form is set.
	FormSchema []byte
	// Result is the tool's result type with its schema, when ResultType
	// is set.
	Result *Result
	// Forms are the tool's definitions, in the order of the runtime's
	// table of forms, each in the strictest form its provider accepts;
	// for an output, its response formats.
	Forms []*Form
}

// Result is the result type of one or more tools, with its schema.
type Result struct {
	// Obj is the type as the package names it (perhaps an alias).
	Obj *types.TypeName
	Pos token.Position
	// Schema is the canonical schema of what encoding/json writes of the
	// type: an MCP tool's outputSchema.
	Schema []byte
}

// Note is a message about generated code that is not an error: a tool's
// definition that falls back to a less strict form; in a schema file, a
// format compiled as an annotation or a keyword its draft ignores (at the
// file, the location in the schema in the message).
type Note struct {
	Pos token.Position
	Msg string
}

func (n Note) String() string {
	if !n.Pos.IsValid() && n.Pos.Filename == "" {
		return "note: " + n.Msg
	}
	return fmt.Sprintf("%s: note: %s", n.Pos, n.Msg)
}
