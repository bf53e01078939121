// Package gen is toolgen's generator: it loads Go packages statically, finds
// the struct types annotated as tools, builds each tool's JSON Schema and
// emits a type-specialized validator for it.
//
// The stages pass plain data: Load (go/packages) yields the annotated types,
// Schema turns a type into an invopop *jsonschema.Schema, Emit turns schemas
// into Go source with jennifer, and Write puts the file in place. Errors of
// every stage carry a file:line:col position and are all collected; nothing
// is written when any occurred.
package gen
