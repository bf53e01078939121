// Package check is the test helper of the golden cases' run_test.go files.
// TestEndToEnd copies it into its module as example.com/e2e/check (it is not
// a package of toolgen's own module: testdata and "_" directories are not).
//
// Run calls a generated validator on JSON arguments, as encoding/json
// decodes them, and compares every error it returns, in order, with the
// expected ones. It also validates the same arguments against the tool's
// generated schema with an independent JSON Schema implementation
// (santhosh-tekuri/jsonschema, draft 2020-12) and requires the same verdict,
// except where a call documents why toolgen deliberately differs. And the
// arguments of every call the validator accepts must decode into the tool's
// Go struct with encoding/json, unknown fields disallowed: the schema must
// describe what the struct decodes.
//
// A call marked KnownBug shows where toolgen does not deliver what it
// promises yet; it runs only with TOOLGEN_KNOWN_BUGS=1, as the runtime's
// known-bug tests do, and fails until the bug is fixed.
//
// When TOOLGEN_E2E_DUMP names a directory, Tools, Outputs and Run append
// what they see to the case's file there, <case>.txt: every tool's and
// output's definitions in every dialect, and every call's verdict and
// errors (known bugs too). TestEndToEnd compares the files with the
// behaviour dump, gen/testdata/behaviour/golden.txt.
package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Call is one call of a tool and its expected verdict.
type Call struct {
	// Args is the JSON object the model sent.
	Args string
	// AsJSON, when set, is the JSON encoding/json reads into the same Go
	// value, where toolgen reads another form (a duration as "90s", where
	// encoding/json reads nanoseconds).
	AsJSON string
	// Want is every error, in order; none means the call is valid.
	Want tool.Errors
	// Differs, when set, says why toolgen's verdict deliberately differs
	// from the JSON Schema's: the schema validator must then disagree.
	Differs string
	// KnownBug, when set, names the bug the call shows; the call then runs
	// only with TOOLGEN_KNOWN_BUGS=1. Want is today's verdict: the bug shows
	// as a failure of the JSON Schema or the decoding check.
	KnownBug string
}

