package jsonschema

import (
	"maps"
	"slices"
)

// FormatSpec is how toolgen compiles a format: a checker of runtime/tool/format
// for values of one kind, or nothing for an annotation.
type FormatSpec struct {
	Kind string // KindString, KindNumber or "annotation"
	Func string // the checker's name
	Text string // what the format requires, for the model
}

// Formats are the formats toolgen knows: JSON Schema's that it checks, and
// those of the OpenAPI Format Registry that tool schemas use (their meaning
// is a check for int32, int64 and byte, an annotation for the others).
var Formats = map[string]FormatSpec{
	"date-time":     {KindString, "DateTime", "a date-time (RFC 3339, as 2024-05-01T12:00:00Z)"},
	"date":          {KindString, "Date", "a date (RFC 3339, as 2024-05-01)"},
	"time":          {KindString, "Time", "a time (RFC 3339, as 12:00:00Z)"},
	"duration":      {KindString, "Duration", "a duration (ISO 8601, as P3DT4H)"},
	"email":         {KindString, "Email", "an email address"},
	"hostname":      {KindString, "Hostname", "a host name"},
	"ipv4":          {KindString, "IPv4", "an IPv4 address"},
	"ipv6":          {KindString, "IPv6", "an IPv6 address"},
	"uri":           {KindString, "URI", "an absolute URI"},
	"uri-reference": {KindString, "URIReference", "a URI reference"},
	"uri-template":  {KindString, "URITemplate", "a URI template (RFC 6570)"},
	"uuid":          {KindString, "UUID", "a UUID"},
	"json-pointer":  {KindString, "JSONPointer", "a JSON Pointer"},
	"regex":         {KindString, "Regex", "a regular expression"},
	"byte":          {KindString, "Byte", "a base64 string"},
	"int32":         {KindNumber, "Int32", "a 32-bit integer"},
	"int64":         {KindNumber, "Int64", "a 64-bit integer"},
	"float":         {Kind: "annotation"},
	"double":        {Kind: "annotation"},
	"binary":        {Kind: "annotation"},
	"password":      {Kind: "annotation"},
}

// CheckedFormats lists the formats toolgen checks on values of a kind
// ("" for any kind).
func CheckedFormats(kind string) []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(Formats)) {
		if f := Formats[name]; f.Kind != "annotation" && (kind == "" || f.Kind == kind) {
			out = append(out, name)
		}
	}
	return out
}
