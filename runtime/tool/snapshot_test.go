package tool_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/tool"
	"github.com/toolgen-go/toolgen/runtime/tool/internal/arm"
)

// written streams the fragments into a stream of def and returns its
// Snapshot.
func written[T any](t *testing.T, st *tool.Stream[T], fragments ...string) (T, tool.Progress) {
	t.Helper()
	for _, f := range fragments {
		_, err := st.Write([]byte(f))
		require.NoError(t, err, "write %q", f)
	}
	return st.Snapshot()
}

// TestSnapshotStates: each state a member can be in, and what the value
// holds then.
func TestSnapshotStates(t *testing.T) {
	t.Run("absent", func(t *testing.T) {
		v, p := written(t, arm.MoveTool.Stream(), ` {"x"`)
		assert.Equal(t, arm.MoveArgs{}, v)
		assert.False(t, p.IsComplete("/y"))
		assert.False(t, p.IsWriting("/y"))
		assert.False(t, p.Ended)
	})
	t.Run("name read, value to come", func(t *testing.T) {
		_, p := written(t, arm.MoveTool.Stream(), `{"x" `)
		assert.Equal(t, []string{"/x"}, p.Writing)
		assert.Empty(t, p.Complete)
	})
	t.Run("number being written", func(t *testing.T) {
		// 1 may go on as 1.5: not complete, and not in the value.
		v, p := written(t, arm.MoveTool.Stream(), `{"x":1`)
		assert.True(t, p.IsWriting("/x"))
		assert.False(t, p.IsComplete("/x"))
		assert.Zero(t, v.X)
	})
	t.Run("complete", func(t *testing.T) {
		v, p := written(t, arm.MoveTool.Stream(), `{"x":1.5,`)
		assert.Equal(t, []string{"/x"}, p.Complete)
		assert.Empty(t, p.Writing)
		assert.Equal(t, 1.5, v.X)
	})
	t.Run("string being written", func(t *testing.T) {
		_, p := written(t, arm.PlanOutput.Stream(), `{"reason":"a\u00e9 b\n\u00`)
		assert.Equal(t, []string{"/reason"}, p.Writing)
		assert.Equal(t, "aé b\n", p.Partial, "up to the escape not yet whole")
		_, p = written(t, arm.PlanOutput.Stream(), `{"reason":"\ud83d\ude00 ok`)
		assert.Equal(t, "😀 ok", p.Partial)
	})
	t.Run("array items", func(t *testing.T) {
		v, p := written(t, arm.PlanOutput.Stream(), `{"moves":[{"x":1,"y":1},{"x":2`)
		assert.Equal(t, []string{"/moves", "/moves/1", "/moves/1/x"}, p.Writing)
		assert.True(t, p.IsComplete("/moves/0"))
		assert.True(t, p.IsComplete("/moves/0/y"), "in a complete item")
		assert.False(t, p.IsComplete("/moves/1"))
		assert.False(t, p.IsComplete("/moves"))
		assert.Nil(t, v.Moves, "an array is set once whole")
		_, p = written(t, arm.PlanOutput.Stream(), `{"moves":[{"x":1,"y":1},{"x":2,"y":2}`)
		assert.True(t, p.IsComplete("/moves/1"), "between items")
	})
	t.Run("map members", func(t *testing.T) {
		_, p := written(t, arm.TuneTool.Stream(), `{"params":{"gain":0.5,"lag":`)
		assert.Equal(t, []string{"/params/gain"}, p.Complete)
		assert.Equal(t, []string{"/params", "/params/lag"}, p.Writing)
	})
	t.Run("ended", func(t *testing.T) {
		st := arm.MoveTool.Stream()
		v, p := written(t, st, `{"x":1,"y":2}`)
		assert.True(t, p.Ended)
		assert.Empty(t, p.Writing)
		assert.Equal(t, []string{"/x", "/y"}, p.Complete)
		assert.False(t, p.IsComplete("/speed"), "absent")
		assert.Equal(t, arm.MoveArgs{X: 1, Y: 2}, v)
		got, errs := st.Close()
		require.Nil(t, errs)
		v, p = st.Snapshot()
		assert.Equal(t, got, v)
		assert.True(t, p.Ended)
	})
	t.Run("rejected", func(t *testing.T) {
		st := arm.MoveTool.Stream()
		_, err := st.Write([]byte(`{"x":11,`))
		require.Error(t, err, "x past its maximum")
		v, _ := st.Snapshot()
		assert.Equal(t, 11.0, v.X, "what the model wrote, shown")
		st.Close()
		v, p := st.Snapshot()
		assert.Equal(t, arm.MoveArgs{}, v, "Close's zero value")
		assert.False(t, p.Ended)
	})
	t.Run("by hand", func(t *testing.T) {
		def := tool.Def[arm.MoveArgs]{Tool: arm.MoveTool.Tool, Decode: arm.MoveTool.Decode}
		st := def.Stream()
		v, p := written(t, st, `{"x":1,"y":2}`)
		assert.Equal(t, arm.MoveArgs{}, v, "no Decoder: nothing until Close")
		assert.Empty(t, p.Complete)
		got, errs := st.Close()
		require.Nil(t, errs)
		assert.Equal(t, arm.MoveArgs{X: 1, Y: 2}, got)
	})
}

