package anthropictool_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/internal/testkit/hostilevalue"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/anthropictool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func client(url string) anthropic.Client {
	return anthropic.NewClient(option.WithBaseURL(url), option.WithAPIKey("test-key"), option.WithMaxRetries(0))
}

// messages decodes the messages of a request.
func messages(t *testing.T, body map[string]json.RawMessage) []map[string]any {
	t.Helper()
	var msgs []map[string]any
	require.NoError(t, json.Unmarshal(body["messages"], &msgs))
	return msgs
}

// An agent loop with the SDK's client: the tools go out as generated,
// strict where Anthropic's strict mode expresses them; each tool_use gets
// its tool_result, is_error on a refusal.
func TestLoop(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{})
	srv := replay.Server(t,
		replay.Step{Path: "/v1/messages", Response: "testdata/message_tool_use.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			want, err := set.Tools().For(tool.Anthropic)
			require.NoError(t, err)
			assert.JSONEq(t, string(want), string(body["tools"]))
			var tools []map[string]any
			require.NoError(t, json.Unmarshal(body["tools"], &tools))
			for i, tl := range set.Tools() {
				assert.True(t, bytes.Contains(body["tools"], tl.Dialects.Anthropic.Tool), "%s is sent as generated", tl.Name)
				// strict where the form is Anthropic's strict one.
				assert.Equal(t, tl.Dialects.Anthropic.Form == tool.Anthropic, tools[i]["strict"] == true, tl.Name)
			}
			assert.Equal(t, tool.AnthropicNonStrict, adapters.TagTool.Dialects.Anthropic.Form, "a map: no strict form")
		}},
		replay.Step{Path: "/v1/messages", Response: "testdata/message_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			msgs := messages(t, body)
			require.Len(t, msgs, 3)
			assert.Equal(t, "assistant", msgs[1]["role"])
			assert.Equal(t, "user", msgs[2]["role"])
			results := msgs[2]["content"].([]any)
			require.Len(t, results, 2)
			first := results[0].(map[string]any)
			assert.Equal(t, "toolu_01Fc9aQ8pT3mWn5sV7xYz2Ab", first["tool_use_id"])
			assert.Equal(t, false, first["is_error"])
			assert.Equal(t, `{"city":"Lyon","days":[{"day":1,"high":20.5}]}`, first["content"].([]any)[0].(map[string]any)["text"])
			second := results[1].(map[string]any)
			assert.Equal(t, true, second["is_error"])
			assert.Equal(t, "The call to tag was rejected and not executed:\n- unexpected argument 'color'\nCorrect the arguments and call the tool again.",
				second["content"].([]any)[0].(map[string]any)["text"])
		}},
	)
	c := client(srv.URL)
	ctx := context.Background()
	g := tool.NewGuard(tool.Limits{MaxSteps: 5})
	params := anthropic.MessageNewParams{Model: anthropic.ModelClaudeSonnet4_5_20250929, MaxTokens: 1024,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Forecast for Lyon; tag /srv/a.txt."))},
		Tools:    anthropictool.Tools(set)}
	var answer string
	for g.Step() == nil {
		msg, err := c.Messages.New(ctx, params)
		require.NoError(t, err)
		if msg.StopReason != anthropic.StopReasonToolUse {
			answer = msg.Content[0].Text
			break
		}
		more, err := anthropictool.Run(ctx, set, msg, g)
		require.NoError(t, err)
		params.Messages = append(params.Messages, more...)
	}
	assert.Contains(t, answer, "Lyon: 20.5 °C tomorrow")
}

// The guard stops a loop that makes the same failing call again and
// again; every tool_use still gets its tool_result.
func TestGuard(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{})
	var msg anthropic.Message
	require.NoError(t, json.Unmarshal([]byte(`{"role":"assistant","stop_reason":"tool_use","content":[
		{"type":"tool_use","id":"t1","name":"tag","input":{"path":"x","labels":{}}},
		{"type":"tool_use","id":"t2","name":"get_forecast","input":{"city":"Rome"}}]}`), &msg))
	g := tool.NewGuard(tool.Limits{MaxRepeats: 1})
	_, err := anthropictool.Run(context.Background(), set, &msg, g)
	require.NoError(t, err)
	more, err := anthropictool.Run(context.Background(), set, &msg, g)
	var stop *tool.Stop
	require.True(t, errors.As(err, &stop), "%v", err)
	require.Len(t, more, 2)
	assert.Len(t, more[1].OfUser.Content, 2, "both tool_use blocks answered")
}

