package tool

import (
	"sync/atomic"

	"github.com/toolgen-go/toolgen/internal/value"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
)

// ParseArgs reads a tool call's raw arguments as a Set does before anything
// else, strictly: where encoding/json repairs or guesses, it rejects.
//
//   - Empty arguments (nothing, or only white space) are the empty object, as
//     providers send a call without arguments.
//   - Anything that is not JSON is bad_json, with the byte offset: truncated
//     input, trailing data, invalid UTF-8 (encoding/json would replace it) and
//     an escaped lone surrogate such as "\ud800" (likewise).
//   - A member name that appears twice in one object is bad_json, with its
//     path: decoders disagree on which of the two wins.
//   - Values nested deeper than 512 levels are bad_json.
//   - A number beyond float64's range, such as 1e400, is bad_number.
//   - A value that is not an object is bad_shape.
//
// Numbers are json.Number, so that an integer of any size reaches a typed
// decode exactly; generated validators and DecodeT read json.Number. Every
// error is returned as a single Error whose Reason is a sentence for the
// model. ParseArgs never panics.
//
// The generated DecodeTJSON functions read the same bytes with the same
// scanner, straight into the tool's struct, and return the same errors.
func ParseArgs(raw []byte) (map[string]any, Errors) {
	_, args, errs := parseArgs(raw)
	return args, errs
}

// parseArgs is ParseArgs, which also returns what the arguments parsed
// into when that is not an object (a Guard's key is made of any JSON
// value); v is nil when they did not parse, or are null.
func parseArgs(raw []byte) (v any, args map[string]any, errs Errors) {
	v, perr := parseCall(jsonscan.Arguments(raw))
	if perr != nil {
		return nil, nil, Errors{parseError(perr, "the arguments are not valid JSON")}
	}
	args, ok := v.(map[string]any)
	if !ok {
		return v, nil, Errors{shapeError("the arguments should be a JSON object", v)}
	}
	return v, args, nil
}

// parseCall parses the raw bytes of a call, its arguments or (CallJSON)
// the whole call: every parse of them goes through here, which a test
// counts (see callState: a call's bytes are parsed at most once).
func parseCall(raw []byte) (any, *jsonscan.Error) {
	if countParses {
		parses.Add(1)
	}
	return parseJSON(raw)
}

// countParses is set by the package's tests, before any call, to count
// the parses of calls' bytes in parses.
var (
	countParses bool
	parses      atomic.Int64
)

// parseObject parses one JSON object; notJSON and notObject begin the
// reasons of the errors ("the answer is not valid JSON").
func parseObject(raw []byte, notJSON, notObject string) (map[string]any, Errors) {
	v, perr := parseJSON(raw)
	if perr != nil {
		return nil, Errors{parseError(perr, notJSON)}
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, Errors{shapeError(notObject, v)}
	}
	return obj, nil
}

func shapeError(want string, v any) Error {
	got := value.TypeName(v)
	return Error{Code: CodeBadShape, Expected: "object", Got: got, Reason: want + ", got " + got}
}

// maxNesting bounds how deep ParseArgs follows nested arrays and objects.
const maxNesting = jsonscan.MaxNesting

// parseJSON reads one JSON document.
func parseJSON(data []byte) (any, *jsonscan.Error) {
	var s jsonscan.Scanner
	s.Reset(data)
	v := s.Value()
	if !s.Finish() {
		return nil, s.Err()
	}
	return v, nil
}

// parseError is the error of a document that does not parse: its reason
// starts with prefix, and its path is bounded.
func parseError(e *jsonscan.Error, prefix string) Error {
	return Error{Code: Code(e.Code), Path: jsonvalue.Clip(e.Path, maxField), Reason: e.Reason(prefix)}
}
