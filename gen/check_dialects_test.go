package gen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/internal/forms"
)

// TestCheckListsEveryDialect: the golden cases' module, outside toolgen's,
// cannot import the table of forms; its check.Dialects lists the dialects
// in the table's order, which the behaviour dump records the definitions
// in.
func TestCheckListsEveryDialect(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(goldenDir, "_check", "check.go"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range forms.Dialects() {
		f, _ := forms.Of(d)
		names = append(names, "tool."+f.Name)
	}
	if want := "var Dialects = []tool.Dialect{" + strings.Join(names, ", ") + "}"; !strings.Contains(string(src), want) {
		t.Errorf("check.go does not declare\n\t%s", want)
	}
}
