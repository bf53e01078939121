package load

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
)

type option struct {
	key, value string
	pos        token.Position
}

// directiveOptions are the options each directive takes.
var directiveOptions = map[string][]string{
	directive:       {"name", "description", "risk", "idempotent", "dialects", "strict", "result", "needs", "schema", "defer", "callers"},
	outputDirective: {"name", "description", "dialects", "strict", "form"},
}

// parseDirective finds the //toolgen:tool or //toolgen:output line of a doc
// comment, and parses its options: name=<name>, description="...",
// risk=read|act|dangerous, idempotent=true|false, dialects=<dialect>,...,
// strict=true|false, result=<type>, needs=<capability>,..., schema=<file>,
// defer=true|false, callers=direct,programmatic (risk=, idempotent=,
// result=, needs=, schema=, defer= and callers= for tools only) and
// form=true|false (for outputs only: a form a person fills in, checked
// against MCP elicitation's subset). A tool's //toolgen:example lines are
// returned as options "example", each at the position of its JSON.
func parseDirective(doc *ast.CommentGroup, fset *token.FileSet, dialects optionDialects, errs *ir.Errors) ([]option, string, bool) {
	if doc == nil {
		return nil, "", false
	}
	kind := ""
	var opts, examples []option
	for _, c := range doc.List {
		if !strings.HasPrefix(c.Text, "//toolgen:") {
			continue
		}
		pos := fset.Position(c.Pos())
		word := strings.Fields(c.Text)[0]
		if word == exampleDirective {
			text := strings.TrimPrefix(c.Text, word)
			at := pos
			if strings.TrimSpace(text) != "" {
				at.Column += len(c.Text) - len(strings.TrimLeft(text, " \t"))
				at.Offset += at.Column - pos.Column
			}
			examples = append(examples, option{"example", strings.TrimSpace(text), at})
			continue
		}
		if word != directive && word != outputDirective {
			errs.Add(pos, "unknown directive %s (want %s, %s or %s)", word, directive, outputDirective, exampleDirective)
			continue
		}
		if kind != "" {
			errs.Add(pos, "duplicate directive %s: a type is one tool or one output", word)
			continue
		}
		kind = word
		fields, err := directiveFields(strings.TrimPrefix(c.Text, word))
		if err != nil {
			errs.Add(pos, "%v", err)
		}
		allowedDialects := dialects.of(kind == outputDirective)
		for _, field := range fields {
			key, value, ok := strings.Cut(field, "=")
			if ok && strings.HasPrefix(value, `"`) {
				value, _ = strconv.Unquote(value)
			}
			switch {
			case !ok || value == "":
				errs.Add(pos, "directive option %q must be key=value", field)
			case !slices.Contains(directiveOptions[kind], key):
				errs.Add(pos, "unknown %s option %q (want %s)", kind, key, joinOr(optionList(directiveOptions[kind])))
			case key == "risk" || key == "idempotent" || key == "strict" || key == "form":
				allowed := map[string][]string{"risk": {"read", "act", "dangerous"}, "idempotent": {"true", "false"}, "strict": {"true", "false"}, "form": {"true", "false"}}[key]
				if !slices.Contains(allowed, value) {
					errs.Add(pos, "%s=%s: want %s", key, value, joinOr(allowed))
					continue
				}
				opts = append(opts, option{key, value, pos})
			case key == "defer":
				if value != "true" && value != "false" {
					errs.Add(pos, "defer=%s: want true or false", value)
					continue
				}
				opts = append(opts, option{key, value, pos})
			case key == "callers":
				if msg := checkList(value, callers, "caller", ": direct is the model calling the tool, programmatic code the model writes"); msg != "" {
					errs.Add(pos, "callers=%s: %s", value, msg)
					continue
				}
				opts = append(opts, option{key, value, pos})
			case key == "needs":
				if msg := checkList(value, capabilities, "capability", ""); msg != "" {
					errs.Add(pos, "needs=%s: %s", value, msg)
					continue
				}
				opts = append(opts, option{key, value, pos})
			case key == "dialects":
				if msg := checkDialects(value, allowedDialects); msg != "" {
					errs.Add(pos, "dialects=%s: %s", value, msg)
					continue
				}
				opts = append(opts, option{key, value, pos})
			default:
				opts = append(opts, option{key, value, pos})
			}
		}
	}
	for _, e := range examples {
		switch {
		case kind == "":
			errs.Add(e.pos, "%s without %s: examples are a tool's; add the %s line to this doc comment", exampleDirective, directive, directive)
		case kind == outputDirective:
			errs.Add(e.pos, "%s on an output: examples are a tool's arguments; drop the line", exampleDirective)
		case e.value == "":
			errs.Add(e.pos, "%s needs the example's arguments, a JSON object on the same line: %s {\"city\":\"Paris\"}", exampleDirective, exampleDirective)
		default:
			opts = append(opts, e)
		}
	}
	return opts, kind, kind != ""
}

