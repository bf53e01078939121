package toolimpl

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/toolgen-go/toolgen/runtime/internal/jsonscan"
	"github.com/toolgen-go/toolgen/runtime/internal/jsonvalue"
)

// Head returns the first n items of list, or list when it is shorter: the
// items a validator checks when an array is longer than its maxItems.
func Head(list []any, n int) []any {
	if len(list) > n {
		return list[:n]
	}
	return list
}

// KeysInOrder yields the keys of m in ascending order, for generated code
// that reports errors member by member: it sorts lazily (a heap), so that a
// loop that stops when its Report is full after a few members costs time
// linear in the number of members, not n·log n.
func KeysInOrder(m map[string]any) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		inOrder(keys)(yield)
	}
}

// inOrder yields keys in ascending order, sorting them lazily as
// KeysInOrder does; it reorders keys.
func inOrder(keys []string) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		for i := len(keys)/2 - 1; i >= 0; i-- {
			siftDown(keys, i)
		}
		for n := len(keys); n > 0; n-- {
			if !yield(keys[0]) {
				return
			}
			keys[0] = keys[n-1]
			keys = keys[:n-1]
			siftDown(keys, 0)
		}
	}
}

// siftDown restores the min-heap order of keys below i.
func siftDown(keys []string, i int) {
	for {
		least := i
		if l := 2*i + 1; l < len(keys) && keys[l] < keys[least] {
			least = l
		}
		if r := 2*i + 2; r < len(keys) && keys[r] < keys[least] {
			least = r
		}
		if least == i {
			return
		}
		keys[i], keys[least] = keys[least], keys[i]
		i = least
	}
}

// Length returns the number of characters of v, as minLength and maxLength
// count them: code points, an invalid byte counting as one, as
// utf8.RuneCountInString counts them.
//
// Not inlined: generated code counts the characters of every string member
// with a length bound, and the loop inlined in each made a package of many
// tools slow to build (see docs/performance.md).
//
//go:noinline
func Length(v string) int {
	n := 0
	for range v {
		n++
	}
	return n
}

// IntKey reads an object member's name as an integer key of a Go map, as
// encoding/json reads the keys of a map[int]T. It reports false when the name
// is not an integer in [min, max].
func IntKey(k string, min, max int64) (int64, bool) {
	n, err := strconv.ParseInt(k, 10, 64)
	return n, err == nil && n >= min && n <= max
}

// Bytes decodes a base64 string (standard encoding, with padding), as
// encoding/json decodes a []byte field.
func Bytes(s string) ([]byte, bool) {
	b, err := base64.StdEncoding.DecodeString(s)
	return b, err == nil
}

// Marshal is json.Marshal for generated code, which hands a value the
// validator accepted to a type's UnmarshalJSON: a value built by hand that
// nests deeper than a parsed call can (512 levels), or contains itself, is
// an error, never a walk without end.
func Marshal(v any) ([]byte, error) {
	if jsonvalue.NestsDeeper(v, jsonscan.MaxNesting) {
		return nil, errTooDeep
	}
	return json.Marshal(v)
}

var errTooDeep = errors.New("the value nests deeper than 512 levels")
