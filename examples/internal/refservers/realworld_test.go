package refservers

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
)

// realworldDir is the corpus of published tool schemas the generator's own
// tests also use, with its sources and licenses (README.md, LICENSES).
const realworldDir = "../../../testdata/realworld-schemas"

// realworldTools reads the corpus as tools/list results, one per corpus
// (its folder), by the Go package of its client: every tool schema the
// inputSchema and the outputSchema of a tool named from its file, so that
// both the arguments' encoding and the result's decoding are generated;
// a protocol's definitions, which refer to each other, one tool whose
// members are every definition.
func realworldTools(t *testing.T) (map[string][]byte, int) {
	data, err := os.ReadFile(filepath.Join(realworldDir, "MANIFEST.json"))
	require.NoError(t, err)
	var manifest struct {
		Schemas []struct {
			ID, File, Corpus string
			Materialize      *struct{ Document, Ref string }
		}
	}
	require.NoError(t, json.Unmarshal(data, &manifest))
	require.Len(t, manifest.Schemas, 700)
	type tool struct {
		Name         string          `json:"name"`
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
		document     string          // the protocol's definitions, when its schemas are those
	}
	tools := map[string][]tool{}
	definitions := map[string]map[string]any{} // by document
	for _, s := range manifest.Schemas {
		pkg := strings.NewReplacer("-", "", ".", "").Replace(s.Corpus)
		if m := s.Materialize; m != nil {
			doc, ok := definitions[m.Document]
			if !ok {
				raw, err := os.ReadFile(filepath.Join(realworldDir, m.Document))
				require.NoError(t, err)
				require.NoError(t, json.Unmarshal(raw, &doc))
				doc["type"], doc["properties"] = "object", map[string]any{}
				definitions[m.Document] = doc
				tools[pkg] = append(tools[pkg], tool{Name: "definitions", document: m.Document})
			}
			doc["properties"].(map[string]any)[strings.TrimPrefix(s.ID, s.Corpus+"__")] = map[string]string{"$ref": m.Ref}
			continue
		}
		schema, err := os.ReadFile(filepath.Join(realworldDir, s.File))
		require.NoError(t, err)
		tools[pkg] = append(tools[pkg], tool{Name: strings.TrimPrefix(s.ID, s.Corpus+"__"), InputSchema: schema, OutputSchema: asResult(t, schema)})
	}
	lists := map[string][]byte{}
	count := 0
	for pkg, list := range tools {
		for i, tl := range list {
			if tl.document == "" {
				count++
				continue
			}
			doc := definitions[tl.document]
			count += len(doc["properties"].(map[string]any))
			list[i].InputSchema, err = json.Marshal(doc)
			require.NoError(t, err)
			list[i].OutputSchema = asResult(t, list[i].InputSchema)
		}
		lists[pkg], err = json.Marshal(map[string]any{"tools": list})
		require.NoError(t, err)
	}
	return lists, count
}

// asResult is schema as a tool's output schema: its description says so,
// so that it is not the input schema listed again, which a client declares
// once, and both sides of every schema are generated and built.
func asResult(t *testing.T, schema []byte) json.RawMessage {
	var s map[string]any
	dec := json.NewDecoder(bytes.NewReader(schema))
	dec.UseNumber() // numbers as written
	require.NoError(t, dec.Decode(&s))
	d, _ := s["description"].(string)
	s["description"] = strings.TrimSpace(d + " The result.")
	out, err := json.Marshal(s)
	require.NoError(t, err)
	return out
}

// realworldNotes are how many notes each corpus's client has: what a Go
// type cannot say (a member of no type or of several, oneOf of strings and
// objects, additionalProperties beside properties), checked by the
// validators.
var realworldNotes = map[string]int{"bfcl": 0, "githubmcpserver": 10, "mcpsnapshots": 2, "mcpspec20250618": 57, "mcpspec20260728": 27}

// TestRealworldSchemas generates the clients of every schema of the
// corpus, each corpus a package of one module that vets and builds. No
// schema is refused, and what a Go type cannot say of one is a note
// naming the tool and the place in its schema.
func TestRealworldSchemas(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the clients of every real-world schema")
	}
	if race.Enabled {
		t.Skip("generates 5 MB of Go in one goroutine and builds it in another process: nothing for the race detector")
	}
	lists, count := realworldTools(t)
	assert.Equal(t, 700, count)
	assert.Len(t, lists, 5)
	dir := newModule(t)
	note := regexp.MustCompile(`^realworld/[a-z0-9]+: note: tool "[^"]+": (inputSchema|outputSchema)(/[^:]*)?: \S`)
	methods := 0
	for pkg, tools := range lists {
		notes := generate(t, dir, pkg, tools, "realworld/"+pkg)
		assert.Len(t, notes, realworldNotes[pkg], pkg)
		for _, n := range notes {
			assert.Regexp(t, note, n)
		}
		src, err := os.ReadFile(filepath.Join(dir, pkg, "client_gen.go"))
		require.NoError(t, err)
		var list struct{ Tools []json.RawMessage }
		require.NoError(t, json.Unmarshal(tools, &list))
		assert.Equal(t, len(list.Tools), strings.Count(string(src), "\nfunc (c *Client) "), "%s: a method per tool", pkg)
		methods += len(list.Tools)
	}
	assert.Equal(t, 700-246+2, methods, "a tool per schema, a tool per protocol's definitions")
	goCmd(t, dir, nil, "vet", "./...")
	goCmd(t, dir, nil, "build", "./...")
}
