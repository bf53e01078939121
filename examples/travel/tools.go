// Package travel is the tools of a travel assistant, declared once as Go
// structs, with the types of their results. The examples next to it send
// them to OpenAI, Anthropic, Gemini and MCP clients in each provider's
// dialect, and validate the calls that come back with the same generated
// validators, and the results with those of the result types.
package travel

//go:generate go tool toolgen

// SearchFlightsArgs searches the flights between two airports on a day.
//
//toolgen:tool risk=read result=Flights
type SearchFlightsArgs struct {
	// IATA code of the departure airport, like CDG.
	From string `json:"from" jsonschema:"pattern=^[A-Z]{3}$"`
	// IATA code of the arrival airport, like JFK.
	To string `json:"to" jsonschema:"pattern=^[A-Z]{3}$"`
	// Departure date, YYYY-MM-DD.
	Date string `json:"date" jsonschema:"pattern=^[0-9]{4}-[0-9]{2}-[0-9]{2}$"`
	// Number of passengers.
	Passengers int `json:"passengers" jsonschema:"minimum=1,maximum=9"`
	// Cabin class.
	Cabin Cabin `json:"cabin,omitempty"`
	// Highest total price, in euros.
	MaxPrice float64 `json:"max_price,omitempty" jsonschema:"exclusiveMinimum=0,multipleOf=0.01"`
	// Only these airlines, by two-character code.
	Airlines []string `json:"airlines,omitempty" jsonschema:"maxItems=5,uniqueItems=true,pattern=^[A-Z0-9]{2}$"`
	// True for nonstop flights only, null for no preference.
	Nonstop *bool `json:"nonstop,omitempty" jsonschema:"nullable"`
}

// Cabin is a cabin class.
type Cabin string

const (
	Economy        Cabin = "economy"
	PremiumEconomy Cabin = "premium_economy"
	Business       Cabin = "business"
	First          Cabin = "first"
)

// BookFlightArgs books seats on a flight that search_flights found.
//
//toolgen:tool risk=dangerous idempotent=false result=Booking
type BookFlightArgs struct {
	// Flight number from search_flights, like AF1234.
	FlightID string `json:"flight_id" jsonschema:"minLength=4,maxLength=8,pattern=^[A-Z0-9]+$"`
	// The travellers, one seat each.
	Passengers []Passenger `json:"passengers" jsonschema:"minItems=1,maxItems=9"`
	// A note for the airline.
	Notes string `json:"notes,omitempty" jsonschema:"maxLength=200"`
}

// Passenger is a traveller.
type Passenger struct {
	// Full name, as on the passport.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=100"`
	// Year of birth.
	BirthYear int `json:"birth_year" jsonschema:"minimum=1900,maximum=2026"`
	// Seat, like 12A; left out to let the airline choose.
	Seat string `json:"seat,omitempty" jsonschema:"pattern=^[0-9]{1\\,2}[A-K]$"`
}

// GetBookingArgs looks up a booking.
//
//toolgen:tool risk=read result=Booking
type GetBookingArgs struct {
	// Booking reference, six letters or digits.
	Reference string `json:"reference" jsonschema:"pattern=^[A-Z0-9]{6}$"`
}
