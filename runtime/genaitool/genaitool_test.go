package genaitool_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/internal/testkit/hostilevalue"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/genaitool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

const model = "gemini-2.5-flash"

const path = "/v1beta/models/" + model + ":generateContent"

func client(t *testing.T, url string) *genai.Client {
	t.Helper()
	c, err := genai.NewClient(context.Background(), &genai.ClientConfig{APIKey: "test-key", Backend: genai.BackendGeminiAPI,
		HTTPOptions: genai.HTTPOptions{BaseURL: url}})
	require.NoError(t, err)
	return c
}

// asJSON decodes JSON into generic values, numbers as float64.
func asJSON(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal(data, &v))
	return v
}

// An agent loop with the SDK's client: the declarations go out as
// generated (parameters, or parametersJsonSchema for the tool Gemini's
// subset cannot express); every function call gets its function response.
func TestLoop(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{})
	srv := replay.Server(t,
		replay.Step{Path: path, Response: "testdata/function_calls.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var tools []struct{ FunctionDeclarations json.RawMessage }
			require.NoError(t, json.Unmarshal(body["tools"], &tools))
			require.Len(t, tools, 1)
			want, err := set.Tools().For(tool.Gemini)
			require.NoError(t, err)
			assert.Equal(t, asJSON(t, want), asJSON(t, tools[0].FunctionDeclarations), "the declarations, as generated")
			assert.Equal(t, tool.GeminiJSONSchema, adapters.TagTool.Dialects.Gemini.Form, "a map: parametersJsonSchema")
		}},
		replay.Step{Path: path, Response: "testdata/answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var contents []struct {
				Role  string
				Parts []struct{ FunctionResponse map[string]any }
			}
			require.NoError(t, json.Unmarshal(body["contents"], &contents))
			require.Len(t, contents, 3)
			assert.Equal(t, "model", contents[1].Role)
			assert.Equal(t, "user", contents[2].Role)
			parts := contents[2].Parts
			require.Len(t, parts, 3)
			assert.Equal(t, map[string]any{"id": "fc-2a9e4b", "name": "get_forecast",
				"response": map[string]any{"output": map[string]any{"city": "Nice", "days": []any{map[string]any{"day": 1.0, "high": 20.5}}}}}, parts[0].FunctionResponse)
			assert.Equal(t, map[string]any{"output": map[string]any{"path": "/srv/b.txt", "labels": 1.0}}, parts[1].FunctionResponse["response"])
			assert.Equal(t, map[string]any{"error": "The call to delete_file was rejected and not executed:\n" +
				"- argument 'path' should be a string matching the pattern ^/, got \"tmp\"\nCorrect the arguments and call the tool again."},
				parts[2].FunctionResponse["response"])
		}},
	)
	c := client(t, srv.URL)
	ctx := context.Background()
	tools, err := genaitool.Tools(set)
	require.NoError(t, err)
	config := &genai.GenerateContentConfig{Tools: tools}
	contents := []*genai.Content{genai.NewContentFromText("Forecast for Nice; tag /srv/b.txt for ada; delete tmp.", genai.RoleUser)}
	g := tool.NewGuard(tool.Limits{MaxSteps: 5})
	var answer string
	for g.Step() == nil {
		resp, err := c.Models.GenerateContent(ctx, model, contents, config)
		require.NoError(t, err)
		if len(resp.FunctionCalls()) == 0 {
			answer = resp.Text()
			break
		}
		more, err := genaitool.Run(ctx, set, resp, g)
		require.NoError(t, err)
		contents = append(contents, more...)
	}
	assert.Contains(t, answer, "Nice: 20.5 °C tomorrow")
}

