package openaitool_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/internal/testkit/hostilevalue"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/openaitool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func client(url string) openai.Client {
	return openai.NewClient(option.WithBaseURL(url+"/v1/"), option.WithAPIKey("test-key"), option.WithMaxRetries(0))
}

// checkTools checks that a request sends the set's tools as generated,
// byte for byte.
func checkTools(t *testing.T, set *tool.Set, d tool.Dialect, body map[string]json.RawMessage) {
	t.Helper()
	want, err := set.Tools().For(d)
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(body["tools"]))
	for _, tl := range set.Tools() {
		def, _ := tl.Dialects.Get(d)
		assert.True(t, bytes.Contains(body["tools"], def.Tool), "%s is sent as generated", tl.Name)
	}
}

// An agent loop of two turns with the SDK's client: the tools go out as
// generated; every tool call of the completion runs through the set (a
// typed result, invalid arguments, a dangerous call) and its tool message
// goes back in the next request; the loop ends on the answer.
func TestChatLoop(t *testing.T) {
	fs := &adapters.Files{}
	set := adapters.NewSet(fs)
	srv := replay.Server(t,
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/chat_tool_calls.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			checkTools(t, set, tool.OpenAI, body)
		}},
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/chat_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var msgs []map[string]any
			require.NoError(t, json.Unmarshal(body["messages"], &msgs))
			require.Len(t, msgs, 5, "the question, the assistant's calls, three tool messages")
			assert.Equal(t, "assistant", msgs[1]["role"])
			assert.Len(t, msgs[1]["tool_calls"], 3)
			tools := msgs[2:]
			assert.Equal(t, map[string]any{"role": "tool", "tool_call_id": "call_Fc1aQ8pT3mWn5sV7",
				"content": `{"city":"Paris","days":[{"day":1,"high":20.5},{"day":2,"high":21}]}`}, tools[0])
			assert.Equal(t, "call_Tg2bR9qU4nXo6tW8", tools[1]["tool_call_id"])
			assert.Equal(t, "The call to tag was rejected and not executed:\n"+
				"- argument 'path' should be a string matching the pattern ^/, got \"notes.txt\"\n"+
				"Correct the arguments and call the tool again.", tools[1]["content"])
			assert.Contains(t, tools[2]["content"], "The call to delete_file needs a person's approval")
		}},
	)
	c := client(srv.URL)
	ctx := context.Background()
	g := tool.NewGuard(tool.Limits{MaxSteps: 5})
	params := openai.ChatCompletionNewParams{Model: openai.ChatModelGPT4o,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Weather in Paris; tag notes.txt; delete /tmp/old.log.")},
		Tools:    openaitool.ChatTools(set)}
	var answer string
	for g.Step() == nil {
		completion, err := c.Chat.Completions.New(ctx, params)
		require.NoError(t, err)
		if len(completion.Choices[0].Message.ToolCalls) == 0 {
			answer = completion.Choices[0].Message.Content
			break
		}
		more, err := openaitool.RunChat(ctx, set, completion, g)
		require.NoError(t, err)
		params.Messages = append(params.Messages, more...)
	}
	assert.Contains(t, answer, "Paris: 20.5 °C tomorrow")
	assert.Empty(t, fs.DeletedFiles(), "the dangerous call waits for a person")
}

// The guard stops a loop that makes the same failing call again and again.
func TestChatGuard(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{})
	var completion openai.ChatCompletion
	require.NoError(t, json.Unmarshal([]byte(`{"choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","tool_calls":[
		{"id":"c1","type":"function","function":{"name":"tag","arguments":"{\"path\":\"x\",\"labels\":{}}"}},
		{"id":"c2","type":"function","function":{"name":"get_forecast","arguments":"{\"city\":\"Rome\"}"}}]}}]}`), &completion))
	g := tool.NewGuard(tool.Limits{MaxRepeats: 2})
	var err error
	var msgs []openai.ChatCompletionMessageParamUnion
	for range 3 {
		msgs, err = openaitool.RunChat(context.Background(), set, &completion, g)
	}
	var stop *tool.Stop
	require.True(t, errors.As(err, &stop), "%v", err)
	assert.Equal(t, tool.CodeRepeatedFailure, stop.Code)
	assert.Len(t, msgs, 3, "every call answered")

	_, err = openaitool.RunChat(context.Background(), set, &openai.ChatCompletion{}, nil)
	assert.ErrorIs(t, err, openaitool.ErrNoChoice)
}

