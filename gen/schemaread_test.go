package gen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
)

// schemaTree writes files (path -> content) under a new directory and
// returns it, symbolic links resolved.
func schemaTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
	return dir
}

// generateSchema runs GenerateSchemaFile on dir/s/tool.json holding schema,
// and fails the test if it takes more than 20 seconds (a read that blocks).
func generateSchema(t *testing.T, dir, schema string, refs map[string]string) ([]gen.File, error) {
	t.Helper()
	input := filepath.Join(dir, "s", "tool.json")
	require.NoError(t, os.WriteFile(input, []byte(schema), 0o644))
	type result struct {
		files []gen.File
		err   error
	}
	done := make(chan result, 1)
	go func() {
		files, err := gen.GenerateSchemaFile(gen.SchemaFile{Input: input, Package: "s", Refs: refs})
		done <- result{files, err}
	}()
	select {
	case r := <-done:
		return r.files, r.err
	case <-time.After(20 * time.Second):
		t.Fatalf("GenerateSchemaFile of %s did not return", schema)
		return nil, nil
	}
}

const secret = `{"nested": {"type": "string", "const": "hunter2"}}`

// TestSchemaFileReadsOnlyItsFolder checks the rule of toolgen schema's
// reads: the schema's folder and below, and what a -ref maps, wherever it
// is; a reference elsewhere (an absolute path, a file: URI, a path up and
// out, a symbolic link out) is an error at the keyword that names -ref and
// the -ref that would read it, and nothing of the file reaches the code.
func TestSchemaFileReadsOnlyItsFolder(t *testing.T) {
	dir := schemaTree(t, map[string]string{
		"s/sub/ok.json":   `{"$defs": {"a": {"type": "integer"}}}`,
		"out/creds.json":  secret,
		"out/deeper.json": secret,
	})
	require.NoError(t, os.Symlink("../out/creds.json", filepath.Join(dir, "s", "out.json")))
	require.NoError(t, os.Symlink("../out", filepath.Join(dir, "s", "outdir")))
	require.NoError(t, os.Symlink("sub/ok.json", filepath.Join(dir, "s", "in.json")))
	require.NoError(t, os.Symlink(filepath.Join(dir, "s", "sub", "ok.json"), filepath.Join(dir, "s", "abs.json")))
	creds := filepath.Join(dir, "out", "creds.json")

	// Inside the folder, a symbolic link that stays in it included.
	files, err := generateSchema(t, dir, `{"properties": {"a": {"$ref": "sub/ok.json#/$defs/a"}, "b": {"$ref": "in.json#/$defs/a"},
		"c": {"$ref": "`+"file://"+filepath.ToSlash(filepath.Join(dir, "s", "sub", "ok.json"))+`#/$defs/a"}}}`, nil)
	require.NoError(t, err)
	require.Len(t, files, 1)

	for _, ref := range []string{
		"file://" + filepath.ToSlash(creds) + "#/nested", // a file: URI
		filepath.ToSlash(creds) + "#/nested",             // an absolute path
		"../out/creds.json#/nested",                      // up and out
		"out.json#/nested",                               // a link to a file out
		"outdir/creds.json#/nested",                      // through a link to a folder out
		"abs.json#/$defs/a",                              // an absolute link, even to the folder
		"file://localhost" + filepath.ToSlash(creds) + "#/nested",
	} {
		schema := "{\"type\": \"object\",\n  \"properties\": {\n    \"a\": {\"$ref\": \"" + ref + "\"}}}"
		_, err := generateSchema(t, dir, schema, nil)
		if !assert.Error(t, err, ref) {
			continue
		}
		msg := err.Error()
		assert.True(t, strings.HasPrefix(msg, "tool.json:3:11: schema at #/properties/a/$ref: "), "%s: %s", ref, msg)
		assert.Contains(t, msg, "toolgen schema reads only", ref)
		assert.Regexp(t, `; to read it, add -ref \S+=\S+$`, msg, ref)
		assert.NotContains(t, msg, "hunter2", ref)
	}

	// What a -ref maps is read wherever it is: a folder, a file, a prefix
	// that is a path (relative to the working directory, like the path).
	cwd, err := os.Getwd()
	require.NoError(t, err)
	relOut, err := filepath.Rel(cwd, filepath.Join(dir, "out"))
	require.NoError(t, err)
	for _, c := range []struct {
		ref  string
		refs map[string]string
	}{
		{"https://example.com/schemas/creds.json#/nested", map[string]string{"https://example.com/schemas/": filepath.Join(dir, "out")}},
		{"https://example.com/creds.json#/nested", map[string]string{"https://example.com/creds.json": creds}},
		{"urn:schemas:creds.json#/nested", map[string]string{"urn:schemas:": relOut + "/"}},
		{"../out/creds.json#/nested", map[string]string{relOut + "/": relOut}},
		{"file://" + filepath.ToSlash(creds) + "#/nested", map[string]string{"file://" + filepath.ToSlash(creds): creds}},
	} {
		files, err := generateSchema(t, dir, `{"properties": {"a": {"$ref": "`+c.ref+`"}}}`, c.refs)
		if assert.NoError(t, err, c.ref) && assert.Len(t, files, 1) {
			assert.Contains(t, string(files[0].Content), "hunter2", c.ref)
		}
	}
	// A mapped folder holds the rule too: nothing above it, no link out.
	require.NoError(t, os.Symlink("../s/sub/ok.json", filepath.Join(dir, "out", "back.json")))
	for _, ref := range []string{"urn:schemas:../s/sub/ok.json#/$defs/a", "urn:schemas:back.json#/$defs/a"} {
		_, err := generateSchema(t, dir, `{"properties": {"a": {"$ref": "`+ref+`"}}}`, map[string]string{"urn:schemas:": filepath.Join(dir, "out")})
		if assert.Error(t, err, ref) {
			assert.Regexp(t, `-ref urn:schemas:=\S+ maps`, err.Error(), ref)
		}
	}
}