// The guard stops a loop that makes the same failing call again and again.
func TestGuard(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{})
	resp := &genai.GenerateContentResponse{Candidates: []*genai.Candidate{{FinishReason: genai.FinishReasonStop, Content: genai.NewContentFromParts([]*genai.Part{
		genai.NewPartFromFunctionCall("tag", map[string]any{"path": "x", "labels": map[string]any{}})}, genai.RoleModel)}}}
	g := tool.NewGuard(tool.Limits{MaxRepeats: 1})
	_, err := genaitool.Run(context.Background(), set, resp, g)
	require.NoError(t, err)
	_, err = genaitool.Run(context.Background(), set, resp, g)
	var stop *tool.Stop
	require.True(t, errors.As(err, &stop), "%v", err)
	_, err = genaitool.Run(context.Background(), set, &genai.GenerateContentResponse{}, nil)
	assert.ErrorIs(t, err, genaitool.ErrNoCandidate)
}

// A structured output: responseSchema as generated; the answer that breaks
// the schema gets the feedback, the retry decodes.
func TestResponseSchema(t *testing.T) {
	invoice := &adapters.InvoiceOutput
	require.Equal(t, tool.Gemini, invoice.Formats.Gemini.Form)
	srv := replay.Server(t,
		replay.Step{Path: path, Response: "testdata/invoice_bad.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var cfg map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(body["generationConfig"], &cfg))
			assert.JSONEq(t, `"application/json"`, string(cfg["responseMimeType"]))
			assert.Equal(t, asJSON(t, invoice.Formats.Gemini.Schema), asJSON(t, cfg["responseSchema"]))
		}},
		replay.Step{Path: path, Response: "testdata/invoice_good.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var contents []struct {
				Role  string
				Parts []struct{ Text string }
			}
			require.NoError(t, json.Unmarshal(body["contents"], &contents))
			require.Len(t, contents, 3)
			assert.Equal(t, "Your answer does not match the format invoice:\n- missing required member 'customer'\n"+
				"Answer again with only a JSON object that matches the format.", contents[2].Parts[0].Text)
		}},
	)
	c := client(t, srv.URL)
	config := &genai.GenerateContentConfig{}
	require.NoError(t, genaitool.SetOutput(config, &invoice.Output))
	contents := []*genai.Content{genai.NewContentFromText("Read invoice INV-4.", genai.RoleUser)}
	var got adapters.Invoice
	for attempt := range 2 {
		resp, err := c.Models.GenerateContent(context.Background(), model, contents, config)
		require.NoError(t, err)
		var errs tool.Errors
		if got, errs = invoice.Parse(resp.Text()); errs == nil {
			break
		}
		require.Zero(t, attempt)
		contents = append(contents, resp.Candidates[0].Content, genai.NewContentFromText(invoice.Feedback(errs), genai.RoleUser))
	}
	assert.Equal(t, adapters.Invoice{Number: "INV-4", Total: 1250, Customer: "Alan Turing"}, got)
}

// An output Gemini's subset cannot express goes as responseJsonSchema.
// (The SDK re-encodes the request through maps: members in the order of
// their names.)
func TestResponseJSONSchema(t *testing.T) {
	receipt := &adapters.ReceiptOutput
	require.Equal(t, tool.GeminiJSONSchema, receipt.Formats.Gemini.Form)
	srv := replay.Server(t, replay.Step{Path: path, Response: "testdata/receipt.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
		var cfg map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(body["generationConfig"], &cfg))
		assert.NotContains(t, cfg, "responseSchema")
		assert.Equal(t, asJSON(t, receipt.Formats.Gemini.Schema), asJSON(t, cfg["responseJsonSchema"]))
	}})
	config := &genai.GenerateContentConfig{}
	require.NoError(t, genaitool.SetOutput(config, &receipt.Output))
	resp, err := client(t, srv.URL).Models.GenerateContent(context.Background(), model,
		[]*genai.Content{genai.NewContentFromText("Read the receipt.", genai.RoleUser)}, config)
	require.NoError(t, err)
	got, errs := receipt.Parse(resp.Text())
	require.Nil(t, errs)
	assert.Equal(t, adapters.Receipt{Shop: "Bäckerei Nord", TotalsByRate: map[string]int{"7": 420, "19": 1190}}, got)
}

