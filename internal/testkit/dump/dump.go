// Package dump records, as text, what the generated code of a
// package does, for a test to compare with a committed file: the dump that
// proves a change of the generator or the runtime preserves behaviour.
//
// For each tool it records the definition (name, description, risk,
// idempotence, canonical schema, result schema) and the definition in
// every dialect (its JSON, parameters, form and fallback); then a fixed set
// of calls (drawn from the tool's schema by toolcalls.Raw, valid and
// broken the ways models break them, and hostile shapes built from the
// schema) with, for each call, the verdict, the errors (Codes, Messages and
// JSON) and the decoded value of the one-pass decode DecodeTJSON, and
// whether ParseArgs with the map's Validate and Decode agree; results drawn
// from the result schema through ValidateResult; and a few calls through a
// tool.Set whose handlers echo their typed arguments. For each output it
// records every response format and Parse of drawn and hostile answers,
// with Feedback. For each validator of a schema file it records the
// verdicts and errors of instances drawn from the schema.
//
// Everything is drawn from fixed seeds (a tool's seed is a hash of its
// name, so that adding a tool changes no other's calls), and rendered
// without map order, timing or paths: the text is the same on every run.
// Long texts are cut, with their length and SHA-256, so that a change
// shows either way.
package dump

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"log/slog"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/internal/forms"
	"github.com/toolgen-go/toolgen/internal/testkit/instances"
	"github.com/toolgen-go/toolgen/internal/testkit/toolcalls"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// How many calls, results, answers and instances are drawn.
const (
	drawnCalls     = 64
	drawnResults   = 16
	drawnAnswers   = 32
	drawnInstances = 32
	setCalls       = 6 // per tool, the first drawn calls, through a Set
)

// A Recorder collects the tools, outputs and validators of one package, in
// the order they are added, and renders their behaviour.
type Recorder struct {
	pkg        string
	typed      map[string]*typedTool // by tool name
	outputs    []func(w *writer)
	validators []func(w *writer)
}

// New returns a recorder for the package pkg, which the text names.
func New(pkg string) *Recorder {
	return &Recorder{pkg: pkg, typed: map[string]*typedTool{}}
}

// typedTool is what a recorder knows of a tool whose Go types it was
// given: its typed paths, and its handler for the Set.
type typedTool struct {
	calls   func(w *writer, raws []raw)     // the typed paths of each call
	handler func(echo *string) tool.Handler // a handler that records its arguments
}

// Tool adds a tool: its Def and its one-pass decode, DecodeTJSON.
func Tool[T any](r *Recorder, def *tool.Def[T], decodeJSON func([]byte) (T, tool.Errors)) {
	r.typed[def.Name] = &typedTool{
		calls: func(w *writer, raws []raw) { typedCalls(w, def, decodeJSON, raws) },
		handler: func(echo *string) tool.Handler {
			return def.Handle(func(_ context.Context, args T) (any, error) {
				*echo = render(args)
				return args, nil
			})
		},
	}
}

// ResultTool adds a tool with a result type R. Its handler returns the first
// drawn result the tool's result validator accepts, decoded into an R by
// encoding/json (the zero R when none is valid).
func ResultTool[T, R any](r *Recorder, def *tool.ResultDef[T, R], decodeJSON func([]byte) (T, tool.Errors)) {
	r.typed[def.Name] = &typedTool{
		calls: func(w *writer, raws []raw) { typedCalls(w, &def.Def, decodeJSON, raws) },
		handler: func(echo *string) tool.Handler {
			var result R
			drawn, _ := toolcalls.Draw(def.ResultSchema, drawnResults, seedOf(def.Name+" result"))
			for _, d := range drawn {
				var r R
				if m, errs := tool.ParseArgs(d); errs == nil && def.ValidateResult(m) == nil && json.Unmarshal(d, &r) == nil {
					result = r
					break
				}
			}
			return def.Handle(func(_ context.Context, args T) (R, error) {
				*echo = render(args)
				return result, nil
			})
		},
	}
}

// Output adds an output: its OutputDef and its one-pass decode, DecodeTJSON.
func Output[T any](r *Recorder, def *tool.OutputDef[T], decodeJSON func([]byte) (T, tool.Errors)) {
	r.outputs = append(r.outputs, func(w *writer) { renderOutput(w, def, decodeJSON) })
}

