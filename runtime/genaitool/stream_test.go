package genaitool_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
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

const streamPath = "/v1beta/models/" + model + ":streamGenerateContent"

const vertexModel = "gemini-2.5-pro"

const vertexPath = "/v1beta1/projects/toolgen-test/locations/us-central1/publishers/google/models/" + vertexModel + ":streamGenerateContent"

// vertexClient is a client of Vertex AI, whose streamed function calls may
// come as partialArgs.
func vertexClient(t *testing.T, url string) *genai.Client {
	t.Helper()
	c, err := genai.NewClient(context.Background(), &genai.ClientConfig{Backend: genai.BackendVertexAI, Project: "toolgen-test",
		Location: "us-central1", HTTPClient: &http.Client{}, HTTPOptions: genai.HTTPOptions{BaseURL: url, APIVersion: "v1beta1"}})
	require.NoError(t, err)
	return c
}

// streamed is what a streamed turn gave: the rejections Response
// returned, with the chunk each came in (from 1), and the contents Finish
// returned.
type streamed struct {
	rejections []*genaitool.Rejection
	chunks     []int
	contents   []*genai.Content
	err        error
}

// streamTurn streams a recorded response through the SDK's client (Vertex
// AI's when vertex is set) into a Stream, cancelling the request and
// reading no more at the first rejection when cancelOnReject is set; its
// calls run with opts.
func streamTurn(t *testing.T, set *tool.Set, g *tool.Guard, response string, vertex, cancelOnReject bool, opts ...tool.CallOption) streamed {
	t.Helper()
	p, m := streamPath, model
	if vertex {
		p, m = vertexPath, vertexModel
	}
	srv := replay.Server(t, replay.Step{Path: p, Response: response})
	c := client(t, srv.URL)
	if vertex {
		c = vertexClient(t, srv.URL)
	}
	tools, err := genaitool.Tools(set)
	require.NoError(t, err)
	config := &genai.GenerateContentConfig{Tools: tools}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := genaitool.NewStream(context.Background(), set, g, opts...)
	var got streamed
	n := 0
	for resp, err := range c.Models.GenerateContentStream(ctx, m, []*genai.Content{genai.NewContentFromText("Send Ada the minutes.", genai.RoleUser)}, config) {
		require.NoError(t, err)
		n++
		if err := calls.Response(resp); err != nil {
			var r *genaitool.Rejection
			require.True(t, errors.As(err, &r), "%v", err)
			got.rejections = append(got.rejections, r)
			got.chunks = append(got.chunks, n)
			if cancelOnReject {
				cancel()
				break
			}
		}
	}
	got.contents, got.err = calls.Finish()
	return got
}

// responses returns the function responses of the contents' last.
func responses(t *testing.T, contents []*genai.Content) []map[string]any {
	t.Helper()
	require.Len(t, contents, 2)
	var out []map[string]any
	for _, p := range contents[1].Parts {
		require.NotNil(t, p.FunctionResponse)
		out = append(out, p.FunctionResponse.Response)
	}
	return out
}

// Whole function calls in the chunks of a stream that ended with STOP run
// as Run runs them: the contents are Run's for the same response, whole.
func TestStreamIsRun(t *testing.T) {
	got := streamTurn(t, adapters.NewSet(&adapters.Files{}), tool.NewGuard(tool.Limits{}), "testdata/stream_calls.sse", false, false)
	require.NoError(t, got.err)
	assert.Empty(t, got.rejections)

	srv := replay.Server(t, replay.Step{Path: path, Response: "testdata/function_calls.json"})
	resp, err := client(t, srv.URL).Models.GenerateContent(context.Background(), model, []*genai.Content{genai.NewContentFromText("Send Ada the minutes.", genai.RoleUser)}, nil)
	require.NoError(t, err)
	want, err := genaitool.Run(context.Background(), adapters.NewSet(&adapters.Files{}), resp, tool.NewGuard(tool.Limits{}))
	require.NoError(t, err)
	wantJSON, err := json.Marshal(want)
	require.NoError(t, err)
	gotJSON, err := json.Marshal(got.contents)
	require.NoError(t, err)
	assert.JSONEq(t, string(wantJSON), string(gotJSON))
	assert.Equal(t, "The call to delete_file was rejected and not executed:\n- argument 'path' should be a string matching the pattern ^/, got \"tmp\"\nCorrect the arguments and call the tool again.",
		responses(t, got.contents)[2]["error"])
}

