// Package load is the generator's first stage: it loads Go packages with
// go/packages, finds the struct types annotated as tools (//toolgen:tool)
// and structured outputs (//toolgen:output), reads their directives
// (name=, risk=, idempotent=, dialects=, strict=, description=, result=,
// needs=, defer=, callers=, and a tool's //toolgen:example lines) into ir.Packages and ir.Tools (directive.go; result.go for
// result=, describe.go for a type's description). Docs finds the doc
// comments of types and fields, in the loaded packages and in those known
// only from export data. The Go field model and the names of tools are
// gen/internal/gotype's; names.go checks a tool's name against the name
// rule of each provider it is sent to (internal/forms' table).
//
// It may import the standard library, golang.org/x/tools/go/packages,
// gen/internal/ir, gen/internal/gotype and internal/forms; nothing of the stages above it
// (goschema, dialect, emit, gen).
package load
