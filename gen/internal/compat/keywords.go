package compat

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// This file compares the keywords Schemas models, one method each: type,
// enum and const, the bounds, an object's members, the alternatives of
// oneOf, anyOf and allOf; and any other keyword, added, removed or changed.

// types compares the type keywords: absent is every type; integer is a
// number.
func (d *differ) types(path string, om, nm map[string]any) {
	if equal(om["type"], nm["type"]) {
		return
	}
	ot, nt := typeSet(om["type"]), typeSet(nm["type"])
	from, to := typeText(om["type"]), typeText(nm["type"])
	switch {
	case subset(nt, ot):
		d.report(path, narrower, "type narrowed from %s to %s", from, to)
	case subset(ot, nt):
		d.report(path, wider, "type widened from %s to %s", from, to)
	default:
		d.report(path, breaking, "type changed from %s to %s", from, to)
	}
}

var allTypes = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

func typeSet(v any) []string {
	var set []string
	switch v := v.(type) {
	case nil:
		return allTypes
	case string:
		set = []string{v}
	case []any:
		for _, t := range v {
			if s, ok := t.(string); ok {
				set = append(set, s)
			}
		}
	}
	if slices.Contains(set, "number") && !slices.Contains(set, "integer") {
		set = append(set, "integer")
	}
	return set
}

func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func typeText(v any) string {
	if v == nil {
		return "any"
	}
	return show(v)
}

// enum compares enum and const as sets of values.
func (d *differ) enum(path string, om, nm map[string]any) {
	ov, oHas := values(om)
	nv, nHas := values(nm)
	switch {
	case !oHas && !nHas:
	case oHas && !nHas:
		d.report(path, wider, "enum removed: any value of its type now")
	case !oHas && nHas:
		d.report(path, narrower, "enum added: one of %s now", cut(strings.Join(nv, ", ")))
	default:
		inOld, inNew := set(ov), set(nv)
		for _, v := range ov {
			if !inNew[v] {
				d.report(path, narrower, "enum value %s removed", cut(v))
			}
		}
		for _, v := range nv {
			if !inOld[v] {
				d.report(path, wider, "enum value %s added", cut(v))
			}
		}
	}
}

func set(list []string) map[string]bool {
	m := make(map[string]bool, len(list))
	for _, v := range list {
		m[v] = true
	}
	return m
}

// values are the JSON of the values an enum or a const allows, a number
// in one spelling, sorted.
func values(m map[string]any) ([]string, bool) {
	var out []string
	has := false
	if e, ok := m["enum"].([]any); ok {
		has = true
		for _, v := range e {
			out = append(out, identity(v))
		}
	}
	if c, ok := m["const"]; ok {
		if has {
			// Both: only the const's value, if the enum has it.
			if slices.Contains(out, identity(c)) {
				out = []string{identity(c)}
			} else {
				out = nil
			}
		} else {
			out, has = []string{identity(c)}, true
		}
	}
	slices.Sort(out)
	return slices.Compact(out), has
}

// bound is a numeric keyword and whether a greater value accepts less.
type bound struct {
	key   string
	lower bool // a lower bound: raising it tightens
}

var bounds = []bound{
	{"minimum", true}, {"exclusiveMinimum", true}, {"maximum", false}, {"exclusiveMaximum", false},
	{"minLength", true}, {"maxLength", false}, {"minItems", true}, {"maxItems", false},
	{"minProperties", true}, {"maxProperties", false},
}

// bounds compares the numeric bounds and multipleOf.
func (d *differ) bounds(path string, om, nm map[string]any) {
	for _, b := range bounds {
		ov, oHas := om[b.key]
		nv, nHas := nm[b.key]
		switch {
		case !oHas && !nHas:
		case oHas && !nHas:
			d.report(path, wider, "%s %s removed", b.key, show(ov))
		case !oHas && nHas:
			d.report(path, narrower, "%s %s added", b.key, show(nv))
		default:
			o, ok1 := number(ov)
			n, ok2 := number(nv)
			if !ok1 || !ok2 {
				// exclusiveMinimum: true of draft-04, and the like.
				if !equal(ov, nv) {
					d.report(path, review, "%s %s -> %s", b.key, show(ov), show(nv))
				}
				continue
			}
			c := n.Cmp(o)
			if c == 0 {
				continue
			}
			if (c > 0) == b.lower {
				d.report(path, narrower, "%s tightened from %s to %s", b.key, show(ov), show(nv))
			} else {
				d.report(path, wider, "%s loosened from %s to %s", b.key, show(ov), show(nv))
			}
		}
	}
	ov, oHas := om["multipleOf"]
	nv, nHas := nm["multipleOf"]
	switch {
	case !oHas && !nHas, equal(ov, nv):
	case oHas && !nHas:
		d.report(path, wider, "multipleOf %s removed", show(ov))
	case !oHas && nHas:
		d.report(path, narrower, "multipleOf %s added", show(nv))
	default:
		o, ok1 := number(ov)
		n, ok2 := number(nv)
		switch {
		case ok1 && ok2 && o.Sign() > 0 && new(big.Rat).Quo(n, o).IsInt():
			d.report(path, narrower, "multipleOf tightened from %s to %s", show(ov), show(nv))
		case ok1 && ok2 && n.Sign() > 0 && new(big.Rat).Quo(o, n).IsInt():
			d.report(path, wider, "multipleOf loosened from %s to %s", show(ov), show(nv))
		default:
			d.report(path, breaking, "multipleOf changed from %s to %s", show(ov), show(nv))
		}
	}
}

