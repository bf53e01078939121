package anthropictool_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/anthropictool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

func streamParams(set *tool.Set, opts ...anthropictool.ToolsOption) anthropic.MessageNewParams {
	return anthropic.MessageNewParams{Model: anthropic.ModelClaudeSonnet4_5_20250929, MaxTokens: 1024,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Forecast for Lyon; tag /srv/a.txt."))},
		Tools:    anthropictool.Tools(set, opts...)}
}

// streamed is what a streamed turn gave: the rejections Event returned, in
// order, with the number of non-empty input_json_delta events of their
// block read when each came, and Finish's messages, as the next request sent them.
type streamed struct {
	rejections []*anthropictool.Rejection
	deltas     []int
	sent       []map[string]any
	err        error
}

// streamTurn streams the recorded response through the SDK's client into a
// Stream, cancelling the request and reading no more at the first
// rejection when cancelOnReject is set, and sends Finish's messages back.
func streamTurn(t *testing.T, set *tool.Set, g *tool.Guard, response string, cancelOnReject bool) streamed {
	t.Helper()
	var got streamed
	srv := replay.Server(t,
		replay.Step{Path: "/v1/messages", Response: response, Check: func(t *testing.T, body map[string]json.RawMessage) {
			assert.Equal(t, "true", string(body["stream"]))
		}},
		replay.Step{Path: "/v1/messages", Response: "testdata/message_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			got.sent = messages(t, body)
		}},
	)
	c := client(srv.URL)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	params := streamParams(set)
	stream := c.Messages.NewStreaming(ctx, params)
	calls := anthropictool.NewStream(context.Background(), set, g)
	deltas := map[int64]int{}
	for stream.Next() {
		ev := stream.Current()
		if ev.Type == "content_block_delta" && ev.Delta.PartialJSON != "" {
			deltas[ev.Index]++
		}
		err := calls.Event(ev)
		if err == nil {
			continue
		}
		var r *anthropictool.Rejection
		require.True(t, errors.As(err, &r), "%v", err)
		got.rejections = append(got.rejections, r)
		got.deltas = append(got.deltas, deltas[ev.Index])
		if cancelOnReject {
			cancel()
			break
		}
	}
	more, err := calls.Finish()
	got.err = err
	params.Messages = append(params.Messages, more...)
	_, err = c.Messages.New(context.Background(), params)
	require.NoError(t, err)
	return got
}

// toolResults returns the tool_result blocks of the last message sent.
func toolResults(t *testing.T, sent []map[string]any) []result {
	t.Helper()
	require.NotEmpty(t, sent)
	var out []result
	for _, b := range sent[len(sent)-1]["content"].([]any) {
		r := b.(map[string]any)
		require.Equal(t, "tool_result", r["type"])
		isError, _ := r["is_error"].(bool)
		out = append(out, result{r["content"].([]any)[0].(map[string]any)["text"].(string), isError})
	}
	return out
}

