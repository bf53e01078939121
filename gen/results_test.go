package gen

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A result= or //toolgen:output that cannot work is an error at the
// directive, with the fix.
func TestResultAndOutputErrors(t *testing.T) {
	_, err, dir := generate(t, `package tools

type Number int

type Pair[T any] struct{ A, B T }

//toolgen:tool result=Missing
type AArgs struct{}

//toolgen:tool result=Number
type BArgs struct{}

//toolgen:tool result=Pair
type CArgs struct{}

// Empty has nothing to answer.
//
//toolgen:output
type Empty struct{}

//toolgen:output risk=read dialects=anthropic-nonstrict
type Answer struct {
	A string `+"`json:\"a\"`"+`
}

//toolgen:output strict=true
type Loose struct {
	M map[string]int `+"`json:\"m\"`"+`
}

//toolgen:tool
//toolgen:output
type Both struct{}
`)
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		`tools.go:7:1: result=Missing: the package declares no type Missing; declare the result's struct type in the package (an alias, type Missing = other.T, names one of another package)`,
		"tools.go:10:1: result=Number: a tool's result is a JSON object (the root of MCP's outputSchema), and Number is not a struct type: declare type BResult struct { Number Number `json:\"number\"` } and write result=BResult",
		`tools.go:13:1: result=Pair: Pair is not a named struct type; a tool's result is a JSON object (the root of MCP's outputSchema), so declare it as a struct`,
		`tools.go:19:6: output empty has no member: a model answers with a JSON object of the members of Empty`,
		`tools.go:21:1: unknown //toolgen:output option "risk" (want name=, description=, dialects=, strict= or form=)`,
		`tools.go:21:1: dialects=anthropic-nonstrict: unknown dialect "anthropic-nonstrict" (want some of openai, anthropic, gemini)`,
		`tools.go:28:2: field M: a map cannot be expressed in OpenAI strict mode (every object needs additionalProperties: false) or in Anthropic strict mode (every object needs additionalProperties: false) or in Gemini's parameters (there is no additionalProperties), and strictness is required (strict=true or -strict), so there is no fallback (schema at #/properties/m); use a list of {key, value} objects, or let it fall back without strict=true (and -strict)`,
		`tools.go:32:1: duplicate directive //toolgen:output: a type is one tool or one output`,
	}, "\n"), strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
}

// A result that is a list, a map or a pointer is refused at its directive
// with the struct to declare instead, which compiles, and the option that
// names it.
func TestResultWrapSuggestion(t *testing.T) {
	_, err, dir := generate(t, `package tools

type Order struct {
	ID string `+"`json:\"id\"`"+`
}

type Category struct{}

type Address struct{}

type Orders []Order

// ListOrdersArgs lists orders.
//
//toolgen:tool result=[]Order
type ListOrdersArgs struct{}

//toolgen:tool result=[]*Category
type CategoriesRequest struct{}

//toolgen:tool result=map[string]Address
type AddressBook struct{}

//toolgen:tool result=*Order
type GetOrderArgs struct{}

//toolgen:tool result=[]string
type TagsArgs struct{}

//toolgen:tool result=Orders
type RecentArgs struct{}

//toolgen:tool result=[]Ordr
type TypoArgs struct{}

//toolgen:tool result=Ordr
type NoSuchArgs struct{}
`)
	require.Error(t, err)
	const object = "a tool's result is a JSON object (the root of MCP's outputSchema)"
	assert.Equal(t, strings.Join([]string{
		"tools.go:15:1: result=[]Order: " + object + ", and []Order is not a struct: declare type ListOrdersResult struct { Orders []Order `json:\"orders\"` } and write result=ListOrdersResult",
		"tools.go:18:1: result=[]*Category: " + object + ", and []*Category is not a struct: declare type CategoriesResult struct { Categories []*Category `json:\"categories\"` } and write result=CategoriesResult",
		"tools.go:21:1: result=map[string]Address: " + object + ", and map[string]Address is not a struct: declare type AddressBookResult struct { Addresses map[string]Address `json:\"addresses\"` } and write result=AddressBookResult",
		"tools.go:24:1: result=*Order: " + object + ", and *Order is not a struct: declare type GetOrderResult struct { Order *Order `json:\"order\"` } and write result=GetOrderResult",
		"tools.go:27:1: result=[]string: " + object + ", and []string is not a struct: declare type TagsResult struct { Items []string `json:\"items\"` } and write result=TagsResult",
		"tools.go:30:1: result=Orders: " + object + ", and Orders is not a struct type: declare type RecentResult struct { Orders Orders `json:\"orders\"` } and write result=RecentResult",
		"tools.go:33:1: result=[]Ordr: " + object + ", and []Ordr is not a struct: declare type TypoResult struct { Ordrs []Ordr `json:\"ordrs\"` } and write result=TypoResult",
		"tools.go:36:1: result=Ordr: the package declares no type Ordr; declare the result's struct type in the package (an alias, type Ordr = other.T, names one of another package)",
	}, "\n"), strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))

	// The suggested struct is valid Go: with it the tool generates.
	files, err, _ := generate(t, `package tools

type Order struct {
	ID string `+"`json:\"id\"`"+`
}

type ListOrdersResult struct { Orders []Order `+"`json:\"orders\"`"+` }

// ListOrdersArgs lists orders.
//
//toolgen:tool result=ListOrdersResult
type ListOrdersArgs struct{}
`)
	require.NoError(t, err)
	assert.Contains(t, string(files[0].Content), "tool.ResultDef[ListOrdersArgs, ListOrdersResult]")
}

