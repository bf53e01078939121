package genaitool

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"google.golang.org/genai"
)

// argsText writes the JSON text of a function call's arguments from the
// partialArgs Vertex AI streams (streamFunctionCallArguments): values
// addressed by JSONPath, in the order the model writes them, a string
// value in parts while willContinue is set. The text goes to a tool
// call's decoder as it grows, so that the call is checked as its
// arguments arrive, by the same one pass as a whole call.
//
// The text is the value the parts describe or nothing: a string that has
// not ended (willContinue) when another path or the call's end arrives, a
// member that arrives twice, or a path the text cannot follow is an error,
// never a value genaitool completes or chooses.
type argsText struct {
	started bool
	open    []segment         // the containers open below the root object, by the segment holding each
	kinds   []byte            // '{' or '[' per open container, the root first
	members []int             // the members written per open container, the root first
	names   []map[string]bool // the member names written per open object, the root first (nil for an array)
	leaf    []segment         // the path of the last value
	inStr   bool              // the last value is a string that continues
}

// segment is a step of a JSONPath: a member name, or an array index.
type segment struct {
	name  string
	index int // -1 for a name
}

var errPath = errors.New("a partialArgs jsonPath the arguments cannot follow")

// parsePath reads $.a.b[0]['c d'] into its segments.
func parsePath(p string) ([]segment, error) {
	if !strings.HasPrefix(p, "$") {
		return nil, errPath
	}
	p = p[1:]
	var segs []segment
	for p != "" {
		switch {
		case p[0] == '.':
			end := strings.IndexAny(p[1:], ".[")
			if end < 0 {
				end = len(p) - 1
			}
			if end == 0 {
				return nil, errPath
			}
			segs = append(segs, segment{name: p[1 : 1+end], index: -1})
			p = p[1+end:]
		case strings.HasPrefix(p, "['") || strings.HasPrefix(p, `["`):
			end := strings.Index(p[2:], string(p[1])+"]")
			if end < 0 {
				return nil, errPath
			}
			segs = append(segs, segment{name: p[2 : 2+end], index: -1})
			p = p[2+end+2:]
		case p[0] == '[':
			end := strings.IndexByte(p, ']')
			n, err := strconv.Atoi(p[1:max(end, 1)])
			if end < 0 || err != nil || n < 0 {
				return nil, errPath
			}
			segs = append(segs, segment{index: n})
			p = p[end+1:]
		default:
			return nil, errPath
		}
	}
	if len(segs) == 0 {
		return nil, errPath
	}
	return segs, nil
}

// add appends the text of one partial argument to b.
func (a *argsText) add(b []byte, arg *genai.PartialArg) ([]byte, error) {
	segs, err := parsePath(arg.JsonPath)
	if err != nil {
		return b, fmt.Errorf("%w: %s", err, showPath(arg.JsonPath))
	}
	if !a.started {
		a.started = true
		a.kinds, a.members, a.names = []byte{'{'}, []int{0}, []map[string]bool{nil}
		b = append(b, '{')
	}
	if a.inStr {
		if !equalPath(segs, a.leaf) {
			return b, a.unfinished("before " + showPath(arg.JsonPath))
		}
		if arg.NumberValue != nil || arg.BoolValue != nil || arg.NULLValue != "" {
			return b, fmt.Errorf("the string at %s continues with a value that is not a string", pathText(a.leaf))
		}
		b = appendStringPart(b, arg.StringValue)
		if !continues(arg.WillContinue) {
			a.inStr = false
			b = append(b, '"')
		}
		return b, nil
	}
	if continues(arg.WillContinue) && (arg.NumberValue != nil || arg.BoolValue != nil || arg.NULLValue != "") {
		return b, fmt.Errorf("the value at %s is not a string, yet says willContinue", showPath(arg.JsonPath))
	}
	// Close the containers the new value is not in.
	k := 0
	for k < len(a.open) && k < len(segs)-1 && a.open[k] == segs[k] {
		k++
	}
	b = a.closeTo(b, k)
	// Open the containers down to the value.
	for i := k; i < len(segs); i++ {
		s := segs[i]
		if (s.index < 0) != (a.kinds[i] == '{') || s.index >= 0 && s.index != a.members[i] {
			// A name in an array, an index in an object, an element out of
			// order: the text would say something else than the path.
			return b, fmt.Errorf("%w: %s", errPath, showPath(arg.JsonPath))
		}
		if s.index < 0 {
			if a.names[i][s.name] {
				// The decoder would refuse the text, and a map would keep
				// one of the two: neither is what the model sent.
				return b, fmt.Errorf("the member %s arrived twice", pathText(segs[:i+1]))
			}
			if a.names[i] == nil {
				a.names[i] = map[string]bool{}
			}
			a.names[i][s.name] = true
		}
		if a.members[i] > 0 {
			b = append(b, ',')
		}
		a.members[i]++
		if s.index < 0 {
			b = appendString(b, s.name)
			b = append(b, ':')
		}
		if i < len(segs)-1 {
			kind := byte('{')
			if segs[i+1].index >= 0 {
				kind = '['
			}
			a.open = append(a.open, s)
			a.kinds = append(a.kinds, kind)
			a.members = append(a.members, 0)
			a.names = append(a.names, nil)
			b = append(b, kind)
		}
	}
	a.leaf = append(a.leaf[:0], segs...)
	switch {
	case arg.NumberValue != nil:
		n, err := json.Marshal(*arg.NumberValue)
		if err != nil {
			return b, err
		}
		b = append(b, n...)
	case arg.BoolValue != nil:
		b = strconv.AppendBool(b, *arg.BoolValue)
	case arg.NULLValue != "":
		b = append(b, "null"...)
	default:
		b = append(b, '"')
		b = appendStringPart(b, arg.StringValue)
		if continues(arg.WillContinue) {
			a.inStr = true
		} else {
			b = append(b, '"')
		}
	}
	return b, nil
}

