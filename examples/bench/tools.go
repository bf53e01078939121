// Package bench measures, side by side in one run, the ways from a model's
// raw argument bytes to a typed value: toolgen's one-pass decode, its map
// path (ParseArgs + DecodeT), a whole tool.Set call, encoding/json without
// validation, encoding/json + santhosh-tekuri/jsonschema, and the MCP Go
// SDK's path (a map, google/jsonschema-go, then the struct). Its three
// tools span the shapes models call: get_weather (the README's example), a
// recursive outline, and a 30-field support ticket; a fourth, store_notes,
// is the call of BenchmarkSize.
package bench

//go:generate go tool toolgen -notes=toolgen_notes.txt

// GetWeatherArgs asks for the weather forecast of a city.
//
//toolgen:tool risk=read
type GetWeatherArgs struct {
	// City name, for example "Paris".
	City string `json:"city" jsonschema:"minLength=1,maxLength=100"`
	// Number of days to forecast.
	Days int `json:"days,omitempty" jsonschema:"minimum=1,maximum=14"`
	// Temperature units: c for Celsius, f for Fahrenheit.
	Units Units `json:"units,omitempty"`
	// Whether to include the hourly forecast.
	IncludeHourly bool `json:"include_hourly,omitempty"`
	// Coordinates, to tell apart cities of the same name.
	Coords *Coords `json:"coords,omitempty"`
	// Labels to attach to the request.
	Tags []string `json:"tags,omitempty" jsonschema:"maxItems=10,pattern=^[a-z0-9_-]+$"`
}

// Units is a temperature unit. Its constants make its enum.
type Units string

const (
	Celsius    Units = "c"
	Fahrenheit Units = "f"
)

// Coords is a point on Earth.
type Coords struct {
	// Latitude in degrees.
	Lat float64 `json:"lat" jsonschema:"minimum=-90,maximum=90"`
	// Longitude in degrees.
	Lon float64 `json:"lon" jsonschema:"minimum=-180,maximum=180"`
}

// SaveOutlineArgs saves the outline of a document: a tree of sections.
//
//toolgen:tool name=save_outline risk=act
type SaveOutlineArgs struct {
	// The document's title.
	Title string `json:"title" jsonschema:"minLength=1,maxLength=200"`
	// The top-level sections.
	Sections []Section `json:"sections" jsonschema:"minItems=1,maxItems=50"`
}

// Section is a heading, a few words about it, and its subsections.
type Section struct {
	// The section's heading.
	Heading string `json:"heading" jsonschema:"minLength=1,maxLength=120"`
	// What the section says, in a sentence or two.
	Summary string `json:"summary,omitempty" jsonschema:"maxLength=500"`
	// Estimated length, in words.
	Words int `json:"words,omitempty" jsonschema:"minimum=0,maximum=20000"`
	// The subsections.
	Sections []Section `json:"sections,omitempty" jsonschema:"maxItems=50"`
}