// callers are the values of a callers= option, in the order a tool's
// Callers lists them: the model itself, and code the model writes.
var callers = []string{"direct", "programmatic"}

// parseCallers reads a checked callers= value, in the order of callers.
func parseCallers(value string) []string {
	listed := strings.Split(value, ",")
	var out []string
	for _, c := range callers {
		if slices.Contains(listed, c) {
			out = append(out, c)
		}
	}
	return out
}

// dialectList lists dialects for messages: "openai, gemini".
func dialectList(ds []ir.Dialect) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = string(d)
	}
	return strings.Join(parts, ", ")
}

// checkDialects checks the value of a dialects= option: known dialects,
// each once.
func checkDialects(value string, allowed []ir.Dialect) string {
	seen := map[string]bool{}
	for _, d := range strings.Split(value, ",") {
		known := false
		for _, k := range allowed {
			known = known || string(k) == d
		}
		switch {
		case !known:
			return fmt.Sprintf("unknown dialect %q (want some of %s)", d, dialectList(allowed))
		case seen[d]:
			return fmt.Sprintf("dialect %s is listed twice", d)
		}
		seen[d] = true
	}
	return ""
}

// parseDialects reads a checked dialects= value, in the order of allowed.
func parseDialects(value string, allowed []ir.Dialect) []ir.Dialect {
	listed := map[string]bool{}
	for _, d := range strings.Split(value, ",") {
		listed[d] = true
	}
	var out []ir.Dialect
	for _, d := range allowed {
		if listed[string(d)] {
			out = append(out, d)
		}
	}
	return out
}

// capabilities are the values of a needs= option, sorted: the client
// capabilities a handler may need (MCP's names), tool.Capability's
// constants.
var capabilities = []string{"elicitation", "roots", "sampling"}

// checkList checks the value of a list option (callers=, needs=): each
// of its items one of known (what they are), once; help follows the list
// of known items in the message.
func checkList(value string, known []string, what, help string) string {
	seen := map[string]bool{}
	for _, c := range strings.Split(value, ",") {
		switch {
		case !slices.Contains(known, c):
			return fmt.Sprintf("unknown %s %q (want some of %s%s)", what, c, strings.Join(known, ", "), help)
		case seen[c]:
			return fmt.Sprintf("%s %s is listed twice", what, c)
		}
		seen[c] = true
	}
	return ""
}

// parseNeeds reads a checked needs= value, sorted.
func parseNeeds(value string) []string {
	needs := strings.Split(value, ",")
	slices.Sort(needs)
	return needs
}

func optionList(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k + "="
	}
	return out
}

// joinOr lists values for a message: "read, act or dangerous".
func joinOr(values []string) string {
	if len(values) < 2 {
		return strings.Join(values, "")
	}
	return strings.Join(values[:len(values)-1], ", ") + " or " + values[len(values)-1]
}

// directiveFields splits the options of a directive at spaces; a value may
// be a Go string literal with spaces: description="Reads a file.".
func directiveFields(s string) ([]string, error) {
	var fields []string
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return fields, nil
		}
		end := strings.IndexAny(s, " \t")
		if end < 0 {
			end = len(s)
		}
		if eq := strings.Index(s, "="); eq >= 0 && eq < end && strings.HasPrefix(s[eq+1:], `"`) {
			quoted, err := strconv.QuotedPrefix(s[eq+1:])
			if err != nil {
				return fields, fmt.Errorf("directive option %s: the value does not end as a Go string literal", s[:eq+1])
			}
			end = eq + 1 + len(quoted)
		}
		fields = append(fields, s[:end])
		s = s[end:]
	}
}
