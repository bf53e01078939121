package tool_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
	"github.com/toolgen-go/toolgen/runtime/tool/internal/arm"
)

// TestStreamWriteAllocs: a Write allocates nothing but the doublings of
// the stream's buffer, whether it only extends the string being written
// or resumes the decoder (a multi-byte character, which it checks).
func TestStreamWriteAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations are counted without the race detector")
	}
	st := arm.PlanOutput.Stream()
	for _, f := range []string{`{"reason":"` + strings.Repeat("r", 1<<20), strings.Repeat("r", 64)} {
		_, err := st.Write([]byte(f)) // the buffer, then its doubling: room for 1 MiB more
		require.NoError(t, err)
	}
	plain, wide := []byte(strings.Repeat("r", 64)), []byte("é")
	assert.Zero(t, testing.AllocsPerRun(1000, func() { st.Write(plain) }), "a write that extends the string")
	assert.Zero(t, testing.AllocsPerRun(1000, func() { st.Write(wide) }), "a write that resumes the decoder")
	_, p := st.Snapshot()
	assert.Equal(t, 1<<20+64+1001*64+1001*len(wide), len(p.Partial), "the text so far")
	st.Close()
}