// TestSnapshotIsACopy: a snapshot is not changed by later writes.
func TestSnapshotIsACopy(t *testing.T) {
	st := arm.PlanOutput.Stream()
	first, _ := written(t, st, `{"moves":[{"x":1,"y":1}],"reason":"a`)
	require.Len(t, first.Moves, 1)
	moves := first.Moves
	_, err := st.Write([]byte(`b"}`))
	require.NoError(t, err)
	second, _ := st.Snapshot()
	assert.Equal(t, "", first.Reason)
	assert.Equal(t, "ab", second.Reason)
	assert.Equal(t, []arm.MoveArgs{{X: 1, Y: 1}}, moves)
	final, errs := st.Close()
	require.Nil(t, errs)
	assert.Equal(t, second, final)
}

// TestSnapshotCost: a snapshot reads what the decoder wrote, not the bytes
// before: after a long complete member, it allocates what it does after a
// short one.
func TestSnapshotCost(t *testing.T) {
	allocs := func(n int) float64 {
		st := arm.PlanOutput.Stream()
		written(t, st, `{"reason":"`+strings.Repeat("r", n)+`","moves":[{"x":1`)
		return testing.AllocsPerRun(50, func() { st.Snapshot() })
	}
	assert.Equal(t, allocs(10), allocs(1<<20))
}

func BenchmarkSnapshot(b *testing.B) {
	for _, n := range []int{10, 1 << 20} {
		b.Run(map[bool]string{true: "after-1MiB", false: "after-10B"}[n > 10], func(b *testing.B) {
			st := arm.PlanOutput.Stream()
			if _, err := st.Write([]byte(`{"reason":"` + strings.Repeat("r", n) + `","moves":[{"x":1`)); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				st.Snapshot()
			}
		})
	}
}

// BenchmarkSnapshotWriting: a 1 MiB string written in 64-byte fragments,
// snapshotted after each (a UI showing write_file's content as it grows):
// each Snapshot decodes what arrived since the one before, so the whole
// costs what writing it does plus a constant per snapshot, not the
// string's length per snapshot.
func BenchmarkSnapshotWriting(b *testing.B) {
	doc := []byte(`{"reason":"` + strings.Repeat("r", 1<<20) + `","moves":[{"x":1}]}`)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		st := arm.PlanOutput.Stream()
		for i := 0; i < len(doc); i += 64 {
			st.Write(doc[i:min(i+64, len(doc))])
			if _, p := st.Snapshot(); len(p.Partial) > len(doc) {
				b.Fatal(p.Partial)
			}
		}
		st.Close()
	}
}

// TestSnapshotSplit: what a Snapshot says depends on the bytes written, not on
// where the writes split them. For every prefix of a call, written whole and
// in two writes split at each byte, the value and the progress are the same.
func TestSnapshotSplit(t *testing.T) {
	doc := `{"moves": [{"x": 1.5, "y": 2e0, "speed": 0.25}, {"x":10,"y":0} , {"x": 3, "y": 4}],` +
		` "reason": "a\u00e9 é \"b\""}`
	for k := 1; k <= len(doc); k++ {
		wv, wp := written(t, arm.PlanOutput.Stream(), doc[:k])
		for j := 1; j < k; j++ {
			v, p := written(t, arm.PlanOutput.Stream(), doc[:j], doc[j:k])
			if !assert.Equal(t, wv, v, "%q | %q", doc[:j], doc[j:k]) ||
				!assert.Equal(t, wp, p, "%q | %q", doc[:j], doc[j:k]) {
				return
			}
		}
	}
}
