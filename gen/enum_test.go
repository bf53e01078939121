package gen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
	"github.com/toolgen-go/toolgen/internal/testkit/program"
)

// largeEnumSchema is a schema file with an enum of n strings and one of n
// numbers.
func largeEnumSchema(n int) []byte {
	strs, nums := make([]string, n), make([]string, n)
	for i := range n {
		strs[i] = strconv.Quote("v" + strconv.Itoa(i))
		nums[i] = strconv.Itoa(7*i) + "e-3"
	}
	return []byte(`{"type":"object","properties":{"s":{"type":"string","enum":[` + strings.Join(strs, ",") +
		`]},"n":{"type":"number","enum":[` + strings.Join(nums, ",") + `]},"either":{"anyOf":[{"enum":[` +
		strings.Join(strs, ",") + `]},{"type":"boolean"}]}}}`)
}

// TestLargeEnumsBuild: enums of any size compile to tables (sorted, looked
// up by binary search): 100,000 strings and 100,000 numbers in a schema
// file generate in seconds and build, and the validator and its match
// functions find every value and only those. The timeouts are generous;
// BenchmarkLargeEnumGenerate measures.
func TestLargeEnumsBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a package with enums of 100,000 values")
	}
	const n = 100000
	doc := largeEnumSchema(n)
	dir := t.TempDir()
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		src, _, err := gen.CompileSchema(doc, "main", "ValidateLarge", "large.json", gen.Options{})
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, "large_gen.go"), src, 0o644)
		}
		done <- err
	}()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(2 * time.Minute):
		t.Fatal("generating enums of 100,000 values takes more than 2 minutes")
	}
	t.Logf("generated in %v", time.Since(start))
	program.WriteMain(t, dir, []string{"ValidateLarge"})
	start = time.Now()
	bin := program.Build(t, dir)
	t.Logf("built in %v", time.Since(start))

	var lines []program.Line
	want := map[int]bool{}
	add := func(doc string, valid bool) {
		want[len(lines)] = valid
		lines = append(lines, program.Line{Func: "ValidateLarge", Data: doc})
	}
	for _, i := range []int{0, 1, 4242, n / 2, n - 1} {
		add(fmt.Sprintf(`{"s":"v%d","n":%de-3,"either":"v%d"}`, i, 7*i, i), true)
		add(fmt.Sprintf(`{"n":%d.%03d}`, 7*i/1000, 7*i%1000), true) // the same number, another spelling
	}
	add(`{"either":true}`, true)
	add(`{"s":"v100000"}`, false)
	add(`{"s":"v"}`, false)
	add(`{"s":"w1"}`, false)
	add(`{"either":"v-1"}`, false)
	add(`{"n":0.0035}`, false)
	add(`{"n":0.0070000000000000000001}`, false) // the float64 of 7e-3, another number
	add(`{"n":699.994}`, false)
	verdicts := program.Run(t, bin, lines)
	for i, v := range verdicts {
		require.Equal(t, want[i], v == "valid", "%s: %s", lines[i].Data, v)
	}
}

// BenchmarkLargeEnumGenerate measures the generation of a schema file with
// enums of 100,000 strings and 100,000 numbers (see TestLargeEnumsBuild).
func BenchmarkLargeEnumGenerate(b *testing.B) {
	doc := largeEnumSchema(100000)
	for b.Loop() {
		if _, _, err := gen.CompileSchema(doc, "main", "ValidateLarge", "large.json", gen.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
