package gen

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// defer=, callers= and //toolgen:example go into the tool literal, the
// examples compact and out of the description; one note per tool names the
// definitions whose providers take none of them; a tool without them is
// written as before.
func TestSearchOptions(t *testing.T) {
	files, err, _ := generate(t, `package tools

// FindArgs finds flights.
//
//toolgen:tool defer=true callers=programmatic,direct
//toolgen:example { "from": "OSL", "stops": 1 }
//toolgen:example {"from":"JFK"}
type FindArgs struct {
	From  string `+"`json:\"from\" jsonschema:\"pattern=^[A-Z]{3}$\"`"+`
	Stops *int   `+"`json:\"stops,omitempty\" jsonschema:\"maximum=3\"`"+`
}

// PlainArgs asks nothing.
//
//toolgen:tool
type PlainArgs struct{}
`)
	require.NoError(t, err)
	require.Len(t, files, 1)
	src := string(files[0].Content)
	assert.Contains(t, src, `Description: "Finds flights.",`)
	assert.Contains(t, src, "Callers:  []string{\"direct\", \"programmatic\"},")
	assert.Contains(t, src, "Examples: []string{`{\"from\":\"OSL\",\"stops\":1}`, `{\"from\":\"JFK\"}`},")
	assert.Equal(t, 1, strings.Count(src, "toolimpl.NewToolWith("), "PlainArgs is NewTool's")
	var notes []string
	for _, n := range files[0].Notes {
		n.Pos.Filename = filepath.Base(n.Pos.Filename)
		notes = append(notes, n.String())
	}
	assert.Equal(t, []string{
		"tools.go:8:6: note: tool find: the definitions in OpenAI, OpenAINonStrict, Gemini, GeminiJSONSchema, MCP carry neither defer= nor callers=: their providers have no deferred loading or callers; " +
			"the definitions in OpenAI, OpenAINonStrict, OpenAIResponses, OpenAIResponsesNonStrict, Gemini, GeminiJSONSchema, MCP carry no //toolgen:example: their providers take no examples (Anthropic's input_examples only)",
	}, notes)
}

// An example is checked against the tool's schema when generating: an
// example that breaks it, is not JSON or not an object is an error at its
// line (at the JSON's column, or the error's); bad option values are errors
// at the directive with what to write.
func TestSearchOptionErrors(t *testing.T) {
	_, err, dir := generate(t, `package tools

// FindArgs finds flights.
//
//toolgen:tool defer=maybe callers=direct,robot
//toolgen:example {"from":"OSL"}
//toolgen:example {"from":"oslo"}
//toolgen:example {"from":"OSL","stops":9}
//toolgen:example {"from":"OSL","via":"CPH"}
//toolgen:example {"stops":1}
//toolgen:example {"from":"OSL",}
//toolgen:example ["OSL"]
//toolgen:example {"from":"OSL","stops":null}
//toolgen:example
type FindArgs struct {
	From  string `+"`json:\"from\" jsonschema:\"pattern=^[A-Z]{3}$\"`"+`
	Stops *int   `+"`json:\"stops,omitempty\" jsonschema:\"maximum=3\"`"+`
}

//toolgen:tool callers=direct,direct
type TwiceArgs struct{}

// AnswerOutput is an answer.
//
//toolgen:output defer=true
//toolgen:example {"a":1}
type AnswerOutput struct{ A int }

//toolgen:example {"a":1}
type NotATool struct{ A int }
`)
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		`tools.go:5:1: defer=maybe: want true or false`,
		`tools.go:5:1: callers=direct,robot: unknown caller "robot" (want some of direct, programmatic: direct is the model calling the tool, programmatic code the model writes)`,
		`tools.go:7:19: //toolgen:example breaks the find tool's schema: member 'from': it does not match the pattern ^[A-Z]{3}$; write an example the schema accepts`,
		`tools.go:8:19: //toolgen:example breaks the find tool's schema: member 'stops': maximum is 3; write an example the schema accepts`,
		`tools.go:9:19: //toolgen:example breaks the find tool's schema: unexpected member 'via'; write an example the schema accepts`,
		`tools.go:10:19: //toolgen:example breaks the find tool's schema: missing required member 'from'; write an example the schema accepts`,
		`tools.go:11:33: //toolgen:example: invalid JSON: invalid character '}' looking for beginning of object key string; write the example arguments as one JSON object`,
		`tools.go:12:19: //toolgen:example is array: a tool's example arguments are a JSON object`,
		`tools.go:13:19: //toolgen:example breaks the find tool's schema: member 'stops' should be integer, got null; write an example the schema accepts`,
		`tools.go:14:1: //toolgen:example needs the example's arguments, a JSON object on the same line: //toolgen:example {"city":"Paris"}`,
		`tools.go:20:1: callers=direct,direct: caller direct is listed twice`,
		`tools.go:25:1: unknown //toolgen:output option "defer" (want name=, description=, dialects=, strict= or form=)`,
		`tools.go:26:19: //toolgen:example on an output: examples are a tool's arguments; drop the line`,
		`tools.go:29:19: //toolgen:example without //toolgen:tool: examples are a tool's; add the //toolgen:tool line to this doc comment`,
	}, "\n"), strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
}

// An example is checked all the way down: a nested struct (a $ref), an
// array's items and bounds, an enum; a good example passes.
func TestExampleNested(t *testing.T) {
	_, err, dir := generate(t, `package tools

// Leg is one leg of a trip.
type Leg struct {
	To   string `+"`json:\"to\" jsonschema:\"enum=OSL,enum=CDG\"`"+`
	Days int    `+"`json:\"days\" jsonschema:\"minimum=1\"`"+`
}

// TripArgs plans a trip.
//
//toolgen:tool
//toolgen:example {"legs":[{"to":"OSL","days":2},{"to":"CDG","days":1}]}
//toolgen:example {"legs":[{"to":"OSL","days":2},{"to":"LHR","days":1}]}
//toolgen:example {"legs":[{"to":"OSL","days":0}]}
//toolgen:example {"legs":[]}
//toolgen:example {"legs":[{"to":"OSL"}]}
type TripArgs struct {
	Legs []Leg `+"`json:\"legs\" jsonschema:\"minItems=1\"`"+`
}
`)
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		`tools.go:13:19: //toolgen:example breaks the trip tool's schema: member 'legs[1].to': it is not one of "OSL", "CDG"; write an example the schema accepts`,
		`tools.go:14:19: //toolgen:example breaks the trip tool's schema: member 'legs[0].days': minimum is 1; write an example the schema accepts`,
		`tools.go:15:19: //toolgen:example breaks the trip tool's schema: member 'legs': it should be an array of at least 1 item; write an example the schema accepts`,
		`tools.go:16:19: //toolgen:example breaks the trip tool's schema: missing required member 'legs[0].days'; write an example the schema accepts`,
	}, "\n"), strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
}