// A message of two tool_use blocks, streamed one after the other in small
// deltas: the valid call runs, the call with a member tag does not declare
// is rejected while it streams; the messages that continue the
// conversation are those Run builds from the same message, whole.
func TestStreamIsRun(t *testing.T) {
	got := streamTurn(t, adapters.NewSet(&adapters.Files{}), tool.NewGuard(tool.Limits{}), "testdata/stream_tool_use.sse", false)
	require.NoError(t, got.err)
	require.Len(t, got.rejections, 1)
	r := got.rejections[0]
	assert.Equal(t, "toolu_01Tg8bR9qU4nXo6tW8yZa3Bc", r.ID)
	assert.Equal(t, "tag", r.Name)
	assert.Equal(t, int64(2), r.Index)
	assert.Equal(t, []string{"unexpected:color"}, r.Errors.Codes())
	// {"path": "/srv/a.txt", "labels": {"kind": "memo"}, "color": "red"} in
	// deltas of 4 bytes: rejected in the 15th, r": , which completes the
	// undeclared name, before its value and the rest.
	input := `{"path": "/srv/a.txt", "labels": {"kind": "memo"}, "color": "red"}`
	quote := strings.Index(input, `"color"`) + len(`"color"`) - 1
	assert.Equal(t, quote/4+1, got.deltas[0], "rejected in the delta that completes the name")
	assert.Equal(t, 15, got.deltas[0])
	assert.Equal(t, got.deltas[0]*4, r.At)
	assert.Less(t, r.At, len(input))

	// Run, on the same message whole, sends the same messages.
	var whole []map[string]any
	srv := replay.Server(t,
		replay.Step{Path: "/v1/messages", Response: "testdata/message_tool_use.json"},
		replay.Step{Path: "/v1/messages", Response: "testdata/message_answer.json", Check: func(t *testing.T, body map[string]json.RawMessage) {
			whole = messages(t, body)
		}})
	c := client(srv.URL)
	set := adapters.NewSet(&adapters.Files{})
	params := streamParams(set)
	msg, err := c.Messages.New(context.Background(), params)
	require.NoError(t, err)
	more, err := anthropictool.Run(context.Background(), set, msg, tool.NewGuard(tool.Limits{}))
	require.NoError(t, err)
	params.Messages = append(params.Messages, more...)
	_, err = c.Messages.New(context.Background(), params)
	require.NoError(t, err)
	wantJSON, err := json.Marshal(whole)
	require.NoError(t, err)
	gotJSON, err := json.Marshal(got.sent)
	require.NoError(t, err)
	assert.JSONEq(t, string(wantJSON), string(gotJSON))
	assert.Equal(t, []result{{`{"city":"Lyon","days":[{"day":1,"high":20.5}]}`, false},
		{"The call to tag was rejected and not executed:\n- unexpected argument 'color'\nCorrect the arguments and call the tool again.", true}},
		toolResults(t, got.sent))
}

// A call rejected mid-stream never runs, whether the application cancels
// the request at the rejection or reads the stream to its end; either way
// the model reads what to correct.
func TestStreamRejected(t *testing.T) {
	for _, cancel := range []bool{false, true} {
		outbox := &adapters.Outbox{}
		set := adapters.NewSet(&adapters.Files{}, outbox.Handler())
		got := streamTurn(t, set, tool.NewGuard(tool.Limits{}), "testdata/stream_email_rejected.sse", cancel)
		require.NoError(t, got.err)
		require.Len(t, got.rejections, 1)
		r := got.rejections[0]
		assert.Equal(t, "toolu_01Em5fT2wY7qKc9PxV3nZa8R", r.ID)
		assert.Equal(t, []string{"unexpected:cc"}, r.Errors.Codes())
		input := `{"to": "ada@example.com", "subject": "Minutes", "cc": "bob@example.com"}`
		quote := strings.Index(input, `"cc"`) + len(`"cc"`) - 1
		assert.Equal(t, quote/6+1, got.deltas[0], "rejected in the delta that completes the name")
		assert.Equal(t, 6*got.deltas[0], r.At)
		assert.Zero(t, outbox.Sent(), "a rejected call ran")
		results := toolResults(t, got.sent)
		require.Len(t, results, 1)
		assert.Equal(t, result{"The call to send_email was rejected and not executed:\n- unexpected argument 'cc'\nCorrect the arguments and call the tool again.", true}, results[0])
		assert.Equal(t, results[0].text, r.Feedback(), "the feedback of the rejection")
		assistant := got.sent[1]["content"].([]any)
		use := assistant[len(assistant)-1].(map[string]any)
		assert.Equal(t, "tool_use", use["type"])
		if cancel {
			assert.Equal(t, map[string]any{}, use["input"], "the cut input goes back empty")
		}
	}
}

// A block the stream leaves before content_block_stop never runs, though
// its input is whole and valid: incomplete.
func TestStreamCut(t *testing.T) {
	outbox := &adapters.Outbox{}
	set := adapters.NewSet(&adapters.Files{}, outbox.Handler())
	got := streamTurn(t, set, tool.NewGuard(tool.Limits{}), "testdata/stream_cut.sse", false)
	require.NoError(t, got.err)
	assert.Empty(t, got.rejections)
	assert.Zero(t, outbox.Sent(), "a cut call ran")
	results := toolResults(t, got.sent)
	require.Len(t, results, 1)
	assert.True(t, results[0].isError)
	assert.Equal(t, "The call to send_email was not executed:\n"+
		"- the call was cut off after 47 bytes of arguments (the stream ended before the block's content_block_stop): it was not run\n"+
		"Call the tool again if the call is still needed.", results[0].text)
}

