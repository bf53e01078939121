package openaitool_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/openai/openai-go/v3/responses"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/runtime/openaitool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// runs records the calls a set ran, each as its tool, its call id and its
// arguments: an Observer that sees the id, beside handlers that see the
// arguments through the context the Observer gives them.
type runs struct {
	mu   sync.Mutex
	list []string
}

type argsKey struct{}

func (r *runs) Begin(ctx context.Context) context.Context {
	return context.WithValue(ctx, argsKey{}, new(string))
}

func (r *runs) End(ctx context.Context, o tool.Observed) {
	if o.Result.Status != tool.StatusExecuted {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.list = append(r.list, o.Result.Tool+" "+o.Result.CallID+" "+*ctx.Value(argsKey{}).(*string))
}

func (r *runs) ran() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.list...)
}

// note keeps a handler's arguments for its call's record.
func note(ctx context.Context, args any) {
	b, _ := json.Marshal(args)
	*ctx.Value(argsKey{}).(*string) = string(b)
}

// runsSet is a set of get_forecast, tag and send_email whose runs r
// records; opts are more options.
func runsSet(r *runs, opts ...tool.Option) *tool.Set {
	return tool.NewSet(append([]tool.Option{tool.WithLogger(slog.New(slog.DiscardHandler)), tool.WithObserver(r),
		adapters.GetForecastTool.Handle(func(ctx context.Context, a adapters.GetForecastArgs) (adapters.Forecast, error) {
			note(ctx, a)
			return adapters.Forecast{City: a.City, Days: []adapters.Day{{Day: 1, High: 20.5}}}, nil
		}),
		adapters.TagTool.Handle(func(ctx context.Context, a adapters.TagArgs) (any, error) {
			note(ctx, a)
			return "tagged " + a.Path, nil
		}),
		adapters.SendEmailTool.Handle(func(ctx context.Context, a adapters.SendEmailArgs) (any, error) {
			note(ctx, a)
			return "sent to " + a.To, nil
		})}, opts...)...)
}

// toolCall is a delta of the call at index i: its id, name and arguments
// pieces ("" leaves one out).
func toolCall(i int, id, name, args string) string {
	s := `{"index":` + strconv.Itoa(i)
	if id != "" {
		s += `,"id":"` + id + `","type":"function"`
	}
	return s + `,"function":{"name":"` + name + `","arguments":` + strconv.Quote(args) + `}}`
}

// deltas is a chunk of the tool call deltas.
func deltas(calls ...string) string {
	return chunk(`{"tool_calls":[`+strings.Join(calls, ",")+`]}`, "null")
}

// chatAgrees reads the recorded stream through a ChatStream, every chunk,
// with a set whose runs it records, and runs RunChat on the completion the
// SDK's accumulator makes of it with another: it returns the stream's runs
// and messages and RunChat's.
func chatAgrees(t *testing.T, file string, opts ...tool.Option) (got, want []string, msgs, wantMsgs string, rejections []*openaitool.Rejection) {
	t.Helper()
	var r, w runs
	stream := chatStream(t, file)
	cs := openaitool.NewChatStream(context.Background(), runsSet(&r, opts...), nil)
	for stream.Next() {
		if err := cs.Add(stream.Current()); err != nil {
			var rej *openaitool.Rejection
			require.ErrorAs(t, err, &rej)
			rejections = append(rejections, rej)
		}
	}
	m, err := cs.Finish(stream.Err())
	require.NoError(t, err)
	wm, err := openaitool.RunChat(context.Background(), runsSet(&w, opts...), accumulate(t, file), nil)
	require.NoError(t, err)
	return r.ran(), w.ran(), messagesJSON(t, m), messagesJSON(t, wm), rejections
}