// More declarations than a Gemini request takes is an error.
func TestTooManyDeclarations(t *testing.T) {
	var opts []tool.Option
	for i := range 128 + 1 {
		d := adapters.TagTool
		d.Name = "tag" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		opts = append(opts, d.Handle(func(context.Context, adapters.TagArgs) (any, error) { return nil, nil }))
	}
	_, err := genaitool.Declarations(tool.NewSet(opts...))
	assert.ErrorContains(t, err, "a Gemini request takes at most 128 function declarations")
}

// functionCalls is a response whose content makes the calls.
func functionCalls(t *testing.T, calls []adapters.Call) []byte {
	t.Helper()
	parts := make([]map[string]any, len(calls))
	for i, c := range calls {
		parts[i] = map[string]any{"functionCall": map[string]any{"id": c.ID, "name": c.Name, "args": json.RawMessage(c.Args)}}
	}
	b, err := json.Marshal(map[string]any{"candidates": []any{map[string]any{"content": map[string]any{"role": "model", "parts": parts},
		"finishReason": "STOP", "index": 0}}, "modelVersion": model, "responseId": "runaway"})
	require.NoError(t, err)
	return b
}

// runTurn fetches a response of the calls through the SDK's client, runs it
// with Run, the guard and opts, and sends the contents back: it returns
// the function responses, as the API received them, and Run's error.
func runTurn(t *testing.T, set *tool.Set, g *tool.Guard, calls []adapters.Call, opts ...tool.CallOption) ([]map[string]any, error) {
	t.Helper()
	var responses []map[string]any
	srv := replay.Server(t,
		replay.Step{Path: path, Response: replay.File(t, functionCalls(t, calls))},
		replay.Step{Path: path, Response: "testdata/answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var contents []struct {
				Parts []struct{ FunctionResponse map[string]any }
			}
			require.NoError(t, json.Unmarshal(body["contents"], &contents))
			require.Len(t, contents, 3)
			parts := contents[2].Parts
			require.Len(t, parts, len(calls), "every call is answered")
			for i, c := range calls {
				assert.Equal(t, c.ID, parts[i].FunctionResponse["id"])
				responses = append(responses, parts[i].FunctionResponse["response"].(map[string]any))
			}
		}},
	)
	c := client(t, srv.URL)
	ctx := context.Background()
	tools, err := genaitool.Tools(set)
	require.NoError(t, err)
	config := &genai.GenerateContentConfig{Tools: tools}
	contents := []*genai.Content{genai.NewContentFromText("Tell every customer.", genai.RoleUser)}
	require.NoError(t, g.Step())
	resp, err := c.Models.GenerateContent(ctx, model, contents, config)
	require.NoError(t, err)
	more, runErr := genaitool.Run(ctx, set, resp, g, opts...)
	_, err = c.Models.GenerateContent(ctx, model, append(contents, more...), config)
	require.NoError(t, err)
	return responses, runErr
}

// A response of three identical calls the set refuses, then 997 emails: the
// guard stops the loop at the third, and none of the emails is sent; each
// call is answered with an error.
func TestStoppedLoopRunsNothing(t *testing.T) {
	outbox := &adapters.Outbox{}
	set := adapters.NewSet(&adapters.Files{}, outbox.Handler())
	responses, err := runTurn(t, set, tool.NewGuard(tool.Limits{}), adapters.RunawayTurn(1000))
	var stop *tool.Stop
	require.True(t, errors.As(err, &stop), "%v", err)
	assert.Equal(t, tool.CodeRepeatedFailure, stop.Code)
	assert.Zero(t, outbox.Sent(), "no call runs after the stop")
	for i, r := range responses {
		if i < 3 {
			assert.Equal(t, map[string]any{"error": adapters.RefusedTagFeedback}, r)
		} else if !assert.Equal(t, map[string]any{"error": adapters.StoppedFeedback}, r, "call %d", i) {
			break
		}
	}
}

