package genaitool_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/internal/testkit/replay"
	"github.com/toolgen-go/toolgen/runtime/genaitool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// recorder is a set of the fixtures' tools whose handlers record every
// call that runs: its tool and its arguments as the handler got them.
type recorder struct {
	mu  sync.Mutex
	ran []string
}

func (r *recorder) add(name string, args any) {
	b, err := json.Marshal(args)
	if err != nil {
		panic(err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ran = append(r.ran, name+" "+string(b))
}

func (r *recorder) Ran() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.ran...)
}

func (r *recorder) set() *tool.Set {
	return tool.NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)),
		adapters.GetForecastTool.Handle(func(ctx context.Context, a adapters.GetForecastArgs) (adapters.Forecast, error) {
			r.add("get_forecast", a)
			return adapters.Forecast{City: a.City, Days: []adapters.Day{}}, nil
		}),
		adapters.DeleteFileTool.Handle(func(ctx context.Context, a adapters.DeleteFileArgs) (any, error) {
			r.add("delete_file", a)
			return "deleted " + a.Path, nil
		}),
		adapters.TagTool.Handle(func(ctx context.Context, a adapters.TagArgs) (any, error) {
			r.add("tag", a)
			return len(a.Labels), nil
		}),
		adapters.SendEmailTool.Handle(func(ctx context.Context, a adapters.SendEmailArgs) (any, error) {
			r.add("send_email", a)
			return "sent to " + a.To, nil
		}),
	)
}

// approveAll approves every dangerous call, so that delete_file runs.
func approveAll(context.Context, tool.ApprovalRequest) (bool, error) { return true, nil }

// sseFile writes chunks as the server-sent events of a streamed response,
// for replay.
func sseFile(t *testing.T, chunks []*genai.GenerateContentResponse) string {
	t.Helper()
	var b bytes.Buffer
	for _, c := range chunks {
		b.WriteString("data: " + sseLine(t, c) + "\n\n")
	}
	path := filepath.Join(t.TempDir(), "stream.sse")
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o600))
	return path
}

// The chunks and parts of a Vertex AI stream, as the SDK's types.

func chunk(finish genai.FinishReason, parts ...*genai.Part) *genai.GenerateContentResponse {
	return &genai.GenerateContentResponse{ModelVersion: vertexModel, Candidates: []*genai.Candidate{{FinishReason: finish,
		Content: &genai.Content{Role: genai.RoleModel, Parts: parts}}}}
}

func wholeCall(id, name string, args map[string]any) *genai.Part {
	return &genai.Part{FunctionCall: &genai.FunctionCall{ID: id, Name: name, Args: args}}
}

// opening is the part that names a call whose arguments follow as
// partialArgs.
func opening(id, name string, args ...*genai.PartialArg) *genai.Part {
	return &genai.Part{FunctionCall: &genai.FunctionCall{ID: id, Name: name, PartialArgs: args, WillContinue: genai.Ptr(true)}}
}

// more is a part of partialArgs of the open call; last ends the call.
func more(args ...*genai.PartialArg) *genai.Part {
	return &genai.Part{FunctionCall: &genai.FunctionCall{PartialArgs: args, WillContinue: genai.Ptr(true)}}
}

func last(args ...*genai.PartialArg) *genai.Part {
	return &genai.Part{FunctionCall: &genai.FunctionCall{PartialArgs: args}}
}

// str is a string's piece at path; cont says more pieces follow.
func str(path, s string, cont bool) *genai.PartialArg {
	a := &genai.PartialArg{JsonPath: path, StringValue: s}
	if cont {
		a.WillContinue = genai.Ptr(true)
	}
	return a
}

func num(path string, n float64) *genai.PartialArg {
	return &genai.PartialArg{JsonPath: path, NumberValue: &n}
}

// turn is what a streamed turn ran and returned, and what Run ran on the
// finished response: the content the stream returned, with the stream's
// finish reason, read back through the SDK's client.
type turn struct {
	got            streamed
	ran, runRan    []string
	runContents    []*genai.Content
	streamRejected int
}

// streamAndRun streams chunks through the SDK's Vertex AI client into a
// Stream over a recording set, then runs the finished response with Run
// over another.
func streamAndRun(t *testing.T, chunks []*genai.GenerateContentResponse) turn {
	t.Helper()
	var st, rn recorder
	var tr turn
	tr.got = streamTurn(t, st.set(), tool.NewGuard(tool.Limits{}), sseFile(t, chunks), true, false, tool.Ask(approveAll))
	tr.ran = st.Ran()
	require.NoError(t, tr.got.err)

	var finish genai.FinishReason
	for _, c := range chunks {
		if c.Candidates[0].FinishReason != "" {
			finish = c.Candidates[0].FinishReason
		}
	}
	body, err := json.Marshal(map[string]any{"candidates": []any{map[string]any{"content": tr.got.contents[0], "finishReason": finish, "index": 0}},
		"modelVersion": model})
	require.NoError(t, err)
	srv := replay.Server(t, replay.Step{Path: path, Response: replay.File(t, body)})
	resp, err := client(t, srv.URL).Models.GenerateContent(context.Background(), model, []*genai.Content{genai.NewContentFromText("Go.", genai.RoleUser)}, nil)
	require.NoError(t, err)
	tr.runContents, err = genaitool.Run(context.Background(), rn.set(), resp, tool.NewGuard(tool.Limits{}), tool.Ask(approveAll))
	require.NoError(t, err)
	tr.runRan = rn.Ran()
	return tr
}

