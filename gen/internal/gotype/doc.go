// Package gotype holds the facts of Go types that the schema builder
// (goschema), the loader and the emitter's decoder all read, so that they
// agree by construction and the emitter needs neither the loader nor the
// schema builder: the JSON members of a struct type as encoding/json reads
// them (Members, JSONMembers: json names, "-", omitempty/omitzero, embedded
// and inlined structs, promoted paths), method checks (HasMethod,
// HasMethodSig, MethodRefusal), the ranges of the integer types
// (IntRanges), time.Duration and its bounds from a jsonschema tag
// (IsDuration, HoldsDurations, DurationBoundsOf, DurationPattern), the items
// of a jsonschema tag (TagItems, TagValue: default= among them) and the
// names toolgen derives from a type's name (DefaultName, TrimToolSuffix,
// SnakeCase).
//
// It may import the standard library and gen/internal/ir (the field
// model's ir.Field); nothing of the stages above it.
package gotype