// Validator adds the validator of a schema file (toolgen schema): its
// schema, and instances besides the drawn ones (a suite's own cases), each
// JSON as encoding/json reads it.
func Validator(r *Recorder, name string, schema []byte, validate func(any) tool.Errors, cases ...[]byte) {
	r.validators = append(r.validators, func(w *writer) { renderValidator(w, name, schema, validate, cases) })
}

// Render renders the behaviour of tools, the package's tool list in its
// order, and of the outputs and validators added. A tool added with Tool
// or ResultTool gets its typed paths and its calls through a Set; a tool
// of the list that was not (an unexported one) gets its definitions and
// its map validation only, and says so. A tool added that is not in the
// list is an error.
func (r *Recorder) Render(tools tool.Tools) (string, error) {
	for name := range r.typed {
		if _, ok := tools.Lookup(name); !ok {
			return "", fmt.Errorf("%s was added, but is not in the tool list", name)
		}
	}
	w := &writer{}
	w.line("# The behaviour of the generated code of %s: see internal/testkit/dump. Its test's", r.pkg)
	w.line("# -update rewrites it, which only a change of behaviour meant to be may do.")
	for _, tl := range tools {
		renderTool(w, tl, r.typed[tl.Name])
	}
	if len(r.typed) > 0 {
		r.renderSet(w, tools)
	}
	for _, o := range r.outputs {
		o(w)
	}
	for _, v := range r.validators {
		v(w)
	}
	return w.String(), nil
}

// --- tools ---

func renderTool(w *writer, tl *tool.Tool, typed *typedTool) {
	w.line("")
	w.line("== tool %s", text(tl.Name))
	w.line("description: %s", text(tl.Description))
	w.line("risk: %s", text(string(tl.Risk)))
	w.line("idempotent: %v", tl.Idempotent)
	w.line("schema: %s", text(string(tl.Schema)))
	if tl.ResultSchema == nil {
		w.line("result schema: none")
	} else {
		w.line("result schema: %s", text(string(tl.ResultSchema)))
	}
	w.line("result validator: %v", tl.ValidateResult != nil)
	for _, d := range forms.Dialects() {
		def, ok := tl.Dialects.Get(d)
		if !ok {
			w.line("definition %s: none", d)
			continue
		}
		w.line("definition %s: form %s, fallback %s", d, text(string(def.Form)), text(def.Fallback))
		w.line("  tool: %s", text(string(def.Tool)))
		w.line("  parameters: %s", within(def.Parameters, def.Tool, "tool"))
	}

	raws := toolCalls(w, tl)
	w.line("")
	if typed == nil {
		w.line("-- calls of %s (its Go type is not exported to this test: the map validation only)", text(tl.Name))
		for _, c := range raws {
			c.header(w)
			args, errs := tool.ParseArgs(c.data)
			if errs != nil {
				w.verdict("  parse", errs)
				continue
			}
			w.verdict("  validate", tl.Validate(args))
		}
	} else {
		w.line("-- calls of %s: DecodeTJSON; map: ParseArgs, then Validate and Decode", text(tl.Name))
		typed.calls(w, raws)
	}
	if tl.ResultSchema != nil && tl.ValidateResult != nil {
		w.line("")
		w.line("-- results of %s: ValidateResult", text(tl.Name))
		results, err := toolcalls.Draw(tl.ResultSchema, drawnResults, seedOf(tl.Name+" result"))
		if err != nil {
			w.line("not drawn: %v", err)
		}
		for i, res := range results {
			raw{fmt.Sprintf("result %d", i+1), res}.header(w)
			m, errs := tool.ParseArgs(res)
			if errs != nil {
				w.verdict("  parse", errs)
				continue
			}
			w.verdict("  result", tl.ValidateResult(m))
		}
	}
}

// raw is a call, an answer or an instance, and how it was made.
type raw struct {
	label string
	data  []byte
}

func (c raw) header(w *writer) { w.line("%s: %s", c.label, rawText(c.data)) }

// toolCalls returns the calls of a tool: drawn, then hostile.
func toolCalls(w *writer, tl *tool.Tool) []raw {
	var raws []raw
	drawn, err := toolcalls.Raw(tl.Schema, drawnCalls, seedOf(tl.Name))
	if err != nil {
		w.line("calls not drawn: %v", err)
	}
	for i, c := range drawn {
		raws = append(raws, raw{fmt.Sprintf("call %d", i+1), c})
	}
	plain, _ := toolcalls.Draw(tl.Schema, 1, seedOf(tl.Name))
	base := []byte("{}")
	if len(plain) > 0 {
		base = plain[0]
	}
	return append(raws, hostile(tl.Schema, base)...)
}

