package goschema

import (
	"errors"
	"fmt"
	"go/types"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

// badErrors are the errors, as "file:line:col: message", of the structs of
// testdata/bad, which toolgen refuses.
var badErrors = map[string][]string{
	"AmbiguousComma": {
		`bad.go:188:2: field A: jsonschema tag: the comma between "pattern=^(a" and "maxLength=3)$" may be the pattern's (its "(" is not closed) or end it: write \\, in the tag for a comma of the pattern, or close the pattern before the comma`,
		`bad.go:189:2: field B: jsonschema tag: the comma between "pattern=^[a-z]{1" and "minLength=2}$" may be the pattern's (its "{" is not closed) or end it: write \\, in the tag for a comma of the pattern, or close the pattern before the comma`,
	},
	"BadJSONNames": {
		"bad.go:173:2: field Quote: json name \"q\\\"uote\" has characters encoding/json does not accept in a name (it would use \"Quote\" instead)",
		"bad.go:174:2: field Backslash: json name \"back\\\\slash\" has characters encoding/json does not accept in a name (it would use \"Backslash\" instead)",
	},
	"BadPattern": {
		"bad.go:55:2: field A: pattern \"(?<=a)b\" cannot be checked in Go: regular expression \"(?<=a)b\" at offset 0 (\"(?<=\"): unsupported: lookbehind: RE2 has no lookaround",
		"bad.go:56:2: field B: pattern \"a(\" cannot be checked in Go: regular expression \"a(\" at offset 1 (\"(\"): invalid ECMA-262 pattern: missing )",
	},
	"BoolEnum": {
		"bad.go:117:2: field A: enum applies to strings and numbers, not a boolean",
		"bad.go:118:2: field B: example applies to strings and numbers, not a boolean",
		"bad.go:119:2: field C: enum applies to strings and numbers, not a boolean",
	},
	"Duplicate": {
		"bad.go:101:2: field B: property \"a\" is declared twice",
		"bad.go:106:2: field A: property \"a\" is declared twice",
	},
	"DurationBounds": {
		"bad.go:180:2: field A: minimum=1000000000: a duration's bound is a duration in Go's syntax, like minimum=1s or minimum=1h30m",
		"bad.go:181:2: field B: exclusiveMaximum does not apply to a duration: bound it with minimum= and maximum=, written as durations (minimum=1s,maximum=1h)",
		"bad.go:182:2: field C: multipleOf does not apply to a duration: bound it with minimum= and maximum=, written as durations (minimum=1s,maximum=1h)",
		"bad.go:183:2: field D: minimum=1h is above maximum=1m",
	},
	"EmbedsAmbiguous": {
		"bad.go:147:2: WithProperty has a JSONSchemaProperty method: toolgen builds schemas statically and never runs your code; describe the type with struct tags instead",
		"bad.go:148:2: AlsoProperty has a JSONSchemaProperty method: toolgen builds schemas statically and never runs your code; describe the type with struct tags instead",
	},
	"EmbedsLoop": {
		"bad.go:132:3: field Loop: embedding Loop in itself",
	},
	"EmbedsMethods": {
		"bad.go:140:6: EmbedsMethods has a GetFieldDocString method: toolgen builds schemas statically and never runs your code; describe the type with struct tags instead",
	},
	"EnumMisfit": {
		"bad.go:37:2: field A: enum value \"abc\" does not fit an integer",
		"bad.go:38:2: field B: enum value \"1.5\" does not fit an integer",
		"bad.go:39:2: field C: enum value \"x\" does not fit a number",
		"bad.go:40:2: field D: default value \"abc\" does not fit an integer",
		"bad.go:41:2: field E: default value \"1\" does not fit a value of any type",
	},
	"ExtrasAssertion": {
		"bad.go:75:2: field A: jsonschema_extras key \"minimum\" is a validation keyword: use the jsonschema tag, so the validator enforces it",
		"bad.go:76:2: field B: jsonschema_extras item \"x-flag\" must be key=value",
	},
	"Format": {
		"bad.go:60:2: field A: format=emali is not a format toolgen checks on strings (byte, date, date-time, duration, email, hostname, ipv4, ipv6, json-pointer, regex, time, uri, uri-reference, uri-template, uuid); toolgen refuses a constraint it cannot enforce, unless unknown formats are annotations (-annotate-unknown-formats)",
	},
	"HasCustom": {
		"bad.go:92:2: field C: Custom has a JSONSchema method: toolgen builds schemas statically and never runs your code; describe the type with struct tags instead",
	},
	"HasExtend": {
		"bad.go:164:2: field E: Extended has a JSONSchemaExtend method: toolgen builds schemas statically and never runs your code; describe the type with struct tags instead",
	},
	"InlineNonStruct": {
		"bad.go:137:2: field A: only a struct can be inlined",
	},
	"JSONString": {
		"bad.go:71:2: field A: the json \",string\" option is not supported: the schema would accept any string",
	},
	"NotANumber": {
		"bad.go:31:2: field A: minimum=abc: want a number",
		"bad.go:32:2: field B: maximum=+1: want a number",
		"bad.go:33:2: field C: multipleOf=0: want a number greater than 0",
	},
	"OneOf": {
		"bad.go:66:2: field C: anyof_ref=#/$defs/C: toolgen resolves a reference #/$defs/<Type> to a struct type <Type> of the field's package, and there is none for \"#/$defs/C\"",
		"bad.go:67:2: field D: jsonschema tag key \"type\" is not supported",
	},
	"OutOfRange": {
		"bad.go:17:2: field A: minimum=-129 is outside the range of int8",
		"bad.go:18:2: field B: maximum=256 is outside the range of uint8",
		"bad.go:19:2: field C: minimum=-1 is outside the range of uint",
		"bad.go:20:2: field D: enum=300 is outside the range of uint8",
		"bad.go:21:2: field E: maximum=32768 is outside the range of int16",
		"bad.go:22:2: field F: minimum=-200 is outside the range of int8",
	},
	"SelfEmbed": {
		"bad.go:123:3: field SelfEmbed: embedding SelfEmbed in itself",
	},
	"UnknownKey": {
		"bad.go:26:2: field A: unknown jsonschema tag key \"color\"",
		"bad.go:27:2: field B: jsonschema tag item \"omitempty\" must be key=value (or required, nullable); omitempty is an option of the json tag",
	},
	"Unsupported": {
		"bad.go:80:2: field Ch: chan int has no JSON form (encoding/json cannot encode it); leave the field out with json:\"-\"",
		"bad.go:81:2: field Fn: func() has no JSON form (encoding/json cannot encode it); leave the field out with json:\"-\"",
		"bad.go:82:2: field C: complex128 has no JSON form (encoding/json cannot encode it); use two float64 fields, the real and imaginary parts",
		"bad.go:83:2: field P: unsafe.Pointer has no JSON form (encoding/json cannot encode it); leave the field out with json:\"-\"",
		"bad.go:84:2: field M: map keys of type bool are not JSON object keys toolgen models; use string keys (or signed integers)",
		"bad.go:85:2: field S: interface{String() string} is an interface with methods, which no JSON value fills; use a concrete type, or any (or json.RawMessage) and decode it in the handler",
		"bad.go:86:2: field I: interface{Close() error} is an interface with methods, which no JSON value fills; use a concrete type, or any (or json.RawMessage) and decode it in the handler",
		"bad.go:87:2: field U: uintptr is an address, not data; use uint64",
		"bad.go:88:2: field MU: map keys of type uint are not JSON object keys toolgen models; use string keys (or signed integers)",
	},
	"WrongKind": {
		"bad.go:45:2: field A: minLength applies to strings, not an integer",
		"bad.go:46:2: field B: minimum applies to numbers, not a string",
		"bad.go:47:2: field C: pattern applies to strings, not an integer",
		"bad.go:48:2: field D: readOnly applies to strings, not a boolean",
		"bad.go:49:2: field E: minItems applies to arrays, not a string",
		"bad.go:50:2: field F: uniqueItems=false: the only value is true",
		"bad.go:51:2: field G: maxLength=-1: want a non-negative integer",
	},
}

func TestSchemaErrors(t *testing.T) {
	pkg := loadPackage(t, "./testdata/bad")
	var structs []string
	for _, name := range pkg.Types.Scope().Names() {
		obj := pkg.Types.Scope().Lookup(name)
		if _, ok := obj.Type().Underlying().(*types.Struct); ok {
			structs = append(structs, name)
		}
	}
	helpers := map[string]bool{"Custom": true, "Inner": true, "Loop": true, "WithProperty": true, "AlsoProperty": true, "WithDocs": true, "Extended": true, "Times": true}
	for _, name := range structs {
		want, ok := badErrors[name]
		if !ok {
			assert.True(t, helpers[name], "%s is neither a case nor a type a case uses", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			_, err := Schema(pkg.Fset, typeName(t, pkg, name), nil)
			var errs ir.Errors
			require.True(t, errors.As(err, &errs), "want Errors, got %v", err)
			got := make([]string, len(errs))
			for i, e := range errs {
				require.True(t, e.Pos.IsValid(), "%s has no position", e.Msg)
				got[i] = fmt.Sprintf("%s:%d:%d: %s", filepath.Base(e.Pos.Filename), e.Pos.Line, e.Pos.Column, e.Msg)
			}
			assert.Equal(t, want, got)
		})
	}
	for name := range badErrors {
		assert.Contains(t, structs, name)
	}
}
