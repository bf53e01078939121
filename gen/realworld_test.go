package gen_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
	"github.com/toolgen-go/toolgen/internal/testkit/instances"
	"github.com/toolgen-go/toolgen/internal/testkit/reference"
)

// The real-world test compiles every schema of the corpus of published tool
// schemas (testdata/realworld-schemas: MCP servers' tools, function-calling
// benchmarks, the MCP protocol's definitions) with no option, as `toolgen
// schema` does with no flag, builds them into one program, and compares
// each validator's verdicts with the reference implementation's
// (santhosh-tekuri/jsonschema, formats asserted alike) on instances drawn
// from the schema, valid and broken, and on the MCP specification's
// examples.

const realworldDir = "../testdata/realworld-schemas"

// instancesPerSchema is how many instances are drawn from each schema: half
// aim to be valid, half are those broken in one place.
const instancesPerSchema = 24

// unsatisfiable lists the schemas no instance is valid against, as
// published, with the reason.
var unsatisfiable = map[string]string{
	"bfcl__BFCL_v4_live_simple__extract_parameters_v1": "its required members are not among its properties, which additionalProperties false closes",
}

type realworldSchema struct {
	ID, File, Corpus, Name string
	Materialize            *struct{ Document, Ref string }
	doc                    []byte
}

// realworldSchemas reads the corpus: each file as it is, each protocol
// definition as its document with a root $ref to it (the manifest's
// "materialize").
func realworldSchemas(t *testing.T) []realworldSchema {
	data, err := os.ReadFile(filepath.Join(realworldDir, "MANIFEST.json"))
	require.NoError(t, err)
	var manifest struct{ Schemas []realworldSchema }
	require.NoError(t, json.Unmarshal(data, &manifest))
	docs := map[string]map[string]any{}
	for i, s := range manifest.Schemas {
		if s.Materialize == nil {
			manifest.Schemas[i].doc, err = os.ReadFile(filepath.Join(realworldDir, s.File))
			require.NoError(t, err, s.ID)
			continue
		}
		doc, ok := docs[s.Materialize.Document]
		if !ok {
			raw, err := os.ReadFile(filepath.Join(realworldDir, s.Materialize.Document))
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(raw, &doc))
			docs[s.Materialize.Document] = doc
		}
		withRef := map[string]any{"$ref": s.Materialize.Ref}
		for k, v := range doc {
			withRef[k] = v
		}
		manifest.Schemas[i].doc, err = json.Marshal(withRef)
		require.NoError(t, err)
	}
	require.Len(t, manifest.Schemas, 700)
	return manifest.Schemas
}

// realworldExamples are the MCP specification's example documents, by the
// name of the definition they are an instance of.
func realworldExamples(t *testing.T) map[string][][]byte {
	out := map[string][][]byte{}
	dirs, err := os.ReadDir(filepath.Join(realworldDir, "mcp-spec-examples"))
	require.NoError(t, err)
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(realworldDir, "mcp-spec-examples", dir.Name(), "*.json"))
		require.NoError(t, err)
		for _, f := range files {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			out[dir.Name()] = append(out[dir.Name()], data)
		}
	}
	return out
}

func TestRealworldSchemas(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program of every real-world schema")
	}
	schemas := realworldSchemas(t)
	examples := realworldExamples(t)
	dir := t.TempDir()
	var cases []suiteCase
	var registry []string
	valid, invalid := map[string]int{}, map[string]int{}
	exampleCount := 0
	for i, s := range schemas {
		fn := fmt.Sprintf("ValidateR%03d", i)
		var notes []string
		src, noteList, err := gen.CompileSchema(s.doc, "main", fn, s.ID+".json", gen.Options{})
		notes = noteStrings(noteList)
		require.NoError(t, err, "%s does not compile", s.ID)
		assert.Empty(t, notes, s.ID)
		require.NoError(t, os.WriteFile(filepath.Join(dir, strings.ToLower(fn)+"_gen.go"), src, 0o644))
		registry = append(registry, fn)

		ref, err := reference.Compile(s.doc)
		require.NoError(t, err, "the reference does not compile %s", s.ID)
		drawn, err := instances.Draw(s.doc, instancesPerSchema, uint64(i))
		require.NoError(t, err)
		if s.Corpus == "mcp-spec-2026-07-28" {
			drawn = append(drawn, examples[s.Name]...)
			exampleCount += len(examples[s.Name])
		}
		for j, data := range drawn {
			_, refValue, ok := reference.Instance(data)
			require.True(t, ok, "%s: instance %s", s.ID, data)
			want := ref.Validate(refValue) == nil
			if want {
				valid[s.ID]++
			} else {
				invalid[s.ID]++
			}
			cases = append(cases, suiteCase{File: s.ID, Test: fmt.Sprintf("instance %d", j), Func: fn, Data: data, Valid: want})
		}
	}
	writeSuiteMain(t, dir, registry)
	bin := buildTemp(t, dir)
	verdicts := runCases(t, bin, cases, false)
	checkVerdictsOfDrawn(t, "realworld", cases, verdicts, 3)
	disagreements := 0
	for i, c := range cases {
		if got := strings.HasPrefix(verdicts[i], "valid"); got != c.Valid {
			disagreements++
			t.Errorf("%s, %s: toolgen %q, the reference valid=%v\n  instance: %s", c.File, c.Test, verdicts[i], c.Valid, c.Data)
		}
	}
	// No validator allocates on a valid instance.
	var valids []suiteCase
	for i, c := range cases {
		if strings.HasPrefix(verdicts[i], "valid") {
			valids = append(valids, suiteCase{File: c.File, Test: c.Test, Func: "allocs:" + c.Func, Data: c.Data})
		}
	}
	for i, allocs := range runCases(t, bin, valids, false) {
		if allocs != "0" {
			t.Errorf("%s, %s: %s allocations on a valid instance: %s", valids[i].File, valids[i].Test, allocs, valids[i].Data)
		}
	}
	// Every schema met both kinds of instance, but those no instance fits.
	var noValid, noInvalid []string
	for _, s := range schemas {
		if valid[s.ID] == 0 && unsatisfiable[s.ID] == "" {
			noValid = append(noValid, s.ID)
		}
		if valid[s.ID] > 0 && unsatisfiable[s.ID] != "" {
			t.Errorf("%s is listed as unsatisfiable (%s), but an instance is valid", s.ID, unsatisfiable[s.ID])
		}
		if invalid[s.ID] == 0 {
			noInvalid = append(noInvalid, s.ID)
		}
	}
	sort.Strings(noValid)
	assert.Empty(t, noValid, "schemas no drawn instance is valid against")
	assert.Empty(t, noInvalid, "schemas no drawn instance is invalid against")
	total := 0
	for _, n := range valid {
		total += n
	}
	t.Logf("%d schemas, %d instances (%d valid, %d invalid; %d specification examples), %d disagreements",
		len(schemas), len(cases), total, len(cases)-total, exampleCount, disagreements)
}
