// Package plan compiles a schema node into its check plan: plain data that
// says what a value must be, which every renderer of the emitter writes out
// as Go and none decides again. It owns
//
//   - the rules of each kind of value, in the order they are checked, as
//     data (Rule: the keyword reported, the expected text, and the condition:
//     MinLength, Pattern, Format, Bound, MultipleOf, MinItems, UniqueItems,
//     MinProperties, Enum and Const when they are the kind's, ...):
//     StringOf, NumberOf, ArrayRules, ContainsOf, ObjectRules, and of an
//     object's members as a whole (ObjectOf: the required members with the
//     text of their missing error, dependentRequired, closed or not);
//   - the checks of the value as a whole (Whole: enum and const by equality,
//     $ref, $dynamicRef, allOf, anyOf, oneOf, not, if/then/else), in order,
//     with their texts;
//   - what a node asks of a value before its rules: the kinds it allows
//     (Kinds, Allows), invopop's nullable form (NullableForm), whether enum
//     and const are rules of a kind (Specialized), whether it needs the
//     whole value (HasWhole), $ref-only nodes (PureRef);
//   - every text of an error a model reads about a schema (Expected,
//     TypeList, Summary, EnumText, PatternText, Plural, ...): a renderer
//     never writes one.
//
// A new keyword goes here first: its condition, its text and its place in
// the order; then one case in the one function of the emitter that renders
// the rules of its kind.
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
// gen/internal/jsonschema (the keyword model) and gen/internal/goschema
// (the duration pattern and the integer ranges of Go types); nothing of
// jennifer, go/packages or the emitter.
package plan
