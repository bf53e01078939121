package compat

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// finding is the text a test expects of a Finding: "breaking: msg" or
// "compatible: msg".
func (f Finding) String() string {
	if f.Breaking {
		return "breaking: " + f.Msg
	}
	return "compatible: " + f.Msg
}

func (c Change) String() string {
	if c.Breaking {
		return "breaking: " + c.Msg
	}
	return "compatible: " + c.Msg
}

// obj is an object schema of the given members, required ones, closed as
// toolgen writes a struct's.
func obj(props string, required ...string) string {
	req := ""
	if len(required) > 0 {
		req = `,"required":["` + strings.Join(required, `","`) + `"]`
	}
	return `{"properties":{` + props + `},"additionalProperties":false,"type":"object"` + req + `}`
}

func TestSchemas(t *testing.T) {
	for _, c := range []struct {
		name     string
		old, new string
		produced bool // a result
		want     []string
	}{
		{"equal", obj(`"a":{"type":"string"}`, "a"), obj(`"a":{"type":"string"}`, "a"), false, nil},
		{"key order does not matter",
			`{"type":"object","properties":{"a":{"minimum":1,"type":"integer"}}}`,
			`{"properties":{"a":{"type":"integer","minimum":1.0}},"type":"object"}`, false, nil},
		{"required member added", obj(`"a":{"type":"string"}`, "a"), obj(`"a":{"type":"string"},"b":{"type":"integer"}`, "a", "b"), false,
			[]string{"breaking: b: member added as required: a client that does not send it is refused"}},
		{"optional member added", obj(`"a":{"type":"string"}`), obj(`"a":{"type":"string"},"b":{"type":"integer"}`), false,
			[]string{"compatible: b: optional member added"}},
		{"member removed", obj(`"a":{"type":"string"},"b":{"type":"integer"}`), obj(`"a":{"type":"string"}`), false,
			[]string{"breaking: b: member removed: a client sending it is refused"}},
		{"member made required", obj(`"a":{"type":"string"}`), obj(`"a":{"type":"string"}`, "a"), false,
			[]string{"breaking: a: member now required"}},
		{"member made optional", obj(`"a":{"type":"string"}`, "a"), obj(`"a":{"type":"string"}`), false,
			[]string{"compatible: a: member no longer required"}},
		{"description", obj(`"a":{"type":"string","description":"A."}`), obj(`"a":{"type":"string","description":"The a."}`), false,
			[]string{"compatible: a: description changed"}},
		{"type narrowed", obj(`"n":{"type":"number"}`), obj(`"n":{"type":"integer"}`), false,
			[]string{`breaking: n: type narrowed from "number" to "integer"`}},
		{"type widened", obj(`"n":{"type":"integer"}`), obj(`"n":{"type":"number"}`), false,
			[]string{`compatible: n: type widened from "integer" to "number"`}},
		{"type changed", obj(`"n":{"type":"integer"}`), obj(`"n":{"type":"string"}`), false,
			[]string{`breaking: n: type changed from "integer" to "string"`}},
		{"enum value removed and added", obj(`"u":{"type":"string","enum":["c","f","k"]}`), obj(`"u":{"type":"string","enum":["c","f","r"]}`), false,
			[]string{`breaking: u: enum value "k" removed`, `compatible: u: enum value "r" added`}},
		{"enum numbers by value", obj(`"n":{"enum":[1,2.0]}`), obj(`"n":{"enum":[1.0,2,2]}`), false, nil},
		{"long enum values", obj(`"s":{"enum":["` + strings.Repeat("x", 100) + `a"]}`), obj(`"s":{"enum":["` + strings.Repeat("x", 100) + `b"]}`), false,
			[]string{`breaking: s: enum value "` + strings.Repeat("x", 76) + `... removed`, `compatible: s: enum value "` + strings.Repeat("x", 76) + `... added`}},
		{"enum added", obj(`"u":{"type":"string"}`), obj(`"u":{"type":"string","enum":["c"]}`), false,
			[]string{`breaking: u: enum added: one of "c" now`}},
		{"bound tightened", obj(`"d":{"type":"integer","maximum":14,"minimum":1}`), obj(`"d":{"type":"integer","maximum":7,"minimum":1}`), false,
			[]string{"breaking: d: maximum tightened from 14 to 7"}},
		{"bound loosened", obj(`"d":{"type":"integer","maximum":14,"minimum":1}`), obj(`"d":{"type":"integer","maximum":30,"minimum":0}`), false,
			[]string{"compatible: d: minimum loosened from 1 to 0", "compatible: d: maximum loosened from 14 to 30"}},
		{"bound added and removed", obj(`"s":{"type":"string","maxLength":10}`), obj(`"s":{"type":"string","minLength":1}`), false,
			[]string{"breaking: s: minLength 1 added", "compatible: s: maxLength 10 removed"}},
		{"items bound", obj(`"t":{"type":"array","items":{"type":"string"},"maxItems":10}`), obj(`"t":{"type":"array","items":{"type":"string","maxLength":5},"maxItems":5}`), false,
			[]string{"breaking: t: maxItems tightened from 10 to 5", "breaking: t[]: maxLength 5 added"}},
		{"pattern changed", obj(`"s":{"type":"string","pattern":"^a$"}`), obj(`"s":{"type":"string","pattern":"^b$"}`), false,
			[]string{`breaking: s: changed (review): pattern "^a$" -> "^b$"`}},
		{"pattern removed", obj(`"s":{"type":"string","pattern":"^a$"}`), obj(`"s":{"type":"string"}`), false,
			[]string{`compatible: s: pattern "^a$" removed`}},
		{"format added", obj(`"s":{"type":"string"}`), obj(`"s":{"type":"string","format":"email"}`), false,
			[]string{`breaking: s: format "email" added`}},
		{"nested member", obj(`"c":` + obj(`"lat":{"type":"number"}`, "lat")), obj(`"c":` + obj(`"lat":{"type":"number"},"lon":{"type":"number"}`, "lat", "lon")), false,
			[]string{"breaking: c.lon: member added as required: a client that does not send it is refused"}},
		{"nested in items", obj(`"l":{"type":"array","items":` + obj(`"x":{"type":"string"}`) + `}`), obj(`"l":{"type":"array","items":` + obj(`"x":{"type":"integer"}`) + `}`), false,
			[]string{`breaking: l[].x: type changed from "string" to "integer"`}},
		{"other members allowed", obj(`"a":{"type":"string"}`), `{"properties":{"a":{"type":"string"}},"type":"object"}`, false,
			[]string{"compatible: other members now allowed"}},
		{"map values", obj(`"m":{"type":"object","additionalProperties":{"type":"number"}}`), obj(`"m":{"type":"object","additionalProperties":{"type":"integer"}}`), false,
			[]string{`breaking: m{}: type narrowed from "number" to "integer"`}},
		{"now nullable", obj(`"n":{"type":"string","description":"N."}`, "n"), obj(`"n":{"oneOf":[{"type":"string","description":"N."},{"type":"null"}]}`, "n"), false,
			[]string{"compatible: n: now nullable"}},
		{"no longer nullable", obj(`"n":{"oneOf":[{"type":"string"},{"type":"null"}]}`), obj(`"n":{"type":"string"}`), false,
			[]string{"breaking: n: no longer nullable"}},
		{"ref followed", `{"$defs":{"I":` + obj(`"x":{"type":"string"}`) + `},"properties":{"a":{"$ref":"#/$defs/I"},"b":{"$ref":"#/$defs/I"}},"type":"object"}`,
			`{"$defs":{"I":` + obj(`"x":{"type":"string","maxLength":3}`) + `},"properties":{"a":{"$ref":"#/$defs/I"},"b":{"$ref":"#/$defs/I"}},"type":"object"}`, false,
			// Each definition is compared once, at the first path that reaches it.
			[]string{"breaking: a.x: maxLength 3 added"}},
		{"recursive ref", obj(`"kids":{"type":"array","items":{"$ref":"#"}},"n":{"type":"string"}`),
			obj(`"kids":{"type":"array","items":{"$ref":"#"}},"n":{"type":"integer"}`), false,
			[]string{`breaking: n: type changed from "string" to "integer"`}},
		{"keyword added", obj(`"a":{"type":"string"}`), obj(`"a":{"type":"string","not":{"const":""}}`), false,
			[]string{"breaking: a: not added"}},
		{"allOf removed", obj(`"a":{"allOf":[{"minimum":1}]}`), obj(`"a":{}`), false,
			[]string{"compatible: a: allOf removed"}},
		{"if added", obj(`"a":{"then":{"minimum":1}}`), obj(`"a":{"if":{"type":"integer"},"then":{"minimum":1}}`), false,
			[]string{"breaking: a: changed (review): if"}},
		{"unknown keyword", obj(`"a":{"type":"object","dependentRequired":{"x":["y"]}}`), obj(`"a":{"type":"object","dependentRequired":{"x":["z"]}}`), false,
			[]string{"breaking: a: changed (review): dependentRequired"}},
		{"default", obj(`"a":{"type":"integer","default":1}`), obj(`"a":{"type":"integer","default":2}`), false,
			[]string{"breaking: a: changed (review): default 1 -> 2: a client leaving it out gets another value"}},
		{"anyOf alternative added", obj(`"a":{"anyOf":[{"type":"string"},{"type":"integer"}]}`), obj(`"a":{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"boolean"}]}`), false,
			[]string{"compatible: a: anyOf alternative added"}},
		{"oneOf alternatives changed", obj(`"a":{"oneOf":[{"type":"string"},{"type":"integer"}]}`), obj(`"a":{"oneOf":[{"type":"string"},{"type":"integer"},{"type":"boolean"}]}`), false,
			[]string{"breaking: a: changed (review): oneOf: 2 alternatives -> 3"}},
		{"not JSON", `{`, obj(""), false, []string{"breaking: changed (review): the old schema does not read: unexpected EOF"}},

		// A result: what a caller reads.
		{"result member removed", obj(`"a":{"type":"string"},"b":{"type":"string"}`, "a"), obj(`"a":{"type":"string"}`, "a"), true,
			[]string{"breaking: b: member removed: a client reading it no longer gets it"}},
		{"result member added", obj(`"a":{"type":"string"}`, "a"), obj(`"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"}`, "a", "b"), true,
			[]string{"compatible: b: member added, always present", "compatible: c: optional member added"}},
		{"result member made optional", obj(`"a":{"type":"string"}`, "a"), obj(`"a":{"type":"string"}`), true,
			[]string{"breaking: a: member no longer required"}},
		{"result type widened", obj(`"n":{"type":"integer"}`), obj(`"n":{"type":"number"}`), true,
			[]string{`breaking: n: type widened from "integer" to "number"`}},
		{"result bound tightened", obj(`"n":{"type":"integer","maximum":10}`), obj(`"n":{"type":"integer","maximum":5}`), true,
			[]string{"compatible: n: maximum tightened from 10 to 5"}},
		{"result enum value added", obj(`"s":{"type":"string","enum":["a"]}`), obj(`"s":{"type":"string","enum":["a","b"]}`), true,
			[]string{`breaking: s: enum value "b" added`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, f := range Schemas([]byte(c.old), []byte(c.new), c.produced) {
				got = append(got, f.String())
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(c.want, "\n\t"))
			}
		})
	}
}

