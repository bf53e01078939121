package results

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"example.com/e2e/check"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func TestResults(t *testing.T) {
	check.Tools(t, Tools, "get_forecast read", "refresh_forecast act", "ping read", "lookup read")
	check.Run[GetForecastArgs](t, Tools, &GetForecastTool.Tool, []check.Call{
		{Args: `{"city": "Paris"}`},
		{Args: `{"city": ""}`, Want: tool.Errors{
			{Code: "minLength", Path: "/city", Name: "city", Expected: "at least 1 character long", Got: "string", Actual: `""`},
		}},
	})
	// One schema and one validator for the two tools of type Forecast.
	if string(GetForecastTool.ResultSchema) != string(RefreshForecastTool.ResultSchema) {
		t.Error("the two tools of result type Forecast have other schemas")
	}
	// The MCP outputSchema: the result schema, declaring its dialect.
	var mcp struct{ OutputSchema json.RawMessage }
	declared := `{"$schema":"https://json-schema.org/draft/2020-12/schema",` + string(GetForecastTool.ResultSchema[1:])
	if err := json.Unmarshal(GetForecastTool.Dialects.MCP.Tool, &mcp); err != nil || string(mcp.OutputSchema) != declared {
		t.Errorf("the MCP definition's outputSchema is not the result schema: %s", GetForecastTool.Dialects.MCP.Tool)
	}
	if PingTool.ResultSchema == nil || RefreshForecastTool.ValidateResult == nil {
		t.Error("a tool with a result type has no result schema or validator")
	}

	warning := "storm"
	day := Day{High: 21, Low: 12}
	set := tool.NewSet(
		// The compiler checks that the handler returns a Forecast.
		GetForecastTool.Handle(func(ctx context.Context, a GetForecastArgs) (Forecast, error) {
			return Forecast{City: a.City, Days: []Day{day}, Issued: time.Date(2026, 5, 1, 6, 0, 0, 0, time.UTC), Warning: &warning, ValidFor: 6 * time.Hour}, nil
		}),
		RefreshForecastTool.Handle(func(ctx context.Context, a RefreshForecastArgs) (Forecast, error) {
			if a.City == "Nil" {
				return Forecast{City: a.City, Days: nil, Issued: time.Now(), ValidFor: time.Hour}, nil // nil days: null, which encoding/json writes
			}
			return Forecast{City: a.City, Days: make([]Day, 15), Issued: time.Now(), ValidFor: time.Hour}, nil // more days than the schema's 14
		}),
		PingTool.Handle(func(ctx context.Context, a PingArgs) (Status, error) { return Status{OK: true}, nil }),
		tool.WithLogger(slog.New(slog.DiscardHandler)),
	)
	res := set.Call(context.Background(), "get_forecast", []byte(`{"city":"Paris"}`))
	if res.Status != tool.StatusExecuted {
		t.Fatalf("get_forecast: %s %v", res.Status, res.Errors)
	}
	if _, ok := res.Output.(Forecast); !ok {
		t.Errorf("the output is a %T, not a Forecast", res.Output)
	}
	// A duration in a result is what encoding/json writes: nanoseconds.
	want := `{"city":"Paris","days":[{"high":21,"low":12}],"issued":"2026-05-01T06:00:00Z","warning":"storm","valid_for":21600000000000}`
	if string(res.Structured) != want || res.Feedback() != want {
		t.Errorf("structured %s, feedback %s, want %s", res.Structured, res.Feedback(), want)
	}

	res = set.Call(context.Background(), "refresh_forecast", []byte(`{"city":"Paris"}`))
	if res.Status != tool.StatusFailed || len(res.Errors) != 1 || res.Errors[0].Code != "bad_result" || res.Structured != nil {
		t.Fatalf("refresh_forecast: %s %v %s", res.Status, res.Errors, res.Structured)
	}
	var errs tool.Errors
	if !errors.As(res.Err, &errs) || strings.Join(errs.Codes(), " ") != "maxItems:days" {
		t.Errorf("refresh_forecast: Err %v", res.Err)
	}
	if res = set.Call(context.Background(), "refresh_forecast", []byte(`{"city":"Nil"}`)); res.Status != tool.StatusExecuted || !strings.Contains(string(res.Structured), `"days":null`) {
		t.Errorf("a nil slice is null, which the result schema allows: %s %v", res.Status, res.Errors)
	}
	if res = set.Call(context.Background(), "ping", nil); string(res.Structured) != `{"ok":true}` {
		t.Errorf("ping: %s", res.Structured)
	}
}

