package toolimpl

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonstr"

	"github.com/toolgen-go/toolgen/internal/forms"
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
// envelopes of the table of forms (package forms), rather than written out
// by the generator. The JSON of a form is declared in one place, that table,
// and each schema is in the generated code once, as a constant, not once
// more in every definition around it.
func NewTool(t tool.Tool, rows []Form) tool.Tool {
	t.Dialects = dialects(t.Name, t.Description, t.Risk, t.Idempotent, string(t.ResultSchema), rows)
	return t
}

// Extra is what a tool's directive asks of its definitions beyond its
// schema, each in the forms whose provider takes it (see forms.Envelope):
// deferred loading (defer=true), the callers that may call it (callers=:
// "direct", "programmatic"), its example arguments (//toolgen:example
// lines, each a JSON object).
type Extra struct {
	Defer    bool
	Callers  []string
	Examples []string
}

// NewToolWith is NewTool for a tool whose directive asks x of its
// definitions.
func NewToolWith(t tool.Tool, rows []Form, x Extra) tool.Tool {
	w := wrapper{name: t.Name, description: t.Description, risk: t.Risk, idempotent: t.Idempotent, result: string(t.ResultSchema), extra: x}
	t.Dialects = w.dialects(rows)
	return t
}

// NewOutput returns o with its Formats, each form's format around its
// schema, with o's Name and Description (see NewTool).
func NewOutput(o tool.Output, rows []Form) tool.Output {
	o.Formats = formats(o.Name, o.Description, rows)
	return o
}

// dialects returns a tool's definitions (see NewTool): result is its
// result's schema, "" for none.
func dialects(name, description string, risk tool.Risk, idempotent bool, result string, rows []Form) tool.Dialects {
	w := wrapper{name: name, description: description, risk: risk, idempotent: idempotent, result: result}
	return w.dialects(rows)
}

// dialects returns the tool's definitions in rows.
func (w *wrapper) dialects(rows []Form) tool.Dialects {
	var ds tool.Dialects
	for i, b := range w.wrap(rows, false) {
		f := &rows[i]
		def := forms.Definition(&ds, f.Shape)
		if def == nil {
			panic("toolimpl: unknown dialect " + strconv.Quote(string(f.Shape)))
		}
		*def = tool.Definition{Tool: json.RawMessage(b.whole), Parameters: json.RawMessage(b.schema), Form: f.form(), Fallback: f.Fallback}
	}
	return ds
}

