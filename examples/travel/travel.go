package travel

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/toolgen-go/toolgen/runtime/tool"
)

// Flight is a search result.
type Flight struct {
	// Flight number, to book it with book_flight.
	ID string `json:"id"`
	// Local departure time, YYYY-MM-DDTHH:MM.
	Depart string `json:"depart"`
	// Local arrival time, YYYY-MM-DDTHH:MM.
	Arrive string `json:"arrive"`
	// Whether the flight is nonstop.
	Nonstop bool `json:"nonstop"`
	// Total price for the passengers, in euros.
	Price float64 `json:"price" jsonschema:"minimum=0"`
}

// Flights is search_flights' result.
type Flights struct {
	// The flights found, cheapest last.
	Flights []Flight `json:"flights"`
}

// Booking is book_flight's and get_booking's result.
type Booking struct {
	// Booking reference, six letters or digits.
	Reference string `json:"reference" jsonschema:"pattern=^[A-Z0-9]{6}$"`
	// The booked flight.
	FlightID string `json:"flight_id,omitempty"`
	// Seats booked.
	Seats int `json:"seats,omitempty" jsonschema:"minimum=1"`
	// Booking status.
	Status string `json:"status" jsonschema:"enum=confirmed,enum=cancelled"`
}

// Airline is a pretend airline the travel tools act on.
type Airline struct {
	mu       sync.Mutex
	bookings map[string]Booking
}

// NewAirline returns an airline with one booking, GJ5007.
func NewAirline() *Airline {
	return &Airline{bookings: map[string]Booking{"GJ5007": {Reference: "GJ5007", FlightID: "GJ0117", Seats: 1, Status: "confirmed"}}}
}

// NewSet returns a tool.Set that runs the travel tools on the airline, with
// the options given. Each handler gets its tool's arguments decoded into
// their struct by the generated DecodeT and returns its result type: the
// compiler checks both, and the set checks each result against its schema.
// book_flight is dangerous: a person approves each booking (tool.Approve).
func (a *Airline) NewSet(opts ...tool.Option) *tool.Set {
	return tool.NewSet(append([]tool.Option{
		SearchFlightsTool.Handle(a.searchFlights),
		BookFlightTool.Handle(a.bookFlight),
		GetBookingTool.Handle(a.getBooking),
	}, opts...)...)
}

func (a *Airline) searchFlights(ctx context.Context, args SearchFlightsArgs) (Flights, error) {
	flights := []Flight{
		{ID: "AF" + args.From[:1] + "12", Depart: args.Date + "T09:40", Arrive: args.Date + "T12:05", Nonstop: true, Price: 420.50 * float64(args.Passengers)},
		{ID: "BA" + args.To[:1] + "345", Depart: args.Date + "T13:15", Arrive: args.Date + "T18:30", Price: 318.00 * float64(args.Passengers)},
	}
	out := Flights{Flights: []Flight{}}
	for _, f := range flights {
		if (args.Nonstop == nil || !*args.Nonstop || f.Nonstop) && (args.MaxPrice == 0 || f.Price <= args.MaxPrice) {
			out.Flights = append(out.Flights, f)
		}
	}
	return out, nil
}

func (a *Airline) bookFlight(ctx context.Context, args BookFlightArgs) (Booking, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	ref := strings.ToUpper(fmt.Sprintf("%.3s%03d", args.FlightID+"XXX", len(args.Passengers)*7))
	b := Booking{Reference: ref, FlightID: args.FlightID, Seats: len(args.Passengers), Status: "confirmed"}
	a.bookings[ref] = b
	return b, nil
}

func (a *Airline) getBooking(ctx context.Context, args GetBookingArgs) (Booking, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	b, ok := a.bookings[args.Reference]
	if !ok {
		return Booking{}, fmt.Errorf("no booking %s", args.Reference)
	}
	return b, nil
}
