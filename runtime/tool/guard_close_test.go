package tool_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// TestGuardClose: a streamed call closed through a guard is Guard.Call of
// its bytes: counted against MaxCalls, refused unrun past them or once the
// loop stopped, and a repeated failing call stops the loop.
func TestGuardClose(t *testing.T) {
	var runs atomic.Int32
	set := moveSet(&runs)
	open := func(raw string) *tool.Pending {
		p := set.Open(context.Background(), "move")
		p.Write([]byte(raw))
		return p
	}
	g := tool.NewGuard(tool.Limits{MaxCalls: 1, MaxRepeats: 1})
	require.NoError(t, g.Step())
	assert.Equal(t, tool.StatusExecuted, g.Close(open(`{"x":1,"y":2}`)).Status)
	res := g.Close(open(`{"x":1,"y":2}`))
	assert.Equal(t, []string{"too_many_calls:move"}, res.Errors.Codes(), "past MaxCalls")
	assert.Equal(t, int32(1), runs.Load())

	require.NoError(t, g.Step())
	assert.Equal(t, tool.StatusRejected, g.Close(open(`{"x":1}`)).Status)
	assert.NoError(t, g.Err(), "a rejected call is not counted, and once is no repeat")
	g.Close(open(`{"x":1}`))
	var stop *tool.Stop
	require.True(t, errors.As(g.Err(), &stop), "the same failing call twice")
	res = g.Close(open(`{"x":3,"y":4}`))
	assert.Equal(t, []string{"stopped:move"}, res.Errors.Codes())
	assert.Equal(t, int32(1), runs.Load(), "nothing runs after the stop")

	var nilGuard *tool.Guard
	p := open(`{"x":1,"y":2}`)
	assert.Equal(t, tool.StatusExecuted, nilGuard.Close(p).Status)
	assert.Equal(t, p.Close(), nilGuard.Close(p), "a closed call keeps its result")
}
