package toolimpl

import (
	"strconv"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Into returns where a generated Decoder decodes the value of a call, set
// to the zero T: the value the stream of feed shows as it grows
// (tool.Stream.Snapshot), when it has one of type T, else out. The decode
// functions write each member into it as they read it, so that the stream
// reads what has arrived between two writes, while the decoder waits.
// Zeroed, it is the same for a call read twice (see DecodeJSON).
func Into[T any](feed *Feed, out *T) *T {
	p := out
	if feed != nil {
		if t, ok := feed.Target().(*T); ok {
			p = t
		}
	}
	var zero T
	*p = zero
	return p
}

// Probe tells how far the Scanner of a streamed call has read, from what
// its scanner tracks of the open objects and arrays: it calls complete with
// the path of each declared member read whole, writing with the path of
// each value being read, from the outermost in (item for an array's), and
// returns the text so far of the string being read, when it is a member's.
// data is every byte written to the stream. Its cost is that of the paths
// and the string: not the bytes read before.
func (s *Scanner) Probe(data []byte, complete func(path []byte), writing func(path []byte, item bool)) string {
	var path []byte
	for level := range s.sc.Depth() {
		key, index, member, item := s.sc.Reading(level)
		if level < s.ng {
			if g := s.groupAt(level); !g.values && g.shape != nil {
				for i, name := range g.shape.names {
					if s.sc.Seen(level, i) && !(member && name == key) {
						complete(jsonscan.AppendPointerKey(append(path, '/'), name))
					}
				}
			}
		}
		switch {
		case member:
			path = jsonscan.AppendPointerKey(append(path, '/'), key)
		case item:
			path = strconv.AppendInt(append(path, '/'), int64(index), 10)
		default:
			return ""
		}
		writing(path, item)
	}
	partial, _ := s.sc.Partial(data)
	return partial
}

// ended records, for the stream of a call, the Progress of its arguments
// read whole, as its object closes: its declared members present are
// complete.
func (s *Scanner) ended() {
	var p tool.Progress
	s.Probe(nil, func(path []byte) { p.Complete = append(p.Complete, string(path)) }, func([]byte, bool) {})
	p.Ended = true
	s.feed.SetProbe(p)
}
