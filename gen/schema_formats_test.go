package gen_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
)

// TestStructTagRefusals checks the errors of tags toolgen cannot honour.
func TestStructTagRefusals(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"p.go": `package p

type Bad struct {
	A string ` + "`json:\"a\" jsonschema:\"format=iri\"`" + `
	B int    ` + "`json:\"b\" jsonschema:\"format=date\"`" + `
	C string ` + "`json:\"c\" jsonschema:\"oneof_type=string;number\"`" + `
	D any    ` + "`json:\"d\" jsonschema:\"oneof_ref=#/$defs/Missing\"`" + `
	E any    ` + "`json:\"e\" jsonschema:\"anyof_type=string;text\"`" + `
	F string ` + "`json:\"f\" jsonschema:\"pattern=(?=a)b\"`" + `
}
`})
	_, err := gen.Generate(gen.Config{Dir: dir, Types: []string{"Bad"}})
	require.Error(t, err)
	msg := err.Error()
	for _, want := range []string{
		`p.go:4:2: field A: format=iri is not a format toolgen checks`,
		`p.go:5:2: field B: format applies to strings, not an integer`,
		`p.go:6:2: field C: oneof_type=string;number on a field of type string: the validator would accept values the field cannot hold`,
		`p.go:7:2: field D: oneof_ref=#/$defs/Missing: toolgen resolves a reference #/$defs/<Type> to a struct type <Type> of the field's package`,
		`p.go:8:2: field E: anyof_type=string;text: "text" is not a JSON Schema type`,
		`p.go:9:2: field F: pattern "(?=a)b" cannot be checked in Go`,
	} {
		assert.Contains(t, msg, want)
	}
	// With unknown formats as annotations, only the others remain.
	_, err = gen.Generate(gen.Config{Dir: dir, Types: []string{"Bad"}, Options: gen.Options{AnnotateUnknownFormats: true}})
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "format=iri")
	assert.Equal(t, 5, strings.Count(err.Error(), "\n")+1, err.Error())
}
