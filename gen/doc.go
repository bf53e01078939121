// Package gen is toolgen's generator: it loads Go packages statically, finds
// the struct types annotated as tools (//toolgen:tool, with their result
// types) and as structured outputs (//toolgen:output), builds each one's
// JSON Schema and emits a type-specialized validator for it; CompileSchema
// does the same for a JSON Schema file (`toolgen schema`).
//
// The stages pass plain data: Load (go/packages) yields the annotated types,
// Schema turns a type into an invopop *jsonschema.Schema, BuildDefinitions
// picks the form of each provider's definition (the strictest that
// provider accepts, down a Shape's fallbacks) and notes each fallback, Emit
// turns all that into Go source with jennifer, and Write puts the file in
// place. Emit
// compiles the JSON of each schema, the very bytes sent to the model, into a
// small schema model (schemadoc.go: keywords, locations, resolved $refs) and
// emits from that model, so struct tools and schema files share one
// compiler. Errors of every stage carry a file:line:col position (for
// schemas, the keyword's location in the schema too) and are all collected;
// nothing is written when any occurred.
package gen