// A tool's name streamed in pieces: the call is the message's whole name,
// never a piece of it. Pieces before the first argument byte make the name
// the call runs with (get_fore + cast runs get_forecast, as RunChat does;
// send_email + _draft is a tool the set does not have, and nothing is
// sent); a piece after it is a call the stream did not read as its message
// records it, which runs nothing, nor does any other call of the message.
// Each tool message is RunChat's, but for the calls refused with another.
func TestChatStreamNamePieces(t *testing.T) {
	for name, c := range map[string]struct {
		chunks []string
		runs   []string
	}{
		"get_fore+cast": {[]string{deltas(toolCall(0, "call_1", "get_fore", "")), deltas(toolCall(0, "", "cast", "")),
			deltas(toolCall(0, "", "", `{"city":"Oslo"}`))}, []string{`get_forecast call_1 {"city":"Oslo"}`}},
		"send_email+_draft": {[]string{deltas(toolCall(0, "call_1", "send_email", "")), deltas(toolCall(0, "", "_draft", "")),
			deltas(toolCall(0, "", "", `{"to":"ada@example.com","subject":"Hi"}`))}, nil},
		"send_email, arguments, _draft": {[]string{deltas(toolCall(0, "call_1", "send_email", `{"to":"ada@example.com",`)),
			deltas(toolCall(0, "", "_draft", `"subject":"Hi"}`))}, nil},
		"interleaved, a piece late": {[]string{deltas(toolCall(0, "call_1", "ta", ""), toolCall(1, "call_2", "send_", "")),
			deltas(toolCall(0, "", "g", `{"path":"/a",`), toolCall(1, "", "email", `{"to":"ada@example.com",`)),
			deltas(toolCall(1, "", "_draft", `"subject":"Hi"}`), toolCall(0, "", "", `"labels":{}}`))}, nil},
	} {
		got, want, msgs, wantMsgs, _ := chatAgrees(t, sseFile(t, append(c.chunks, chunk(`{}`, `"tool_calls"`), "[DONE]")...))
		assert.Equal(t, c.runs, got, name)
		if c.runs != nil {
			assert.Equal(t, want, got, name)
		}
		if name == "interleaved, a piece late" {
			assert.Equal(t, []string{`tag call_1 {"path":"/a","labels":{}}`}, want)
			assert.Contains(t, msgs, "(another call of its message did not stream as recorded): it was not run")
			assert.Contains(t, msgs, "unknown tool 'send_email_draft'")
			continue
		}
		assert.JSONEq(t, wantMsgs, msgs, name)
	}
}

// A call whose id changes after its first argument byte, or arrives only
// after it: it does not run, and its tool message answers the id of the
// assistant's message (the API refuses an answer to an id it does not
// hold). An id that changes or comes before the first argument byte is
// the id the call runs with, the request id RunChat gives it.
func TestChatStreamIDs(t *testing.T) {
	for name, c := range map[string]struct {
		chunks []string
		runs   []string
	}{
		"changes mid-call": {[]string{deltas(toolCall(0, "call_a", "tag", `{"path":"/a",`)), deltas(toolCall(0, "call_b", "", `"labels":{}}`))}, nil},
		"after the arguments began": {[]string{deltas(toolCall(0, "", "tag", `{"path":"/a",`)),
			deltas(toolCall(0, "call_c", "", `"labels":{}}`))}, nil},
		"after the name, before the arguments": {[]string{deltas(toolCall(0, "", "tag", "")), deltas(toolCall(0, "call_c", "", "")),
			deltas(toolCall(0, "", "", `{"path":"/a","labels":{}}`))}, []string{`tag call_c {"path":"/a","labels":{}}`}},
		"changes before the arguments": {[]string{deltas(toolCall(0, "call_a", "tag", "")), deltas(toolCall(0, "call_d", "", "")),
			deltas(toolCall(0, "", "", `{"path":"/a","labels":{}}`))}, []string{`tag call_d {"path":"/a","labels":{}}`}},
	} {
		file := sseFile(t, append(c.chunks, chunk(`{}`, `"tool_calls"`), "[DONE]")...)
		got, want, msgs, _, _ := chatAgrees(t, file)
		assert.Equal(t, c.runs, got, name)
		if c.runs != nil {
			assert.Equal(t, want, got, name)
		}
		var m []map[string]any
		require.NoError(t, json.Unmarshal([]byte(msgs), &m))
		require.Len(t, m, 2, name)
		calls := m[0]["tool_calls"].([]any)
		assert.Equal(t, calls[0].(map[string]any)["id"], m[1]["tool_call_id"], name)
		if c.runs == nil {
			assert.Contains(t, m[1]["content"], "(its id changed while it streamed): it was not run", name)
		}
	}
}