// An output's fallbacks are notes, as a tool's are, in the words of
// response formats.
func TestOutputNotes(t *testing.T) {
	files, err, dir := generate(t, `package tools

// Invoice is an invoice.
//
//toolgen:output
type Invoice struct {
	Meta map[string]string `+"`json:\"meta\"`"+`
}
`)
	require.NoError(t, err)
	assert.Equal(t, []string{`tools.go:7:2: note: field Meta: a map cannot be expressed in OpenAI strict mode (every object needs additionalProperties: false) or in Anthropic strict mode (every object needs additionalProperties: false) or in Gemini's parameters (there is no additionalProperties), so invoice goes to OpenAI with "strict": false and to Anthropic as a tool the request forces and to Gemini as responseJsonSchema; a list of {key, value} objects would be strict everywhere`},
		notes(files, dir))
	src := string(files[0].Content)
	assert.Contains(t, src, "var InvoiceOutput = tool.OutputDef[Invoice]{")
	assert.Contains(t, src, `Description: "An invoice.",`)
	assert.NotContains(t, src, "var Tools", "a package of outputs alone has no tool list")
}

// A result's schema is that of what encoding/json writes: a member without
// omitempty that can be nil may be null; with omitempty it is left out
// instead; a value of any type takes null already.
func TestResultSchemaAllowsNil(t *testing.T) {
	files, err, _ := generate(t, `package tools

import "encoding/json"

//toolgen:tool result=Out
type GetArgs struct{}

type Out struct {
	P   *int            `+"`json:\"p\"`"+`
	S   []string        `+"`json:\"s\"`"+`
	M   map[string]int  `+"`json:\"m\"`"+`
	O   []string        `+"`json:\"o,omitempty\"`"+`
	A   any             `+"`json:\"a\"`"+`
	R   json.RawMessage `+"`json:\"r\"`"+`
	N   int             `+"`json:\"n\"`"+`
}
`)
	require.NoError(t, err)
	src := string(files[0].Content)
	const want = `{"properties":{` +
		`"p":{"oneOf":[{"type":"integer"},{"type":"null"}]},` +
		`"s":{"oneOf":[{"items":{"type":"string"},"type":"array"},{"type":"null"}]},` +
		`"m":{"oneOf":[{"additionalProperties":{"type":"integer"},"type":"object"},{"type":"null"}]},` +
		`"o":{"items":{"type":"string"},"type":"array"},` +
		`"a":true,"r":true,"n":{"type":"integer"}},` +
		`"additionalProperties":false,"type":"object","required":["p","s","m","a","r","n"]}`
	assert.Contains(t, src, "outResultSchema = `"+want+"`")
}