func number(v any) (*big.Rat, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(string(n))
}

// object compares the members of an object schema.
func (d *differ) object(path string, om, nm map[string]any, depth int) {
	op, _ := om["properties"].(map[string]any)
	np, _ := nm["properties"].(map[string]any)
	oreq, nreq := stringSet(om["required"]), stringSet(nm["required"])
	// Whether an unlisted member is refused.
	oClosed, nClosed := om["additionalProperties"] == false, nm["additionalProperties"] == false
	for _, name := range sortedKeys(union(op, np)) {
		at := join(path, name)
		os, oHas := op[name]
		ns, nHas := np[name]
		or, nr := slices.Contains(oreq, name), slices.Contains(nreq, name)
		switch {
		case oHas && !nHas:
			if d.produced {
				d.report(at, breaking, "member removed: a client reading it no longer gets it")
			} else if nClosed {
				d.report(at, breaking, "member removed: a client sending it is refused")
			} else {
				d.report(at, breaking, "member removed: a client sending it is ignored")
			}
		case !oHas && nHas:
			switch {
			case nr && !d.produced:
				d.report(at, narrower, "member added as required: a client that does not send it is refused")
			case nr:
				d.report(at, neutral, "member added, always present")
			default:
				d.report(at, neutral, "optional member added")
			}
		default:
			if or != nr {
				if nr {
					d.report(at, narrower, "member now required")
				} else {
					d.report(at, wider, "member no longer required")
				}
			}
			d.schema(at, os, ns, depth+1)
		}
	}
	// required names without a property of their own.
	for _, name := range oreq {
		if _, ok := op[name]; !ok && !slices.Contains(nreq, name) {
			d.report(join(path, name), wider, "no longer required")
		}
	}
	for _, name := range nreq {
		if _, ok := np[name]; !ok && !slices.Contains(oreq, name) {
			d.report(join(path, name), narrower, "now required")
		}
	}
	oa, oHas := om["additionalProperties"]
	na, nHas := nm["additionalProperties"]
	switch {
	case oClosed && !nClosed:
		d.report(path, wider, "other members now allowed")
	case !oClosed && nClosed:
		d.report(path, narrower, "other members no longer allowed")
	case (oHas || nHas) && !oClosed && !nClosed:
		d.schema(path+"{}", orTrue(oa), orTrue(na), depth+1)
	}
	opp, _ := om["patternProperties"].(map[string]any)
	npp, _ := nm["patternProperties"].(map[string]any)
	for _, p := range sortedKeys(union(opp, npp)) {
		os, oHas := opp[p]
		ns, nHas := npp[p]
		at := path + "{" + p + "}"
		switch {
		case oHas && !nHas:
			d.report(at, review, "members matching %s no longer constrained so", strconv.Quote(p))
		case !oHas && nHas:
			d.report(at, review, "members matching %s now constrained", strconv.Quote(p))
		default:
			d.schema(at, os, ns, depth+1)
		}
	}
}

// alternatives compares oneOf, anyOf or allOf (not a nullable's): the same
// number of alternatives pairwise; alternatives added to or removed from
// anyOf, unchanged otherwise, widen or narrow; anything else is for review.
func (d *differ) alternatives(path, key string, o, n any, depth int) {
	if equal(o, n) {
		return
	}
	if o == nil || n == nil {
		only := func(v any) map[string]any {
			if v == nil {
				return nil
			}
			return map[string]any{key: v}
		}
		d.keyword(path, key, only(o), only(n))
		return
	}
	oa, _ := o.([]any)
	na, _ := n.([]any)
	if len(oa) == len(na) {
		for i := range oa {
			d.schema(fmt.Sprintf("%s(%s %d)", path, key, i), oa[i], na[i], depth+1)
		}
		return
	}
	if key == "anyOf" && len(oa) > 0 && len(na) > 0 {
		os, ns := shows(oa), shows(na)
		switch {
		case subset(os, ns):
			d.report(path, wider, "anyOf alternative added")
			return
		case subset(ns, os):
			d.report(path, narrower, "anyOf alternative removed")
			return
		}
	}
	d.report(path, review, "%s: %d alternatives -> %d", key, len(oa), len(na))
}

// keyword compares a keyword schema does not model.
func (d *differ) keyword(path, k string, om, nm map[string]any) {
	ov, oHas := om[k]
	nv, nHas := nm[k]
	conditional := k == "if" || k == "then" || k == "else"
	switch {
	case equal(ov, nv):
	case !oHas && !conditional:
		d.report(path, narrower, "%s added", k)
	case !nHas && !conditional:
		d.report(path, wider, "%s removed", k)
	default:
		d.report(path, review, "%s", k)
	}
}
