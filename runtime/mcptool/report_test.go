package mcptool_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// received records the notifications a client receives.
type received struct {
	mu       sync.Mutex
	progress []*mcp.ProgressNotificationParams
	logs     []*mcp.LoggingMessageParams
}

func (r *received) options() *mcp.ClientOptions {
	return &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			r.mu.Lock()
			r.progress = append(r.progress, req.Params)
			r.mu.Unlock()
		},
		LoggingMessageHandler: func(_ context.Context, req *mcp.LoggingMessageRequest) {
			r.mu.Lock()
			r.logs = append(r.logs, req.Params)
			r.mu.Unlock()
		},
	}
}

func (r *received) snapshot() ([]*mcp.ProgressNotificationParams, []*mcp.LoggingMessageParams) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*mcp.ProgressNotificationParams(nil), r.progress...), append([]*mcp.LoggingMessageParams(nil), r.logs...)
}

// after waits, after a call, until the client received n log messages, and
// returns what it received: notifications arrive in order, so what was
// sent before the last of them has arrived too.
func (r *received) after(t *testing.T, _ *mcp.CallToolResult, n int) ([]*mcp.ProgressNotificationParams, []*mcp.LoggingMessageParams) {
	t.Helper()
	require.Eventually(t, func() bool {
		_, logs := r.snapshot()
		return len(logs) >= n
	}, 10*time.Second, time.Millisecond)
	return r.snapshot()
}

// inspecting is the adapter set with inspect's handler fn.
func inspecting(fn func(ctx context.Context, a adapters.InspectArgs) (any, error)) *tool.Set {
	return adapters.NewSet(&adapters.Files{}, adapters.InspectTool.Handle(fn))
}

// callWith calls inspect with a progress token (none when token is nil) and
// the client's log level in the request's _meta (protocol 2026-07-28) or by
// logging/setLevel (before).
func callWith(t *testing.T, cs *mcp.ClientSession, version string, token any, level mcp.LoggingLevel) *mcp.CallToolResult {
	t.Helper()
	params := &mcp.CallToolParams{Name: "inspect", Arguments: map[string]any{"component": 1}}
	if version == versions[0] {
		params.Meta = mcp.Meta{mcp.MetaKeyLogLevel: level}
	} else {
		require.NoError(t, cs.SetLoggingLevel(context.Background(), &mcp.SetLoggingLevelParams{Level: level}))
	}
	if token != nil {
		params.SetProgressToken(token)
	}
	res, err := cs.CallTool(context.Background(), params)
	require.NoError(t, err)
	require.False(t, res.IsError, "%v", res.Content)
	return res
}

// What a handler reports reaches the client: progress on the request's
// token, increasing as the spec requires (a report that does not increase
// is dropped), and the log messages at or above the client's level.
func TestProgressAndLogsReachTheClient(t *testing.T) {
	set := inspecting(func(ctx context.Context, _ adapters.InspectArgs) (any, error) {
		tool.ReportProgress(ctx, 0, 3, "starting")
		tool.Log(ctx, slog.LevelDebug, "details")
		tool.ReportProgress(ctx, 1, 3, "")
		tool.Log(ctx, slog.LevelInfo, "one done")
		tool.ReportProgress(ctx, 1, 3, "again") // not increasing
		tool.ReportProgress(ctx, 0.5, 3, "back")
		tool.Log(ctx, slog.LevelWarn, "slow disk")
		tool.Log(ctx, slog.LevelError+12, "on fire")
		tool.ReportProgress(ctx, 3, 3, "done")
		tool.Log(ctx, slog.LevelError, "last")
		return "ok", nil
	})
	for _, v := range versions {
		got := &received{}
		cs := session(t, v, set, got.options())
		progress, logs := got.after(t, callWith(t, cs, v, "tok-1", "warning"), 3)
		assert.Equal(t, []string{"tok-1 0/3 starting", "tok-1 1/3 ", "tok-1 3/3 done"}, progressOf(progress), v)
		assert.Equal(t, []string{"warning inspect slow disk", "emergency inspect on fire", "error inspect last"}, logsOf(logs), v)
	}
}

// progressOf renders notifications as "token done/total message".
func progressOf(ps []*mcp.ProgressNotificationParams) []string {
	var out []string
	for _, p := range ps {
		out = append(out, fmt.Sprintf("%v %g/%g %s", p.ProgressToken, p.Progress, p.Total, p.Message))
	}
	return out
}

