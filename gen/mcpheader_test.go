package gen

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mcp_header= puts MCP's x-mcp-header on the member, in the canonical
// schema MCP's inputSchema is, and in none of the strict forms; a member
// that looks like a secret gets a note.
func TestMCPHeaderOption(t *testing.T) {
	files, err, dir := generate(t, `package tools

// SQLResult is what a query found.
type SQLResult struct {
	Region string `+"`json:\"region\" jsonschema:\"mcp_header=Region\"`"+`
}

// SQLArgs runs a query.
//
//toolgen:tool dialects=openai,anthropic,gemini,mcp result=SQLResult
type SQLArgs struct {
	Region string `+"`json:\"region\" jsonschema:\"mcp_header=Region\"`"+`
	Shard  int32  `+"`json:\"shard\" jsonschema:\"mcp_header=Shard\"`"+`
	Limit  int    `+"`json:\"limit\" jsonschema:\"minimum=1,maximum=1000,mcp_header=Limit\"`"+`
	DryRun bool   `+"`json:\"dry_run\" jsonschema:\"mcp_header=Dry-Run\"`"+`
	Where  struct {
		Tenant string `+"`json:\"tenant\" jsonschema:\"mcp_header=Tenant\"`"+`
	} `+"`json:\"where\"`"+`
	APIToken string `+"`json:\"api_token\" jsonschema_extras:\"x-mcp-header=Api-Token\"`"+`
	Query    string `+"`json:\"query\"`"+`
}
`)
	require.NoError(t, err)
	require.Len(t, files, 1)
	assert.Equal(t, []string{
		`tools.go:19:2: note: field APIToken: x-mcp-header "Api-Token" mirrors api_token into the header Mcp-Param-Api-Token, which every proxy on the way sees and may log; MCP says a sensitive value should not be mirrored: drop the header unless the value is meant to be public`,
	}, notes(files, dir))
	src := string(files[0].Content)
	assert.Contains(t, src, `"region":{"type":"string","x-mcp-header":"Region"}`)
	assert.Contains(t, src, `"shard":{"type":"integer","maximum":2147483647,"minimum":-2147483648,"x-mcp-header":"Shard"}`)
	assert.Contains(t, src, `"tenant":{"type":"string","x-mcp-header":"Tenant"}`)
	assert.Contains(t, src, "sqlResultResultSchema = `{\"properties\":{\"region\":{\"type\":\"string\"}}", "the result's schema")
	assert.Equal(t, 1, strings.Count(src, `"x-mcp-header":"Region"`), "in the canonical schema only, MCP's inputSchema; not in the result's outputSchema")
}

// The checks MCP 2026-07-28 asks of clients, made at the field, for the tag
// option and jsonschema_extras alike.
func TestMCPHeaderErrors(t *testing.T) {
	_, err, dir := generate(t, `package tools

// Item is listed.
type Item struct {
	Name string `+"`json:\"name\" jsonschema:\"mcp_header=Item-Name\"`"+`
}

// BadArgs breaks every rule.
//
//toolgen:tool
type BadArgs struct {
	Space  string   `+"`json:\"space\" jsonschema:\"mcp_header=My Header\"`"+`
	Items  []Item   `+"`json:\"items\"`"+`
	Tags   []string `+"`json:\"tags\" jsonschema:\"mcp_header=Tags\"`"+`
	Ratio  float64  `+"`json:\"ratio\" jsonschema:\"mcp_header=Ratio\"`"+`
	Count  int64    `+"`json:\"count\" jsonschema:\"mcp_header=Count\"`"+`
	Big    int64    `+"`json:\"big\" jsonschema:\"minimum=0,maximum=9007199254740992,mcp_header=Big\"`"+`
	Region string   `+"`json:\"region\" jsonschema:\"mcp_header=Region\"`"+`
	Zone   string   `+"`json:\"zone\" jsonschema_extras:\"x-mcp-header=region\"`"+`
	Maybe  *string  `+"`json:\"maybe\" jsonschema:\"nullable,mcp_header=Maybe\"`"+`
	Twice  string   `+"`json:\"twice\" jsonschema:\"mcp_header=A\" jsonschema_extras:\"x-mcp-header=B\"`"+`
}
`)
	require.Error(t, err)
	const rule = "; MCP clients drop a tool whose x-mcp-header breaks the rules"
	assert.Equal(t, strings.Join([]string{
		`tools.go:5:2: field Name: x-mcp-header "Item-Name" is on a member reached through an array, a union (nullable too), a map or a $ref: only a member reached from the arguments through properties alone can be mirrored into a header (schema at #/properties/items/items/properties/name)` + rule,
		`tools.go:12:2: field Space: x-mcp-header "My Header" is not an HTTP header name (RFC 9110 token: letters, digits and !#$%&'*+-.^_` + "`" + `|~): use one such as Region (schema at #/properties/space)` + rule,
		`tools.go:14:2: field Tags: x-mcp-header "Tags" needs a member of type string, integer or boolean, and this one's type is "array": mirror a member of one of those types (without nullable) (schema at #/properties/tags)` + rule,
		`tools.go:15:2: field Ratio: x-mcp-header "Ratio" needs a member of type string, integer or boolean, and this one's type is "number": mirror a member of one of those types (without nullable) (schema at #/properties/ratio)` + rule,
		`tools.go:16:2: field Count: x-mcp-header "Count" is on an integer without bounds within ±(2^53-1), the integers a JavaScript client holds exactly: bound it with jsonschema:"minimum=-9007199254740991,maximum=9007199254740991" (or narrower), or use an int32 (schema at #/properties/count)` + rule,
		`tools.go:17:2: field Big: x-mcp-header "Big" is on an integer without bounds within ±(2^53-1), the integers a JavaScript client holds exactly: bound it with jsonschema:"minimum=-9007199254740991,maximum=9007199254740991" (or narrower), or use an int32 (schema at #/properties/big)` + rule,
		`tools.go:19:2: field Zone: x-mcp-header "region" is already the header of the member at #/properties/region (header names are case-insensitive): give each member its own (schema at #/properties/zone)` + rule,
		`tools.go:20:2: field Maybe: x-mcp-header "Maybe" is on a member reached through an array, a union (nullable too), a map or a $ref: only a member reached from the arguments through properties alone can be mirrored into a header (schema at #/properties/maybe/oneOf/0)` + rule,
		`tools.go:21:2: field Twice: x-mcp-header must be one string, the header's name, and is ["A","B"]: give it once (schema at #/properties/twice)` + rule,
	}, "\n"), strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
}