// The Responses API: the tools as generated, each function call run, its
// output sent back with the previous response's id.
func TestResponsesLoop(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{})
	srv := replay.Server(t,
		replay.Step{Path: "/v1/responses", Response: "testdata/responses_function_calls.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			checkTools(t, set, tool.OpenAIResponses, body)
		}},
		replay.Step{Path: "/v1/responses", Response: "testdata/responses_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			assert.JSONEq(t, `"resp_68a1f0c2d4e8819aa3b5c7d9e1f20304"`, string(body["previous_response_id"]))
			var items []map[string]any
			require.NoError(t, json.Unmarshal(body["input"], &items))
			require.Len(t, items, 2)
			assert.Equal(t, map[string]any{"type": "function_call_output", "call_id": "call_Rs1dT1sW6pZq8vY0",
				"output": `{"city":"Oslo","days":[{"day":1,"high":20.5}]}`}, items[0])
			assert.Equal(t, "call_Rs2eU2tX7qAr9wZ1", items[1]["call_id"])
			assert.Equal(t, "The call to get_forecast was rejected and not executed:\n"+
				"- argument 'city' should be at least 1 character long, got \"\"\n"+
				"- argument 'days' should be <= 7, got 30\n"+
				"Correct the arguments and call the tool again.", items[1]["output"])
		}},
	)
	c := client(srv.URL)
	ctx := context.Background()
	resp, err := c.Responses.New(ctx, responses.ResponseNewParams{Model: openai.ChatModelGPT4_1,
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Weather in Oslo?")}, Tools: openaitool.ResponsesTools(set)})
	require.NoError(t, err)
	items, err := openaitool.RunResponses(ctx, set, resp, nil)
	require.NoError(t, err)
	resp, err = c.Responses.New(ctx, responses.ResponseNewParams{Model: openai.ChatModelGPT4_1, PreviousResponseID: openai.String(resp.ID),
		Input: responses.ResponseNewParamsInputUnion{OfInputItemList: items}, Tools: openaitool.ResponsesTools(set)})
	require.NoError(t, err)
	assert.Equal(t, "Oslo: 20.5 °C tomorrow.", resp.OutputText())
}

// A structured output: the response format as generated; an answer that
// breaks the schema gets the feedback turn; the retry's answer decodes.
func TestStructuredOutput(t *testing.T) {
	invoice := &adapters.InvoiceOutput
	srv := replay.Server(t,
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/chat_invoice_bad.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			assert.Equal(t, string(invoice.Formats.OpenAI.Format), string(body["response_format"]), "byte for byte")
		}},
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/chat_invoice_good.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var msgs []map[string]any
			require.NoError(t, json.Unmarshal(body["messages"], &msgs))
			require.Len(t, msgs, 3)
			assert.Equal(t, "user", msgs[2]["role"])
			assert.Equal(t, "Your answer does not match the format invoice:\n"+
				"- member 'number' should be a string matching the pattern ^INV-[0-9]+$, got \"7\"\n"+
				"- member 'total' should be >= 0, got -1250\n"+
				"- member 'customer' should be at least 1 character long, got \"\"\n"+
				"Answer again with only a JSON object that matches the format.", msgs[2]["content"])
		}},
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/chat_refusal.json"},
	)
	c := client(srv.URL)
	ctx := context.Background()
	params := openai.ChatCompletionNewParams{Model: openai.ChatModelGPT4o,
		Messages:       []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Invoice INV-7, Ada Lovelace, 12.50 EUR")},
		ResponseFormat: openaitool.ResponseFormat(&invoice.Output)}
	var got adapters.Invoice
	for attempt := range 2 {
		completion, err := c.Chat.Completions.New(ctx, params)
		require.NoError(t, err)
		text, err := openaitool.ChatAnswer(completion)
		require.NoError(t, err)
		var errs tool.Errors
		if got, errs = invoice.Parse(text); errs == nil {
			break
		}
		require.Zero(t, attempt, "the retry's answer is valid")
		params.Messages = append(params.Messages, completion.Choices[0].Message.ToParam(), openai.UserMessage(invoice.Feedback(errs)))
	}
	assert.Equal(t, adapters.Invoice{Number: "INV-7", Total: 1250, Customer: "Ada Lovelace"}, got)

	completion, err := c.Chat.Completions.New(ctx, params)
	require.NoError(t, err)
	_, err = openaitool.ChatAnswer(completion)
	var refusal *openaitool.Refusal
	require.True(t, errors.As(err, &refusal))
	assert.Equal(t, "I'm sorry, I can't help with that request.", refusal.Text)
}