func TestSchemasDeep(t *testing.T) {
	// A hostile depth is bounded, reported once for review.
	deep := func(leaf string) string {
		return strings.Repeat(`{"type":"array","items":`, 500) + leaf + strings.Repeat("}", 500)
	}
	got := Schemas([]byte(deep(`{"type":"string"}`)), []byte(deep(`{"type":"integer"}`)), false)
	if len(got) != 1 || !got[0].Breaking || !strings.Contains(got[0].Msg, "changed (review): nested deeper than") {
		t.Errorf("got %v", got)
	}
}

func def(name, goName, schema string) Definition {
	return Definition{Name: name, GoName: goName, Risk: "read", Idempotent: true, Schema: []byte(schema)}
}

func TestDiff(t *testing.T) {
	a := def("get_weather", "GetWeatherArgs", obj(`"city":{"type":"string"}`, "city"))
	b := def("book", "BookArgs", obj(`"id":{"type":"string"}`, "id"))
	for _, c := range []struct {
		name     string
		old, new []Definition
		want     []string
	}{
		{"same", []Definition{a, b}, []Definition{b, a}, nil},
		{"removed", []Definition{a, b}, []Definition{a}, []string{"breaking: tool book removed"}},
		{"added", []Definition{a}, []Definition{a, b}, []string{"compatible: tool book added"}},
		{"renamed", []Definition{a}, []Definition{func() Definition {
			d := a
			d.Name = "weather"
			d.Description = "New words."
			return d
		}()}, []string{
			"breaking: tool get_weather renamed to weather (from GetWeatherArgs): clients calling get_weather fail",
			"compatible: tool weather: description changed",
		}},
		{"risk and needs", []Definition{a}, []Definition{func() Definition {
			d := a
			d.Risk, d.Idempotent, d.Needs = "dangerous", false, []string{"elicitation"}
			return d
		}()}, []string{
			"breaking: tool get_weather: risk read -> dangerous, raised: a call that ran may now need approval",
			"breaking: tool get_weather: no longer idempotent: a client may no longer retry a call",
			"breaking: tool get_weather: now needs the client's elicitation capability: a client without it can no longer call it",
		}},
		{"result", []Definition{func() Definition { d := a; d.Result = []byte(obj(`"t":{"type":"number"}`, "t")); return d }()},
			[]Definition{func() Definition { d := a; d.Result = []byte(obj(`"u":{"type":"number"}`, "u")); return d }()},
			[]string{
				"breaking: tool get_weather: result: t: member removed: a client reading it no longer gets it",
				"compatible: tool get_weather: result: u: member added, always present",
			}},
		{"output", []Definition{{Output: true, Name: "invoice", Schema: []byte(obj(`"n":{"type":"string"}`))}},
			[]Definition{{Output: true, Name: "invoice", Schema: []byte(obj(`"n":{"type":"string"}`, "n"))}},
			[]string{"breaking: output invoice: answer: n: member now required"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, ch := range Diff(c.old, c.new) {
				got = append(got, ch.String())
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(c.want, "\n\t"))
			}
		})
	}
}