func TestOutputs(t *testing.T) {
	check.Outputs(t, &InvoiceOutput.Output, &MoodOutput.Output)
	inv, errs := InvoiceOutput.Parse(`{"number":"INV-7","total":1250,"lines":[{"item":"tea","cents":1250}],"meta":{"k":"v"}}`)
	if errs != nil || inv.Number != "INV-7" || inv.Total != 1250 || len(inv.Lines) != 1 || inv.Meta["k"] != "v" {
		t.Errorf("Parse: %+v %v", inv, errs)
	}
	// A duration in an output is what encoding/json reads: nanoseconds.
	if inv, errs := InvoiceOutput.Parse(`{"number":"INV-7","total":1,"lines":[{"item":"tea","cents":1}],"terms":2592000000000000}`); errs != nil || inv.Terms != 720*time.Hour {
		t.Errorf("Parse with terms: %+v %v", inv, errs)
	}
	if _, errs := InvoiceOutput.Parse(`{"number":"INV-7","total":1,"lines":[{"item":"tea","cents":1}],"terms":"720h"}`); len(errs) != 1 || errs[0].Code != "type" {
		t.Errorf("Parse with terms as a string: %v", errs)
	}
	_, errs = InvoiceOutput.Parse(`{"number":"7","total":-1,"lines":[],"extra":1}`)
	got := InvoiceOutput.Feedback(errs)
	want := "Your answer does not match the format invoice:\n" +
		"- unexpected member 'extra'\n" +
		"- member 'number' should be a string matching the pattern ^INV-[0-9]+$, got \"7\"\n" +
		"- member 'total' should be >= 0, got -1\n" +
		"- member 'lines' should be an array of at least 1 item, got an array of 0 items\n" +
		"Answer again with only a JSON object that matches the format."
	if got != want {
		t.Errorf("Feedback:\n%s\nwant:\n%s", got, want)
	}
	for _, bad := range []string{"", "```json\n{}\n```", `[1]`, `{"number":"INV-1"} trailing`} {
		if _, errs := InvoiceOutput.Parse(bad); len(errs) != 1 || (errs[0].Code != tool.CodeBadJSON && errs[0].Code != tool.CodeBadShape) {
			t.Errorf("Parse(%q): %v", bad, errs)
		}
	}
	// OpenAI strict mode sends null for an omitted optional member.
	if _, errs := InvoiceOutput.Parse(`{"number":"INV-1","total":0,"lines":[{"item":"x","cents":1}],"meta":null}`); errs != nil {
		t.Errorf("a null optional member: %v", errs)
	}
	if _, ok := MoodOutput.Formats.Get(tool.Anthropic); ok {
		t.Error("mood leaves Anthropic out")
	}
	if f, _ := MoodOutput.Formats.Get(tool.OpenAI); f.Form != tool.OpenAI || !strings.Contains(string(f.Format), `"strict":true`) {
		t.Errorf("mood's OpenAI format: %s", f.Format)
	}
}

func TestUnexportedResult(t *testing.T) {
	set := tool.NewSet(lookupTool.Handle(func(ctx context.Context, a lookupArgs) (entry, error) {
		return entry{Key: a.Key, Value: -1}, nil
	}), tool.WithLogger(slog.New(slog.DiscardHandler)))
	res := set.Call(context.Background(), "lookup", []byte(`{"key":"k"}`))
	if res.Status != tool.StatusFailed || res.Errors[0].Code != "bad_result" {
		t.Errorf("a value below its minimum: %s %v", res.Status, res.Errors)
	}
	if errs := validateEntryResult(map[string]any{"key": "k", "value": json.Number("3")}); errs != nil {
		t.Errorf("validateEntryResult: %v", errs)
	}
}
