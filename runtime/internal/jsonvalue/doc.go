// Package jsonvalue holds what the runtime's packages share about
// rendering and walking values, besides toolgen's core (internal/value,
// what a JSON value is, and internal/words, the texts of errors): the bound
// of a text in a rendering (MaxField), the cut of a longer one (Clip) and
// its rendering, escaped and cut (Field, which runtime/oteltool's
// attributes share with the audit record), and the walks that bound the
// depth of a Go value before encoding/json, fmt or a log handler walks it
// (NestsDeeper, Nesting, ReachesDeeper).
package jsonvalue
