package mcptool_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// everyQuestion is the inspect handler that asks for a profile, the
// client's model and its roots, all at once, and says what it got.
func everyQuestion(runs *atomic.Int64) *tool.Set {
	return inspecting(func(ctx context.Context, _ adapters.InspectArgs) (any, error) {
		runs.Add(1)
		p, err1 := adapters.ProfileOutput.Ask(ctx, "Who are you?")
		msg, err2 := mcptool.Sample(ctx, "greeting", &mcp.CreateMessageParams{MaxTokens: 50,
			Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Say hello"}}}})
		roots, err3 := mcptool.ListRoots(ctx, "roots")
		var parts []string
		for _, err := range []error{err1, err2, err3} {
			switch {
			case errors.Is(err, tool.ErrCannotAsk):
				parts = append(parts, "-")
			case err != nil:
				return nil, err // a question of this round: returned as it is
			}
		}
		if err1 == nil {
			parts = append(parts, "name="+p.Name)
		}
		if err2 == nil {
			parts = append(parts, "model="+msg.Content.(*mcp.TextContent).Text)
		}
		if err3 == nil {
			parts = append(parts, fmt.Sprintf("roots=%d:%s", len(roots.Roots), roots.Roots[0].URI))
		}
		return strings.Join(parts, " "), nil
	})
}

// fullClient answers every question: a form with a name, sampling with a
// text, roots with one root; it counts the requests it answers.
func fullClient(asked *atomic.Int64, caps *mcp.ClientCapabilities) *mcp.ClientOptions {
	return &mcp.ClientOptions{
		Capabilities: caps,
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			asked.Add(1)
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada"}}, nil
		},
		CreateMessageHandler: func(_ context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			asked.Add(1)
			return &mcp.CreateMessageResult{Role: "assistant", Model: "m", Content: &mcp.TextContent{Text: "hello " + req.Params.Messages[0].Content.(*mcp.TextContent).Text}}, nil
		},
	}
}

func allCapabilities() *mcp.ClientCapabilities {
	return &mcp.ClientCapabilities{
		Elicitation: &mcp.ElicitationCapabilities{Form: &mcp.FormElicitationCapabilities{}},
		RootsV2:     &mcp.RootCapabilities{},
		Sampling:    &mcp.SamplingCapabilities{},
	}
}

// The same handler asks a form, the client's model and its roots on a
// session before 2026-07-28 (requests while the call runs) and at
// 2026-07-28 (one round of input requests, answered by the SDK's client).
func TestQuestionsEachVersion(t *testing.T) {
	for _, v := range versions {
		t.Run(v, func(t *testing.T) {
			var runs, asked atomic.Int64
			client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, fullClient(&asked, allCapabilities()))
			client.AddRoots(&mcp.Root{URI: "file:///work", Name: "work"})
			cs := sessionOf(t, v, everyQuestion(&runs), client)
			res := callInspect(t, cs)
			require.False(t, res.IsError, "%v", text(t, res))
			assert.Equal(t, "name=Ada model=hello Say hello roots=1:file:///work", text(t, res))
			assert.Equal(t, int64(2), asked.Load(), "the form and the sampling, each once")
			want := int64(1)
			if v == "2026-07-28" {
				want = 2 // one round of questions, one with the answers
			}
			assert.Equal(t, want, runs.Load())
		})
	}
}

// A client is asked only what its capabilities declare; the handler gets
// tool.ErrCannotAsk for the rest (SEP-2322's capability check).
func TestQuestionsCapabilities(t *testing.T) {
	for _, v := range versions {
		t.Run(v, func(t *testing.T) {
			var runs, asked atomic.Int64
			opts := fullClient(&asked, &mcp.ClientCapabilities{Sampling: &mcp.SamplingCapabilities{}})
			opts.ElicitationHandler = nil // which would declare elicitation
			cs := session(t, v, everyQuestion(&runs), opts)
			res := callInspect(t, cs)
			require.False(t, res.IsError, "%v", text(t, res))
			assert.Equal(t, "- - model=hello Say hello", text(t, res))
			assert.Equal(t, int64(1), asked.Load(), "the sampling alone")
		})
	}
}

