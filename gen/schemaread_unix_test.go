//go:build unix

package gen_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSchemaFileRefusesSpecialFiles checks that a referenced document is a
// regular file: a FIFO (whose read would block) and a device (/dev/zero
// reads without end) are refused without reading them, in the schema's
// folder as in a mapped one.
func TestSchemaFileRefusesSpecialFiles(t *testing.T) {
	dir := schemaTree(t, map[string]string{"s/ok.json": `{}`})
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "s", "fifo.json"), 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "s", "folder.json"), 0o755))
	for _, c := range []struct {
		ref  string
		refs map[string]string
		want string
	}{
		{"fifo.json", nil, "fifo.json is a FIFO"},
		{"folder.json", nil, "folder.json is a directory"},
		{"urn:dev:null", map[string]string{"urn:dev:": "/dev"}, "/dev/null is a device"},
		{"urn:dev:zero", map[string]string{"urn:dev:": "/dev"}, "/dev/zero is a device"},
		{"urn:zero", map[string]string{"urn:zero": "/dev/zero"}, "/dev/zero is a device"},
	} {
		_, err := generateSchema(t, dir, `{"$ref": "`+c.ref+`"}`, c.refs)
		if assert.Error(t, err, c.ref) {
			assert.Contains(t, err.Error(), c.want, c.ref)
			assert.Contains(t, err.Error(), "toolgen schema reads schemas from regular files only", c.ref)
		}
	}
}