// A message that stops on max_tokens leaves its calls incomplete, though
// their blocks stopped and their input is valid.
func TestStreamMaxTokens(t *testing.T) {
	outbox := &adapters.Outbox{}
	set := adapters.NewSet(&adapters.Files{}, outbox.Handler())
	got := streamTurn(t, set, tool.NewGuard(tool.Limits{}), "testdata/stream_max_tokens.sse", false)
	require.NoError(t, got.err)
	assert.Zero(t, outbox.Sent(), "a call cut by max_tokens ran")
	results := toolResults(t, got.sent)
	require.Len(t, results, 1)
	assert.True(t, results[0].isError)
	assert.Contains(t, results[0].text, "(the message ended with stop_reason max_tokens): it was not run")
}

// events decodes lines of JSON events.
func events(t *testing.T, lines ...string) []anthropic.MessageStreamEventUnion {
	t.Helper()
	evs := make([]anthropic.MessageStreamEventUnion, len(lines))
	for i, l := range lines {
		require.NoError(t, json.Unmarshal([]byte(l), &evs[i]), l)
	}
	return evs
}

// Blocks told apart by their index, their deltas interleaved: each call
// gets its own bytes; an unknown tool is rejected at its start, before
// any input; the other runs.
func TestStreamByIndex(t *testing.T) {
	outbox := &adapters.Outbox{}
	set := adapters.NewSet(&adapters.Files{}, outbox.Handler())
	s := anthropictool.NewStream(context.Background(), set, nil)
	var rejected []*anthropictool.Rejection
	for i, ev := range events(t,
		`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"claude-sonnet-4-5-20250929"}}`,
		`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_a","name":"send_email","input":{}}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"to\": \"ada@exa"}}`,
		`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_b","name":"send_mail","input":{}}}`,
		`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"to\": \"bob@"}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"mple.com\", \"subject\": \"Hi\"}"}}`,
		`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"example.com\"}"}}`,
		`{"type":"content_block_stop","index":1}`,
		`{"type":"content_block_stop","index":0}`,
		`{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":40}}`,
		`{"type":"message_stop"}`,
	) {
		err := s.Event(ev)
		if err != nil {
			var r *anthropictool.Rejection
			require.True(t, errors.As(err, &r), "%v", err)
			assert.Equal(t, 3, i, "at the block's start")
			rejected = append(rejected, r)
		}
	}
	require.Len(t, rejected, 1)
	assert.Equal(t, anthropictool.Rejection{ID: "toolu_b", Name: "send_mail", Index: 1, At: 0, Errors: rejected[0].Errors}, *rejected[0])
	assert.Equal(t, tool.CodeUnknownTool, rejected[0].Errors[0].Code)
	more, err := s.Finish()
	require.NoError(t, err)
	assert.Equal(t, 1, int(outbox.Sent()))
	require.Len(t, more, 2)
	results := more[1].OfUser.Content
	require.Len(t, results, 2)
	assert.Equal(t, "toolu_a", results[0].OfToolResult.ToolUseID)
	assert.Equal(t, "sent to ada@example.com", results[0].OfToolResult.Content[0].OfText.Text)
	assert.Equal(t, "toolu_b", results[1].OfToolResult.ToolUseID)
	assert.True(t, results[1].OfToolResult.IsError.Value)
	assert.Contains(t, results[1].OfToolResult.Content[0].OfText.Text, "send_mail")
	assert.JSONEq(t, `{"to": "ada@example.com", "subject": "Hi"}`, string(s.Message().Content[0].Input))
	again, _ := s.Finish()
	assert.Equal(t, 1, int(outbox.Sent()), "a second Finish runs nothing again")
	assert.Len(t, again, 2)
}

