// Package load is the generator's first stage: it loads Go packages with
// go/packages, finds the struct types annotated as tools (//toolgen:tool)
// and structured outputs (//toolgen:output), reads their directives
// (name=, risk=, idempotent=, dialects=, strict=, description=, result=,
// needs=) into ir.Packages and ir.Tools, and owns the one Go field model:
// Members, the JSON members of a struct type as encoding/json reads them
// (json names, "-", omitempty/omitzero, embedded and inlined structs,
// promoted paths). Docs finds the doc comments of types and fields, in the loaded
// packages and in those known only from export data.
//
// It may import the standard library, golang.org/x/tools/go/packages and
// gen/internal/ir; nothing of the stages above it (goschema, dialect, emit,
// gen).
package load