// end appends the text that closes the arguments, at the call's end: an
// error when a string has not ended.
func (a *argsText) end(b []byte) ([]byte, error) {
	if !a.started {
		a.started = true
		return append(b, "{}"...), nil
	}
	if a.inStr {
		return b, a.unfinished("before the call's end")
	}
	b = a.closeTo(b, 0)
	return append(b, '}'), nil
}

// unfinished is the error of a string that has not ended when something
// else arrives.
func (a *argsText) unfinished(before string) error {
	return fmt.Errorf("the string at %s did not end (willContinue) %s", pathText(a.leaf), before)
}

// closeTo closes the open containers deeper than depth k (below the root).
func (a *argsText) closeTo(b []byte, k int) []byte {
	for len(a.open) > k {
		last := len(a.open)
		if a.kinds[last] == '{' {
			b = append(b, '}')
		} else {
			b = append(b, ']')
		}
		a.open, a.kinds, a.members, a.names = a.open[:last-1], a.kinds[:last], a.members[:last], a.names[:last]
	}
	return b
}

func equalPath(x, y []segment) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	b = appendStringPart(b, s)
	return append(b, '"')
}

// appendStringPart appends the characters of s as inside a JSON string.
func appendStringPart(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always marshals
	return append(b, q[1:len(q)-1]...)
}

// pathText writes segments as a JSONPath, for the model to read.
func pathText(segs []segment) string {
	b := []byte{'$'}
	for _, s := range segs {
		switch {
		case s.index >= 0:
			b = strconv.AppendInt(append(b, '['), int64(s.index), 10)
			b = append(b, ']')
		case s.name != "" && !strings.ContainsAny(s.name, ".[]'\"\\") && strconv.CanBackquote(s.name):
			b = append(append(b, '.'), s.name...)
		default:
			b = append(append(b, '['), strconv.Quote(s.name)...)
			b = append(b, ']')
		}
	}
	return showPath(string(b))
}

// showPath is a path the model wrote, to show it again: at most 64 bytes,
// quoted unless printable.
func showPath(p string) string {
	if c, cut := cut(p); cut {
		p = c + "…"
	}
	if strconv.CanBackquote(p) {
		return p
	}
	return strconv.Quote(p)
}

// quote is a name or an id the model wrote, to show it again: quoted, at
// most 64 bytes of it.
func quote(s string) string {
	c, cut := cut(s)
	if cut {
		return strconv.Quote(c) + "…"
	}
	return strconv.Quote(s)
}

// cut returns the first 64 bytes of s at most, ending before a character
// they would split, and whether it cut s.
func cut(s string) (string, bool) {
	if len(s) <= 64 {
		return s, false
	}
	n := 64
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n], true
}
