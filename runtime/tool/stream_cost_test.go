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
// (plain characters, or a multi-byte character, which the feed checks) or
// resumes the decoder (an escape).
func TestStreamWriteAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations are counted without the race detector")
	}
	st := arm.PlanOutput.Stream()
	for _, f := range []string{`{"reason":"` + strings.Repeat("r", 1<<20), strings.Repeat("r", 64)} {
		_, err := st.Write([]byte(f)) // the buffer, then its doubling: room for 1 MiB more
		require.NoError(t, err)
	}
	plain, wide, escape := []byte(strings.Repeat("r", 64)), []byte("é"), []byte(`\u00e9`)
	assert.Zero(t, testing.AllocsPerRun(1000, func() { st.Write(plain) }), "a write that extends the string")
	assert.Zero(t, testing.AllocsPerRun(1000, func() { st.Write(wide) }), "a write of a multi-byte character")
	st.Write(escape) // the string's text so far, decoded, in a buffer that has room for the writes below
	assert.Zero(t, testing.AllocsPerRun(1000, func() { st.Write(escape) }), "a write that resumes the decoder")
	_, p := st.Snapshot()
	assert.Equal(t, 1<<20+64+1001*64+1001*len(wide)+1002*len("é"), len(p.Partial), "the text so far")
	st.Close()
}
