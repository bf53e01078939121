package gen

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// needs= lists the client capabilities a handler needs: each once, sorted,
// in the tool literal as the runtime's constants; a tool without it has no
// Needs field at all.
func TestNeedsOption(t *testing.T) {
	files, err, _ := generate(t, `package tools

// SummarizeArgs summarizes the client's workspace.
//
//toolgen:tool needs=sampling,roots
type SummarizeArgs struct {
	Topic string `+"`json:\"topic\"`"+`
}

// AskArgs asks the person.
//
//toolgen:tool needs=elicitation risk=read
type AskArgs struct{}

// PlainArgs needs nothing.
//
//toolgen:tool
type PlainArgs struct{}
`)
	require.NoError(t, err)
	require.Len(t, files, 1)
	src := string(files[0].Content)
	assert.Contains(t, src, "Needs:       []tool.Capability{tool.CapabilityRoots, tool.CapabilitySampling},")
	assert.Contains(t, src, "Needs:       []tool.Capability{tool.CapabilityElicitation},")
	assert.Equal(t, 2, strings.Count(src, "Needs:"), "PlainArgs has no Needs")
}

func TestNeedsOptionErrors(t *testing.T) {
	_, err, dir := generate(t, `package tools

//toolgen:tool needs=sampling,camera
type UnknownNeed struct{}

//toolgen:tool needs=roots,roots
type TwiceNeed struct{}

//toolgen:tool needs=
type EmptyNeed struct{}

//toolgen:tool needs=Sampling
type CasedNeed struct{}

//toolgen:output needs=sampling
type OutputNeed struct{ A int }
`)
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		`tools.go:3:1: needs=sampling,camera: unknown capability "camera" (want some of elicitation, roots, sampling)`,
		`tools.go:6:1: needs=roots,roots: capability roots is listed twice`,
		`tools.go:9:1: directive option "needs=" must be key=value`,
		`tools.go:12:1: needs=Sampling: unknown capability "Sampling" (want some of elicitation, roots, sampling)`,
		`tools.go:15:1: unknown //toolgen:output option "needs" (want name=, description=, dialects=, strict= or form=)`,
	}, "\n"), strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
}