// Arguments of an index whose name has not come: the name is final at the
// first argument byte, so the call is to no tool, rejected there; nothing
// is kept but what its Pending keeps, the set's size limit, and a name that
// comes later does not make it run: it is answered, as RunChat answers the
// message, as too large.
func TestChatStreamArgumentsBeforeName(t *testing.T) {
	chunks := []string{deltas(toolCall(0, "call_1", "", `{"path":"/big","labels":{`))}
	for i := range 64 {
		chunks = append(chunks, deltas(toolCall(0, "", "", fmt.Sprintf(`"l%03d":"%s",`, i, strings.Repeat("x", 1000)))))
	}
	chunks = append(chunks, deltas(toolCall(0, "", "tag", `"last":"x"}}`)), chunk(`{}`, `"tool_calls"`), "[DONE]")
	got, want, msgs, wantMsgs, rejections := chatAgrees(t, sseFile(t, chunks...), tool.WithMaxArgumentSize(4096))
	require.NotEmpty(t, rejections)
	assert.Equal(t, len(`{"path":"/big","labels":{`), rejections[0].At, "rejected at its first argument byte")
	assert.Equal(t, []string{"unknown_tool"}, rejections[0].Errors.Codes())
	assert.Len(t, rejections, 1)
	assert.Empty(t, got)
	assert.Empty(t, want)
	assert.JSONEq(t, wantMsgs, msgs)
	assert.Contains(t, msgs, "more than the 4096 bytes allowed")
}

// A completion cut at its length, as the API returns it whole and as the
// SDK's accumulator makes it of a stream: RunChat runs none of its calls,
// as the stream does not, and answers them as the stream does. So does
// RunResponses for an incomplete response (max_output_tokens).
func TestRunnersRefuseCut(t *testing.T) {
	var r ran
	msgs, err := openaitool.RunChat(context.Background(), recordingSet(&r), accumulate(t, "testdata/chat_stream_length.sse"), nil)
	require.NoError(t, err)
	assert.Empty(t, r.list(), "RunChat ran a call cut by finish_reason length")
	streamMsgs, err := openaitool.RunChatStream(context.Background(), recordingSet(&r), chatStream(t, "testdata/chat_stream_length.sse"), nil)
	require.NoError(t, err)
	assert.JSONEq(t, messagesJSON(t, streamMsgs), messagesJSON(t, msgs))

	stream := responsesStream(t, "testdata/responses_stream_incomplete.sse")
	var incomplete responses.Response
	for stream.Next() {
		if ev := stream.Current(); ev.Type == "response.incomplete" {
			incomplete = ev.Response
		}
	}
	require.Equal(t, responses.ResponseStatusIncomplete, incomplete.Status)
	items, err := openaitool.RunResponses(context.Background(), recordingSet(&r), &incomplete, nil)
	require.NoError(t, err)
	assert.Empty(t, r.list(), "RunResponses ran a call of an incomplete response")
	streamItems, err := openaitool.RunResponsesStream(context.Background(), recordingSet(&r), responsesStream(t, "testdata/responses_stream_incomplete.sse"), nil)
	require.NoError(t, err)
	a, _ := json.Marshal(items)
	b, _ := json.Marshal(streamItems)
	assert.JSONEq(t, string(b), string(a))
	assert.Contains(t, string(a), "cut off after 15 bytes of arguments (response.incomplete (max_output_tokens))")
}

// responsesAgree reads the recorded stream through a ResponsesStream,
// every event, with a set whose runs it records, and runs RunResponses
// on the response it ended with: it returns the stream's runs and items
// and RunResponses's.
func responsesAgree(t *testing.T, file string) (got, want []string, items, wantItems string) {
	t.Helper()
	var r, w runs
	stream := responsesStream(t, file)
	rs := openaitool.NewResponsesStream(context.Background(), runsSet(&r), nil)
	var final responses.Response
	for stream.Next() {
		ev := stream.Current()
		rs.Add(ev)
		if strings.HasPrefix(ev.Type, "response.") && ev.Response.ID != "" && ev.Type != "response.created" && ev.Type != "response.in_progress" {
			final = ev.Response
		}
	}
	it, err := rs.Finish(stream.Err())
	require.NoError(t, err)
	wit, err := openaitool.RunResponses(context.Background(), runsSet(&w), &final, nil)
	require.NoError(t, err)
	a, _ := json.Marshal(it)
	b, _ := json.Marshal(wit)
	return r.ran(), w.ran(), string(a), string(b)
}

