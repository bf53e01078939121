package differential

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/forms"
	"github.com/toolgen-go/toolgen/internal/testkit/node"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Named is a schema and a name to report it by.
type Named struct {
	Name   string          `json:"name"`
	Schema json.RawMessage `json:"schema"`
}

// StrictAjv checks that every JSON Schema of the tools compiles in ajv's
// strict mode (draft 2020-12, with ajv-formats): the canonical schema, the
// result schema, and the parameters of every definition whose form is JSON
// Schema (all but Gemini's OpenAPI parameters), and the MCP outputSchema.
// Strict mode refuses schemas that are valid
// but likely mistakes (a required member its schema does not declare, a
// keyword that does not apply to the type, an unknown format): toolgen
// emits none.
func StrictAjv(t *testing.T, tools tool.Tools) {
	t.Helper()
	var schemas []Named
	seen := map[string]bool{}
	add := func(name string, s json.RawMessage) {
		if s == nil || seen[string(s)] {
			return
		}
		seen[string(s)] = true
		schemas = append(schemas, Named{name, s})
	}
	for _, tl := range tools {
		add(tl.Name, tl.Schema)
		add(tl.Name+" result", tl.ResultSchema)
		for _, d := range forms.Dialects() {
			def, ok := tl.Dialects.Get(d)
			if ok && formOf(d, def) != tool.Gemini {
				add(tl.Name+" "+string(d), def.Parameters)
			}
			if ok && d == tool.MCP {
				// The outputSchema as MCP lists it, "$schema" first.
				var mcp struct{ OutputSchema json.RawMessage }
				require.NoError(t, json.Unmarshal(def.Tool, &mcp), tl.Name)
				add(tl.Name+" mcp outputSchema", mcp.OutputSchema)
			}
		}
	}
	assert.Empty(t, AjvRefuses(t, schemas), "ajv's strict mode refuses these schemas")
}

// StrictAjvOutputs checks every JSON Schema of the outputs as StrictAjv
// checks those of tools: the canonical schema and the schema of every
// format but Gemini's OpenAPI responseSchema.
func StrictAjvOutputs(t *testing.T, outputs []*tool.Output) {
	t.Helper()
	var tools tool.Tools
	for _, o := range outputs {
		tools = append(tools, asTool(o))
	}
	StrictAjv(t, tools)
}

// AjvRefuses compiles schemas with ajv in strict mode and returns ajv's
// refusals, one "name: error" per schema it refuses.
func AjvRefuses(t *testing.T, schemas []Named) []string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "ajv")
	modules := node.Install(t, dir)
	input, err := json.Marshal(schemas)
	require.NoError(t, err)
	cmd := exec.Command(node.Node(t), filepath.Join(dir, "check.cjs"), modules)
	cmd.Stdin = bytes.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "node check.cjs: %s", stderr.String())
	t.Log(strings.TrimSpace(stderr.String()))
	var refused []string
	for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		if line != "" {
			refused = append(refused, line)
		}
	}
	return refused
}
