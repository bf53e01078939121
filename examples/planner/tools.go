// Command planner shows toolgen beyond the basics: formats, composition
// tags, special types, a recursive type, and a validator compiled from a
// JSON Schema file (outline.json) with `toolgen schema`.
package main

import (
	"net/url"
	"time"
)

//go:generate go tool toolgen -notes=toolgen_notes.txt
//go:generate go tool toolgen schema -o outline_gen.go -func ValidateOutline outline.json

// PlanEventArgs schedules an event.
//
//toolgen:tool risk=act
type PlanEventArgs struct {
	// What the event is about.
	Title string `json:"title" jsonschema:"minLength=1,maxLength=200"`
	// When it starts (RFC 3339).
	Start time.Time `json:"start"`
	// How long it lasts (ISO 8601).
	Duration string `json:"duration,omitempty" jsonschema:"format=duration"`
	// Who organizes it.
	Organizer Contact `json:"organizer"`
	// Email addresses of the attendees.
	Attendees []string `json:"attendees,omitempty" jsonschema:"format=email,maxItems=50,uniqueItems=true"`
	// Where it takes place: a room or an online meeting.
	Venue any `json:"venue,omitempty" jsonschema:"oneof_ref=#/$defs/Room;#/$defs/Online"`
	// A page about the event.
	Link *url.URL `json:"link,omitempty"`
	// A file to attach, in base64.
	Attachment []byte `json:"attachment,omitempty"`
	// A priority from 1 to 5, or a label.
	Priority any `json:"priority,omitempty" jsonschema:"oneof_type=integer;string"`
	// An identifier the caller chose.
	ID string `json:"id,omitempty" jsonschema:"format=uuid"`
}

// Contact is a person reached by email or by phone, not both.
type Contact struct {
	Name  string `json:"name" jsonschema:"minLength=1"`
	Email string `json:"email,omitempty" jsonschema:"oneof_required=by_email,format=email"`
	Phone string `json:"phone,omitempty" jsonschema:"oneof_required=by_phone,pattern=^[0-9+ -]{6\\,20}$"`
}

// Room is a meeting room.
type Room struct {
	Building string `json:"building"`
	Floor    int    `json:"floor" jsonschema:"minimum=0,maximum=200"`
}

// Online is an online meeting.
type Online struct {
	Meeting string `json:"meeting" jsonschema:"format=uri"`
}

// SaveOutlineArgs saves the outline of a document: a tree of sections.
//
//toolgen:tool name=save_outline risk=act
type SaveOutlineArgs struct {
	Title    string    `json:"title" jsonschema:"minLength=1"`
	Sections []Section `json:"sections"`
}

// Section is a heading and its subsections.
type Section struct {
	Heading  string    `json:"heading" jsonschema:"minLength=1,maxLength=120"`
	Sections []Section `json:"sections,omitempty" jsonschema:"maxItems=50"`
}
