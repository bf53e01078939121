package emit

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-go/toolgen/gen/internal/dialect"
	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

// toolDialects is what Emit writes of one tool's (or output's) dialects:
// each schema once, as a constant, and the table of its forms, which
// toolimpl.NewTool (NewOutput) wraps into its tool.Dialects
// (tool.ResponseFormats) around the literal's name, description, risk,
// idempotence and result schema when the package is initialized: the JSON
// of a form is declared once, in the runtime's table, each schema is in the
// binary once, and the rest of the literal is static.
type toolDialects struct {
	tool        *ir.Tool
	schemaConst string                      // the canonical schema
	params      map[dialect.Lowering]string // the constant of each lowering's schema; "" for none
	consts      []jen.Code
	forms       string // the table of its forms
}

// newToolDialects declares the constants of a tool's parameters schemas,
// one per lowering (its rules' constant suffix names it; the canonical
// schema's is the tool's Schema), named in the file's scope.
func newToolDialects(t *ir.Tool, sc *scope, prefix string, canonical []byte) *toolDialects {
	td := &toolDialects{tool: t, schemaConst: sc.global(prefix + "Schema"), params: map[dialect.Lowering]string{}}
	td.forms = sc.global(prefix + "Forms")
	td.consts = append(td.consts, jen.Id(td.schemaConst).Op("=").Add(stringLit(string(canonical))))
	for _, f := range t.Forms {
		l := dialect.Lowering(f.Form.Lowering)
		if _, done := td.params[l]; done {
			continue
		}
		suffix := l.Constant()
		switch {
		case f.Parameters == nil:
			td.params[l] = ""
		case suffix == "":
			td.params[l] = td.schemaConst
		default:
			name := sc.global(prefix + suffix)
			td.params[l] = name
			td.consts = append(td.consts, jen.Id(name).Op("=").Add(stringLit(string(f.Parameters))))
		}
	}
	return td
}

// emitConsts declares the parameters schemas.
func (td *toolDialects) emitConsts(f *jen.File) {
	if td.tool.Output {
		f.Commentf("The schemas of the %s output: the canonical schema, and the dialects that differ from it.", td.tool.Name)
	} else {
		f.Commentf("The parameters of the %s tool: the canonical schema, and the dialects that differ from it.", td.tool.Name)
	}
	f.Const().Defs(td.consts...)
}

// fallbackComment lists the definitions of the tool that are not in their
// shape's own form, for the doc comment of its variable.
func (td *toolDialects) fallbackComment() []string {
	var lines []string
	var fields []string
	text := ""
	flush := func() {
		if len(fields) > 0 {
			lines = append(lines, "  - "+strings.Join(fields, ", ")+": "+text)
		}
	}
	for _, f := range td.tool.Forms {
		if len(f.Fallback) == 0 {
			continue
		}
		t := fmt.Sprintf("%s, as %s.", dialect.Envelope(td.tool, f.Form).Comment, dialect.FallbackText(f))
		if t != text {
			flush()
			fields, text = nil, t
		}
		fields = append(fields, f.Shape.Name)
	}
	flush()
	if len(lines) == 0 {
		return nil
	}
	return append([]string{"", "Fallbacks, where a provider cannot take the schema in its strictest form:"}, lines...)
}

// emitForms declares the table of the tool's (or the output's) forms,
// constants all.
func (td *toolDialects) emitForms(f *jen.File) {
	var rows []jen.Code
	for _, form := range td.tool.Forms {
		row := []jen.Code{jen.Id("Shape").Op(":").Qual(runtimePath, form.Shape.Name)}
		if len(form.Fallback) > 0 {
			row = append(row, jen.Id("Form").Op(":").Qual(runtimePath, form.Form.Name))
		}
		if p := td.params[dialect.Lowering(form.Form.Lowering)]; p != "" {
			row = append(row, jen.Id("Parameters").Op(":").Id(p))
		}
		if len(form.Fallback) > 0 {
			row = append(row, jen.Id("Fallback").Op(":").Lit(dialect.FallbackText(form)))
		}
		rows = append(rows, jen.Line().Values(row...))
	}
	if td.tool.Output {
		f.Commentf("%s are the formats of the %s output in each provider's form.", td.forms, td.tool.Name)
	} else {
		f.Commentf("%s are the definitions of the %s tool in each provider's form.", td.forms, td.tool.Name)
	}
	f.Var().Id(td.forms).Op("=").Index().Qual(implPath, "Form").Values(append(rows, jen.Line())...)
}
