package load

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/internal/forms"
)

// namePatterns are the compiled patterns of the table of forms' name
// rules.
var namePatterns = func() map[string]*regexp.Regexp {
	m := map[string]*regexp.Regexp{}
	for _, d := range forms.Dialects() {
		f, _ := forms.Of(d)
		m[f.Names.Pattern] = regexp.MustCompile(f.Names.Pattern)
	}
	return m
}()

// brokenNameRule returns the first name rule of the forms of a dialects=
// option that name, a tool's or an output's, breaks: of the option's
// forms and of the forms they fall back to, those whose JSON names it (an
// output's Anthropic format does not, the tool it falls back to does).
func brokenNameRule(name string, option ir.Dialect, output bool) (forms.NameRule, bool) {
	for _, d := range forms.Dialects() {
		f, _ := forms.Of(d)
		if ir.Dialect(f.Option) != option {
			continue
		}
		for ok := true; ok; f, ok = forms.Of(f.Fallback) {
			env := f.Definition
			if output {
				env = f.Format
			}
			if env.Named && !namePatterns[f.Names.Pattern].MatchString(name) {
				return f.Names, true
			}
		}
	}
	return forms.NameRule{}, false
}

// checkNames checks the name of each tool and output of pkg against the
// name rules of the providers it is sent to. A name that breaks the rule
// of a dialect its dialects= option lists, or the rules of every dialect,
// is an error; with dialects= left out, the dialects whose rules it breaks
// are dropped, with a note, so that a name MCP and Gemini take ("files.read")
// needs no option.
func checkNames(pkg *ir.Package, dialects optionDialects, errs *ir.Errors) []ir.Note {
	var notes []ir.Note
	for _, t := range slices.Concat(pkg.Tools, pkg.Outputs) {
		sent := t.Dialects
		if sent == nil {
			sent = dialects.of(t.Output)
		}
		var broken, kept []ir.Dialect
		var rules []string
		for _, d := range sent {
			rule, bad := brokenNameRule(t.Name, d, t.Output)
			if !bad {
				kept = append(kept, d)
				continue
			}
			broken = append(broken, d)
			text := fmt.Sprintf("%s's name rule %s", rule.Title, rule.Pattern)
			if !slices.Contains(rules, text) {
				rules = append(rules, text)
			}
		}
		if len(broken) == 0 {
			continue
		}
		what := strings.TrimPrefix(Directive(t), "//toolgen:")
		broke := fmt.Sprintf("%s name %q breaks %s", what, t.Name, ir.JoinAnd(rules))
		switch {
		case len(kept) == 0 && t.Dialects == nil:
			errs.Add(t.Pos, "%s: no provider takes it; rename it with name=", broke)
		case len(kept) == 0:
			errs.Add(t.Pos, "%s, and dialects= sends it there (%s): rename it with name=", broke, dialectList(broken))
		case t.Dialects != nil:
			errs.Add(t.Pos, "%s, and dialects= sends it there (%s): rename it with name=, or leave %s out of dialects=", broke, dialectList(broken), dialectList(broken))
		default:
			t.Dialects = kept
			notes = append(notes, ir.Note{Pos: t.Pos, Msg: fmt.Sprintf("%s: it goes to %s only, not %s; rename it with name= to send it everywhere, or say dialects=%s",
				broke, dialectList(kept), dialectList(broken), strings.Join(dialectStrings(kept), ","))})
		}
	}
	return notes
}

// dialectStrings are ds as strings.
func dialectStrings(ds []ir.Dialect) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = string(d)
	}
	return out
}
