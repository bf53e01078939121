// Package emit is the generator's last stage: it writes Go source with
// jennifer. It owns
//
//   - the file of a package's tools and outputs (Emit, emit_file.go): each
//     tool's literal, the table of the forms gen/internal/dialect chose for
//     it and their schema constants, with the comment of its fallbacks
//     (dialect_emit.go), its validator and decoder, its result's, the tool
//     list;
//   - the one-pass decode from a toolimpl.Scanner into the Go type
//     (emit_decode.go: the decode function and its member loop;
//     emit_decode_values.go, emit_decode_collections.go: its readers per
//     kind; decode.go, decode_assign.go: the Go destination of a value,
//     filled from a map) and the walks of an any value, collecting every
//     error into a report or deciding at the first failure (emit_func.go,
//     emit_check.go, emit_dynamic.go, emit_unevaluated.go): renderings of
//     the check plans of gen/internal/plan, which decide every rule and
//     text, one file per rule family (emit_strings.go, emit_numbers.go,
//     emit_arrays.go, emit_objects.go; emit_kinds.go their shared chain);
//   - the code of patterns (emit_pattern.go: loops for simple ones, regexp
//     otherwise) and durations (duration.go);
//   - the check of a member's default against its plan (default.go);
//   - the names of generated code and its scope (scope.go): helpers avoid
//     the package's names and imports, and the universe names the package
//     shadows are reported (Shadowed);
//   - the file of a schema file's validator (SchemaFile);
//   - the text of every file it writes: jennifer's, with comment lines
//     wrapped and imports in goimports' groups (render, tidy.go).
//
// It reads the stage data (gen/internal/ir: each schema compiled once by
// the facade, ir.Schema's Doc, which it renders and never reads from JSON
// again), the keyword model (gen/internal/jsonschema), the Go-type facts
// (gen/internal/gotype: the field model, integer ranges, durations, tag
// values, names), the provider forms (gen/internal/dialect) and the plans;
// not the loader or the schema builder (gen/layering_test.go checks it).
// Besides those and the standard library it may import only
// jennifer, internal/ecma (patterns translated at generation time),
// runtime/tool (the error codes and tool.Error's fields, which generated
// code writes by name) and the core whose code it checks defaults with
// (internal/value, internal/format), the code generated code calls through
// runtime/toolimpl/value and runtime/toolimpl/format. runtime/toolimpl and
// its packages, which generated code calls, it names as import paths only.
package emit