// checkStreamIsRun asserts the property of the stream: what it runs is
// what Run runs on the content it returns, or nothing; every function call
// of the content is answered, in order, by id.
func checkStreamIsRun(t *testing.T, tr turn) bool {
	t.Helper()
	ok := true
	if len(tr.ran) > 0 {
		ok = assert.Equal(t, tr.runRan, tr.ran, "the stream ran other calls than Run on its content") && ok
		want, err := json.Marshal(tr.runContents)
		require.NoError(t, err)
		got, err := json.Marshal(tr.got.contents)
		require.NoError(t, err)
		ok = assert.JSONEq(t, string(want), string(got), "the stream's contents are Run's") && ok
	}
	var calls []*genai.FunctionCall
	for _, p := range tr.got.contents[0].Parts {
		if p.FunctionCall != nil {
			calls = append(calls, p.FunctionCall)
			ok = assert.Empty(t, p.FunctionCall.PartialArgs, "the content holds whole calls") && ok
			ok = assert.False(t, p.FunctionCall.WillContinue != nil && *p.FunctionCall.WillContinue, "the content holds whole calls") && ok
		}
	}
	if len(calls) == 0 {
		return assert.Len(t, tr.got.contents, 1) && ok
	}
	if !assert.Len(t, tr.got.contents, 2) {
		return false
	}
	answers := tr.got.contents[1].Parts
	if !assert.Len(t, answers, len(calls), "every call is answered") {
		return false
	}
	for i, c := range calls {
		ok = assert.Equal(t, c.ID, answers[i].FunctionResponse.ID) && ok
		ok = assert.Equal(t, c.Name, answers[i].FunctionResponse.Name) && ok
	}
	return ok
}

// The call that runs is the call the stream's content records, which Run
// would run on it: a stream whose parts do not make whole calls (a member
// sent twice, a call interrupted by another, arguments both whole and in
// pieces, a piece naming another call id or belonging to no call) runs
// none of the response's calls, and the model reads why; well-formed
// streamed and whole calls run as Run runs them.
func TestStreamRunsItsContent(t *testing.T) {
	cases := []struct {
		name   string
		chunks []*genai.GenerateContentResponse
		ran    []string
		reason string // in the answer of the first call, when none ran
	}{
		{"a streamed call and a whole one",
			[]*genai.GenerateContentResponse{
				chunk("", opening("fc-1", "send_email", str("$.to", "ada@exa", true))),
				chunk("", more(str("$.to", "mple.com", false), str("$.subject", "Minutes", false))),
				chunk("", last(), wholeCall("fc-2", "get_forecast", map[string]any{"city": "Nice", "days": 2})),
				chunk(genai.FinishReasonStop, opening("fc-3", "delete_file"), last(str("$.path", "/srv/a", false))),
			},
			[]string{`send_email {"to":"ada@example.com","subject":"Minutes"}`, `get_forecast {"city":"Nice","days":2}`,
				`delete_file {"path":"/srv/a"}`}, ""},
		{"a member twice",
			[]*genai.GenerateContentResponse{
				chunk("", opening("fc-1", "send_email", str("$.to", "ada@example.com", false), str("$.subject", "Minutes", false))),
				chunk("", more(str("$.to", "eve@example.com", false)), last()),
				chunk(genai.FinishReasonStop, wholeCall("fc-2", "get_forecast", map[string]any{"city": "Nice"})),
			},
			nil, `$.to arrived twice`},
		{"a call interrupted by another",
			[]*genai.GenerateContentResponse{
				chunk("", opening("fc-1", "send_email", str("$.to", "ada@example.com", false))),
				chunk(genai.FinishReasonStop, wholeCall("fc-2", "get_forecast", map[string]any{"city": "Nice"})),
			},
			nil, "another call began before its end"},
		{"arguments whole and in pieces",
			[]*genai.GenerateContentResponse{
				chunk("", &genai.Part{FunctionCall: &genai.FunctionCall{ID: "fc-1", Name: "send_email", WillContinue: genai.Ptr(true),
					Args: map[string]any{"to": "eve@example.com", "subject": "Minutes"}}}),
				chunk(genai.FinishReasonStop, last(str("$.to", "ada@example.com", false), str("$.subject", "Minutes", false))),
			},
			nil, "args beside partialArgs"},
		{"a piece naming another call id",
			[]*genai.GenerateContentResponse{
				chunk("", opening("fc-1", "send_email", str("$.to", "ada@example.com", false))),
				chunk(genai.FinishReasonStop, &genai.Part{FunctionCall: &genai.FunctionCall{ID: "fc-9",
					PartialArgs: []*genai.PartialArg{str("$.subject", "Minutes", false)}}}),
			},
			nil, `id "fc-9"`},
		{"a piece of no call",
			[]*genai.GenerateContentResponse{
				chunk("", wholeCall("fc-1", "get_forecast", map[string]any{"city": "Nice"})),
				chunk(genai.FinishReasonStop, last(str("$.city", "Paris", false))),
			},
			nil, "partialArgs outside any function call"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := streamAndRun(t, c.chunks)
			checkStreamIsRun(t, tr)
			assert.Equal(t, c.ran, tr.ran)
			if c.reason != "" {
				r := responses(t, tr.got.contents)
				assert.Contains(t, r[0]["error"], c.reason)
				assert.Contains(t, r[0]["error"], "it was not run")
			}
		})
	}
}

// sseLine is a chunk as JSON, to show it.
func sseLine(t *testing.T, c *genai.GenerateContentResponse) string {
	t.Helper()
	j, err := json.Marshal(c)
	require.NoError(t, err)
	return string(j)
}
