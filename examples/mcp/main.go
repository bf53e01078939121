// Command mcp is an MCP server (github.com/modelcontextprotocol/go-sdk) on
// standard input and output whose tools are the travel tools: listed from
// the generated MCP definitions (name, description, inputSchema,
// annotations), their calls run through a tool.Set. A call the set refuses
// gets a result with isError and what was wrong, which the client passes to
// the model to correct its call; an unknown tool is a JSON-RPC error. The
// server negotiates every protocol version the SDK supports, so that
// clients of every version connect. Run it from an MCP client's
// configuration: go run ./examples/mcp.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"log/slog"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// newServer returns a server that offers the travel tools, run by set.
// Without ServerOptions.SupportedProtocolVersions, it negotiates every
// version mcp.SupportedProtocolVersions lists: the client's, when the SDK
// supports it.
func newServer(set *tool.Set) (*mcp.Server, error) {
	server := mcp.NewServer(&mcp.Implementation{Name: "travel", Version: "v1.0.0"}, nil)
	for _, t := range set.Tools() {
		def, ok := t.Dialects.Get(tool.MCP)
		if !ok {
			return nil, fmt.Errorf("%s has no mcp definition", t.Name)
		}
		// Name, description and annotations from the generated definition;
		// the input schema as generated, members in order.
		var mt mcp.Tool
		if err := json.Unmarshal(def.Tool, &mt); err != nil {
			return nil, err
		}
		mt.InputSchema = def.Parameters
		server.AddTool(&mt, handler(set))
	}
	return server, nil
}

// handler runs a call through the set: parse, validation, typed decode,
// confirmation of a dangerous tool, the handler. A dangerous call waits for
// a person's approval, which this server has no way to ask for: the model
// reads that it needs one.
func handler(set *tool.Set) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := set.Call(ctx, req.Params.Name, req.Params.Arguments)
		return &mcp.CallToolResult{
			IsError: res.Status != tool.StatusExecuted,
			Content: []mcp.Content{&mcp.TextContent{Text: res.Feedback()}},
		}, nil
	}
}

func main() {
	// Standard output carries the protocol: the audit log goes to standard
	// error.
	set := travel.NewAirline().NewSet(tool.WithLogger(slog.New(slog.NewTextHandler(os.Stderr, nil))))
	server, err := newServer(set)
	if err != nil {
		log.Fatal(err)
	}
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
