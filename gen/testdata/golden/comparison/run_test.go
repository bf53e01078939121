package comparison

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// htmlEscapes are what encoding/json makes of "<", ">" and "&" by default.
var htmlEscapes = []string{`\u003c`, `\u003e`, `\u0026`}

// plain fails unless text holds every one of want and no HTML escape.
func plain(t *testing.T, what string, text []byte, want ...string) {
	t.Helper()
	for _, e := range htmlEscapes {
		if bytes.Contains(text, []byte(e)) {
			t.Errorf("%s holds %s: %s", what, e, text)
		}
	}
	for _, w := range want {
		if !bytes.Contains(text, []byte(w)) {
			t.Errorf("%s does not hold %s: %s", what, w, text)
		}
	}
}

// TestDefinitionsAsWritten: the schema and every definition, in every
// dialect, hold the operators as they are; the line separator and the tab
// of a description stay escaped.
func TestDefinitionsAsWritten(t *testing.T) {
	check.Tools(t, Tools, "filter read")
	enum := `[">","<",">=","&"]`
	plain(t, "schema", FilterTool.Schema, enum, `"enum":["&&"]`, `"^[^<>&]+$"`, `<price>`, `left\u2028right`, `a\ttab`)
	for _, d := range check.Dialects {
		def, ok := FilterTool.Dialects.Get(d)
		if !ok {
			t.Errorf("no %s definition", d)
			continue
		}
		plain(t, string(d)+" definition", def.Tool, `field <op> value`, `a <= b &`, `">="`, `"&"`, `"&&"`, `<price>`, `left\u2028right`, `a\ttab`)
		plain(t, string(d)+" parameters", def.Parameters, `">="`)
	}
}

// TestFormatsAsWritten: the response formats of an output hold them too.
func TestFormatsAsWritten(t *testing.T) {
	check.Outputs(t, &RuleOutput.Output)
	plain(t, "output schema", RuleOutput.Schema, `[">","<",">=","&"]`, `<field> <op> <value>`)
	for _, d := range []tool.Dialect{tool.OpenAI, tool.OpenAIResponses, tool.Anthropic, tool.Gemini} {
		f, ok := RuleOutput.Formats.Get(d)
		if !ok {
			t.Errorf("no %s format", d)
			continue
		}
		plain(t, string(d)+" format", f.Format, `">="`, `"&"`, `<field> <op> <value>`)
	}
	_, errs := RuleOutput.Parse(`{"field":"price","op":"=","value":3}`)
	plain(t, "the output's feedback", []byte(RuleOutput.Feedback(errs)), `should be one of ">", "<", ">=", "&"`)
}

// TestFeedbackAsWritten: a model told which operators it may use reads
// them, in Feedback, FeedbackJSON and every provider's message, and so does
// the audit log.
func TestFeedbackAsWritten(t *testing.T) {
	check.Run[FilterArgs](t, Tools, &FilterTool.Tool, []check.Call{
		{Args: `{"field":"price","op":">=","value":3,"join":"&&"}`},
		{Args: `{"field":"a<b","op":"<","value":3}`, Want: tool.Errors{
			{Code: "pattern", Path: "/field", Name: "field", Expected: `a string matching the pattern ^[^<>&]+$`, Got: "string", Actual: `"a<b"`},
		}},
		{Args: `{"field":"price","op":"=","value":3,"limit":200,"join":"&"}`, Want: tool.Errors{
			{Code: "enum", Path: "/op", Name: "op", Expected: `one of ">", "<", ">=", "&"`, Got: "string", Actual: `"="`},
			{Code: "maximum", Path: "/limit", Name: "limit", Expected: "<= 100", Got: "integer", Actual: "200"},
			{Code: "enum", Path: "/join", Name: "join", Expected: `one of "&&"`, Got: "string", Actual: `"&"`},
		}},
	})
	var audit bytes.Buffer
	set := tool.NewSet(
		FilterTool.Handle(func(ctx context.Context, a FilterArgs) (any, error) {
			return "rows where " + a.Field + " " + string(a.Op), nil
		}),
		tool.WithLogger(slog.New(slog.NewJSONHandler(&audit, nil))),
		tool.WithRedaction(func(_ string, args map[string]any) any { return args }),
	)
	res := set.Call(context.Background(), "filter", []byte(`{"field":"price","op":"=","value":3,"limit":200,"join":"&"}`))
	want := `should be one of ">", "<", ">=", "&"`
	plain(t, "Feedback", []byte(res.Feedback()), want, `should be <= 100`, `should be one of "&&"`)
	plain(t, "FeedbackJSON", []byte(res.FeedbackJSON()), `"expected":"one of \">\", \"<\", \">=\", \"&\""`, `"expected":"<= 100"`)
	plain(t, "Messages", []byte(strings.Join(res.Errors.Messages(), "\n")), want)
	plain(t, "JSON", []byte(res.Errors.JSON()), `"expected":"one of \">\", \"<\", \">=\", \"&\""`)
	plain(t, "OpenAI", []byte(res.OpenAI().Content), want)
	plain(t, "Anthropic", []byte(res.Anthropic().Content), want)
	plain(t, "MCP", res.MCP().StructuredContent, `"expected":"one of \">\", \"<\", \">=\", \"&\""`)
	res = set.Call(context.Background(), "filter", []byte(`{"field":"price","op":">=","value":3,"join":"&&"}`))
	if res.Status != tool.StatusExecuted {
		t.Fatalf("filter: %s %v", res.Status, res.Errors)
	}
	plain(t, "the output's feedback", []byte(res.FeedbackJSON()), `rows where price >=`)
	plain(t, "the audit log", audit.Bytes(), `"op":">="`, `"join":"&&"`)
}
