// Package dialect lowers a tool's canonical schema into the forms of the
// runtime's table of forms (forms.Form, internal/forms), one lowering
// per schema dialect, by the rules of this package's table of lowerings
// (lowerings: what each does with each keyword, the formats it keeps, the
// name of its constant): what a dialect cannot express of a constraint
// becomes a sentence of a description (the validator still enforces it),
// what it cannot express at all is an ir.DialectError. ChooseForm picks the
// form of each definition down the table's fallbacks, the strictest that
// expresses the schema, into an ir.Form; FallbackText, Title and Envelope
// word a fallback for the definition, the notes and the comments. Choose
// does all that for a tool (or an output) in the dialects of its dialects=
// option (Outputs are an output's): its forms, the notes of its fallbacks
// at the fields that cause them (one per field and cause, naming every
// provider it makes fall back), errors instead for a strict tool, and an
// error at the field for a provider no form of which takes the schema;
// and it checks a tool's MCP x-mcp-header annotations (mcpheader.go).
//
// A new provider form is a row of internal/forms' table; a form whose schema
// lowers differently also needs its lowering's rules here (lowerings, and
// the code that reads c.lowering).
//
// It may import the standard library, internal/ecma (Anthropic strict
// mode's patterns), internal/forms (the table of forms) and internal/words
// (the texts of sizes), runtime/tool (the forms' tool.Dialect), and the stages below
// it: gen/internal/jsonschema, gen/internal/ir, gen/internal/gotype (the
// Go field model, to find the field a schema pointer stands for) and
// gen/internal/load (the directive a fix names); nothing of goschema, plan,
// emit or gen. It lowers the ordered value of ir.Schema, read once by the
// facade, and never changes it.
package dialect
