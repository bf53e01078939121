// Command mcp is an MCP server (github.com/modelcontextprotocol/go-sdk) on
// standard input and output whose tools are the travel tools, served by
// runtime/mcptool in one call: each listed from its generated MCP
// definition (inputSchema, outputSchema, annotations), each call run
// through a tool.Set. A call the set refuses gets a result with isError
// and what was wrong, which the client passes to the model to correct its
// call; a typed result is structuredContent and the same JSON as text;
// book_flight, a dangerous tool, asks the person at the client to confirm
// each booking by elicitation; a client that cannot ask is refused with the
// JSON-RPC error -32021, naming the capability it lacks. The server
// negotiates every protocol version the SDK supports. Run it from an MCP
// client's configuration: go run ./examples/mcp.
package main

import (
	"context"
	"log"
	"log/slog"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// newServer returns a server that offers the tools of set.
func newServer(set *tool.Set) (*mcp.Server, error) {
	server := mcp.NewServer(&mcp.Implementation{Name: "travel", Version: "v1.0.0"}, nil)
	return server, mcptool.Register(server, set)
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
