package compat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// This file walks two schemas side by side: Schemas, the classification of
// a finding, the dispatch of each keyword, local $refs and nullable
// alternatives. The comparison of each keyword it models is keywords.go's.

// Finding is one difference between two schemas.
type Finding struct {
	Breaking bool
	Msg      string // where, and what changed: "days: maximum tightened from 14 to 7"
}

// effect is what a difference does to the set of values a schema accepts.
type effect int

const (
	neutral  effect = iota // words only (a description) or a new optional member: compatible
	wider                  // accepts more: compatible for what a client sends, breaking for what it reads
	narrower               // accepts less: breaking for what a client sends, compatible for what it reads
	breaking               // breaking whichever way (a member removed, a type changed)
	review                 // cannot tell: reported as "changed (review)", breaking
)

// maxDepth bounds the descent into nested schemas; a deeper difference is
// reported for review.
const maxDepth = 64

// Schemas compares two JSON Schemas, old and new, and returns each
// difference, classified: for what a client sends (arguments, an answer:
// produced false), a schema that accepts less breaks it; for what it reads
// (a result: produced true), one that may produce more does, and a member
// removed or made optional does. Members are compared by name, items,
// additionalProperties, patternProperties and the alternatives of a
// nullable member descend, local $refs are resolved (each pair of
// definitions compared once), and a keyword it cannot classify is
// reported "changed (review)". Schemas that are not JSON are one finding
// for review.
func Schemas(old, new []byte, produced bool) []Finding {
	var o, n any
	if err := decode(old, &o); err != nil {
		return []Finding{{Breaking: true, Msg: "changed (review): the old schema does not read: " + err.Error()}}
	}
	if err := decode(new, &n); err != nil {
		return []Finding{{Breaking: true, Msg: "changed (review): the new schema does not read: " + err.Error()}}
	}
	// The roots are compared now: a "#" in them is compared already.
	d := differ{oldRoot: o, newRoot: n, produced: produced, seen: map[[2]string]bool{{"#", "#"}: true}}
	d.schema("", o, n, 0)
	return d.out
}

func decode(b []byte, v *any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("more than one JSON value")
	}
	return nil
}

type differ struct {
	oldRoot, newRoot any
	produced         bool
	seen             map[[2]string]bool // the pairs of $refs compared
	out              []Finding
}

// report adds a finding at path, classified by its effect.
func (d *differ) report(path string, e effect, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if e == review {
		msg = "changed (review): " + msg
	}
	if path != "" {
		msg = path + ": " + msg
	}
	br := false
	switch e {
	case wider:
		br = d.produced
	case narrower:
		br = !d.produced
	case breaking, review:
		br = true
	}
	d.out = append(d.out, Finding{Breaking: br, Msg: msg})
}

// annotations are keywords that change no value's validity.
var annotations = map[string]bool{
	"description": true, "title": true, "examples": true, "$comment": true,
	"deprecated": true, "readOnly": true, "writeOnly": true, "$schema": true, "$id": true, "$anchor": true,
}

// handled are the keywords schema compares itself; any other that differs
// is for review.
var handled = map[string]bool{
	"type": true, "enum": true, "const": true, "properties": true, "required": true,
	"additionalProperties": true, "patternProperties": true, "items": true, "$ref": true, "$defs": true, "definitions": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"minLength": true, "maxLength": true, "minItems": true, "maxItems": true, "minProperties": true, "maxProperties": true,
	"pattern": true, "format": true, "uniqueItems": true, "multipleOf": true, "oneOf": true, "anyOf": true, "allOf": true,
}

