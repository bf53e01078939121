package bench

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/internal/cputime"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// BenchmarkStream measures a streamed call read to its verdict through
// Def.Stream, beside the one pass over the whole call (frag=onepass):
// get_weather in fragments of 1 and 16 bytes and whole, and a 1 MiB
// store_notes call (one long string: a file's content, as write_file
// sends it) in fragments of 64 bytes. The ratio of a row to its onepass
// row is what streaming costs: each fragment that can change what the
// decoder has read resumes its coroutine, and the others are only
// appended.
//
//	go test ./examples/bench -run '^$' -bench Stream -benchmem -count 6
func BenchmarkStream(b *testing.B) {
	weather := []byte(weatherValid)
	notes := sizeShapes[0].call(1 << 20)
	for _, c := range []struct {
		name string
		raw  []byte
		frag []int // 0: the one pass, whole
		run  func(raw []byte, size int)
	}{
		{"get_weather", weather, []int{0, 1, 16, len(weather)}, func(raw []byte, size int) {
			if size == 0 {
				weatherSink, _ = DecodeGetWeatherArgsJSON(raw)
				return
			}
			weatherSink, _ = stream(&GetWeatherTool, raw, size)
		}},
		{"store_notes_1MiB", notes, []int{0, 64}, func(raw []byte, size int) {
			if size == 0 {
				sizeSink, _ = DecodeStoreNotesArgsJSON(raw)
				return
			}
			sizeSink, _ = stream(&StoreNotesTool, raw, size)
		}},
	} {
		for _, size := range c.frag {
			name := "onepass"
			switch {
			case size == len(c.raw):
				name = "whole"
			case size > 0:
				name = strconv.Itoa(size)
			}
			b.Run("call="+c.name+"/frag="+name, func(b *testing.B) {
				b.SetBytes(int64(len(c.raw)))
				b.ReportAllocs()
				cputime.Loop(b, func() { c.run(c.raw, size) })
			})
		}
	}
}

var weatherSink GetWeatherArgs

// stream reads raw through def's Stream in fragments of size bytes.
func stream[T any](def *tool.Def[T], raw []byte, size int) (T, tool.Errors) {
	st := def.Stream()
	for i := 0; i < len(raw); i += size {
		st.Write(raw[i:min(i+size, len(raw))])
	}
	return st.Close()
}

// TestStreamBenchCalls: the calls BenchmarkStream streams are valid and
// decode as the one pass decodes them.
func TestStreamBenchCalls(t *testing.T) {
	for _, size := range []int{1, 16, 1 << 20} {
		got, errs := stream(&GetWeatherTool, []byte(weatherValid), size)
		require.Nil(t, errs)
		want, _ := DecodeGetWeatherArgsJSON([]byte(weatherValid))
		require.Equal(t, want, got)
	}
	notes := sizeShapes[0].call(1 << 20)
	got, errs := stream(&StoreNotesTool, notes, 64)
	require.Nil(t, errs)
	want, _ := DecodeStoreNotesArgsJSON(notes)
	require.Equal(t, want, got)
}
