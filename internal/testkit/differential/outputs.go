package differential

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/toolcalls"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// This file extends the golden files and the agreement test to what comes
// back: the response formats of structured outputs, held to the rules of
// each provider's form as tool definitions are, and the result schemas of
// tools, which their validators must follow exactly.

// outputDialects name the formats of an output, by the strictest form of
// each provider.
var outputDialects = []tool.Dialect{tool.OpenAI, tool.OpenAIResponses, tool.Anthropic, tool.Gemini}

// asTool presents an output as a tool whose definitions are its formats,
// each in the tool.Dialects field of its provider's strictest form, so that
// the agreement test runs on it as it runs on tools.
func asTool(o *tool.Output) *tool.Tool {
	def := func(f tool.ResponseFormat) tool.Definition {
		return tool.Definition{Tool: f.Format, Parameters: f.Schema, Form: f.Form, Fallback: f.Fallback}
	}
	return &tool.Tool{Name: o.Name, Description: o.Description, Schema: o.Schema, Validate: o.Validate,
		Dialects: tool.Dialects{OpenAI: def(o.Formats.OpenAI), OpenAIResponses: def(o.Formats.OpenAIResponses),
			Anthropic: def(o.Formats.Anthropic), Gemini: def(o.Formats.Gemini)}}
}

// formatMembers is where each form of a response format holds its schema,
// and whether it holds the output's name and description.
var formatMembers = map[tool.Dialect]struct {
	path  []string
	named bool
}{
	tool.OpenAI:                   {[]string{"json_schema", "schema"}, true},
	tool.OpenAINonStrict:          {[]string{"json_schema", "schema"}, true},
	tool.OpenAIResponses:          {[]string{"schema"}, true},
	tool.OpenAIResponsesNonStrict: {[]string{"schema"}, true},
	tool.Anthropic:                {[]string{"schema"}, false},
	tool.AnthropicNonStrict:       {[]string{"input_schema"}, true},
	tool.Gemini:                   {[]string{"responseSchema"}, false},
	tool.GeminiJSONSchema:         {[]string{"responseJsonSchema"}, false},
}

// checkFormat checks the envelope of a response format: its form is its
// provider's strictest or that one's fallback, it holds its schema, the
// output's name and description where the form has them, strict as the
// form says, and the canonical schema in the forms that send it.
func checkFormat(t *testing.T, tl *tool.Tool, d tool.Dialect, def tool.Definition) {
	t.Helper()
	form, whole, holder, key := open(t, tl, d, def, func(form tool.Dialect) []string { return formatMembers[form].path })
	if formatMembers[form].named {
		assert.Equal(t, tl.Name, holder["name"], "%s %s: name", tl.Name, d)
		if tl.Description != "" {
			assert.Equal(t, tl.Description, holder["description"], "%s %s: description", tl.Name, d)
		}
	}
	got, _ := json.Marshal(holder[key])
	assert.JSONEq(t, string(def.Parameters), string(got), "%s %s: the format holds its schema", tl.Name, d)
	switch form {
	case tool.OpenAI, tool.OpenAIResponses:
		assert.Equal(t, "json_schema", whole["type"])
		assert.Equal(t, true, holder["strict"])
	case tool.OpenAINonStrict, tool.OpenAIResponsesNonStrict:
		assert.Equal(t, false, holder["strict"])
		assert.JSONEq(t, string(tl.Schema), string(def.Parameters))
	case tool.Anthropic:
		assert.Equal(t, "json_schema", whole["type"])
	case tool.AnthropicNonStrict:
		assert.JSONEq(t, string(tl.Schema), string(def.Parameters))
	case tool.Gemini, tool.GeminiJSONSchema:
		assert.Equal(t, "application/json", whole["responseMimeType"])
	}
}