// logsOf renders log messages as "level logger data".
func logsOf(ls []*mcp.LoggingMessageParams) []string {
	var out []string
	for _, l := range ls {
		out = append(out, fmt.Sprintf("%s %s %v", l.Level, l.Logger, l.Data))
	}
	return out
}

// Without a progress token, no progress notification is sent; an integer
// token is echoed as the client sent it.
func TestNoProgressWithoutAToken(t *testing.T) {
	set := inspecting(func(ctx context.Context, _ adapters.InspectArgs) (any, error) {
		tool.ReportProgress(ctx, 1, 2, "half")
		tool.Log(ctx, slog.LevelInfo, "after")
		return "ok", nil
	})
	for _, v := range versions {
		got := &received{}
		cs := session(t, v, set, got.options())
		progress, _ := got.after(t, callWith(t, cs, v, nil, "debug"), 1)
		assert.Empty(t, progress, v)

		progress, _ = got.after(t, callWith(t, cs, v, 7, "debug"), 2)
		require.Len(t, progress, 1, v)
		assert.EqualValues(t, 7, progress[0].ProgressToken, v)
	}
}

// Hostile: a handler reporting a million times with huge messages sends
// the client a bounded flow, each message cut, and its last progress.
func TestReportFloodIsBounded(t *testing.T) {
	const n = 1_000_000
	huge := strings.Repeat("x", 1<<20)
	set := inspecting(func(ctx context.Context, _ adapters.InspectArgs) (any, error) {
		for i := range n {
			tool.ReportProgress(ctx, float64(i+1), n, huge)
			tool.Log(ctx, slog.LevelInfo, huge)
		}
		tool.Log(ctx, slog.LevelError, "end")
		return "ok", nil
	})
	got := &received{}
	started := time.Now()
	cs := session(t, versions[1], set, got.options())
	callWith(t, cs, versions[1], "flood", "info")
	elapsed := time.Since(started)
	require.Eventually(t, func() bool {
		_, logs := got.snapshot()
		return len(logs) > 0 && strings.Contains(logs[len(logs)-1].Data.(string), "dropped")
	}, 10*time.Second, time.Millisecond)
	progress, logs := got.snapshot()
	bound := 100 + int(elapsed.Seconds()*20) + 3
	assert.LessOrEqual(t, len(progress)+len(logs), bound, "in %v", elapsed)
	require.NotEmpty(t, progress)
	assert.Equal(t, float64(n), progress[len(progress)-1].Progress, "the last progress is sent")
	for _, p := range progress {
		assert.LessOrEqual(t, len(p.Message), 4096)
		assert.True(t, utf8.ValidString(p.Message))
	}
	for _, l := range logs {
		assert.LessOrEqual(t, len(l.Data.(string)), 4096)
	}
}

// A handler gets the MCP request, and through its session asks the client
// for sampling and for its roots (allowed while a call runs before protocol
// 2026-07-28).
func TestRequestSampling(t *testing.T) {
	assert.Nil(t, mcptool.Request(context.Background()), "outside a call")
	var prompts []string
	set := inspecting(func(ctx context.Context, a adapters.InspectArgs) (any, error) {
		req := mcptool.Request(ctx)
		if req == nil {
			return nil, assert.AnError
		}
		msg, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
			Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Describe component " + req.Params.Name}}},
			MaxTokens: 50,
		})
		if err != nil {
			return nil, err
		}
		roots, err := req.Session.ListRoots(ctx, nil)
		if err != nil {
			return nil, err
		}
		return msg.Content.(*mcp.TextContent).Text + " in " + roots.Roots[0].URI, nil
	})
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, &mcp.ClientOptions{
		CreateMessageHandler: func(_ context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			prompts = append(prompts, req.Params.Messages[0].Content.(*mcp.TextContent).Text)
			return &mcp.CreateMessageResult{Model: "m", Role: "assistant", Content: &mcp.TextContent{Text: "all good"}}, nil
		},
	})
	client.AddRoots(&mcp.Root{URI: "file:///srv"})
	server := mcp.NewServer(&mcp.Implementation{Name: "files", Version: "v1"}, nil)
	require.NoError(t, mcptool.Register(server, set))
	serverT, clientT := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := server.Connect(ctx, serverT, nil)
	require.NoError(t, err)
	defer ss.Close()
	cs, err := client.Connect(ctx, clientT, &mcp.ClientSessionOptions{ProtocolVersion: versions[1]})
	require.NoError(t, err)
	defer cs.Close()

	res := call(t, cs, "inspect", map[string]any{"component": 2})
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, "all good in file:///srv", text(t, res))
	assert.Equal(t, []string{"Describe component inspect"}, prompts)
}