// schema compares the schemas of one location.
func (d *differ) schema(path string, o, n any, depth int) {
	if depth > maxDepth {
		if !equal(o, n) {
			d.report(path, review, "nested deeper than %d levels", maxDepth)
		}
		return
	}
	// Local references: compare what they point to, each pair once.
	or, oref := d.resolve(d.oldRoot, o)
	nr, nref := d.resolve(d.newRoot, n)
	if oref != "" || nref != "" {
		if oref != "" && nref != "" && d.seen[[2]string{oref, nref}] {
			return
		}
		if or == nil || nr == nil {
			if !equal(o, n) {
				d.report(path, review, "a $ref toolgen cannot follow")
			}
			return
		}
		if oref != "" && nref != "" {
			d.seen[[2]string{oref, nref}] = true
		}
		o, n = or, nr
	}
	om, oObj := o.(map[string]any)
	nm, nObj := n.(map[string]any)
	if !oObj || !nObj {
		// A boolean schema: true accepts everything, false nothing.
		switch {
		case equal(o, n):
		case n == true || o == false:
			d.report(path, wider, "now accepts any value")
		case n == false || o == true:
			d.report(path, narrower, "now accepts %s", describe(n))
		default:
			d.report(path, review, "schema")
		}
		return
	}
	// A nullable member, oneOf/anyOf of a schema and null, compares as the
	// schema, nullable.
	oInner, oNull := nullable(om)
	nInner, nNull := nullable(nm)
	if oNull != nNull {
		if nNull {
			d.report(path, wider, "now nullable")
		} else {
			d.report(path, narrower, "no longer nullable")
		}
	}
	if oNull {
		om = unwrap(om, oInner)
	}
	if nNull {
		nm = unwrap(nm, nInner)
	}
	if o, n := str(om["description"]), str(nm["description"]); o != n {
		d.report(path, neutral, "description changed")
	}
	for _, k := range []string{"title", "examples", "$comment", "deprecated", "readOnly", "writeOnly"} {
		if !equal(om[k], nm[k]) {
			d.report(path, neutral, "%s changed", k)
		}
	}
	d.types(path, om, nm)
	d.enum(path, om, nm)
	d.bounds(path, om, nm)
	for _, k := range []string{"pattern", "format"} {
		ov, oHas := om[k]
		nv, nHas := nm[k]
		switch {
		case oHas && !nHas:
			d.report(path, wider, "%s %s removed", k, show(ov))
		case !oHas && nHas:
			d.report(path, narrower, "%s %s added", k, show(nv))
		case !equal(ov, nv):
			d.report(path, review, "%s %s -> %s", k, show(ov), show(nv))
		}
	}
	if ou, nu := om["uniqueItems"] == true, nm["uniqueItems"] == true; ou != nu {
		if nu {
			d.report(path, narrower, "items must now be unique")
		} else {
			d.report(path, wider, "items need no longer be unique")
		}
	}
	d.object(path, om, nm, depth)
	if oi, ni := om["items"], nm["items"]; oi != nil || ni != nil {
		d.schema(path+"[]", orTrue(oi), orTrue(ni), depth+1)
	}
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		d.alternatives(path, k, om[k], nm[k], depth)
	}
	// A $ref beside other keywords: what it points to.
	if oref, nref := om["$ref"], nm["$ref"]; oref != nil || nref != nil {
		d.schema(path, refOrTrue(oref), refOrTrue(nref), depth+1)
	}
	// Every other keyword: the keywords of a schema all apply, so one
	// added accepts less and one removed more; changed, or an if, then or
	// else (which act together), it is for review.
	for _, k := range sortedKeys(union(om, nm)) {
		if handled[k] || annotations[k] || k == "default" {
			continue
		}
		d.keyword(path, k, om, nm)
	}
	if !equal(om["default"], nm["default"]) {
		d.report(path, review, "default %s -> %s: a client leaving it out gets another value", show(om["default"]), show(nm["default"]))
	}
}

// resolve follows a schema's local $ref ("#", "#/$defs/X", any JSON
// pointer into the document) to what it points to, with the reference;
// nil and the reference for one it cannot follow; the schema itself and ""
// without one. A $ref beside other keywords is compared as written.
func (d *differ) resolve(root, s any) (any, string) {
	m, ok := s.(map[string]any)
	if !ok || len(m) != 1 {
		return s, ""
	}
	ref, ok := m["$ref"].(string)
	if !ok {
		return s, ""
	}
	if !strings.HasPrefix(ref, "#") {
		return nil, ref
	}
	cur := root
	if ptr := ref[1:]; ptr != "" {
		if !strings.HasPrefix(ptr, "/") {
			return nil, ref
		}
		for _, tok := range strings.Split(ptr[1:], "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			switch c := cur.(type) {
			case map[string]any:
				cur = c[tok]
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(c) {
					return nil, ref
				}
				cur = c[i]
			default:
				return nil, ref
			}
			if cur == nil {
				return nil, ref
			}
		}
	}
	return cur, ref
}

// nullable splits a schema that is oneOf or anyOf of a schema and
// {"type":"null"} into that schema and true.
func nullable(m map[string]any) (any, bool) {
	for _, k := range []string{"oneOf", "anyOf"} {
		alts, ok := m[k].([]any)
		if !ok || len(alts) != 2 || len(m) > 2 || (len(m) == 2 && m["description"] == nil) {
			continue
		}
		for i, a := range alts {
			if am, ok := a.(map[string]any); ok && len(am) == 1 && am["type"] == "null" {
				return alts[1-i], true
			}
		}
	}
	return m, false
}

// unwrap returns the schema inner of a nullable schema outer, with the
// description outer has beside its alternatives.
func unwrap(outer map[string]any, inner any) map[string]any {
	m, ok := inner.(map[string]any)
	if !ok {
		// A boolean alternative: true accepts all, false none.
		m = map[string]any{}
		if inner == false {
			m["not"] = map[string]any{}
		}
	}
	if outer["description"] == nil {
		return m
	}
	c := make(map[string]any, len(m)+1)
	for k, v := range m {
		c[k] = v
	}
	c["description"] = outer["description"]
	return c
}
