// Package jsonvalue holds what runtime/tool and runtime/toolimpl share
// besides the value functions of runtime/toolimpl/value, which generated
// code calls too: the bound of a text in a rendering (MaxField), the cut
// of a longer one (Clip) and its rendering, escaped and cut (Field, which
// runtime/oteltool's attributes share with the audit record), the texts of the errors both make
// (DepthExpected, TooMany), and the walks that bound the depth of a Go value
// before encoding/json, fmt or a log handler walks it (NestsDeeper,
// Nesting, ReachesDeeper).
package jsonvalue