// One step runs at most Limits.MaxCalls calls, 32 unless set;
// the others are answered and not run.
func TestMaxCallsPerStep(t *testing.T) {
	for _, c := range []struct{ limit, calls, sent int }{{0, 40, 32}, {5, 40, 5}, {-1, 100, 100}} {
		outbox := &adapters.Outbox{}
		set := adapters.NewSet(&adapters.Files{}, outbox.Handler())
		responses, err := runTurn(t, set, tool.NewGuard(tool.Limits{MaxCalls: c.limit}), adapters.Emails(c.calls))
		require.NoError(t, err)
		assert.Equal(t, c.sent, outbox.Sent(), "limit %d", c.limit)
		for i, r := range responses {
			if i < c.sent {
				assert.Equal(t, map[string]any{"output": "sent to user" + strconv.Itoa(i+3) + "@example.com"}, r)
			} else {
				assert.Equal(t, map[string]any{"error": adapters.TooManyCallsFeedback(c.sent)}, r, "call %d", i)
			}
		}
	}
}

// A person answers the dangerous calls of a response within Run: the
// approved call runs once, the declined one is declined, the one the
// approver cannot answer fails alone; the approver is asked nothing about a
// call with invalid arguments or a call past the guard's stop, and asked
// the rest in order, each with the tool, the arguments as the SDK decoded
// them and the confirmation a person reads.
func TestApprovals(t *testing.T) {
	fs := &adapters.Files{}
	var person adapters.Person
	set := adapters.NewSet(fs)
	calls := adapters.ApprovalTurn()
	responses, err := runTurn(t, set, tool.NewGuard(tool.Limits{}), calls, tool.Ask(person.Approver()))
	var stop *tool.Stop
	require.True(t, errors.As(err, &stop), "%v", err)
	for i, c := range calls {
		switch c.ID {
		case "call_yes":
			assert.Equal(t, map[string]any{"output": adapters.ApprovalFeedback[c.ID]}, responses[i], c.ID)
		case "call_forecast":
			assert.Equal(t, map[string]any{"output": asJSON(t, []byte(adapters.ForecastOslo))}, responses[i], c.ID)
		default:
			assert.Equal(t, map[string]any{"error": adapters.ApprovalFeedback[c.ID]}, responses[i], c.ID)
		}
	}
	assert.Equal(t, adapters.ApprovalDeleted, fs.DeletedFiles(), "the approved call ran, once")
	assert.Equal(t, adapters.ApprovalQuestions(), person.Asked())
}

// hostileCases are the hostile values and random compositions of them.
func hostileCases() []hostilevalue.Case {
	rng := rand.New(rand.NewPCG(16, 6))
	cases := hostilevalue.Cases()
	for range 30 {
		cases = append(cases, hostilevalue.Random(rng))
	}
	return cases
}

// Whatever a handler returns or panics with (values that contain
// themselves, nested past every limit, past encoding/json's 10,000 levels
// among them, with no JSON form), Run answers each call and returns no
// error: an output the API can carry as {"output": ...}, any other as
// {"error": ...} for that call alone; the other calls' results are intact.
func TestHostileOutputs(t *testing.T) {
	cases := hostileCases()
	set := adapters.NewSet(&adapters.Files{}, adapters.Inspector(cases))
	calls := adapters.InspectTurn(cases)
	responses, err := runTurn(t, set, tool.NewGuard(tool.Limits{MaxCalls: -1}), calls)
	require.NoError(t, err)
	require.Len(t, responses, len(calls))
	for i, c := range calls {
		if c.Name == "get_forecast" {
			assert.Equal(t, map[string]any{"output": asJSON(t, []byte(adapters.ForecastOslo))}, responses[i])
			continue
		}
		text, output, failed := adapters.Inspection(cases, c)
		if failed {
			assert.Equal(t, map[string]any{"error": text}, responses[i], c.Args)
		} else {
			assert.Equal(t, map[string]any{"output": asJSON(t, output)}, responses[i], c.Args)
		}
	}
}