// A structured output in output_config.format; the answer that breaks the
// schema gets the feedback, the retry decodes.
func TestOutputConfig(t *testing.T) {
	invoice := &adapters.InvoiceOutput
	require.Equal(t, tool.Anthropic, invoice.Formats.Anthropic.Form)
	srv := replay.Server(t,
		replay.Step{Path: "/v1/messages", Response: "testdata/message_invoice_bad.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var cfg struct{ Format json.RawMessage }
			require.NoError(t, json.Unmarshal(body["output_config"], &cfg))
			assert.Equal(t, string(invoice.Formats.Anthropic.Format), string(cfg.Format), "byte for byte")
			assert.NotContains(t, body, "tool_choice")
		}},
		replay.Step{Path: "/v1/messages", Response: "testdata/message_invoice_good.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			msgs := messages(t, body)
			require.Len(t, msgs, 3)
			feedback := msgs[2]["content"].([]any)[0].(map[string]any)
			assert.Equal(t, "text", feedback["type"])
			assert.Equal(t, "Your answer does not match the format invoice:\n- member 'total' should be integer, got string \"12.50\"\n"+
				"Answer again with only a JSON object that matches the format.", feedback["text"])
		}},
	)
	got := ask(t, client(srv.URL), invoice)
	assert.Equal(t, adapters.Invoice{Number: "INV-3", Total: 1250, Customer: "Ada Lovelace"}, got)
}

// ask asks for an output, retrying once with the feedback.
func ask[T any](t *testing.T, c anthropic.Client, out *tool.OutputDef[T]) T {
	t.Helper()
	params := anthropic.MessageNewParams{Model: anthropic.ModelClaudeSonnet4_5_20250929, MaxTokens: 1024,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Read the attached document."))}}
	anthropictool.SetOutput(&params, &out.Output)
	for attempt := range 2 {
		msg, err := c.Messages.New(context.Background(), params)
		require.NoError(t, err)
		answer, err := anthropictool.Answer(msg, &out.Output)
		require.NoError(t, err)
		v, errs := out.Parse(answer)
		if errs == nil {
			return v
		}
		require.Zero(t, attempt, "the retry's answer is valid: %v", errs)
		params.Messages = append(params.Messages, anthropictool.Retry(msg, &out.Output, out.Feedback(errs))...)
	}
	panic("unreachable")
}

// An answer in a Markdown code fence is refused, not repaired: the retry's
// user turn tells the model to remove the fence.
func TestOutputInCodeFence(t *testing.T) {
	invoice := &adapters.InvoiceOutput
	srv := replay.Server(t,
		replay.Step{Path: "/v1/messages", Response: "testdata/message_invoice_fenced.json"},
		replay.Step{Path: "/v1/messages", Response: "testdata/message_invoice_good.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			msgs := messages(t, body)
			require.Len(t, msgs, 3)
			feedback := msgs[2]["content"].([]any)[0].(map[string]any)
			assert.Equal(t, "Your answer does not match the format invoice:\n"+
				"- the answer is not valid JSON: it is in a Markdown code fence (```); remove the code fence and any text around it, and answer with the JSON object alone\n"+
				"Answer again with only a JSON object that matches the format.", feedback["text"])
		}},
	)
	got := ask(t, client(srv.URL), invoice)
	assert.Equal(t, adapters.Invoice{Number: "INV-3", Total: 1250, Customer: "Ada Lovelace"}, got)
}

