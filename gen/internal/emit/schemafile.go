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
