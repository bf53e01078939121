// Package hostilevalue builds the values a tool's handler may return or
// panic with that break a naive rendering: values that contain themselves
// (maps, slices, pointers, structs), values nested past the runtime's parse
// limit (512 levels) and past encoding/json's (10,000), values with no JSON
// form (channels, functions, NaN, complex numbers, maps with keys JSON has no
// name for), MarshalJSON methods that fail, panic or write JSON a provider
// cannot carry; and, beside them, values every provider carries. Tests of the
// runtime and of the SDK adapters run them through a Set.
package hostilevalue

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"
)

// Case is a value and how a Set must treat it as a handler's output.
type Case struct {
	Name  string
	Value any
	// Sendable: encoding/json writes it, nested at most 512 levels deep, and
	// the runtime's strict parser reads the JSON back. Otherwise a Set fails
	// the call with code bad_result.
	Sendable bool
	// Panics: its MarshalJSON panics; a Set fails the call with code panic.
	Panics bool
	// Depth is how deep the JSON of a sendable value nests.
	Depth int
}

// node is a struct that points to itself.
type node struct {
	Name string
	Next *node
}

// tree has an unexported parent, which encoding/json does not write: it
// makes no cycle in the JSON, only in memory.
type tree struct {
	Name     string  `json:"name"`
	Children []*tree `json:"children"`
	parent   *tree
}

// marshaler writes JSON of its own, or fails.
type marshaler struct {
	out  string
	err  error
	boom bool
}

func (m marshaler) MarshalJSON() ([]byte, error) {
	if m.boom {
		panic("MarshalJSON bug")
	}
	return []byte(m.out), m.err
}

// nested is n arrays around an empty object, as JSON text.
func nested(n int) string { return strings.Repeat("[", n) + "{}" + strings.Repeat("]", n) }

// chain is n maps, each the only member of the one around it.
func chain(n int) any {
	var v any = "bottom"
	for range n {
		v = map[string]any{"next": v}
	}
	return v
}

// Cases lists the values. They are built once: do not change them.
func Cases() []Case { return slices.Clone(cases()) }

var cases = sync.OnceValue(func() []Case {
	selfMap := map[string]any{"name": "loop"}
	selfMap["self"] = selfMap
	selfSlice := []any{"loop", nil}
	selfSlice[1] = selfSlice
	selfNode := &node{Name: "loop"}
	selfNode.Next = selfNode
	var selfPointer any
	selfPointer = &selfPointer
	typedCycle := map[string][]any{"items": {1}}
	typedCycle["items"][0] = typedCycle
	parent := &tree{Name: "root"}
	parent.Children = []*tree{{Name: "leaf", parent: parent}}
	viaStruct := map[string]any{}
	viaStruct["holder"] = struct{ M map[string]any }{M: viaStruct}
	return []Case{
		{Name: "text", Value: "sunny\nand warm", Sendable: true},
		{Name: "object", Value: map[string]any{"city": "Paris", "high": 21.5, "days": []int{1, 2}}, Sendable: true, Depth: 2},
		{Name: "struct", Value: struct {
			Name string    `json:"name"`
			At   time.Time `json:"at"`
		}{"x", time.Unix(0, 0).UTC()}, Sendable: true, Depth: 1},
		{Name: "bytes", Value: []byte("raw"), Sendable: true},
		{Name: "raw JSON", Value: json.RawMessage(`{"a":[1,2]}`), Sendable: true, Depth: 2},
		{Name: "big integer", Value: json.Number("9007199254740993"), Sendable: true},
		{Name: "nil", Value: nil, Sendable: true},
		{Name: "tree with a parent pointer", Value: parent, Sendable: true, Depth: 3},
		{Name: "500 levels", Value: chain(500), Sendable: true, Depth: 500},
		{Name: "MarshalJSON, 500 levels", Value: marshaler{out: nested(499)}, Sendable: true, Depth: 500},

		{Name: "map that contains itself", Value: selfMap},
		{Name: "slice that contains itself", Value: selfSlice},
		{Name: "struct that points to itself", Value: selfNode},
		{Name: "pointer to itself", Value: &selfPointer},
		{Name: "typed map that contains itself", Value: typedCycle},
		{Name: "map that contains itself through a struct", Value: viaStruct},
		{Name: "600 levels", Value: chain(600)},
		{Name: "12,000 levels", Value: chain(12000)},
		{Name: "channel", Value: make(chan int)},
		{Name: "function", Value: func() {}},
		{Name: "NaN", Value: math.NaN()},
		{Name: "infinity", Value: map[string]any{"x": math.Inf(1)}},
		{Name: "complex", Value: complex(1, 2)},
		{Name: "map with array keys", Value: map[[2]int]int{{1, 2}: 3}},
		{Name: "MarshalJSON error", Value: marshaler{err: errors.New("cannot write")}},
		{Name: "MarshalJSON, not JSON", Value: marshaler{out: "{oops"}},
		{Name: "MarshalJSON, 5,000 levels", Value: marshaler{out: nested(5000)}},
		{Name: "MarshalJSON, 12,000 levels", Value: marshaler{out: nested(12000)}},
		{Name: "MarshalJSON, 1e400", Value: marshaler{out: `{"n":1e400}`}},
		{Name: "MarshalJSON, a member twice", Value: marshaler{out: `{"a":1,"a":2}`}},
		{Name: "MarshalJSON, invalid UTF-8", Value: marshaler{out: "\"\xff\""}},
		{Name: "raw JSON, 600 levels", Value: json.RawMessage(nested(600))},
		{Name: "raw JSON, not JSON", Value: json.RawMessage(`{"a":`)},
		{Name: "MarshalJSON panics", Value: marshaler{boom: true}, Panics: true},
	}
})

// Random composes a case: a value of Cases inside containers of every kind
// (maps, slices, structs, pointers, typed maps), sometimes hundreds deep,
// sometimes inside a container that contains itself.
func Random(rng *rand.Rand) Case {
	all := cases()
	c := all[rng.IntN(len(all))]
	levels := rng.IntN(6)
	if rng.IntN(5) == 0 && !c.Panics {
		levels = 400 + rng.IntN(200)
	}
	for range levels {
		switch rng.IntN(6) {
		case 0:
			c.Value = map[string]any{"v": c.Value, "n": 1}
		case 1:
			c.Value = []any{"x", c.Value}
		case 2:
			c.Value = struct{ V any }{c.Value}
		case 3:
			c.Value = &struct {
				V any `json:"v"`
			}{c.Value}
		case 4:
			c.Value = map[string][]any{"v": {c.Value}}
			c.Depth++
		case 5:
			v := c.Value
			c.Value = &v // a pointer adds no level
			c.Depth--
		}
		c.Depth++
	}
	if c.Depth > 512 {
		c.Sendable = false
	}
	if rng.IntN(6) == 0 {
		m := map[string]any{"v": c.Value}
		m["self"] = m
		c.Value, c.Sendable, c.Panics = m, false, false // found before any MarshalJSON runs
	}
	c.Name += " (composed)"
	return c
}