// A stream cut before a finish reason, or ending on MAX_TOKENS, runs none
// of its calls, though they are whole and valid.
func TestStreamNotEnded(t *testing.T) {
	for file, reason := range map[string]string{"testdata/stream_cut.sse": "(the stream ended before a finish reason)",
		"testdata/stream_max_tokens.sse": "(the response stopped with finish reason MAX_TOKENS)"} {
		outbox := &adapters.Outbox{}
		set := adapters.NewSet(&adapters.Files{}, outbox.Handler())
		got := streamTurn(t, set, tool.NewGuard(tool.Limits{}), file, false, false)
		require.NoError(t, got.err)
		assert.Zero(t, outbox.Sent(), "%s: a call ran", file)
		r := responses(t, got.contents)
		require.Len(t, r, 1)
		assert.Contains(t, r[0]["error"], "was cut off after 0 bytes of arguments "+reason+": it was not run", file)
	}
}

// A call streamed as Vertex AI's partialArgs, strings in parts: checked as
// its arguments arrive, run once its end arrived in a stream that ended
// with STOP; the model's content holds it as one call with its arguments.
func TestStreamPartialArgs(t *testing.T) {
	outbox := &adapters.Outbox{}
	set := adapters.NewSet(&adapters.Files{}, outbox.Handler())
	got := streamTurn(t, set, tool.NewGuard(tool.Limits{}), "testdata/stream_partial_args.sse", true, false)
	require.NoError(t, got.err)
	assert.Empty(t, got.rejections)
	assert.Equal(t, 1, int(outbox.Sent()))
	assert.Equal(t, []map[string]any{{"output": "sent to ada@example.com"}}, responses(t, got.contents))
	parts := got.contents[0].Parts
	require.Len(t, parts, 2)
	assert.Equal(t, "Sending the minutes to Ada.", parts[0].Text)
	assert.Equal(t, &genai.FunctionCall{ID: "fc-7f4d9a", Name: "send_email", Args: map[string]any{"to": "ada@example.com", "subject": "Minutes"}}, parts[1].FunctionCall)
	assert.Equal(t, "fc-7f4d9a", got.contents[1].Parts[0].FunctionResponse.ID)
}

// A streamed call with a member its tool does not declare is rejected at
// the chunk that names it, before its value and its end, and never runs,
// whether the application cancels the request or reads it to the end;
// either way the model reads what to correct.
func TestStreamPartialArgsRejected(t *testing.T) {
	for _, cancel := range []bool{false, true} {
		outbox := &adapters.Outbox{}
		set := adapters.NewSet(&adapters.Files{}, outbox.Handler())
		got := streamTurn(t, set, tool.NewGuard(tool.Limits{}), "testdata/stream_partial_rejected.sse", true, cancel)
		require.NoError(t, got.err)
		require.Len(t, got.rejections, 1)
		r := got.rejections[0]
		assert.Equal(t, "fc-8a5e0b", r.ID)
		assert.Equal(t, []string{"unexpected:cc"}, r.Errors.Codes())
		assert.Equal(t, 4, got.chunks[0], "the chunk of $.cc's first part")
		assert.Equal(t, len(`{"to":"ada@example.com","subject":"Minutes","cc":"bob@exa`), r.At)
		assert.Zero(t, outbox.Sent(), "a rejected call ran")
		assert.Equal(t, []map[string]any{{"error": "The call to send_email was rejected and not executed:\n- unexpected argument 'cc'\nCorrect the arguments and call the tool again."}},
			responses(t, got.contents))
		assert.Equal(t, r.Feedback(), responses(t, got.contents)[0]["error"], "the feedback of the rejection")
	}
}

// A call whose partialArgs stream is cut before its end never runs.
func TestStreamPartialArgsCut(t *testing.T) {
	outbox := &adapters.Outbox{}
	set := adapters.NewSet(&adapters.Files{}, outbox.Handler())
	got := streamTurn(t, set, tool.NewGuard(tool.Limits{}), "testdata/stream_partial_cut.sse", true, false)
	require.NoError(t, got.err)
	assert.Zero(t, outbox.Sent())
	r := responses(t, got.contents)
	require.Len(t, r, 1)
	assert.Contains(t, r[0]["error"], "(the stream ended before the call's end): it was not run\nCall the tool again if the call is still needed.")
}