// formats returns a structured output's formats: each form's format around
// its schema, with the output's name and description. The Shape of each
// Form is the ResponseFormats field, named by its strictest dialect.
func formats(name, description string, rows []Form) tool.ResponseFormats {
	w := wrapper{name: name, description: description}
	var fs tool.ResponseFormats
	for i, b := range w.wrap(rows, true) {
		f := &rows[i]
		format := forms.Format(&fs, f.Shape)
		if format == nil {
			panic("toolimpl: " + strconv.Quote(string(f.Shape)) + " names no output format")
		}
		*format = tool.ResponseFormat{Format: json.RawMessage(b.whole), Schema: json.RawMessage(b.schema), Form: f.form(), Fallback: f.Fallback}
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
	// For an envelope with the members of Extra.
	extra Extra
}

// wrapped is one form's JSON: the whole definition or format, and the
// schema in it (nil for none), a part of the same bytes.
type wrapped struct{ whole, schema []byte }

// wrap writes each form around its schema, in the envelope of its form
// (its Format, or its Definition), into one buffer, and returns each one's
// bytes: the forms of a tool or an output are one allocation, each capped
// so that appending to one does not write over the next.
func (w *wrapper) wrap(rows []Form, format bool) []wrapped {
	envelopes := make([]forms.Envelope, len(rows))
	size := 0
	for i := range rows {
		form, ok := forms.Of(rows[i].form())
		if !ok {
			panic("toolimpl: unknown dialect " + strconv.Quote(string(rows[i].form())))
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
		size += len(e.Open) + len(w.name) + len(w.description) + len(e.Key) + len(rows[i].Parameters) + len(e.Close) + 32
		if e.Schema != "" {
			size += 2 * (len(e.Schema) + 14)
		}
		if e.Annotations {
			size += len(w.result) + 96
		}
		size += w.extraSize(&e)
	}
	buf := make([]byte, 0, size)
	type span struct{ end, schema, schemaEnd int }
	spans := make([]span, len(rows))
	for i := range rows {
		var s span
		buf, s.schema, s.schemaEnd = w.append(buf, &envelopes[i], rows[i].Parameters)
		s.end = len(buf)
		spans[i] = s
	}
	out := make([]wrapped, len(rows))
	start := 0
	for i, s := range spans {
		out[i].whole = buf[start:s.end:s.end]
		if s.schemaEnd > s.schema {
			out[i].schema = buf[s.schema:s.schemaEnd:s.schemaEnd]
		}
		start = s.end
	}
	return out
}

// append appends schema in envelope e (see forms.Envelope), and returns
// where the schema is in b.
func (w *wrapper) append(b []byte, e *forms.Envelope, schema string) (_ []byte, start, end int) {
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
		start = len(b)
		b = appendSchema(b, e.Schema, schema)
		end = len(b)
		if e.Annotations && w.result != "" {
			b = append(b, `,"outputSchema":`...)
			b = appendSchema(b, e.Schema, w.result)
		}
	}
	if e.Annotations {
		b = append(b, `,"annotations":`...)
		b = append(b, mcpAnnotations(w.risk, w.idempotent)...)
	}
	b = w.appendExtra(b, e)
	return append(b, e.Close...), start, end
}

// appendExtra appends the members of w.extra that e takes (see
// forms.Envelope): none for a tool that asks none.
func (w *wrapper) appendExtra(b []byte, e *forms.Envelope) []byte {
	x := &w.extra
	if x.Defer && e.Defer != "" {
		b = append(b, `,"`...)
		b = append(b, e.Defer...)
		b = append(b, `":true`...)
	}
	if len(x.Callers) > 0 && e.Callers != "" {
		b = append(b, `,"`...)
		b = append(b, e.Callers...)
		b = append(b, `":[`...)
		for i, c := range x.Callers {
			if i > 0 {
				b = append(b, ',')
			}
			if c == "programmatic" {
				b = append(b, e.Programmatic...)
			} else {
				b = append(b, e.Direct...)
			}
		}
		b = append(b, ']')
	}
	if len(x.Examples) > 0 && e.Examples != "" {
		b = append(b, `,"`...)
		b = append(b, e.Examples...)
		b = append(b, `":[`...)
		b = append(b, strings.Join(x.Examples, ",")...)
		b = append(b, ']')
	}
	if w.result != "" && e.Output != "" {
		b = append(b, `,"`...)
		b = append(b, e.Output...)
		b = append(b, `":`...)
		b = appendSchema(b, e.Schema, w.result)
	}
	return b
}

// extraSize is about the size of the members appendExtra appends.
func (w *wrapper) extraSize(e *forms.Envelope) int {
	if e.Defer == "" && e.Callers == "" && e.Examples == "" && e.Output == "" {
		return 0
	}
	n := 96 + len(w.result)
	for _, x := range w.extra.Examples {
		n += len(x) + 1
	}
	return n
}

// appendSchema appends schema, with dialect as its first member "$schema"
// when dialect is not empty and schema, an object, declares none.
func appendSchema(b []byte, dialect, schema string) []byte {
	if dialect == "" || len(schema) < 2 || schema[0] != '{' || declaresDialect(schema) {
		return append(b, schema...)
	}
	b = append(b, `{"$schema":`...)
	b = jsonstr.Append(b, dialect)
	if rest := strings.TrimLeft(schema[1:], " \t\r\n"); rest != "" && rest[0] != '}' {
		b = append(b, ',')
	}
	return append(b, schema[1:]...)
}

// declaresDialect reports whether the object schema has a "$schema" member
// of its own (a schema file's, kept by the canonical form).
func declaresDialect(schema string) bool {
	if !strings.Contains(schema, `"$schema"`) {
		return false
	}
	var members map[string]json.RawMessage
	if json.Unmarshal([]byte(schema), &members) != nil {
		return false
	}
	_, ok := members["$schema"]
	return ok
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
