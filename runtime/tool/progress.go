package tool

import (
	"slices"
	"strconv"
	"strings"
)

// Progress says how far a streamed value has arrived (see Stream.Snapshot):
// which members, by path, are complete, which are being written, and so
// which are absent. A path is a JSON Pointer, as Error.Path: "/city",
// "/coords/lat", "/tags/1".
type Progress struct {
	// Complete holds the paths of the members that arrived whole, object
	// by object from the outermost in, each in the schema's order (a map's
	// in the order read); "" alone when the arguments, read whole, were
	// read as one value (a type that reads itself, or checked as a whole).
	// An optional member written as null, which counts as absent, is
	// complete: its default, if it has one, is set as its object closes.
	// What a complete value holds is complete too, and is not listed; nor
	// are the items of an array before the item being written, which are
	// complete (see IsComplete).
	Complete []string
	// Writing holds the paths of the values being written, from the
	// outermost in: the member of the arguments whose value is being
	// written, the member or item of it being written, and so on. Empty
	// between two members, and once the value has arrived whole.
	Writing []string
	// Partial is the text so far of the string being written, decoded,
	// when the last of Writing is a member whose value is a string; "" for
	// any other. It ends before an escape or a character not yet whole.
	Partial string
	// Ended reports that the value has arrived whole, its closing brace
	// read: every member present is complete.
	Ended bool

	arrays []arrayDone // the open arrays: how many of their items are complete
}

// arrayDone is an open array of a Progress, with how many of its items
// are complete.
type arrayDone struct {
	path string
	n    int
}

// IsComplete reports whether the value at path has arrived whole: it is
// listed in Complete, lies in a value that is, or is an item of an open
// array before the item being written. A value not complete and not being
// written (IsWriting) has not begun to arrive: it is absent, so far.
func (p *Progress) IsComplete(path string) bool {
	for _, c := range p.Complete {
		if within(path, c) {
			return true
		}
	}
	for _, a := range p.arrays {
		// An item of an open array before the one being written.
		if !strings.HasPrefix(path, a.path+"/") {
			continue
		}
		item, _, _ := strings.Cut(path[len(a.path)+1:], "/")
		if n, err := strconv.Atoi(item); err == nil && n >= 0 && n < a.n && strconv.Itoa(n) == item {
			return true
		}
	}
	return false
}

// IsWriting reports whether the value at path is being written: it is
// one of Writing.
func (p *Progress) IsWriting(path string) bool {
	for _, w := range p.Writing {
		if w == path {
			return true
		}
	}
	return false
}

// within reports whether path is the value at root or lies in it.
func within(path, root string) bool {
	return path == root || strings.HasPrefix(path, root) && path[len(root)] == '/'
}

// probe is what a stream's decoder reads with, asked how far it has read
// while it waits (toolimpl's Scanner), or what it left of arguments read
// whole (which has an Ended method): it calls complete with the path of
// each complete member, writing with that of each value being written
// (item: an array's), items with that of each open array and how many of
// its items are complete, and returns the text so far of the string being
// written. data is every byte written.
type probe interface {
	Probe(data []byte, complete func(path []byte), writing func(path []byte, item bool), items func(path []byte, n int)) (partial string)
}

// progressOf returns the Progress of a stream's decoder, from what it
// left with its feed: its scanner while it reads, the Progress of the
// value read whole once it has, or nothing.
func progressOf(f *streamFeed) Progress {
	switch pr := f.Probe().(type) {
	case probe:
		var p Progress
		p.Partial = pr.Probe(f.Bytes(),
			func(path []byte) { p.Complete = append(p.Complete, string(path)) },
			func(path []byte, _ bool) { p.Writing = append(p.Writing, string(path)) },
			func(path []byte, n int) { p.arrays = append(p.arrays, arrayDone{string(path), n}) })
		if e, ok := pr.(interface{ Ended() bool }); ok {
			p.Ended = e.Ended()
		}
		return p
	case Progress:
		pr.Complete = slices.Clone(pr.Complete) // shared by every stream
		return pr
	}
	return Progress{}
}
