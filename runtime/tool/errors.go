package tool

import (
	"slices"
	"strings"
)

// Error is one problem with a tool call.
type Error struct {
	// Code names the failed rule: a JSON Schema keyword such as "maximum",
	// a validator's code (CodeMissing, CodeUnexpected, CodeType, ...), or
	// the stage of a Set that refused the call (CodeBadJSON, CodePolicy,
	// CodeTimeout, ...: see Code).
	Code Code
	// Path is an RFC 6901 JSON Pointer to the offending value; for a missing
	// member it points to where the member should be ("/coords/lon").
	Path string
	// Name is the argument as a model reads it: "city", "coords.lat",
	// "tags[0]". For CodeUnknownTool it is the tool's name. In Path and
	// Name, a member name longer than 64 characters is cut to them and "…",
	// so that a huge name is not echoed back whole, and a location longer
	// than 2048 bytes keeps its first and last steps around "…".
	Name string
	// Expected says what the schema requires, phrased for the model: a JSON
	// type ("number"), or a constraint ("<= 14", `one of "c", "f"`).
	Expected string
	// Got is the JSON type name of the received value: string, boolean,
	// integer (a number with no fraction), number, array, object or null.
	// It is empty for a missing member.
	Got string
	// Actual shows the received value for errors about its content, and for
	// a type error the string, number or boolean received (Message then
	// says "got number 19.99"), shortened so that a huge argument is not
	// echoed back in full.
	Actual string
	// Reason, when set, is the whole sentence Message returns: the errors
	// of a call's other stages (bad_json, a policy's denial, a timeout) say
	// what happened in their own words.
	Reason string
}

// Errors is the verdict of a validator: nil when the call is valid. The
// order is deterministic: per object, missing members in the schema's
// required order, then unexpected members by key, then the errors of each
// value in property order, depth first.
type Errors []Error

// Codes returns one "code:name" string per error, sorted ascending:
// "missing:city", "type:days", "unexpected:tz", "maximum:coords.lat"; an
// error without a name is its code alone ("bad_json"). Code and name are
// rendered as every rendering renders text (see Message): escaped and cut
// to 256 bytes, so each string is at most 513 bytes and holds no control
// character.
func (e Errors) Codes() []string {
	if len(e) == 0 {
		return nil
	}
	codes := make([]string, len(e))
	for i, err := range e {
		codes[i] = field(string(err.Code))
		if err.Name != "" {
			codes[i] += ":" + field(err.Name)
		}
	}
	slices.Sort(codes)
	return codes
}

// Messages returns one sentence per error, in validation order:
// "missing required argument 'city'", "unexpected argument 'country'",
// "argument 'qty' should be integer, got number 19.99". Each is at most 796 bytes
// and holds no control character (see Message).
func (e Errors) Messages() []string {
	if len(e) == 0 {
		return nil
	}
	msgs := make([]string, len(e))
	for i, err := range e {
		msgs[i] = err.Message()
	}
	return msgs
}

// Error joins the messages with "; ".
func (e Errors) Error() string {
	return strings.Join(e.Messages(), "; ")
}

// maxMessage is the most bytes Message returns: three members of maxField
// bytes and the words around them.
const maxMessage = 3*maxField + 28

// Message renders one error as a sentence a model can act on. Every member
// it quotes is escaped (control characters, U+2028, U+2029, the
// bidirectional controls, invalid UTF-8) and cut in its middle to 256 bytes,
// so the sentence is one line of at most 796 bytes, whoever built the
// error. The Error itself keeps the full text.
func (e Error) Message() string {
	return e.sentence().message("argument", "the arguments")
}

// about renders the error as Message does, naming a value noun ("member
// 'total'") and the value as a whole whole ("the answer"), which are at
// most 10 bytes each.
func (e Error) about(noun, whole string) string {
	return e.sentence().message(noun, whole)
}

// sentence is display for Message: a type error's type and value are one
// piece of text ("number 19.99"), cut as one member is, so that the
// sentence keeps its bound.
func (e Error) sentence() Error {
	d := e.display()
	if e.Code == CodeType && e.Actual != "" && e.Actual != e.Got {
		d.Got = field(e.Got + " " + e.Actual)
	}
	return d
}

func (e Error) message(noun, whole string) string {
	if e.Reason != "" {
		return e.Reason
	}
	switch e.Code {
	case CodeMissing:
		return "missing required " + noun + " '" + e.Name + "'"
	case CodeUnexpected:
		return "unexpected " + noun + " '" + e.Name + "'"
	case CodeUnknownTool:
		return "unknown tool '" + e.Name + "'"
	}
	subject := noun + " '" + e.Name + "'"
	if e.Name == "" {
		// An error about the value as a whole (the root of a schema file's
		// validator, a tool's result, a model's answer).
		subject = whole
	}
	switch e.Code {
	case CodeType:
		return subject + " should be " + e.Expected + ", got " + e.Got
	case CodeDepth:
		return subject + " should be " + e.Expected
	}
	got := e.Actual
	if got == "" {
		got = e.Got
	}
	if got == "" {
		// A member required by another (dependentRequired) has no value.
		return subject + " should be " + e.Expected
	}
	return subject + " should be " + e.Expected + ", got " + got
}

// messagesAbout is Messages with about's wording.
func (e Errors) messagesAbout(noun, whole string) []string {
	msgs := make([]string, len(e))
	for i, err := range e {
		msgs[i] = err.about(noun, whole)
	}
	return msgs
}

// Error returns Message, so that a single Error is a Go error too.
func (e Error) Error() string { return e.Message() }

// maxJSONError is the most bytes one error takes in MarshalJSON: six
// members of maxField bytes, each of which JSON escaping at most doubles,
// their names and the punctuation.
const maxJSONError = 6*(2*maxField+2) + 64

// JSON renders the errors as MarshalJSON does, as text to send to a model.
// Unlike json.Marshal of Errors, it keeps "<" and ">" as they are.
func (e Errors) JSON() string {
	return string(appendErrorsJSON(make([]byte, 0, 128*len(e)+2), e))
}

// MarshalJSON renders the errors as
// [{"code","path","expected","got","actual","reason"}], empty members omitted: the
// form to send back to a model. Nil Errors render as []. Each member is
// rendered as Message renders it (escaped, at most 256 bytes before JSON
// escaping), so an error takes at most 3148 bytes.
func (e Errors) MarshalJSON() ([]byte, error) {
	return appendErrorsJSON(make([]byte, 0, 128*len(e)+2), e), nil
}