// TestSchemaFileReadBounds checks the bounds of what toolgen schema reads:
// gen.MaxSchemaDocumentBytes of one document (the schema file too), and
// gen.MaxSchemaReadBytes in all, which a document referenced under many
// spellings of its URI reaches.
func TestSchemaFileReadBounds(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 64 MiB")
	}
	dir := schemaTree(t, map[string]string{"s/ok.json": `{"type": "string"}`})
	big := filepath.Join(dir, "s", "big.json")
	require.NoError(t, os.WriteFile(big, nil, 0o644))
	require.NoError(t, os.Truncate(big, gen.MaxSchemaDocumentBytes+1))
	_, err := generateSchema(t, dir, `{"$ref": "big.json"}`, nil)
	if assert.Error(t, err) {
		assert.Contains(t, err.Error(), "big.json: larger than 16 MiB, the most toolgen schema reads of one document")
	}
	_, err = gen.GenerateSchemaFile(gen.SchemaFile{Input: big, Package: "s"})
	if assert.Error(t, err) {
		assert.Contains(t, err.Error(), "big.json: larger than 16 MiB")
	}

	// A document just under the bound, referenced under five spellings:
	// four are read, the fifth would pass the total.
	doc := `{"type": "string", "description": "` + strings.Repeat("x", gen.MaxSchemaDocumentBytes-1024) + `"}`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "s", "large.json"), []byte(doc), 0o644))
	var refs []string
	for i := 1; i <= 5; i++ {
		refs = append(refs, fmt.Sprintf(`{"$ref": "file://%s/%slarge.json"}`, filepath.ToSlash(filepath.Join(dir, "s")), strings.Repeat("/", i)))
	}
	_, err = generateSchema(t, dir, `{"allOf": [`+strings.Join(refs, ", ")+`]}`, nil)
	if assert.Error(t, err) {
		msg := err.Error()
		assert.Equal(t, 1, strings.Count(msg, "\n")+1, msg[:min(len(msg), 2000)])
		assert.Regexp(t, regexp.MustCompile(`^tool\.json:1:\d+: schema at #/allOf/4/\$ref: .*large\.json: toolgen schema reads at most 64 MiB for one schema, the documents it references included$`), msg)
	}
}

// TestSchemaFileCustomLoader checks that the rule belongs to toolgen
// schema's file loader: a Loader given in Go reads what it decides.
func TestSchemaFileCustomLoader(t *testing.T) {
	dir := schemaTree(t, map[string]string{"s/tool.json": `{"$ref": "/etc/anything.json#/nested"}`})
	var asked []string
	files, err := gen.GenerateSchemaFile(gen.SchemaFile{Input: filepath.Join(dir, "s", "tool.json"), Package: "s",
		Options: gen.Options{Loader: func(uri string) ([]byte, error) {
			asked = append(asked, uri)
			return []byte(secret), nil
		}}})
	require.NoError(t, err)
	assert.Equal(t, []string{"file:///etc/anything.json"}, asked)
	assert.Contains(t, string(files[0].Content), "hunter2")
}

// TestSchemaFilePositions checks that an error of a schema file is at its
// keyword, file:line:col (columns in bytes, as Go's), whatever the path to
// it: members, items, escaped names, a repeated member (its last value is
// the one compiled), and a document another references (named as its
// locations are).
func TestSchemaFilePositions(t *testing.T) {
	schema := "{\n" +
		"  \"properties\": {\n" +
		"    \"a/b~c\": {\"type\": \"strin\"},\n" + // 3:15
		"    \"é\": {\"allOf\": [{}, {\"minLength\": -1}]}\n" + // 4:27: é is two bytes
		"  },\n" +
		"  \"items\": {\"maxItems\": 1}, \"items\": {\"maxItems\": -1},\n" + // 6:39, the last value
		"\t\"$ref\": \"other.json#/$defs/x\"\n" +
		"}"
	other := "{\"$defs\":\n {\"x\": {\"pattern\": \"(?<=a)\"}}}" // 2:9
	_, _, err := gen.CompileSchema([]byte(schema), "p", "ValidateS", "s.json", gen.Options{
		BaseURI: "file:///schemas/s.json",
		Loader: func(uri string) ([]byte, error) {
			require.Equal(t, "file:///schemas/other.json", uri)
			return []byte(other), nil
		},
	})
	require.Error(t, err)
	var got []string
	for _, line := range strings.Split(err.Error(), "\n") {
		pos, rest, _ := strings.Cut(line, " schema at ")
		at, _, _ := strings.Cut(rest, ": ")
		got = append(got, pos+" "+at)
	}
	assert.Equal(t, []string{
		"other.json:2:9: other.json#/$defs/x/pattern",
		"s.json:3:15: #/properties/a~1b~0c/type",
		"s.json:4:27: #/properties/é/allOf/1/minLength",
		"s.json:6:39: #/items/maxItems",
	}, got)
}
