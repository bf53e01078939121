// Package goschema turns Go types into the canonical JSON Schema of a tool,
// an output or a result: invopop/jsonschema's schema model and tag grammar
// (json, jsonschema, jsonschema_description, jsonschema_extras), built
// statically from go/types over the one field model (gotype.Members), with
// toolgen's additions (sized integers, enums from constants, doc comments,
// time.Duration) and refusals at the field, with the fix in the message.
//
// A new Go type rule goes here (and, when the decoder must read the type
// differently, into the emitter's decode rules as well).
//
// It may import the standard library, invopop/jsonschema, internal/ecma,
// internal/value, and the stages below it: gen/internal/jsonschema,
// gen/internal/ir, gen/internal/gotype (the Go-type facts it shares with
// the decoder: the field model, integer ranges, durations, tag items) and
// gen/internal/load (doc comments); nothing of dialect, emit or gen.
package goschema
