package gen

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A tool's name is checked against the name rule of each provider it is
// sent to: with dialects= left out, a name only some providers take drops
// the others, with a note; a name no provider takes, or one a listed
// dialect refuses, is an error at the type.
func TestToolNameRules(t *testing.T) {
	files, err, dir := generate(t, `package tools

// ReadArgs reads a file.
//
//toolgen:tool name=files.read
type ReadArgs struct{}

// ColonArgs is Gemini's only.
//
//toolgen:tool name=ns:list
type ColonArgs struct{}

// DigitArgs starts with a digit.
//
//toolgen:tool name=3d_render dialects=openai,mcp
type DigitArgs struct{}

// LongArgs has a name of 100 characters.
//
//toolgen:tool name=`+strings.Repeat("a", 100)+`
type LongArgs struct{}
`)
	require.NoError(t, err)
	require.Len(t, files, 1)
	assert.Equal(t, []string{
		`tools.go:6:6: note: tool name "files.read" breaks OpenAI's name rule ^[a-zA-Z0-9_-]{1,64}$ and Anthropic's name rule ^[a-zA-Z0-9_-]{1,64}$: it goes to gemini, gemini-jsonschema, mcp only, not openai, openai-nonstrict, anthropic, anthropic-nonstrict; rename it with name= to send it everywhere, or say dialects=gemini,gemini-jsonschema,mcp`,
		`tools.go:11:6: note: tool name "ns:list" breaks OpenAI's name rule ^[a-zA-Z0-9_-]{1,64}$, Anthropic's name rule ^[a-zA-Z0-9_-]{1,64}$ and MCP's name rule ^[a-zA-Z0-9_.-]{1,128}$: it goes to gemini, gemini-jsonschema only, not openai, openai-nonstrict, anthropic, anthropic-nonstrict, mcp; rename it with name= to send it everywhere, or say dialects=gemini,gemini-jsonschema`,
		`tools.go:21:6: note: tool name "` + strings.Repeat("a", 100) + `" breaks OpenAI's name rule ^[a-zA-Z0-9_-]{1,64}$ and Anthropic's name rule ^[a-zA-Z0-9_-]{1,64}$: it goes to gemini, gemini-jsonschema, mcp only, not openai, openai-nonstrict, anthropic, anthropic-nonstrict; rename it with name= to send it everywhere, or say dialects=gemini,gemini-jsonschema,mcp`,
	}, notes(files, dir))
	src := string(files[0].Content)
	assert.Contains(t, src, "var readArgsForms = []toolimpl.Form{\n\t{Shape: tool.Gemini},\n\t{Shape: tool.GeminiJSONSchema, Parameters: readArgsGeminiJSONSchema},\n\t{Shape: tool.MCP, Parameters: readArgsSchema},\n}")
	assert.Contains(t, src, "var colonArgsForms = []toolimpl.Form{\n\t{Shape: tool.Gemini},\n\t{Shape: tool.GeminiJSONSchema, Parameters: colonArgsGeminiJSONSchema},\n}")
	assert.Contains(t, src, "var digitArgsForms = []toolimpl.Form{\n\t{Shape: tool.OpenAI, Parameters: digitArgsOpenAISchema},\n\t{Shape: tool.OpenAIResponses, Parameters: digitArgsOpenAISchema},\n\t{Shape: tool.MCP, Parameters: digitArgsSchema},\n}")

	_, err, dir = generate(t, `package tools

//toolgen:tool name=files.read dialects=openai,mcp
type ReadArgs struct{}

//toolgen:tool name=get_weather!
type BangArgs struct{}

//toolgen:tool name=9lives dialects=gemini
type NineArgs struct{}

//toolgen:output name=answer.v2
type Answer struct{ A int }
`)
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		`tools.go:4:6: tool name "files.read" breaks OpenAI's name rule ^[a-zA-Z0-9_-]{1,64}$, and dialects= sends it there (openai): rename it with name=, or leave openai out of dialects=`,
		`tools.go:7:6: tool name "get_weather!" breaks OpenAI's name rule ^[a-zA-Z0-9_-]{1,64}$, Anthropic's name rule ^[a-zA-Z0-9_-]{1,64}$, Gemini's name rule ^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$ and MCP's name rule ^[a-zA-Z0-9_.-]{1,128}$: no provider takes it; rename it with name=`,
		`tools.go:10:6: tool name "9lives" breaks Gemini's name rule ^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$, and dialects= sends it there (gemini): rename it with name=`,
	}, "\n"), strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
}
