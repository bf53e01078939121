package travel_test

import (
	"context"
	"fmt"

	"github.com/toolgen-go/toolgen/examples/travel"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// The calls of docs/tutorial.md: a valid call with its typed result, and
// a rejected one with what the model reads.
func Example() {
	ctx := context.Background()
	// snippet:call
	set := travel.NewAirline().NewSet(tool.WithLogger(nil)) // no audit log here
	res := set.Call(ctx, "search_flights", []byte(`{"from":"CDG","to":"JFK","date":"2026-05-01","passengers":2}`))
	flights := res.Output.(travel.Flights) // the handler's typed result, checked against its schema
	fmt.Println(res.Status, len(flights.Flights), "flights, the first", flights.Flights[0].ID)

	res = set.Call(ctx, "search_flights", []byte(`{"from":"Paris","to":"JFK","passengers":0,"seats":2}`))
	fmt.Println(res.Feedback()) // what the model reads: the handler did not run
	// endsnippet

	// Output:
	// executed 2 flights, the first AFC12
	// The call to search_flights was rejected and not executed:
	// - missing required argument 'date'
	// - unexpected argument 'seats'
	// - argument 'from' should be a string matching the pattern ^[A-Z]{3}$, got "Paris"
	// - argument 'passengers' should be >= 1, got 0
	// Correct the arguments and call the tool again.
}
