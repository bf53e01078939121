package gen

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/goschema"
	"github.com/toolgen-go/toolgen/gen/internal/load"
)

// writeTree writes files (path -> content) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
}

// Field doc comments are descriptions whatever package declares the type:
// the tool's own, another package of the module, another module, the
// standard library. toolgen loads only the tool's package from source; the
// others come from compiled export data, whose positions have lines but no
// columns.
func TestDocsOfEveryPackage(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"app/go.mod": "module example.com/app\n\ngo 1.26\n\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ../dep\n",
		"app/common/common.go": `package common

// Pagination selects a page.
type Pagination struct {
	// Page number, from 1.
	Page int ` + "`json:\"page,omitempty\"`" + `
	PerPage int ` + "`json:\"per_page,omitempty\"`" + ` // Items per page.
}

// Range is a range of lines.
type Range struct {
	// First line.
	From int ` + "`json:\"from\"`" + `
	// Last line.
	To int ` + "`json:\"to\"`" + `
}
`,
		"dep/go.mod": "module example.com/dep\n\ngo 1.26\n",
		"dep/dep.go": `package dep

// Owner is who owns a thing.
type Owner struct {
	// Login name.
	Login string ` + "`json:\"login\"`" + `
}
`,
		"app/tools/tools.go": `package tools

import (
	"go/token"

	"example.com/app/common"
	"example.com/dep"
)

// ListArgs lists issues.
//
//toolgen:tool
type ListArgs struct {
	common.Pagination
	// Lines to read.
	Lines *common.Range ` + "`json:\"lines,omitempty\"`" + `
	Ranges []common.Range ` + "`json:\"ranges,omitempty\"`" + `
	ByName map[string]*common.Range ` + "`json:\"by_name,omitempty\"`" + `
	Owner dep.Owner ` + "`json:\"owner\"`" + `
	At token.Position ` + "`json:\"at\"`" + `
	A A ` + "`json:\"a\"`" + `
	B B ` + "`json:\"b\"`" + `
}

// Two declarations of one name on one line: the column tells them apart.
type A struct {
	// A's x.
	X int ` + "`json:\"x\"`" + ` }; type B struct { X int ` + "`json:\"x\"`" + ` }
`,
	})
	pkgs, err := Load(Config{Dir: filepath.Join(dir, "app"), Patterns: []string{"./tools"}})
	require.NoError(t, err)
	require.Len(t, pkgs, 1)
	require.Len(t, pkgs[0].Tools, 1)
	docs := load.NewDocs(filepath.Join(dir, "app"), nil)
	s, err := goschema.Schema(pkgs[0].Fset, pkgs[0].Tools[0].Obj, docs)
	require.NoError(t, err)
	data, err := json.Marshal(s)
	require.NoError(t, err)
	var schema map[string]any
	require.NoError(t, json.Unmarshal(data, &schema))
	// desc follows the path of members and returns the description there.
	desc := func(path ...string) string {
		var v any = schema
		for _, k := range path {
			v = v.(map[string]any)[k]
		}
		d, _ := v.(map[string]any)["description"].(string)
		return d
	}
	p := func(path ...string) string { return desc(append([]string{"properties"}, path...)...) }
	assert.Equal(t, "Page number, from 1.", p("page"), "embedded, another package")
	assert.Equal(t, "Items per page.", p("per_page"), "a trailing comment")
	assert.Equal(t, "Lines to read.", p("lines"))
	assert.Equal(t, "First line.", p("lines", "properties", "from"), "a pointer")
	assert.Equal(t, "A range of lines.", p("ranges", "items"), "a slice: the type's doc")
	assert.Equal(t, "Last line.", p("ranges", "items", "properties", "to"))
	assert.Equal(t, "Last line.", p("by_name", "additionalProperties", "properties", "to"), "a map")
	assert.Equal(t, "Login name.", p("owner", "properties", "login"), "another module")
	assert.Equal(t, "line number, starting at 1", p("at", "properties", "Line"), "the standard library")
	assert.Equal(t, "A's x.", p("a", "properties", "x"))
	assert.Empty(t, p("b", "properties", "x"))
}

// A tool's description is its doc comment, or its description= option.
func TestToolDescription(t *testing.T) {
	files, err, _ := generate(t, `package tools

// ReadFileArgs reads a text file.
//
//toolgen:tool
type ReadFileArgs struct{}

// SearchDocsArgs is what the model never reads.
//
//toolgen:tool description="Searches the documentation: \"quoted\" words, too." risk=read
type SearchDocsArgs struct{}
`)
	require.NoError(t, err)
	src := string(files[0].Content)
	assert.Contains(t, src, `Description: "Reads a text file.",`)
	assert.NotContains(t, src, `"description":"Reads a text file."`, "the definition's, not the parameters' too")
	assert.Contains(t, src, `Description: "Searches the documentation: \"quoted\" words, too.",`)
	assert.NotContains(t, src, "never reads")

	_, err, dir := generate(t, `package tools

//toolgen:tool description="unterminated
type XArgs struct{}
`)
	require.Error(t, err)
	assert.Equal(t, filepath.Join(dir, "tools.go")+`:3:1: directive option description=: the value does not end as a Go string literal`, err.Error())
}

// Generated names follow Go's initialisms, as the names of the types do.
func TestToolNamesInitialisms(t *testing.T) {
	files, err, _ := generate(t, `package tools

//toolgen:tool
type SQLQueryArgs struct{}

//toolgen:tool
type HTTPRequestArgs struct{}

//toolgen:tool name=get_user_id
type UserArgs struct{}

//toolgen:tool name=fetch_url
type fetchArgs struct{}
`)
	require.NoError(t, err)
	src := string(files[0].Content)
	for _, name := range []string{"var SQLQueryTool = ", "func ValidateSQLQueryArgs(", "var HTTPRequestTool = ", "var GetUserIDTool = ", "var fetchURLTool = "} {
		assert.Contains(t, src, name)
	}
	assert.Regexp(t, `Name: +"sql_query",`, src)
	assert.Regexp(t, `Name: +"http_request",`, src)
	assert.Contains(t, src, "func decodeSQLQueryArgs(")
	assert.Contains(t, src, "func DecodeSQLQueryArgsJSON(")
}
