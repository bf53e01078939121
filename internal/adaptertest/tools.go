// Package adaptertest holds the tools and the structured output the SDK
// adapters (runtime/mcptool, runtime/openaitool, runtime/anthropictool,
// runtime/genaitool) are tested with: a tool with a typed result, a
// dangerous tool, a tool each strict mode falls back for, a tool that acts,
// a tool whose handler a test chooses, and an output.
package adaptertest

//go:generate go tool toolgen

// GetForecastArgs asks for the weather forecast of a city.
//
//toolgen:tool risk=read result=Forecast
type GetForecastArgs struct {
	// City name, like Paris.
	City string `json:"city" jsonschema:"minLength=1,maxLength=50"`
	// Number of days, 1 to 7.
	Days int `json:"days,omitempty" jsonschema:"minimum=1,maximum=7"`
}

// Forecast is the forecast of a city.
type Forecast struct {
	// The city.
	City string `json:"city"`
	// One entry per day.
	Days []Day `json:"days"`
}

// Day is one day of a forecast.
type Day struct {
	// Day number, from 1.
	Day int `json:"day" jsonschema:"minimum=1"`
	// Highest temperature, in degrees Celsius.
	High float64 `json:"high"`
}

// DeleteFileArgs deletes a file. It cannot be undone.
//
//toolgen:tool risk=dangerous idempotent=false
type DeleteFileArgs struct {
	// Absolute path of the file.
	Path string `json:"path" jsonschema:"pattern=^/"`
	// Why the file is deleted, for the person asked to approve it.
	Reason string `json:"reason,omitempty"`
}

// TagArgs sets labels on a file.
//
//toolgen:tool
type TagArgs struct {
	// Absolute path of the file.
	Path string `json:"path" jsonschema:"pattern=^/"`
	// Label values by name.
	Labels map[string]string `json:"labels"`
}

// SendEmailArgs sends an email.
//
//toolgen:tool risk=act idempotent=false
type SendEmailArgs struct {
	// Address of the recipient.
	To string `json:"to" jsonschema:"minLength=3"`
	// Subject line.
	Subject string `json:"subject"`
}

// InspectArgs reports the state of a component.
//
//toolgen:tool risk=read
type InspectArgs struct {
	// Number of the component.
	Component int `json:"component" jsonschema:"minimum=0"`
	// Whether the inspection fails.
	Fail bool `json:"fail,omitempty"`
}

// Invoice is an invoice read from a document.
//
//toolgen:output
type Invoice struct {
	// Invoice number, like INV-001.
	Number string `json:"number" jsonschema:"pattern=^INV-[0-9]+$"`
	// Total in cents.
	Total int `json:"total" jsonschema:"minimum=0"`
	// Name of the customer.
	Customer string `json:"customer" jsonschema:"minLength=1"`
}

// Receipt is a receipt read from a photo: its totals by tax rate are a
// map, which strict modes cannot express, so each provider gets the
// receipt in its fallback form.
//
//toolgen:output
type Receipt struct {
	// Name of the shop.
	Shop string `json:"shop" jsonschema:"minLength=1"`
	// Totals in cents, by tax rate.
	TotalsByRate map[string]int `json:"totals_by_rate"`
}
