package dialect

import (
	"slices"
	"strings"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/internal/forms"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// All lists the dialects in the order the dialects= option uses: the
// options of tool.AllDialects' forms, each once.
var All = func() []ir.Dialect {
	var ds []ir.Dialect
	for _, f := range Shapes {
		if !slices.Contains(ds, ir.Dialect(f.Option)) {
			ds = append(ds, ir.Dialect(f.Option))
		}
	}
	return ds
}()

// Shapes are the forms of the runtime's table, in the order of
// tool.Dialects' fields.
var Shapes = func() []*forms.Form {
	var fs []*forms.Form
	for _, d := range forms.Dialects() {
		f, _ := forms.Of(d)
		fs = append(fs, &f)
	}
	return fs
}()

// shapeOf is the form of a dialect of the runtime, or nil.
func shapeOf(d tool.Dialect) *forms.Form {
	for _, f := range Shapes {
		if f.Dialect == d {
			return f
		}
	}
	return nil
}

// optionForm is the first form of a dialects= option, or nil.
func optionForm(d ir.Dialect) *forms.Form {
	for _, f := range Shapes {
		if ir.Dialect(f.Option) == d {
			return f
		}
	}
	return nil
}

// Title is the dialect's name in messages, its forms' forms.Form.Title:
// "OpenAI strict mode".
func Title(d ir.Dialect) string {
	if f := optionForm(d); f != nil {
		return f.Title
	}
	return "the " + string(d) + " dialect"
}

// FallbackText says why a definition is not in its shape's own form, for
// the tool.Definition's Fallback: "OpenAI strict mode cannot express a map
// at #/properties/labels".
func FallbackText(f *ir.Form) string {
	var parts []string
	var dialects []ir.Dialect
	for _, e := range f.Fallback {
		if !slices.Contains(dialects, e.Dialect) {
			dialects = append(dialects, e.Dialect)
		}
	}
	for _, d := range dialects {
		// Grouped by what cannot be expressed: "a map at #/a and #/b".
		var whats []string
		paths := map[string][]string{}
		for _, e := range f.Fallback {
			if e.Dialect != d || slices.Contains(paths[e.What], "#"+e.Path) {
				continue
			}
			if paths[e.What] == nil {
				whats = append(whats, e.What)
			}
			paths[e.What] = append(paths[e.What], "#"+e.Path)
		}
		for i, w := range whats {
			whats[i] = w + " at " + ir.JoinAnd(paths[w])
		}
		parts = append(parts, Title(d)+" cannot express "+strings.Join(whats, ", "))
	}
	return strings.Join(parts, "; ")
}

// ChooseForm picks the form of a shape for a tool: the shape's own when its
// dialect expresses the schema, otherwise down the fallbacks of the
// runtime's table the first that does. convert converts the tool's
// canonical schema into a dialect. When no form does, it returns the
// errors of the last one tried.
func ChooseForm(shape *forms.Form, convert func(ir.Dialect) (*Converted, []ir.DialectError)) (*ir.Form, []ir.DialectError) {
	f := &ir.Form{Shape: shape}
	for form := shape; ; {
		conv, errs := convert(ir.Dialect(form.Option))
		if len(errs) == 0 {
			f.Form, f.Parameters = form, conv.Parameters
			return f, nil
		}
		next := shapeOf(form.Fallback)
		if next == nil {
			return nil, errs
		}
		f.Fallback = append(f.Fallback, errs...)
		form = next
	}
}

// Envelope is the JSON around t's schema in form f: its definition's, or
// for an output its format's; its Note and Comment say how t goes to a
// provider when it falls back to f.
func Envelope(t *ir.Tool, f *forms.Form) *forms.Envelope {
	if t.Output {
		return &f.Format
	}
	return &f.Definition
}