// The Responses API's text.format of an output.
func TestTextFormat(t *testing.T) {
	invoice := &adapters.InvoiceOutput
	srv := replay.Server(t, replay.Step{Path: "/v1/responses", Response: "testdata/responses_invoice.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
		var text struct{ Format json.RawMessage }
		require.NoError(t, json.Unmarshal(body["text"], &text))
		assert.Equal(t, string(invoice.Formats.OpenAIResponses.Format), string(text.Format))
	}})
	c := client(srv.URL)
	resp, err := c.Responses.New(context.Background(), responses.ResponseNewParams{Model: openai.ChatModelGPT4_1,
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Invoice INV-9, Grace Hopper, 9.90 EUR")},
		Text:  responses.ResponseTextConfigParam{Format: openaitool.TextFormat(&invoice.Output)}})
	require.NoError(t, err)
	got, errs := invoice.Parse(resp.OutputText())
	require.Nil(t, errs)
	assert.Equal(t, adapters.Invoice{Number: "INV-9", Total: 990, Customer: "Grace Hopper"}, got)
}

// chatCompletion is a completion whose message makes the calls.
func chatCompletion(t *testing.T, calls []adapters.Call) []byte {
	t.Helper()
	toolCalls := make([]map[string]any, len(calls))
	for i, c := range calls {
		toolCalls[i] = map[string]any{"id": c.ID, "type": "function", "function": map[string]any{"name": c.Name, "arguments": c.Args}}
	}
	b, err := json.Marshal(map[string]any{"id": "chatcmpl-runaway", "object": "chat.completion", "created": 1795939200, "model": "gpt-4o-2024-08-06",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "tool_calls",
			"message": map[string]any{"role": "assistant", "content": nil, "tool_calls": toolCalls}}}})
	require.NoError(t, err)
	return b
}

// runTurn fetches a completion of the calls through the SDK's client, runs
// it with RunChat, the guard and opts, and sends the messages back: it
// returns the contents of the tool messages, as the API received them, and
// RunChat's error.
func runTurn(t *testing.T, set *tool.Set, g *tool.Guard, calls []adapters.Call, opts ...tool.CallOption) ([]string, error) {
	t.Helper()
	var contents []string
	srv := replay.Server(t,
		replay.Step{Path: "/v1/chat/completions", Response: replay.File(t, chatCompletion(t, calls))},
		replay.Step{Path: "/v1/chat/completions", Response: "testdata/chat_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			var msgs []map[string]any
			require.NoError(t, json.Unmarshal(body["messages"], &msgs))
			require.Len(t, msgs, 2+len(calls), "every call is answered")
			for i, c := range calls {
				assert.Equal(t, c.ID, msgs[2+i]["tool_call_id"])
				contents = append(contents, msgs[2+i]["content"].(string))
			}
		}},
	)
	c := client(srv.URL)
	ctx := context.Background()
	params := openai.ChatCompletionNewParams{Model: openai.ChatModelGPT4o, Tools: openaitool.ChatTools(set),
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Tell every customer.")}}
	require.NoError(t, g.Step())
	completion, err := c.Chat.Completions.New(ctx, params)
	require.NoError(t, err)
	more, runErr := openaitool.RunChat(ctx, set, completion, g, opts...)
	params.Messages = append(params.Messages, more...)
	_, err = c.Chat.Completions.New(ctx, params)
	require.NoError(t, err)
	return contents, runErr
}

