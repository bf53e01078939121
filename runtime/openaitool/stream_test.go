package openaitool_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/ssestream"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/openaitool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// ran records the calls handlers ran, by tool and arguments.
type ran struct {
	mu    sync.Mutex
	calls []string
}

func (r *ran) add(s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, s)
}

func (r *ran) list() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.calls...)
}

// recordingSet is a set of get_forecast and tag whose handlers record
// each run.
func recordingSet(r *ran) *tool.Set {
	return tool.NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)),
		adapters.GetForecastTool.Handle(func(_ context.Context, a adapters.GetForecastArgs) (adapters.Forecast, error) {
			b, _ := json.Marshal(a)
			r.add("get_forecast " + string(b))
			return adapters.Forecast{City: a.City, Days: []adapters.Day{{Day: 1, High: 20.5}}}, nil
		}),
		adapters.TagTool.Handle(func(_ context.Context, a adapters.TagArgs) (any, error) {
			r.add("tag " + a.Path)
			return "tagged " + a.Path, nil
		}))
}

// chatStream opens a streamed completion of the recorded file, with the
// SDK's client.
func chatStream(t *testing.T, file string) *ssestream.Stream[openai.ChatCompletionChunk] {
	t.Helper()
	srv := replay.Server(t, replay.Step{Path: "/v1/chat/completions", Response: file, Check: func(t *testing.T, body map[string]json.RawMessage) {
		assert.Equal(t, "true", string(body["stream"]))
	}})
	c := client(srv.URL)
	return c.Chat.Completions.NewStreaming(context.Background(), openai.ChatCompletionNewParams{Model: openai.ChatModelGPT4o,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Weather in Paris; tag my todo list.")}})
}

// accumulate is the completion the SDK's accumulator makes of a recorded
// stream: what RunChat runs for the same calls.
func accumulate(t *testing.T, file string) *openai.ChatCompletion {
	t.Helper()
	s := chatStream(t, file)
	var acc openai.ChatCompletionAccumulator
	for s.Next() {
		acc.AddChunk(s.Current())
	}
	require.NoError(t, s.Err())
	return &acc.ChatCompletion
}

// messagesJSON is the JSON the SDK sends of messages.
func messagesJSON(t *testing.T, msgs []openai.ChatCompletionMessageParamUnion) string {
	t.Helper()
	b, err := json.Marshal(msgs)
	require.NoError(t, err)
	return string(b)
}

// Two calls whose deltas interleave (index 0 and 1), in 3- and 4-byte
// fragments: each runs once, at finish_reason, and the messages are
// RunChat's for the completion the SDK's accumulator makes of the chunks.
func TestChatStreamCalls(t *testing.T) {
	var r ran
	set := recordingSet(&r)
	stream := chatStream(t, "testdata/chat_stream_calls.sse")
	cs := openaitool.NewChatStream(context.Background(), set, nil)
	chunks := 0
	for stream.Next() {
		chunks++
		require.NoError(t, cs.Add(stream.Current()))
		assert.Empty(t, r.list(), "no call runs before finish_reason")
	}
	require.Greater(t, chunks, 20)
	msgs, err := cs.Finish(stream.Err())
	require.NoError(t, err)
	assert.Equal(t, []string{`get_forecast {"city":"Paris","days":2}`, "tag /notes/todo.txt"}, r.list())

	var want ran
	wantMsgs, err := openaitool.RunChat(context.Background(), recordingSet(&want), accumulate(t, "testdata/chat_stream_calls.sse"), nil)
	require.NoError(t, err)
	assert.Equal(t, want.list(), r.list())
	assert.JSONEq(t, messagesJSON(t, wantMsgs), messagesJSON(t, msgs))
	require.Len(t, msgs, 3)
	assert.Equal(t, "call_Vk3pQ8sT2nWm5xR7", msgs[1].OfTool.ToolCallID)
	assert.Equal(t, "tagged /notes/todo.txt", msgs[2].OfTool.Content.OfString.Value)
}

// A call rejected mid-stream: RunChatStream stops at the fragment that
// completes the undeclared member's name ("dayz"), with its offset, closes
// the stream and answers both calls: the rejected one with what to
// correct, the complete one before it as incomplete (Chat ends no call
// before finish_reason). No handler ran.
func TestChatStreamRejected(t *testing.T) {
	var r ran
	set := recordingSet(&r)
	msgs, err := openaitool.RunChatStream(context.Background(), set, chatStream(t, "testdata/chat_stream_rejected.sse"), nil)
	var rej *openaitool.Rejection
	require.ErrorAs(t, err, &rej)
	assert.Equal(t, "call_Zx7cV0bN3mAs6dF9", rej.ID)
	assert.Equal(t, "get_forecast", rej.Name)
	assert.Equal(t, len(`{"city":"Rome","dayz":`), rej.At, "rejected within the fragment yz\":")
	assert.Equal(t, []string{"unexpected:dayz"}, rej.Errors.Codes())
	assert.Empty(t, r.list(), "no handler ran")
	require.Len(t, msgs, 3)
	assert.Equal(t, "call_Qm2wE5rT8yUi1oP4", msgs[1].OfTool.ToolCallID)
	// The valid call was not run for its sibling: the model is told to call
	// again if still needed, not to correct it.
	assert.Equal(t, "The call to get_forecast was not executed:\n"+
		"- the call was cut off after 15 bytes of arguments (stopped at the rejected call call_Zx7cV0bN3mAs6dF9): it was not run\n"+
		"Call the tool again if the call is still needed.", msgs[1].OfTool.Content.OfString.Value)
	assert.Equal(t, "call_Zx7cV0bN3mAs6dF9", msgs[2].OfTool.ToolCallID)
	assert.Equal(t, "The call to get_forecast was rejected and not executed:\n"+
		"- unexpected argument 'dayz'\n"+
		"Correct the arguments and call the tool again.", msgs[2].OfTool.Content.OfString.Value)

	// Read to its end, the same stream runs the valid call at
	// finish_reason, and the rejected one is answered as RunChat answers it.
	var all ran
	stream := chatStream(t, "testdata/chat_stream_rejected.sse")
	cs := openaitool.NewChatStream(context.Background(), recordingSet(&all), nil)
	var rejectedAt []int
	chunks := 0
	for stream.Next() {
		if cs.Add(stream.Current()) != nil {
			rejectedAt = append(rejectedAt, chunks)
		}
		chunks++
	}
	assert.Equal(t, []int{chunks - 3}, rejectedAt, "reported once, before the last delta and the finish_reason")
	msgs, err = cs.Finish(stream.Err())
	require.NoError(t, err)
	var want ran
	wantMsgs, err := openaitool.RunChat(context.Background(), recordingSet(&want), accumulate(t, "testdata/chat_stream_rejected.sse"), nil)
	require.NoError(t, err)
	assert.JSONEq(t, messagesJSON(t, wantMsgs), messagesJSON(t, msgs))
	assert.Equal(t, []string{`get_forecast {"city":"Oslo"}`}, all.list())
}

// A stream cut before its finish_reason, and one that ends with "length":
// the call's arguments parse and are valid, and it never runs.
func TestChatStreamCut(t *testing.T) {
	for file, reason := range map[string]string{
		"testdata/chat_stream_cut.sse":    "the stream ended before its finish_reason",
		"testdata/chat_stream_length.sse": "finish_reason length",
	} {
		var r ran
		msgs, err := openaitool.RunChatStream(context.Background(), recordingSet(&r), chatStream(t, file), nil)
		require.NoError(t, err)
		assert.Empty(t, r.list(), "%s: a cut call ran", file)
		require.Len(t, msgs, 2)
		assert.Equal(t, "The call to get_forecast was not executed:\n"+
			"- the call was cut off after 24 bytes of arguments ("+reason+"): it was not run\n"+
			"Call the tool again if the call is still needed.", msgs[1].OfTool.Content.OfString.Value)
	}
}

// A guard counts streamed calls as RunChat's: past MaxCalls, a call is
// answered and does not run.
func TestChatStreamGuard(t *testing.T) {
	var r ran
	g := tool.NewGuard(tool.Limits{MaxCalls: 1})
	require.NoError(t, g.Step())
	msgs, err := openaitool.RunChatStream(context.Background(), recordingSet(&r), chatStream(t, "testdata/chat_stream_calls.sse"), g)
	require.NoError(t, err)
	assert.Equal(t, []string{`get_forecast {"city":"Paris","days":2}`}, r.list())
	assert.Contains(t, msgs[2].OfTool.Content.OfString.Value, "Make fewer calls at once")
}

// failAfter is a writer that fails once n bytes were written.
type failAfter struct {
	buf bytes.Buffer
	n   int
}

var errFull = errors.New("full")

func (w *failAfter) Write(p []byte) (int, error) {
	if w.buf.Len()+len(p) > w.n {
		return 0, errFull
	}
	return w.buf.Write(p)
}

// A structured output streamed as content deltas into a writer: the
// answer ChatAnswer returns; a refusal; the first write error stops it; a
// cut answer is not an answer.
func TestChatStreamAnswer(t *testing.T) {
	invoice := &adapters.InvoiceOutput
	var buf bytes.Buffer
	require.NoError(t, openaitool.WriteChatAnswer(&buf, chatStream(t, "testdata/chat_stream_invoice.sse")))
	got, errs := invoice.Parse(buf.String())
	require.Nil(t, errs)
	assert.Equal(t, adapters.Invoice{Number: "INV-42", Total: 4200, Customer: "Ada Lovelace"}, got)

	w := &failAfter{n: 20}
	assert.ErrorIs(t, openaitool.WriteChatAnswer(w, chatStream(t, "testdata/chat_stream_invoice.sse")), errFull)
	assert.Equal(t, `{"number":"INV-42"`, w.buf.String(), "nothing after the failed write")

	buf.Reset()
	var refusal *openaitool.Refusal
	require.ErrorAs(t, openaitool.WriteChatAnswer(&buf, chatStream(t, "testdata/chat_stream_refusal.sse")), &refusal)
	assert.Equal(t, "I'm sorry, I can't help with that request.", refusal.Text)
	assert.Zero(t, buf.Len())

	assert.ErrorIs(t, openaitool.WriteChatAnswer(&buf, chatStream(t, "testdata/chat_stream_cut.sse")), openaitool.ErrCut)
}

// responsesStream opens a streamed response of the recorded file.
func responsesStream(t *testing.T, file string) *ssestream.Stream[responses.ResponseStreamEventUnion] {
	t.Helper()
	srv := replay.Server(t, replay.Step{Path: "/v1/responses", Response: file})
	c := client(srv.URL)
	return c.Responses.NewStreaming(context.Background(), responses.ResponseNewParams{Model: openai.ChatModelGPT4_1,
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Weather in Oslo; tag my todo list.")}})
}

// Two function calls in small deltas: each runs once the response
// completed, and the items are RunResponses's for the completed response.
func TestResponsesStreamCalls(t *testing.T) {
	var r ran
	stream := responsesStream(t, "testdata/responses_stream_calls.sse")
	rs := openaitool.NewResponsesStream(context.Background(), recordingSet(&r), nil)
	var completed responses.Response
	for stream.Next() {
		ev := stream.Current()
		require.NoError(t, rs.Add(ev))
		if ev.Type == "response.completed" {
			completed = ev.Response
		} else {
			assert.Empty(t, r.list(), "no call runs before response.completed")
		}
	}
	items, err := rs.Finish(stream.Err())
	require.NoError(t, err)
	assert.Equal(t, []string{`get_forecast {"city":"Oslo","days":2}`, "tag /notes/todo.txt"}, r.list())

	var want ran
	wantItems, err := openaitool.RunResponses(context.Background(), recordingSet(&want), &completed, nil)
	require.NoError(t, err)
	assert.Equal(t, want.list(), r.list())
	a, _ := json.Marshal(items)
	b, _ := json.Marshal(wantItems)
	assert.JSONEq(t, string(b), string(a))
	assert.Equal(t, "call_Gh2jK5lZ8xC1vB4n", items[1].OfFunctionCallOutput.CallID.Value)
}

// A call rejected mid-stream (a string where an integer goes), at the
// fragment holding the string's first byte; the handler never ran.
func TestResponsesStreamRejected(t *testing.T) {
	var r ran
	items, err := openaitool.RunResponsesStream(context.Background(), recordingSet(&r), responsesStream(t, "testdata/responses_stream_rejected.sse"), nil)
	var rej *openaitool.Rejection
	require.ErrorAs(t, err, &rej)
	args := `{"city":"Oslo","days":"two"}`
	first := strings.Index(args, `"two`) + 1
	assert.Equal(t, (first+3)/4*4, rej.At, "the 4-byte fragment holding the string's first byte")
	assert.Equal(t, "call_Mn9bV6cX3zL0kJ7h", rej.ID)
	assert.Empty(t, r.list())
	require.Len(t, items, 1)
	assert.Equal(t, "The call to get_forecast was rejected and not executed:\n"+
		"- argument 'days' should be integer, got string\n"+
		"Correct the arguments and call the tool again.", items[0].OfFunctionCallOutput.Output.OfString.Value)
}

// A response that ends incomplete (max_output_tokens) after the call's
// item was done, and a stream cut before the arguments were done: the call
// never runs.
func TestResponsesStreamCut(t *testing.T) {
	for file, reason := range map[string]string{
		"testdata/responses_stream_incomplete.sse": "response.incomplete (max_output_tokens)",
		"testdata/responses_stream_cut.sse":        "the stream ended before response.completed",
	} {
		var r ran
		items, err := openaitool.RunResponsesStream(context.Background(), recordingSet(&r), responsesStream(t, file), nil)
		require.NoError(t, err)
		assert.Empty(t, r.list(), file)
		require.Len(t, items, 1)
		assert.Contains(t, items[0].OfFunctionCallOutput.Output.OfString.Value, "cut off after 15 bytes of arguments ("+reason+")")
	}
}

// A structured output as response.output_text.delta events.
func TestResponsesStreamAnswer(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, openaitool.WriteResponsesAnswer(&buf, responsesStream(t, "testdata/responses_stream_invoice.sse")))
	got, errs := adapters.InvoiceOutput.Parse(buf.String())
	require.Nil(t, errs)
	assert.Equal(t, adapters.Invoice{Number: "INV-43", Total: 990, Customer: "Grace Hopper"}, got)
	assert.ErrorIs(t, openaitool.WriteResponsesAnswer(&buf, responsesStream(t, "testdata/responses_stream_cut.sse")), openaitool.ErrCut)
}

// sseFile writes a recorded stream of Chat chunks (the data of each
// event) to a file of the test.
func sseFile(t *testing.T, events ...string) string {
	t.Helper()
	var b strings.Builder
	for _, e := range events {
		b.WriteString("data: " + e + "\n\n")
	}
	path := filepath.Join(t.TempDir(), "stream.sse")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o600))
	return path
}

// chunk is a Chat chunk of the first choice.
func chunk(delta, finish string) string {
	return `{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1795939200,"model":"gpt-4o-2024-08-06","choices":[{"index":0,"delta":` +
		delta + `,"finish_reason":` + finish + `}]}`
}

// A call to a tool the set does not have is rejected at its first
// argument byte (its name is final there, not before: it may come in
// pieces); an error event in the stream cuts it: its calls never run; a
// provider's index -1 is the call at index 0.
func TestChatStreamEdges(t *testing.T) {
	var r ran
	stream := chatStream(t, sseFile(t,
		chunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":""}}]}`, "null"),
		chunk(`{"tool_calls":[{"index":0,"function":{"arguments":"{}"}}]}`, "null"),
		chunk(`{}`, `"tool_calls"`), "[DONE]"))
	cs := openaitool.NewChatStream(context.Background(), recordingSet(&r), nil)
	require.True(t, stream.Next())
	require.NoError(t, cs.Add(stream.Current()), "the name may still grow")
	require.True(t, stream.Next())
	var rej *openaitool.Rejection
	require.ErrorAs(t, cs.Add(stream.Current()), &rej)
	assert.Equal(t, 2, rej.At)
	assert.Equal(t, []string{"unknown_tool:get_weather"}, rej.Errors.Codes())
	stream.Close()
	msgs, err := cs.Finish(stream.Err())
	require.NoError(t, err)
	assert.Equal(t, "The call to get_weather was rejected and not executed:\n"+
		"- unknown tool 'get_weather'\n"+
		"Call one of the available tools instead: get_forecast, tag.", msgs[1].OfTool.Content.OfString.Value)

	msgs, err = openaitool.RunChatStream(context.Background(), recordingSet(&r), chatStream(t, sseFile(t,
		chunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_2","type":"function","function":{"name":"tag","arguments":"{\"path\":\"/a\",\"labels\":{}}"}}]}`, "null"),
		`{"error":{"message":"The server had an error while processing your request.","type":"server_error"}}`)), nil)
	require.ErrorContains(t, err, "server had an error")
	require.Len(t, msgs, 2)
	assert.Contains(t, msgs[1].OfTool.Content.OfString.Value, "(the stream failed: received error while streaming")

	msgs, err = openaitool.RunChatStream(context.Background(), recordingSet(&r), chatStream(t, sseFile(t,
		chunk(`{"role":"assistant","tool_calls":[{"index":-1,"id":"call_3","type":"function","function":{"name":"tag","arguments":"{\"path\":"}}]}`, "null"),
		chunk(`{"tool_calls":[{"index":-1,"function":{"arguments":"\"/b\",\"labels\":{}}"}}]}`, "null"),
		chunk(`{}`, `"tool_calls"`), "[DONE]")), nil)
	require.NoError(t, err)
	require.Len(t, msgs, 2)
	assert.Equal(t, "tagged /b", msgs[1].OfTool.Content.OfString.Value)
	assert.Equal(t, []string{"tag /b"}, r.list(), "only the call that ended ran")
}

// respEvent is an event of a recorded Responses stream.
func respEvent(typ, data string) string {
	return "event: " + typ + "\ndata: {\"type\":\"" + typ + "\"," + data + "}\n\n"
}

// fcItem is a function_call item: id fc_<n>, call id call_<n>.
func fcItem(n, name, status, args string) string {
	return `{"id":"fc_` + n + `","type":"function_call","status":"` + status + `","arguments":` + strconv.Quote(args) +
		`,"call_id":"call_` + n + `","name":"` + name + `"}`
}

// respEnd is the event (response.completed, .incomplete, .failed) that ends
// a response of the status and output items; extra are more members of
// the response.
func respEnd(typ, status, extra string, items ...string) string {
	return respEvent(typ, `"response":{"id":"resp_1","object":"response","created_at":1795939200,"status":"`+status+
		`","model":"gpt-4.1-2025-04-14"`+extra+`,"output":[`+strings.Join(items, ",")+`]}`)
}

// respFile writes the events of a recorded Responses stream to a file of
// the test.
func respFile(t *testing.T, events ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "stream.sse")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(events, "")), 0o600))
	return path
}

