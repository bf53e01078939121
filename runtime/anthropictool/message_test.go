package anthropictool_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/shared/constant"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/internal/fixtures/dialects"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/anthropictool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// This file checks that a streamed message runs what its message says: the
// calls a Stream runs are those Run runs on the message the SDK's
// accumulator builds from the same events, or none.

// event is one event of a recorded stream: its name and its data.
type event struct{ name, data string }

// marshal renders an SDK event type as the API sends it.
func marshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func quote(s string) string { return marshal(s) }

func messageStart(id string) event {
	return event{"message_start", `{"type":"message_start","message":{"id":` + quote(id) +
		`,"type":"message","role":"assistant","model":"claude-sonnet-4-5-20250929","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":900,"output_tokens":1}}}`}
}

// toolUseStart starts a tool_use block whose start carries input, a JSON
// text kept byte for byte (json.Marshal would compact it).
func toolUseStart(index int64, id, name, input string) event {
	return event{"content_block_start", `{"type":"content_block_start","index":` + strconv.FormatInt(index, 10) +
		`,"content_block":{"type":"tool_use","id":` + quote(id) + `,"name":` + quote(name) + `,"input":` + input + `}}`}
}

func textStart(index int64) event {
	return event{"content_block_start", marshal(struct {
		Type         constant.ContentBlockStart `json:"type"`
		Index        int64                      `json:"index"`
		ContentBlock anthropic.TextBlock        `json:"content_block"`
	}{Index: index})}
}

func delta(index int64, d any) event {
	return event{"content_block_delta", marshal(struct {
		Type  constant.ContentBlockDelta `json:"type"`
		Index int64                      `json:"index"`
		Delta any                        `json:"delta"`
	}{Index: index, Delta: d})}
}

func inputDelta(index int64, part string) event {
	return delta(index, anthropic.InputJSONDelta{PartialJSON: part})
}

func textDelta(index int64, text string) event { return delta(index, anthropic.TextDelta{Text: text}) }

func blockStop(index int64) event {
	return event{"content_block_stop", marshal(anthropic.ContentBlockStopEvent{Index: index})}
}

func messageDelta(reason anthropic.StopReason) event {
	return event{"message_delta", `{"type":"message_delta","delta":{"stop_reason":` + quote(string(reason)) +
		`,"stop_sequence":null},"usage":{"output_tokens":40}}`}
}

func messageStop() event { return event{"message_stop", marshal(anthropic.MessageStopEvent{})} }

// sse renders events as a recorded stream.
func sse(evs []event) []byte {
	var b strings.Builder
	for _, ev := range evs {
		b.WriteString("event: " + ev.name + "\ndata: " + ev.data + "\n\n")
	}
	return []byte(b.String())
}

// recorded serves events as a recorded stream, for one request (replay),
// and returns the server's address.
func recorded(t *testing.T, evs []event) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "stream.sse")
	require.NoError(t, os.WriteFile(path, sse(evs), 0o600))
	return replay.Server(t, replay.Step{Path: "/v1/messages", Response: path}).URL
}

// ran is a call a handler ran: its tool_use id, tool and arguments (the
// handler's typed arguments as JSON).
type ran struct{ ID, Name, Args string }

// recorder is a set whose handlers record the calls they run.
type recorder struct {
	set *tool.Set
	mu  sync.Mutex
	ran []ran // without ID: the handlers cannot see it
}

func record[T any](r *recorder, d *tool.Def[T]) tool.Handler {
	return d.Handle(func(ctx context.Context, a T) (any, error) {
		r.mu.Lock()
		defer r.mu.Unlock()
		args := marshal(a)
		r.ran = append(r.ran, ran{Name: d.Name, Args: args})
		return d.Name + " " + args, nil
	})
}

func recordResult[T, R any](r *recorder, d *tool.ResultDef[T, R], result func(T) R) tool.Handler {
	return d.Handle(func(ctx context.Context, a T) (R, error) {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.ran = append(r.ran, ran{Name: d.Name, Args: marshal(a)})
		return result(a), nil
	})
}

