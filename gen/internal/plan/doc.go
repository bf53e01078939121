// Package plan compiles a schema node into its check plan: plain data that
// says what a value must be, which every renderer of the emitter writes out
// as Go and none decides again. It holds one file per rule family, each
// with the family's conditions (the types of Cond), its builder and its
// texts, the rules of a kind in the order they are checked:
//
//   - strings.go: minLength, maxLength, pattern, contentEncoding,
//     contentMediaType, contentSchema (StringOf);
//   - numbers.go: minimum, maximum, exclusiveMinimum, exclusiveMaximum,
//     multipleOf, compared exactly (NumberOf);
//   - arrays.go: minItems, maxItems, items false past prefixItems,
//     uniqueItems (ArrayRules), contains, minContains, maxContains
//     (ContainsOf);
//   - objects.go: required with the text of a member's missing error,
//     dependentRequired, closed or not (ObjectOf), minProperties,
//     maxProperties (ObjectRules), propertyNames' text;
//   - enum.go: enum and const, rules of a kind when their values are all
//     of the schema's one kind (Specialized), else checks of the whole
//     value by equality;
//   - composition.go: the checks of the value as a whole, whatever its
//     kind, in order (WholeOf: $ref, $dynamicRef, allOf, anyOf, oneOf, not,
//     if/then/else), invopop's nullable form (NullableForm), $ref-only
//     nodes (PureRef);
//   - formats.go: format, of a string or a number;
//   - gotypes.go: the texts of what comes from Go types, not keywords (a
//     time.Duration's pattern, a float32's range, a map's integer keys).
//
// plan.go holds what they share: Rule and Cond, the kinds a node allows
// (Kinds, Allows), whether it needs the whole value (HasWhole); text.go the
// texts every family uses (Expected, TypeList, Summary, ...). Every text of
// an error a model reads about a schema is here: a renderer never writes
// one.
//
// A new keyword goes here first: its condition, its text and its place in
// the order, in its family's file, with its case in that file's test; then
// one case in the one function of the emitter that renders the rules of
// its kind.
//
// # Renderers
//
// The emitter renders a plan in the ways generated code reaches a value,
// each through one function per rule kind (stringRules, numberRules,
// arrayRules, ...) that takes the renderer's view of the value: how to read
// it (its length, its float64, the exact comparison), how a rule fails
// (Scanner.Fail, Report.Value, or return false). Today there are two:
//
//   - the one-pass read (typedGen): the Scanner reads a Go destination, each
//     rule checked as the value is read (DecodeTJSON, DecodeT, ValidateT);
//   - the value walk (emitter), collecting errors into a Report or deciding
//     at the first failure: union branches, results, schema files and the
//     values read whole.
//
// The generator itself evaluates the same rules on a member's default=
// (defaultBreaks), so that a default is never a value the validator
// refuses.
//
// A direct walk of a map[string]any into the destination (a faster
// map path for ValidateT and DecodeT) would be a third renderer of the same
// plan, not a fourth emitter: it walks the destination's members (the Go
// field model, ir.Field, as the one-pass read does), reads each value with
// the map fill's conversions (the emitter's decoder.assign), and checks it
// through the same rule functions with the value walk's views (the string
// asserted from the any, the float64 of value.Number and the exact value,
// the []any of an array; a failure reported in the Report), so that it
// adds no rule, text or order: only its walk.
//
// It may import the standard library, internal/words (the texts it shares
// with the runtime's Scanner) and the stages below it:
// gen/internal/jsonschema (the keyword model) and gen/internal/gotype
// (the duration pattern and the integer ranges of Go types); nothing of
// jennifer, go/packages or the emitter.
package plan
