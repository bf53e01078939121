// Package embedded has a tool with embedded structs, whose fields are
// flattened into the tool's, by value, by pointer and two levels deep, as
// encoding/json does; an embedded struct with a json name is a member.
package embedded

// SendMailArgs sends mail.
//
//toolgen:tool
type SendMailArgs struct {
	Envelope
	*Options
	// A named embedded struct is a member.
	Meta    `json:"meta"`
	Subject string `json:"subject"`
}

// Envelope addresses a message.
type Envelope struct {
	To []string `json:"to" jsonschema:"minItems=1"`
	Cc []string `json:"cc,omitempty"`
	Routing
}

// Routing is embedded two levels deep.
type Routing struct {
	Relay string `json:"relay,omitempty"`
}

// Options tune delivery.
type Options struct {
	Priority int `json:"priority,omitempty" jsonschema:"minimum=1,maximum=5"`
}

// Meta is metadata.
type Meta struct {
	Trace string `json:"trace"`
}