// typedCalls records each call through DecodeTJSON, and through
// ParseArgs, Validate and Decode, which must say the same.
func typedCalls[T any](w *writer, def *tool.Def[T], decodeJSON func([]byte) (T, tool.Errors), raws []raw) {
	for _, c := range raws {
		c.header(w)
		v, errs := decodeJSON(c.data)
		w.verdict("  one-pass", errs)
		if errs == nil {
			w.line("  value: %s", render(v))
		}
		if len(errs) > 3 && def.Decoder != nil {
			_, limited := def.Decoder(nil, c.data, nil, 3)
			w.verdict("  one-pass, at most 3 errors", limited)
		}
		args, parseErrs := tool.ParseArgs(c.data)
		if parseErrs != nil {
			if !reflect.DeepEqual(parseErrs, errs) {
				w.verdict("  map: parse", parseErrs)
			} else {
				w.line("  map: the same parse errors")
			}
			continue
		}
		validated := def.Validate(args)
		mv, decoded := def.Decode(args)
		switch {
		case reflect.DeepEqual(validated, errs) && reflect.DeepEqual(decoded, errs) && reflect.DeepEqual(mv, v):
			w.line("  map: the same")
		default:
			w.verdict("  map: validate", validated)
			w.verdict("  map: decode", decoded)
			if decoded == nil {
				w.line("  map: value: %s", render(mv))
			}
		}
	}
}

// renderSet runs the first calls of each typed tool, one unknown tool and
// one call of each dangerous tool approved, then approved again with the
// used token, through a Set of every typed tool of the list, whose
// handlers record their typed arguments.
func (r *Recorder) renderSet(w *writer, tools tool.Tools) {
	var echo string
	var handlers []tool.Option
	var names []string
	for _, tl := range tools {
		if typed := r.typed[tl.Name]; typed != nil {
			handlers = append(handlers, typed.handler(&echo))
			names = append(names, tl.Name)
		}
	}
	set := tool.NewSet(append(handlers, tool.WithLogger(slog.New(slog.DiscardHandler)))...)
	ctx := context.Background()
	w.line("")
	w.line("== a Set of %s", text(strings.Join(names, ", ")))
	call := func(label, name string, data []byte, opts ...tool.CallOption) tool.Result {
		echo = ""
		res := set.Call(ctx, name, data, opts...)
		w.line("%s %s: %s", label, text(name), rawText(data))
		w.line("  status: %s", res.Status)
		if echo != "" {
			w.line("  handler's arguments: %s", echo)
		}
		if res.Status == tool.StatusNeedsConfirmation {
			w.line("  approval token: %v", res.Approval != "")
		}
		w.line("  errors: %s", errorsText(res.Errors))
		w.line("  feedback:")
		for _, l := range strings.Split(res.Feedback(), "\n") {
			w.line("    | %s", text(l))
		}
		w.line("  feedback JSON: %s", text(res.FeedbackJSON()))
		return res
	}
	for _, name := range names {
		tl, _ := tools.Lookup(name)
		drawn, _ := toolcalls.Raw(tl.Schema, drawnCalls, seedOf(tl.Name))
		sawValid := false
		for i, data := range drawn {
			ok := valid(tl, data)
			// The first calls, and the first valid one if they have none.
			if i >= setCalls && (sawValid || !ok) {
				continue
			}
			sawValid = sawValid || ok
			res := call(fmt.Sprintf("call %d of", i+1), name, data)
			if res.Status == tool.StatusNeedsConfirmation {
				call(fmt.Sprintf("call %d, approved, of", i+1), name, data, tool.Approve(res.Approval))
				call(fmt.Sprintf("call %d, approved again with the used token, of", i+1), name, data, tool.Approve(res.Approval))
			}
		}
	}
	call("a call of", "no_such_tool", []byte(`{}`))
}

// valid reports whether the tool's validator accepts a call.
func valid(tl *tool.Tool, call []byte) bool {
	args, errs := tool.ParseArgs(call)
	return errs == nil && tl.Validate(args) == nil
}

// --- outputs ---

// outputFormats are the providers of an output's formats, by their
// strictest dialect.
var outputFormats = []tool.Dialect{tool.OpenAI, tool.OpenAIResponses, tool.Anthropic, tool.Gemini}

