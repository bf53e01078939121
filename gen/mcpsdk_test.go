package gen

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Coming from the MCP Go SDK: its description tags, jsonschema:"text", are
// refused at the field with the tag to write in invopop's grammar, which
// toolgen reads.
func TestMCPSDKDescriptionTags(t *testing.T) {
	_, err, dir := generate(t, "package tools\n\n"+
		"// GreetArgs greets someone.\n"+
		"//\n"+
		"//toolgen:tool\n"+
		"type GreetArgs struct {\n"+
		"\tName  string   `json:\"name\" jsonschema:\"the person to greet\"`\n"+
		"\tFull  string   `json:\"full\" jsonschema:\"the name, in full\"`\n"+
		"\tWord  string   `json:\"word\" jsonschema:\"greeting\"`\n"+
		"\tQuote string   `json:\"quote\" jsonschema:\"say \\\"hi\\\"\"`\n"+
		"\tMixed string   `json:\"mixed\" jsonschema:\"required,the person\"`\n"+
		"\tKey   []string `json:\"key\" jsonschema:\"uniqueItems\"`\n"+
		"\tOpt   string   `json:\"opt\" jsonschema:\"omitempty\"`\n"+
		"}\n")
	require.Error(t, err)
	const sdk = "is a description without its key, as the MCP Go SDK writes one; toolgen reads invopop's key=value grammar: write "
	assert.Equal(t, strings.Join([]string{
		`tools.go:7:2: field Name: jsonschema:"the person to greet" ` + sdk + `jsonschema:"description=the person to greet", or make the text the field's doc comment`,
		`tools.go:8:2: field Full: jsonschema:"the name, in full" ` + sdk + `jsonschema:"description=the name, in full", or make the text the field's doc comment`,
		`tools.go:9:2: field Word: jsonschema:"greeting" ` + sdk + `jsonschema:"description=greeting", or make the text the field's doc comment`,
		`tools.go:10:2: field Quote: jsonschema:"say \"hi\"" ` + sdk + `jsonschema:"description=say \"hi\"", or make the text the field's doc comment`,
		`tools.go:11:2: field Mixed: jsonschema tag item "the person" must be key=value (or required, nullable); for a description, write description=the person`,
		`tools.go:12:2: field Key: jsonschema tag item "uniqueItems" must be key=value: write uniqueItems=<value>`,
		`tools.go:13:2: field Opt: jsonschema tag item "omitempty" must be key=value (or required, nullable); omitempty is an option of the json tag`,
	}, "\n"), strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))

	// The tags the messages suggest, and invopop's options and keys, are
	// read.
	files, err, _ := generate(t, "package tools\n\n"+
		"// GreetArgs greets someone.\n"+
		"//\n"+
		"//toolgen:tool\n"+
		"type GreetArgs struct {\n"+
		"\tName  string   `json:\"name\" jsonschema:\"description=the person to greet\"`\n"+
		"\tFull  string   `json:\"full,omitempty\" jsonschema:\"required,description=the name, in full\"`\n"+
		"\tQuote string   `json:\"quote,omitempty\" jsonschema:\"description=say \\\"hi\\\"\"`\n"+
		"\tKind  string   `json:\"kind,omitempty\" jsonschema:\"enum=a,enum=b,title=Kind\"`\n"+
		"\tAge   int      `json:\"age,omitempty\" jsonschema:\"minimum=1,nullable\"`\n"+
		"\tTags  []string `json:\"tags,omitempty\" jsonschema:\"uniqueItems=true\"`\n"+
		"}\n")
	require.NoError(t, err)
	src := string(files[0].Content)
	for _, part := range []string{
		`"name":{"type":"string","description":"the person to greet"}`,
		`"full":{"type":"string","description":"the name, in full"}`,
		`"quote":{"type":"string","description":"say \"hi\""}`,
		`"kind":{"type":"string","enum":["a","b"],"title":"Kind"}`,
		`"minimum":1`,
		`"uniqueItems":true`,
		`"required":["name","full"]`,
	} {
		assert.Contains(t, src, part)
	}
}
