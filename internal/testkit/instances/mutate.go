package instances

import (
	"encoding/json"
	"math/big"
	"slices"
	"strings"
)

// mutate breaks a value in one place, at the top or in a member or item.
func (d *drawer) mutate(v any, depth int) any {
	switch x := v.(type) {
	case map[string]any:
		if len(x) > 0 && d.pct(60) && depth < 6 {
			k := pick(d, sortedKeys(x)...)
			out := copyMap(x)
			out[k] = d.mutate(x[k], depth+1)
			return out
		}
		out := copyMap(x)
		switch {
		case len(x) > 0 && d.pct(40):
			delete(out, pick(d, sortedKeys(x)...))
		case d.pct(50):
			out[pick(d, "x-undeclared", "tz", "", "a/b")] = pick[any](d, "x", json.Number("1"), nil)
		default:
			return d.wrongType(v)
		}
		return out
	case []any:
		if len(x) > 0 && d.pct(60) && depth < 6 {
			i := d.r.IntN(len(x))
			out := slices.Clone(x)
			out[i] = d.mutate(x[i], depth+1)
			return out
		}
		switch {
		case len(x) > 0 && d.pct(30):
			return append(slices.Clone(x), x[0])
		case len(x) > 0 && d.pct(30):
			return x[:len(x)-1]
		case d.pct(30):
			return append(slices.Clone(x), "extra")
		}
		return d.wrongType(v)
	case string:
		if d.pct(30) {
			return d.wrongType(v)
		}
		return pick[any](d, "", "not a "+pick(d, "date", "uri", "uuid", "format"), strings.Repeat("z", 300), "{", x+"!", d.wrongType(v))
	case json.Number:
		next := json.Number("1")
		if r := rat(x); r != nil {
			next = number(r.Add(r, big.NewRat(1, 1)))
		}
		return pick[any](d, json.Number("-1"), json.Number("1e12"), json.Number("0.5"), next, d.wrongType(v))
	}
	return d.wrongType(v)
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (d *drawer) wrongType(v any) any {
	pool := []any{nil, true, json.Number("3"), json.Number("3.5"), "3", []any{}, map[string]any{}}
	for {
		w := pick(d, pool...)
		if sameKind(v, w) {
			continue
		}
		return w
	}
}

func sameKind(a, b any) bool {
	switch a.(type) {
	case nil:
		return b == nil
	case bool:
		_, ok := b.(bool)
		return ok
	case json.Number:
		_, ok := b.(json.Number)
		return ok
	case string:
		_, ok := b.(string)
		return ok
	case []any:
		_, ok := b.([]any)
		return ok
	case map[string]any:
		_, ok := b.(map[string]any)
		return ok
	}
	return false
}