// OutputGolden compares each format of each output, indented, with the file
// dir/<output>/<dialect>.json, and the fallbacks with dir/fallbacks.txt, as
// Golden does for tools; go test -update rewrites them.
func OutputGolden(t *testing.T, outputs []*tool.Output, dir string) {
	t.Helper()
	var fallbacks strings.Builder
	for _, o := range outputs {
		for _, d := range outputDialects {
			if f, ok := o.Formats.Get(d); ok && f.Fallback != "" {
				fmt.Fprintf(&fallbacks, "%s %s: %s form: %s\n", o.Name, d, f.Form, f.Fallback)
			}
		}
	}
	golden(t, filepath.Join(dir, "fallbacks.txt"), []byte(fallbacks.String()), fallbacks.Len() > 0)
	for _, o := range outputs {
		tl := asTool(o)
		for _, d := range outputDialects {
			path := filepath.Join(dir, o.Name, string(d)+".json")
			f, ok := o.Formats.Get(d)
			if !ok {
				golden(t, path, nil, false)
				continue
			}
			def, _ := tl.Dialects.Get(d)
			checkFormat(t, tl, d, def)
			var pretty bytes.Buffer
			require.NoError(t, json.Indent(&pretty, f.Format, "", "  "), "%s %s", o.Name, d)
			pretty.WriteByte('\n')
			golden(t, path, pretty.Bytes(), true)
		}
	}
}

// golden compares a file with want, or, with -update, writes it; a file
// that should not exist (exists false) must not.
func golden(t *testing.T, path string, want []byte, exists bool) {
	t.Helper()
	switch {
	case updating() && exists:
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, want, 0o644))
	case updating():
		os.Remove(path)
	case exists:
		got, err := os.ReadFile(path)
		require.NoError(t, err, "missing golden file; run go test -update")
		assert.Equal(t, string(got), string(want), "%s differs; run go test -update and review the diff", path)
	default:
		_, err := os.Stat(path)
		assert.True(t, os.IsNotExist(err), "%s should not exist", path)
	}
}

// OutputAgreement runs the agreement test on every format of every output:
// answers drawn from the canonical schema, validated by the generated
// validator and, per format in the form it has, by the reference on the
// format's schema. The documented differences are those of tools.
func OutputAgreement(t *testing.T, outputs []*tool.Output, opts Options) map[string]map[tool.Dialect]*Report {
	t.Helper()
	var tools tool.Tools
	for _, o := range outputs {
		tools = append(tools, asTool(o))
	}
	return agreement(t, tools, outputDialects, checkFormat, opts)
}

// ResultAgreement checks the result schema of every tool that has one
// against its result validator: results drawn from the schema must get
// the same verdict from the validator and from the reference, with no
// difference at all (a result validator follows JSON Schema exactly: a
// null member is null). It returns how many results were valid and invalid
// by tool; a tool whose draw had no valid or no invalid result fails.
func ResultAgreement(t *testing.T, tools tool.Tools, opts Options) map[string][2]int {
	t.Helper()
	if opts.Calls == 0 {
		opts.Calls = 3000
	}
	counts := map[string][2]int{}
	for _, tl := range tools {
		if tl.ResultSchema == nil {
			continue
		}
		require.NotNil(t, tl.ValidateResult, "%s has a result schema and no validator", tl.Name)
		valid, invalid, problems := resultAgree(t, tl, tl.ResultSchema, opts)
		for _, p := range problems {
			t.Error(p)
		}
		counts[tl.Name] = [2]int{valid, invalid}
	}
	return counts
}

// resultAgree compares a tool's result validator with the reference on
// schema, for results drawn from it.
func resultAgree(t *testing.T, tl *tool.Tool, schema json.RawMessage, opts Options) (valid, invalid int, problems []string) {
	t.Helper()
	s := decodeSchema(t, schema)
	ref := compile(t, tl.Name+" result", s)
	for _, result := range toolcalls.Objects(s, opts.Calls, opts.Seed) {
		verdict := tl.ValidateResult(decodeArgs(t, result))
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(result))
		require.NoError(t, err)
		refErr := ref.Validate(inst)
		switch {
		case verdict == nil && refErr == nil:
			valid++
		case verdict != nil && refErr != nil:
			invalid++
		case len(problems) < 10:
			problems = append(problems, fmt.Sprintf("%s result %s: the validator says %v, the reference %v", tl.Name, result, verdict, refErr))
		}
	}
	if valid == 0 || invalid == 0 {
		problems = append(problems, fmt.Sprintf("%s: %d valid and %d invalid results drawn: the draw must have both", tl.Name, valid, invalid))
	}
	return valid, invalid, problems
}
