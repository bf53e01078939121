package emit

import (
	"os"
	"testing"

	"golang.org/x/tools/imports"
)

// BenchmarkTidy compares the two ways of writing the imports in
// goimports' groups, on a file given by TOOLGEN_TIDY_FILE (genscale.sh's
// 100 tools): render's edits of the text, and goimports itself.
func BenchmarkTidy(b *testing.B) {
	src, err := os.ReadFile(os.Getenv("TOOLGEN_TIDY_FILE"))
	if err != nil {
		b.Skip("TOOLGEN_TIDY_FILE names no file")
	}
	b.Run("edits", func(b *testing.B) {
		for b.Loop() {
			groupImports(wrapComments(src))
		}
	})
	b.Run("goimports", func(b *testing.B) {
		for b.Loop() {
			if _, err := imports.Process("tools_gen.go", src, goimportsOptions); err != nil {
				b.Fatal(err)
			}
		}
	})
}