// A completion of three identical calls the set refuses, then 997 emails:
// the guard stops the loop at the third, and none of the emails is sent;
// each call is answered.
func TestStoppedLoopRunsNothing(t *testing.T) {
	outbox := &adapters.Outbox{}
	set := adapters.NewSet(&adapters.Files{}, outbox.Handler())
	contents, err := runTurn(t, set, tool.NewGuard(tool.Limits{}), adapters.RunawayTurn(1000))
	var stop *tool.Stop
	require.True(t, errors.As(err, &stop), "%v", err)
	assert.Equal(t, tool.CodeRepeatedFailure, stop.Code)
	assert.Zero(t, outbox.Sent(), "no call runs after the stop")
	for i, c := range contents {
		if i < 3 {
			assert.Equal(t, adapters.RefusedTagFeedback, c)
		} else if !assert.Equal(t, adapters.StoppedFeedback, c, "call %d", i) {
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
		contents, err := runTurn(t, set, tool.NewGuard(tool.Limits{MaxCalls: c.limit}), adapters.Emails(c.calls))
		require.NoError(t, err)
		assert.Equal(t, c.sent, outbox.Sent(), "limit %d", c.limit)
		for i, text := range contents {
			if i < c.sent {
				assert.Equal(t, "sent to user"+strconv.Itoa(i+3)+"@example.com", text)
			} else {
				assert.Equal(t, adapters.TooManyCallsFeedback(c.sent), text, "call %d", i)
			}
		}
	}
}

// A person answers the dangerous calls of a completion within RunChat: the
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
	contents, err := runTurn(t, set, tool.NewGuard(tool.Limits{}), calls, tool.Ask(person.Approver()))
	var stop *tool.Stop
	require.True(t, errors.As(err, &stop), "%v", err)
	for i, c := range calls {
		assert.Equal(t, adapters.ApprovalFeedback[c.ID], contents[i], c.ID)
	}
	assert.Equal(t, adapters.ApprovalDeleted, fs.DeletedFiles(), "the approved call ran, once")
	assert.Equal(t, adapters.ApprovalQuestions(), person.Asked())

	// The Responses API's run call takes the approver alike.
	fs = &adapters.Files{}
	person = adapters.Person{}
	set = adapters.NewSet(fs)
	var resp responses.Response
	require.NoError(t, json.Unmarshal(responsesOf(t, calls), &resp))
	items, err := openaitool.RunResponses(context.Background(), set, &resp, tool.NewGuard(tool.Limits{}), tool.Ask(person.Approver()))
	require.True(t, errors.As(err, &stop), "%v", err)
	require.Len(t, items, len(calls))
	for i, c := range calls {
		assert.Equal(t, c.ID, items[i].OfFunctionCallOutput.CallID.Value)
		assert.Equal(t, adapters.ApprovalFeedback[c.ID], items[i].OfFunctionCallOutput.Output.OfString.Value, c.ID)
	}
	assert.Equal(t, adapters.ApprovalDeleted, fs.DeletedFiles())
	assert.Equal(t, adapters.ApprovalQuestions(), person.Asked())

	// Without an approver, as before: the model reads that the calls need a
	// person's approval, and nothing is deleted.
	fs = &adapters.Files{}
	contents, err = runTurn(t, adapters.NewSet(fs), tool.NewGuard(tool.Limits{}), calls[:3])
	require.NoError(t, err)
	for _, text := range contents {
		assert.Equal(t, "The call to delete_file needs a person's approval and has not been executed.\n"+
			"Do not repeat the call: tell the user what you want to do and why; the application runs it once a person approves it.", text)
	}
	assert.Empty(t, fs.DeletedFiles())
}

// responsesOf is a Responses API response whose output makes the calls.
func responsesOf(t *testing.T, calls []adapters.Call) []byte {
	t.Helper()
	var output []map[string]any
	for i, c := range calls {
		output = append(output, map[string]any{"type": "function_call", "id": "fc_" + strconv.Itoa(i), "call_id": c.ID,
			"name": c.Name, "arguments": c.Args, "status": "completed"})
	}
	b, err := json.Marshal(map[string]any{"id": "resp_approvals", "object": "response", "created_at": 1795939200,
		"model": "gpt-4.1-2025-04-14", "status": "completed", "output": output})
	require.NoError(t, err)
	return b
}

// hostileCases are the hostile values and random compositions of them.
func hostileCases() []hostilevalue.Case {
	rng := rand.New(rand.NewPCG(16, 4))
	cases := hostilevalue.Cases()
	for range 30 {
		cases = append(cases, hostilevalue.Random(rng))
	}
	return cases
}

// Whatever a handler returns or panics with (values that contain
// themselves, nested past every limit, with no JSON form), each call of
// the completion is answered: an output the API can carry as its JSON, any
// other as a failure of that call alone; the other calls' results are
// intact, and nothing crashes.
func TestHostileOutputs(t *testing.T) {
	cases := hostileCases()
	set := adapters.NewSet(&adapters.Files{}, adapters.Inspector(cases))
	calls := adapters.InspectTurn(cases)
	contents, err := runTurn(t, set, tool.NewGuard(tool.Limits{MaxCalls: -1}), calls)
	require.NoError(t, err)
	require.Len(t, contents, len(calls))
	for i, c := range calls {
		if c.Name == "get_forecast" {
			assert.Equal(t, adapters.ForecastOslo, contents[i])
			continue
		}
		want, _, _ := adapters.Inspection(cases, c)
		assert.Equal(t, want, contents[i], c.Args)
	}
}