// An unknown tool is rejected at the part that names it, before any
// argument.
func TestStreamPartialArgsUnknownTool(t *testing.T) {
	set := adapters.NewSet(&adapters.Files{})
	s := genaitool.NewStream(context.Background(), set, nil)
	yes := true
	err := s.Response(&genai.GenerateContentResponse{Candidates: []*genai.Candidate{{Content: genai.NewContentFromParts([]*genai.Part{
		{FunctionCall: &genai.FunctionCall{ID: "fc-1", Name: "send_mail", WillContinue: &yes}}}, genai.RoleModel)}}})
	var r *genaitool.Rejection
	require.True(t, errors.As(err, &r), "%v", err)
	assert.Equal(t, 0, r.At)
	assert.Equal(t, tool.CodeUnknownTool, r.Errors[0].Code)
}

// answer streams a recorded response into w.
func answer(t *testing.T, response string, w *bytes.Buffer) *genaitool.AnswerStream {
	t.Helper()
	srv := replay.Server(t, replay.Step{Path: streamPath, Response: response})
	config := &genai.GenerateContentConfig{}
	require.NoError(t, genaitool.SetOutput(config, &adapters.InvoiceOutput.Output))
	a := genaitool.NewAnswerStream(w)
	for resp, err := range client(t, srv.URL).Models.GenerateContentStream(context.Background(), model, []*genai.Content{genai.NewContentFromText("Read the attached document.", genai.RoleUser)}, config) {
		require.NoError(t, err)
		require.NoError(t, a.Response(resp))
	}
	return a
}

// A structured output streams as text into a writer; it is whole only
// once the stream ended with STOP.
func TestAnswerStream(t *testing.T) {
	var buf bytes.Buffer
	a := answer(t, "testdata/stream_invoice.sse", &buf)
	assert.True(t, a.Ended())
	v, errs := adapters.InvoiceOutput.ParseBytes(buf.Bytes())
	require.Nil(t, errs)
	assert.Equal(t, adapters.Invoice{Number: "INV-3", Total: 1250, Customer: "Ada Lovelace"}, v)

	buf.Reset()
	a = answer(t, "testdata/stream_invoice_max_tokens.sse", &buf)
	assert.False(t, a.Ended(), "MAX_TOKENS")
	assert.Equal(t, `{"number":"INV-3","total":1250,"customer":"Ada"}`, buf.String(), "bytes that parse, not whole")
}

type failingWriter struct{ writes int }

var errFull = errors.New("full")

func (w *failingWriter) Write(p []byte) (int, error) {
	w.writes++
	if w.writes == 2 {
		return 0, errFull
	}
	return len(p), nil
}

// The answer stops at the writer's first error, which every later chunk
// returns.
func TestAnswerStreamStops(t *testing.T) {
	w := &failingWriter{}
	a := genaitool.NewAnswerStream(w)
	chunk := func(text string) *genai.GenerateContentResponse {
		return &genai.GenerateContentResponse{Candidates: []*genai.Candidate{{Content: genai.NewContentFromText(text, genai.RoleModel)}}}
	}
	require.NoError(t, a.Response(chunk(`{"number":`)))
	assert.ErrorIs(t, a.Response(chunk(`"INV-3",`)), errFull)
	assert.ErrorIs(t, a.Response(chunk(`"total":1}`)), errFull)
	assert.Equal(t, 2, w.writes, "nothing written after the error")
	assert.False(t, a.Ended())
}

// A whole call that says willContinue false is whole: it runs with its
// arguments.
func TestStreamWholeCallWillContinueFalse(t *testing.T) {
	outbox := &adapters.Outbox{}
	set := adapters.NewSet(&adapters.Files{}, outbox.Handler())
	s := genaitool.NewStream(context.Background(), set, nil)
	no := false
	require.NoError(t, s.Response(&genai.GenerateContentResponse{Candidates: []*genai.Candidate{{FinishReason: genai.FinishReasonStop,
		Content: genai.NewContentFromParts([]*genai.Part{{FunctionCall: &genai.FunctionCall{ID: "fc-1", Name: "send_email",
			Args: map[string]any{"to": "ada@example.com", "subject": "Minutes"}, WillContinue: &no}}}, genai.RoleModel)}}}))
	contents, err := s.Finish()
	require.NoError(t, err)
	assert.Equal(t, []map[string]any{{"output": "sent to ada@example.com"}}, responses(t, contents))
	assert.Equal(t, 1, int(outbox.Sent()))
}

