// Package toolimpl is for generated code only: what the validators and
// decoders toolgen generates call. Applications use runtime/tool; nothing
// here is meant for them, and the API may change with the generator
// (SupportPackageIsVersion3 locks the two together), as protobuf-go's
// protoimpl does for its generated code.
//
// It offers:
//
//   - the one-pass decoders' Scanner, which reads a model's raw argument
//     bytes straight into a Go value, with no intermediate map, and their
//     entry points (Func, Ptr, Append, Slice, NewObject, NewMap, Enum);
//   - Report and Loc: where a value lies, and the errors of one validation,
//     bounded in number (TooDeep is the error of a value nested too deep);
//   - the value functions of the map validators and decoders, which read
//     what a map[string]any holds as encoding/json decodes it, as
//     json.Number, and as Go values put in a map by hand: Number,
//     IsInteger, Length, List, AsObject, IsNull, TypeName, Show; exact
//     comparisons (Compare, MultipleOf, Equal, In, Duplicate), whose walks
//     stop at MaxDepth with PanicTooDeep; the conversions into Go fields
//     (Int, Uint, Float, Float32, NumberText, IntegerJSON, IntKey, Bytes,
//     Marshal); and the helpers of a few keywords (Base64, JSONContent,
//     ContentValue, Has, Bit, CountBits, Head, KeysInOrder, Index).
//
// A Set compares, renders and identifies values with the same functions
// (runtime/internal/jsonvalue), so a handler, an approval and a validator
// agree on what a value is.
//
// # The shape of generated code
//
// For each tool, toolgen generates Decode<T>JSON, and for each named type
// one decode<X> that every tool using the type calls:
//
//	func DecodeGetWeatherArgsJSON(raw []byte) (GetWeatherArgs, tool.Errors) {
//		var s toolimpl.Scanner
//		s.Reset(raw)
//		var out GetWeatherArgs
//		if s.Root() {
//			decodeGetWeatherArgs(&s, &out)
//		}
//		if errs := s.Finish(); errs != nil {
//			return GetWeatherArgs{}, errs
//		}
//		return out, nil
//	}
//
//	func decodeCoords(s *toolimpl.Scanner, out *Coords) {
//		if !s.Object() {
//			s.TypeError("object")
//			return
//		}
//		for s.Next() {
//			switch s.Key() {
//			case "lat":
//				s.Member(0) // its index in property order
//				lit, ok := s.Number()
//				if !ok {
//					s.TypeError("number")
//					break
//				}
//				num := toolimpl.Float(lit)
//				if num < -90 {
//					s.NumberError("minimum", ">= -90", lit)
//				} else if num > 90 {
//					s.NumberError("maximum", "<= 90", lit)
//				}
//				out.Lat = num
//			case "lon":
//				...
//			default:
//				s.Unexpected()
//			}
//		}
//		if !s.Has(0) {
//			s.Missing("lat", "number")
//		}
//		...
//		s.End()
//	}
//
// A decode<X> reads one value of its type at the scanner's position and
// takes no location: the Scanner knows the path of the value it reads. The
// checks of each value are those of the map validator, in its order, and
// reported with the same codes, expectations and values. The rest follows
// from a few rules:
//
//   - An optional member that is null is absent: if s.Null() { break }.
//   - A value of the wrong type is read and reported by TypeError, which
//     skips it whatever it is (checking its syntax all the same).
//   - Strings and literals are borrowed (see Scanner.String): a decoder
//     stores strings.Clone(v), and for a typed-string enum the constant
//     itself (switch Units(v) { case Celsius: out.Units = Celsius ... }),
//     which costs no allocation.
//   - A pointer field allocates its value and decodes into it: p :=
//     new(Coords); decodeCoords(s, p); out.Coords = p.
//   - An array gathers its items in a buffer on the stack (of maxItems
//     elements when that is small, else 8) and copies them into a slice of
//     the exact length after the loop: one allocation, like DecodeT's make.
//     The array's own checks (minItems, maxItems, uniqueItems, contains)
//     come after the loop, where Count is the number of items, and before
//     End.
//   - A Go field that cannot hold a value the schema accepts (an int8 and
//     300) is reported by RangeError and its kin: like DecodeT's errors,
//     they count only when the arguments are otherwise valid.
//   - A value the one pass cannot check as it reads (anyOf, oneOf, not,
//     if/then/else, uniqueItems of objects) is read with Value, as the map
//     validator sees it, and checked by the type's map validator.
//
// # Errors: locations and order
//
// Every error is the map path's error for the same bytes: tool.ParseArgs
// followed by Decode<T>. A syntax error, a duplicate member, invalid UTF-8,
// nesting beyond 512 levels or a number beyond float64's range anywhere in
// the input makes Finish return that one error (bad_json, bad_number), as
// does a document that is not an object (bad_shape): the scan always reads
// to the end of the input, so no such error goes unseen behind a schema
// error.
//
// An error's path and name are rendered once, when the error is made, from
// the scanner's position ("/coords/lat", "coords.lat"), into one string
// that also holds the value shown: never rewritten level by level, so their
// cost is the size of the output.
//
// The map validator reports an object's errors by rank: missing members (in
// required order), members another requires, unexpected members (by path),
// the member count, member names, then the declared members' errors in
// property order, depth first. The one pass meets members in the order the
// model wrote them, so the Scanner records each member's errors as a run of
// the member's rank (Member sets it; Next, once it reports the end of the
// members, sets RankMissing; Rank sets any other), and End sorts the runs
// of the object stably by rank. Arrays are the same with RankItems and
// RankArray. When members come in property order, as models write them,
// nothing moves; otherwise each error moves in place, in time linear in the
// object's errors.
//
// # Error cap, exact integers
//
// A cap on the number of errors (with a last error saying how many more
// there were) composes with the one pass by falling back: the one pass
// keeps the errors in the order it meets them, and only End knows an
// object's final order, so when the errors would exceed the cap the
// decoder stops and Decode<T>JSON returns what ParseArgs and the capped
// map validator return for the same bytes. Only broken or hostile calls
// overflow, and the fallback is another linear pass.
//
// Number returns a literal as written, checked against JSON's grammar and
// within float64's range. Float and Int read it as the map path reads the
// same json.Number. Exact comparisons of integers beyond 2^53 (minimum,
// maximum, multipleOf, enum, const) belong in functions of the literal,
// which the map validator calls on its json.Number and the one pass on the
// literal: the two paths then agree by construction.
//
// # Cost
//
// The valid get_weather call (six members, a nested object, an array of two
// strings) decodes with 5 allocations: the struct's own string, pointer,
// slice and slice strings. The Scanner lives on the decoder's stack; it
// needs no allocation until more than six objects or arrays are open at
// once, an undeclared member appears, a string has escapes, or an error is
// reported (one allocation per error, and the error list).
//
// The scanner itself (runtime/internal/jsonscan) depends on the standard
// library only, and on nothing else in the runtime: tool.ParseArgs can be
// written on it (this package's tests hold that version, and compare it with
// tool.ParseArgs), so that one parser serves maps and one-pass decoders.
package toolimpl

// SupportPackageIsVersion3 is referenced by generated code. A build of old
// generated code against a runtime that dropped this constant fails to
// compile instead of misbehaving at run time. Version 3: the helpers of
// generated code are here, not in runtime/tool (whose
// SupportPackageIsVersion2 locked versions 1 and 2).
const SupportPackageIsVersion3 = true
