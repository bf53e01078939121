package dialect

// This file names what a dialect cannot express, as its errors say it (the
// What and Instead of an ir.DialectError).

// cause is a kind of schema some dialects cannot express, and the form of
// the same data every dialect expresses strictly, if there is one.
type cause struct{ what, instead string }

var (
	causeMap        = cause{"a map", "a list of {key, value} objects"}
	causeIntMap     = cause{"a map with integer keys", "a list of {key, value} objects"}
	causeOpenObject = cause{"an open object (map[string]any)", "a struct of the expected members"}
	causeAny        = cause{"a value of any type (any, json.RawMessage)", "a concrete type"}
	causeRecursive  = cause{"a recursive type", ""}
	causeEmpty      = cause{"an empty struct", "a struct with a member"}
	causeNothing    = cause{"a schema that accepts nothing (false)", ""}
	causeNesting    = cause{"nesting this deep", "fewer levels of nested structs"}
	causeSize       = cause{"a schema this large", "smaller tools"}
	causeTypeList   = cause{"a list of types", ""}
)

// schemaWords name the causes that speak of Go types in a schema's terms,
// for a tool whose schema is a file (schema=).
var schemaWords = map[string]string{
	causeMap.what:        "an object with additionalProperties",
	causeOpenObject.what: `an object without "additionalProperties": false`,
	causeAny.what:        "a schema without a type",
	causeRecursive.what:  "a recursive schema",
	causeEmpty.what:      "an object without properties",
}

func keywordCause(k string) cause {
	switch k {
	case "oneOf":
		return cause{"oneOf (exactly one of several schemas)", ""}
	case "anyOf":
		return cause{"anyOf (any of several schemas)", ""}
	}
	return cause{"keyword " + k, ""}
}
