package compat

import (
	"fmt"
	"slices"
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
