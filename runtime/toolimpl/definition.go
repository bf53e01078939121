package toolimpl

import (
	"encoding/json"
	"strconv"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonstr"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// A Form is a tool's definition in one field of tool.Dialects, or an
// output's format in one field of tool.ResponseFormats: the field (Shape,
// named by its dialect); the dialect whose form it takes when it is not the
// field's own (Form, the fallback toolgen chose, and Fallback, why); the
// schema in that form ("" for none: a Gemini tool without arguments).
// Generated code declares the forms of a tool or an output as a table of
// constants, which takes no code to initialize.
type Form struct {
	Shape, Form          tool.Dialect
	Parameters, Fallback string
}

// NewTool returns t with its Dialects: each form's definition around its
// parameters, with t's Name, Description, MCP annotations (of its Risk and
// Idempotent) and outputSchema (its ResultSchema). NewOutput does the same
// for a structured output's Formats.
//
// Generated code declares a tool once, as the literal t: the definitions
// are built from it here, when the package is initialized, in the
// envelopes of tool.Form, rather than written out by the generator. The
// JSON of a form is declared in one place, the runtime's table of forms,
// and each schema is in the generated code once, as a constant, not once
// more in every definition around it.
func NewTool(t tool.Tool, forms []Form) tool.Tool {
	t.Dialects = dialects(t.Name, t.Description, t.Risk, t.Idempotent, string(t.ResultSchema), forms)
	return t
}

// NewOutput returns o with its Formats, each form's format around its
// schema, with o's Name and Description (see NewTool).
func NewOutput(o tool.Output, forms []Form) tool.Output {
	o.Formats = formats(o.Name, o.Description, forms)
	return o
}

// dialects returns a tool's definitions (see NewTool): result is its
// result's schema, "" for none.
func dialects(name, description string, risk tool.Risk, idempotent bool, result string, forms []Form) tool.Dialects {
	w := wrapper{name: name, description: description, risk: risk, idempotent: idempotent, result: result}
	var ds tool.Dialects
	for i, b := range w.wrap(forms, false) {
		f := &forms[i]
		def := ds.Field(f.Shape)
		if def == nil {
			panic("toolimpl: unknown dialect " + strconv.Quote(string(f.Shape)))
		}
		*def = tool.Definition{Tool: json.RawMessage(b), Form: f.form(), Fallback: f.Fallback}
		if f.Parameters != "" {
			def.Parameters = json.RawMessage(f.Parameters)
		}
	}
	return ds
}

// formats returns a structured output's formats: each form's format around
// its schema, with the output's name and description. The Shape of each
// Form is the ResponseFormats field, named by its strictest dialect.
func formats(name, description string, forms []Form) tool.ResponseFormats {
	w := wrapper{name: name, description: description}
	var fs tool.ResponseFormats
	for i, b := range w.wrap(forms, true) {
		f := &forms[i]
		format := fs.Field(f.Shape)
		if format == nil {
			panic("toolimpl: " + strconv.Quote(string(f.Shape)) + " names no output format")
		}
		*format = tool.ResponseFormat{Format: json.RawMessage(b), Form: f.form(), Fallback: f.Fallback}
		if f.Parameters != "" {
			format.Schema = json.RawMessage(f.Parameters)
		}
	}
	return fs
}

// form is the dialect whose form the definition takes.
func (f *Form) form() tool.Dialect {
	if f.Form == "" {
		return f.Shape
	}
	return f.Form
}

// wrapper writes what a tool's or an output's forms have around their
// schemas.
type wrapper struct {
	name, description string
	// For an envelope with Annotations.
	risk       tool.Risk
	idempotent bool
	result     string
}

// wrap writes each form around its schema, in the envelope of its form
// (its Format, or its Definition), into one buffer, and returns each one's
// bytes: the forms of a tool or an output are one allocation, each capped
// so that appending to one does not write over the next.
func (w *wrapper) wrap(forms []Form, format bool) [][]byte {
	envelopes := make([]tool.Envelope, len(forms))
	size := 0
	for i := range forms {
		form, ok := forms[i].form().Form()
		if !ok {
			panic("toolimpl: unknown dialect " + strconv.Quote(string(forms[i].form())))
		}
		e := form.Definition
		if format {
			e = form.Format
			if e.Open == "" {
				panic("toolimpl: no output takes the form " + strconv.Quote(string(form.Dialect)))
			}
		}
		envelopes[i] = e
		// Enough unless the name or the description has much to escape.
		size += len(e.Open) + len(w.name) + len(w.description) + len(e.Key) + len(forms[i].Parameters) + len(e.Close) + 32
		if e.Annotations {
			size += len(w.result) + 96
		}
	}
	buf := make([]byte, 0, size)
	ends := make([]int, len(forms))
	for i := range forms {
		buf = w.append(buf, &envelopes[i], forms[i].Parameters)
		ends[i] = len(buf)
	}
	out := make([][]byte, len(forms))
	start := 0
	for i, end := range ends {
		out[i] = buf[start:end:end]
		start = end
	}
	return out
}

// append appends schema in envelope e (see tool.Envelope).
func (w *wrapper) append(b []byte, e *tool.Envelope, schema string) []byte {
	b = append(b, e.Open...)
	if e.Named {
		b = append(b, `"name":`...)
		b = jsonstr.Append(b, w.name)
		if w.description != "" {
			b = append(b, `,"description":`...)
			b = jsonstr.Append(b, w.description)
		}
	}
	if schema != "" {
		b = append(b, `,"`...)
		b = append(b, e.Key...)
		b = append(b, `":`...)
		b = append(b, schema...)
		if e.Annotations && w.result != "" {
			b = append(b, `,"outputSchema":`...)
			b = append(b, w.result...)
		}
	}
	if e.Annotations {
		b = append(b, `,"annotations":`...)
		b = append(b, mcpAnnotations(w.risk, w.idempotent)...)
	}
	return append(b, e.Close...)
}

// mcpAnnotations are the MCP tool annotations of a risk class and of
// idempotence: idempotentHint means calling the tool again with the same
// arguments has no further effect.
func mcpAnnotations(risk tool.Risk, idempotent bool) string {
	hint := `"idempotentHint":` + strconv.FormatBool(idempotent) + "}"
	switch risk {
	case tool.RiskRead:
		return `{"readOnlyHint":true,` + hint
	case tool.RiskDangerous:
		return `{"readOnlyHint":false,"destructiveHint":true,` + hint
	}
	return `{"readOnlyHint":false,"destructiveHint":false,` + hint
}
