package tool

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
)

// This file renders what the application's code hands the runtime — a
// handler's output, the value it panicked with — for a model, a store or a
// log. encoding/json follows a value built by hand as deep as it goes and
// fmt follows one that contains itself without end, a stack overflow that
// no recover stops; so a walk limited in depth comes first
// (jsonvalue.NestsDeeper), and no rendering goes through fmt.

// outputError says why a handler's output cannot be sent.
type outputError struct{ reason string }

func (e *outputError) Error() string { return e.reason }

// marshalOutput renders a handler's output as encoding/json writes it
// (without HTML escaping), unless it nests deeper than the parse limit or
// contains itself. It reports whether the output holds JSON its walk did
// not see (a MarshalJSON's, a json.RawMessage): all else encoding/json
// writes is JSON the runtime's parser reads. A MarshalJSON or MarshalText
// method that panics panics: in a Set, where the output is rendered as the
// handler returns, that is a panic of the tool.
func marshalOutput(v any) (b []byte, opaque bool, err error) {
	deeper, opaque := jsonvalue.Nesting(v, maxNesting)
	if deeper {
		return nil, false, &outputError{fmt.Sprintf("it nests deeper than %d levels, or contains itself", maxNesting)}
	}
	if b, err = marshal(v); err != nil {
		return nil, false, &outputError{"it has no JSON form: " + err.Error()}
	}
	return b, opaque, nil
}

// outputJSON renders a handler's output as the JSON a model receives: a
// string as a JSON string, anything else as marshalOutput does, when the
// runtime's parser reads it back (nested at most 512 levels deep, numbers
// within float64's range, valid UTF-8, no duplicate member): what every
// provider's SDK can carry. Otherwise it returns why not.
func outputJSON(v any) (json.RawMessage, error) {
	if s, ok := v.(string); ok {
		return appendJSONString(nil, s), nil
	}
	b, opaque, err := marshalOutput(v)
	if err != nil || !opaque {
		return b, err
	}
	var s jsonscan.Scanner
	s.Reset(b)
	s.Skip()
	if !s.Finish() {
		return nil, &outputError{s.Err().Reason("its JSON cannot be read back")}
	}
	return b, nil
}

// marshal is json.Marshal without HTML escaping: a model reads "<= 10".
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// renderedOutput is the JSON of an executed call's output: the checked JSON
// of a typed result, the JSON the set rendered when the handler returned,
// or, for a Result built otherwise, outputJSON of its Output, a method that
// panics an error.
func (r Result) renderedOutput() (out json.RawMessage, err error) {
	defer func() {
		if recover() != nil {
			out, err = nil, &outputError{"its MarshalJSON or MarshalText method panicked"}
		}
	}()
	switch {
	case r.Structured != nil:
		return r.Structured, nil
	case r.output != nil:
		return r.output, nil
	}
	return outputJSON(r.Output)
}

// unrendered is the text of an output that cannot be rendered.
func unrendered(err error) string {
	return "<the output could not be rendered: " + field(err.Error()) + ">"
}

// describePanic renders the value of a panic for the log and the call's error:
// an error's text, a string as it is, a fmt.Stringer's String, any other
// value as its JSON (bounded as outputJSON bounds it) or, without one, its
// type; escaped, at most maxField bytes. A method that panics leaves a
// placeholder.
func describePanic(v any) (text string) {
	defer func() {
		if recover() != nil {
			text = "<a value of type " + field(typeName(v)) + " that could not be rendered>"
		}
	}()
	switch x := v.(type) {
	case error:
		return field(x.Error())
	case string:
		return field(x)
	case fmt.Stringer:
		return field(x.String())
	}
	if b, err := outputJSON(v); err == nil {
		return field(string(b))
	}
	return "<a value of type " + field(typeName(v)) + " with no JSON form>"
}

func typeName(v any) string {
	if v == nil {
		return "nil"
	}
	return reflect.TypeOf(v).String()
}