// CreateTicketArgs opens a support ticket.
//
//toolgen:tool name=create_ticket risk=act
type CreateTicketArgs struct {
	// One line saying what is wrong.
	Title string `json:"title" jsonschema:"minLength=5,maxLength=200"`
	// What happened, what was expected, and how to reproduce it.
	Description string `json:"description" jsonschema:"minLength=1,maxLength=5000"`
	// How soon it must be handled.
	Priority Priority `json:"priority"`
	// How bad it is, from 1 (cosmetic) to 5 (outage).
	Severity int `json:"severity" jsonschema:"minimum=1,maximum=5"`
	// The area the problem belongs to.
	Category string `json:"category" jsonschema:"enum=billing,enum=account,enum=bug,enum=feature,enum=security"`
	// Where the ticket came from.
	Channel string `json:"channel" jsonschema:"enum=email,enum=chat,enum=phone,enum=web"`
	// The customer's account, for example ACC-004217.
	AccountID string `json:"account_id" jsonschema:"pattern=^ACC-[0-9]{6}$"`
	// The customer's name.
	CustomerName string `json:"customer_name" jsonschema:"minLength=1,maxLength=100"`
	// The customer's email address.
	CustomerEmail string `json:"customer_email" jsonschema:"format=email"`
	// The customer's phone number, in international form.
	CustomerPhone string `json:"customer_phone,omitempty" jsonschema:"pattern=^\\+[0-9]{7\\,15}$"`
	// The customer's language, a BCP 47 tag such as en or pt-BR.
	Language string `json:"language" jsonschema:"pattern=^[a-z]{2}(-[A-Z]{2})?$"`
	// The product concerned.
	Product string `json:"product" jsonschema:"minLength=1,maxLength=60"`
	// The product's version, as major.minor.patch.
	Version string `json:"version,omitempty" jsonschema:"pattern=^[0-9]+\\.[0-9]+\\.[0-9]+$"`
	// The customer's operating system.
	OS string `json:"os,omitempty" jsonschema:"enum=linux,enum=macos,enum=windows,enum=ios,enum=android"`
	// The customer's browser, if the problem is on the web.
	Browser string `json:"browser,omitempty" jsonschema:"maxLength=60"`
	// Labels, lower-case words.
	Tags []string `json:"tags,omitempty" jsonschema:"maxItems=10,uniqueItems=true,pattern=^[a-z][a-z0-9-]{0\\,29}$"`
	// When it must be resolved (a date, 2026-05-01).
	DueDate string `json:"due_date,omitempty" jsonschema:"format=date"`
	// Estimated work, in hours.
	EstimateHours float64 `json:"estimate_hours,omitempty" jsonschema:"minimum=0,maximum=1000"`
	// The agent it is assigned to, by login.
	Assignee *string `json:"assignee,omitempty" jsonschema:"pattern=^[a-z][a-z0-9.]{1\\,31}$"`
	// The team that owns it.
	Team string `json:"team" jsonschema:"enum=support,enum=billing,enum=engineering,enum=security"`
	// Email addresses to keep informed.
	Watchers []string `json:"watchers,omitempty" jsonschema:"maxItems=20,format=email"`
	// Whether the customer sees the ticket in their portal.
	Public bool `json:"public"`
	// Whether it was escalated past the first line.
	Escalated bool `json:"escalated,omitempty"`
	// Whether to notify the customer of each change.
	Notify bool `json:"notify,omitempty"`
	// How many times it was reopened.
	ReopenCount int `json:"reopen_count,omitempty" jsonschema:"minimum=0,maximum=100"`
	// The response time agreed with the customer, in minutes.
	SLAMinutes *int `json:"sla_minutes,omitempty" jsonschema:"minimum=15,maximum=10080"`
	// The customer's last satisfaction score, from 1 to 5.
	Satisfaction *int `json:"satisfaction,omitempty" jsonschema:"minimum=1,maximum=5"`
	// Where to send a replacement, if one is needed.
	Shipping *Address `json:"shipping,omitempty"`
	// Files the customer sent.
	Attachments []Attachment `json:"attachments,omitempty" jsonschema:"maxItems=10"`
	// Tickets about the same problem, by number.
	RelatedTickets []int `json:"related_tickets,omitempty" jsonschema:"maxItems=20,minimum=1"`
}

// Priority is how soon a ticket must be handled.
type Priority string

const (
	PriorityLow    Priority = "low"
	PriorityNormal Priority = "normal"
	PriorityHigh   Priority = "high"
	PriorityUrgent Priority = "urgent"
)

// Address is a postal address.
type Address struct {
	// Street and number.
	Street string `json:"street" jsonschema:"minLength=1,maxLength=200"`
	// City or town.
	City string `json:"city" jsonschema:"minLength=1,maxLength=100"`
	// Postal code.
	PostalCode string `json:"postal_code" jsonschema:"pattern=^[A-Z0-9 -]{3\\,10}$"`
	// ISO 3166-1 alpha-2 country code, for example FR.
	Country string `json:"country" jsonschema:"pattern=^[A-Z]{2}$"`
}

// Attachment is a file attached to a ticket.
type Attachment struct {
	// The file's name.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=255"`
	// Its media type, for example image/png.
	MediaType string `json:"media_type" jsonschema:"pattern=^[a-z]+/[a-z0-9.+-]+$"`
	// Its size in bytes, at most 25 MB.
	Size int `json:"size" jsonschema:"minimum=0,maximum=26214400"`
}

// StoreNotesArgs stores a notebook: a long text, many entries and a tree of
// notes. It is the call of BenchmarkSize, whose arguments grow to a MiB.
//
//toolgen:tool name=store_notes risk=act
type StoreNotesArgs struct {
	// The notebook's title.
	Title string `json:"title" jsonschema:"minLength=1,maxLength=200"`
	// The notebook's text, of any length.
	Text string `json:"text,omitempty"`
	// The notebook's entries, as many as it has.
	Entries []Entry `json:"entries,omitempty"`
	// The notes, nested.
	Notes []Note `json:"notes,omitempty"`
}

// Entry is one line of a notebook.
type Entry struct {
	// Its number.
	ID int `json:"id" jsonschema:"minimum=0"`
	// A lower-case label.
	Label string `json:"label" jsonschema:"pattern=^[a-z0-9_-]+$"`
	// A score, from 0 to 1.
	Score float64 `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// Note is a note and the notes under it.
type Note struct {
	// What the note says.
	Text string `json:"text" jsonschema:"minLength=1"`
	// The notes under it.
	Notes []Note `json:"notes,omitempty"`
}
