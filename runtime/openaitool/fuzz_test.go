package openaitool_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/packages/ssestream"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolgen-go/toolgen/runtime/openaitool"
)

// choices reads the decisions of a fuzzed stream from the fuzzer's bytes,
// each a number below k; 0 once they run out.
type choices struct{ b []byte }

func (c *choices) n(k int) int {
	if len(c.b) == 0 || k <= 1 {
		return 0
	}
	v := int(c.b[0]) % k
	c.b = c.b[1:]
	return v
}

// pieces cuts s into at most k pieces at chosen places ("" stays one
// empty piece).
func (c *choices) pieces(s string, k int) []string {
	var out []string
	for len(out) < k-1 && len(s) > 1 && c.n(2) == 1 {
		i := 1 + c.n(len(s)-1)
		out, s = append(out, s[:i]), s[i:]
	}
	return append(out, s)
}

// The tools and arguments a fuzzed call is made of: the set's tools, one
// it does not have and none, and arguments valid for one tool, invalid,
// or not JSON.
var (
	fuzzNames = []string{"get_forecast", "tag", "send_email", "get_weather", ""}
	fuzzArgs  = []string{`{"city":"Oslo"}`, `{"city":"Oslo","days":2}`, `{"city":"Oslo","dayz":2}`, `{"path":"/a","labels":{}}`,
		`{"path":"a","labels":{"k":"v"}}`, `{"to":"ada@example.com","subject":"Hi"}`, `{"to":"a"}`, `{}`, `{"city":`, ``}
	fuzzValid = map[string]string{"get_forecast": `{"city":"Oslo","days":2}`, "tag": `{"path":"/a","labels":{"k":"v"}}`,
		"send_email": `{"to":"ada@example.com","subject":"Hi"}`}
)

// call is a fuzzed call's tool and arguments: most often valid ones, so
// that calls run.
func (c *choices) call() (name, args string) {
	name = fuzzNames[c.n(len(fuzzNames))]
	if a, ok := fuzzValid[name]; ok && c.n(4) > 0 {
		return name, a
	}
	return name, fuzzArgs[c.n(len(fuzzArgs))]
}

// sseStream is a stream of the recorded events read by the SDK's SSE
// decoder, as its client reads a response.
func sseStream[T any](events string) *ssestream.Stream[T] {
	res := &http.Response{Header: http.Header{"Content-Type": {"text/event-stream"}}, Body: io.NopCloser(strings.NewReader(events))}
	return ssestream.NewStream[T](ssestream.NewDecoder(res), nil)
}

// chatDelta is one delta of a fuzzed call: its index, and the pieces of id,
// name and arguments it carries.
type chatDelta struct {
	index          int64
	id, name, args string
}

// fuzzChat is a well-formed stream of Chat chunks (the SDK's
// ChatCompletionChunk, as its JSON) that the choices make: up to three
// calls whose names, ids and arguments come in pieces, interleaved, an id
// given late or changed, a name piece after the arguments began, a
// finish_reason (or none, or a chunk after it), an error event.
func fuzzChat(c *choices) string {
	var calls [][]chatDelta
	for i := range 1 + c.n(3) {
		idx := int64(i)
		if i == 0 && c.n(8) == 0 {
			idx = -1 // a provider's single call
		}
		id := "call_" + string(rune('a'+i))
		var ds []chatDelta
		name, args := c.call()
		for _, p := range c.pieces(name, 3) {
			ds = append(ds, chatDelta{index: idx, name: p})
		}
		for _, p := range c.pieces(args, 4) {
			ds = append(ds, chatDelta{index: idx, args: p})
		}
		switch c.n(6) {
		case 0: // a name piece after the arguments began
			ds = append(ds, chatDelta{index: idx, name: "_x"})
		case 1: // the arguments and the name in one delta
			if len(ds) > 1 {
				ds[0].args, ds = ds[len(ds)-1].args, ds[:len(ds)-1]
			}
		}
		ds[c.n(len(ds))].id = id
		if c.n(5) == 0 { // an id again, or another
			ds[c.n(len(ds))].id = id + strings.Repeat("2", c.n(2))
		}
		calls = append(calls, ds)
	}
	var b strings.Builder
	write := func(delta openai.ChatCompletionChunkChoiceDelta, finish string) {
		ch := openai.ChatCompletionChunk{ID: "chatcmpl-1", Object: "chat.completion.chunk", Created: 1795939200, Model: "gpt-4o",
			Choices: []openai.ChatCompletionChunkChoice{{Delta: delta, FinishReason: finish}}}
		j, err := json.Marshal(ch)
		if err != nil {
			panic(err)
		}
		b.WriteString("data: " + string(j) + "\n\n")
	}
	write(openai.ChatCompletionChunkChoiceDelta{Role: "assistant", Content: "Let me see."}, "")
	for {
		var live []int
		for i, ds := range calls {
			if len(ds) > 0 {
				live = append(live, i)
			}
		}
		if len(live) == 0 {
			break
		}
		var delta openai.ChatCompletionChunkChoiceDelta
		for range 1 + c.n(2) { // one or two deltas in a chunk
			i := live[c.n(len(live))]
			if len(calls[i]) == 0 {
				continue
			}
			d := calls[i][0]
			calls[i] = calls[i][1:]
			if c.n(16) == 0 {
				continue // a piece lost
			}
			delta.ToolCalls = append(delta.ToolCalls, openai.ChatCompletionChunkChoiceDeltaToolCall{Index: d.index, ID: d.id,
				Type:     map[bool]string{true: "function"}[d.id != ""],
				Function: openai.ChatCompletionChunkChoiceDeltaToolCallFunction{Name: d.name, Arguments: d.args}})
		}
		write(delta, "")
	}
	switch c.n(8) {
	case 0: // cut
	case 1:
		b.WriteString(`data: {"error":{"message":"The server had an error.","type":"server_error"}}` + "\n\n")
	default:
		write(openai.ChatCompletionChunkChoiceDelta{}, []string{"tool_calls", "stop", "length", "content_filter", "tool_calls", "tool_calls"}[c.n(6)])
		if c.n(8) == 0 {
			write(openai.ChatCompletionChunkChoiceDelta{}, "") // a chunk after the finish_reason
		}
		b.WriteString("data: [DONE]\n\n")
	}
	return b.String()
}

