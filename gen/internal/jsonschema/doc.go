// Package jsonschema compiles JSON Schema documents into the keyword model
// the emitter reads: Compile reads a document (CompileValue one already
// read by ParseJSON, which it leaves as it is; ordered JSON values, drafts
// 4 to 2020-12 and their vocabularies, $id, $anchor, $ref, $dynamicRef and
// $recursiveRef, documents a Loader reads) into Schemas that hold the
// keywords a validator checks, with their locations, references resolved,
// the schemas the root reaches, and the loops refused; Place turns the
// locations of its errors into file:line:col. It also owns the formats
// toolgen checks (Formats), the keywords a validator checks (Assertions) and
// the ordered JSON values (Object, ParseJSON, WriteOrdered) the dialects
// rewrite.
//
// It is the lowest stage of the generator: it may import the standard
// library, internal/ecma (patterns) and internal/value (exact numbers),
// and nothing of gen.
package jsonschema
