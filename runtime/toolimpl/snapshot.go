package toolimpl

import (
	"reflect"
	"slices"
	"strconv"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Into returns where a generated Decoder decodes the value of a call: the
// value the stream of feed shows as it grows (tool.Stream.Snapshot), when
// it is a pointer of out's type, else out, the pointer to the caller's
// variable. The decode functions write each member into it as they read
// it, so that the stream reads what has arrived between two writes, while
// the decoder waits. The caller sets it to its zero value, for a call read
// twice (see DecodeJSON). It takes and returns any, not a *T: a generic
// function is compiled again for each tool's type.
func Into(feed *Feed, out any) any {
	if feed != nil {
		if t := feed.Target(); t != nil && reflect.TypeOf(t) == reflect.TypeOf(out) {
			return t
		}
	}
	return out
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

// ended records, for the stream of a call, what its arguments held as
// their object closes: its declared members present, which the stream
// lists as complete when asked (see endedArgs).
func (s *Scanner) ended(g *group) {
	e := &endedArgs{shape: g.shape}
	for i := range g.shape.names {
		switch {
		case !s.sc.Seen(0, i):
		case i < 64:
			e.seen |= 1 << i
		default:
			e.more = append(e.more, i)
		}
	}
	s.feed.SetProbe(e)
}

// endedArgs is what the stream of a call shows once its arguments are read
// whole: their declared members present, complete.
type endedArgs struct {
	shape *Object
	seen  uint64 // the members present of the first 64
	more  []int  // and of the others
}

// Probe is Scanner.Probe of arguments read whole.
func (e *endedArgs) Probe(_ []byte, complete func(path []byte), _ func([]byte, bool), _ func([]byte, int)) string {
	var path []byte
	for i, name := range e.shape.names {
		if i < 64 && e.seen&(1<<i) != 0 || i >= 64 && slices.Contains(e.more, i) {
			path = jsonscan.AppendPointerKey(append(path[:0], '/'), name)
			complete(path)
		}
	}
	return ""
}

// Ended reports that the arguments were read whole.
func (e *endedArgs) Ended() bool { return true }

// wholeArgs is what the stream of valid arguments read as one value shows.
var wholeArgs = tool.Progress{Complete: []string{""}, Ended: true}

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
		feed.SetProbe(wholeArgs)
		return
	}
	feed.SetProbe(nil)
}
