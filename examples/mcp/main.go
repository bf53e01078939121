// Command mcp is an MCP server (github.com/modelcontextprotocol/go-sdk) on
// standard input and output whose tools are the travel tools: registered
// from the generated mcp dialect, their calls checked by the generated
// validators. Invalid arguments get a result with isError and the errors
// as text, which the client passes to the model to correct its call; an
// unknown tool is a JSON-RPC error. Run it from an MCP client's
// configuration: go run ./examples/mcp.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// protocolVersion is the MCP revision the tools are generated for.
const protocolVersion = "2025-11-25"

// newServer returns a server that offers the travel tools.
func newServer() (*mcp.Server, error) {
	server := mcp.NewServer(&mcp.Implementation{Name: "travel", Version: "v1.0.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{protocolVersion},
	})
	for _, t := range travel.Tools {
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
		server.AddTool(&mt, handler(t))
	}
	return server, nil
}

// handler validates a call's arguments with the tool's generated validator
// and runs it.
func handler(t *tool.Tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args map[string]any
		if len(req.Params.Arguments) > 0 {
			if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
				return errorResult(fmt.Sprintf(`[{"code":"json","path":"","expected":"a JSON object","got":%q}]`, err.Error())), nil
			}
		}
		if errs := t.Validate(args); errs != nil {
			return errorResult(errs.JSON()), nil
		}
		out, err := travel.Execute(t.Name, args)
		if err != nil {
			return errorResult(err.Error()), nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: out}}}, nil
	}
}

// errorResult is a tool result with isError, as MCP prescribes for input
// the tool refuses: the model reads the text and corrects its call.
func errorResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

func main() {
	server, err := newServer()
	if err != nil {
		log.Fatal(err)
	}
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
