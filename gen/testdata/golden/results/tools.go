// Package results declares tools whose directive names their result type,
// two of them sharing one, and structured outputs.
package results

import "time"

// GetForecastArgs asks for a forecast.
//
//toolgen:tool risk=read result=Forecast
type GetForecastArgs struct {
	City string `json:"city" jsonschema:"minLength=1"`
}

// RefreshForecastArgs recomputes a forecast.
//
//toolgen:tool result=Forecast
type RefreshForecastArgs struct {
	City string `json:"city"`
}

// Forecast is a weather forecast.
type Forecast struct {
	// City the forecast is for.
	City string `json:"city"`
	// Days of the forecast, one per day.
	Days []Day `json:"days" jsonschema:"maxItems=14"`
	// When the forecast was made.
	Issued time.Time `json:"issued"`
	// A warning, if any.
	Warning *string `json:"warning,omitempty"`
	// How long the forecast holds: what encoding/json writes, nanoseconds.
	ValidFor time.Duration `json:"valid_for" jsonschema:"minimum=1h"`
}

// Day is one day of a forecast.
type Day struct {
	High float64 `json:"high" jsonschema:"minimum=-90,maximum=60"`
	Low  float64 `json:"low" jsonschema:"minimum=-90,maximum=60"`
}

// Status is an alias of the type the status tool returns.
type Status = status

type status struct {
	OK bool `json:"ok"`
}

// PingArgs checks the service.
//
//toolgen:tool risk=read result=Status
type PingArgs struct{}

// Invoice is an invoice read from a document.
//
//toolgen:output
type Invoice struct {
	// Invoice number, like INV-001.
	Number string `json:"number" jsonschema:"pattern=^INV-[0-9]+$"`
	// Total amount in cents.
	Total int `json:"total" jsonschema:"minimum=0"`
	// Lines of the invoice.
	Lines []Line `json:"lines" jsonschema:"minItems=1"`
	// Free-form metadata.
	Meta map[string]string `json:"meta,omitempty"`
	// Days until payment is due: what encoding/json reads, nanoseconds.
	Terms time.Duration `json:"terms,omitempty" jsonschema:"maximum=2160h"`
}

// Line is an invoice line.
type Line struct {
	Item  string `json:"item" jsonschema:"minLength=1,maxLength=80"`
	Cents int    `json:"cents"`
}

// Sentiment is the mood of a text.
//
//toolgen:output name=mood dialects=openai,gemini
type Sentiment struct {
	Label string  `json:"label" jsonschema:"enum=positive,enum=negative,enum=neutral"`
	Score float64 `json:"score" jsonschema:"minimum=0,maximum=1"`
}

// lookupArgs looks an entry up: an unexported tool with an unexported
// result type.
//
//toolgen:tool risk=read result=entry
type lookupArgs struct {
	Key string `json:"key"`
}

type entry struct {
	Key   string `json:"key"`
	Value int    `json:"value,omitempty" jsonschema:"minimum=0"`
}