// An output nested past encoding/json's 10,000 levels, between two calls
// that work: Run answers the three, the deep one with an error, and
// returns no error.
func TestTooDeepOutputFailsItsCallAlone(t *testing.T) {
	var deep []hostilevalue.Case
	for _, c := range hostilevalue.Cases() {
		if c.Name == "12,000 levels" || c.Name == "MarshalJSON, 12,000 levels" {
			deep = append(deep, c)
		}
	}
	require.Len(t, deep, 2)
	set := adapters.NewSet(&adapters.Files{}, adapters.Inspector(deep))
	calls := []adapters.Call{
		{ID: "fc-1", Name: "get_forecast", Args: `{"city":"Oslo"}`},
		{ID: "fc-2", Name: "inspect", Args: `{"component":0}`},
		{ID: "fc-3", Name: "inspect", Args: `{"component":1}`},
		{ID: "fc-4", Name: "tag", Args: `{"path":"/srv/c.txt","labels":{}}`},
	}
	responses, err := runTurn(t, set, tool.NewGuard(tool.Limits{}), calls)
	require.NoError(t, err)
	require.Len(t, responses, 4)
	assert.Equal(t, map[string]any{"output": asJSON(t, []byte(adapters.ForecastOslo))}, responses[0])
	for _, r := range responses[1:3] {
		assert.Equal(t, map[string]any{"error": "The call to inspect failed:\n- the tool produced an output that cannot be sent\n" +
			"Do not repeat the same call unchanged more than once; choose another action if it fails again."}, r)
	}
	assert.Equal(t, map[string]any{"output": map[string]any{"path": "/srv/c.txt", "labels": 0.0}}, responses[3])
}

// Run runs the calls of a response only when it ended with finish reason
// STOP and each call is whole: one cut by MAX_TOKENS or CONTINUATION,
// stopped for any other reason, or with none (not finished), or with a
// call in pieces (partialArgs), runs none of its calls, whole and valid as
// they read, and the model reads why.
func TestRunRefusesUnfinishedResponse(t *testing.T) {
	for _, finish := range []genai.FinishReason{genai.FinishReasonMaxTokens, genai.FinishReasonContinuation, genai.FinishReasonSafety,
		genai.FinishReasonMalformedFunctionCall, genai.FinishReasonTooManyToolCalls, genai.FinishReasonOther, genai.FinishReasonUnspecified, "", "pieces"} {
		first := map[string]any{"id": "fc-1", "name": "send_email", "args": map[string]any{"to": "ada@example.com", "subject": "Minutes"}}
		sent := finish
		if finish == "pieces" {
			first = map[string]any{"id": "fc-1", "name": "send_email", "willContinue": true}
			sent = genai.FinishReasonStop
		}
		body, err := json.Marshal(map[string]any{"candidates": []any{map[string]any{"finishReason": sent, "index": 0,
			"content": map[string]any{"role": "model", "parts": []any{
				map[string]any{"functionCall": first},
				map[string]any{"functionCall": map[string]any{"id": "fc-2", "name": "get_forecast", "args": map[string]any{"city": "Nice"}}},
			}}}}, "modelVersion": model})
		require.NoError(t, err)
		srv := replay.Server(t, replay.Step{Path: path, Response: replay.File(t, body)})
		resp, err := client(t, srv.URL).Models.GenerateContent(context.Background(), model, []*genai.Content{genai.NewContentFromText("Go.", genai.RoleUser)}, nil)
		require.NoError(t, err)
		var rec recorder
		contents, err := genaitool.Run(context.Background(), rec.set(), resp, tool.NewGuard(tool.Limits{}))
		require.NoError(t, err)
		assert.Empty(t, rec.Ran(), "finish reason %q", finish)
		reason := "the response stopped with finish reason " + string(finish)
		switch finish {
		case "", genai.FinishReasonUnspecified:
			reason = "the response has no finish reason"
		case "pieces":
			reason = `a call arrived in pieces (partialArgs): "fc-1"`
		}
		r := responses(t, contents)
		require.Len(t, r, 2)
		for _, r := range r {
			assert.Contains(t, r["error"], "("+reason+"): it was not run", "finish reason %q", finish)
		}
	}
}