// FuzzChatStream: whatever a ChatStream runs of a well-formed stream of
// chunks is what RunChat runs of the completion the SDK's accumulator makes
// of the same chunks, the message the stream returns, or nothing runs.
// Every tool message answers a call of that message, in its order.
func FuzzChatStream(f *testing.F) {
	seed(f, []byte{1, 0, 0, 0, 1, 3, 1, 2, 0, 0, 7, 2}, []byte{2, 1, 1, 5, 1, 2, 0, 3, 4, 1, 1, 0, 2, 0, 3, 2, 3, 1, 6, 2},
		[]byte("\x02\x00\x01\x01\x03\x01\x02\x00\x00\x04\x00\x01\x01\x05\x01\x00\x03\x02\x02\x01\x00\x01\x00\x07\x02"))
	f.Fuzz(func(t *testing.T, data []byte) {
		events, stopAtRejection := fuzzed(data, fuzzChat)
		var r, w runs
		stream := sseStream[openai.ChatCompletionChunk](events)
		cs := openaitool.NewChatStream(context.Background(), runsSet(&r), nil)
		var acc openai.ChatCompletionAccumulator
		refused := false
		cut := feed(t, stream, cs.Add, func(ch openai.ChatCompletionChunk) {
			refused = refused || !acc.AddChunk(ch)
		}, stopAtRejection)
		msgs, err := cs.Finish(cut)
		got := r.ran()
		if len(acc.Choices) == 0 {
			if !errors.Is(err, openaitool.ErrNoChoice) || len(got) > 0 {
				t.Fatalf("no choice: %v, ran %q", err, got)
			}
			return
		}
		if err != nil {
			t.Fatalf("Finish: %v", err)
		}
		if refused {
			if len(got) > 0 {
				t.Fatalf("ran %q of a stream the accumulator refused", got)
			}
			return // the stream's message stops at the refused chunk
		}
		wantMsgs, err := openaitool.RunChat(context.Background(), runsSet(&w), &acc.ChatCompletion, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := w.ran()
		if len(got) > 0 && !equal(got, want) {
			t.Fatalf("the stream ran\n%q\nRunChat runs\n%q\nof\n%s", got, want, events)
		}
		if len(msgs) != len(wantMsgs) || !bytes.Equal(jsonOf(t, msgs[0]), jsonOf(t, wantMsgs[0])) {
			t.Fatalf("the stream's messages\n%s\nare not of RunChat's message\n%s", jsonOf(t, msgs), jsonOf(t, wantMsgs))
		}
		for i, tc := range acc.Choices[0].Message.ToolCalls {
			if id := msgs[1+i].OfTool.ToolCallID; id != tc.ID {
				t.Fatalf("tool message %d answers %q, the message's call is %q", i, id, tc.ID)
			}
		}
		if len(got) > 0 && !bytes.Equal(jsonOf(t, msgs), jsonOf(t, wantMsgs)) {
			t.Fatalf("the stream ran its calls, and answered\n%s\nwhere RunChat answers\n%s", jsonOf(t, msgs), jsonOf(t, wantMsgs))
		}
	})
}

// responsesEvent is one event of a fuzzed Responses stream, as its JSON.
type responsesEvent struct {
	Type        string                                   `json:"type"`
	OutputIndex *int                                     `json:"output_index,omitempty"`
	ItemID      string                                   `json:"item_id,omitempty"`
	Item        *responses.ResponseFunctionToolCallParam `json:"item,omitempty"`
	Delta       *string                                  `json:"delta,omitempty"`
	Arguments   *string                                  `json:"arguments,omitempty"`
	Response    *fuzzResponse                            `json:"response,omitempty"`
	Code        string                                   `json:"code,omitempty"`
	Message     string                                   `json:"message,omitempty"`
}

// fuzzResponse is the response that ends a fuzzed stream.
type fuzzResponse struct {
	ID                string                                    `json:"id"`
	Object            string                                    `json:"object"`
	CreatedAt         int                                       `json:"created_at"`
	Status            string                                    `json:"status"`
	Model             string                                    `json:"model"`
	IncompleteDetails *responses.ResponseIncompleteDetails      `json:"incomplete_details,omitempty"`
	Output            []responses.ResponseFunctionToolCallParam `json:"output"`
}

// fuzzResponses is a well-formed Responses stream that the choices make:
// up to three function calls (the SDK's ResponseFunctionToolCallParam, as
// its JSON) whose arguments come in deltas, interleaved; their
// .function_call_arguments.done and response.output_item.done, either
// missing, or naming another tool, call id or arguments; the response that
// ends it (completed, incomplete, failed) with its output, which may name
// others again, or an error event, or a cut.
func fuzzResponses(c *choices) string {
	type call struct {
		item   responses.ResponseFunctionToolCallParam
		events []responsesEvent
	}
	var calls []*call
	var final []responses.ResponseFunctionToolCallParam
	for i := range 1 + c.n(3) {
		n := string(rune('0' + i))
		idx := i
		name, args := c.call()
		item := responses.ResponseFunctionToolCallParam{ID: param.NewOpt("fc_" + n), CallID: "call_" + n,
			Name: name, Arguments: args, Status: "in_progress"}
		cl := &call{item: item}
		added := item
		added.Arguments = ""
		if c.n(10) > 0 {
			cl.events = append(cl.events, responsesEvent{Type: "response.output_item.added", OutputIndex: &idx, Item: &added})
		}
		for _, p := range c.pieces(item.Arguments, 4) {
			cl.events = append(cl.events, responsesEvent{Type: "response.function_call_arguments.delta", OutputIndex: &idx, ItemID: "fc_" + n, Delta: &p})
		}
		// other is the call, or one naming another tool, call id or
		// arguments.
		other := func(it responses.ResponseFunctionToolCallParam) responses.ResponseFunctionToolCallParam {
			switch c.n(12) {
			case 0:
				it.Name = fuzzNames[c.n(len(fuzzNames))]
			case 1:
				it.CallID += "x"
			case 2:
				it.Arguments = fuzzArgs[c.n(len(fuzzArgs))]
			}
			return it
		}
		done := other(item)
		if c.n(10) > 0 {
			cl.events = append(cl.events, responsesEvent{Type: "response.function_call_arguments.done", OutputIndex: &idx, ItemID: "fc_" + n, Arguments: &done.Arguments})
		}
		if c.n(12) == 0 {
			late := "}"
			cl.events = append(cl.events, responsesEvent{Type: "response.function_call_arguments.delta", OutputIndex: &idx, ItemID: "fc_" + n, Delta: &late})
		}
		done.Status = "completed"
		if c.n(10) > 0 {
			cl.events = append(cl.events, responsesEvent{Type: "response.output_item.done", OutputIndex: &idx, Item: &done})
		}
		out := other(done)
		if c.n(16) == 0 {
			out.Status = "incomplete"
		}
		if c.n(16) > 0 {
			final = append(final, out)
		}
		calls = append(calls, cl)
	}
	var b strings.Builder
	write := func(ev responsesEvent) {
		j, err := json.Marshal(ev)
		if err != nil {
			panic(err)
		}
		b.WriteString("event: " + ev.Type + "\ndata: " + string(j) + "\n\n")
	}
	write(responsesEvent{Type: "response.created", Response: &fuzzResponse{ID: "resp_1", Object: "response", Status: "in_progress", Model: "gpt-4.1", Output: []responses.ResponseFunctionToolCallParam{}}})
	for {
		var live []*call
		for _, cl := range calls {
			if len(cl.events) > 0 {
				live = append(live, cl)
			}
		}
		if len(live) == 0 {
			break
		}
		cl := live[c.n(len(live))]
		write(cl.events[0])
		cl.events = cl.events[1:]
	}
	resp := &fuzzResponse{ID: "resp_1", Object: "response", Status: "completed", Model: "gpt-4.1", Output: final}
	if resp.Output == nil {
		resp.Output = []responses.ResponseFunctionToolCallParam{}
	}
	switch c.n(8) {
	case 0: // cut
	case 1:
		write(responsesEvent{Type: "error", Code: "server_error", Message: "The server had an error."})
	case 2:
		resp.Status, resp.IncompleteDetails = "incomplete", &responses.ResponseIncompleteDetails{Reason: "max_output_tokens"}
		write(responsesEvent{Type: "response.incomplete", Response: resp})
	case 3:
		resp.Status = "failed"
		write(responsesEvent{Type: "response.failed", Response: resp})
	default:
		write(responsesEvent{Type: "response.completed", Response: resp})
	}
	return b.String()
}

// FuzzResponsesStream: whatever a ResponsesStream runs of a well-formed
// stream of events is what RunResponses runs of the response the stream
// ended with, or nothing runs; its outputs answer that response's calls,
// in order.
func FuzzResponsesStream(f *testing.F) {
	seed(f, []byte{1, 0, 3, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 4, 0, 1, 1, 0, 0, 5},
		[]byte{2, 1, 3, 1, 2, 1, 1, 3, 1, 5, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 1, 0, 1, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		events, stopAtRejection := fuzzed(data, fuzzResponses)
		var r, w runs
		stream := sseStream[responses.ResponseStreamEventUnion](events)
		rs := openaitool.NewResponsesStream(context.Background(), runsSet(&r), nil)
		var final *responses.Response
		cut := feed(t, stream, rs.Add, func(ev responses.ResponseStreamEventUnion) {
			switch ev.Type {
			case "response.completed", "response.incomplete", "response.failed":
				final = &ev.Response
			}
		}, stopAtRejection)
		items, err := rs.Finish(cut)
		if err != nil {
			t.Fatalf("Finish: %v", err)
		}
		got := r.ran()
		if final == nil {
			if len(got) > 0 {
				t.Fatalf("ran %q of a stream that did not end", got)
			}
			return
		}
		wantItems, err := openaitool.RunResponses(context.Background(), runsSet(&w), final, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := w.ran()
		if len(got) > 0 && !equal(got, want) {
			t.Fatalf("the stream ran\n%q\nRunResponses runs\n%q\nof\n%s", got, want, events)
		}
		if len(items) != len(wantItems) {
			t.Fatalf("%d outputs, RunResponses %d, of\n%s", len(items), len(wantItems), events)
		}
		for i := range items {
			if a, b := items[i].OfFunctionCallOutput.CallID, wantItems[i].OfFunctionCallOutput.CallID; a != b {
				t.Fatalf("output %d answers %q, the response's call is %q", i, a.Value, b.Value)
			}
		}
		if len(got) > 0 && !bytes.Equal(jsonOf(t, items), jsonOf(t, wantItems)) {
			t.Fatalf("the stream ran its calls, and answered\n%s\nwhere RunResponses answers\n%s", jsonOf(t, items), jsonOf(t, wantItems))
		}
	})
}

// seed adds the empty input and the seeds to a fuzz target's corpus.
func seed(f *testing.F, seeds ...[]byte) {
	f.Add([]byte{})
	for _, s := range seeds {
		f.Add(s)
	}
}

// fuzzed is the stream the generator makes of the fuzzer's bytes, and
// whether to stop it at its first rejection.
func fuzzed(data []byte, gen func(*choices) string) (events string, stop bool) {
	c := &choices{b: data}
	events = gen(c)
	return events, c.n(2) == 1
}

// feed reads the stream's events into add, each seen by see first; with
// stop, it closes the stream at the first rejection, as RunChatStream and
// RunResponsesStream do. It returns the error to give Finish: the
// Rejection or the stream's.
func feed[T any](t *testing.T, stream *ssestream.Stream[T], add func(T) error, see func(T), stop bool) error {
	for stream.Next() {
		ev := stream.Current()
		see(ev)
		if err := add(ev); err != nil {
			var rej *openaitool.Rejection
			if !errors.As(err, &rej) {
				t.Fatalf("Add: %v", err)
			}
			if stop {
				stream.Close()
				return err
			}
		}
	}
	return stream.Err()
}

func equal(a, b []string) bool {
	return strings.Join(a, "\n") == strings.Join(b, "\n") && len(a) == len(b)
}

func jsonOf(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
