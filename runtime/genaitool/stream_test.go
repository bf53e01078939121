package genaitool_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
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
	assert.Contains(t, r[0]["error"], "(the stream ended before the call's end): it was not run")
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
