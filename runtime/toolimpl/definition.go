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
	return append(b, e.Close...), start, end
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