// An output that strict mode cannot express goes as a tool the request
// forces; the answer is its input, the feedback its tool_result.
func TestForcedTool(t *testing.T) {
	receipt := &adapters.ReceiptOutput
	require.Equal(t, tool.AnthropicNonStrict, receipt.Formats.Anthropic.Form)
	srv := replay.Server(t,
		replay.Step{Path: "/v1/messages", Response: "testdata/message_receipt_bad.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			assert.NotContains(t, body, "output_config")
			assert.JSONEq(t, `[`+string(receipt.Formats.Anthropic.Format)+`]`, string(body["tools"]))
			assert.JSONEq(t, `{"type":"tool","name":"receipt"}`, string(body["tool_choice"]))
		}},
		replay.Step{Path: "/v1/messages", Response: "testdata/message_receipt_good.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			msgs := messages(t, body)
			require.Len(t, msgs, 3)
			result := msgs[2]["content"].([]any)[0].(map[string]any)
			assert.Equal(t, "tool_result", result["type"])
			assert.Equal(t, "toolu_01Rc7dS0rV5oYp7uX9zAb4Cd", result["tool_use_id"])
			assert.Equal(t, true, result["is_error"])
			assert.Contains(t, result["content"].([]any)[0].(map[string]any)["text"], "- member 'shop' should be at least 1 character long, got \"\"")
		}},
	)
	got := ask(t, client(srv.URL), receipt)
	assert.Equal(t, adapters.Receipt{Shop: "Café Lumière", TotalsByRate: map[string]int{"20": 1000, "5.5": 250}}, got)
}

func TestAnswerWithoutOne(t *testing.T) {
	var msg anthropic.Message
	require.NoError(t, json.Unmarshal([]byte(`{"role":"assistant","content":[{"type":"text","text":"I cannot read it."}]}`), &msg))
	_, err := anthropictool.Answer(&msg, &adapters.ReceiptOutput.Output)
	assert.ErrorIs(t, err, anthropictool.ErrNoAnswer, "the forced tool was not called")
	text, err := anthropictool.Answer(&msg, &adapters.InvoiceOutput.Output)
	require.NoError(t, err)
	assert.Equal(t, "I cannot read it.", text, "the text, which Parse then refuses")
}

// toolUseMessage is a message whose tool_use blocks make the calls.
func toolUseMessage(t *testing.T, calls []adapters.Call) []byte {
	t.Helper()
	blocks := make([]map[string]any, len(calls))
	for i, c := range calls {
		blocks[i] = map[string]any{"type": "tool_use", "id": c.ID, "name": c.Name, "input": json.RawMessage(c.Args)}
	}
	b, err := json.Marshal(map[string]any{"id": "msg_runaway", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5-20250929",
		"content": blocks, "stop_reason": "tool_use", "stop_sequence": nil, "usage": map[string]any{"input_tokens": 900, "output_tokens": 9000}})
	require.NoError(t, err)
	return b
}

// result is a tool_result block as the API received it.
type result struct {
	text    string
	isError bool
}

// runTurn fetches a message of the calls through the SDK's client, runs it
// with Run, the guard and opts, and sends the messages back: it returns
// the tool_result blocks, as the API received them, and Run's error.
func runTurn(t *testing.T, set *tool.Set, g *tool.Guard, calls []adapters.Call, opts ...tool.CallOption) ([]result, error) {
	t.Helper()
	var got []result
	srv := replay.Server(t,
		replay.Step{Path: "/v1/messages", Response: replay.File(t, toolUseMessage(t, calls))},
		replay.Step{Path: "/v1/messages", Response: "testdata/message_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			msgs := messages(t, body)
			require.Len(t, msgs, 3)
			results := msgs[2]["content"].([]any)
			require.Len(t, results, len(calls), "every tool_use is answered")
			for i, c := range calls {
				r := results[i].(map[string]any)
				assert.Equal(t, c.ID, r["tool_use_id"])
				isError, _ := r["is_error"].(bool)
				got = append(got, result{r["content"].([]any)[0].(map[string]any)["text"].(string), isError})
			}
		}},
	)
	c := client(srv.URL)
	ctx := context.Background()
	params := anthropic.MessageNewParams{Model: anthropic.ModelClaudeSonnet4_5_20250929, MaxTokens: 1024, Tools: anthropictool.Tools(set),
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Tell every customer."))}}
	require.NoError(t, g.Step())
	msg, err := c.Messages.New(ctx, params)
	require.NoError(t, err)
	more, runErr := anthropictool.Run(ctx, set, msg, g, opts...)
	params.Messages = append(params.Messages, more...)
	_, err = c.Messages.New(ctx, params)
	require.NoError(t, err)
	return got, runErr
}

