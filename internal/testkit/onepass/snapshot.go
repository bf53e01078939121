package onepass

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/toolcalls"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The snapshot properties of a stream (Stream.Snapshot), checked after
// the Writes of checkStream (every one, up to maxSnapshots per stream):
//
//   - until a Write fails, what was complete stays complete: every path of an earlier
//     Progress.Complete is IsComplete later, and, once the value has
//     arrived whole (Ended), the snapshot stays the same;
//   - Writing is one chain of values, each inside the one before;
//   - for a valid call: a complete path is a member of the call, a member
//     of the arguments listed complete has its final value in the snapshot
//     already, the string being written is a prefix of its final value,
//     and after Close the snapshot is Close's value, Ended;
//   - for a tool of a recursive type (OfRecursive), the value is the zero
//     T until the arguments have arrived whole.
//
// snapshots holds what a stream's earlier snapshots showed.
type snapshots[T any] struct {
	args     map[string]any // the call's arguments parsed, when it is valid
	final    map[string]any // the verdict's value, as JSON
	complete []string
	checked  map[string]bool // the members of the arguments compared
	ended    bool
	last     T
	whole    bool // the value is set whole, at the end (a recursive type)
}

func newSnapshots[T any](tb testing.TB, raw []byte, want T, valid bool) *snapshots[T] {
	sn := &snapshots[T]{checked: map[string]bool{}}
	if valid {
		args, errs := tool.ParseArgs(raw)
		require.Nil(tb, errs)
		sn.args, sn.final = args, asJSON(tb, want)
	}
	return sn
}

// check checks the snapshot of st after a Write of raw.
func (sn *snapshots[T]) check(tb testing.TB, st *tool.Stream[T], raw []byte, rejected bool) {
	tb.Helper()
	v, p := st.Snapshot()
	if rejected {
		// The decoder may have its verdict: the zero T, and no progress.
		return
	}
	for _, c := range sn.complete {
		require.True(tb, p.IsComplete(c), "%s was complete, no longer (%q at %d: %+v)", c, raw, st.Len(), p)
	}
	if sn.ended {
		require.True(tb, p.Ended, "ended, no longer (%q at %d)", raw, st.Len())
		require.Equal(tb, sn.last, v, "the snapshot of a value read whole changed (%q at %d)", raw, st.Len())
	}
	for i := 1; i < len(p.Writing); i++ {
		require.True(tb, strings.HasPrefix(p.Writing[i], p.Writing[i-1]+"/"), "Writing %q is not one chain", p.Writing)
	}
	if p.Ended {
		require.Empty(tb, p.Writing, "written values once ended")
	}
	if p.Partial != "" {
		require.NotEmpty(tb, p.Writing, "a partial string outside any member")
	}
	if sn.whole && !p.Ended {
		require.True(tb, reflect.ValueOf(&v).Elem().IsZero(), "a value set whole, before its end (%q at %d)", raw, st.Len())
	}
	if sn.args != nil {
		for _, c := range p.Complete {
			_, ok := pointer(sn.args, c)
			require.True(tb, ok, "%s complete, not a member of %q (at %d)", c, raw, st.Len())
			if raw, _ := pointer(sn.args, c); !sn.whole && strings.Count(c, "/") == 1 && raw != nil && !sn.checked[c] {
				// A member of the arguments listed complete holds its
				// final value (as JSON: encoding/json's names are the
				// schema's); but a null that stands for an absent member,
				// whose default comes when the object closes.
				sn.checked[c] = true
				got, _ := pointer(asJSON(tb, v), c)
				want, _ := pointer(sn.final, c)
				require.Equal(tb, want, got, "%s complete in the snapshot of %q at %d", c, raw, st.Len())
			}
		}
		if p.Partial != "" {
			final, ok := pointer(sn.args, p.Writing[len(p.Writing)-1])
			s, isString := final.(string)
			require.True(tb, ok && isString && strings.HasPrefix(s, p.Partial),
				"partial %q of %s, final %v (%q at %d)", p.Partial, p.Writing, final, raw, st.Len())
		}
	}
	sn.complete = p.Complete
	sn.ended, sn.last = p.Ended, v
}

