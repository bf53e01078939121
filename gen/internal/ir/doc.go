// Package ir holds the data the stages of the generator pass to each other,
// plain: a loaded Package and its Tools (tools and structured outputs, with
// their canonical Schema, Result and Forms: each definition in the form
// chosen for it, with the DialectErrors of the stricter forms passed over),
// the one Go field model (Field: the JSON members of a struct type, which
// the schema and the decoder both read), Notes, and positioned Errors,
// collected and sorted. A Schema is read once, by the facade: its JSON
// text, its ordered value and its compiled keyword model, which the later
// stages read instead of the text.
//
// It owns no stage's logic. It may import the standard library (go/types
// and go/token among it), internal/forms (for forms.Form, a row of the
// table of forms) and gen/internal/jsonschema (the value and the keyword
// model a Schema holds); nothing else of the generator: every stage
// imports it.
package ir