// A message of three identical calls the set refuses, then 997 emails: the
// guard stops the loop at the third, and none of the emails is sent; each
// tool_use is answered, is_error set.
func TestStoppedLoopRunsNothing(t *testing.T) {
	outbox := &adapters.Outbox{}
	set := adapters.NewSet(&adapters.Files{}, outbox.Handler())
	results, err := runTurn(t, set, tool.NewGuard(tool.Limits{}), adapters.RunawayTurn(1000))
	var stop *tool.Stop
	require.True(t, errors.As(err, &stop), "%v", err)
	assert.Equal(t, tool.CodeRepeatedFailure, stop.Code)
	assert.Zero(t, outbox.Sent(), "no call runs after the stop")
	for i, r := range results {
		want := result{adapters.StoppedFeedback, true}
		if i < 3 {
			want.text = adapters.RefusedTagFeedback
		}
		if !assert.Equal(t, want, r, "call %d", i) {
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
		results, err := runTurn(t, set, tool.NewGuard(tool.Limits{MaxCalls: c.limit}), adapters.Emails(c.calls))
		require.NoError(t, err)
		assert.Equal(t, c.sent, outbox.Sent(), "limit %d", c.limit)
		for i, r := range results {
			if i < c.sent {
				assert.Equal(t, result{"sent to user" + strconv.Itoa(i+3) + "@example.com", false}, r)
			} else {
				assert.Equal(t, result{adapters.TooManyCallsFeedback(c.sent), true}, r, "call %d", i)
			}
		}
	}
}

// A person answers the dangerous calls of a message within Run: the
// approved call runs once, the declined one is declined, the one the
// approver cannot answer fails alone; the approver is asked nothing about a
// call with invalid arguments or a call past the guard's stop, and asked
// the rest in order, each with the tool, the exact arguments and the
// confirmation a person reads.
func TestApprovals(t *testing.T) {
	fs := &adapters.Files{}
	var person adapters.Person
	set := adapters.NewSet(fs)
	calls := adapters.ApprovalTurn()
	got, err := runTurn(t, set, tool.NewGuard(tool.Limits{}), calls, tool.Ask(person.Approver()))
	var stop *tool.Stop
	require.True(t, errors.As(err, &stop), "%v", err)
	for i, c := range calls {
		executed := c.ID == "call_yes" || c.ID == "call_forecast"
		assert.Equal(t, result{adapters.ApprovalFeedback[c.ID], !executed}, got[i], c.ID)
	}
	assert.Equal(t, adapters.ApprovalDeleted, fs.DeletedFiles(), "the approved call ran, once")
	assert.Equal(t, adapters.ApprovalQuestions(), person.Asked())
}

// hostileCases are the hostile values and random compositions of them.
func hostileCases() []hostilevalue.Case {
	rng := rand.New(rand.NewPCG(16, 5))
	cases := hostilevalue.Cases()
	for range 30 {
		cases = append(cases, hostilevalue.Random(rng))
	}
	return cases
}

// Whatever a handler returns or panics with (values that contain
// themselves, nested past every limit, with no JSON form), each tool_use
// is answered: an output the API can carry as its JSON, any other as a
// failure of that call alone, is_error set; the other calls' results are
// intact, and nothing crashes.
func TestHostileOutputs(t *testing.T) {
	cases := hostileCases()
	set := adapters.NewSet(&adapters.Files{}, adapters.Inspector(cases))
	calls := adapters.InspectTurn(cases)
	results, err := runTurn(t, set, tool.NewGuard(tool.Limits{MaxCalls: -1}), calls)
	require.NoError(t, err)
	require.Len(t, results, len(calls))
	for i, c := range calls {
		if c.Name == "get_forecast" {
			assert.Equal(t, result{adapters.ForecastOslo, false}, results[i])
			continue
		}
		text, _, failed := adapters.Inspection(cases, c)
		assert.Equal(t, result{text, failed}, results[i], c.Args)
	}
}
