// Package format holds the checkers generated validators call for the
// JSON Schema "format" keyword, one function per format: each takes the
// string (Int32 and Int64 the float64 of a number) and reports whether it is
// a valid instance of the format. Each is the checker of toolgen's core
// (internal/format), which the generator runs on a schema's default values
// too; this package is only the name generated code imports, since code in
// an application's module cannot import toolgen's internal packages. Like
// runtime/toolimpl, it is for generated code only and follows the
// generator: applications do not use it.
package format

import "github.com/toolgen-go/toolgen/internal/format"

// Byte reports whether s is base64, OpenAPI's byte format.
func Byte(s string) bool { return format.Byte(s) }

// Date reports whether s is an RFC 3339 full-date.
func Date(s string) bool { return format.Date(s) }

// DateTime reports whether s is an RFC 3339 date-time.
func DateTime(s string) bool { return format.DateTime(s) }

// Duration reports whether s is a duration as RFC 3339 writes it.
func Duration(s string) bool { return format.Duration(s) }

// Email reports whether s is an email address.
func Email(s string) bool { return format.Email(s) }

// Hostname reports whether s is a host name.
func Hostname(s string) bool { return format.Hostname(s) }

// IPv4 reports whether s is an IPv4 address in dotted-quad notation.
func IPv4(s string) bool { return format.IPv4(s) }

// IPv6 reports whether s is an RFC 4291 IPv6 address.
func IPv6(s string) bool { return format.IPv6(s) }

// JSONPointer reports whether s is an RFC 6901 JSON Pointer.
func JSONPointer(s string) bool { return format.JSONPointer(s) }

// Regex reports whether s is an ECMA-262 regular expression.
func Regex(s string) bool { return format.Regex(s) }

// Time reports whether s is an RFC 3339 full-time.
func Time(s string) bool { return format.Time(s) }

// URI reports whether s is an RFC 3986 URI.
func URI(s string) bool { return format.URI(s) }

// URIReference reports whether s is an RFC 3986 URI-reference.
func URIReference(s string) bool { return format.URIReference(s) }

// URITemplate reports whether s is an RFC 6570 URI Template.
func URITemplate(s string) bool { return format.URITemplate(s) }

// UUID reports whether s is a UUID.
func UUID(s string) bool { return format.UUID(s) }

// Int32 reports whether f is an integer an int32 holds.
func Int32(f float64) bool { return format.Int32(f) }

// Int64 reports whether f is an integer an int64 holds.
func Int64(f float64) bool { return format.Int64(f) }
