// Package toolimpl is for generated code only: what the validators and
// decoders toolgen generates call. Applications use runtime/tool; nothing
// here is meant for them, and the API may change with the generator
// (SupportPackageIsVersion5 locks the two together), as protobuf-go's
// protoimpl does for its generated code.
//
// It offers:
//
//   - the Scanner, which reads a tool's arguments — a model's raw argument
//     bytes in one pass, with no intermediate map, or the values of a map —
//     into a Go value, and the entry points generated code calls with a
//     closure around a type's decode function: Validate (a map, no value
//     kept), Decode, DecodeArgs and DecodeJSON; the field helpers (Ptr,
//     Append, Slice, NewObject, NewMap, Enum);
//   - Report and Loc: where a value lies, and the errors of one validation,
//     bounded in number (TooDeep is the error of a value nested too deep);
//   - NewTool, NewOutput and Form, which build a tool's tool.Dialects (an
//     output's tool.ResponseFormats) when its package is initialized, from
//     its literal and a table of its forms around its schema constants
//     (NewToolWith and Extra, with what defer=, callers= and
//     //toolgen:example add to the definitions);
//   - the helpers of the map validators and decoders beside the value
//     functions of runtime/toolimpl/value: enum tables (In, InNumbers,
//     NumberEnum), the conversions into Go fields that are not a value's
//     (IntKey, Bytes, Marshal), and the helpers of a few keywords (Base64,
//     JSONContent, ContentValue, Has, Bit, CountBits, Head, KeysInOrder).
//
// Generated code imports two more packages of the runtime, for it alone:
// runtime/toolimpl/value, what a JSON value is (its type, exact comparisons
// of numbers, equality, its reading into a Go field), and
// runtime/toolimpl/format, the checkers of the format keyword. Both are
// names only: each function is the one of toolgen's core (internal/value,
// internal/format), which runtime/tool and the generator call too, so that
// a handler, an approval, a validator and the generator agree on what a
// value is. The table of the forms a provider takes (internal/forms), which
// NewTool and NewOutput wrap the schemas in, is the core's as well: the
// generator lowers a schema into each form by the table's rules.
//
// # The shape of generated code
//
// For each named type, toolgen generates one decode function that every
// tool using the type calls with the location of the value; for each tool,
// its entry points around the decode function of its type:
//
//	func getWeatherArgsDecoder(args map[string]any, raw []byte, feed *Feed, maxErrors int) (out GetWeatherArgs, errs tool.Errors) {
//		errs = toolimpl.Decode(args, raw, feed, maxErrors, func(s *toolimpl.Scanner) {
//			into := toolimpl.Into(feed, &out).(*GetWeatherArgs)
//			*into = GetWeatherArgs{}
//			decodeGetWeatherArgs(s, toolimpl.Loc{}, into)
//		})
//		if errs != nil {
//			return GetWeatherArgs{}, errs
//		}
//		return out, nil
//	}
//
//	func decodeCoords(s *toolimpl.Scanner, at toolimpl.Loc, out *Coords) {
//		if !s.Object(at, coordsObject, "object") {
//			return
//		}
//		for i := s.Next(at); i >= 0; i = s.Next(at) {
//			switch i {
//			case 0:
//				// lat
//				if n, ok := s.Number(at.Key("lat"), "number"); ok {
//					if n.F < -90 || n.F == -90 && n.Compare("-90") < 0 {
//						s.Fail(at.Key("lat"), "minimum", ">= -90")
//					} else if n.F > 90 || n.F == 90 && n.Compare("90") > 0 {
//						s.Fail(at.Key("lat"), "maximum", "<= 90")
//					}
//					out.Lat = n.F
//				}
//			case 1:
//				...
//			}
//		}
//	}
//
// A decode function writes each member into *out as it reads it, and sets
// a member of struct type from a local once it is read whole: the stream
// of a call (tool.Stream.Snapshot) shows what a paused decoder has written
// (see Into).
//
// The entry points are not generic: a generic one would be compiled again
// for every tool's type. A decode function reads one value of its type at
// the location at (a Loc its caller extends with Key or Index); its checks
// are those of the schema, reported with the codes, expectations and values
// of the map path. The rest follows from a few rules:
//
//   - Object reports what the object's shape (NewObject) says of its
//     members: missing and unexpected ones; Next goes past a member that
//     is not required and is null, which counts as absent.
//   - A value of the wrong type is reported and read past (its syntax
//     checked all the same).
//   - Strings are borrowed from the input: a decoder stores s.Keep(v), and
//     for a typed-string enum the constant's own string (Enum), which costs
//     no allocation.
//   - Ptr, Append and Slice build a field only when the Scanner decodes and
//     the call is still valid: validating a map allocates nothing, and
//     nothing of an invalid call's value is built.
//   - Array checks minItems, maxItems and uniqueItems; its items gather in
//     a buffer on the stack and are copied into a slice of the exact length.
//   - A Go field that cannot hold a value the schema accepts (an int8 and
//     300) is reported by Range, Int, Uint and Float32: like DecodeT's
//     errors, they count only when the arguments are otherwise valid.
//   - A value the pass cannot check as it reads (anyOf, oneOf, not,
//     if/then/else, uniqueItems of objects) is held (Hold, Any), as the map
//     validator sees it, and checked by the schema's match functions.
//
// # Errors: locations and order
//
// Every error is the map path's error for the same bytes: tool.ParseArgs
// followed by Decode<T>. A syntax error, a duplicate member, invalid UTF-8,
// nesting beyond 512 levels or a number beyond float64's range anywhere in
// the input is the one error DecodeJSON returns (bad_json, bad_number), as
// is a document that is not an object (bad_shape): the scan reads to the
// end of the input, so no such error goes unseen behind a schema error.
//
// An error's path and name are rendered once, when the error is made, from
// its Loc, into the Report's buffer: never rewritten level by level, so
// their cost is the size of the output. The one pass meets members in the
// order the model wrote them; the Scanner keeps each member's errors as a
// run of its rank and sorts an object's or an array's runs when it closes
// (see Scanner, "The order of errors"), so the errors come in the order of
// the map path.
//
// # Error cap, exact numbers
//
// A cap on the number of errors (with a last error saying there were more)
// composes with the one pass by falling back: only the close of an object
// knows its final order, so when the errors would exceed the cap the pass
// stops and DecodeJSON returns what ParseArgs and DecodeArgs return for the
// same bytes. Only broken or hostile calls overflow, and the fallback is
// another linear pass.
//
// Number and Integer return a Num: F, its float64 view, decides a bound
// unless the two are equal; Num's Compare, MultipleOf, In, Int, Uint and
// Float32 compare and convert exactly, as value.Compare, value.MultipleOf,
// InNumbers and value.Int do on the map path's json.Number (Num's are
// written on them), so the two paths agree on every
// number, whatever its spelling (1e23, 9007199254740993, 1e-400). An enum
// is a sorted table (Enum, NumberEnum) searched by bisection.
//
// # Cost
//
// The valid get_weather call (six members, a nested object, an array of two
// strings) decodes with 5 allocations: the struct's own string, pointer,
// slice and slice strings. Scanners are pooled between calls, keeping the
// buffers they grew. The JSON scanner underneath (runtime/internal/jsonscan)
// depends on the standard library only; tool.ParseArgs is written on it,
// so that one parser serves maps and one-pass decoders.
package toolimpl

// SupportPackageIsVersion5 is referenced by generated code. A build of old
// generated code against a runtime that dropped this constant fails to
// compile instead of misbehaving at run time. Version 5: a tool's or an
// output's definitions are built from its literal by NewTool and NewOutput
// (Dialects and Formats are gone). Version 4: numbers compare
// exactly whatever their spelling (a json.Number is the decimal it writes;
// IsInteger reads the value), and an enum is a sorted table that Enum,
// InNumbers and Num.In search. Version 3 put the helpers of generated code
// here, not in runtime/tool (whose SupportPackageIsVersion2 locked versions
// 1 and 2).
const SupportPackageIsVersion5 = true
