// Package ir holds the data the stages of the generator pass to each other,
// plain: a loaded Package and its Tools (tools and structured outputs, with
// their canonical schema, Result and Forms: each definition in the form
// chosen for it, with the DialectErrors of the stricter forms passed over),
// the one Go field model (Field: the JSON members of a struct type, which
// the schema and the decoder both read), Notes, and positioned Errors,
// collected and sorted.
//
// It owns no stage's logic. It may import the standard library (go/types
// and go/token among it) and internal/forms (for forms.Form, a row of the
// table of forms), and nothing of the generator: every stage imports it.
package ir
