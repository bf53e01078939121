// Package gen is toolgen's generator: it loads Go packages statically, finds
// the struct types annotated as tools (//toolgen:tool, with their result
// types) and as structured outputs (//toolgen:output), builds each one's
// JSON Schema and emits a type-specialized validator for it; CompileSchema
// does the same for a JSON Schema file (`toolgen schema`).
//
// gen is the facade cmd/toolgen uses (Config, Generate, GenerateSchemaFile,
// SchemaFile, CompileSchema, File, Note, Error, Errors, Write, NotesFiles,
// Compare, Stale, Change, Options, DefaultOutput, Header) and orchestrates the stages, packages
// under gen/internal that pass plain data (gen/internal/ir): load
// (go/packages, directives, doc comments, the Go field model) yields the
// annotated types, goschema turns each into its canonical schema, dialect
// lowers that schema into the provider forms and chooses each
// definition's form, noting each fallback at its field, plan compiles each
// schema into its check plan, and emit turns all that into Go source with
// jennifer; Write puts the file in place. Compare (toolgen -check) reads
// the generated files on disk and, with compat, classifies what a run
// changes of each tool and output, breaking or compatible. The emitter compiles the JSON of
// each schema, the very bytes sent to the model, into the keyword model
// (gen/internal/jsonschema) and emits from that model, so struct tools and
// schema files share one compiler. Reading a schema file and the documents
// it references (bounded, in the folders allowed) is the facade's. Errors
// of every stage carry a file:line:col position (for schemas, the
// keyword's location in the schema too) and are all collected; nothing is
// written when any occurred. gen may import every stage.
package gen