// newRecorder returns a set of tools that take input (send_email,
// get_forecast, tag) and one whose {} runs (ping).
func newRecorder() *recorder {
	r := &recorder{}
	r.set = tool.NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)),
		record(r, &adapters.SendEmailTool), recordResult(r, &adapters.GetForecastTool, func(a adapters.GetForecastArgs) adapters.Forecast {
			return adapters.Forecast{City: a.City, Days: []adapters.Day{}}
		}),
		record(r, &adapters.TagTool), record(r, &dialects.PingTool))
	return r
}

// calls returns what ran, each with the tool_use id of its tool_result in
// msgs (the messages Finish or Run returned): the results not is_error,
// in order, are those of the calls the handlers ran.
func (r *recorder) calls(t *testing.T, msgs []anthropic.MessageParam) []ran {
	t.Helper()
	var ids []string
	for _, b := range toolResultBlocks(msgs) {
		if !b.IsError.Value {
			ids = append(ids, b.ToolUseID)
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	require.Len(t, ids, len(r.ran), "a result not is_error per call run")
	var out []ran
	for i, id := range ids {
		out = append(out, ran{id, r.ran[i].Name, r.ran[i].Args})
	}
	return out
}

func toolResultBlocks(msgs []anthropic.MessageParam) []*anthropic.ToolResultBlockParam {
	var out []*anthropic.ToolResultBlockParam
	if len(msgs) < 2 {
		return nil
	}
	for _, b := range msgs[1].OfUser.Content {
		out = append(out, b.OfToolResult)
	}
	return out
}

// feedbackOf returns the text of a tool_result.
func feedbackOf(b *anthropic.ToolResultBlockParam) string { return b.Content[0].OfText.Text }

// turn is a recorded stream read through the SDK's client into a Stream on
// one set, and its message (the SDK's own accumulation of the same events)
// run by Run on another.
type turn struct {
	msg        anthropic.Message // Message.Accumulate of every event
	streamed   []anthropic.MessageParam
	run        []anthropic.MessageParam
	stream     []ran // what the stream ran
	whole      []ran // what Run ran on msg
	rejections []*anthropictool.Rejection
}

func playTurn(t *testing.T, evs []event) turn {
	t.Helper()
	return playWith(t, client(recorded(t, evs)))
}

// playWith plays the turn whose stream c receives.
func playWith(t *testing.T, c anthropic.Client) turn {
	t.Helper()
	set := newRecorder()
	s := anthropictool.NewStream(context.Background(), set.set, nil)
	var tr turn
	stream := c.Messages.NewStreaming(context.Background(), streamParams(set.set))
	for stream.Next() {
		ev := stream.Current()
		require.NoError(t, tr.msg.Accumulate(ev))
		if err := s.Event(ev); err != nil {
			var r *anthropictool.Rejection
			require.True(t, errors.As(err, &r), "%v", err)
			tr.rejections = append(tr.rejections, r)
		}
	}
	require.NoError(t, stream.Err())
	var err error
	tr.streamed, err = s.Finish()
	require.NoError(t, err)
	tr.stream = set.calls(t, tr.streamed)

	whole := newRecorder()
	tr.run, err = anthropictool.Run(context.Background(), whole.set, &tr.msg, nil)
	require.NoError(t, err)
	tr.whole = whole.calls(t, tr.run)

	// The transcript is the SDK's message, and every tool_use is answered.
	require.JSONEq(t, marshal(tr.msg.ToParam()), marshal(tr.streamed[0]))
	var uses []string
	for _, b := range tr.msg.Content {
		if b.Type == "tool_use" {
			uses = append(uses, b.ID)
		}
	}
	var answered []string
	for _, b := range toolResultBlocks(tr.streamed) {
		answered = append(answered, b.ToolUseID)
	}
	require.Equal(t, uses, answered, "one tool_result per tool_use, in order")
	return tr
}

// The calls the stream ran are calls Run ran on the message, each with
// the same id, tool and arguments, in order.
func (tr turn) requireStreamIsRun(t *testing.T) {
	t.Helper()
	j := 0
	for _, c := range tr.stream {
		for j < len(tr.whole) && tr.whole[j].ID != c.ID {
			j++
		}
		require.Less(t, j, len(tr.whole), "the stream ran %+v, which Run does not run on its message %s (Run ran %+v)", c, marshal(tr.msg.ToParam()), tr.whole)
		require.Equal(t, tr.whole[j], c, "the stream ran other arguments than Run on its message")
	}
}

// A tool_use block's input reaches the message in ways the stream's events
// alone do not tell: whole in content_block_start, in input_json_delta
// events that replace the start's {}, or appended to input that is there
// already, and emptied to {} where the result is not JSON, even after the
// block's content_block_stop. Whatever the events, the stream runs the
// call the message holds, as Run runs it, or runs nothing and tells the
// model why.
func TestStreamRunsItsMessage(t *testing.T) {
	start := func(input string) []event {
		return []event{messageStart("msg_1"), textStart(0), textDelta(0, "On it."), blockStop(0), toolUseStart(1, "toolu_1", "get_forecast", input)}
	}
	end := []event{messageDelta(anthropic.StopReasonToolUse), messageStop()}
	cat := func(parts ...[]event) []event {
		var out []event
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	lyon := `{"city":"Lyon"}`
	for _, tc := range []struct {
		name   string
		events []event
		runs   []ran  // what both run; nil: the stream runs nothing
		why    string // then the stream's tool_result says this
	}{{
		name:   "input in deltas",
		events: cat(start(`{}`), []event{inputDelta(1, ""), inputDelta(1, `{"city":`), inputDelta(1, `"Lyon"}`), blockStop(1)}, end),
		runs:   []ran{{"toolu_1", "get_forecast", lyon}},
	}, {
		name:   "input whole at the start",
		events: cat(start(lyon), []event{blockStop(1)}, end),
		runs:   []ran{{"toolu_1", "get_forecast", lyon}},
	}, {
		name:   "input at the start and in deltas",
		events: cat(start(lyon), []event{inputDelta(1, `{"city":"Paris"}`), blockStop(1)}, end),
		why:    "input both in content_block_start and in input_json_delta",
	}, {
		name:   "a spaced empty start and deltas",
		events: cat(start(`{ }`), []event{inputDelta(1, `{"city":"Paris"}`), blockStop(1)}, end),
		why:    "input both in content_block_start and in input_json_delta",
	}, {
		name:   "a delta after the block's stop",
		events: cat(start(`{}`), []event{inputDelta(1, lyon), blockStop(1), inputDelta(1, `{"city":"Paris"}`)}, end),
		why:    "input_json_delta arrived after the block's content_block_stop",
	}, {
		name: "a delta after the stop of a block with no input",
		events: []event{messageStart("msg_1"), toolUseStart(0, "toolu_1", "ping", `{}`), blockStop(0),
			inputDelta(0, `{"host":"db1"}`), messageDelta(anthropic.StopReasonToolUse), messageStop()},
		why: "input_json_delta arrived after the block's content_block_stop",
	}, {
		name:   "deltas the message does not append",
		events: cat(start(`{}`), []event{inputDelta(1, `{`), inputDelta(1, `}`), inputDelta(1, lyon), blockStop(1)}, end),
		why:    "the message's input is not the input_json_delta events in order",
	}, {
		name: "a second message_start",
		events: []event{messageStart("msg_1"), toolUseStart(0, "toolu_1", "ping", `{}`), blockStop(0),
			messageStart("msg_2"), toolUseStart(0, "toolu_2", "get_forecast", `{}`), inputDelta(0, lyon), blockStop(0),
			messageDelta(anthropic.StopReasonToolUse), messageStop()},
		runs: []ran{{"toolu_2", "get_forecast", lyon}},
	}, {
		name:   "no content_block_stop",
		events: cat(start(`{}`), []event{inputDelta(1, lyon)}, end),
		why:    "the stream ended before the block's content_block_stop",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			tr := playTurn(t, tc.events)
			tr.requireStreamIsRun(t)
			assert.Equal(t, tc.runs, tr.stream)
			if tc.runs != nil {
				assert.Equal(t, tc.runs, tr.whole, "Run runs the same")
				assert.JSONEq(t, marshal(tr.run), marshal(tr.streamed), "Finish returns what Run returns")
				return
			}
			results := toolResultBlocks(tr.streamed)
			last := results[len(results)-1]
			assert.True(t, last.IsError.Value)
			assert.Contains(t, feedbackOf(last), "("+tc.why+"): it was not run")
			assert.Contains(t, feedbackOf(last), "Call the tool again if the call is still needed.")
		})
	}
}

// A message that stopped for any reason but tool_use runs none of its
// calls, though their input is whole and valid: cut by max_tokens, the
// SDK leaves {} of a tool_use input that is not JSON, which a tool whose
// arguments are all optional would run. Each call is answered with why.
func TestRunCutMessage(t *testing.T) {
	for _, reason := range []anthropic.StopReason{anthropic.StopReasonMaxTokens, anthropic.StopReasonModelContextWindowExceeded,
		anthropic.StopReasonRefusal, anthropic.StopReasonPauseTurn, anthropic.StopReasonStopSequence, anthropic.StopReasonEndTurn, "",
		anthropic.StopReasonToolUse} {
		t.Run(string(reason), func(t *testing.T) {
			body := `{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5-20250929","content":[` +
				`{"type":"tool_use","id":"toolu_1","name":"send_email","input":{"to":"ada@example.com","subject":"Minutes"}},` +
				`{"type":"tool_use","id":"toolu_2","name":"ping","input":{}}],` +
				`"stop_reason":` + quote(string(reason)) + `,"stop_sequence":null,"usage":{"input_tokens":900,"output_tokens":1024}}`
			srv := replay.Server(t, replay.Step{Path: "/v1/messages", Response: replay.File(t, []byte(body))})
			r := newRecorder()
			c := client(srv.URL)
			msg, err := c.Messages.New(context.Background(), streamParams(r.set))
			require.NoError(t, err)
			more, err := anthropictool.Run(context.Background(), r.set, msg, tool.NewGuard(tool.Limits{}))
			require.NoError(t, err)
			results := toolResultBlocks(more)
			require.Len(t, results, 2, "every tool_use answered")
			if reason == anthropic.StopReasonToolUse {
				assert.Len(t, r.calls(t, more), 2)
				return
			}
			assert.Empty(t, r.calls(t, more), "a call of a message that stopped with %q ran", reason)
			why := "the message ended with stop_reason " + string(reason)
			if reason == "" {
				why = "the message ended with no stop_reason"
			}
			for _, b := range results {
				assert.True(t, b.IsError.Value)
				assert.Contains(t, feedbackOf(b), "("+why+"): it was not run")
			}
		})
	}

	// The message a stream cut by max_tokens accumulates: Run runs none of
	// it, as the stream runs none.
	tr := playTurn(t, []event{messageStart("msg_1"), toolUseStart(0, "toolu_1", "ping", `{}`), inputDelta(0, `{"host":"d`),
		messageDelta(anthropic.StopReasonMaxTokens), messageStop()})
	assert.JSONEq(t, `{}`, string(tr.msg.Content[0].Input), "the SDK empties the cut input")
	assert.Empty(t, tr.whole)
	assert.Empty(t, tr.stream)
}

// source draws the choices of a fuzzed stream from the fuzzer's bytes,
// then zeros.
type source struct{ b []byte }

func (s *source) n(k int) int {
	if len(s.b) == 0 || k <= 1 {
		return 0
	}
	v := int(s.b[0]) % k
	s.b = s.b[1:]
	return v
}

// text returns up to 8 of the bytes, as a string.
func (s *source) text() string {
	n := min(s.n(9), len(s.b))
	v := string(s.b[:n])
	s.b = s.b[n:]
	return v
}

// inputs are the input texts of the fuzzed calls, by tool: valid, invalid,
// cut, spaced; %s is a string the fuzzer writes.
var inputs = map[string][]string{
	"get_forecast": {`{"city":"Lyon"}`, `{"city":"Lyon","days":3}`, `{"city":%s}`, `{"city":"Oslo","days":9}`, `{}`,
		`{"city":"Lyon","color":1}`, `{"city":"Ly`, ` {"city" : "Rome"} `, `{"city":"Lyon"}{}`},
	"send_email": {`{"to":"ada@example.com","subject":"Hi"}`, `{"to":%s,"subject":""}`, `{"to":"ada@example.com"}`, `[]`},
	"tag":        {`{"path":"/srv/a.txt","labels":{"kind":%s}}`, `{"path":"a.txt","labels":{}}`},
	"ping":       {`{}`, `{} `, ` {}`, `{"host":%s}`, `{`, `null`},
	"send_mail":  {`{"to":"bob@example.com"}`},
}

var toolNames = []string{"get_forecast", "send_email", "tag", "ping", "send_mail"}

var stopReasons = []anthropic.StopReason{anthropic.StopReasonToolUse, anthropic.StopReasonToolUse, anthropic.StopReasonToolUse,
	anthropic.StopReasonEndTurn, anthropic.StopReasonMaxTokens, anthropic.StopReasonStopSequence, anthropic.StopReasonPauseTurn,
	anthropic.StopReasonRefusal, anthropic.StopReasonModelContextWindowExceeded}

// How a fuzzed tool_use block carries its input.
const (
	inDeltas      = iota // {} at the start, then the input in deltas
	atStart              // whole at the start, no delta
	atStartDeltas        // whole at the start, and in deltas again
	spacedDeltas         // { } at the start, then deltas
	noInput              // {} at the start, no delta
	ways
)

// fuzzBlock is a content block of a fuzzed message and its events in
// order.
type fuzzBlock struct {
	events []event
	tool   bool
	input  string // the call's input, as the events carry it
	clean  bool   // the events carry it as the API does
}

// fuzzStream builds a well-formed stream of text and tool_use blocks whose
// events interleave, from the fuzzer's choices, and returns the input of
// each block ("" for text). clean reports a stream as the API sends it,
// whole: where the message holds those inputs, the stream must run what
// Run runs.
func fuzzStream(s *source) (evs []event, input []string, clean bool) {
	n := 1 + s.n(4)
	blocks := make([]fuzzBlock, n)
	for i := range blocks {
		b := &blocks[i]
		idx := int64(i)
		if s.n(4) == 0 {
			b.events = append(b.events, textStart(idx), textDelta(idx, "Let me check. "+s.text()))
			b.clean = true
		} else {
			b.tool = true
			name := toolNames[s.n(len(toolNames))]
			b.input = inputs[name][s.n(len(inputs[name]))]
			if strings.Contains(b.input, "%s") {
				b.input = fmt.Sprintf(b.input, quote(s.text()))
			}
			how := s.n(ways)
			if !json.Valid([]byte(b.input)) && how != noInput {
				how = inDeltas // a start carries JSON
			}
			startInput, deltas := `{}`, b.input
			switch how {
			case atStart:
				startInput, deltas = b.input, ""
			case atStartDeltas:
				startInput = b.input
			case spacedDeltas:
				startInput = `{ }`
			case noInput:
				deltas, b.input = "", `{}`
			}
			b.clean = how == inDeltas || how == atStart || how == noInput
			b.events = append(b.events, toolUseStart(idx, "toolu_"+strconv.Itoa(i), name, startInput))
			if s.n(2) == 0 {
				b.events = append(b.events, inputDelta(idx, "")) // as the API starts
			}
			for deltas != "" {
				k := min(len(deltas), 1+s.n(12))
				b.events = append(b.events, inputDelta(idx, deltas[:k]))
				deltas = deltas[k:]
			}
		}
		switch s.n(8) {
		case 0: // no content_block_stop
			b.clean = false
		case 1: // the last deltas after it
			late := s.n(3)
			if k := len(b.events) - late; late > 0 && k >= 1 {
				b.events = append(b.events[:k:k], append([]event{blockStop(idx)}, b.events[k:]...)...)
				b.clean = false
				break
			}
			fallthrough
		default:
			b.events = append(b.events, blockStop(idx))
		}
	}

	// Interleave: a block starts after the one before it started, then its
	// events come in order, between those of the others.
	evs = []event{messageStart("msg_fuzz")}
	next := make([]int, n)
	started := 0
	for {
		var ready []int
		for i := range blocks {
			if next[i] < len(blocks[i].events) && (next[i] > 0 || i == started) {
				ready = append(ready, i)
			}
		}
		if len(ready) == 0 {
			break
		}
		i := ready[s.n(len(ready))]
		if next[i] == 0 {
			started++
		}
		evs = append(evs, blocks[i].events[next[i]])
		next[i]++
	}
	clean = true
	for _, b := range blocks {
		clean = clean && b.clean
	}
	reason := stopReasons[s.n(len(stopReasons))]
	switch s.n(10) {
	case 0: // no message_delta
		evs = append(evs, messageStop())
		clean = false
	case 1: // no message_stop
		evs = append(evs, messageDelta(reason))
		clean = false
	case 2: // cut anywhere
		evs = evs[:1+s.n(len(evs))]
		clean = false
	default:
		evs = append(evs, messageDelta(reason), messageStop())
	}
	for _, b := range blocks {
		input = append(input, b.input)
	}
	return evs, input, clean
}

// Whatever events a stream brings, what it runs are calls Run runs on the
// message the SDK accumulates from them, with the same ids and arguments,
// or nothing; every tool_use is answered; a stream as the API sends it
// (every block stopped, input at the start or in deltas, message_stop)
// returns exactly what Run returns.
func FuzzStreamIsRun(f *testing.F) {
	for _, seed := range []string{"", "\x01\x01\x00\x00", "\x03\x01\x02\x01\x07\x00\x05", "\x02\x00\x03\x04\x01\x01\x06\x00\x00\x03\x01",
		"\x01\x02\x01\x02\x01\x04\x03\x04\x05\x03\x02\x01\x00\x04"} {
		f.Add([]byte(seed))
	}
	// One server and one client for every input (a client per input keeps
	// its connection open, a server per input would be most of the time
	// of one): inputs run one at a time in a process.
	var body atomic.Pointer[[]byte]
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write(*body.Load())
	}))
	f.Cleanup(srv.Close)
	c := client(srv.URL)
	f.Fuzz(func(t *testing.T, b []byte) {
		evs, input, clean := fuzzStream(&source{b})
		stream := sse(evs)
		body.Store(&stream)
		tr := playWith(t, c)
		tr.requireStreamIsRun(t)
		for i, in := range input {
			// The accumulator rewrites input that is not JSON, and input
			// that is {} when a delta comes: the events did not say it.
			clean = clean && (in == "" || string(tr.msg.Content[i].Input) == in)
		}
		if clean && tr.msg.StopReason == anthropic.StopReasonToolUse {
			require.Equal(t, tr.whole, tr.stream, "a whole stream runs what Run runs on its message")
			require.JSONEq(t, marshal(tr.run), marshal(tr.streamed), "and returns what Run returns")
		}
	})
}