// Tools checks the tool list: "name risk" per tool, in order.
func Tools(t *testing.T, tools tool.Tools, want ...string) {
	t.Helper()
	var got []string
	for _, tl := range tools {
		got = append(got, tl.Name+" "+string(tl.Risk))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("tools:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, tl := range tools {
		dump(t, "== tool %s\ndescription: %q\nrisk: %s\nidempotent: %v\nschema: %s\nresult schema: %s\nresult validator: %v\n",
			tl.Name, tl.Description, tl.Risk, tl.Idempotent, tl.Schema, orNone(tl.ResultSchema), tl.ValidateResult != nil)
		if len(tl.Needs) > 0 {
			dump(t, "needs: %v\n", tl.Needs)
		}
		for _, d := range Dialects {
			def, ok := tl.Dialects.Get(d)
			if !ok {
				dump(t, "definition %s: none\n", d)
				continue
			}
			dump(t, "definition %s: form %s, fallback %q\n  tool: %s\n  parameters: %s\n", d, def.Form, def.Fallback, def.Tool, within(def.Parameters, def.Tool))
		}
	}
}

// Dialects are the dialects in the order of tool.Dialects' fields, the
// order of toolgen's table of forms, which this module, outside toolgen's,
// cannot import (gen's TestCheckListsEveryDialect holds the two equal).
var Dialects = []tool.Dialect{tool.OpenAI, tool.OpenAINonStrict, tool.OpenAIResponses, tool.OpenAIResponsesNonStrict, tool.Anthropic, tool.AnthropicNonStrict, tool.Gemini, tool.GeminiJSONSchema, tool.MCP}

// Outputs records the outputs' formats in the dump (see the package's
// doc).
func Outputs(t *testing.T, outputs ...*tool.Output) {
	t.Helper()
	for _, o := range outputs {
		dump(t, "== output %s\ndescription: %q\nschema: %s\n", o.Name, o.Description, o.Schema)
		for _, d := range []tool.Dialect{tool.OpenAI, tool.OpenAIResponses, tool.Anthropic, tool.Gemini} {
			f, ok := o.Formats.Get(d)
			if !ok {
				dump(t, "format %s: none\n", d)
				continue
			}
			dump(t, "format %s: form %s, fallback %q\n  format: %s\n  schema: %s\n", d, f.Form, f.Fallback, f.Format, within(f.Schema, f.Format))
		}
	}
}

// dump appends to the case's file of the dump, if TestEndToEnd asked for
// one.
func dump(t *testing.T, format string, args ...any) {
	t.Helper()
	dir := os.Getenv("TOOLGEN_E2E_DUMP")
	if dir == "" {
		return
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(dir, filepath.Base(wd)+".txt"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := fmt.Fprintf(f, format, args...); err != nil {
		t.Fatal(err)
	}
}

// list writes texts as a JSON array, "<" and ">" as they are.
func list(texts []string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(texts); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func orNone(b []byte) string {
	if b == nil {
		return "none"
	}
	return string(b)
}

// within says where part is in whole, which holds it verbatim, or part.
func within(part, whole []byte) string {
	if part == nil {
		return "none"
	}
	if i := bytes.Index(whole, part); i >= 0 {
		return fmt.Sprintf("the %d bytes at offset %d", len(part), i)
	}
	return string(part)
}

// dumpVerdict records a call's verdict in the dump: its errors' Codes,
// Messages and JSON.
func dumpVerdict(t *testing.T, name, args string, errs tool.Errors) {
	t.Helper()
	verdict := "valid"
	if errs != nil {
		verdict = fmt.Sprintf("invalid, codes %s, messages %s, json %s", list(errs.Codes()), list(errs.Messages()), errs.JSON())
	}
	dump(t, "call of %s: %q\n  %s\n", name, args, verdict)
}

// Run makes each call with the tool's validator, directly and through
// tools.Validate, and compares the errors with the expected ones. T is the
// tool's struct type.
func Run[T any](t *testing.T, tools tool.Tools, tl *tool.Tool, calls []Call) {
	t.Helper()
	if listed, ok := tools.Lookup(tl.Name); !ok || listed != tl {
		t.Fatalf("tool %s is not in the package's tool list", tl.Name)
	}
	schema := compile(t, tl)
	knownBugs := os.Getenv("TOOLGEN_KNOWN_BUGS") != ""
	for _, c := range calls {
		var dumped map[string]any
		if err := json.Unmarshal([]byte(c.Args), &dumped); err == nil {
			dumpVerdict(t, tl.Name, c.Args, tl.Validate(dumped))
		}
		if c.KnownBug != "" {
			if !knownBugs {
				t.Logf("known bug, skipped (set TOOLGEN_KNOWN_BUGS=1 to run): %s", c.KnownBug)
				continue
			}
			t.Logf("known bug: %s", c.KnownBug)
		}
		var args map[string]any
		if err := json.Unmarshal([]byte(c.Args), &args); err != nil {
			t.Fatalf("%s: %v", c.Args, err)
		}
		got := tl.Validate(args)
		if c.Want == nil && got != nil {
			t.Errorf("%s %s: want no error, got:\n%s", tl.Name, c.Args, lines(got))
		} else if !equal(got, c.Want) {
			t.Errorf("%s %s: got:\n%s\nwant:\n%s", tl.Name, c.Args, lines(got), lines(c.Want))
		}
		if again := tools.Validate(tl.Name, args); !equal(again, got) {
			t.Errorf("%s %s: Tools.Validate differs from Validate:\n%s", tl.Name, c.Args, lines(again))
		}

		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(c.Args))
		if err != nil {
			t.Fatalf("%s: %v", c.Args, err)
		}
		schemaErr := schema.Validate(inst)
		agree := (schemaErr == nil) == (got == nil)
		switch {
		case c.Differs == "" && !agree:
			t.Errorf("%s %s: the validator says valid=%v but the JSON Schema says valid=%v: %v", tl.Name, c.Args, got == nil, schemaErr == nil, schemaErr)
		case c.Differs != "" && agree:
			t.Errorf("%s %s: the validator and the JSON Schema agree (valid=%v), yet the call says they differ: %s", tl.Name, c.Args, got == nil, c.Differs)
		}

		if got == nil {
			asJSON := c.Args
			if c.AsJSON != "" {
				asJSON = c.AsJSON
			}
			dec := json.NewDecoder(strings.NewReader(asJSON))
			dec.DisallowUnknownFields()
			var v T
			if err := dec.Decode(&v); err != nil {
				t.Errorf("%s %s: the validator accepts the arguments, but they do not decode into %T: %v", tl.Name, c.Args, v, err)
			}
		}
	}
}

// Deep returns count levels of prefix, then inner, then count levels of
// suffix: a deeply nested JSON value.
func Deep(prefix, inner, suffix string, count int) string {
	return strings.Repeat(prefix, count) + inner + strings.Repeat(suffix, count)
}

func compile(t *testing.T, tl *tool.Tool) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(tl.Schema)))
	if err != nil {
		t.Fatalf("%s: schema is not JSON: %v", tl.Name, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	url := "urn:toolgen:" + tl.Name
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s: schema does not compile as draft 2020-12: %v", tl.Name, err)
	}
	return s
}

func equal(a, b tool.Errors) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func lines(errs tool.Errors) string {
	if len(errs) == 0 {
		return "\t(none)"
	}
	var b strings.Builder
	for i, e := range errs {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "\t{Code: %q, Path: %q, Name: %q", e.Code, e.Path, e.Name)
		if e.Expected != "" {
			fmt.Fprintf(&b, ", Expected: %q", e.Expected)
		}
		if e.Got != "" {
			fmt.Fprintf(&b, ", Got: %q", e.Got)
		}
		if e.Actual != "" {
			fmt.Fprintf(&b, ", Actual: %q", e.Actual)
		}
		b.WriteString("},")
	}
	return b.String()
}
