package gen

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestIdempotentDirective(t *testing.T) {
	pkgs, err := Load(Config{Dir: "testdata/idempotent"})
	require.NoError(t, err)
	require.Len(t, pkgs, 1)
	got := map[string]bool{}
	for _, tt := range pkgs[0].Tools {
		got[tt.Name] = tt.Idempotent
	}
	// Only a read is idempotent unless it says otherwise: a Set
	// deduplicates the calls of the others by request id.
	assert.Equal(t, map[string]bool{"step": false, "walk": true, "read": true, "send": false, "wipe": false, "look": false}, got)

	files, err := Generate(Config{Dir: "testdata/idempotent"})
	require.NoError(t, err)
	require.Len(t, files, 1)
	src := string(files[0].Content)
	assert.Contains(t, src, "var StepTool = tool.Def[StepArgs]{")
	assert.Len(t, regexp.MustCompile(`Idempotent: +false,`).FindAllString(src, -1), 4)
	assert.Len(t, regexp.MustCompile(`Idempotent: +true,`).FindAllString(src, -1), 2)
	assert.Contains(t, src, "func DecodeStepArgs(args map[string]any) (StepArgs, tool.Errors) {")
	assert.Contains(t, src, "var Tools = tool.Tools{&StepTool.Tool, &WalkTool.Tool, &ReadTool.Tool, &SendTool.Tool, &WipeTool.Tool, &LookTool.Tool}")
}

func TestIdempotentDirectiveErrors(t *testing.T) {
	_, err := Load(Config{Dir: "testdata/badidempotent"})
	require.Error(t, err)
	file, _ := filepath.Abs("testdata/badidempotent/tools.go")
	assert.Equal(t, file+":5:1: idempotent=maybe: want true or false", err.Error())
}

// TestTextUnmarshalerIsAString: encoding/json reads a type with
// UnmarshalText from a JSON string, whatever its kind (this one is an int);
// so do its schema and DecodeT.
func TestTextUnmarshalerIsAString(t *testing.T) {
	files, err := Generate(Config{Dir: "testdata/textnumber"})
	require.NoError(t, err)
	require.Len(t, files, 1)
	src := string(files[0].Content)
	assert.Contains(t, src, `{"properties":{"level":{"type":"string"`)
	assert.Contains(t, src, ".UnmarshalText([]byte(")
}