// The rounds as a client of its own plays them: the input requests name
// each question, the state changes each round, and a state that fails
// verification (altered, replayed, another call's) is -32602.
func TestQuestionRounds(t *testing.T) {
	ctx := context.Background()
	var runs atomic.Int64
	cs := session(t, versions[0], everyQuestion(&runs), manualClient())
	args := map[string]any{"component": 1}
	first, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "inspect", Arguments: args})
	require.NoError(t, err)
	require.Len(t, first.InputRequests, 3)
	form, ok := first.InputRequests["profile"].(*mcp.ElicitParams)
	require.True(t, ok, "%#v", first.InputRequests)
	assert.Equal(t, "Who are you?", form.Message)
	assert.Equal(t, "form", form.Mode)
	sampling, ok := first.InputRequests["greeting"].(*mcp.CreateMessageWithToolsParams)
	require.True(t, ok, "%#v", first.InputRequests["greeting"])
	assert.Equal(t, int64(50), sampling.MaxTokens)
	_, ok = first.InputRequests["roots"].(*mcp.ListRootsParams)
	assert.True(t, ok)
	require.NotEmpty(t, first.RequestState)
	assert.Empty(t, first.Content)

	answers := mcp.InputResponseMap{
		"profile":  &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Bo"}},
		"greeting": &mcp.CreateMessageWithToolsResult{Role: "assistant", Model: "m", Content: []mcp.Content{&mcp.TextContent{Text: "hi"}}},
		"roots":    &mcp.ListRootsResult{Roots: []*mcp.Root{{URI: "file:///r"}}},
		"extra":    &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Mallory"}},
	}
	for name, c := range map[string]struct {
		args  map[string]any
		state string
	}{
		"altered":         {args, first.RequestState + "-TAMPERED"},
		"other arguments": {map[string]any{"component": 2}, first.RequestState},
		"forged":          {args, strings.Repeat("A", len(first.RequestState))},
	} {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "inspect", Arguments: c.args, RequestState: c.state, InputResponses: answers})
		rpcErr := requireRPCError(t, err, jsonrpc.CodeInvalidParams)
		assert.Contains(t, rpcErr.Message, "the requestState of this call of inspect failed verification", name)
		assert.Contains(t, rpcErr.Message, "issued for another call", name)
	}
	assert.Equal(t, int64(1), runs.Load(), "a refused state runs nothing")

	second := &mcp.CallToolParams{Name: "inspect", Arguments: args, RequestState: first.RequestState, InputResponses: answers}
	res, err := cs.CallTool(ctx, second)
	require.NoError(t, err)
	require.False(t, res.IsError, "%v", res.Content)
	assert.Equal(t, "name=Bo model=hi roots=1:file:///r", text(t, res), "an answer to a key not asked is ignored")

	_, err = cs.CallTool(ctx, second)
	rpcErr := requireRPCError(t, err, jsonrpc.CodeInvalidParams)
	assert.Contains(t, rpcErr.Message, "used already")
	assert.Equal(t, int64(2), runs.Load())
}

// A dangerous tool that asks: a person confirms the call in its first
// round, and its questions follow, with the SDK's client answering both.
func TestDangerousToolAsks(t *testing.T) {
	var deleted atomic.Int64
	set := tool.NewSet(tool.WithLogger(nil), adapters.DeleteFileTool.Handle(func(ctx context.Context, a adapters.DeleteFileArgs) (any, error) {
		p, err := adapters.ProfileOutput.Ask(ctx, "Who deletes "+a.Path+"?")
		if err != nil {
			return nil, err
		}
		deleted.Add(1)
		return "deleted by " + p.Name, nil
	}))
	var messages []string
	cs := session(t, versions[0], set, &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			messages = append(messages, strings.SplitN(req.Params.Message, "\n", 2)[0])
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada"}}, nil
		},
	})
	res := call(t, cs, "delete_file", map[string]any{"path": "/tmp/x"})
	require.False(t, res.IsError, "%v", text(t, res))
	assert.Equal(t, "deleted by Ada", text(t, res))
	assert.Equal(t, []string{"Allow delete_file to run? Deletes a file. It cannot be undone.", "Who deletes /tmp/x?"}, messages)
	assert.Equal(t, int64(1), deleted.Load())
}
