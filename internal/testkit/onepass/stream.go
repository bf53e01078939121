package onepass

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/toolcalls"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The stream properties of a tool's Decoder, read through Def.Stream:
//
//   - split invariance: for any split of a call's bytes into fragments,
//     Close returns what the one pass (DecodeTJSON) returns for the whole
//     call, value and errors;
//   - soundness: a Write fails only for a call whose verdict has errors
//     (so no prefix of a valid call is rejected), and, once one has
//     failed, every later Write fails with the same error;
//   - the errors a Write returns are errors of the verdict's kind: the
//     call is invalid.
//
// Writes are followed by a Snapshot (each, up to maxSnapshots per stream), held to the snapshot
// properties (see snapshots). TestStream checks them on the calls Test draws, each in random
// fragments, and every valid call one byte at a time (every prefix);
// FuzzStream on fuzzed calls and splits.

// StreamSplitsPerCall is how many random splits TestStream tries per call.
const StreamSplitsPerCall = 3

// TestStream checks the stream properties of each tool (a subtest named
// for it) on the calls Test draws.
func (tab Table) TestStream(t *testing.T) {
	require.True(t, len(tab.Tools)+len(tab.Outputs) > 0, "a table without tools or outputs")
	tab.testOutputStreams(t)
	for _, row := range tab.Tools {
		t.Run(row.name, func(t *testing.T) {
			require.NotNil(t, row.stream, "%s has no Decoder", row.name)
			raws, err := toolcalls.Raw(row.schema, CallsPerTool, tab.Seed)
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(tab.Seed, 19))
			valid, rejected := 0, 0
			for _, raw := range raws {
				for range StreamSplitsPerCall {
					if row.stream(t, raw, randomSplit(rng, len(raw))) {
						rejected++
					}
				}
				if row.stream(t, raw, byteSplit(len(raw))) {
					rejected++
				} else if _, errs := row.whole(raw); errs == nil {
					valid++
				}
			}
			t.Logf("%d valid calls read a byte at a time, %d streams rejected before their end", valid, rejected)
			assert.Positive(t, valid, "valid calls")
			assert.Positive(t, rejected, "streams rejected before their end")
		})
	}
}

// FuzzStream is the fuzz target of the stream properties: the first byte
// of an input picks the tool, the second seeds the split, the rest is the
// call.
func (tab Table) FuzzStream(f *testing.F) {
	require.NotEmpty(f, tab.Tools, "a table without tools")
	for i, row := range tab.Tools {
		require.NotNil(f, row.stream, "%s has no Decoder", row.name)
		raws, err := toolcalls.Raw(row.schema, fuzzSeeds, tab.Seed)
		require.NoError(f, err)
		for j, raw := range append(raws, []byte(`{}`), []byte(`{"a":`), []byte(`[]`)) {
			f.Add(append([]byte{byte(i), byte(j)}, raw...))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		row := tab.Tools[int(data[0])%len(tab.Tools)]
		raw := data[2:]
		rng := rand.New(rand.NewPCG(uint64(data[1]), uint64(len(raw))))
		row.stream(t, raw, randomSplit(rng, len(raw)))
		if data[1]%8 == 0 {
			row.stream(t, raw, byteSplit(len(raw)))
		}
	})
}

// randomSplit cuts n bytes into fragments of random lengths (some empty,
// mostly short, a few long), as the ends of the fragments: the last is n.
func randomSplit(rng *rand.Rand, n int) []int {
	var ends []int
	for at := 0; at < n; {
		var size int
		switch rng.IntN(8) {
		case 0:
			size = 0
		case 1:
			size = rng.IntN(n + 1)
		default:
			size = 1 + rng.IntN(16)
		}
		at = min(at+size, n)
		ends = append(ends, at)
	}
	return append(ends, n)
}

// maxSnapshots bounds the snapshots checkStream checks per stream.
const maxSnapshots = 256

// byteSplit cuts n bytes into fragments of one byte.
func byteSplit(n int) []int {
	ends := make([]int, n)
	for i := range ends {
		ends[i] = i + 1
	}
	return ends
}

// checkStream streams raw through def in the fragments ending at ends,
// checks the stream properties, and reports whether a Write failed.
func checkStream[T any](tb testing.TB, def *tool.Def[T], raw []byte, ends []int, whole bool) (rejected bool) {
	tb.Helper()
	want, wantErrs := def.Decoder(nil, raw, nil, 0)
	st := def.Stream()
	sn := newSnapshots(tb, raw, want, wantErrs == nil)
	sn.whole = whole
	var first error
	from := 0
	// A snapshot reads the string being written from its start: checked
	// after every write, a long string written byte by byte would cost the
	// square of its length. The snapshots are checked after at most
	// maxSnapshots writes of a stream, spread over it, the last included.
	every := len(ends)/maxSnapshots + 1
	for i, end := range ends {
		n, err := st.Write(raw[from:end])
		require.Equal(tb, end-from, n, "Write's count, %q at %d", raw, from)
		if first != nil {
			require.Equal(tb, first, err, "a later Write of %q at %d", raw, from)
		} else if err != nil {
			first = err
			require.NotNil(tb, wantErrs, "%q rejected at byte %d (%v), valid whole", raw, end, err)
			var errs tool.Errors
			require.ErrorAs(tb, err, &errs)
			require.NotEmpty(tb, errs)
		}
		if i%every == 0 || i == len(ends)-1 {
			sn.check(tb, st, raw, first != nil)
		}
		from = end
	}
	got, gotErrs := st.Close()
	if !assert.ObjectsAreEqual(wantErrs, gotErrs) {
		require.Equal(tb, wantErrs.Messages(), gotErrs.Messages(), "messages for %q in fragments ending at %v", raw, ends)
		require.Equal(tb, wantErrs, gotErrs, "errors for %q in fragments ending at %v", raw, ends)
	}
	require.Equal(tb, want, got, "value of %q in fragments ending at %v", raw, ends)
	sn.closed(tb, st, got)
	again, againErrs := st.Close()
	require.Equal(tb, got, again, "a second Close")
	require.Equal(tb, gotErrs, againErrs, "a second Close")
	return first != nil
}