func renderOutput[T any](w *writer, def *tool.OutputDef[T], decodeJSON func([]byte) (T, tool.Errors)) {
	w.line("")
	w.line("== output %s", text(def.Name))
	w.line("description: %s", text(def.Description))
	w.line("schema: %s", text(string(def.Schema)))
	for _, d := range outputFormats {
		f, ok := def.Formats.Get(d)
		if !ok {
			w.line("format %s: none", d)
			continue
		}
		w.line("format %s: form %s, fallback %s", d, text(string(f.Form)), text(f.Fallback))
		w.line("  format: %s", text(string(f.Format)))
		w.line("  schema: %s", within(f.Schema, f.Format, "format"))
	}
	w.line("")
	w.line("-- answers of %s: Parse, and DecodeTJSON", text(def.Name))
	var answers []raw
	drawn, err := toolcalls.Raw(def.Schema, drawnAnswers, seedOf(def.Name))
	if err != nil {
		w.line("answers not drawn: %v", err)
	}
	for i, a := range drawn {
		answers = append(answers, raw{fmt.Sprintf("answer %d", i+1), a})
	}
	for _, a := range []struct{ label, text string }{
		{"a sentence first", "Here is the JSON: {}"},
		{"a code fence", "```json\n{}\n```"},
		{"an array", `[{}]`},
	} {
		answers = append(answers, raw{"answer, " + a.label, []byte(a.text)})
	}
	plain, _ := toolcalls.Draw(def.Schema, 1, seedOf(def.Name))
	base := []byte("{}")
	if len(plain) > 0 {
		base = plain[0]
	}
	for _, h := range hostile(def.Schema, base) {
		answers = append(answers, raw{strings.Replace(h.label, "call", "answer", 1), h.data})
	}
	for _, a := range answers {
		a.header(w)
		v, errs := def.ParseBytes(a.data)
		w.verdict("  parse", errs)
		if errs == nil {
			w.line("  value: %s", render(v))
		} else {
			w.line("  feedback:")
			for _, l := range strings.Split(def.Feedback(errs), "\n") {
				w.line("    | %s", text(l))
			}
		}
		ov, oerrs := decodeJSON(a.data)
		switch {
		case reflect.DeepEqual(oerrs, errs) && reflect.DeepEqual(ov, v):
			w.line("  one-pass: the same")
		default:
			w.verdict("  one-pass", oerrs)
			if oerrs == nil {
				w.line("  one-pass: value: %s", render(ov))
			}
		}
	}
}

// --- validators of schema files ---

func renderValidator(w *writer, name string, schema []byte, validate func(any) tool.Errors, cases [][]byte) {
	w.line("")
	w.line("== validator %s", text(name))
	w.line("schema: %s", rawText(compact(schema)))
	drawn, err := instances.Draw(schema, drawnInstances, seedOf(name))
	if err != nil {
		w.line("instances not drawn: %v", err)
	}
	var all []raw
	for i, d := range drawn {
		all = append(all, raw{fmt.Sprintf("instance %d", i+1), d})
	}
	for i, c := range cases {
		all = append(all, raw{fmt.Sprintf("case %d", i+1), c})
	}
	for _, c := range all {
		c.header(w)
		var v any
		if err := json.Unmarshal(c.data, &v); err != nil {
			w.line("  not JSON for encoding/json: %s", text(err.Error()))
			continue
		}
		w.verdict("  validate", validate(v))
	}
}

// --- rendering ---

// writer accumulates lines.
type writer struct{ b strings.Builder }

func (w *writer) line(format string, args ...any) {
	fmt.Fprintf(&w.b, format, args...)
	w.b.WriteByte('\n')
}

func (w *writer) String() string { return w.b.String() }

// maxErrorsShown is how many errors a verdict lists in full; a hash
// stands for the others.
const maxErrorsShown = 12

