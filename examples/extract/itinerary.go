package main

//go:generate go tool toolgen

// Itinerary is a trip read from a booking confirmation.
//
//toolgen:output
type Itinerary struct {
	// Booking reference, six letters or digits.
	Reference string `json:"reference" jsonschema:"pattern=^[A-Z0-9]{6}$"`
	// The travellers' full names, each once.
	Passengers []string `json:"passengers" jsonschema:"minItems=1,uniqueItems=true"`
	// The flights, in order.
	Flights []Leg `json:"flights" jsonschema:"minItems=1"`
	// Total price, in euros.
	Total float64 `json:"total" jsonschema:"exclusiveMinimum=0"`
}

// Leg is one flight of a trip.
type Leg struct {
	// Flight number, like AF1234.
	Flight string `json:"flight" jsonschema:"minLength=4,maxLength=8"`
	// IATA code of the departure airport, like CDG.
	From string `json:"from" jsonschema:"pattern=^[A-Z]{3}$"`
	// IATA code of the arrival airport, like JFK.
	To string `json:"to" jsonschema:"pattern=^[A-Z]{3}$"`
	// Local departure time, like 2026-05-01T09:40:00+02:00.
	Depart string `json:"depart" jsonschema:"format=date-time"`
}
