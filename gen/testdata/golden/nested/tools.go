// Package nested has a tool whose members are structs, by value and by
// pointer, nested two levels deep.
package nested

// BookFlightArgs books a flight.
//
//toolgen:tool name=book_flight
type BookFlightArgs struct {
	// Where the flight leaves from.
	From Airport `json:"from"`
	// Where it lands.
	To *Airport `json:"to"`
	// The passenger, if not the account holder.
	Passenger *Passenger `json:"passenger,omitempty"`
}

// Airport is an airport by IATA code.
type Airport struct {
	Code string `json:"code" jsonschema:"pattern=^[A-Z]{3}$"`
	// Terminal, when known.
	Terminal int `json:"terminal,omitempty" jsonschema:"minimum=1"`
}

// Passenger travels.
type Passenger struct {
	Name    string   `json:"name" jsonschema:"minLength=1"`
	Address *Address `json:"address,omitempty"`
}

// Address is a postal address.
type Address struct {
	Street string `json:"street"`
	// ISO 3166 country code.
	Country string `json:"country" jsonschema:"minLength=2,maxLength=2"`
}
