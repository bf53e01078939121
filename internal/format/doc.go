// Package format holds the checkers generated validators call for the
// JSON Schema "format" keyword (draft 2020-12, format-assertion), one
// function per format: each takes the string and reports whether it is a
// valid instance of the format. The formats of the OpenAPI Format Registry
// that are checks have checkers too: byte (a string), int32 and int64
// (numbers: the checker takes the float64). It is part of toolgen's core:
// generated code calls the checkers through runtime/toolimpl/format, the
// name it imports, and the generator checks a schema's defaults with them.
//
// The checkers are hand-written for the formats' grammars, allocate nothing
// (on valid and on invalid input) and use no regular expressions. They follow
// the RFCs the specification names; where an RFC leaves room, the doc comment
// of the checker says what it accepts. Instances of another type are valid for
// every format and are not the checkers' business: generated code calls a
// string checker on strings only, a number checker on numbers only.
//
// The package depends on the standard library and, for Regex, on toolgen's
// ECMA-262 regular expression parser (internal/ecma): both run in the
// application, with the validators that call them. idna_tables.go, the IDNA2008 data Hostname checks A-labels with,
// is written by gen_tables.pl from the Unicode data of Perl (run
// `perl gen_tables.pl` in this directory to regenerate it).
package format
