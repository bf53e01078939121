package plan_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

func compile(t *testing.T, src string) *jsonschema.Schema {
	t.Helper()
	doc, errs := jsonschema.Compile([]byte(src), jsonschema.Options{Draft: "2020-12"})
	require.Empty(t, errs)
	return doc.Root
}

// show lists rules as code, expected and condition, one a line.
func show(rules []plan.Rule) []string {
	var out []string
	for _, r := range rules {
		out = append(out, fmt.Sprintf("%s | %s | %+v", r.Code, r.Expected, r.Cond))
	}
	return out
}
