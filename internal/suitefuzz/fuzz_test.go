package suitefuzz

import (
	"os"
	"path/filepath"
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
// recursive references (tool.MaxDepth): there toolgen reports a depth error
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