// TestRead reads the definitions of the repository's generated examples:
// every tool and output, with the fields of its literal, and compares
// each file with itself to no change.
func TestRead(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "weather", "tools_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	defs, err := Read(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) == 0 {
		t.Fatal("no definition read")
	}
	d := defs[0]
	if d.Name != "get_weather" || d.GoName != "GetWeatherArgs" || d.Risk != "read" || !d.Idempotent || d.Output ||
		d.Description != "Asks for the weather forecast of a city." || !strings.Contains(string(d.Schema), `"city":{"type":"string","maxLength":100`) {
		t.Errorf("read %+v", d)
	}
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "examples", "*", "*_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		defs, err := Read(src)
		if err != nil {
			t.Errorf("%s: %v", f, err)
		}
		for _, d := range defs {
			kinds[d.Kind()] = true
			if d.Result != nil {
				kinds["result"] = true
			}
			if len(d.Needs) > 0 {
				kinds["needs"] = true
			}
			if d.Form {
				kinds["form"] = true
			}
		}
		if changes := Diff(defs, defs); len(changes) > 0 {
			t.Errorf("%s compared with itself: %v", f, changes)
		}
	}
	for _, k := range []string{"tool", "output", "result", "needs", "form"} {
		if !kinds[k] {
			t.Errorf("no %s read in the examples", k)
		}
	}
}

func TestReadRefuses(t *testing.T) {
	src := `package p

import "github.com/toolgen-go/toolgen/runtime/tool"

var X = tool.Tool{Name: "x", Schema: f()}
`
	if _, err := Read([]byte(src)); err == nil || !strings.Contains(err.Error(), "not a string constant") {
		t.Errorf("got %v, want an error naming the value it cannot read", err)
	}
	if _, err := Read([]byte("package")); err == nil {
		t.Error("a file that does not parse read")
	}
}
