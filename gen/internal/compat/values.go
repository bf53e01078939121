package compat

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/toolgen-go/toolgen/internal/value"
)

// This file holds what the comparisons share about JSON values: equality
// and identity as the validators see them, and their texts in a message.

func shows(vs []any) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = show(v)
	}
	return out
}

// join is the name of member name of the value at path: "coords.lat".
func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func refOrTrue(ref any) any {
	if ref == nil {
		return true
	}
	return map[string]any{"$ref": ref}
}

func orTrue(v any) any {
	if v == nil {
		return true
	}
	return v
}

func stringSet(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// describe names what a schema accepts, for a message.
func describe(v any) string {
	switch v {
	case false:
		return "no value"
	case true:
		return "any value"
	}
	return show(v)
}

// show is a value's JSON, cut to 80 bytes.
func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return cut(fmt.Sprint(v))
	}
	return cut(string(b))
}

// cut cuts a text for a message to 80 bytes.
func cut(s string) string {
	if len(s) > 80 {
		return strings.ToValidUTF8(s[:77], "") + "..."
	}
	return s
}

// identity is a value's whole JSON, a number's in one spelling (1, 1.0
// and 1e0 alike), to compare enum values by.
func identity(v any) string {
	if n, ok := number(v); ok {
		return n.RatString()
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// equal reports whether two decoded JSON values are the same value, as
// enum and const compare them (numbers by value); values nested deeper
// than value.MaxDepth are not.
func equal(a, b any) (same bool) {
	defer func() {
		if r := recover(); r != nil {
			if !value.IsTooDeep(r) {
				panic(r)
			}
			same = false
		}
	}()
	return value.Equal(a, b)
}

func union[V any](a, b map[string]V) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
