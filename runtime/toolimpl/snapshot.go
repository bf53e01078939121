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
// the path of each member read whole (declared, or of a map), writing with
// the path of each value being read, from the outermost in (item for an
// array's), items with the path of each open array and how many of its
// items are read whole, and returns the text so far of the string being
// read, when it is a member's. data is every byte written to the stream.
// Its cost is that of the paths, the names and the string: not the bytes
// read before.
func (s *Scanner) Probe(data []byte, complete func(path []byte), writing func(path []byte, item bool), items func(path []byte, n int)) string {
	var path []byte
	for level := range s.sc.Depth() {
		key, index, member, item := s.sc.Reading(level)
		if level < s.ng {
			switch g := s.groupAt(level); {
			case g.values:
			case g.array:
				n := s.sc.CountAt(level)
				if item {
					n = index
				}
				items(path, n)
			case g.shape != nil:
				for i, name := range g.shape.names {
					if s.sc.Seen(level, i) && !(member && name == key) {
						complete(jsonscan.AppendPointerKey(append(path, '/'), name))
					}
				}
			default: // a map: its members are undeclared
				s.sc.Names(level, func(name string) {
					if !(member && name == key) {
						complete(jsonscan.AppendPointerKey(append(path, '/'), name))
					}
				})
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
// read whole, as its object closes: its members present are complete.
func (s *Scanner) ended() {
	var p tool.Progress
	s.Probe(nil, func(path []byte) { p.Complete = append(p.Complete, string(path)) }, func([]byte, bool) {}, func([]byte, int) {})
	p.Ended = true
	s.feed.SetProbe(p)
}

// stopProbe lets go of the scanner of a stream that shows how far it has
// read, which goes back to the pool, once the decoder has its verdict: the
// stream then shows what the scanner recorded as the arguments closed;
// the arguments whole ("" complete) when they are valid and were read
// another way (a value checked as a whole, a type that reads itself); or
// nothing.
func stopProbe(s *Scanner, feed *Feed, errs tool.Errors) {
	if feed.Probe() != s {
		return
	}
	if errs == nil {
		feed.SetProbe(tool.Progress{Complete: []string{""}, Ended: true})
		return
	}
	feed.SetProbe(nil)
}
