package emit

import (
	"go/token"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
)

// SchemaFile renders the file of a schema file's validator: package pkg
// holding func <fn>(v any) tool.Errors (a validator that only decides, at
// the first failure, when decideOnly), its helpers avoiding the names
// declared of the package. source names the schema in errors and the doc
// comment.
func SchemaFile(doc *jsonschema.Document, pkg, fn, source string, decideOnly bool, declared map[string]token.Position) ([]byte, error) {
	f := jen.NewFile(pkg)
	f.HeaderComment(ir.Header[3:])
	sc := newScope(declared)
	sc.shared = true
	sc.importRuntime(f)
	sc.public(fn)
	f.Const().Id("_").Op("=").Qual(implPath, "SupportPackageIsVersion5")
	prefix := strings.TrimPrefix(fn, "Validate")
	if prefix == "" || !token.IsIdentifier(prefix) {
		prefix = fn
	}
	e := newEmitter(f, sc, doc, lowerFirst(prefix), token.Position{Filename: source})
	if decideOnly {
		e.decideValidator(fn)
	} else {
		e.valueValidator(fn, source)
	}
	if len(e.errs) > 0 {
		var errs ir.Errors
		for _, err := range e.errs {
			errs = append(errs, ir.Error{Msg: source + ": " + err.Msg})
		}
		return nil, errs.Err()
	}
	return render(f)
}

// Validator is one validator of a file of several (ValidatorsFile): func
// <Func>(v any) tool.Errors checking Doc, which Source names.
type Validator struct {
	Doc          *jsonschema.Document
	Func, Source string
}

// ValidatorsFile renders a file of package pkg holding decls, the
// caller's declarations (a client's types and methods, which declare the
// names of declared and may call the validators by name), then each
// validator with its helpers, which avoid the names of declared.
func ValidatorsFile(pkg string, declared map[string]token.Position, validators []Validator, decls ...jen.Code) ([]byte, error) {
	f := jen.NewFile(pkg)
	f.HeaderComment(ir.Header[3:])
	sc := newScope(declared)
	sc.shared = true
	sc.importRuntime(f)
	for _, v := range validators {
		sc.public(v.Func)
	}
	f.Const().Id("_").Op("=").Qual(implPath, "SupportPackageIsVersion5")
	for _, d := range decls {
		f.Add(d)
	}
	var errs ir.Errors
	// The patterns and enum tables are the file's, each emitted once.
	patterns, enums := map[string]string{}, map[string]string{}
	for _, v := range validators {
		prefix := strings.TrimPrefix(strings.TrimPrefix(v.Func, "validate"), "Validate")
		if prefix == "" {
			prefix = v.Func
		}
		e := newEmitter(f, sc, v.Doc, lowerFirst(prefix), token.Position{Filename: v.Source})
		e.patterns, e.enums = patterns, enums
		e.valueValidator(v.Func, v.Source)
		for _, err := range e.errs {
			errs = append(errs, ir.Error{Msg: v.Source + ": " + err.Msg})
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return render(f)
}
