package compat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/internal/value"
)

// Change is one difference between two definitions of a tool or an output,
// classified for its callers and clients.
type Change struct {
	Output bool   // of a structured output, not a tool
	Name   string // the tool's or output's name; the new one for a renamed tool
	// Result marks a change to a tool's result schema.
	Result bool
	// Breaking marks a change that can break a caller or a client: a
	// value they send that was valid is refused, or a result they read
	// lacks what it had. A change that cannot be classified is breaking,
	// its message saying "changed (review)".
	Breaking bool
	Msg      string // the whole message: "tool get_weather: arguments: ..."
}

// Diff compares the definitions of a generated file, old, with those that
// replace them, new, and returns every change: tools and outputs by name (a
// tool missing from new whose type names another is renamed), then each
// one's description, risk, idempotence, needs and schemas. The changes of
// a definition are in the order of its schema's members (sorted), and the
// definitions in the order of their names.
func Diff(old, new []Definition) []Change {
	key := func(d Definition) string { return d.Kind() + " " + d.Name }
	olds := map[string]Definition{}
	for _, d := range old {
		olds[key(d)] = d
	}
	news := map[string]Definition{}
	for _, d := range new {
		news[key(d)] = d
	}
	var out []Change
	// A definition gone whose Go type now generates one of another name
	// is renamed.
	renamed := map[string]string{} // new key -> old key
	for _, k := range sortedKeys(olds) {
		if _, ok := news[k]; ok {
			continue
		}
		o := olds[k]
		for _, nk := range sortedKeys(news) {
			n := news[nk]
			if _, existed := olds[nk]; !existed && renamed[nk] == "" && n.Output == o.Output && n.GoName != "" && n.GoName == o.GoName {
				renamed[nk] = k
				break
			}
		}
	}
	wasRenamed := map[string]bool{}
	for _, ok := range renamed {
		wasRenamed[ok] = true
	}
	for _, k := range sortedKeys(olds) {
		if _, ok := news[k]; !ok && !wasRenamed[k] {
			o := olds[k]
			out = append(out, Change{Output: o.Output, Name: o.Name, Breaking: true, Msg: fmt.Sprintf("%s %s removed", o.Kind(), o.Name)})
		}
	}
	for _, k := range sortedKeys(news) {
		n := news[k]
		o, ok := olds[k]
		if from := renamed[k]; from != "" {
			o, ok = olds[from], true
			out = append(out, Change{Output: n.Output, Name: n.Name, Breaking: true,
				Msg: fmt.Sprintf("%s %s renamed to %s (from %s): clients calling %s fail", n.Kind(), o.Name, n.Name, n.GoName, o.Name)})
		}
		if !ok {
			out = append(out, Change{Output: n.Output, Name: n.Name, Msg: fmt.Sprintf("%s %s added", n.Kind(), n.Name)})
			continue
		}
		out = append(out, definition(o, n)...)
	}
	return out
}

// definition compares two definitions of one tool or output.
func definition(o, n Definition) []Change {
	var out []Change
	add := func(result, breaking bool, format string, args ...any) {
		out = append(out, Change{Output: n.Output, Name: n.Name, Result: result, Breaking: breaking,
			Msg: fmt.Sprintf("%s %s: ", n.Kind(), n.Name) + fmt.Sprintf(format, args...)})
	}
	// An output's description is its schema's, compared there.
	if o.Description != n.Description && !n.Output {
		add(false, false, "description changed")
	}
	if o.Risk != n.Risk && !n.Output {
		raised := riskRank(n.Risk) > riskRank(o.Risk)
		why := "lowered"
		if raised {
			why = "raised: a call that ran may now need approval"
		}
		add(false, raised, "risk %s -> %s, %s", orNone(o.Risk), orNone(n.Risk), why)
	}
	if o.Idempotent != n.Idempotent && !n.Output {
		if n.Idempotent {
			add(false, false, "now idempotent")
		} else {
			add(false, true, "no longer idempotent: a client may no longer retry a call")
		}
	}
	for _, c := range n.Needs {
		if !slices.Contains(o.Needs, c) {
			add(false, true, "now needs the client's %s capability: a client without it can no longer call it", c)
		}
	}
	for _, c := range o.Needs {
		if !slices.Contains(n.Needs, c) {
			add(false, false, "no longer needs the client's %s capability", c)
		}
	}
	if o.Form != n.Form && n.Output {
		if n.Form {
			add(false, false, "now a form (form=true)")
		} else {
			add(false, true, "no longer a form: an application eliciting it with its form schema cannot")
		}
	}
	part := "arguments"
	if n.Output {
		part = "answer"
	}
	for _, f := range Schemas(o.Schema, n.Schema, false) {
		add(false, f.Breaking, "%s: %s", part, f.Msg)
	}
	switch {
	case o.Result == nil && n.Result != nil:
		add(true, false, "result schema added")
	case o.Result != nil && n.Result == nil:
		add(true, true, "result schema removed: a client checking structuredContent against it no longer can")
	case o.Result != nil:
		for _, f := range Schemas(o.Result, n.Result, true) {
			add(true, f.Breaking, "result: %s", f.Msg)
		}
	}
	return out
}

func riskRank(r string) int {
	return slices.Index([]string{"read", "act", "dangerous"}, r)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

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
