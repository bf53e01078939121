package tool

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
)

// TestGuardRecordsLongArgumentsUnparsed: the guard does not parse what a Set
// refuses unparsed: arguments longer than defaultMaxArgumentSize cost it
// their digest, however much their parse would build, and the same bytes
// are still the same call.
func TestGuardRecordsLongArgumentsUnparsed(t *testing.T) {
	// 4 MiB of objects of one member: parsed, some 200 MiB of Go maps.
	long := []byte(`{"items":[` + strings.Repeat(`{"":0},`, 4*defaultMaxArgumentSize/7) + `{"":0}]}`)
	other := bytes.Clone(long)
	other[len(other)-3] = '1'
	g := NewGuard(Limits{MaxRepeats: 1})
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	require.NoError(t, g.Record("save", long, true))
	runtime.ReadMemStats(&after)
	if !race.Enabled {
		assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<10), "the guard allocated for arguments it should not parse")
	}
	require.NoError(t, g.Record("save", other, true), "other bytes, another call")
	err := g.Record("save", long, true)
	require.Error(t, err, "the same bytes, the same call")
	assert.Equal(t, CodeRepeatedFailure, err.(*Stop).Code)

	// At the limit, arguments are still compared as JSON values.
	pad := strings.Repeat("x", defaultMaxArgumentSize-40)
	g = NewGuard(Limits{MaxRepeats: 1})
	require.NoError(t, g.Record("save", []byte(`{"a":1,"b":"`+pad+`"}`), true))
	assert.Error(t, g.Record("save", []byte(`{"b":"`+pad+`", "a":1.0}`), true))
}