// closed checks the snapshot after Close.
func (sn *snapshots[T]) closed(tb testing.TB, st *tool.Stream[T], got T) {
	tb.Helper()
	v, p := st.Snapshot()
	require.Equal(tb, got, v, "the snapshot after Close")
	if sn.args != nil {
		require.True(tb, p.Ended, "a valid call read whole, not Ended")
		require.Empty(tb, p.Writing)
		for name := range sn.args {
			path := "/" + strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1")
			if sn.args[name] != nil {
				require.True(tb, p.IsComplete(path), "%s of a valid call read whole, not complete: %+v", path, p)
			}
		}
	}
}

func asJSON(tb testing.TB, v any) map[string]any {
	b, err := json.Marshal(v)
	require.NoError(tb, err)
	var m map[string]any
	require.NoError(tb, json.Unmarshal(b, &m))
	return m
}

// pointer resolves a JSON Pointer in a decoded JSON value.
func pointer(v any, path string) (any, bool) {
	if path == "" {
		return v, true
	}
	for _, tok := range strings.Split(path[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// Output is a row of a Table's Outputs: a structured output.
type Output struct {
	name   string
	schema []byte
	stream func(tb testing.TB, raw []byte, ends []int) bool
}

// OfOutput is the row of def, a structured output with a generated
// Decoder.
func OfOutput[T any](def *tool.OutputDef[T]) Output {
	return Output{name: def.Name, schema: def.Schema, stream: func(tb testing.TB, raw []byte, ends []int) bool {
		return checkOutputStream(tb, def, raw, ends)
	}}
}

// testOutputStreams checks the outputs of the table: for the answers drawn
// from each one's schema, in random fragments and a byte at a time, Close
// returns what ParseBytes returns for the whole answer, no Write fails for
// a valid answer, and a failed Write fails again on every later one.
func (tab Table) testOutputStreams(t *testing.T) {
	for _, row := range tab.Outputs {
		t.Run(row.name, func(t *testing.T) {
			raws, err := toolcalls.Raw(row.schema, CallsPerTool/3, tab.Seed)
			require.NoError(t, err)
			raws = append(raws, []byte(""), []byte("  "), []byte("[]"), []byte(`{"a":1} x`), []byte("```json\n{}\n```"))
			rng := rand.New(rand.NewPCG(tab.Seed, 20))
			rejected := 0
			for _, raw := range raws {
				for _, ends := range [][]int{randomSplit(rng, len(raw)), randomSplit(rng, len(raw)), byteSplit(len(raw))} {
					if row.stream(t, raw, ends) {
						rejected++
					}
				}
			}
			t.Logf("%d answers, %d streams rejected before their end", len(raws), rejected)
		})
	}
}

// checkOutputStream streams an answer through def.Stream in the fragments
// ending at ends and checks Close against ParseBytes.
func checkOutputStream[T any](tb testing.TB, def *tool.OutputDef[T], raw []byte, ends []int) (rejected bool) {
	tb.Helper()
	require.NotNil(tb, def.Decoder, "%s has no Decoder", def.Name)
	want, wantErrs := def.ParseBytes(raw)
	st := def.Stream()
	sn := newSnapshots(tb, raw, want, wantErrs == nil)
	var first error
	from := 0
	every := len(ends)/maxSnapshots + 1 // as checkStream
	for i, end := range ends {
		_, err := st.Write(raw[from:end])
		if first != nil {
			require.Equal(tb, first, err, "a later Write of %q at %d", raw, from)
		} else if err != nil {
			first = err
			require.NotNil(tb, wantErrs, "%q rejected at byte %d (%v), valid whole", raw, end, err)
		}
		if i%every == 0 || i == len(ends)-1 {
			sn.check(tb, st, raw, first != nil)
		}
		from = end
	}
	got, gotErrs := st.Close()
	require.Equal(tb, wantErrs.Messages(), gotErrs.Messages(), "messages for %q in fragments ending at %v", raw, ends)
	require.Equal(tb, wantErrs, gotErrs, "errors for %q in fragments ending at %v", raw, ends)
	require.Equal(tb, want, got, "value of %q in fragments ending at %v", raw, ends)
	sn.closed(tb, st, got)
	return first != nil
}
