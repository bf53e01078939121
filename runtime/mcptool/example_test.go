package mcptool_test

import (
	"context"
	"fmt"
	"log"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/internal/fixtures/adapters"
	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// A handler reports progress and logs through its context, which mcptool
// sends to the client, and asks the client's model for a sentence
// (sampling): a request to the client while the call runs here (protocol
// 2025-11-25), an input request of the call's result from 2026-07-28 on.
func ExampleSample() {
	set := tool.NewSet(tool.WithLogger(nil),
		adapters.InspectTool.Handle(func(ctx context.Context, a adapters.InspectArgs) (any, error) {
			tool.ReportProgress(ctx, 0, 2, "reading sensors")
			tool.Log(ctx, slog.LevelWarn, "sensor 2 is slow")
			msg, err := mcptool.Sample(ctx, "summary", &mcp.CreateMessageParams{
				Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Summarize: 21°C, fan ok"}}},
				MaxTokens: 100,
			})
			if err != nil {
				return nil, err
			}
			tool.ReportProgress(ctx, 2, 2, "done")
			return msg.Content.(*mcp.TextContent).Text, nil
		}))
	server := mcp.NewServer(&mcp.Implementation{Name: "plant", Version: "v1"}, nil)
	if err := mcptool.Register(server, set); err != nil {
		log.Fatal(err)
	}

	// The client: it answers sampling requests and passes on the
	// notifications, which it receives in order (and may handle after the
	// call's result).
	notes := make(chan string, 8)
	client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, &mcp.ClientOptions{
		CreateMessageHandler: func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			return &mcp.CreateMessageResult{Model: "any", Role: "assistant", Content: &mcp.TextContent{Text: "All is well."}}, nil
		},
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			notes <- fmt.Sprintf("progress %v: %g of %g, %s", req.Params.ProgressToken, req.Params.Progress, req.Params.Total, req.Params.Message)
		},
		LoggingMessageHandler: func(_ context.Context, req *mcp.LoggingMessageRequest) {
			notes <- fmt.Sprintf("log %s from %s: %v", req.Params.Level, req.Params.Logger, req.Params.Data)
		},
	})
	ctx := context.Background()
	serverT, clientT := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverT, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer ss.Close()
	cs, err := client.Connect(ctx, clientT, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		log.Fatal(err)
	}
	defer cs.Close()
	if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "info"}); err != nil {
		log.Fatal(err)
	}

	params := &mcp.CallToolParams{Name: "inspect", Arguments: map[string]any{"component": 1}}
	params.SetProgressToken("inspect-1") // no progress notifications without a token
	res, err := cs.CallTool(ctx, params)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Content[0].(*mcp.TextContent).Text)
	for range 3 {
		fmt.Println(<-notes)
	}
	// Output:
	// All is well.
	// progress inspect-1: 0 of 2, reading sensors
	// log warning from inspect: sensor 2 is slow
	// progress inspect-1: 2 of 2, done
}
