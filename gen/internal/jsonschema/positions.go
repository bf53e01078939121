package jsonschema

import (
	"bytes"
	"encoding/json"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// Place positions the errors (or notes) of a schema file: file:line:col of
// the keyword each names, in the document it is in. root is the compiled
// document's JSON, named source; another document is named as its locations
// are (defs.json, or its URI). A location that cannot be found keeps only the
// file name.
func (d *Document) Place(root []byte, source string, list []Error) []token.Position {
	out := make([]token.Position, len(list))
	byDoc := map[string][]int{}
	for i, e := range list {
		prefix, _, _ := strings.Cut(e.at, "#")
		out[i].Filename = source
		if prefix != "" {
			out[i].Filename = prefix
		}
		byDoc[prefix] = append(byDoc[prefix], i)
	}
	for prefix, idx := range byDoc {
		data := root
		if prefix != "" {
			data = d.sources[prefix]
		}
		ptrs := make([]string, len(idx))
		for j, i := range idx {
			_, ptrs[j], _ = strings.Cut(list[i].at, "#")
		}
		found := locate(data, ptrs)
		for j, i := range idx {
			if lc, ok := found[ptrs[j]]; ok {
				out[i].Line, out[i].Column = lc[0], lc[1]
			}
		}
	}
	return out
}

// locate finds, in one pass over the JSON data, the line and column of each
// JSON Pointer of ptrs: of the member's name when the pointer ends in a
// member, of the value when it ends in an item or is the root (""). The walk
// descends only into the values on the way to a pointer, so its cost is the
// size of data plus the length of the pointers.
func locate(data []byte, ptrs []string) map[string][2]int {
	l := &locator{data: data, dec: json.NewDecoder(bytes.NewReader(data)),
		want: map[string]bool{}, pass: map[string]bool{}, found: map[string]int{}}
	for _, p := range ptrs {
		l.want[p] = true
		for i := 0; i < len(p); i++ {
			if p[i] == '/' {
				l.pass[p[:i]] = true
			}
		}
	}
	l.value("", l.next())
	// Lines and columns of the offsets found, in one sweep.
	offsets := make([]int, 0, len(l.found))
	for _, off := range l.found {
		offsets = append(offsets, off)
	}
	sort.Ints(offsets)
	lc := map[int][2]int{}
	line, start, at := 1, 0, 0
	for _, off := range offsets {
		for ; at < off; at++ {
			if data[at] == '\n' {
				line, start = line+1, at+1
			}
		}
		lc[off] = [2]int{line, off - start + 1}
	}
	out := make(map[string][2]int, len(l.found))
	for p, off := range l.found {
		out[p] = lc[off]
	}
	return out
}

type locator struct {
	data  []byte
	dec   *json.Decoder
	want  map[string]bool // the pointers to find
	pass  map[string]bool // the values on the way to one
	found map[string]int  // offsets
}

// next is the offset of the next token.
func (l *locator) next() int {
	off := int(l.dec.InputOffset())
	for off < len(l.data) && strings.IndexByte(" \t\r\n,:", l.data[off]) >= 0 {
		off++
	}
	return off
}

// value reads the value at pointer ptr, which starts (its member's name,
// for a member) at offset at. It returns false when the JSON ends or breaks.
func (l *locator) value(ptr string, at int) bool {
	if l.want[ptr] {
		l.found[ptr] = at
	}
	tok, err := l.dec.Token()
	if err != nil {
		return false
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return true
	}
	if !l.pass[ptr] {
		// Skip the value: count the depth.
		for depth := 1; depth > 0; {
			tok, err := l.dec.Token()
			if err != nil {
				return false
			}
			switch tok {
			case json.Delim('{'), json.Delim('['):
				depth++
			case json.Delim('}'), json.Delim(']'):
				depth--
			}
		}
		return true
	}
	for i := 0; l.dec.More(); i++ {
		at := l.next()
		name := strconv.Itoa(i)
		if delim == '{' {
			key, err := l.dec.Token()
			if err != nil {
				return false
			}
			if name = key.(string); strings.ContainsAny(name, "~/") {
				name = PointerToken(name)
			}
		}
		if !l.value(ptr+"/"+name, at) {
			return false
		}
	}
	_, err = l.dec.Token()
	return err == nil
}
