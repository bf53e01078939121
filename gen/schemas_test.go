package gen_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
)

// A struct tool's schema that its compilation refuses (a keyword of
// jsonschema_extras that -strict-formats does not take) is an error at the
// tool, with the keyword's location in the schema, and nothing is
// generated; compiled without that option, the same tool generates.
func TestStructSchemaCompileError(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod": "module example.com/tools\n\ngo 1.26\n",
		"tools.go": "package p\n\n// A reads data.\n//\n//toolgen:tool\ntype A struct {\n" +
			"\tData string `json:\"data\" jsonschema_extras:\"contentEncoding=base32\"`\n}\n",
	})
	files, err := gen.Generate(gen.Config{Dir: dir, Options: gen.Options{StrictFormats: true}})
	require.Error(t, err)
	assert.Empty(t, files)
	assert.Equal(t, `tools.go:6:6: schema at #/properties/data/contentEncoding: contentEncoding "base32" is not one toolgen checks (base64); toolgen refuses a constraint it cannot enforce (-strict-formats)`,
		strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))

	files, err = gen.Generate(gen.Config{Dir: dir})
	require.NoError(t, err)
	require.Len(t, files, 1)
	assert.Contains(t, string(files[0].Content), `"contentEncoding":"base32"`, "the schema sent as written, an annotation")
}
