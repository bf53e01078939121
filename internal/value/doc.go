// Package value is what a JSON value is, for the validators and decoders
// toolgen generates and for runtime/tool alike: the values a map[string]any
// holds, as encoding/json decodes them (float64, string, bool, nil, []any,
// map[string]any), as json.Number, and as Go values an application puts in a
// map by hand (sized ints and floats, typed slices and maps, typed nils).
// It is part of toolgen's core: runtime/tool and runtime/toolimpl call it,
// and the generator, to check a schema's numbers and defaults; generated
// code calls it through runtime/toolimpl/value, the name it imports.
//
// It offers:
//
//   - the type of a value: TypeName, Number (its float64 view), IsInteger,
//     IsNull, List, Object, and Show, how an error shows it;
//   - exact comparisons, numbers by their value whatever their spelling
//     (1e23, 9007199254740993, 1e-400): Equal and Duplicate, as enum, const
//     and uniqueItems compare; Compare and MultipleOf, of a value with a
//     number the schema writes;
//   - the reading of a value a validator accepted into a Go field, exactly:
//     Int, Uint, Float32, NumberText, IntegerJSON;
//   - IdentityForm, the rendering that identifies a call's arguments, under
//     which a Set deduplicates a request and a person approves a call.
//
// One package, so that a validator, a Set's identities and renderings, and
// a decoded field agree on what a value is. No function panics but Equal and
// Duplicate, at a value nested deeper than MaxDepth, with PanicTooDeep: the
// check stops there (its verdict must not turn into a pass under "not"), and
// generated code, toolimpl's entry points and a Set recover it (IsTooDeep)
// as a depth error.
package value