// The events after a call's output_item.added (its output_item.done, the
// response.completed that the API keeps) name another tool or call id than
// the call the stream opened: nothing runs, and the outputs answer the
// response's calls, as RunResponses answers them. When they all agree, the
// call runs as RunResponses runs it.
func TestResponsesStreamOtherCall(t *testing.T) {
	tagArgs := `{"path":"/a","labels":{}}`
	tagCall := func(name, callID string) string {
		return `{"id":"fc_1","type":"function_call","status":"completed","arguments":` + strconv.Quote(tagArgs) +
			`,"call_id":"` + callID + `","name":"` + name + `"}`
	}
	events := func(done, final string) []string {
		return []string{respEvent("response.output_item.added", `"output_index":0,"item":`+fcItem("1", "tag", "in_progress", "")),
			respEvent("response.function_call_arguments.delta", `"item_id":"fc_1","output_index":0,"delta":`+strconv.Quote(tagArgs)),
			argsDone(tagArgs), itemDone(done), respEnd("response.completed", "completed", "", final)}
	}
	for name, c := range map[string]struct {
		events []string
		runs   []string
		reason string
	}{
		"agree":                       {events(tagCall("tag", "call_1"), tagCall("tag", "call_1")), []string{`tag call_1 {"path":"/a","labels":{}}`}, ""},
		"done and final name another": {events(tagCall("send_email", "call_1"), tagCall("send_email", "call_1")), nil, "The call to send_email was rejected"},
		"final names another":         {events(tagCall("tag", "call_1"), tagCall("send_email", "call_1")), nil, "The call to send_email was rejected"},
		"done names another":          {events(tagCall("send_email", "call_1"), tagCall("tag", "call_1")), nil, "(its name changed while it streamed): it was not run"},
		"final, another call_id":      {events(tagCall("tag", "call_1"), tagCall("tag", "call_9")), nil, "(its id changed while it streamed): it was not run"},
	} {
		got, want, items, wantItems := responsesAgree(t, respFile(t, c.events...))
		assert.Equal(t, c.runs, got, name)
		if c.runs != nil {
			assert.Equal(t, want, got, name)
			assert.JSONEq(t, wantItems, items, name)
			continue
		}
		var it []map[string]any
		require.NoError(t, json.Unmarshal([]byte(items), &it))
		require.Len(t, it, 1, name)
		var w []map[string]any
		require.NoError(t, json.Unmarshal([]byte(wantItems), &w))
		assert.Equal(t, w[0]["call_id"], it[0]["call_id"], name)
		assert.Contains(t, it[0]["output"], c.reason, name)
	}
}

// A call whose arguments or item did not end (no
// .function_call_arguments.done, no response.output_item.done) in a
// response that completed: it does not run, and says which did not end.
func TestResponsesStreamUnfinished(t *testing.T) {
	item := fcItem("1", "get_forecast", "completed", `{"city":"Os"}`)
	for name, c := range map[string]struct {
		events []string
		reason string
	}{
		"arguments not done": {forecastOs(respEnd("response.completed", "completed", "", item)), "its arguments did not end"},
		"item not done":      {forecastOs(argsDone(`{"city":"Os"}`), respEnd("response.completed", "completed", "", item)), "its item did not end"},
		"item done, not added": {[]string{argsDone(`{"city":"Os"}`), itemDone(item), respEnd("response.completed", "completed", "", item)},
			"its stream did not carry it"},
	} {
		got, want, items, _ := responsesAgree(t, respFile(t, c.events...))
		assert.Empty(t, got, name)
		assert.NotEmpty(t, want, "RunResponses runs the completed call")
		assert.Contains(t, items, "cut off after 13 bytes of arguments ("+c.reason+")", name)
	}
}
