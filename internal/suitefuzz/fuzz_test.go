package suitefuzz

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/reftest"
)

func references(tb testing.TB) []*jsonschema.Schema {
	refs := make([]*jsonschema.Schema, len(Schemas))
	for i, s := range Schemas {
		data, err := os.ReadFile(filepath.Join("schemas", s.Name+".json"))
		require.NoError(tb, err)
		refs[i], err = reftest.Compile(data)
		require.NoError(tb, err, s.Name)
	}
	return refs
}

// maxFuzzDepth leaves out values nested deeper than toolgen follows
// recursive references (value.MaxDepth): there toolgen reports a depth error
// where the reference goes on.
const maxFuzzDepth = 100

// FuzzSuite compares the generated validators of the suite schemas with the
// reference on arbitrary JSON: the first byte picks the schema, the rest is
// the instance. The seed corpus is the suite's own cases for these schemas.
func FuzzSuite(f *testing.F) {
	refs := references(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		i := int(data[0]) % len(Schemas)
		v, ref, ok := reftest.Instance(data[1:])
		if !ok || reftest.Depth(v) > maxFuzzDepth {
			return
		}
		errs := Schemas[i].Validate(v)
		refErr := refs[i].Validate(ref)
		if (len(errs) == 0) != (refErr == nil) {
			t.Fatalf("%s (%s): toolgen valid=%v %v, reference valid=%v %v\ninstance: %s",
				Schemas[i].Name, Schemas[i].Origin, len(errs) == 0, errs, refErr == nil, refErr, data[1:])
		}
	})
}

// allocating lists the schemas whose valid values cost allocations, and
// why: every other validator allocates nothing on a valid value.
var allocating = map[string]string{
	"content_schema": "contentSchema decodes the string's JSON document to check it",
}

// TestValidAllocations checks that the validators allocate nothing on the
// valid values of the seed corpus, whatever keywords their schema uses:
// unevaluatedProperties and unevaluatedItems, dynamic references and every
// draft included.
func TestValidAllocations(t *testing.T) {
	seeds, err := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzSuite", "*"))
	require.NoError(t, err)
	checked := map[string]int{}
	most := map[string]float64{}
	for _, seed := range seeds {
		data := readSeed(t, seed)
		if len(data) == 0 {
			continue
		}
		s := Schemas[int(data[0])%len(Schemas)]
		v, _, ok := reftest.Instance(data[1:])
		if !ok || len(s.Validate(v)) > 0 {
			continue
		}
		checked[s.Name]++
		allocs := testing.AllocsPerRun(20, func() { s.Validate(v) })
		most[s.Name] = max(most[s.Name], allocs)
		if allocating[s.Name] == "" {
			require.Zero(t, allocs, "%s on %s", s.Name, data[1:])
		}
	}
	for _, s := range Schemas {
		require.NotZero(t, checked[s.Name], "no valid seed for %s", s.Name)
		if reason := allocating[s.Name]; reason != "" {
			require.NotZero(t, most[s.Name], "%s is listed as allocating (%s), but does not", s.Name, reason)
		}
	}
}

// readSeed reads the []byte of a seed corpus file.
func readSeed(t *testing.T, path string) []byte {
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.SplitN(string(raw), "\n", 3)
	require.Len(t, lines, 3, path)
	quoted, ok := strings.CutPrefix(lines[1], "[]byte(")
	require.True(t, ok, path)
	s, err := strconv.Unquote(strings.TrimSuffix(quoted, ")"))
	require.NoError(t, err, path)
	return []byte(s)
}

// BenchmarkValid validates the first valid seed of each schema with the
// generated validator and with the reference.
func BenchmarkValid(b *testing.B) {
	refs := references(b)
	seeds, err := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzSuite", "*"))
	require.NoError(b, err)
	done := map[int]bool{}
	for _, seed := range seeds {
		raw, err := os.ReadFile(seed)
		require.NoError(b, err)
		lines := strings.SplitN(string(raw), "\n", 3)
		quoted := strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")")
		s, err := strconv.Unquote(quoted)
		require.NoError(b, err)
		data := []byte(s)
		i := int(data[0]) % len(Schemas)
		v, ref, ok := reftest.Instance(data[1:])
		if done[i] || !ok || len(Schemas[i].Validate(v)) > 0 {
			continue
		}
		done[i] = true
		b.Run(Schemas[i].Name+"/toolgen", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Schemas[i].Validate(v)
			}
		})
		b.Run(Schemas[i].Name+"/reference", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = refs[i].Validate(ref)
			}
		})
	}
}
