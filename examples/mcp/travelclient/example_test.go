package travelclient_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/examples/mcp/travelclient"
	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// connect returns a session with the travel server over the MCP SDK's
// in-memory transport (a real program connects to its server with
// mcp.CommandTransport or mcp.StreamableClientTransport).
func connect(ctx context.Context) *mcp.ClientSession {
	server := mcp.NewServer(&mcp.Implementation{Name: "travel", Version: "v1.0.0"}, nil)
	if err := mcptool.Register(server, travel.NewAirline().NewSet(tool.WithLogger(slog.New(slog.DiscardHandler)))); err != nil {
		log.Fatal(err)
	}
	serverT, clientT := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, serverT, nil); err != nil {
		log.Fatal(err)
	}
	session, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "v1"}, nil).Connect(ctx, clientT, nil)
	if err != nil {
		log.Fatal(err)
	}
	return session
}

// snippet:code-mode
// cheapest is code a model writes in code mode: typed calls, checked by the
// compiler, instead of one tool call per turn.
func cheapest(ctx context.Context, c *travelclient.Client, from, to string, dates []string) (travelclient.SearchFlightsResultFlightsItem, error) {
	var best travelclient.SearchFlightsResultFlightsItem
	for _, date := range dates {
		found, err := c.SearchFlights(ctx, travelclient.SearchFlightsArgs{From: from, To: to, Date: date, Passengers: 1})
		if err != nil {
			return best, err
		}
		for _, f := range found.Flights {
			if best.ID == "" || f.Price < best.Price {
				best = f
			}
		}
	}
	return best, nil
}

// endsnippet

func Example() {
	ctx := context.Background()
	session := connect(ctx)
	defer session.Close()

	// snippet:call
	c := travelclient.NewClient(session)
	found, err := c.SearchFlights(ctx, travelclient.SearchFlightsArgs{From: "CDG", To: "JFK", Date: "2026-05-01", Passengers: 1})
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range found.Flights {
		fmt.Println(f.ID, f.Depart, f.Price)
	}
	// endsnippet

	// snippet:errors
	// Arguments the schema refuses are never sent.
	_, err = c.SearchFlights(ctx, travelclient.SearchFlightsArgs{From: "Paris", To: "JFK", Date: "2026-05-01", Passengers: 1})
	var errs tool.Errors
	if errors.As(err, &errs) {
		fmt.Println(errs.Codes())
	}
	// A result with isError is a *mcptool.ToolError holding it.
	_, err = c.GetBooking(ctx, travelclient.GetBookingArgs{Reference: "ZZ9999"})
	var failed *mcptool.ToolError
	if errors.As(err, &failed) {
		fmt.Println(failed.Result.IsError)
	}
	// endsnippet

	best, err := cheapest(ctx, c, "CDG", "JFK", []string{"2026-05-01", "2026-05-02"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("cheapest:", best.ID, best.Price)
	// Output:
	// AFC12 2026-05-01T09:40 420.5
	// BAJ345 2026-05-01T13:15 318
	// [pattern:from]
	// true
	// cheapest: BAJ345 318
}