// The events of a function call fc_1 of get_forecast, {"city":"Os"} in one
// delta, then more events.
func forecastOs(more ...string) []string {
	return append([]string{respEvent("response.output_item.added", `"output_index":0,"item":`+fcItem("1", "get_forecast", "in_progress", "")),
		respEvent("response.function_call_arguments.delta", `"item_id":"fc_1","output_index":0,"delta":"{\"city\":\"Os\"}"`)}, more...)
}

// argsDone and itemDone are the events that end fc_1's arguments and item.
func argsDone(args string) string {
	return respEvent("response.function_call_arguments.done", `"item_id":"fc_1","output_index":0,"arguments":`+strconv.Quote(args))
}

func itemDone(item string) string {
	return respEvent("response.output_item.done", `"output_index":0,"item":`+item)
}

// A response whose final arguments (.function_call_arguments.done,
// response.output_item.done) are not those its deltas wrote, one that
// failed, and one that ends with an error event: the calls do not run.
func TestResponsesStreamFinal(t *testing.T) {
	osItem, osloItem := fcItem("1", "get_forecast", "completed", `{"city":"Os"}`), fcItem("1", "get_forecast", "completed", `{"city":"Oslo"}`)
	for name, c := range map[string]struct {
		events []string
		reason string
		n      int
	}{
		"differ":       {forecastOs(argsDone(`{"city":"Oslo"}`), itemDone(osloItem), respEnd("response.completed", "completed", "", osloItem)), "its final arguments are not those of its deltas", 15},
		"item differs": {forecastOs(argsDone(`{"city":"Os"}`), itemDone(osloItem), respEnd("response.completed", "completed", "", osloItem)), "its final arguments are not those of its deltas", 15},
		"failed": {forecastOs(argsDone(`{"city":"Os"}`), itemDone(osItem),
			respEnd("response.failed", "failed", `,"error":{"code":"server_error","message":"The server had an error."}`, osItem)), "response.failed (server_error)", 13},
		"error": {forecastOs(argsDone(`{"city":"Os"}`), itemDone(osItem),
			respEvent("error", `"code":"rate_limit_exceeded","message":"Rate limit reached.","param":null`)), "error (rate_limit_exceeded)", 13},
	} {
		var r ran
		items, err := openaitool.RunResponsesStream(context.Background(), recordingSet(&r), responsesStream(t, respFile(t, c.events...)), nil)
		require.NoError(t, err, name)
		assert.Empty(t, r.list(), name)
		require.Len(t, items, 1, name)
		assert.Equal(t, "call_1", items[0].OfFunctionCallOutput.CallID.Value)
		assert.Contains(t, items[0].OfFunctionCallOutput.Output.OfString.Value, fmt.Sprintf("cut off after %d bytes of arguments (%s)", c.n, c.reason), name)
	}
}

