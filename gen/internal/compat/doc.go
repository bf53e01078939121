// Package compat tells what a run of the generator changes for the callers
// and clients of the tools and outputs it generates: Read reads the
// definitions a generated file holds (its runtime/tool Tool and Output
// literals, and the string constants of their schemas), Diff compares two
// sets of definitions and Schemas two JSON Schemas, each change classified
// as breaking or compatible. The baseline is the generated file on disk, so
// that `toolgen -check` needs no lock file and no version control.
//
// It takes bytes and returns plain data; besides the standard library it
// imports only internal/value, toolgen's core of what a JSON value is, so
// that it compares JSON values as the validators do.
package compat
