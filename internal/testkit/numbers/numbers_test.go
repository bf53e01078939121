package numbers_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
	"github.com/toolgen-go/toolgen/internal/testkit/numbers"
	"github.com/toolgen-go/toolgen/internal/testkit/program"
	"github.com/toolgen-go/toolgen/internal/testkit/reference"
)

var seed = flag.Uint64("seed", 1, "the seed of the schemas and instances")

// TestNumberKeywordsAgainstReference is the property that numbers are
// compared exactly whatever their spelling: random schemas of minimum,
// maximum, exclusiveMinimum, exclusiveMaximum (draft 2020-12's and
// draft-07's numbers, draft-04's booleans), multipleOf, enum and const,
// compiled by the code path of `toolgen schema` into one package, give
// santhosh-tekuri's verdict on random numbers around their values in
// e-notation, plain decimals, huge and tiny exponents, negative zero and
// integers beyond 2^53: decoded as json.Number (what a Set validates) and
// as float64 (whose exact value is the float64 itself), through the
// validator and through the match functions of the schema under not twice.
// go test -seed n draws other schemas.
func TestNumberKeywordsAgainstReference(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a package of random schemas")
	}
	const schemas, instances = 200, 60
	r := rand.New(rand.NewPCG(*seed, 16))
	dir := t.TempDir()
	var funcs []string
	type check struct {
		program.Line
		schema []byte
		ref    *jsonschema.Schema
	}
	var checks []check
	refused := 0
	for i := range schemas {
		s := numbers.RandomSchema(r)
		ref, err := reference.Compile(s.Doc)
		require.NoError(t, err, "%s", s.Doc)
		validate, decide := fmt.Sprintf("Validate%03d", i), fmt.Sprintf("Decide%03d", i)
		src, _, err := gen.CompileSchema(s.Doc, "main", validate, "numbers.json", gen.Options{})
		if err != nil {
			refused++
			t.Errorf("toolgen refuses a schema the reference compiles: %v\n  schema: %s", err, s.Doc)
			continue
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, strings.ToLower(validate)+"_gen.go"), src, 0o644))
		src, _, err = gen.CompileSchema(s.DoubleNot(), "main", decide, "numbers.json", gen.Options{})
		require.NoError(t, err, "%s", s.DoubleNot())
		require.NoError(t, os.WriteFile(filepath.Join(dir, strings.ToLower(decide)+"_gen.go"), src, 0o644))
		funcs = append(funcs, validate, decide)
		for range instances {
			data := numbers.Instance(r, s)
			for _, fn := range []string{validate, decide} {
				for _, float := range []bool{false, true} {
					checks = append(checks, check{program.Line{Func: fn, Float: float, Data: data}, s.Doc, ref})
				}
			}
		}
	}
	program.WriteMain(t, dir, funcs)
	bin := program.Build(t, dir)
	lines := make([]program.Line, len(checks))
	for i, c := range checks {
		lines[i] = c.Line
	}
	verdicts := program.Run(t, bin, lines)
	disagree := 0
	for i, c := range checks {
		var inst any
		if c.Float {
			_, ref, ok := reference.Instance([]byte(c.Data))
			require.True(t, ok, c.Data)
			inst = ref
		} else {
			var err error
			inst, err = jsonschema.UnmarshalJSON(strings.NewReader(c.Data))
			require.NoError(t, err)
		}
		want := c.ref.Validate(inst) == nil
		if strings.HasPrefix(verdicts[i], "panic") || (verdicts[i] == "valid") != want {
			disagree++
			if disagree <= 20 {
				t.Errorf("%s (float64 %v): toolgen %s, reference valid=%v\n  schema: %s\n  instance: %s", c.Func, c.Float, verdicts[i], want, c.schema, c.Data)
			}
		}
	}
	t.Logf("%d verdicts, %d disagreements, %d schemas refused (seed %d)", len(checks), disagree, refused, *seed)
	require.Zero(t, disagree, "of %d verdicts", len(checks))
}