// verdict writes "label: valid", or "label: invalid", the number of errors
// and their Codes, then each error's Message and JSON, one a line: errs'
// Messages and JSON (which must be the errors' JSON joined, or it is
// written too).
func (w *writer) verdict(label string, errs tool.Errors) {
	if errs == nil {
		w.line("%s: valid", label)
		return
	}
	if len(errs) == 0 {
		w.line("%s: valid (empty, not nil, errors)", label)
		return
	}
	w.line("%s: invalid, %d errors, codes %s", label, len(errs), text(jsonText(errs.Codes())))
	msgs := errs.Messages()
	parts := make([]string, len(errs))
	for i := range errs {
		parts[i] = errs[i : i+1].JSON()
		parts[i] = parts[i][1 : len(parts[i])-1]
	}
	if all := errs.JSON(); all != "["+strings.Join(parts, ",")+"]" {
		w.line("    json: %s", text(all))
	}
	for i := range errs {
		if i == maxErrorsShown {
			rest := jsonText(msgs[i:]) + "\n" + strings.Join(parts[i:], ",")
			w.line("    - and %d more, their messages and JSON of SHA-256 %s", len(errs)-i, digest([]byte(rest)))
			break
		}
		w.line("    - %s %s", text(jsonText(msgs[i])), text(parts[i]))
	}
}

// errorsText renders errors, for a Set's result, as their JSON.
func errorsText(errs tool.Errors) string {
	if errs == nil {
		return "none"
	}
	return text(errs.JSON())
}

// render renders a decoded value as encoding/json writes it, HTML
// unescaped.
func render(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "not rendered by encoding/json: " + text(err.Error())
	}
	return rawText(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// maxText is the longest text written as it is.
const maxText = 1 << 14

// text returns s as it is when it is one line of printable UTF-8 of at
// most maxText bytes; otherwise quoted with strconv.Quote, after "quoted:",
// and cut after maxText bytes, with its length and hash.
func text(s string) string {
	if s == "" {
		return `""`
	}
	if len(s) > maxText {
		return fmt.Sprintf("cut: %s… (%d bytes, SHA-256 %s)", strconv.Quote(prefix(s, maxText/4)), len(s), digest([]byte(s)))
	}
	if plain(s) {
		return s
	}
	return "quoted: " + strconv.Quote(s)
}

// maxRaw is the longest raw call or value written in full.
const maxRaw = 1024

// rawText renders a call as text does, but a call whose only characters
// that are not plain are line feeds, tabs and carriage returns is written
// after "spaced:" with them as ␊, ⇥ and ␍ (and a space at its end as ·),
// and a long call is cut.
func rawText(data []byte) string {
	if len(data) > maxRaw {
		return fmt.Sprintf("cut: %s… (%d bytes, SHA-256 %s)", strconv.Quote(prefix(string(data), 200)), len(data), digest(data))
	}
	if len(data) == 0 {
		return "empty"
	}
	s := string(data)
	if plain(s) && s != "empty" {
		return s
	}
	if !strings.ContainsAny(s, "␊⇥␍·") {
		spaced := strings.NewReplacer("\n", "␊", "\t", "⇥", "\r", "␍").Replace(s)
		if trimmed := strings.TrimRight(spaced, " "); len(trimmed) < len(spaced) {
			spaced = trimmed + strings.Repeat("·", len(spaced)-len(trimmed))
		}
		if plain("x" + spaced) {
			return "spaced: " + spaced
		}
	}
	return "quoted: " + strconv.Quote(s)
}

// plain reports whether s is valid UTF-8 without control characters, that
// neither starts nor ends with a space nor starts with the words that text
// and rawText write before what they change.
func plain(s string) bool {
	if !utf8.ValidString(s) || strings.HasPrefix(s, "quoted: ") || strings.HasPrefix(s, "cut: ") || strings.HasPrefix(s, "spaced: ") ||
		strings.TrimSpace(s) != s {
		return false
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' || r == '\ufeff' {
			return false
		}
	}
	return true
}

// prefix returns the first n bytes of s, fewer to end on a whole
// character.
func prefix(s string, n int) string {
	if n >= len(s) {
		return s
	}
	for i := 0; i < utf8.UTFMax-1 && n > 0 && !utf8.RuneStart(s[n]); i++ {
		n--
	}
	return s[:n]
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// within says where part is in whole: "none" for nil, the place when
// whole holds part verbatim, part itself otherwise.
func within(part, whole []byte, name string) string {
	if part == nil {
		return "none"
	}
	if i := bytes.Index(whole, part); i >= 0 && len(part) > 0 {
		return fmt.Sprintf("the %d bytes of %s at offset %d", len(part), name, i)
	}
	return text(string(part))
}

func compact(b []byte) []byte {
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		return b
	}
	return out.Bytes()
}

// seedOf is the seed of a tool's draws: a hash of its name.
func seedOf(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