// A call of 512 KiB (a tag with 11,000 labels) in 64-byte deltas, through
// each API's streaming client: it runs once, with every label. The work is
// linear in the bytes: nothing is copied again per delta.
func TestStreamLargeCall(t *testing.T) {
	var args strings.Builder
	args.WriteString(`{"path":"/big","labels":{`)
	for i := range 11000 {
		if i > 0 {
			args.WriteByte(',')
		}
		fmt.Fprintf(&args, `"label%05d":"value %05d %s"`, i, i, strings.Repeat("x", 20))
	}
	args.WriteString(`}}`)
	raw := args.String()
	require.Greater(t, len(raw), 512<<10)

	var chat, resp strings.Builder
	chat.WriteString("data: " + chunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_big","type":"function","function":{"name":"tag","arguments":""}}]}`, "null") + "\n\n")
	item := `{"id":"fc_big","type":"function_call","status":"in_progress","arguments":"","call_id":"call_big","name":"tag"}`
	resp.WriteString(`event: response.output_item.added` + "\ndata: " + `{"type":"response.output_item.added","output_index":0,"item":` + item + "}\n\n")
	for i := 0; i < len(raw); i += 64 {
		d := strconv.Quote(raw[i:min(i+64, len(raw))])
		chat.WriteString("data: " + chunk(`{"tool_calls":[{"index":0,"function":{"arguments":`+d+`}}]}`, "null") + "\n\n")
		resp.WriteString("event: response.function_call_arguments.delta\ndata: " + `{"type":"response.function_call_arguments.delta","item_id":"fc_big","output_index":0,"delta":` + d + "}\n\n")
	}
	chat.WriteString("data: " + chunk(`{}`, `"tool_calls"`) + "\n\ndata: [DONE]\n\n")
	q := strconv.Quote(raw)
	resp.WriteString("event: response.function_call_arguments.done\ndata: " + `{"type":"response.function_call_arguments.done","item_id":"fc_big","output_index":0,"arguments":` + q + "}\n\n")
	done := strings.Replace(strings.Replace(item, `"in_progress"`, `"completed"`, 1), `"arguments":""`, `"arguments":`+q, 1)
	resp.WriteString("event: response.output_item.done\ndata: " + `{"type":"response.output_item.done","output_index":0,"item":` + done + "}\n\n")
	resp.WriteString("event: response.completed\ndata: " + `{"type":"response.completed","response":{"id":"resp_big","object":"response","created_at":1795939200,"status":"completed","model":"gpt-4.1-2025-04-14","output":[` + done + `]}}` + "\n\n")

	write := func(content string) string {
		path := filepath.Join(t.TempDir(), "stream.sse")
		require.NoError(t, os.WriteFile(path, []byte(content), 0o600))
		return path
	}
	var r ran
	msgs, err := openaitool.RunChatStream(context.Background(), recordingSet(&r), chatStream(t, write(chat.String())), nil)
	require.NoError(t, err)
	assert.Equal(t, "tagged /big", msgs[1].OfTool.Content.OfString.Value)
	items, err := openaitool.RunResponsesStream(context.Background(), recordingSet(&r), responsesStream(t, write(resp.String())), nil)
	require.NoError(t, err)
	assert.Equal(t, "tagged /big", items[0].OfFunctionCallOutput.Output.OfString.Value)
	assert.Equal(t, []string{"tag /big", "tag /big"}, r.list())
}

// chatStreamOf is a recorded stream of a completion making the calls, each
// call's arguments in deltas of size bytes, the calls one after another.
func chatStreamOf(t *testing.T, calls []adapters.Call, size int) string {
	t.Helper()
	var events []string
	for i, c := range calls {
		events = append(events, chunk(fmt.Sprintf(`{"tool_calls":[{"index":%d,"id":%q,"type":"function","function":{"name":%q,"arguments":""}}]}`, i, c.ID, c.Name), "null"))
		for j := 0; j < len(c.Args); j += size {
			events = append(events, chunk(fmt.Sprintf(`{"tool_calls":[{"index":%d,"function":{"arguments":%s}}]}`, i, strconv.Quote(c.Args[j:min(j+size, len(c.Args))])), "null"))
		}
	}
	return sseFile(t, append(events, chunk(`{}`, `"tool_calls"`), "[DONE]")...)
}

// A person answers the dangerous calls of a streamed completion, read
// whole, as RunChat has them answered: the approved call runs once, the declined one
// is declined, the guard stops the loop at the third refused call and the
// call after it does not run; the person is asked the same questions.
func TestChatStreamApprovals(t *testing.T) {
	fs := &adapters.Files{}
	var person adapters.Person
	calls := adapters.ApprovalTurn()
	stream := chatStream(t, chatStreamOf(t, calls, 5))
	cs := openaitool.NewChatStream(context.Background(), adapters.NewSet(fs), tool.NewGuard(tool.Limits{}), tool.Ask(person.Approver()))
	var rejected []string
	for stream.Next() {
		var rej *openaitool.Rejection
		if errors.As(cs.Add(stream.Current()), &rej) {
			rejected = append(rejected, rej.ID) // read on: the other calls are wanted
		}
	}
	assert.Equal(t, []string{"call_invalid", "call_tag_1", "call_tag_2", "call_tag_3"}, rejected, "the calls breaking a pattern")
	msgs, err := cs.Finish(stream.Err())
	var stop *tool.Stop
	require.ErrorAs(t, err, &stop)
	require.Len(t, msgs, 1+len(calls))
	for i, c := range calls {
		assert.Equal(t, c.ID, msgs[1+i].OfTool.ToolCallID)
		assert.Equal(t, adapters.ApprovalFeedback[c.ID], msgs[1+i].OfTool.Content.OfString.Value, c.ID)
	}
	assert.Equal(t, adapters.ApprovalDeleted, fs.DeletedFiles(), "the approved call ran, once")
	assert.Equal(t, adapters.ApprovalQuestions(), person.Asked())
}
