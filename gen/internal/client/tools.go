package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

// Tool is a tool as a server lists it: what the client is generated from.
type Tool struct {
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	// InputSchema and OutputSchema are the schemas as listed, compacted; a
	// nil OutputSchema is a tool without one.
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	// In and Out are the schemas read once (the facade reads them): their
	// compiled keyword models, or why they do not compile.
	In, Out *ir.Schema `json:"-"`
}

// ReadTools reads a tools/list result, {"tools":[...]} as a server returns
// it, or a plain array of tools. A tool needs a name and an inputSchema
// object; names repeat nowhere.
func ReadTools(data []byte) ([]Tool, error) {
	data = bytes.TrimSpace(data)
	var tools []Tool
	if len(data) > 0 && data[0] == '[' {
		if err := json.Unmarshal(data, &tools); err != nil {
			return nil, fmt.Errorf("reading the array of tools: %w", err)
		}
	} else {
		var list struct {
			Tools *[]Tool `json:"tools"`
		}
		if err := json.Unmarshal(data, &list); err != nil {
			return nil, fmt.Errorf("reading the tools/list result: %w", err)
		}
		if list.Tools == nil {
			return nil, fmt.Errorf(`the tools/list result has no "tools" array: want {"tools":[...]} or an array of tools`)
		}
		tools = *list.Tools
	}
	seen := map[string]bool{}
	for i := range tools {
		t := &tools[i]
		if t.Name == "" {
			return nil, fmt.Errorf("tool %d has no name", i)
		}
		if seen[t.Name] {
			return nil, fmt.Errorf("tool %q is listed twice", t.Name)
		}
		seen[t.Name] = true
		for _, s := range []*json.RawMessage{&t.InputSchema, &t.OutputSchema} {
			if len(*s) == 0 || string(*s) == "null" {
				*s = nil
				continue
			}
			if !bytes.HasPrefix(bytes.TrimSpace(*s), []byte("{")) {
				return nil, fmt.Errorf("tool %q: a schema is not an object: %.40s", t.Name, *s)
			}
			var b bytes.Buffer
			if err := json.Compact(&b, *s); err != nil {
				return nil, fmt.Errorf("tool %q: %w", t.Name, err)
			}
			*s = b.Bytes()
		}
		if t.InputSchema == nil {
			return nil, fmt.Errorf("tool %q has no inputSchema, which MCP requires", t.Name)
		}
		t.Description = strings.ToValidUTF8(t.Description, "\uFFFD")
	}
	return tools, nil
}
