package toolcalls

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Draw returns n argument objects drawn from a canonical schema (see
// Objects): a third valid, the others broken in one or more places; each
// as encoding/json writes it (members sorted, no space). The same schema, n
// and seed give the same objects, and the first n of a larger draw.
func Draw(schema []byte, n int, seed uint64) ([][]byte, error) {
	var root map[string]any
	dec := json.NewDecoder(bytes.NewReader(schema))
	dec.UseNumber()
	if err := dec.Decode(&root); err != nil {
		return nil, fmt.Errorf("the schema is not a JSON object: %w", err)
	}
	return Objects(root, n, seed), nil
}

// Raw returns Draw's objects as a model's raw calls: written the ways models
// and libraries write JSON (see Writer), one in six of them then broken the
// ways a model's output breaks (see Mutate). The same schema, n and seed
// give the same calls.
func Raw(schema []byte, n int, seed uint64) ([][]byte, error) {
	drawn, err := Draw(schema, n, seed)
	if err != nil {
		return nil, err
	}
	w := Writer{R: rand.New(rand.NewPCG(seed, 0x6f_6e_65)), Order: PropertyOrder(schema)}
	calls := make([][]byte, len(drawn))
	for i, call := range drawn {
		var v any
		dec := json.NewDecoder(bytes.NewReader(call))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		raw := w.Write(nil, v)
		if w.R.IntN(6) == 0 {
			raw = Mutate(w.R, raw)
		}
		calls[i] = raw
	}
	return calls, nil
}

// PropertyOrder ranks the member names of a schema in the order they are
// declared: the order a model writes them in.
func PropertyOrder(schema []byte) map[string]int {
	order := map[string]int{}
	dec := json.NewDecoder(bytes.NewReader(schema))
	var walk func(inProperties bool) error
	walk = func(inProperties bool) error {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return err
				}
				k, _ := kt.(string)
				if _, seen := order[k]; inProperties && !seen {
					order[k] = len(order)
				}
				if err := walk(k == "properties" && !inProperties); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		case json.Delim('['):
			for dec.More() {
				if err := walk(false); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		}
		return err
	}
	_ = walk(false)
	return order
}

// Writer writes JSON values the ways models and libraries differ.
type Writer struct {
	R     *rand.Rand
	Order map[string]int // the declaration order of member names
}

// Write appends v, a value as encoding/json decodes it with UseNumber, to b.
func (w Writer) Write(b []byte, v any) []byte {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		switch w.R.IntN(4) {
		case 0:
			slices.SortStableFunc(keys, func(a, b string) int { return w.rank(a) - w.rank(b) })
		case 2:
			slices.Reverse(keys)
		case 3:
			w.R.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		}
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = w.space(w.str(w.space(b), k))
			b = w.Write(append(b, ':'), x[k])
		}
		return append(w.space(b), '}')
	case []any:
		b = append(b, '[')
		for i, item := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = w.Write(w.space(b), item)
		}
		return append(b, ']')
	case string:
		return w.str(b, x)
	case json.Number:
		lit := string(x)
		if !strings.ContainsAny(lit, ".eE") && w.R.IntN(6) == 0 {
			return append(b, []string{lit + ".0", lit + "e0", lit + "E+0", lit + "0e-1"}[w.R.IntN(4)]...)
		}
		return append(b, lit...)
	}
	lit, _ := json.Marshal(v)
	return append(b, lit...)
}

func (w Writer) rank(k string) int {
	if r, ok := w.Order[k]; ok {
		return r
	}
	return 1 << 20
}

func (w Writer) space(b []byte) []byte {
	if w.R.IntN(5) == 0 {
		b = append(b, []string{" ", "\n  ", "\t"}[w.R.IntN(3)]...)
	}
	return b
}

// str writes s as a JSON string, escaping a character now and then.
func (w Writer) str(b []byte, s string) []byte {
	quoted, _ := json.Marshal(s)
	if w.R.IntN(8) != 0 {
		return append(b, quoted...)
	}
	b = append(b, '"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\' || c < 0x20 || w.R.IntN(3) == 0:
			if c > 0xFFFF {
				hi, lo := (c-0x10000)>>10+0xD800, (c-0x10000)&0x3FF+0xDC00
				b = fmt.Appendf(b, `\u%04x\u%04X`, hi, lo)
			} else {
				b = fmt.Appendf(b, `\u%04x`, c)
			}
		default:
			b = append(b, string(c)...)
		}
	}
	return append(b, '"')
}

// Mutate breaks a document the ways a model's output breaks: truncated, a
// byte lost or changed, a member repeated, data after the end, a number out
// of range, not an object.
func Mutate(r *rand.Rand, b []byte) []byte {
	if len(b) == 0 {
		return b
	}
	i := r.IntN(len(b))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	switch r.IntN(8) {
	case 0:
		return b[:i]
	case 1:
		return append(b[:i:i], b[i+1:]...)
	case 2:
		b[i] = "{}[],:\"\\ 0-e.tnx\x00\xff"[r.IntN(18)]
		return b
	case 3:
		// A member repeated: the first member's name again.
		if j := bytes.IndexByte(b, ':'); j > 0 && b[0] == '{' {
			if k := bytes.LastIndexByte(b, '}'); k > j {
				return append(b[:k:k], append(append([]byte(","), b[1:j]...), append([]byte(":null"), b[k:]...)...)...)
			}
		}
		return b
	case 4:
		return append(b, pick(" {}", "x", ",", " \n")...)
	case 5:
		return append(append([]byte("["), b...), ']')
	case 6:
		if j := bytes.IndexByte(b, ':'); j > 0 {
			j++
			return append(b[:j:j], append([]byte(pick("1e999,", "-2e308,", "1"+strings.Repeat("0", 309)+",")), b[j:]...)...)
		}
		return b
	default:
		return append(b[:i:i], append([]byte(pick(`"`, `\u`, `\ud800`, "\xc3", `1e999`, `[`, `{"a":`)), b[i:]...)...)
	}
}