// A string value that says willContinue is unfinished until its last
// piece: a call whose end, or another value, arrives before it runs
// nothing, and the model reads which value did not end; the content does
// not record the value as if whole.
func TestStreamUnfinishedValue(t *testing.T) {
	for name, c := range map[string]struct {
		chunks []*genai.GenerateContentResponse
		reason string
	}{
		"the call's end": {[]*genai.GenerateContentResponse{
			chunk("", opening("fc-1", "send_email", str("$.subject", "Minutes", false), str("$.to", "ada@exa", true))),
			chunk(genai.FinishReasonStop, last()),
		}, `the string at $.to did not end (willContinue) before the call's end`},
		"another path": {[]*genai.GenerateContentResponse{
			chunk("", opening("fc-1", "send_email", str("$.to", "ada@exa", true))),
			chunk("", more(str("$.subject", "Minutes", false))),
			chunk(genai.FinishReasonStop, last()),
		}, `the string at $.to did not end (willContinue) before $.subject`},
		"the call's end in the same part": {[]*genai.GenerateContentResponse{
			chunk(genai.FinishReasonStop, opening("fc-1", "send_email", str("$.subject", "Minutes", false)), last(str("$.to", "ada@exa", true))),
		}, `the string at $.to did not end (willContinue) before the call's end`},
	} {
		tr := streamAndRun(t, c.chunks)
		assert.Empty(t, tr.ran, name)
		checkStreamIsRun(t, tr)
		r := responses(t, tr.got.contents)
		require.Len(t, r, 1, name)
		assert.Contains(t, r[0]["error"], c.reason, name)
		assert.Contains(t, r[0]["error"], "it was not run", name)
		fc := tr.got.contents[0].Parts[0].FunctionCall
		assert.Equal(t, "fc-1", fc.ID, name)
		assert.Nil(t, fc.Args, "%s: the content records no arguments the model did not finish", name)
	}
}

// Nothing after a response's finish reason runs: a chunk with parts after
// the chunk that ended the response leaves every call of the response
// unrun, each answered with why.
func TestStreamAfterFinish(t *testing.T) {
	tr := streamAndRun(t, []*genai.GenerateContentResponse{
		chunk(genai.FinishReasonStop, wholeCall("fc-1", "send_email", map[string]any{"to": "ada@example.com", "subject": "Minutes"})),
		chunk("", wholeCall("fc-2", "send_email", map[string]any{"to": "bob@example.com", "subject": "Minutes"})),
		chunk(genai.FinishReasonStop),
	})
	assert.Empty(t, tr.ran)
	checkStreamIsRun(t, tr)
	for _, r := range responses(t, tr.got.contents) {
		assert.Contains(t, r["error"], "the response went on after its finish reason STOP): it was not run")
	}
}

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
	got         streamed
	ran, runRan []string
	runContents []*genai.Content
	runErr      error // Run's: the guard's *tool.Stop, as the stream's got.err
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
	tr.runContents, tr.runErr = genaitool.Run(context.Background(), rn.set(), resp, tool.NewGuard(tool.Limits{}), tool.Ask(approveAll))
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
		ok = assert.Equal(t, fmt.Sprint(tr.runErr), fmt.Sprint(tr.got.err), "the guard's stop") && ok
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
// pieces, a piece naming another call id or belonging to no call,
// arguments longer than the set reads, which Run would read whole) runs
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
		{"arguments longer than the set reads",
			[]*genai.GenerateContentResponse{
				chunk("", opening("fc-1", "send_email", str("$.to", "ada@example.com", false), str("$.subject", strings.Repeat("x", 1<<20), false)), last()),
				chunk(genai.FinishReasonStop, wholeCall("fc-2", "get_forecast", map[string]any{"city": "Nice"})),
			},
			nil, "more than the 1048576 bytes allowed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := streamAndRun(t, c.chunks)
			checkStreamIsRun(t, tr)
			assert.Equal(t, c.ran, tr.ran)
			if c.reason != "" {
				r := responses(t, tr.got.contents)
				assert.Contains(t, r[0]["error"], c.reason)
				for _, r := range r {
					assert.Contains(t, r["error"], "not executed")
				}
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
