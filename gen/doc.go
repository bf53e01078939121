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
// (go/packages, directives, doc comments) yields the annotated types,
// goschema turns each into its canonical schema, which the facade reads
// once (schemas.go) into an ir.Schema: the JSON sent to the model, its
// ordered value and its keyword model (gen/internal/jsonschema), compiled
// from that value with the options of its validator; dialect lowers the
// value into the provider forms and chooses each definition's form, noting
// each fallback at its field, plan compiles each schema node into its check
// plan, and emit turns all that into Go source with jennifer; Write puts
// the file in place. Struct tools and schema files share that one compiler,
// and no stage reads a schema's JSON again. The Go-type facts the schema
// and the decoder both read (the field model, integer ranges, durations,
// tag values, names) are gen/internal/gotype's. Compare (toolgen -check)
// reads the generated files on disk and, with compat, classifies what a run
// changes of each tool and output, breaking or compatible. Reading a schema file and the documents
// it references (bounded, in the folders allowed) is the facade's. Errors
// of every stage carry a file:line:col position (for schemas, the
// keyword's location in the schema too) and are all collected; nothing is
// written when any occurred. gen may import every stage.
package gen