// EagerInputStreaming sets eager_input_streaming on every tool the request
// sends, each otherwise the generated definition.
func TestEagerInputStreaming(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{})
	srv := replay.Server(t, replay.Step{Path: "/v1/messages", Response: "testdata/stream_tool_use.sse", Check: func(t *testing.T, body map[string]json.RawMessage) {
		var tools []map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(body["tools"], &tools))
		require.Len(t, tools, len(set.Tools()))
		for i, tl := range set.Tools() {
			assert.Equal(t, "true", string(tools[i]["eager_input_streaming"]), tl.Name)
			delete(tools[i], "eager_input_streaming")
			b, err := json.Marshal(tools[i])
			require.NoError(t, err)
			assert.JSONEq(t, string(tl.Dialects.Anthropic.Tool), string(b), tl.Name)
		}
	}})
	c := client(srv.URL)
	stream := c.Messages.NewStreaming(context.Background(), streamParams(set, anthropictool.EagerInputStreaming()))
	for stream.Next() {
	}
	require.NoError(t, stream.Err())
	for _, tl := range anthropictool.Tools(set) {
		b, err := json.Marshal(tl)
		require.NoError(t, err)
		assert.NotContains(t, string(b), "eager", "not without the option")
	}
}

// answer streams the recorded response to a request for o into w.
func answer(t *testing.T, response string, o *tool.Output, w io.Writer) (*anthropictool.AnswerStream, error) {
	t.Helper()
	srv := replay.Server(t, replay.Step{Path: "/v1/messages", Response: response})
	params := anthropic.MessageNewParams{Model: anthropic.ModelClaudeSonnet4_5_20250929, MaxTokens: 1024,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Read the attached document."))}}
	anthropictool.SetOutput(&params, o)
	c := client(srv.URL)
	stream := c.Messages.NewStreaming(context.Background(), params)
	a := anthropictool.NewAnswerStream(w, o)
	var first error
	for stream.Next() {
		if err := a.Event(stream.Current()); err != nil && first == nil {
			first = err
		}
	}
	require.NoError(t, stream.Err())
	return a, first
}

// A structured output streams into a writer: the text deltas in the
// output_config.format form, the forced tool's input in the other; the
// answer is whole once the message ended.
func TestAnswerStream(t *testing.T) {
	var buf bytes.Buffer
	a, err := answer(t, "testdata/stream_invoice.sse", &adapters.InvoiceOutput.Output, &buf)
	require.NoError(t, err)
	assert.True(t, a.Ended())
	v, errs := adapters.InvoiceOutput.ParseBytes(buf.Bytes())
	require.Nil(t, errs)
	assert.Equal(t, adapters.Invoice{Number: "INV-3", Total: 1250, Customer: "Ada Lovelace"}, v)

	buf.Reset()
	a, err = answer(t, "testdata/stream_receipt.sse", &adapters.ReceiptOutput.Output, &buf)
	require.NoError(t, err)
	assert.True(t, a.Ended())
	r, errs := adapters.ReceiptOutput.ParseBytes(buf.Bytes())
	require.Nil(t, errs)
	assert.Equal(t, adapters.Receipt{Shop: "Café Lumière", TotalsByRate: map[string]int{"20": 1000, "5.5": 250}}, r)

	// A stop on max_tokens: not whole.
	buf.Reset()
	a, err = answer(t, "testdata/stream_max_tokens.sse", &adapters.InvoiceOutput.Output, &buf)
	require.NoError(t, err)
	assert.False(t, a.Ended())
}

// failingWriter takes n bytes, then fails.
type failingWriter struct {
	n      int
	writes int
}

var errFull = errors.New("full")

func (w *failingWriter) Write(p []byte) (int, error) {
	w.writes++
	if len(p) > w.n {
		return w.n, errFull
	}
	w.n -= len(p)
	return len(p), nil
}

// The answer stops at the writer's first error, which every later event
// returns; the answer is not whole.
func TestAnswerStreamStops(t *testing.T) {
	w := &failingWriter{n: 12}
	a, err := answer(t, "testdata/stream_invoice.sse", &adapters.InvoiceOutput.Output, w)
	assert.ErrorIs(t, err, errFull)
	assert.Equal(t, 3, w.writes, "two deltas of 5 bytes, then the one that fails; nothing after")
	assert.False(t, a.Ended())
}
